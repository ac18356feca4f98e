"""Today's words: spellings in general use since about 2005, which SCOWL 2020 and WordNet 3.0 predate.

A spelling the lexicon does not know joins `standard` when all of this holds
(docs/lexicon.md, *Today's words*; wordlists/SOURCES.md):

1. **Listed.** A maintained spelling dictionary, Debian's `hunspell-en-gb`
   (LibreOffice's British English dictionary), lists it in lowercase and in
   no other case. Its entries are expanded by hunspell's own `unmunch`.
2. **Seen.** wordfreq gives it a Zipf frequency of at least MODERN_MIN_ZIPF; a listed form of a word
   admitted needs no frequency of its own (UPCYCLES, beside UPCYCLED).
3. **Built from known parts**, so that a table can tell what it means: a
   combining form and a word (CYBER+BULLY), two everyday words (PHOTO+BOMB),
   or a word with an inflection or a word-forming ending (VAPE+ING,
   BINGE+ABLE). A part may itself be a word this rule admitted.
4. **Not a name, a foreign word, a misspelling, a fragment or an offensive
   word** (`gate`): the spelling list holds some of each, so each has a test
   of its own.

Build time only, beside build.py (which imports it from its own folder).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
HUNSPELL = Path("/usr/share/hunspell")
MODERN_DICTIONARY = "en_GB"
# Seen at least ten times per billion words: below it wordfreq's counts are too few to tell a word from a typo.
MODERN_MIN_ZIPF = 1.0
# A part of a two-word compound: an everyday word of three letters or more, common in its own right.
PART_MIN_ZIPF = 3.0
PART_MIN_LETTERS = 3
# A word after a combining form: four letters or more (re+tweet), or three when it is a part as PART_MIN_ZIPF has
# it (geo+tag), so that a form and a scrap (co+des) make no word.
STEM_MIN_LETTERS = 4
# The combining forms and prefixes today's words are made with (cyber+bully, up+vote, micro+plastic).
COMBINING_FORMS = tuple(
    sorted(
        "anti auto bio co counter cyber de dis down e eco geo hyper info inter macro mega meta micro mini mis multi"
        " nano neuro non out over photo poly post pre pro re self semi sub super tele trans ultra un under up".split(),
        key=len,
        reverse=True,
    )
)
# Inflection and word-forming endings, each with what it may have replaced on the word (vap(e)+ing, gam(e)+ify).
# Not WordNet's detachment rules (solver.morphology.DETACHMENT): their -est and -ies also build FLYEST and
# FURTHEREST, and they lack the doubled consonant (vlog+g+ing) and the word-forming endings.
ENDINGS = (
    ("s", ""),
    ("es", ""),
    ("ed", ""),
    ("ed", "e"),
    ("d", ""),
    ("ing", ""),
    ("ing", "e"),
    ("er", ""),
    ("er", "e"),
    ("ers", ""),
    ("ers", "e"),
    ("able", ""),
    ("able", "e"),
    ("ism", ""),
    ("ist", ""),
    ("ists", ""),
    ("ify", "e"),
    ("ification", "e"),
)
# How much commoner (in Zipf) a near spelling or another language must be to explain a candidate away.
COMMONER_SPELLING = 1.0
COMMONER_TYPO = 1.5
COMMONER_ABROAD = 1.0
# The languages whose own words English text borrows most often, as wordfreq lists them.
OTHER_LANGUAGES = ("es", "fr", "de", "it", "pt", "nl")
ROMAN_NUMERAL = re.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
VOWELS = "aeiou"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
# Content-filter lists' words (profanity.txt): a candidate built on one, or containing one this long, is offensive.
PROFANITY_FILE = "profanity.txt"
PROFANITY_INSIDE_LETTERS = 5
# How many times the rule runs over the candidates: a part admitted in one round may build a word in the next.
ROUNDS = 4


def dictionary_installed() -> bool:
    """Whether the spelling dictionary and hunspell's `unmunch` are here (Debian's hunspell-en-gb, hunspell-tools)."""
    return (HUNSPELL / f"{MODERN_DICTIONARY}.dic").is_file() and shutil.which("unmunch") is not None


@cache
def dictionary_entries() -> tuple[frozenset[str], frozenset[str]]:
    """The spelling dictionary's words, expanded by `unmunch`: (listed in lowercase, listed in any other case, lowercased)."""
    dic, aff = (HUNSPELL / f"{MODERN_DICTIONARY}.{ext}" for ext in ("dic", "aff"))
    listing = subprocess.run(["unmunch", str(dic), str(aff)], capture_output=True, check=True).stdout
    lower, other = set(), set()
    for line in listing.decode("utf-8", "replace").splitlines():
        entry = line.strip().lstrip("\ufeff").split("/")[0]
        (lower if entry == entry.lower() else other).add(entry.lower())
    return frozenset(lower), frozenset(other)


@cache
def profanity() -> frozenset[str]:
    """The content-filter lists' words (profanity.txt; its header names the sources and licences)."""
    lines = (HERE / PROFANITY_FILE).read_text("utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def zipf(word: str, language: str = "en") -> float:
    """wordfreq's Zipf frequency: English from its `best` list, other languages from `large`."""
    from wordfreq import zipf_frequency  # build time only: pip install '.[build]'

    return zipf_frequency(word, language, wordlist="best" if language == "en" else "large")


def near_spellings(word: str) -> set[str]:
    """Spellings a slip of the hand away: a letter doubled or undoubled, two swapped, a vowel changed."""
    near = set()
    for i, letter in enumerate(word):
        near.add(word[: i + 1] + letter + word[i + 1 :])
        if i + 1 < len(word):
            if word[i + 1] == letter:
                near.add(word[:i] + word[i + 1 :])
            near.add(word[:i] + word[i + 1] + letter + word[i + 2 :])
        if letter in VOWELS:
            near.update(word[:i] + vowel + word[i + 1 :] for vowel in VOWELS)
    near.discard(word)
    return near


def one_edit(word: str) -> set[str]:
    """Every spelling one letter deleted, changed or inserted away."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    edits = {a + b[1:] for a, b in splits if b}
    edits |= {a + c + b[1:] for a, b in splits if b for c in LETTERS}
    edits |= {a + c + b for a, b in splits for c in LETTERS}
    edits.discard(word)
    return edits


def compound_parts(word: str, stems: set[str], everyday: set[str], lemmas: set[str]) -> list[tuple[str, str]]:
    """Every way `word` splits into a combining form and a stem, or into two everyday words WordNet knows.

    `stems` is every everyday word and every word admitted so far: a tail may be one of those (chat+bot+s).
    """
    ways = []
    for form in COMBINING_FORMS:
        stem = word[len(form) :]
        if not word.startswith(form) or stem not in stems:
            continue
        if len(stem) >= STEM_MIN_LETTERS or (
            len(stem) >= PART_MIN_LETTERS and stem in lemmas and zipf(stem) >= PART_MIN_ZIPF
        ):
            ways.append((form, stem))
    for i in range(PART_MIN_LETTERS, len(word) - PART_MIN_LETTERS + 1):
        head, tail = word[:i], word[i:]
        if (
            head in everyday
            and tail in stems
            and head in lemmas
            and (tail in lemmas or tail not in everyday)
            and zipf(head) >= PART_MIN_ZIPF
            and zipf(tail) >= PART_MIN_ZIPF
        ):
            ways.append((head, tail))
    return ways


def base_word(word: str, stems: set[str]) -> str | None:
    """The word `word` is made from with one ending (ENDINGS), if it is in `stems`: vaping → vape, vlogging → vlog."""
    for ending, replaced in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            stem = word[: -len(ending)]
            undoubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else None
            for base in (stem + replaced, undoubled):
                if base and base in stems:
                    return base
    return None


# The gates that judge one spelling by its neighbours (gate): a form of a word already valid passes them.
SLIPS = ("foreign", "misspelling", "eye dialect")
# The inflections that make one word's forms: a plural, a verb's forms (texter+s, vibe+d).
INFLECTIONS = (("s", ""), ("es", ""), ("ed", ""), ("ed", "e"), ("d", ""), ("ing", ""), ("ing", "e"))


def inflected_family(word: str) -> set[str]:
    """The spellings `word` is one regular inflection of (vibed -> vibe, prepending -> prepend), and its
    plural (texter -> texters): the words whose verdict it shares. Not the base of an -ed or -ing form,
    which may be an adjective of its own (UNTILLED is un+tilled, no form of UNTILL); no doubled consonant
    (TARGETTED is a slip, not a form of TARGET)."""
    family = {word + "s", word + "es"}
    for ending, replaced in INFLECTIONS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            family.add(word[: -len(ending)] + replaced)
    family.discard(word)
    return family


def gate(
    word: str,
    valid: set[str],
    case_counts: dict[str, float],
    fragments: set[str],
    offensive: set[str],
    alone: bool = True,
) -> str | None:
    """Why a listed, built spelling is still no word for the table, or None.

    * a name or brand: written capitalised or in capitals more often than in lowercase (case-aware counts);
    * foreign: commoner in another language's text than in English's;
    * a misspelling: a valid word a slip away is much commoner (near_spellings, one_edit);
    * eye dialect: -in for -ing (lookin);
    * a fragment: a piece of a multi-word or hyphenated entry, not a word alone (gooder, of do-gooder);
    * a roman numeral;
    * offensive: an offensive word is part of it.

    With `alone` false, the spelling is a form of a word already judged (texter, of texters), and the gates
    that judge one spelling by its neighbours (SLIPS: foreign, a misspelling, eye dialect) are left out.
    """
    frequency = zipf(word)
    lower = case_counts.get(word)
    capitalised = [case_counts.get(form) for form in (word.capitalize(), word.upper())]
    if sum(10**count for count in capitalised if count is not None) > (0 if lower is None else 10**lower):
        return "name"
    if alone and max(zipf(word, language) for language in OTHER_LANGUAGES) >= frequency + COMMONER_ABROAD:
        return "foreign"
    if alone and any(near in valid and zipf(near) >= frequency + COMMONER_SPELLING for near in near_spellings(word)):
        return "misspelling"
    if alone and any(near in valid and zipf(near) >= frequency + COMMONER_TYPO for near in one_edit(word)):
        return "misspelling"
    if alone and re.search("ins?$", word) and re.sub("in(s?)$", r"ing\1", word) in valid:
        return "eye dialect"
    if word in fragments:
        return "fragment"
    if ROMAN_NUMERAL.match(word):
        return "roman numeral"
    if any(bad in word for bad in offensive):
        return "offensive"
    return None


def modern_words(
    code: dict[str, str],
    lemmas: Iterable[str],
    case_counts: dict[str, float],
    offensive: set[str],
    candidates: Callable[[], Iterable[str]],
) -> dict[str, str]:
    """Today's words, each with how it is built ('form+stem', 'head+tail' or 'base+ending').

    A candidate is a spelling the lexicon lacks altogether (a word SCOWL
    ranks rare stays in its tier). `code` is the lexicon so far; `offensive` every spelling
    the lexicon refuses as offensive; `candidates` yields wordfreq's English
    words. A candidate built on an offensive or profane word, or containing
    one (four letters or more for the lexicon's, PROFANITY_INSIDE_LETTERS for
    the filter lists'), is refused.
    """
    listed, other_case = dictionary_entries()
    valid = {word for word, tier in code.items() if tier in ("small", "standard", "large")}
    everyday = {word for word, tier in code.items() if tier in ("small", "standard")}
    lowercase_lemmas = {lemma for lemma in lemmas if lemma == lemma.lower()}
    fragments = {
        piece
        for entry in lowercase_lemmas | listed
        if "_" in entry or "-" in entry
        for piece in re.split("[_-]", entry)
    } - lowercase_lemmas
    lemma_words = {lemma for lemma in lowercase_lemmas if "_" not in lemma}
    built_on_offence = offensive | profanity()
    inside = {word for word in offensive if len(word) >= 4}
    inside |= {word for word in profanity() if len(word) >= PROFANITY_INSIDE_LETTERS}
    pool = sorted(
        word
        for word in candidates()
        if re.fullmatch("[a-z]{4,}", word)
        and word not in code
        and word in listed
        and word not in other_case
        and zipf(word) >= MODERN_MIN_ZIPF
    )
    admitted: dict[str, str] = {}
    refused: dict[str, str] = {}
    for _ in range(ROUNDS):
        stems = everyday | set(admitted)
        for word in pool:
            if word in admitted or word in refused:
                continue
            ways = compound_parts(word, stems, everyday, lemma_words)
            base = base_word(word, stems)
            if not ways and not base:
                continue
            parts = {part for way in ways for part in way} | {base}
            why = "offensive" if parts & built_on_offence else gate(word, valid, case_counts, fragments, inside)
            if why:
                refused[word] = why
                continue
            admitted[word] = "+".join(ways[0]) if ways else f"{base}+ending"
    # One word, one verdict: a form of a valid or admitted word that a gate judging one spelling took for a
    # foreign word or a slip of the hand (TEXTER, German Texter, beside TEXTERS) is that word's form; a form
    # refused for another reason (a name, a fragment, offensive) stays refused.
    changed = True
    while changed:
        changed = False
        for word in sorted(refused):
            family = inflected_family(word) & (set(admitted) | valid)
            if refused[word] in SLIPS and family and not gate(word, valid, case_counts, fragments, inside, alone=False):
                admitted[word] = "a form of " + min(family)
                del refused[word]
                changed = True
    # A form the dictionary lists of an admitted word joins it however seldom it is seen (UPCYCLES, beside
    # UPCYCLED and UPCYCLING: the dictionary's own affix spells it), unless a gate finds it a name or a fragment.
    joined = set(admitted)
    for word in sorted(listed - other_case - set(code) - joined - set(refused)):
        family = inflected_family(word) & joined if re.fullmatch("[a-z]{4,}", word) else set()
        if family and not gate(word, valid, case_counts, fragments, inside, alone=False):
            admitted[word] = "a form of " + min(family)
            joined.add(word)
    return dict(sorted(admitted.items()))
