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
    OFFENSIVE_PART_MIN,
    SIZES,
    WORD_PART_CODES,
    WORD_PART_MIN,
    check,
    common_word_parts,
    load_lexicons,
    offensive_compound,
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
