"""Abbreviations recognised by their shape and by the lists: the plural of a listed abbreviation and its 's form, a
y that begins a spelling (no vowel: YRS), a y-only spelling with edges no word has (PKWY, TTYL), and the chat
abbreviations SCOWL lacks (wordlists/chat.txt). docs/lexicon.md, *No vowel, no word* and *Abbreviations' forms*."""

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.lexicon import SIZES, abbreviated_shape, check, has_vowel, load_lexicons, unspoken_edges

ROOT = Path(__file__).resolve().parent.parent
LEXICONS = load_lexicons()
CODE = {
    word: code
    for word, _, code in (line.partition("\t") for line in (LEXICONS.directory / "lexicon.tsv").read_text().split("\n"))
    if word
}
ABBREVIATIONS = sorted(w for w, c in CODE.items() if c == "abbreviation" and w.isalpha() and len(w) >= 2)
Y_ONLY = re.compile(r"[b-df-hj-np-tv-z]*y[b-df-hj-np-tv-z]*(y[b-df-hj-np-tv-z]*)*")


def refused_everywhere(word: str) -> list:
    verdicts = [check(word, LEXICONS[size], define=False) for size in SIZES]
    assert all(v.reason == "abbreviation" for v in verdicts), verdicts
    return verdicts


def kinds():
    sys.path.insert(0, str(ROOT / "wordlists"))
    import kinds

    return kinds


# --- the plural of a listed abbreviation, and its 's form --------------------------------------


@pytest.mark.parametrize(
    ("word", "base"),
    [("MINS", "MIN"), ("CEOS", "CEO"), ("NGOS", "NGO"), ("SUVS", "SUV"), ("ISPS", "ISP"), ("GPUS", "GPU")]
    + [("IPOS", "IPO"), ("DEPTS", "DEPT"), ("YDS", "YD"), ("HWYS", "HWY"), ("LOLS", "LOL")],
)
def test_the_plural_of_a_listed_abbreviation_is_an_abbreviation_naming_it(word, base):
    assert LEXICONS.code(word.lower()) is None and LEXICONS.code(base.lower()) == "abbreviation"
    for verdict in refused_everywhere(word):
        assert verdict.message == f"{word} is the plural of the abbreviation {base}, and abbreviations are not allowed."


@pytest.mark.parametrize("word", ["ADS", "LABS", "REPS", "APPS", "STATS"])
def test_a_plural_shape_a_list_holds_keeps_its_own_verdict(word):
    assert check(word, LEXICONS["large"]).valid


@pytest.mark.parametrize(("word", "base"), [("CEO'S", "CEO"), ("NASA'S", "NASA"), ("NGO'S", "NGO"), ("LOL'S", "LOL")])
def test_an_abbreviation_with_s_is_an_abbreviation_listed_or_not(word, base):
    for verdict in refused_everywhere(word):
        assert verdict.message == (
            f"{word} is the abbreviation {base} with 's (its possessive, or a plural written with an apostrophe),"
            " and abbreviations are not allowed."
        )


@pytest.mark.parametrize("word", ["DOG'S", "LONDON'S", "VLOG'S"])
def test_the_possessive_of_a_word_or_a_name_stays_a_possessive(word):
    assert check(word, LEXICONS["large"]).reason == "possessive"


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(ABBREVIATIONS), st.sampled_from(["s", "'s"]))
def test_every_form_of_a_listed_abbreviation_the_lists_lack_is_refused_as_one(base, ending):
    """The rule stated generally: a listed abbreviation's plural or 's form is an abbreviation naming it, unless a
    list holds that spelling as something else (then its own verdict) or a sound is drawn out (SSS, a hiss)."""
    form = base + ending
    listed = CODE.get(form)
    verdict = check(form, LEXICONS["large"], define=False)
    if listed in SIZES:
        assert verdict.valid
    elif listed not in (None, "possessive"):
        assert verdict.reason == ("proper_name" if listed == "name_first" else listed)
    elif not re.search(r"([fhlmnrsvwz])\1\1", form):
        assert verdict.reason == "abbreviation"
        assert f"abbreviation {base.upper()}" in verdict.message


# --- a y that begins a spelling is no vowel ----------------------------------------------------


@pytest.mark.parametrize("word", ["YRBKS'", "YTDS", "YRDS", "YSL", "YMMV"])
def test_a_spelling_whose_only_y_begins_it_has_no_vowel(word):
    word = word.rstrip("'")
    assert not has_vowel(word.lower())
    assert check(word, LEXICONS["large"]).reason == "abbreviation"


def test_no_valid_word_has_only_a_beginning_y_for_its_vowel():
    assert not [w for w in LEXICONS["large"] if re.search("[aeiouy]", w) and not has_vowel(w)]
    assert all(has_vowel(w) for w in ("yes", "you", "gym", "fly", "rhythm", "yummy"))


# --- a y-only spelling with edges no word has ---------------------------------------------------


@pytest.mark.parametrize("word", ["TTYL", "TYVM", "WDYM", "JSYK", "SRSLY", "PKWYX", "NYPD", "NYPD'S"])
def test_a_y_only_spelling_with_edges_no_word_has_is_an_abbreviation(word):
    assert LEXICONS.code(word.lower()) is None
    for verdict in refused_everywhere(word):
        assert verdict.message == (
            f"{word} has no vowel but y, and begins or ends with letters no word in the lists does: it reads as an"
            " abbreviation or a symbol, not a word, and abbreviations are not allowed."
        )


@pytest.mark.parametrize("word", ["SYNC'D", "GLYPHY", "SYNTHY", "SHYLYS", "CRYPTY"])
def test_a_y_only_spelling_shaped_as_words_are_or_not_of_letters_alone_is_not_read_so(word):
    assert LEXICONS.code(word.lower()) is None
    assert check(word, LEXICONS["large"]).reason == "not_in_lexicon"


def test_no_valid_y_only_word_has_an_abbreviations_shape():
    """RHYTHM, GYM, MYTH, LYNX, CRYPT, TRYST, SLY, NYMPH, SYNC, GYPSY: every valid word whose only vowel is y passes
    both shape tests, as it must by the edges' making; and so do they against edges made only from words with a, e,
    i, o or u, so the test is no list of the words it spares."""
    onsets, codas = LEXICONS.edges
    y_only = [w for w in LEXICONS["large"] if Y_ONLY.fullmatch(w)]
    assert len(y_only) > 100 and {"rhythm", "gym", "lynx", "nymph", "sync", "gypsy", "psych"} <= set(y_only)
    assert not [w for w in y_only if abbreviated_shape(w) or unspoken_edges(w, onsets, codas)]
    lines = [f"{w}\t{c}\n" for w, c in CODE.items() if re.search("[aeiou]", w)]
    held = [line for line in kinds().edges_file(lines).splitlines() if not line.startswith("#")]
    held_onsets = frozenset([""] + [line[:-1] for line in held if line.endswith("-")])
    held_codas = frozenset([""] + [line[1:] for line in held if line.startswith("-")])
    assert not [w for w in y_only if unspoken_edges(w, held_onsets, held_codas)]


def test_the_shape_tests_catch_most_listed_y_only_abbreviations():
    """Of the abbreviations the lists file whose only vowel is y (HWY, PKWY, QTY, YRS, WKLY, YTD), the shape alone
    names most; the rest are shaped as words are (SYN, TYP, CY: SCOWL's listing names them)."""
    onsets, codas = LEXICONS.edges
    listed = [w for w in ABBREVIATIONS if Y_ONLY.fullmatch(w)]
    caught = [w for w in listed if abbreviated_shape(w) or unspoken_edges(w, onsets, codas)]
    assert {"pkwy", "qty", "yrs", "wkly", "ytd"} <= set(caught)
    assert len(caught) >= 40 and len(listed) - len(caught) <= 30


def test_the_edges_file_is_what_the_build_writes_from_the_lexicon():
    text = (LEXICONS.directory / "lexicon.tsv").read_text("utf-8")
    assert (LEXICONS.directory / "edges.txt").read_text("utf-8") == kinds().edges_file(text.splitlines(True))


# --- chat abbreviations ---------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["LOL", "OMG", "IDK", "LMAO", "FOMO", "ROFL", "IMHO", "AFAIK", "BTW", "FYI"])
def test_chat_abbreviations_are_abbreviations(word):
    for verdict in refused_everywhere(word):
        assert verdict.message == f"{word} is an abbreviation, and abbreviations are not allowed."


def test_every_chat_abbreviation_has_a_vowel_and_is_listed():
    """chat.txt holds what no shape rule names (BRB, SMH and TTYL need no listing); each, with why, is an
    abbreviation unless a list knows the spelling as something else."""
    entries = {}
    for line in (ROOT / "wordlists" / "chat.txt").read_text("utf-8").splitlines():
        word, _, why = line.split("#", 1)[0].strip().partition(" ")
        if word:
            entries[word] = why.strip()
    assert len(entries) >= 20 and all(entries.values())
    onsets, codas = LEXICONS.edges
    assert not [w for w in entries if abbreviated_shape(w) or unspoken_edges(w, onsets, codas)]
    assert all(LEXICONS.code(w) is not None for w in entries)
    assert sum(LEXICONS.code(w) == "abbreviation" for w in entries) >= 20
