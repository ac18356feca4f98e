"""The word data a phone keeps for judging and solving with no connection: every key of `lexicon.tsv` with its
code, and every valid word's familiarity, in one small gzip file.

Derived from the word lists alone (`lexicon.tsv`, `familiarity.tsv`, `compound_parts.txt`, `edges.txt`), deterministically: the same lists give
the same bytes (gzip without a timestamp), so its name can carry the lists' checksum and be cached for ever.
It is built once per version of the lists and kept in the disk cache (`solver.cache.cached`), never per request.

The file, once gunzipped, is ASCII lines. First a header:

    {"block": 16, "checksum": "...", "codes": ["small", ...], "compound": {"contractions": ["d", ...],
     "parts": ["abos", ...], "word_part_min": 3}, "e_endings": ["y", ...], "edges": {"codas": ["b", ...],
     "onsets": ["b", ...]}, "endings": ["y", ...], "entries": 335545, "format": 6, "words": 438945,
     "abbreviation_plural_base_min": 3}

then `entries` lines, one per key sorted as `lexicon.tsv` is (by code point), front-coded: the number of
leading characters it shares with the line before (0 on every `block`-th line, so a block's first word is
whole and a look-up bisects the block heads, then reads at most `block` lines), the rest of the word (`a-z`,
`'`, `-`), and its code (one character, `0` plus the index in `codes`, so `0`-`9` then `:`: tiers first, then the
refusal categories). A `+`
after the code stands for the next key, the word's possessive (`dog` then `dog's`, always next in that
order), so the many possessives cost one character each. `endings` are the judge's DERIVING_ENDINGS, shortest
first, the order `offensive_base` reads a spelling in, and `e_endings` those of them a dropped final e is restored
before (E_DROPPING_ENDINGS); `compound` the offensive words, the least letters of a word part and the contractions'
endings `offensive_compound` reads a spelling no list holds by; `edges` the letters valid words begin and end with
(the empty edge aside), by which `unspoken_edges` reads a y-only spelling; `abbreviation_plural_base_min` the least
letters of an abbreviation `abbreviation_form` reads a spelling as the plural of. Then one line per valid key, in
the same order: its familiarity in hundredths of a Zipf unit (what the solver ranks by), empty for 0. A column of its
own, because the numbers compress better together than between the words. app/static/words.js reads it.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable

from .cache import cached
from .lexicon import (
    ABBREVIATION_PLURAL_BASE_MIN,
    CODES,
    CONTRACTION_ENDINGS,
    DERIVING_ENDINGS,
    E_DROPPING_ENDINGS,
    SIZES,
    WORD_PART_MIN,
    Lexicons,
)

__all__ = ["BLOCK", "FORMAT", "offline_words", "encode_words", "decode_words"]

FORMAT = 6  # in the file's name too (app/offline.py words_name): a phone fetches a new format
BLOCK = 16  # lines per front-coded block: a look-up reads at most this many after one bisection


def encode_words(
    lexicon_tsv: str,
    familiarity_tsv: str,
    checksum: str,
    compound_parts: Iterable[str] = (),
    edges: tuple[Iterable[str], Iterable[str]] | None = None,
) -> bytes:
    """Return the gzipped file for these word lists (their text, as the files hold it); `edges` are the onsets and
    codas `Lexicons.edges` reads (None: no spelling is read by its edges)."""
    code_of = {name: chr(ord("0") + i) for i, name in enumerate(CODES)}  # one character: "0".."9", then ":"
    familiarity = {}
    for line in familiarity_tsv.splitlines():
        word, _, zipf = line.partition("\t")
        familiarity[word] = round(float(zipf) * 100)  # as the piece index keeps it
    keys = [line.partition("\t")[::2] for line in lexicon_tsv.splitlines() if line]
    lines, known, previous, i = [], [], "", 0
    while i < len(keys):
        word, code = keys[i]
        shared = 0
        if len(lines) % BLOCK:
            limit = min(len(word), len(previous))
            while shared < limit and word[shared] == previous[shared]:
                shared += 1
        line = f"{shared}{word[shared:]}{code_of[code]}"
        i += 1
        if i < len(keys) and keys[i] == (word + "'s", "possessive"):
            line += "+"
            i += 1
        lines.append(line)
        if code in SIZES:
            known.append(str(familiarity.get(word, 0) or ""))
        previous = word
    header = {"format": FORMAT, "checksum": checksum, "codes": list(CODES), "words": len(keys)}
    header["endings"] = sorted(DERIVING_ENDINGS, key=len)
    header["e_endings"] = list(E_DROPPING_ENDINGS)
    header["compound"] = {
        "parts": sorted(compound_parts),
        "word_part_min": WORD_PART_MIN,
        "contractions": list(CONTRACTION_ENDINGS),
    }
    header["abbreviation_plural_base_min"] = ABBREVIATION_PLURAL_BASE_MIN
    header["edges"] = edges and {"onsets": sorted(set(edges[0]) - {""}), "codas": sorted(set(edges[1]) - {""})}
    header.update(entries=len(lines), block=BLOCK)
    text = "\n".join([json.dumps(header, sort_keys=True), *lines, *known]) + "\n"
    return gzip.compress(text.encode("ascii"), 9, mtime=0)


def decode_words(data: bytes) -> tuple[dict, list[tuple[str, str, int]]]:
    """Read the file back: its header, and (word, code, familiarity in hundredths) per key (tests and benches)."""
    lines = gzip.decompress(data).decode("ascii").split("\n")
    header = json.loads(lines[0])
    codes, entries = header["codes"], []
    known = iter(lines[1 + header["entries"] :])
    previous = ""
    for line in lines[1 : 1 + header["entries"]]:
        possessive = line.endswith("+")
        line = line.rstrip("+")
        digits = len(line) - len(line.lstrip("0123456789"))
        word = previous[: int(line[:digits])] + line[digits:-1]
        code = codes[ord(line[-1]) - ord("0")]
        entries.append((word, code, int(next(known) or 0) if code in SIZES else 0))
        if possessive:
            entries.append((word + "'s", "possessive", 0))
        previous = word
    return header, entries


def offline_words(lexicons: Lexicons) -> bytes:
    """Return the file for these lexicons, from the disk cache when an earlier process built it."""
    directory = lexicons.directory

    def build() -> bytes:
        familiarity = directory / "familiarity.tsv"
        return encode_words(
            (directory / "lexicon.tsv").read_text("utf-8"),
            familiarity.read_text("utf-8") if familiarity.exists() else "",
            lexicons.checksum,
            lexicons.compound_parts,
            lexicons.edges,
        )

    return cached("offline-words", lexicons.data_key, build)
