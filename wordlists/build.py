"""Rebuild the generated word lists from Debian's `scowl` and `wordnet-base`.

    apt-get install scowl wordnet-base
    python wordlists/build.py            # writes the files next to this script
    python wordlists/build.py --check    # exit 1 if a rebuild differs from what is committed

The output is deterministic (sorted, no timestamps), so CI can rebuild and
compare. What goes in, and why, is written in wordlists/SOURCES.md; the
recipe in short:

* valid words: SCOWL `english`, `american`, `british`, `british_z`,
  `canadian` words lists and their `variant_1` lists, at levels <= 60 (tier
  `small`), <= 70 (`standard`), <= 80 plus the `variant_2` lists (`large`);
  contractions from `english-contractions` <= 60 (every tier); WordNet's
  lowercase hyphenated lemmas and the regular plurals of the noun ones (every
  tier); `allow.txt` (every tier), minus `deny.txt`.
* names first: a word listed in lowercase only from level 70 up whose
  capitalised form is a listed name (`berlin`, `nancy`, `tesla`) gets the
  tier `large`, so `standard` rejects it.
* slang: the words in `slang.txt` are known but invalid, category `slang`.
* known but invalid: proper names (SCOWL `proper-names` and `upper` lists, and
  capitalised words), abbreviations (SCOWL `abbreviations` lists, all-capital
  or mixed-case words such as `kW`), possessives (`dog's`; the `'s`
  contractions listed in `s_contractions.txt` are kept as valid words).
* accents are folded with the same normalization the library uses at run time.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from solver.morphology import DETACHMENT, through_rules  # noqa: E402  (the run-time look-up the build must agree with)
from solver.normalize import fold  # noqa: E402  (the one normalization, shared)

SCOWL = Path("/usr/share/dict/scowl")
WORDNET = Path("/usr/share/wordnet")

LEVELS = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
# The tier of a valid word is the smallest size whose recipe holds it.
TIER_MAX_LEVEL = {"small": 60, "standard": 70, "large": 80}
SPELLINGS = ("english", "american", "british", "british_z", "canadian")
VARIANT_1 = ("variant_1", "british_variant_1", "canadian_variant_1")
VARIANT_2 = ("variant_2", "british_variant_2", "canadian_variant_2")
# Contractions above level 60 turn foreign or dialect (n'importe, d'accord).
CONTRACTION_MAX_LEVEL = 60
# SCOWL capitalises the first-person contractions; they are ordinary words.
LOWERCASE_CONTRACTIONS = {"I'm", "I'd", "I'll", "I've"}

WELLFORMED = re.compile(r"^[a-z]([a-z'-]*[a-z])?$")


def read_scowl(stem: str, max_level: int) -> set[str]:
    words: set[str] = set()
    for level in LEVELS:
        path = SCOWL / f"{stem}.{level}"
        if level <= max_level and path.exists():
            words.update(line.strip() for line in path.read_text("utf-8").splitlines() if line.strip())
    return words


def read_overrides(name: str) -> dict[str, str]:
    """Read `word<whitespace>reason` lines; `#` starts a comment."""
    entries = {}
    for line in (HERE / name).read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            word, _, reason = line.partition(" ")
            entries[fold(word)] = reason.strip()
    return entries


def classify_raw(raw: str, s_contractions: set[str] = frozenset()) -> str | None:
    """The category of a raw SCOWL entry from its spelling alone, or None for a plain word.

    Any `'s` form that is not a kept contraction is a possessive, whatever its
    case (`London's` too): the category must not depend on which list is read first.
    """
    if raw.endswith("'s") and fold(raw) not in s_contractions:
        return "possessive"
    body = raw
    if any(c.isupper() for c in body[1:]):
        return "abbreviation"  # NASA, kW, dB, OK
    if body[:1].isupper():
        return "proper_name"   # London, Bentley
    return None


def valid_words(max_level: int, with_variant_2: bool, s_contractions: set[str]) -> tuple[set[str], dict[str, str]]:
    """The valid words of one size, and the invalid ones its lists mention (with category)."""
    stems = list(SPELLINGS) + list(VARIANT_1) + (list(VARIANT_2) if with_variant_2 else [])
    raw: set[str] = set()
    for stem in stems:
        raw |= read_scowl(f"{stem}-words", max_level)
    valid: set[str] = set()
    invalid: dict[str, str] = {}
    for entry in sorted(raw):
        word = fold(entry)
        category = classify_raw(entry, s_contractions)
        if category is None:
            valid.add(word)
        else:
            invalid.setdefault(word, category)
    for entry in sorted(read_scowl("english-contractions", min(max_level, CONTRACTION_MAX_LEVEL))):
        if entry in LOWERCASE_CONTRACTIONS:
            valid.add(fold(entry))
        elif classify_raw(entry) is None:
            valid.add(fold(entry))
        else:
            invalid.setdefault(fold(entry), classify_raw(entry))
    return valid, invalid


def wordnet_lemmas() -> dict[str, set[str]]:
    """Each lemma of WordNet, spelled as its synsets write it (so case tells proper nouns), with its parts of speech.

    The index files lowercase everything; the data files keep `Arcado-Cyprian`
    capitalised, which is how a proper noun is told from `x-ray`. The part of
    speech is the lemma's in any case: the noun is written `X-ray`, the verb `x-ray`.
    """
    pos_of: dict[str, set[str]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (WORDNET / f"data.{pos}").read_text("utf-8").splitlines():
            if line.startswith(" "):
                continue  # licence header
            fields = line.split(" ", 4 + 2 * int(line.split(" ", 4)[3], 16))
            count = int(fields[3], 16)
            for i in range(count):
                lemma = re.sub(r"\(.*\)$", "", fields[4 + 2 * i])  # adjective markers: (a), (p), (ip)
                pos_of.setdefault(lemma, set()).add(pos)
    by_lower: dict[str, set[str]] = {}
    for lemma, parts in pos_of.items():
        by_lower.setdefault(lemma.lower(), set()).update(parts)
    return {lemma: by_lower[lemma.lower()] for lemma in pos_of}


def regular_plural(noun: str) -> str:
    if re.search(r"(s|x|z|ch|sh)$", noun):
        return noun + "es"
    if re.search(r"[^aeiou]y$", noun):
        return noun[:-1] + "ies"
    return noun + "s"


def hyphenated_words(lemmas: dict[str, list[str]]) -> set[str]:
    words = set()
    for lemma, parts in lemmas.items():
        if "-" in lemma and "_" not in lemma and lemma == lemma.lower() and WELLFORMED.match(lemma):
            words.add(lemma)
            if "noun" in parts:
                words.add(regular_plural(lemma))
    return words


def build_lexicon() -> list[str]:
    s_contractions = set(read_overrides("s_contractions.txt"))
    allow = read_overrides("allow.txt")
    deny = read_overrides("deny.txt")
    extra = hyphenated_words(wordnet_lemmas()) | set(allow)

    code: dict[str, str] = {}
    for tier, max_level in TIER_MAX_LEVEL.items():
        valid, invalid = valid_words(max_level, tier == "large", s_contractions)
        for word in sorted((valid | extra) - set(deny)):
            code.setdefault(word, tier)
        for word, category in sorted(invalid.items()):
            code.setdefault(word, category)  # a valid spelling elsewhere wins

    # Known invalid words from every level, so a verdict can say why.
    for stem_suffix, category in (("abbreviations", "abbreviation"), ("upper", "proper_name"), ("proper-names", "proper_name")):
        for stem in SPELLINGS + VARIANT_1 + VARIANT_2:
            for entry in sorted(read_scowl(f"{stem}-{stem_suffix}", 95)):
                word = fold(entry)
                category_here = "possessive" if classify_raw(entry, s_contractions) == "possessive" else category
                code.setdefault(word, category_here)
    for word in deny:
        if code.get(word) in TIER_MAX_LEVEL:
            del code[word]
    for word in read_overrides("slang.txt"):
        code[word] = "slang"
    # A word SCOWL lists in lowercase only from level 70 up, while its
    # capitalised form is a listed name, is above all a name (Berlin, Nancy,
    # Tesla): the standard size treats it as one and only `large` accepts it.
    for word in proper_forms(s_contractions):
        if code.get(word) == "standard":
            code[word] = "large"
    return [f"{w}\t{c}\n" for w, c in sorted(code.items()) if WELLFORMED.match(w)]


def proper_forms(s_contractions: set[str]) -> set[str]:
    """The folded spellings of every capitalised name in SCOWL's upper and proper-names lists."""
    names = set()
    for suffix in ("upper", "proper-names"):
        for stem in SPELLINGS + VARIANT_1 + VARIANT_2:
            for entry in read_scowl(f"{stem}-{suffix}", 95):
                if classify_raw(entry, s_contractions) == "proper_name":
                    names.add(fold(entry))
    return names


def short_gloss(gloss: str) -> str:
    """The definition part of a WordNet gloss: usage examples (in quotes) cut."""
    parts = [p.strip() for p in gloss.split(";")]
    kept = [p for p in parts if p and not p.startswith('"')]
    return "; ".join(kept) if kept else parts[0]


# Definitions: WordNet's parts of speech by their one-letter code, in the order
# that breaks a tie between equally frequent senses.
WORDNET_POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
MAX_SENSES = 3
MIN_BASE = 2  # letters a detachment rule must leave (see base_forms)


def wordnet_exceptions() -> dict[str, dict[str, list[str]]]:
    """WordNet's exception lists by part of speech: inflection -> its base forms (`is` -> `be`; `his` -> `his`)."""
    exceptions: dict[str, dict[str, list[str]]] = {}
    for pos, name in WORDNET_POS.items():
        table = exceptions[pos] = {}
        for line in (WORDNET / f"{name}.exc").read_text("utf-8").splitlines():
            inflected, *bases = line.split()
            if "_" not in inflected:
                table[inflected] = [base for base in bases if "_" not in base]
    return exceptions


def wordnet_synsets() -> dict[tuple[str, str], tuple[set[str], str]]:
    """Every synset, by (part of speech, offset): its words as written (case kept) and its short gloss."""
    synsets: dict[tuple[str, str], tuple[set[str], str]] = {}
    for pos, name in WORDNET_POS.items():
        for line in (WORDNET / f"data.{name}").read_text("utf-8").splitlines():
            if line.startswith(" "):
                continue  # licence header
            head, _, gloss = line.partition(" | ")
            fields = head.split()
            words = {re.sub(r"\(.*\)$", "", fields[4 + 2 * i]) for i in range(int(fields[3], 16))}  # (a), (p), (ip) cut
            synsets[pos, fields[0]] = (words, short_gloss(gloss.strip()))
    return synsets


def wordnet_senses() -> dict[tuple[str, str], list[tuple[int, int, str]]]:
    """Each lowercase lemma's senses in one part of speech: (tag count, sense number, short gloss), in WordNet's order.

    The index files list a lemma's synsets in sense-number order, lowercased;
    the data files keep each synset's words as written, so a sense counts only
    where its synset writes the lemma in lowercase (`Be`, beryllium, is not a
    sense of *be*; `IT` is not one of *it*). `cntlist.rev` holds each sense's
    tag count in the semantic concordances: how often it was seen in running text.
    """
    synsets = wordnet_synsets()
    tag_counts: dict[tuple[str, str, int], int] = {}
    for line in (WORDNET / "cntlist.rev").read_text("utf-8").splitlines():
        sense_key, sense_number, count = line.split()
        lemma, _, lex_sense = sense_key.partition("%")
        pos = "nvara"[int(lex_sense[0]) - 1]  # ss_type 5, a satellite adjective, is an adjective
        tag_counts[lemma, pos, int(sense_number)] = int(count)
    senses: dict[tuple[str, str], list[tuple[int, int, str]]] = {}
    for pos, name in WORDNET_POS.items():
        for line in (WORDNET / f"index.{name}").read_text("utf-8").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split()
            lemma = fields[0]
            if "_" in lemma:
                continue
            offsets = fields[-int(fields[2]):]
            for number, offset in enumerate(offsets, 1):
                words, gloss = synsets[pos, offset]
                if lemma in words:  # written in lowercase in this synset
                    senses.setdefault((lemma, pos), []).append((tag_counts.get((lemma, pos, number), 0), number, gloss))
    return senses


def base_forms(word: str, pos: str, exceptions: dict[str, dict[str, list[str]]]) -> list[str]:
    """The word and its base forms in one part of speech, as WordNet's morphy finds them.

    A word on the exception list gets only the bases listed there (`his` -> `his`
    blocks the noun rule that would make it the plural of *hi*); any other word
    gets what the detachment rules give, when that leaves two letters or more:
    a one-letter lemma is a letter or a symbol, and US is not the plural of U.
    """
    if word in exceptions[pos]:
        return list(dict.fromkeys([word, *exceptions[pos][word]]))
    bases = [word[: len(word) - len(suffix)] + ending for suffix, ending in DETACHMENT[pos] if word.endswith(suffix)]
    return list(dict.fromkeys([word] + [base for base in bases if len(base) >= MIN_BASE]))


def word_senses(word: str, senses: dict, exceptions: dict) -> list[str]:
    """Up to MAX_SENSES glosses of a word: the senses of it and its base forms, every part of speech, most frequent first.

    Ties (most senses were never tagged) go to the word's own lemma, then to
    the lower sense number, then to the part of speech in WORDNET_POS order.
    """
    found = []
    for rank, pos in enumerate(WORDNET_POS):
        for base in base_forms(word, pos, exceptions):
            for count, number, gloss in senses.get((base, pos), ()):
                found.append((-count, base != word, number, rank, gloss))
    glosses: list[str] = []
    for *_, gloss in sorted(found):
        if gloss not in glosses:
            glosses.append(gloss)
    return glosses[:MAX_SENSES]


def build_definitions() -> tuple[list[str], list[str]]:
    """definitions.tsv: `word<TAB>parts of speech<TAB>senses`; morphology.tsv: the exception lists.

    Every lowercase lemma is written with its parts of speech (`bag<TAB>nv`)
    and the senses of it and its base forms. Any other word is left to the
    run-time look-up, `solver.morphology.through_rules`: the first detachment rule
    that leads it to a lemma of the rule's part of speech gives that lemma's
    senses (`bags` -> *bag*). The build runs that look-up on every word the
    rules can reach, and on the exception lists, and writes out each word it
    would answer wrongly, with its own senses and no parts of speech: `bagged`
    (the verb only), `does` (*do* before *doe*), `is` (*be*); and `his`,
    `its`, `us` with none, so they show no definition rather than a wrong one.
    """
    senses = wordnet_senses()
    exceptions = wordnet_exceptions()
    lemmas: dict[str, str] = {}  # lemma -> its parts of speech, in WORDNET_POS order
    for lemma, pos in sorted(senses, key=lambda key: (key[0], list(WORDNET_POS).index(key[1]))):
        if WELLFORMED.match(lemma) and fold(lemma) == lemma:
            lemmas[lemma] = lemmas.get(lemma, "") + pos
    table = {lemma: " | ".join(word_senses(lemma, senses, exceptions)) for lemma in lemmas}
    reachable = {lemma[: len(lemma) - len(ending)] + suffix
                 for lemma, parts in lemmas.items() for pos in parts for suffix, ending in DETACHMENT[pos] if lemma.endswith(ending)}
    reachable |= {word for exc in exceptions.values() for word in exc}
    written = {}
    for word in sorted(reachable - set(lemmas)):
        if WELLFORMED.match(word) and fold(word) == word:
            own = " | ".join(word_senses(word, senses, exceptions))
            if (through_rules(word, table, lemmas) or "") != own:
                written[word] = own
    lines = [f"{lemma}\t{parts}\t{table[lemma]}\n" for lemma, parts in lemmas.items()]
    lines += [f"{word}\t\t{own}\n" for word, own in written.items()]
    morphology = sorted({f"{fold(inflected)}\t{WORDNET_POS[pos]}\t{fold(base)}\n"
                         for pos, exc in exceptions.items() for inflected, bases in exc.items() for base in bases})
    return sorted(lines), morphology


def build() -> dict[str, str]:
    definitions, morphology = build_definitions()
    return {
        "lexicon.tsv": "".join(build_lexicon()),
        "definitions.tsv": "".join(definitions),
        "morphology.tsv": "".join(morphology),
        # Both licences ask for their notices to travel with the data: copied verbatim.
        "LICENSE.scowl.txt": Path("/usr/share/doc/scowl/copyright").read_text("utf-8"),
        "LICENSE.wordnet.txt": Path("/usr/share/doc/wordnet-base/copyright").read_text("utf-8"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare a rebuild with the committed files")
    args = parser.parse_args(argv)
    if not SCOWL.is_dir() or not WORDNET.is_dir():
        print("needs Debian's scowl and wordnet-base: apt-get install scowl wordnet-base", file=sys.stderr)
        return 2
    outputs = build()
    if args.check:
        stale = [name for name, text in outputs.items() if (HERE / name).read_text("utf-8") != text]
        for name in stale:
            print(f"wordlists/{name} differs from a rebuild: run python wordlists/build.py", file=sys.stderr)
        return 1 if stale else 0
    for name, text in outputs.items():
        (HERE / name).write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
