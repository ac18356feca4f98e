"""Names first on rare spellings (docs/lexicon.md, Names first): running text tells a name from a word only beyond
chance (wordlists/names.py), and a name's possessive is a name's, not an abbreviation's."""

import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    ranks = build.ranks_that_tell(counts, word_levels, name_levels, noise)
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
            level, name = word_levels.get(w, 100), name_levels[w]
            ranked = level > name and (level == 100 or (level, name) in ranks)
            found[w] = cap > low if low != cap else ranked or w not in enable
    return found


@NEEDS_SOURCES
def test_a_spelling_running_text_leaves_untold_is_judged_by_the_next_measures(untold):
    """Never by the running text: GIBBON is judged by ENABLE, SCOWL ranking ape and historian level. A name so
    judged may still be a word through another spelling of it (docs/lexicon.md, Spellings of one word)."""
    assert len(untold) > 100 and untold["gibbon"] is False
    assert [w for w, name in untold.items() if not name and LEXICONS.code(w) not in SIZES] == []
    named = [w for w, name in untold.items() if name]
    assert sum(LEXICONS.code(w) == "name_first" for w in named) > 0.9 * len(named)


# --- SCOWL's ranking of a name above a word, where running text says it tells ---------------------------------------


@pytest.mark.parametrize(
    "word", ["POPPER", "ANGELICA", "CHARDONNAY", "JACQUARD", "VIKING", "BRIE", "COULOMB", "WINKLE"]
)
def test_a_word_scowl_ranks_a_level_below_a_name_is_a_word_where_that_ranking_tells_nothing(word):
    """SCOWL ranks the name a level commoner (50 against 55 or 60), running text tells nothing beyond chance, and at
    those levels running text finds the name the commoner use in about half the spellings it tells: a tie, which
    ENABLE breaks. The party popper, the herb, the wine, the loom are words."""
    verdict = check(word, LEXICONS["large"])
    assert verdict.valid, verdict


@pytest.mark.parametrize("word", ["TOD", "FARADAY", "HENRY", "TESLA", "KELVIN"])
def test_a_unit_or_word_named_alike_stays_a_name_where_the_name_is_the_commoner_use(word):
    """The ruling (docs/lexicon.md, Names first): a unit named after a person is judged as any word is. FARADAY the
    unit is SCOWL's level 80, Faraday the scientist its level 50, where running text finds the name the commoner in
    more than four spellings of five; NEWTON and WATT are words, SCOWL ranking the unit commoner."""
    for size in SIZES:
        assert check(word, LEXICONS[size]).reason == "proper_name"
    assert all(check(w, LEXICONS["small"]).valid for w in ("NEWTON", "WATT", "JOULE", "OHM", "AMPERE", "HERTZ"))


@NEEDS_SOURCES
def test_scowls_ranking_of_a_name_tells_only_where_running_text_agrees_beyond_chance(name_data, build):
    """Measured on the spellings whose case running text tells: a pair of levels tells when the names' share's Wilson
    lower bound is above one half, and the name-first spellings SCOWL's ranking alone decided are all at such pairs."""
    from names import wilson_lower_bound

    word_levels, name_levels, counts, noise = name_data
    ranks = build.ranks_that_tell(counts, word_levels, name_levels, noise)
    assert {(70, 50), (80, 50)} <= ranks and not {(55, 50), (60, 50), (80, 70)} & ranks
    tally: dict = {}
    for w, name in name_levels.items():
        level = word_levels.get(w)
        if level and level > name and len(w) > 1 and "'" not in w:
            if (margin := build.case_margin(w, counts, noise)) is not None:
                tally.setdefault((level, name), []).append(margin < 0)
    assert ranks == {pair for pair, names in tally.items() if wilson_lower_bound(sum(names), len(names)) > 0.5}
    tags, enable = build.wordnet_tags_by_case(), build.enable_words()
    by_rank_alone = [
        w
        for w in sorted(name_levels)
        if LEXICONS.code(w) == "name_first"
        and word_levels.get(w, 100) > name_levels[w]
        and build.case_margin(w, counts, noise) is None
        and len(set(tags.get(w, (0, 0)))) == 1
        and w in enable
    ]
    assert len(by_rank_alone) > 100 and "faraday" in by_rank_alone and "popper" not in by_rank_alone
    # SCOWL listing no lowercase word (MACH, of Mach) ranks the name commoner wherever.
    assert [w for w in by_rank_alone if w in word_levels and (word_levels[w], name_levels[w]) not in ranks] == []


@given(st.integers(0, 400), st.integers(0, 400), st.integers(1, 400))
def test_the_wilson_bound_is_below_the_share_and_grows_with_hits_and_with_evidence(build, hits, more, total):
    """A ranking is trusted only on evidence: the bound never passes the share, more hits raise it, and the same share
    on more spellings raises it too (one name in one spelling tells nothing; 80 in 100 does)."""
    from names import wilson_lower_bound

    hits, total = min(hits, total), max(total, 1)
    bound = wilson_lower_bound(hits, total)
    assert 0 <= bound <= hits / total
    if hits < total:
        assert wilson_lower_bound(hits + 1, total) > bound
    if more:
        assert wilson_lower_bound(hits * (more + 1), total * (more + 1)) >= bound - 1e-12
    assert wilson_lower_bound(1, 1) < 0.5 < wilson_lower_bound(80, 100)


# --- names SCOWL lowercased ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["PEARCE", "ZACK", "PORTMAN", "SYED", "JACKMAN", "PAOLO", "BUNDY"])
def test_a_name_scowl_lowercased_that_no_other_dictionary_lists_so_is_a_proper_name(word):
    """SCOWL's levels 70 and 80 hold names in lowercase, common enough in running text to be `standard` words. No
    other dictionary lists them in lowercase and running text writes them capitalised beyond chance: names."""
    for size in SIZES:
        assert check(word, LEXICONS[size]).reason == "proper_name", word


@pytest.mark.parametrize("word", ["SANSA", "SIMBA", "SIRI", "SHAZAM", "NEVERMIND"])
def test_a_spelling_scowl_lowercased_that_no_list_names_is_no_word_of_the_lists(word):
    """Capitalised beyond chance but in no name list (a character, a brand, an album): no word, and not said to be a
    name."""
    for size in SIZES:
        assert check(word, LEXICONS[size]).reason == "not_in_lexicon", word


@NEEDS_SOURCES
def test_every_valid_word_scowl_alone_lists_lowercase_at_its_rare_levels_is_no_name(name_data, build):
    """The rule as a property: no `standard` spelling SCOWL first lists in lowercase at level 70 or 80, no other
    dictionary lists so, and running text writes capitalised beyond chance (but a spelling of a word, which is that
    word's: docs/lexicon.md, Spellings of one word). The rare ones of `large` keep SCOWL's word (polt, kai)."""
    from names import lowercase_elsewhere

    word_levels, name_levels, counts, noise = name_data
    confirmed = lowercase_elsewhere(build.enable_words())
    code = {w: LEXICONS.code(w) for w in LEXICONS.trie.keys()}
    groups = build.spelling_groups(build.dictionary_entries()[0])
    spelled = {w for group in groups if any(code.get(x) in SIZES for x in group) for w in group}
    valid = [
        w
        for w, kind in code.items()
        if kind == "standard"
        and word_levels.get(w) in (70, 80)
        and (margin := build.case_margin(w, counts, noise)) is not None
        and margin < 0
        and not confirmed(w)
    ]
    assert [w for w in valid if w not in spelled] == []
    assert confirmed("gibbons") and confirmed("colour") and not confirmed("pearce")


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
