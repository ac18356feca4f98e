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


# --- a name's possessive (docs/lexicon.md, Abbreviations' forms) ----------------------------------------------


@pytest.mark.parametrize("word", ["MIA'S", "IRA'S", "PHIL'S", "BART'S", "IDA'S", "VIC'S"])
def test_a_names_possessive_is_a_possessive_though_an_abbreviation_is_spelled_alike(word):
    """MIA is filed as an abbreviation (missing in action), but MIA'S is Mia's: a name's possessive, as JIM'S is."""
    assert LEXICONS.code(word.lower()[:-2]) == "abbreviation"
    for size in SIZES:
        verdict = check(word, LEXICONS[size])
        assert (
            verdict.reason == "possessive" and verdict.message == f"{word} is a possessive form, not a word of its own."
        )


@pytest.mark.parametrize(("word", "base"), [("NATO'S", "NATO"), ("CEO'S", "CEO"), ("EULA'S", "EULA"), ("OPP'S", "OPP")])
def test_an_acronyms_listed_s_form_stays_the_abbreviations(word, base):
    """The British dictionary writes NATO and EULA in capitals; OPP is a shortened word SCOWL lists in lowercase."""
    for size in SIZES:
        verdict = check(word, LEXICONS[size])
        assert verdict.reason == "abbreviation" and f"the abbreviation {base} with 's" in verdict.message


@NEEDS_SOURCES
def test_every_listed_s_form_of_an_abbreviation_is_the_abbreviations_or_a_names_possessive(build):
    """Over the whole lexicon: an 's spelling whose base is filed as an abbreviation is stored as the abbreviation's,
    or as a possessive when it is a name's (names_possessives), and the judge says which."""
    from names import names_possessives

    code = {w: LEXICONS.code(w) for w in LEXICONS.trie.keys()}
    forms = sorted(w for w in code if w.endswith("'s") and code.get(w[:-2]) == "abbreviation")
    names = names_possessives({**code, **{w: "possessive" for w in forms}}, build.case_counts())
    assert {"mia's", "phil's", "bart's", "ira's"} <= names and "nato's" not in names
    assert [w for w in forms if code[w] != ("possessive" if w in names else "abbreviation")] == []


# --- interjections no list holds (docs/lexicon.md, No vowel, no word) --------------------------------------------


@pytest.mark.parametrize("word", ["HMPH", "GRR", "HMMPH", "TCH"])
def test_an_interjection_no_list_holds_is_not_in_the_lists_rather_than_an_abbreviation(word):
    for size in SIZES:
        verdict = check(word, LEXICONS[size])
        assert verdict.reason == "not_in_lexicon" and "abbreviation" not in verdict.message, verdict


def test_every_sound_judged_is_vowelless_and_in_no_size():
    from solver.lexicon import has_vowel

    judged = [
        line.split()[0]
        for line in (ROOT / "wordlists" / "sounds.txt").read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert "hmph" in judged and "grr" in judged
    assert [w for w in judged if has_vowel(w) or LEXICONS.code(w) != "sound"] == []
