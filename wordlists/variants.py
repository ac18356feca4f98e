"""The spellings of one word: colour and color, realise and realize, dialogue and dialog, haloes and halos
(docs/lexicon.md, *Spellings of one word*; wordlists/SOURCES.md).

Two spellings are one word's when both are attested and one turns into the other by one of English's regular
spelling alternations (ALTERNATIONS: our/or, ise/ize, yse/yze, re/er, ae/e, oe/e, ogue/og, l/ll, ence/ense and the
plurals -oes/-os, -eaux/-eaus, -a/-ums), at most twice (manoeuvre, maneuver). Attested means a lowercase entry of
one of SCOWL's word lists the build reads, at any level (its `english`, regional and variant lists), or, for the
ise/ize and yse/yze alternations alone, of the British English dictionary (racialised, racialized). And at least
one of the two must be a regional or a variant spelling: SCOWL files it in its American, British, British-z or
Canadian lists or in a variant list, so two words everyone spells one way (tour, tor; hall, hal) are no pair;
the British dictionary's ise/ize pairs are regional by nature. The pairs join into groups, one word each.

Build time only, beside build.py (which imports it from its own folder).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from wordnet_data import wordnet_synsets  # beside this script

from solver.normalize import fold  # the one normalization, shared

# English's regular spelling alternations: a pattern, what it turns into, and the evidence a pair it makes needs
# (EVIDENCE). Each is written from the spelling with more letters to the one with fewer (colour to color).
ALTERNATIONS = (
    ("(?<=[a-z]{2})our", "or", "listed"),  # colour, color; labourite; harbourside; unfavoured
    ("(?<=[a-z]{3})is(?=e|ing|ation|ational|able)", "iz", "listed"),  # realise, realize; balkanisation
    ("(?<=[a-z]{2})ys(?=e|ing|er|ation)", "yz", "listed"),  # analyse, analyze; electrolyser
    ("(?<=[^aeiouy])re(?=s?$)", "er", "listed"),  # centre, center; centres; multicentre
    ("(?<=[^aeiouy])red$", "ered", "listed"),  # centred, centered
    ("(?<=[^aeiouy])ring$", "ering", "listed"),  # centring, centering
    ("ae(?=[a-z])", "e", "synonyms"),  # palaeolithic, paleolithic; chimaera; aeolian; hyaena
    ("oe(?!s$|d$|$)", "e", "synonyms"),  # foetus, fetus; oestrogen; manoeuvre
    ("ogue(?=s?$)", "og", "regional"),  # dialogue, dialog; catalogues, catalogs
    ("ogu(?=e[ds]$|ing$)", "og", "regional"),  # catalogued, cataloged; cataloguing
    ("(?<=[aeiou])ll(?=e|i|ment|ful|$)", "l", "regional"),  # travelled, traveled; instalment; fulfil, fulfill
    ("ence(?=s?$)", "ense", "regional"),  # defence, defense
    ("eaux$", "eaus", "regional"),  # portmanteaux, portmanteaus
    ("oes$", "os", "variant"),  # haloes, halos; lassoes; buffaloes
    ("(?<=[a-z]{3})a$", "ums", "variant"),  # crania, craniums
    ("(?<=[a-z])y(?=[a-z])", "i", "wordnet"),  # cayman, caiman (alone: argyll and argil are two words; chyle, chile)
    # The plurals a borrowed noun takes both ways, one of them SCOWL's variant (both plurals of one word).
    ("(?<=[a-z]{3})i$", "uses", "variant"),  # acanthi, acanthuses; cacti
    ("(?<=[a-z]{3})i$", "os", "variant"),  # torsi, torsos; intagli
    ("(?<=[a-z]{3})ata$", "as", "variant"),  # sarcomata, sarcomas; miasmata
    ("(?<=[a-z]{3})a$", "ons", "variant"),  # tetrahedra, tetrahedrons; philodendra
    ("(?<=[a-z]{3})ae$", "as", "variant"),  # retinae, retinas; herniae
    ("(?<=[a-z]{2})ices$", "exes", "variant"),  # apices, apexes
    ("(?<=[a-z]{2})ices$", "ixes", "variant"),  # executrices, executrixes
    ("(?<=[a-z]{2})ina$", "ens", "variant"),  # gravamina, gravamens
    ("(?<=[a-z]{2})ora$", "urs", "variant"),  # femora, femurs
    ("(?<=[a-z]{2})ves$", "fs", "variant"),  # wharves, wharfs; neckerchieves
)
# The evidence a pair has, weakest first (EVIDENCE's index): both spellings in SCOWL's common `english` lists only;
# one of them listed by the British dictionary and by no SCOWL list (multicentre, racialised); one of them in a
# regional list; one of them in a variant list (dialogs). An alternation pairs two spellings only on the evidence it
# names or stronger: our/or needs at least the dictionary, so that two words everyone spells (tour, tor) make no
# pair. `synonyms` is regional evidence, or WordNet's: one synset holds both spellings, or both with one ending cut
# (aeolian and eolian, hyaenas and hyenas), so that steps and stoeps, premium and proemium stay apart; `wordnet` is
# WordNet's alone (y/i: cayman and caiman are one word, chyle and chile two). A spelling SCOWL lists only at
# OBSCURE_LEVEL, or only the dictionary lists, is `listed` evidence, and pairs only when both spellings have
# LISTED_MIN_LETTERS (entre and enter, libres and libers stay apart).
EVIDENCE = ("common", "listed", "regional", "variant")
NEEDED = {**{evidence: EVIDENCE.index(evidence) for evidence in EVIDENCE}, "synonyms": 2, "wordnet": len(EVIDENCE)}
# The endings cut from two spellings to find them in one WordNet synset.
ENDINGS = ("", "s", "es", "ed", "d", "ing", "er", "ers", "ic", "al", "ical", "ly")
# SCOWL's level of very obscure words: its common lists there hold too many oddities to attest a spelling (naegates,
# saecular); its regional and first-variant lists still do (unfavored, electrolyzer).
OBSCURE_LEVEL = 95
# How many alternations one pair may take: two, so that manoeuvre reaches maneuver through oe/e and re/er.
MAX_STEPS = 2
# The shortest spelling paired: four letters are too few to tell an alternation from another word (zea, zoea; gres,
# gers).
MIN_LETTERS = 5
COMPILED = tuple((re.compile(pattern), replacement) for pattern, replacement, _ in ALTERNATIONS)
NEEDS = tuple(NEEDED[evidence] for _, _, evidence in ALTERNATIONS)
ALONE = next(index for index, (pattern, _, _) in enumerate(ALTERNATIONS) if pattern.endswith("y(?=[a-z])"))
SYNONYMS = frozenset(
    index for index, (_, _, evidence) in enumerate(ALTERNATIONS) if evidence in ("synonyms", "wordnet")
)
LISTED_MIN_LETTERS = 7


def alternatives(spelling: str, steps: int = MAX_STEPS) -> dict[str, frozenset[int]]:
    """The spellings up to `steps` alternations make of `spelling`, each with the alternations used.

    Each alternation is written from the spelling with more letters to the one with fewer (colour to color), so
    running them forward from every attested spelling finds every pair.
    """
    made: dict[str, frozenset[int]] = {}
    frontier = {spelling: frozenset()}
    for _ in range(steps):
        following = {}
        for word, used in frontier.items():
            for index, (pattern, replacement) in enumerate(COMPILED):
                for match in pattern.finditer(word):
                    other = word[: match.start()] + replacement + word[match.end() :]
                    if other != spelling and other not in made:
                        following[other] = made[other] = used | {index}
        frontier = following
    return made


# SCOWL's lists that attest a spelling (the build's, less the Australian ones, which hold slang): the common
# `english` list, the regional ones and the variant ones. Every level counts, 95 too.
SCOWL = Path("/usr/share/dict/scowl")
COMMON_LIST = "english"
REGIONAL_LISTS = ("american", "british", "british_z", "canadian")
VARIANT_LISTS = (
    "variant_1",
    "british_variant_1",
    "canadian_variant_1",
    "variant_2",
    "british_variant_2",
    "canadian_variant_2",
)


@cache
def scowl_spellings() -> dict[str, int]:
    """Every lowercase spelling SCOWL's word lists attest, with its evidence (EVIDENCE's index): every level, but
    only the regional and first-variant lists at OBSCURE_LEVEL."""
    spellings: dict[str, int] = {}
    for evidence, stems in ((0, (COMMON_LIST,)), (2, REGIONAL_LISTS), (3, VARIANT_LISTS)):
        for stem in stems:
            for path in sorted(SCOWL.glob(f"{stem}-words.*")):
                obscure = int(path.suffix[1:]) == OBSCURE_LEVEL
                if obscure and stem not in REGIONAL_LISTS + VARIANT_LISTS[:3]:
                    continue
                for entry in path.read_text("utf-8").split():
                    if entry == entry.lower() and not entry.endswith("'s"):
                        found = min(evidence, 1) if obscure else evidence
                        spellings[fold(entry)] = max(spellings.get(fold(entry), 0), found)
    return spellings


@cache
def synsets_of() -> dict[str, frozenset[tuple[str, str]]]:
    """Each single word WordNet writes, lowercased, with the synsets that hold it (Aeolian and Eolian share one)."""
    found: dict[str, set[tuple[str, str]]] = {}
    for key, (words, _, _) in wordnet_synsets().items():
        for word in words:
            if "_" not in word:
                found.setdefault(fold(word.lower()), set()).add(key)
    return {word: frozenset(keys) for word, keys in found.items()}


def synonyms(one: str, other: str) -> bool:
    """Whether one WordNet synset holds both spellings, or both with the same ending cut (and an e put back)."""
    synsets = synsets_of()
    for ending in ENDINGS:
        if one.endswith(ending) and other.endswith(ending):
            stems = [word[: len(word) - len(ending)] for word in (one, other)]
            for extra in ("", "e"):
                if synsets.get(stems[0] + extra, frozenset()) & synsets.get(stems[1] + extra, frozenset()):
                    return True
    return False


@cache
def spelling_groups(dictionary: frozenset[str]) -> list[list[str]]:
    """The spellings of one word, each group sorted, the groups sorted: the pairs the alternations make of the
    attested spellings (SCOWL's, and the British dictionary's lowercase words), on the evidence each needs, joined."""
    attested = {word: EVIDENCE.index("listed") for word in dictionary} | scowl_spellings()
    parent: dict[str, str] = {}

    def root(word: str) -> str:
        while parent.setdefault(word, word) != word:
            parent[word] = word = parent[parent[word]]
        return word

    for spelling in sorted(attested):
        for other, used in alternatives(spelling).items():
            if (
                other not in attested
                or min(len(spelling), len(other)) < MIN_LETTERS
                or len(used & SYNONYMS) > 1
                or (ALONE in used and len(used) > 1)
            ):
                continue
            evidence = max(attested[spelling], attested[other])
            if evidence == EVIDENCE.index("listed") and min(len(spelling), len(other)) < LISTED_MIN_LETTERS:
                continue
            # A digraph pair on SCOWL's word alone needs both spellings regional (proemium is American, premium
            # everyone's: two words); else WordNet's synonymy.
            both = min(attested[spelling], attested[other])
            if all(NEEDS[i] <= (both if i in SYNONYMS else evidence) for i in used) or (
                all(NEEDS[i] <= evidence for i in used - SYNONYMS) and synonyms(spelling, other)
            ):
                parent[root(spelling)] = root(other)
    groups: dict[str, list[str]] = {}
    for word in sorted(parent):
        groups.setdefault(root(word), []).append(word)
    return sorted(group for group in groups.values() if len(group) > 1)


# The codes that go with a word whatever its spelling: a group with an offensive or a slang spelling is left as it
# is, so no spelling of a slur or of an informal word is made valid by a neighbour.
REFUSED_EVERYWHERE = ("offensive", "slang")
TIERS = ("small", "standard", "large")


def agree_on_variants(code: dict[str, str], groups: Iterable[list[str]], joinable: set[str]) -> None:
    """The spellings of one word (spelling_groups) get one verdict: the word's.

    A group with a valid spelling is a word: each of its valid spellings takes the group's best tier, a spelling
    the names ruling refused (`name_first`) is valid too (the commonest use of the word is the word, whatever a
    spelling shared with a name counts: LOUVRE, of LOUVER), and an attested spelling no size holds joins
    (`joinable`: UNFAVORED, of UNFAVOURED). A spelling refused for another reason (a name only, an abbreviation,
    a letter) is another word and keeps its code; so does every spelling of a group with an offensive or a slang
    one.
    """
    for group in groups:
        codes = [code.get(word) for word in group]
        tiers = [tier for tier in codes if tier in TIERS]
        if not tiers or any(refused in codes for refused in REFUSED_EVERYWHERE):
            continue
        best = min(tiers, key=TIERS.index)
        for word, own in zip(group, codes):
            if own in TIERS or own == "name_first" or (own is None and word in joinable):
                code[word] = best
