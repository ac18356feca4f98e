"""Names first, the running-text measure (docs/lexicon.md, Names first): when case-aware counts tell a name from a word.

Capitals come to an ordinary word by chance too (a sentence's start, a title), and the rarer the word, the more its
counts are chance: among SCOWL's words no name list holds, a rare one is often written capitalised more than in
lowercase, a common one almost never. So the capitalised spelling tells a name only when it beats the lowercase one
by more than an ordinary word of that frequency does but in one case of CASE_NOISE_SHARE (`Gibbon`, the historian,
beats `gibbon`, the ape, within chance at its frequency: the next measure tells). Build time only, beside build.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Container, Iterable, Mapping
from pathlib import Path

# The share of ordinary words whose capitals outnumber their lowercase by more than a name's must.
CASE_NOISE_SHARE = 0.01
# The least ordinary words a band of frequency is measured on; a thinner band takes its nearest measured neighbour's.
CASE_NOISE_MIN_WORDS = 100
# Ordinary words of fewer letters are too often other things in running text (abbreviations, foreign words).
CASE_NOISE_MIN_LETTERS = 4


def case_noise(counts: Mapping[str, float], words: Iterable[str], names: Iterable[str]) -> dict[int, float]:
    """For each band of lowercase frequency (the log probability's floor), the margin (lowercase minus capitalised log
    probability) that all but CASE_NOISE_SHARE of the ordinary words in it reach or pass: `words` less `names`, of
    CASE_NOISE_MIN_LETTERS letters or more, letters only, both spellings counted."""
    names = set(names)
    bands: dict[int, list[float]] = {}
    for word in words:
        if word in names or len(word) < CASE_NOISE_MIN_LETTERS or not word.isalpha():
            continue
        lower, capital = counts.get(word), counts.get(word.capitalize())
        if lower is not None and capital is not None:
            bands.setdefault(math.floor(lower), []).append(lower - capital)
    measured = {
        band: sorted(margins)[int(len(margins) * CASE_NOISE_SHARE)]
        for band, margins in bands.items()
        if len(margins) >= CASE_NOISE_MIN_WORDS
    }
    return {band: measured[min(measured, key=lambda m: (abs(m - band), m))] for band in bands} | measured


def case_margin(word: str, counts: Mapping[str, float], noise: Mapping[int, float]) -> float | None:
    """How much commoner the lowercase spelling is than the capitalised one in running text (log probabilities), or
    None when that tells nothing: a spelling not counted both ways, or capitals ahead by no more than chance gives an
    ordinary word of its frequency (case_noise). Lowercase ahead always tells (an ordinary word is not written in
    lowercase for a name by chance)."""
    lower, capital = counts.get(word), counts.get(word.capitalize())
    if lower is None or capital is None:
        return None
    margin = lower - capital
    band = math.floor(lower)
    chance = noise.get(band, noise[min(noise, key=lambda m: (abs(m - band), m))] if noise else 0.0)
    return None if chance <= margin < 0 else margin


# How sure the running text must make it that SCOWL's ranking of a name above a word names the commoner use: the
# lower bound of a 95 % Wilson interval on the share of names, above one half.
RANK_CONFIDENCE_Z = 1.96


def wilson_lower_bound(hits: int, total: int, z: float = RANK_CONFIDENCE_Z) -> float:
    """The lower bound of the Wilson score interval for a share of `hits` in `total` (0 for none)."""
    if total == 0:
        return 0.0
    share = hits / total
    centre = share + z * z / (2 * total)
    spread = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total))
    return min(share, max(0.0, (centre - spread) / (1 + z * z / total)))  # within [0, share], rounding aside


def ranks_that_tell(
    counts: Mapping[str, float],
    word_levels: Mapping[str, int],
    name_levels: Mapping[str, int],
    noise: Mapping[int, float],
) -> set[tuple[int, int]]:
    """The pairs (word level, name level), the name ranked commoner, at which SCOWL's ranking tells a name: among the
    spellings SCOWL ranks so whose case running text tells beyond chance (case_margin), the name is the commoner
    use in more than half, beyond chance (wilson_lower_bound). SCOWL files names and words in lists of their own, and
    near levels say little (popper, angelica are words), far ones tell (tod, faraday are names); the shares at each
    pair: bench/lexicon.py."""
    tally: dict[tuple[int, int], list[int]] = {}
    for word, name_level in name_levels.items():
        word_level = word_levels.get(word)
        if word_level is None or word_level <= name_level or len(word) < 2 or "'" in word:
            continue
        margin = case_margin(word, counts, noise)
        if margin is not None:
            tally.setdefault((word_level, name_level), [0, 0])[margin < 0] += 1
    return {pair for pair, (words, names) in tally.items() if wilson_lower_bound(names, words + names) > 0.5}


# SCOWL's lowercase levels that hold names and brands it lowercased (pearce, sansa, syed) among their rare words.
LOWERCASED_NAME_LEVELS = frozenset({70, 80})
# The size the rule reads: a `standard` word is common in running text (SCOWL's 70, or wordfreq's counts), where an
# English word would be in another dictionary too; a `large` one rare, where a capitalised spelling is as often
# another language's word or a name in romanisation beside a rare word the word-game lists hold (thema, kai, polt).
LOWERCASED_NAME_SIZE = "standard"


def lowercased_names(
    code: Mapping[str, str],
    word_levels: Mapping[str, int],
    counts: Mapping[str, float],
    noise: Mapping[int, float],
    enable: frozenset[str],
    named: Container[str],
) -> dict[str, str | None]:
    """The valid spellings that are a name SCOWL lowercased, no word: of LOWERCASED_NAME_SIZE, SCOWL lists the
    lowercase spelling first at one of LOWERCASED_NAME_LEVELS, no other dictionary lists it in lowercase (lowercase_elsewhere: ENABLE, `enable`,
    WordNet's lowercase lemmas and their forms, the British dictionary's lowercase words), and running text writes it
    capitalised beyond chance (case_margin). Each with its code: `proper_name` when a list holds the capitalised
    spelling (`named`: SCOWL's names, the British dictionary's), else None, no word of the lists (sansa, nevermind)."""
    found: dict[str, str | None] = {}
    confirmed = lowercase_elsewhere(enable)
    for word, kind in code.items():
        if kind == LOWERCASED_NAME_SIZE and word_levels.get(word) in LOWERCASED_NAME_LEVELS:
            margin = case_margin(word, counts, noise)
            if margin is not None and margin < 0 and not confirmed(word):
                found[word] = "proper_name" if word in named else None
    return found


def lowercase_elsewhere(enable: frozenset[str]) -> Callable[[str], bool]:
    """Whether a dictionary besides SCOWL lists a spelling in lowercase: ENABLE (`enable`), the British dictionary, or
    WordNet, as a lowercase lemma or a form of one by its own morphology (`gestapos`: `gestapo`)."""
    from modern import dictionary_entries
    from wordnet_data import base_forms, wordnet_exceptions, wordnet_lemmas

    british, exceptions = dictionary_entries()[0], wordnet_exceptions()
    lemmas = {lemma for lemma in wordnet_lemmas() if lemma.islower()}
    return lambda word: (
        word in enable
        or word in british
        or any(base in lemmas for pos in exceptions for base in base_forms(word, pos, exceptions))
    )


# The British English dictionary (hunspell-en-gb): a title-case entry with the possessive flag is a name (Phil/M).
BRITISH_DICTIONARY = Path("/usr/share/hunspell/en_GB.dic")
SCOWL = Path("/usr/share/dict/scowl")
# SCOWL's levels whose proper-name lists name a spelling: at its rarest level, 95, they hold abbreviations written
# capitalised too (Adv, Chem, Sergt).
NAME_LIST_MAX_LEVEL = 80
# A name's possessive has three letters or more before its 's: two-letter capitalised entries are chemical symbols.
NAME_POSSESSIVE_MIN = 3


def _scowl_entries(suffix: str, max_level: int = 95) -> set[str]:
    entries: set[str] = set()
    for path in SCOWL.glob(f"*-{suffix}.*"):
        if int(path.suffix[1:]) <= max_level:
            entries.update(path.read_text("utf-8").split())
    return entries


def _british_dictionary() -> tuple[set[str], set[str]]:
    """The British dictionary's names (title case, with the possessive flag M) and its entries in capitals (NATO,
    EULA), each as the word itself."""
    names, capitals = set(), set()
    for line in BRITISH_DICTIONARY.read_text("utf-8").splitlines()[1:]:
        entry, _, flags = line.partition("/")
        if len(entry) > 1 and entry.isupper():
            capitals.add(entry)
        elif entry[:1].isupper() and entry[1:].islower() and "M" in flags.split()[0] if flags else False:
            names.add(entry)
    return names, capitals


def names_possessives(code: Mapping[str, str], counts: Mapping[str, float]) -> set[str]:
    """The listed 's spellings of a spelling filed as an abbreviation that are a name's possessive: a dictionary
    lists the name (SCOWL's proper-name lists up to NAME_LIST_MAX_LEVEL, or the British dictionary in title case
    with its possessive: Mia, Ira, Phil, Bart), of NAME_POSSESSIVE_MIN letters or more; the British dictionary
    does not write the abbreviation in capitals (NATO, EULA: the acronym is the commoner); and an abbreviation SCOWL
    lists in lowercase, a shortened word (opp), is rarer in running text (`counts`) than the name (phil, Phil)."""
    if not BRITISH_DICTIONARY.exists():
        return set()
    british_names, british_capitals = _british_dictionary()
    names = {entry for entry in _scowl_entries("proper-names", NAME_LIST_MAX_LEVEL) if entry[1:].islower()}
    lowercase_abbreviations = {entry for entry in _scowl_entries("abbreviations") if entry.islower()}
    found = set()
    for spelling, kind in code.items():
        base = spelling[:-2]
        if kind != "possessive" or not spelling.endswith("'s") or code.get(base) != "abbreviation":
            continue
        name = base.capitalize()
        if (
            len(base) >= NAME_POSSESSIVE_MIN
            and (name in names or name in british_names)
            and (base not in lowercase_abbreviations or counts.get(name, -99.0) > counts.get(base, -99.0))
            and base.upper() not in british_capitals
        ):
            found.add(spelling)
    return found


def abbreviations_possessives(code: Mapping[str, str], counts: Mapping[str, float]) -> dict[str, str]:
    """The listed 's spellings whose spelling before the 's is filed as an abbreviation, with their code: the
    abbreviation's (`abbreviation`: CEO'S, NATO'S), but a name's possessive (names_possessives: MIA'S, PHIL'S) stays
    `possessive`. The judge reads an abbreviation's 's form by this code alone (solver/lexicon.py check)."""
    names = names_possessives(code, counts)
    return {
        spelling: "abbreviation"
        for spelling, kind in code.items()
        if kind == "possessive"
        and spelling.endswith("'s")
        and code.get(spelling[:-2]) == "abbreviation"
        and spelling not in names
    }
