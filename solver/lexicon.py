"""The English lexicons: is a word valid under the Wordsmith rules, and if not, why not.

One `marisa_trie.Trie` holds every word the sources know, valid or not, and a
byte per key says what it is: the tier of a valid word (the smallest size that
holds it) or the category of a known invalid one (proper name, abbreviation,
possessive, slang, offensive, letter). Each size (`small`, `standard`, `large`) is a view over that one
trie that accepts the tiers up to its own, so the three sizes cost the memory
of one. The trie is built from `wordlists/lexicon.tsv` once per process and
cached on disk (`WORDSMITH_CACHE_DIR`, default `~/.cache/wordsmith`), so a
later process maps the cached file in well under the 0.3 s budget.

>>> lexicons = load_lexicons()
>>> check("BAG", lexicons["standard"]).valid
True
>>> check("Peru", lexicons["standard"]).reason
'proper_name'
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterator
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import NamedTuple

import marisa_trie

from .cache import cache_dir, cached
from .morphology import through_rules
from .normalize import fold, is_well_formed
from .positions import PositionIndex
from .sentences import group, say

__all__ = [
    "SIZES",
    "DEFAULT_SIZE",
    "has_vowel",
    "word_edges",
    "DERIVING_ENDINGS",
    "E_DROPPING_ENDINGS",
    "OBSCURE_BELOW",
    "Lexicon",
    "Lexicons",
    "Verdict",
    "COMPOUND_PARTS_FILE",
    "CONTRACTION_ENDINGS",
    "check",
    "common_word_parts",
    "is_obscure",
    "load_lexicons",
    "offensive_compound",
    "wordlists_dir",
]

SIZES = ("small", "standard", "large")
DEFAULT_SIZE = "standard"
DESCRIPTIONS = {
    "small": "SCOWL levels up to 60: everyday words (about 88k)",
    "standard": "SCOWL levels up to 70 and the common modern words: the default, what a fair table accepts (about 126k)",
    "large": "SCOWL levels up to 80 plus variant spellings: rare words included (about 262k)",
}
# The byte stored per key: tiers first (so `code <= rank` means valid), then categories. `name_first` is a
# proper name whose spelling is also a rarer lowercase word (HENRY, PARIS): refused as `proper_name`, and the
# verdict says both. `sound` is an interjection no list holds (HMPH, GRR: wordlists/sounds.txt): `not_in_lexicon`,
# never an abbreviation by its shape.
CODES = SIZES + ("proper_name", "abbreviation", "possessive", "slang", "offensive", "letter", "name_first", "sound")
# Why a word is refused, each with its sentence (solver/data/sentences.toml, which the offline judge reads too).
CATEGORY_SENTENCES = group("word.reasons")

# Familiarity is a word's Zipf frequency in current English (wordlists/familiarity.tsv: log10 of its uses per
# billion words; 0 for a word wordfreq has never seen). Below this (about once in 30 million words) a valid word
# is one most players will not know (PICUL, LILOS, TITIS), and the pages mark it; the everyday words and their
# rarer inflections (TOAST, DERIDES) stay above it.
OBSCURE_BELOW = 1.5


def is_obscure(familiarity: float) -> bool:
    """Tell whether a word of this familiarity (Zipf frequency) is one most players will not know."""
    return familiarity < OBSCURE_BELOW


_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_MATCH_FRONTIER = 2000  # live prefixes beyond which a scan of one word length is cheaper

# A spelling of two letters or more with no vowel letter is an abbreviation or a symbol (MGMT, CTRL, SMH), listed or
# not: the build files the listed ones so (wordlists/build.py), and the judge names an unlisted one so too. A vowel
# letter is a, e, i, o, u, or a y after the first letter (gym, myth, fly): a y that begins a word is the consonant of
# yes and yard, so YRS, YDS and YTD have no vowel. A sound drawn out, a letter that can be held (f, h, l, m, n, r, s,
# v, w, z) three times running (SHHH, HMMM, GRRR), is an interjection stretched, not an abbreviation: it is merely
# not in the word lists; a stop cannot be held, so XXX and TTT stay abbreviations or symbols. app/static/words.js
# agrees.
_AEIOU = re.compile("[aeiou]")
_DRAWN_OUT = re.compile(r"([fhlmnrsvwz])\1\1")


# Endings that make a slur or an obscenity of another word, and what they inflect to: gyp -> gyppo, fag -> faggy,
# lez -> lezzie, slut -> sluttier, nigger -> niggered and niggerdom, cunt -> cuntish, fuck -> fuckery, shitty ->
# shittiness. The build's scan proposes each listed word so made of a refused one for offensive.txt to judge
# (wordlists/kinds.py); the judge refuses an unlisted one as built on an offensive word (`offensive_base`).
DERIVING_ENDINGS = (
    *("y", "ie", "ies", "o", "os", "s", "es", "er", "ers", "est", "ier", "iest"),
    *("ed", "ing", "ings", "ish", "ery", "eries", "ness", "ly", "al", "dom", "doms", "ism", "isms", "ist", "ists"),
)
# Shortest first: a spelling is read with the shortest ending that leaves a listed word (BEANERS is beaner+s, not
# bean+ers).
_ENDINGS_SHORTEST = sorted(DERIVING_ENDINGS, key=len)
# The endings a word's final e is dropped before, and so restored before in a reading: those that start with a vowel
# (y counts: STONY, stone+y). Before -s, -ness, -ly, -dom the e stays (SPIKES, LATENESS), so SPIKS is no spike+s.
E_DROPPING_ENDINGS = tuple(ending for ending in _ENDINGS_SHORTEST if ending[0] in "aeiouy")
_DOUBLED = re.compile(r"([b-df-hj-np-tv-z])\1$")
_ENDINGS_LAST = frozenset(ending[-1] for ending in DERIVING_ENDINGS)  # most spellings end otherwise: done at once


def _letters(normalized: str) -> str:
    return normalized.replace("'", "").replace("-", "")


def has_vowel(spelling: str) -> bool:
    """Tell whether a spelling's letters (apostrophes and hyphens aside) hold a vowel: a, e, i, o, u, or a y that is
    not the first letter."""
    letters = _letters(spelling)
    return _AEIOU.search(letters) is not None or "y" in letters[1:]


def abbreviated_shape(normalized: str) -> bool:
    """Tell whether a well-formed spelling no list holds has an abbreviation's shape: no vowel letter in two or
    more letters, and no sound drawn out."""
    letters = _letters(normalized)
    return len(letters) >= 2 and not has_vowel(letters) and not _DRAWN_OUT.search(letters)


# A spelling whose only vowel is y is an abbreviation when it begins or ends with letters no valid word begins or ends
# with (HWY's kind: PKWY, QTY, WKLY, TTYL): a word's edges are the letters before its first vowel and after its last,
# and the build writes those of every valid word of letters alone (wordlists/edges.txt: `bl-` begins BLUE, `-mph`
# ends TRIUMPH), so every valid word passes the test (RHYTHM, LYNX, PSYCH, NYMPH). Only a y-only spelling is read so:
# one with a, e, i, o or u and strange edges is more often a foreign word or a name than an abbreviation.
# app/static/words.js agrees.
EDGES_FILE = "edges.txt"


def word_edges(spelling: str) -> tuple[str, str]:
    """The letters a spelling that has a vowel (`has_vowel`) begins with before its first vowel and ends with after
    its last: ("rh", "thm") for RHYTHM, ("", "") for IDEA."""
    letters = _letters(spelling)
    vowels = [i for i, letter in enumerate(letters) if letter in "aeiou" or letter == "y" and i > 0]
    return letters[: vowels[0]], letters[vowels[-1] + 1 :]


def unspoken_edges(normalized: str, onsets: frozenset[str], codas: frozenset[str]) -> bool:
    """Tell whether a well-formed spelling no list holds, of letters alone or with a possessive's 's (NYPD'S), has y
    for its only vowel and begins with letters no valid word begins with (not in `onsets`) or ends with letters none
    ends with (not in `codas`), no sound drawn out. A contraction or a compound is not read so (SYNC'D)."""
    letters = possessive_of(normalized) or normalized
    if not letters.isalpha() or _AEIOU.search(letters) or not has_vowel(letters) or _DRAWN_OUT.search(letters):
        return False
    onset, coda = word_edges(letters)
    return onset not in onsets or coda not in codas


# The least letters of an abbreviation with a vowel a spelling is read as the plural of: a two-letter one and s make
# three letters shaped as words are, as often a fragment or a foreign word (IES, VES, SYS, TUS) as a plural. One with
# no vowel is read at any length (YDS: YD), its plural an abbreviation by its shape alone; and the apostrophe of an 's
# form marks the abbreviation, so any listed one is read with it (UK'S, TV'S). app/static/words.js reads it with the
# data.
ABBREVIATION_PLURAL_BASE_MIN = 3


def abbreviation_form(normalized: str, code) -> tuple[str, str] | None:
    """The listed abbreviation a spelling no list holds (or a listed abbreviation's 's form) is a form of, with the sentence that
    says so, or None: its plural (MINS, CEOS, YDS: `word.abbreviation_plural`), the abbreviation of
    ABBREVIATION_PLURAL_BASE_MIN letters or more or with no vowel, or the abbreviation with 's, a possessive or a
    plural some write with an apostrophe (CEO'S, UK'S: `word.abbreviation_s`). A sound drawn out is not read so (SSS).
    A name SCOWL also files as an abbreviation is filed as the name when that is the commoner (wordlists/kinds.py
    names_among_abbreviations): JESUS'S is a possessive, LEGOS no abbreviation's plural."""
    base = possessive_of(normalized)
    if base is not None:
        return (base, "word.abbreviation_s") if code(base) == "abbreviation" else None
    base = normalized[:-1]
    if (
        normalized.endswith("s")
        and len(letters := _letters(base)) >= 2
        and (len(letters) >= ABBREVIATION_PLURAL_BASE_MIN or not has_vowel(letters))
        and not _DRAWN_OUT.search(normalized)
    ):
        return (base, "word.abbreviation_plural") if code(base) == "abbreviation" else None
    return None


def _listed(bases, code) -> list[tuple[str, str]]:
    """Each of `bases` a list holds, with its code, each code read once."""
    return [(base, kind) for base in bases if base and (kind := code(base)) is not None]


def ending_readings(normalized: str, code) -> list[tuple[str, str]]:
    """The listed words a spelling no list holds reads as with one of DERIVING_ENDINGS, each with its code: read with
    the shortest ending that leaves a listed word (`code(word)` is not None), the stem as it is or, before an ending
    that drops a final e (E_DROPPING_ENDINGS), with it (skat+er; but SPIKS is not spike+s), else with a doubled
    consonant undone (twat+t+y) or an i turned back to y (slutti+er); [] for none."""
    if normalized[-1:] not in _ENDINGS_LAST:
        return []
    for ending in _ENDINGS_SHORTEST:
        stem = normalized[: -len(ending)]
        if not normalized.endswith(ending) or len(stem) < 3:
            continue
        kinds = _listed((stem, stem + "e" if ending in E_DROPPING_ENDINGS else ""), code) or _listed(
            (stem[:-1] if _DOUBLED.search(stem) else "", stem[:-1] + "y" if stem[-1] == "i" else ""), code
        )
        if kinds:
            return kinds
    return []


def offensive_base(normalized: str, code) -> str | None:
    """The offensive word a spelling no list holds is built on by one of DERIVING_ENDINGS, or None: it is when every
    word it reads as (`ending_readings`) is offensive (BEANERS, CUNTISH, TWATTY, FUCKERY); a reading as any other
    word is the innocent one (SPICERISH: spicer; CRAPIER: crape as well as crap)."""
    kinds = ending_readings(normalized, code)
    return kinds[0][0] if kinds and all(kind == "offensive" for _, kind in kinds) else None


# A spelling no list holds may be a compound of listed words: read closed up at every point into two parts (into
# three when no reading in two reads through: CUNTBAGFACE), or at its hyphens and apostrophes only (a contraction's
# ending a part: FUCK'D). It is built on an offensive word when it has a reading and every reading has an offensive
# part (SHITSHOW, CUNTFACE, NIGGER-LOVER); a reading as words alone is the innocent one (DOG'LL). Its possessive is
# built on one too (SHITSHOW'S). A part read as
# offensive is one of the lexicon's compound parts (wordlists/compound_parts.txt, which the build writes): a slur or
# an obscenity a judgement or WordNet's mark refuses, or a form of one (a content filter's listing alone is no word
# of its own: KOCK, CUNN), of OFFENSIVE_PART_MIN letters or more (three letters sit by chance inside too many names
# and words: JAPHET, FAGANS), not spared as a people, a name or another word (wordlists/not_parts.txt: WELSH), and
# held as a part by no common word (Zipf COMMON_WORD_ZIPF or more: `common_word_parts`, HOMO in HOMOSEXUALITY,
# PUSSY in PUSSYCAT, TARD in BASTARD). A part read as a word has WORD_PART_MIN letters or more and is listed in some
# size, or is a name whose spelling is also a word (GIBBON).
WORD_PART_MIN = 3
OFFENSIVE_PART_MIN = 4
COMMON_WORD_ZIPF = 3.0
COMPOUND_PARTS_FILE = "compound_parts.txt"
WORD_PART_CODES = frozenset((*SIZES, "name_first"))  # a name first is a word too (GIBBON): a part reads as either
# The endings a contraction writes after an apostrophe (SHE'D, IT'LL, WE'VE, THEY'RE, I'M, ROCK 'N' ROLL, AREN'T,
# 'EM): at its apostrophes a spelling reads as a compound whose part may be one of these (FUCK'D, SHIT'LL). The
# possessive's 's is read apart (`possessive_of`).
CONTRACTION_ENDINGS = ("d", "ll", "ve", "re", "m", "n", "t", "em")
_COMPOUND = re.compile(r"[a-z]+(?:[-'][a-z]+)*")
_JOINS = re.compile(r"[-']")


def _part_kind(part: str, code, offensive: frozenset[str]) -> str | None:
    """How a compound's part reads: `offensive`, `word` (a contraction's ending too), or None (no reading through
    it)."""
    if part in offensive:
        return "offensive"
    if part in CONTRACTION_ENDINGS or len(part) >= WORD_PART_MIN and code(part) in WORD_PART_CODES:
        return "word"
    return None


def _read_through(normalized: str, code, offensive: frozenset[str]) -> list[tuple[tuple[str, ...], list[str]]]:
    """The readings of a spelling whose every part reads (`_part_kind`), each with its parts' kinds: at its hyphens
    and apostrophes, else closed up in two, else, when no reading in two reads through, in three (CUNT-BAG-FACE). A
    spelling read in two is not read in three: three short words turn up by chance in most long spellings
    (BULLS-HIT-TIN). Closed up, each head and tail that reads is looked up once, and a middle only between a head
    and a tail that both read: a long spelling of no words costs a look-up per letter, not one per pair of cuts."""
    if not _COMPOUND.fullmatch(normalized):
        return []
    if _JOINS.search(normalized):
        reading = tuple(_JOINS.split(normalized))
        kinds = [_part_kind(part, code, offensive) for part in reading]
        return [] if None in kinds else [(reading, kinds)]
    cuts = range(WORD_PART_MIN, len(normalized) - WORD_PART_MIN + 1)
    heads = {cut: kind for cut in cuts if (kind := _part_kind(normalized[:cut], code, offensive))}
    tails = {cut: kind for cut in cuts if (kind := _part_kind(normalized[cut:], code, offensive))}
    read = [((normalized[:cut], normalized[cut:]), [heads[cut], tails[cut]]) for cut in heads if cut in tails]
    if read:
        return read
    for first, head in heads.items():
        for second, tail in tails.items():
            middle = normalized[first:second]
            if len(middle) >= WORD_PART_MIN and (kind := _part_kind(middle, code, offensive)):
                read.append(((normalized[:first], middle, normalized[second:]), [head, kind, tail]))
    return read


def offensive_compound(normalized: str, code, parts: frozenset[str]) -> bool:
    """Whether a spelling no list holds is a compound built on one of the offensive `parts` (see WORD_PART_MIN): it
    reads through (`_read_through`), and every reading has an offensive part."""
    readings = _read_through(normalized, code, parts)
    return bool(readings) and all("offensive" in kinds for _, kinds in readings)


def common_word_parts(code: dict[str, str], familiarity: Callable[[str], float], offensive: frozenset[str]) -> set[str]:
    """The words of `offensive` that a common valid word (Zipf COMMON_WORD_ZIPF or more) holds as a part, its other
    parts words: their letters run innocently through everyday words (HOMOSEXUALITY, PUSSYCAT, BASTARD). `code` is
    every key's code (lexicon.tsv)."""
    found: set[str] = set()
    for word, kind in code.items():
        if kind not in SIZES or familiarity(word) < COMMON_WORD_ZIPF:
            continue
        for reading, kinds in _read_through(word, code.get, offensive):
            found.update(part for part, kind in zip(reading, kinds) if kind == "offensive")
    return found


def possessive_of(normalized: str) -> str | None:
    """The spelling an 's spelling is the possessive of (DOG'S: dog), or None. A listed 's spelling is a word (SHE'S,
    LET'S) or a possessive as its list says; one no list holds is a possessive by its shape (`check`)."""
    return normalized[:-2] if normalized.endswith("'s") and len(normalized) > 2 else None


def built_offensive(normalized: str, lexicons: Lexicons) -> bool:
    """Whether a spelling no list holds, or a listed possessive, is built on an offensive word: the possessive of one
    (WANKER'S) or of a spelling built on one (SHITSHOW'S); by an ending (`offensive_base`); else, when it reads as
    no innocent word with an ending (DICKEROS is dicker's), as a compound (`offensive_compound`)."""
    base = possessive_of(normalized)
    if base is not None:
        code = lexicons.code(base)
        return code == "offensive" or code is None and built_offensive(base, lexicons)
    kinds = ending_readings(normalized, lexicons.code)
    if kinds:
        return all(kind == "offensive" for _, kind in kinds)
    return offensive_compound(normalized, lexicons.code, lexicons.compound_parts)


def wordlists_dir() -> Path:
    """Return the folder holding the generated word lists: the `wordlists` package's own, wherever it is installed
    (`WORDSMITH_WORDLISTS` overrides)."""
    override = os.environ.get("WORDSMITH_WORDLISTS")
    return Path(override) if override else Path(str(resources.files("wordlists")))


def _cache_dir() -> Path:
    return cache_dir()


class Verdict(NamedTuple):
    """Whether one word is valid in one lexicon, and why not.

    A NamedTuple rather than a frozen dataclass: a verdict is built on every
    check, and a NamedTuple is the cheaper to build (bench/lexicon.py measures `check`).
    """

    word: str
    normalized: str
    valid: bool
    lexicon: str
    tier: str | None = None
    reason: str | None = None
    message: str = ""
    definition: list[str] = []

    def to_dict(self) -> dict:
        return {**self._asdict(), "definition": list(self.definition)}


class Lexicons:
    """The three sizes over one shared trie; `lexicons["standard"]` is one size."""

    def __init__(self, trie: marisa_trie.Trie, codes: bytes, checksum: str, directory: Path):
        self.trie = trie
        self.codes = codes
        self.checksum = checksum
        self.directory = directory
        self._sizes = {name: Lexicon(self, name) for name in SIZES}

    def __getitem__(self, name: str) -> Lexicon:
        try:
            return self._sizes[name]
        except KeyError:
            raise LookupError(f"No lexicon {name!r}: choose one of {', '.join(SIZES)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(SIZES)

    def code(self, word: str) -> str | None:
        """Return the stored code of a normalized word: its tier or its category, or None."""
        key_id = self.trie.get(word)
        return None if key_id is None else CODES[self.codes[key_id]]

    @cached_property
    def _familiarity(self) -> dict[str, float]:
        """Read familiarity.tsv: valid word -> its Zipf frequency (a word it leaves out counts 0).

        Read only where the order is worked out (the solver's indexes, built once and cached on disk),
        so a process that loads them never reads it.
        """
        path = self.directory / "familiarity.tsv"
        if not path.exists():
            return {}
        with open(path, encoding="utf-8") as lines:
            return {word: float(zipf) for word, _, zipf in (line.rstrip("\n").partition("\t") for line in lines)}

    def familiarity(self, word: str) -> float:
        """Return how common a normalized word is in current English: its Zipf frequency, 0 when unknown."""
        return self._familiarity.get(word, 0.0)

    @cached_property
    def positions(self) -> PositionIndex:
        """Every size's valid words by length and letter position, for patterns with `?` (solver/positions.py).

        Built once per word list and kept on disk as the solver's indexes are (solver/cache.py)."""

        def build() -> dict:
            codes, sizes = self.codes, len(SIZES)
            valid = ((word, codes[key_id]) for word, key_id in self.trie.iteritems() if codes[key_id] < sizes)
            return PositionIndex.build(valid).to_lengths()

        return PositionIndex(cached("positions", self.checksum, build))

    @cached_property
    def compound_parts(self) -> frozenset[str]:
        """The offensive words a compound no list holds is read as built on (wordlists/compound_parts.txt, which the
        build writes); none for word lists without the file."""
        path = self.directory / COMPOUND_PARTS_FILE
        if not path.exists():
            return frozenset()
        return frozenset(line for line in path.read_text("utf-8").splitlines() if line and not line.startswith("#"))

    @cached_property
    def edges(self) -> tuple[frozenset[str], frozenset[str]] | None:
        """The letters valid words begin with and end with (wordlists/edges.txt, which the build writes: `bl-`,
        `-mph`), each with the empty edge of a word that begins or ends with its vowel; None for word lists without
        the file, which then read no spelling by its edges."""
        path = self.directory / EDGES_FILE
        if not path.exists():
            return None
        lines = [line for line in path.read_text("utf-8").splitlines() if line and not line.startswith("#")]
        onsets = frozenset([""] + [line[:-1] for line in lines if line.endswith("-")])
        codas = frozenset([""] + [line[1:] for line in lines if line.startswith("-")])
        return onsets, codas

    @cached_property
    def data_key(self) -> str:
        """Return a digest of every word list an index or the offline data is built from (the words, their
        familiarity, the compound parts, the edges)."""
        extra = "/".join(
            hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "none"
            for path in (self.directory / name for name in ("familiarity.tsv", COMPOUND_PARTS_FILE, EDGES_FILE))
        )
        return f"{self.checksum}/{extra}"

    @cached_property
    def _definitions(self) -> tuple[dict[str, str], dict[str, str]]:
        """Read definitions.tsv: word -> its senses `" | "`-joined, and lemma -> its parts of speech."""
        senses: dict[str, str] = {}
        parts: dict[str, str] = {}
        with open(self.directory / "definitions.tsv", encoding="utf-8") as lines:
            for line in lines:
                word, pos, text = line.rstrip("\n").split("\t")
                senses[word] = text
                if pos:
                    parts[word] = pos
        return senses, parts

    def define(self, word: str, normalized: bool = False) -> list[str]:
        """Return up to three short WordNet senses of a word or of its base form (`is` -> *be*), most frequent first.

        wordlists/build.py does the work (WordNet's morphology, its tag counts,
        lowercase lemmas only): a word is either in its table, or a regular
        inflection the detachment rules lead to a lemma of theirs (`bags`).
        """
        senses, parts = self._definitions
        word = word if normalized else fold(word)
        found = senses.get(word)
        if found is None:
            found = through_rules(word, senses, parts)
        return found.split(" | ") if found else []

    def own_senses(self, word: str) -> list[str]:
        """Return the senses of a normalized word's own WordNet lemma, none through another word's (JAMES is not *jam*)."""
        senses, parts = self._definitions
        return senses[word].split(" | ") if word in parts and senses[word] else []


class Lexicon:
    """One size: a read-only set of valid normalized words, with verdicts and definitions."""

    def __init__(self, lexicons: Lexicons, name: str):
        self.lexicons = lexicons
        self.name = name
        self.rank = SIZES.index(name)
        self.description = DESCRIPTIONS[name]

    def __repr__(self) -> str:
        return f"<Lexicon {self.name}: {len(self)} words>"

    def __contains__(self, word: object) -> bool:
        key_id = self.lexicons.trie.get(word) if isinstance(word, str) else None
        return key_id is not None and self.lexicons.codes[key_id] <= self.rank

    def tier(self, word: str) -> str | None:
        """Return the smallest size holding a normalized word, if this size holds it."""
        key_id = self.lexicons.trie.get(word)
        if key_id is None or self.lexicons.codes[key_id] > self.rank:
            return None
        return SIZES[self.lexicons.codes[key_id]]

    @cached_property
    def _words(self) -> list[str]:
        codes, rank = self.lexicons.codes, self.rank
        return sorted(word for word, key_id in self.lexicons.trie.iteritems() if codes[key_id] <= rank)

    def __iter__(self) -> Iterator[str]:
        """Iterate over the valid words of this size, sorted."""
        return iter(self._words)

    @cached_property
    def _size(self) -> int:
        codes = self.lexicons.codes
        return sum(codes.count(bytes([code])) for code in range(self.rank + 1))

    def __len__(self) -> int:
        return self._size  # counted from the code bytes: no need to list the words

    @property
    def positions(self) -> PositionIndex:
        """The words by length and letter position, shared by the sizes: pass this size's `rank` to match."""
        return self.lexicons.positions

    def has_prefix(self, prefix: str) -> bool:
        """Tell whether any key (valid or not) starts with `prefix`: a cheap pruning test."""
        return next(self.lexicons.trie.iterkeys(prefix), None) is not None

    @cached_property
    def _by_length(self) -> dict[int, list[str]]:
        groups: dict[int, list[str]] = {}
        for word in self._words:
            groups.setdefault(len(word), []).append(word)
        return groups

    def matches(self, pattern: str) -> list[str]:
        """Return the valid words matching `pattern`, where `?` stands for any one letter a-z, sorted.

        The pattern is read left to right over the trie, keeping only the
        prefixes some key continues (a `?` tries the 26 letters); when those
        grow past a few thousand (many `?` in a row), one scan of the words of
        that length is quicker.
        """
        pattern = fold(pattern)
        if "?" not in pattern:
            return [pattern] if pattern in self else []
        if not pattern.strip("?"):  # only `?`: every word of that length made of letters alone
            return list(filter(str.isalpha, self._by_length.get(len(pattern), [])))
        prefixes = [""]
        for char in pattern:
            prefixes = [p + c for p in prefixes for c in (_LETTERS if char == "?" else char) if self.has_prefix(p + c)]
            if len(prefixes) > _MATCH_FRONTIER:
                regex = re.compile(re.escape(pattern).replace(r"\?", "[a-z]"))
                return [w for w in self._by_length.get(len(pattern), []) if regex.fullmatch(w)]
        return sorted(w for w in prefixes if w in self)

    def familiarity(self, word: str) -> float:
        """Return how common a normalized word is in current English: its Zipf frequency, 0 when unknown."""
        return self.lexicons.familiarity(word)

    def define(self, word: str) -> list[str]:
        """Return up to three short WordNet senses of `word` (any inflection)."""
        return self.lexicons.define(word)

    def check(self, word: str, define: bool = True) -> Verdict:
        """Return the verdict on `word` in this size; see `check`."""
        return check(word, self, define)


def check(word: str, lexicon: Lexicon, define: bool = True) -> Verdict:
    """Return whether `word` is valid in `lexicon`, its tier, and why not when it isn't.

    Reasons: `invalid_characters`, `proper_name`, `abbreviation`,
    `possessive`, `slang` (informal spellings: wordlists/slang.txt),
    `offensive` (slurs and obscenities, refused in every size:
    wordlists/offensive.txt), `letter` (a letter or letters' plural: only A
    and I are one-letter words), `not_in_lexicon`, `larger_lexicon_only`
    (then `tier` names the smallest size that holds it). A spelling no list holds is an `abbreviation` when it has
    the shape of one (`abbreviated_shape`: MGMT), `offensive` when it is an offensive word with an ending
    (`offensive_base`: CUNTISH), a compound built on one (`offensive_compound`: SHITSHOW) or the possessive of
    either, a `possessive` when it ends in 's (`possessive_of`: VLOG'S), else `not_in_lexicon`. A listed
    possessive of an offensive word (NIGGER'S) is `offensive` too. A form of a listed abbreviation (its plural MINS,
    or with 's, CEO'S, listed as the abbreviation's or not: `abbreviation_form`; a name's listed possessive, MIA'S,
    is a `possessive`) and a y-only spelling with edges no word has
    (`unspoken_edges`: PKWY) are `abbreviation`s.
    """
    normalized = fold(word)
    shout = normalized.upper() or repr(word)
    shaped = None  # the sentence of a refusal by the spelling's shape alone, no list holding it
    base = ""  # the listed abbreviation it is a form of (MIN of MINS)
    if not is_well_formed(normalized):
        reason, tier = "invalid_characters", None
    else:
        code = lexicon.lexicons.code(normalized)
        if code in SIZES and SIZES.index(code) <= lexicon.rank:
            reason, tier = None, code
        elif code in SIZES:
            reason, tier = "larger_lexicon_only", code
        elif (code is None or code == "abbreviation" and possessive_of(normalized)) and (
            form := abbreviation_form(normalized, lexicon.lexicons.code)
        ):
            reason, tier, shaped = "abbreviation", None, form[1]
            base = form[0].upper()
        elif code is None and abbreviated_shape(normalized):
            reason, tier, shaped = "abbreviation", None, "word.no_vowel"
        elif code in (None, "possessive") and built_offensive(normalized, lexicon.lexicons):
            reason, tier, shaped = "offensive", None, "word.built_offensive"
        elif code is None and (edges := lexicon.lexicons.edges) and unspoken_edges(normalized, *edges):
            reason, tier, shaped = "abbreviation", None, "word.unspoken_edges"
        elif code is None and possessive_of(normalized) is not None:
            reason, tier = "possessive", None
        else:  # a sound no list holds (HMPH: wordlists/sounds.txt) is merely not in the lists, as GRRR is
            reason, tier = (code if code not in (None, "sound") else "not_in_lexicon"), None
    name_first = reason == "name_first"
    if name_first:
        reason = "proper_name"
    if reason is None:
        message = say("word.valid", W=shout)
    elif shaped:
        message = say(shaped, W=shout, B=base)
    else:
        message = say(f"word.reasons.{reason}", W=shout, size=lexicon.name, tier=tier)
    if name_first:
        message += " " + say("word.name_first")
    # Senses for a valid word, and for a real word refused only by size: a name, letter, slur or misspelling
    # would show another word's senses (JAMES -> jam, B -> barn), and an obscenity's gloss has no place at a
    # family table. A name-first spelling shows its own lowercase lemma's senses, each marked "also:".
    real_word = reason is None or reason == "larger_lexicon_only"
    if not define:
        definition = []
    elif real_word:
        definition = lexicon.lexicons.define(normalized, True)
    elif name_first:  # the rare word's own senses, marked as such: the table sees why it was claimed
        definition = [f"also: {sense}" for sense in lexicon.lexicons.own_senses(normalized)]
    else:
        definition = []
    return Verdict(
        word=word,
        normalized=normalized,
        valid=reason is None,
        lexicon=lexicon.name,
        tier=tier,
        reason=reason,
        message=message,
        definition=definition,
    )


def _read_source(path: Path) -> tuple[list[str], bytes]:
    words, codes = [], bytearray()
    code_of = {name: i for i, name in enumerate(CODES)}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            word, _, code = line.rstrip("\n").partition("\t")
            words.append(word)
            codes.append(code_of[code])
    return words, bytes(codes)


@cache
def load_lexicons(directory: str | Path | None = None) -> Lexicons:
    """Load the lexicons once per process: from the disk cache, or built from `lexicon.tsv`."""
    directory = Path(directory) if directory else wordlists_dir()
    source = directory / "lexicon.tsv"
    if not source.exists():
        raise LookupError(f"No word list at {source}: run python wordlists/build.py")
    stat = source.stat()
    stem = _cache_dir() / f"lexicon-{stat.st_size}-{stat.st_mtime_ns}"
    trie_path, codes_path, sum_path = (stem.with_suffix(s) for s in (".marisa", ".codes", ".sha256"))
    try:
        trie = marisa_trie.Trie()
        trie.mmap(str(trie_path))
        return Lexicons(trie, codes_path.read_bytes(), sum_path.read_text(), directory)
    except (OSError, ValueError, RuntimeError):
        pass  # no usable cache (marisa raises RuntimeError on a missing file): build it
    words, codes_in_order = _read_source(source)
    trie = marisa_trie.Trie(words)
    codes = bytearray(len(words))
    for word, code in zip(words, codes_in_order):
        codes[trie[word]] = code
    checksum = hashlib.sha256(source.read_bytes()).hexdigest()
    try:
        stem.parent.mkdir(parents=True, exist_ok=True)
        trie.save(str(trie_path) + ".tmp")
        codes_path.write_bytes(codes)
        sum_path.write_text(checksum)
        os.replace(str(trie_path) + ".tmp", trie_path)  # the trie last: it marks the cache complete
    except OSError:
        pass  # a read-only home is fine: the next process builds again
    return Lexicons(trie, bytes(codes), checksum, directory)
