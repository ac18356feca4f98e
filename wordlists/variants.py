"""The spellings of one word: colour and color, realise and realize, dialogue and dialog, haloes and halos
(docs/lexicon.md, *Spellings of one word*; wordlists/SOURCES.md).

Two spellings are one word's when both are attested, one turns into the other by one of English's regular
spelling alternations (ALTERNATIONS: our/or, ise/ize, yse/yze, re/er, ae/e, oe/e, ogue/og, l/ll, ence/ense, y/i
and the two plurals of a borrowed noun: -oes/-os, -eaux/-eaus, -a/-ums, -i/-uses, -i/-os, -ata/-as, -a/-ons,
-ae/-as, -ices/-exes, -ices/-ixes, -ina/-ens, -ora/-urs, -ves/-fs), at most twice (manoeuvre, maneuver), and the
sources say so of the PAIR, not of each spelling alone (pair_evidence, ACCEPTS): SCOWL files the two in
complementary regional lists at one level (colour British, color American; realise British, realize British-z), or
one in a variant list at the level of the other in a main list (dialog, dialogue: SCOWL files a variant at its main
spelling's level), or the British English dictionary lists one SCOWL lacks while SCOWL lists the other (multicentre),
or, for ise/ize and yse/yze, lists both and SCOWL neither (racialised, racialized), or, for ae/e, oe/e and y/i, WordNet
puts both in one synset (chimaera, cayman). Attested means a lowercase entry without an apostrophe of one of SCOWL's
word lists the build reads (its `english`, regional and variant lists, all levels but the `english` and `variant_2`
lists' 95), or of the British dictionary. A plural pair needs its singular attested no rarer than the plurals
(crania, craniums: cranium; not ultimata, ultimas: ultimatum's and ultima's). The pairs join into groups, one word
each, and two groups join only when every spelling of one pairs with every spelling of the other (spelling_groups).

Build time only, beside build.py (which imports it from its own folder).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from wordnet_data import wordnet_synsets  # beside this script

from solver.normalize import fold  # the one normalization, shared

# A consonant letter (not y): what precedes the re of centre, never an apostrophe (where're, where'er).
CONSONANT = "[b-df-hj-np-tv-xz]"
# English's regular spelling alternations: a pattern, what it turns into, the evidence a pair it makes accepts
# (ACCEPTS), and for a plural alternation the singular's ending (the plurals of one singular). Each is written from
# the spelling with more letters to the one with fewer (colour to color).
ALTERNATIONS = (
    ("(?<=[a-z]{2})our", "or", "listed", None),  # colour, color; labourite; harbourside; unfavoured
    ("(?<=[a-z]{3})is(?=e|ing|ation|ational|able)", "iz", "british", None),  # realise, realize; balkanisation
    ("(?<=[a-z]{2})ys(?=e|ing|er|ation)", "yz", "british", None),  # analyse, analyze; electrolyser
    (f"(?<={CONSONANT})re(?=s?$)", "er", "curated", None),  # centre, center; centres; multicentre
    (f"(?<={CONSONANT})red$", "ered", "curated", None),  # centred, centered
    (f"(?<={CONSONANT})ring$", "ering", "curated", None),  # centring, centering
    ("ae(?=[a-z])", "e", "regional", None),  # palaeolithic, paleolithic; chimaera; aeolian; hyaena
    ("oe(?!s$|d$|$)", "e", "regional", None),  # foetus, fetus; oestrogen; manoeuvre
    ("ogue(?=s?$)", "og", "variant", None),  # dialogue, dialog; catalogues, catalogs
    ("ogu(?=e[ds]$|ing$)", "og", "variant", None),  # catalogued, cataloged; cataloguing
    ("(?<=[aeiou])ll(?=e|i|ment|ful|$)", "l", "variant", None),  # travelled, traveled; instalment; fulfil
    ("ence(?=s?$)", "ense", "variant", None),  # defence, defense
    ("(?<=[a-z])y(?=[a-z])", "i", "wordnet", None),  # cayman, caiman (alone: argyll, argil; chyle, chile)
    # The plurals a borrowed noun takes both ways (both plurals of one singular).
    ("eaux$", "eaus", "plural", "eau"),  # portmanteaux, portmanteaus
    ("oes$", "os", "plural", "o"),  # haloes, halos; lassoes; buffaloes
    ("(?<=[a-z]{3})a$", "ums", "plural", "um"),  # crania, craniums
    ("(?<=[a-z]{3})i$", "uses", "plural", "us"),  # acanthi, acanthuses; cacti
    ("(?<=[a-z]{3})i$", "os", "plural", "o"),  # torsi, torsos; intagli
    ("(?<=[a-z]{3})ata$", "as", "plural", "a"),  # sarcomata, sarcomas; miasmata
    ("(?<=[a-z]{3})a$", "ons", "plural", "on"),  # tetrahedra, tetrahedrons; philodendra
    ("(?<=[a-z]{3})ae$", "as", "plural", "a"),  # retinae, retinas; herniae
    ("(?<=[a-z]{2})ices$", "exes", "plural", "ex"),  # apices, apexes
    ("(?<=[a-z]{2})ices$", "ixes", "plural", "ix"),  # executrices, executrixes
    ("(?<=[a-z]{2})ina$", "ens", "plural", "en"),  # gravamina, gravamens
    ("(?<=[a-z]{2})ora$", "urs", "plural", "ur"),  # femora, femurs
    ("(?<=[a-z]{2})ves$", "fs", "plural", "f"),  # wharves, wharfs; neckerchieves
)
# The evidence about a pair (pair_evidence) each alternation accepts. `listed` (our/or) takes SCOWL's and the
# British dictionary's; `british` (ise/ize, yse/yze) also the British dictionary's listing of both, as it spells
# either way (racialised, racialized); `curated` (re/er) takes SCOWL's only up to CURATED_LEVEL, above which SCOWL
# files foreign words under re/er mechanically (notre British, noter American; sempre, semper); `variant` takes
# SCOWL's regional or variant listing; the digraphs' `regional` SCOWL's regional listing, or WordNet's synonymy
# (synonyms: one synset holds both spellings, or both with one ending cut), as a variant-listed digraph is too
# often another word (steps and stoeps, premium and proemium); y/i WordNet's alone. WordNet's synonymy is no
# evidence for the others: it holds timber with timbre.
ACCEPTS = {
    "listed": ("regional", "variant", "dictionary"),
    "british": ("regional", "variant", "dictionary", "british"),
    "curated": ("regional", "variant", "dictionary"),
    "variant": ("regional", "variant"),
    "plural": ("regional", "variant", "plurals"),
    "regional": ("regional", "wordnet"),
    "wordnet": ("wordnet",),
}
# The endings two derived spellings of one word share, cut to find the word's spellings (derived_pair).
DERIVED_ENDINGS = ("ation", "ations", "ational", "ment", "ments", "er", "ers", "ism", "isms", "ist", "ists", "ity")
# SCOWL's highest level whose re/er regional and variant listings are a pair's evidence.
CURATED_LEVEL = 70
# The endings cut from two spellings to find them in one WordNet synset.
ENDINGS = ("", "s", "es", "ed", "d", "ing", "er", "ers", "ic", "al", "ical", "ly")
# SCOWL's level of very obscure words: its common lists there hold too many oddities to attest a spelling (naegates,
# saecular), and so does its second-variant list; its regional and first-variant lists still do (unfavored,
# electrolyzer), as evidence as weak as the British dictionary's alone (LISTED_MIN_LETTERS).
OBSCURE_LEVEL = 95
# How many alternations one pair may take: two, so that manoeuvre reaches maneuver through oe/e and re/er.
MAX_STEPS = 2
# The shortest spelling paired: four letters are too few to tell an alternation from another word (zea, zoea; gres,
# gers).
MIN_LETTERS = 5
# The shortest spelling paired on weak evidence (the British dictionary's, or SCOWL's at OBSCURE_LEVEL): entre and
# enter, libres and libers stay apart.
LISTED_MIN_LETTERS = 7
COMPILED = tuple((re.compile(pattern), replacement) for pattern, replacement, _, _ in ALTERNATIONS)
NEEDS = tuple(ACCEPTS[evidence] for _, _, evidence, _ in ALTERNATIONS)
SINGULARS = tuple(singular for _, _, _, singular in ALTERNATIONS)
CURATED = frozenset(index for index, (_, _, evidence, _) in enumerate(ALTERNATIONS) if evidence == "curated")
DIGRAPHS = frozenset(
    index for index, (_, _, evidence, _) in enumerate(ALTERNATIONS) if evidence in ("regional", "wordnet")
)
ALONE = next(index for index, (pattern, _, _, _) in enumerate(ALTERNATIONS) if pattern.endswith("y(?=[a-z])"))


def alternatives(spelling: str, steps: int = MAX_STEPS) -> dict[str, tuple[frozenset[int], frozenset[str]]]:
    """The spellings up to `steps` alternations make of `spelling`, each with the alternations used and the
    singulars its plural alternations imply (crania, craniums: cranium).

    Each alternation is written from the spelling with more letters to the one with fewer (colour to color), so
    running them forward from every attested spelling finds every pair.
    """
    made: dict[str, tuple[frozenset[int], frozenset[str]]] = {}
    frontier = {spelling: (frozenset(), frozenset())}
    for _ in range(steps):
        following = {}
        for word, (used, singulars) in frontier.items():
            for index, (pattern, replacement) in enumerate(COMPILED):
                for match in pattern.finditer(word):
                    other = word[: match.start()] + replacement + word[match.end() :]
                    singular = () if SINGULARS[index] is None else (word[: match.start()] + SINGULARS[index],)
                    if other != spelling and other not in made:
                        following[other] = made[other] = (used | {index}, singulars | set(singular))
        frontier = following
    return made


# SCOWL's lists that attest a spelling (the build's, less the Australian ones, which hold slang): the common
# `english` list, the regional ones and the variant ones, every level but the common and second-variant lists' 95
# (OBSCURE_LEVEL).
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
VARIANT = "variant"  # the variant lists, one kind of listing


@cache
def scowl_spellings() -> dict[str, dict[str, int]]:
    """Every lowercase spelling SCOWL's word lists attest (no possessive, no apostrophe), with the lowest level of
    each list that holds it (the variant lists as one, VARIANT): every level, but only the regional and
    first-variant lists at OBSCURE_LEVEL."""
    spellings: dict[str, dict[str, int]] = {}
    for stem in (COMMON_LIST, *REGIONAL_LISTS, *VARIANT_LISTS):
        kind = VARIANT if stem in VARIANT_LISTS else stem
        for path in sorted(SCOWL.glob(f"{stem}-words.*")):
            level = int(path.suffix[1:])
            if level == OBSCURE_LEVEL and stem not in REGIONAL_LISTS + VARIANT_LISTS[:3]:
                continue
            for entry in path.read_text("utf-8").split():
                if entry == entry.lower() and "'" not in entry:
                    lists = spellings.setdefault(fold(entry), {})
                    lists[kind] = min(lists.get(kind, level), level)
    return spellings


def pair_evidence(one: str, other: str, dictionary: frozenset[str]) -> dict[str, int]:
    """What SCOWL and the British dictionary say of two spellings as a pair, each evidence with its level (the
    dictionary's: OBSCURE_LEVEL, as weak): `regional`, complementary regional listings at one level (of SCOWL's
    American, British, British-z and Canadian lists, none holds both: colour British, color American; realise
    British, realize British-z); `variant`, one spelling in a variant list at
    the level of the other in a main list (SCOWL files a variant at its main spelling's level: spilled, a variant
    of spilt at 35, is no spelling of spiled at 80); `dictionary`, one spelling the British dictionary lists and
    SCOWL does not, the other SCOWL's; `british`, the British dictionary lists both and SCOWL neither."""
    scowl = scowl_spellings()
    found: dict[str, int] = {}
    lists = [scowl.get(one, {}), scowl.get(other, {})]
    regional = [{kind: level for kind, level in each.items() if kind in REGIONAL_LISTS} for each in lists]
    if all(regional) and not set(regional[0]) & set(regional[1]):
        levels = {min(each.values()) for each in regional}
        if len(levels) == 1:
            found["regional"] = levels.pop()
    for variant, main in (lists, lists[::-1]):
        levels = [level for kind, level in main.items() if kind != VARIANT]
        if VARIANT in variant and levels and min(levels) == variant[VARIANT]:
            found[VARIANT] = variant[VARIANT]
    only_dictionary = [spelling in dictionary and spelling not in scowl for spelling in (one, other)]
    if any(only_dictionary) and any(lists):
        found["dictionary"] = OBSCURE_LEVEL
    if all(only_dictionary):
        found["british"] = OBSCURE_LEVEL
    return found


def level(spelling: str) -> int | None:
    """The lowest level of SCOWL's lists that holds a spelling (None: no list)."""
    return min(scowl_spellings().get(spelling, {}).values(), default=None)


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


def filed_with_singular(plurals: tuple[str, str], singulars: frozenset[str]) -> int | None:
    """The level at which SCOWL files two plurals as variants of their one singular's, or None: the singular in a main
    list (not a variant one), the plurals in the variant lists only, at its level (virtuoso in the common list at 35,
    virtuosi and virtuosos in the variant list at 35). Neither plural is then the other's variant: SCOWL holds both
    as the noun's. Not a main listing of either: cocoa is no plural of cocoon, waives none of waif."""
    if len(singulars) != 1:
        return None
    scowl = scowl_spellings()
    main = min((at for kind, at in scowl.get(next(iter(singulars)), {}).items() if kind != VARIANT), default=None)
    listed = [scowl.get(plural, {}) for plural in plurals]
    return main if main is not None and all(lists == {VARIANT: main} for lists in listed) else None


def derived_pair(one: str, other: str, used: frozenset[int], dictionary: frozenset[str]) -> bool:
    """Whether two spellings are one word's as forms of two spellings of one word, by the same alternations: one
    DERIVED_ENDINGS ending cut from both (an e put back before a vowel) leaves an attested pair (tranquillisation,
    tranquilization: tranquillise, tranquilize). SCOWL lists a derived form at its own level, the regional spellings
    often at levels apart, so the pair's evidence is its stems'. No plural alternation: it ends a word."""
    if any(SINGULARS[i] is not None for i in used):
        return False
    attested = scowl_spellings()
    for ending in DERIVED_ENDINGS:
        if one.endswith(ending) and other.endswith(ending):
            for extra in ("e", "") if ending[0] in "aeiou" else ("",):
                stems = [word[: len(word) - len(ending)] + extra for word in (one, other)]
                if all(stem in attested or stem in dictionary for stem in stems):
                    for a, b in (stems, stems[::-1]):
                        steps = alternatives(a).get(b)
                        if steps and steps[0] == used and is_pair(a, b, *steps, dictionary):
                            return True
    return False


def is_pair(one: str, other: str, used: frozenset[int], singulars: frozenset[str], dictionary: frozenset[str]) -> bool:
    """Whether the sources call two spellings, which the alternations `used` turn one into the other, one word's:
    on evidence about the pair, or as forms of a pair (derived_pair)."""
    if min(len(one), len(other)) < MIN_LETTERS or len(used & DIGRAPHS) > 1 or (ALONE in used and len(used) > 1):
        return False
    return evidenced(one, other, used, singulars, dictionary) or derived_pair(one, other, used, dictionary)


def evidenced(
    one: str, other: str, used: frozenset[int], singulars: frozenset[str], dictionary: frozenset[str]
) -> bool:
    """Whether the evidence about two spellings as a pair (pair_evidence, filed_with_singular, WordNet's synonymy)
    is what each alternation `used` accepts (ACCEPTS), and a plural pair's singular is listed no rarer."""
    found = pair_evidence(one, other, dictionary)
    if (with_singular := filed_with_singular((one, other), singulars)) is not None:
        found["plurals"] = with_singular
    usable = {
        kind: at for kind, at in found.items() if at < OBSCURE_LEVEL or min(len(one), len(other)) >= LISTED_MIN_LETTERS
    }
    if any("wordnet" in NEEDS[i] for i in used) and synonyms(one, other):
        usable["wordnet"] = 0
    if not all(
        any(
            kind in usable and (i not in CURATED or usable[kind] <= CURATED_LEVEL or kind == "dictionary")
            for kind in NEEDS[i]
        )
        for i in used
    ):
        return False
    # Plurals of one singular: a word, listed no rarer than the plurals (SCOWL lists a noun at or below its plurals).
    levels = [at for at in (level(one), level(other)) if at is not None]
    return all(levels and (level(singular) or OBSCURE_LEVEL + 1) <= min(levels) for singular in singulars)


def squares(pairs: dict[frozenset[str], frozenset[int]], unproven: dict[frozenset[str], frozenset[int]]) -> dict:
    """The pairs four spellings in a square make, each alternation with its pairs' evidence, beyond `pairs` (each with
    the alternations that turn one spelling into the other): a pair the alternations make that no evidence names is
    one word's when the one alternation that turns neither into the other turns each into one of a pair
    (tranquilisation and tranquillisation, l/ll: ise/ize pairs them with tranquilization and tranquillization, a
    pair); and the two diagonals of four spellings whose four sides pair (tranquilisation, tranquillization). Four
    attested spellings, each a spelling of its neighbours: no word joins another through one spelling (minae)."""
    by_word: dict[str, dict[str, frozenset[int]]] = {}
    for pair, used in pairs.items():
        one, other = sorted(pair)
        by_word.setdefault(one, {})[other] = by_word.setdefault(other, {})[one] = used
    found: dict[frozenset[str], frozenset[int]] = {}
    for pair, used in sorted(unproven.items(), key=lambda item: sorted(item[0])):
        one, other = sorted(pair)
        if any(
            side == by_word.get(other, {}).get(far) and by_word.get(near, {}).get(far) == used
            for near, side in by_word.get(one, {}).items()
            for far in by_word.get(other, {})
            if far not in pair and near not in pair and near != far
        ):
            found[pair] = used
    for pair, used in found.items():
        one, other = sorted(pair)
        by_word.setdefault(one, {})[other] = by_word.setdefault(other, {})[one] = used
    for corner in sorted(by_word):
        for near, across in ((a, b) for a in by_word[corner] for b in by_word[corner] if a < b):
            for far in set(by_word[near]) & set(by_word[across]) - {corner}:
                for diagonal in (frozenset((corner, far)), frozenset((near, across))):
                    if diagonal not in pairs and diagonal not in found:
                        found[diagonal] = by_word[corner][near] | by_word[corner][across]
    return found


@cache
def word_pairs(dictionary: frozenset[str]) -> dict[frozenset[str], frozenset[int]]:
    """Every two attested spellings (SCOWL's, and the British dictionary's lowercase words) that are one word's, each
    with the alternations that turn one into the other: on evidence about the pair (is_pair), or as a square's
    (squares)."""
    attested = set(scowl_spellings()) | {word for word in dictionary if "'" not in word}
    pairs: dict[frozenset[str], frozenset[int]] = {}
    unproven: dict[frozenset[str], frozenset[int]] = {}
    for spelling in sorted(attested):
        for other, (used, singulars) in alternatives(spelling).items():
            if other in attested:
                pair = frozenset((spelling, other))
                (pairs if is_pair(spelling, other, used, singulars, dictionary) else unproven)[pair] = used
    return pairs | squares(pairs, unproven)


@cache
def spelling_groups(dictionary: frozenset[str]) -> list[list[str]]:
    """The spellings of one word, each group sorted, the groups sorted: the pairs of word_pairs, joined; two groups
    join only when every spelling of one pairs with every spelling of the other, so that a word is never joined to
    another through a spelling of both (minae, minas of mina; mynas, of myna)."""
    pairs = word_pairs(dictionary)
    parent: dict[str, str] = {}
    members: dict[str, list[str]] = {}

    def root(word: str) -> str:
        while parent.setdefault(word, word) != word:
            parent[word] = word = parent[parent[word]]
        return word

    for one, other in sorted(tuple(sorted(pair)) for pair in pairs):
        first, second = root(one), root(other)
        joined = members.get(first, [first]), members.get(second, [second])
        if first != second and all(frozenset((a, b)) in pairs for a in joined[0] for b in joined[1]):
            parent[second] = first
            members[first] = joined[0] + joined[1]
            members.pop(second, None)
    return sorted(sorted(group) for group in members.values())


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
