"""Compounds built on an offensive word (docs/lexicon.md, *Compounds built on an offensive word*): a spelling no list
holds that reads as listed words, one of them a slur or an obscenity, and never as words alone, is refused as
offensive in every size, so a table never votes one in as a house word; a reading as words alone is the innocent
one, and the letters common words hold innocently (HOMO, PUSSY, TARD) are no offensive part."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.lexicon import (
    COMMON_WORD_ZIPF,
    CONTRACTION_ENDINGS,
    OFFENSIVE_PART_MIN,
    SIZES,
    WORD_PART_CODES,
    WORD_PART_MIN,
    check,
    common_word_parts,
    load_lexicons,
    offensive_compound,
    possessive_of,
)
from tables.wordsmith.house import HOUSE_REASONS, askable

ROOT = Path(__file__).resolve().parent.parent
LEXICONS = load_lexicons()
PARTS = sorted(LEXICONS.compound_parts)
SENTENCE = "{W} is built on an offensive word (a slur or an obscenity), and offensive words are not allowed."


def valid_words(least: int = WORD_PART_MIN, most: int = 9) -> list[str]:
    code = LEXICONS.code
    return sorted(w for w in LEXICONS.trie.keys() if w.isalpha() and least <= len(w) <= most and code(w) in SIZES)


WORDS = valid_words()


def innocent_reading(spelling: str) -> bool:
    """Whether some cut of the spelling in two (or its hyphens) leaves listed words alone, none a compound part."""
    if "-" in spelling:
        cuts = [spelling.split("-")]
    else:
        cuts = [[spelling[:i], spelling[i:]] for i in range(WORD_PART_MIN, len(spelling) - WORD_PART_MIN + 1)]
    return any(
        all(
            len(p) >= WORD_PART_MIN and LEXICONS.code(p) in WORD_PART_CODES and p not in LEXICONS.compound_parts
            for p in parts
        )
        for parts in cuts
    )


@pytest.mark.parametrize(
    "word",
    ["SHITSHOW", "SHITBAG", "SHIT-SHOW", "CUNTFACE", "TWATWAFFLE", "WANKSTAIN", "NIGGER-LOVER", "NIGGERLOVER"],
)
def test_an_unlisted_compound_built_on_an_offensive_word_is_refused_as_offensive_in_every_size(word):
    assert LEXICONS.code(word.lower()) is None
    for size in SIZES:
        verdict = check(word, LEXICONS[size])
        assert (verdict.valid, verdict.reason, verdict.message) == (False, "offensive", SENTENCE.format(W=word))


@pytest.mark.parametrize("word", ["HOMOTOPIC", "HOMOCLINIC", "SQUALANE", "BLUEBAGS", "TITLIKE", "PUSSYHAT"])
def test_an_unlisted_spelling_whose_offensive_letters_run_through_common_words_is_only_not_in_the_lists(word):
    """HOMO runs through HOMOSEXUALITY, SQUA through SQUARES, PUSSY through PUSSYCAT; TIT has three letters."""
    assert LEXICONS.code(word.lower()) is None
    assert check(word, LEXICONS["large"]).reason == "not_in_lexicon"


@pytest.mark.parametrize("word", ["CUNTBAGFACE", "WHATTHEFUCK", "SHITBAGFACE", "TWATBUCKETFACE", "BITCHASSNIGGA"])
def test_a_closed_up_compound_that_reads_in_no_two_parts_is_read_in_three(word):
    low = word.lower()
    assert LEXICONS.code(low) is None
    assert all(None in _kinds(reading) for reading in cuts(low, 2))  # no reading in two reads through
    assert check(word, LEXICONS["large"]).reason == "offensive"


def test_a_spelling_read_in_two_parts_is_not_read_in_three():
    """BULLSHITTIN reads as BULLSHIT and TIN, so three short words found by chance (BULLS, HIT, TIN) clear nothing."""
    assert LEXICONS.code("bullshittin") is None
    assert any(None not in _kinds(reading) for reading in cuts("bullshittin", 2))
    assert ("bulls", "hit", "tin") in cuts("bullshittin", 3) and None not in _kinds(("bulls", "hit", "tin"))
    assert check("BULLSHITTIN", LEXICONS["large"]).reason == "offensive"


def cuts(spelling: str, count: int) -> list[tuple[str, ...]]:
    """Every cut of a closed-up spelling into `count` parts of WORD_PART_MIN letters or more."""
    n, least = len(spelling), WORD_PART_MIN
    if count == 2:
        return [(spelling[:i], spelling[i:]) for i in range(least, n - least + 1)]
    return [
        (spelling[:i], spelling[i:j], spelling[j:])
        for i in range(least, n - 2 * least + 1)
        for j in range(i + least, n - least + 1)
    ]


def _kinds(reading: tuple[str, ...]) -> list[str | None]:
    """offensive, word or None for each part, as the rule reads a part (the module docstring)."""
    return [
        "offensive"
        if p in LEXICONS.compound_parts
        else "word"
        if len(p) >= WORD_PART_MIN and LEXICONS.code(p) in WORD_PART_CODES
        else None
        for p in reading
    ]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PARTS), st.sampled_from(WORDS), st.sampled_from(WORDS), st.integers(0, 2))
def test_three_closed_up_parts_are_offensive_when_no_cut_in_two_reads_and_no_cut_in_three_is_words_alone(
    part, one, two, where
):
    pieces = [one, two]
    pieces.insert(where, part)
    spelling = "".join(pieces)
    if LEXICONS.code(spelling) is not None or LEXICONS.code(spelling[:-1]) is not None:
        return  # listed, or possibly read as a listed word with an ending
    if any(None not in _kinds(r) for r in cuts(spelling, 2)):
        return  # read in two: the two-part property above covers it
    readings = {r: _kinds(r) for r in cuts(spelling, 3) if None not in _kinds(r)}
    assert "offensive" in readings[tuple(pieces)]  # the reading it was made of reads through, with its part
    expected = all("offensive" in kinds for kinds in readings.values())
    assert offensive_compound(spelling, LEXICONS.code, LEXICONS.compound_parts) == expected


@pytest.mark.parametrize("word", ["VLOG'S", "ZORBLAX'S", "DOOMSCROLL'S", "CRAPWARE'S"])
def test_an_unlisted_possessive_is_refused_as_a_possessive_and_never_put_to_the_table(word):
    low = word.lower()
    assert LEXICONS.code(low) is None and possessive_of(low) == low[:-2]
    for size in SIZES:
        verdict = check(word, LEXICONS[size])
        assert (verdict.valid, verdict.reason) == (False, "possessive")
        assert verdict.message == f"{word} is a possessive form, not a word of its own."
    assert not askable([{"code": "not_a_word", "reason": "possessive"}])


@pytest.mark.parametrize("word", ["TWAT'S", "WANKER'S", "SHITSHOW'S", "CUNTBAGFACE'S", "NIGGER'S", "FUCKER'S"])
def test_the_possessive_of_an_offensive_word_listed_or_built_is_refused_as_offensive(word):
    """Listed (NIGGER'S is a possessive in SCOWL) or not, the possessive of a slur or an obscenity, or of a spelling
    built on one, is refused as offensive: the table is never asked to allow it."""
    for size in SIZES:
        verdict = check(word, LEXICONS[size])
        assert (verdict.valid, verdict.reason, verdict.message) == (False, "offensive", SENTENCE.format(W=word))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(WORDS + PARTS))
def test_a_possessive_is_offensive_exactly_when_its_word_is(word):
    spelling = word + "'s"
    code = LEXICONS.code(spelling)
    if code in SIZES:
        return  # a listed contraction (HE'S) or a word of its own
    offensive = LEXICONS.code(word) == "offensive" or check(word, LEXICONS["large"], define=False).reason == "offensive"
    verdict = check(spelling, LEXICONS["large"], define=False)
    assert verdict.reason == ("offensive" if offensive else "possessive")


@pytest.mark.parametrize("word", ["FUCK'D", "SHIT'LL", "NIGGA'D", "CUNT'VE", "FUCK'EM", "WANKER'LL"])
def test_an_offensive_word_with_a_contractions_ending_is_refused_as_offensive(word):
    """Read at its apostrophe, as a hyphenated spelling is at its hyphens, a contraction's ending a word part."""
    assert LEXICONS.code(word.lower()) is None
    for size in SIZES:
        assert check(word, LEXICONS[size]).reason == "offensive"
    assert not askable([{"code": "not_a_word", "reason": "offensive"}])


@pytest.mark.parametrize("word", ["DOG'LL", "BITCH'N", "O'FUCK", "TABLE'D"])
def test_a_word_with_a_contractions_ending_or_an_unread_part_is_only_not_in_the_lists(word):
    """DOG'LL and BITCH'N read as words alone (BITCH is the dog's word too); O'FUCK has no part O to read."""
    assert check(word, LEXICONS["large"]).reason == "not_in_lexicon"


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(WORDS + PARTS), st.sampled_from(sorted(CONTRACTION_ENDINGS)))
def test_a_contractions_ending_leaves_a_words_verdict_offensive_or_not(word, ending):
    spelling = f"{word}'{ending}"
    if LEXICONS.code(spelling) is not None:
        return  # a listed contraction (SHE'LL) is judged by its list
    offensive = word in LEXICONS.compound_parts
    assert (check(spelling, LEXICONS["large"], define=False).reason == "offensive") == offensive


def test_a_spelling_read_as_an_innocent_word_with_an_ending_is_no_compound():
    """DICKEROS is dicker's (to haggle) with an ending, as the endings' rule reads it first: not DICK and EROS."""
    assert LEXICONS.code("dickeros") is None and offensive_compound("dickeros", LEXICONS.code, LEXICONS.compound_parts)
    assert check("DICKEROS", LEXICONS["large"]).reason == "not_in_lexicon"


def test_the_compound_parts_are_what_the_rule_makes_of_the_committed_lists():
    """wordlists/compound_parts.txt is the build's reading of lexicon.tsv and familiarity.tsv: four letters or more,
    offensive, and held by no common word; HOMO, PUSSY and TARD are not in it, SHIT, CUNT and NIGGER are."""
    sys.path.insert(0, str(ROOT / "wordlists"))
    from kinds import compound_parts_file  # the build's own module, beside build.py

    folder = LEXICONS.directory
    with open(folder / "lexicon.tsv", encoding="utf-8") as lexicon, open(folder / "familiarity.tsv") as known:
        assert compound_parts_file(lexicon, known) == (folder / "compound_parts.txt").read_text("utf-8")
    assert all(len(p) >= OFFENSIVE_PART_MIN and LEXICONS.code(p) == "offensive" for p in PARTS)
    assert {"shit", "cunt", "nigger", "wank"} <= set(PARTS) and not {"homo", "pussy", "tard", "fag"} & set(PARTS)
    code = dict(line.rstrip("\n").split("\t") for line in open(folder / "lexicon.tsv", encoding="utf-8"))
    common = common_word_parts(code, LEXICONS.familiarity, frozenset(PARTS))
    assert common == set()  # no part left that a common word holds
    assert LEXICONS.familiarity("homosexuality") >= COMMON_WORD_ZIPF


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PARTS), st.sampled_from(WORDS), st.booleans(), st.sampled_from(["", "-"]))
def test_a_part_and_a_word_joined_are_offensive_unless_listed_or_read_as_words_alone(part, word, first, joint):
    spelling = joint.join((part, word) if first else (word, part))
    code = LEXICONS.code(spelling)
    verdict = check(spelling, LEXICONS["large"], define=False)
    if code is not None:  # a listed spelling is judged by its list
        assert verdict.reason == (None if code in SIZES else {"name_first": "proper_name"}.get(code, code))
    elif innocent_reading(spelling):
        assert not offensive_compound(spelling, LEXICONS.code, LEXICONS.compound_parts)
    else:
        assert (verdict.reason, verdict.message) == ("offensive", SENTENCE.format(W=spelling.upper()))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(WORDS), st.sampled_from(WORDS), st.sampled_from(["", "-"]))
def test_two_words_that_are_no_compound_part_joined_are_never_refused_as_a_compound(one, two, joint):
    """A reading as words alone is the innocent one: whatever else the spelling reads as, it is not built on an
    offensive word."""
    spelling = one + joint + two
    if LEXICONS.code(spelling) is not None or one in LEXICONS.compound_parts or two in LEXICONS.compound_parts:
        return
    assert not offensive_compound(spelling, LEXICONS.code, LEXICONS.compound_parts)


def test_the_table_is_not_asked_to_allow_a_compound_built_on_an_offensive_word():
    """House words (ruling 22) are for the dictionary's lacking a word: an offensive compound is the rulebook's to
    refuse, so its refusal is not put to the table, while a new word's is."""
    for word, allowed in (("shitshow", False), ("nigger-lover", False), ("vlog", True), ("homotopic", True)):
        verdict = check(word, LEXICONS["standard"])
        objection = {"code": "not_a_word", "reason": verdict.reason}
        assert (verdict.reason in HOUSE_REASONS, askable([objection])) == (allowed, allowed)


def test_the_offline_data_is_named_and_kept_by_the_compound_parts_too(tmp_path):
    """The phones' word data holds the compound parts (words.js reads them): new parts make a new file name and a
    new cached file, as new words do, so the offline judge never judges by parts the server no longer has."""
    import shutil

    from solver.offline import decode_words, offline_words

    folder = tmp_path / "lists"
    shutil.copytree(LEXICONS.directory, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    before = load_lexicons(folder)
    key = before.data_key
    parts = (folder / "compound_parts.txt").read_text("utf-8").replace("\nshit\n", "\n")
    (folder / "compound_parts.txt").write_text(parts, "utf-8")
    load_lexicons.cache_clear()
    after = load_lexicons(folder)
    assert before.checksum == after.checksum and key != after.data_key
    assert "shit" not in decode_words(offline_words(after))[0]["compound"]["parts"]
    assert check("shitbag", after["standard"]).reason == "not_in_lexicon"


def test_a_long_spelling_of_no_words_costs_a_look_up_per_cut_not_one_per_pair_of_cuts():
    """The judge reads every unlisted word a request sends (a score sheet of unknown 64-letter words, 200 house
    words): a closed-up spelling's heads and tails are looked up once each, and a middle only between a head and a
    tail that read. Counted, not timed."""
    asked = []

    def code(part):
        asked.append(part)
        return LEXICONS.code(part)

    spelling = "zq" * 32  # 64 letters, no word at either end
    assert not offensive_compound(spelling, code, LEXICONS.compound_parts)
    assert len(asked) <= 2 * len(spelling)
    asked.clear()
    assert offensive_compound("cuntbagface", code, LEXICONS.compound_parts)  # read in three, still few look-ups
    assert len(asked) <= 2 * len("cuntbagface") + 9
