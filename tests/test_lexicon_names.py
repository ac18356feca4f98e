"""Names first on rare spellings (docs/lexicon.md, Names first): running text tells a name from a word only beyond
chance (wordlists/names.py), and a name's possessive is a name's, not an abbreviation's."""

import sys
from pathlib import Path

import pytest

from solver.lexicon import SIZES, check, load_lexicons

ROOT = Path(__file__).resolve().parent.parent
LEXICONS = load_lexicons()
NEEDS_SOURCES = pytest.mark.skipif(
    not Path("/usr/share/wordnet/data.noun").exists() or not Path("/usr/share/dict/scowl").exists(),
    reason="needs Debian's wordnet-base and scowl",
)


@pytest.fixture(scope="module")
def build():
    sys.path.insert(0, str(ROOT / "wordlists"))
    import build

    return build


@pytest.fixture(scope="module")
def name_data(build):
    pytest.importorskip("spacy_lookups_data")  # the build extra's case-aware counts
    word_levels, name_levels = build.scowl_levels(set(build.read_overrides("s_contractions.txt")))
    counts = build.case_counts()
    return word_levels, name_levels, counts, build.case_noise(counts, word_levels, name_levels)


# Ordinary words (animals, plants, things, trades) SCOWL ranks level with a surname or a given name, written
# capitalised a little more often than not in running text: as often as chance capitalises words so rare.
@pytest.mark.parametrize(
    "word", ["GIBBON", "DIPPER", "COLLIER", "JASMINE", "CAMPION", "ANGSTROM", "HARLEQUIN", "MUSCAT", "FORESTER"]
)
def test_an_ordinary_word_a_rarer_name_shares_is_valid(word):
    verdict = check(word, LEXICONS["large"])
    assert verdict.valid and verdict.definition, verdict


@pytest.mark.parametrize("word", ["PARIS", "HENRY", "JOHN", "ANNA", "ENGLISH", "JEAN", "TEXAS", "LONDON", "MARTHA"])
def test_a_name_running_text_writes_capitalised_beyond_chance_stays_a_name(word):
    for size in SIZES:
        assert check(word, LEXICONS[size]).reason == "proper_name"


@NEEDS_SOURCES
def test_capitals_within_chance_tell_nothing_and_beyond_it_a_name(name_data):
    """The margin an ordinary word's capitals reach by chance is measured on SCOWL's words no name list holds: rarer
    words get a wider one, and no band's leaves out more than its share of them."""
    word_levels, name_levels, counts, noise = name_data
    assert noise[-19] < noise[-16] < noise[-13]  # the rarer, the more chance
    from names import case_margin

    assert case_margin("gibbon", counts, noise) is None
    assert case_margin("paris", counts, noise) < 0 and case_margin("china", counts, noise) < 0
    assert case_margin("doctor", counts, noise) > 0


@pytest.fixture(scope="module")
def untold(name_data, build):
    """Each valid or name-first spelling SCOWL ranks no commoner as a word and whose capitals lead within chance,
    with the verdict the next measures give (True: a name): the tag counts', else SCOWL's levels', else ENABLE's."""
    word_levels, name_levels, counts, noise = name_data
    tags, enable = build.wordnet_tags_by_case(), build.enable_words()
    found = {}
    for w in sorted(name_levels):
        if (
            len(w) > 1
            and word_levels.get(w, 100) >= name_levels[w]
            and counts.get(w) is not None
            and counts.get(w.capitalize()) is not None
            and build.case_margin(w, counts, noise) is None
            and LEXICONS.code(w) in (*SIZES, "name_first")
        ):
            low, cap = tags.get(w, (0, 0))
            found[w] = cap > low if low != cap else word_levels.get(w, 100) > name_levels[w] or w not in enable
    return found


@NEEDS_SOURCES
def test_a_spelling_running_text_leaves_untold_is_judged_by_the_next_measures(untold):
    """Never by the running text: GIBBON is judged by ENABLE, SCOWL ranking ape and historian level. A name so
    judged may still be a word through another spelling of it (docs/lexicon.md, Spellings of one word)."""
    assert len(untold) > 100 and untold["gibbon"] is False
    assert [w for w, name in untold.items() if not name and LEXICONS.code(w) not in SIZES] == []
    named = [w for w, name in untold.items() if name]
    assert sum(LEXICONS.code(w) == "name_first" for w in named) > 0.9 * len(named)
