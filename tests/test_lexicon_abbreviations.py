"""Abbreviations recognised by their shape and by the lists: the plural of a listed abbreviation and its 's form, a
y that begins a spelling (no vowel: YRS), a y-only spelling with edges no word has (PKWY, TTYL), and the chat
abbreviations SCOWL lacks (wordlists/chat.txt). docs/lexicon.md, *No vowel, no word* and *Abbreviations' forms*."""

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.lexicon import (
    ABBREVIATION_PLURAL_BASE_MIN,
    SIZES,
    abbreviated_shape,
    check,
    has_vowel,
    load_lexicons,
    unspoken_edges,
)

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
    list holds that spelling as something else (then its own verdict), a sound is drawn out (SSS, a hiss) or it is the
    plural of a two-letter one with a vowel (IES, SYS)."""
    form = base + ending
    listed = CODE.get(form)
    verdict = check(form, LEXICONS["large"], define=False)
    if ending == "s" and len(base) < ABBREVIATION_PLURAL_BASE_MIN and has_vowel(base):
        assert "plural of the abbreviation" not in verdict.message  # IES, SYS: shaped as words are
    elif listed in SIZES:
        assert verdict.valid
    elif listed == "possessive":  # a name's, listed so (MIA'S): wordlists/names.py names_possessives
        assert verdict.reason == "possessive"
    elif listed not in (None, "abbreviation") or (listed == "abbreviation" and ending == "s"):
        assert verdict.reason == ("proper_name" if listed == "name_first" else listed)
    elif not re.search(r"([fhlmnrsvwz])\1\1", form):
        assert verdict.reason == "abbreviation"
        assert f"abbreviation {base.upper()}" in verdict.message


@pytest.mark.parametrize("word", ["SYS", "IES", "VES", "TUS", "CES", "VOS"])
def test_a_two_letter_abbreviation_with_a_vowel_and_s_is_not_read_as_its_plural(word):
    """SY, IE, VE, TU, CE, VO are listed abbreviations; with s they are three letters shaped as words are."""
    assert LEXICONS.code(word.lower()) is None and LEXICONS.code(word.lower()[:-1]) == "abbreviation"
    verdict = check(word, LEXICONS["large"])
    assert verdict.reason == "not_in_lexicon" and "abbreviation" not in verdict.message


@pytest.mark.parametrize(("word", "base"), [("YDS", "YD"), ("KMS", "KM"), ("UK'S", "UK"), ("TV'S", "TV")])
def test_a_two_letter_abbreviation_with_no_vowel_or_an_apostrophe_is_still_named(word, base):
    assert all(f"abbreviation {base}" in v.message for v in refused_everywhere(word))


# --- a name SCOWL also files as an abbreviation ---------------------------------------------------

NEEDS_SCOWL = pytest.mark.skipif(
    not Path("/usr/share/dict/scowl").is_dir() or not Path("/usr/share/wordnet/data.noun").exists(),
    reason="needs Debian's scowl and wordnet-base",
)
NAMES_FILED_AS_ABBREVIATIONS = ["jesus", "jim", "thor", "oscar", "lisa", "ali", "fred", "ann", "mao", "lego"]


@pytest.mark.parametrize("word", NAMES_FILED_AS_ABBREVIATIONS)
def test_a_name_scowl_also_lists_as_a_rare_acronym_is_a_name(word):
    """JIM is a name at SCOWL's level 50 and a rare acronym at 95: a referee says "that's a name"."""
    assert CODE[word] == "proper_name"
    assert check(word, LEXICONS["large"]).reason == "proper_name"
    possessive = check(word + "'s", LEXICONS["large"])
    assert possessive.reason == "possessive" and "abbreviation" not in possessive.message
    assert "abbreviation" not in check(word + "s", LEXICONS["large"]).message  # LEGOS, JIMS


@pytest.mark.parametrize("word", ["feb", "oct", "dec", "apr", "hz", "au", "pb", "nato"])
def test_a_shortening_a_symbol_or_a_commoner_acronym_stays_an_abbreviation(word):
    """FEB shortens February (WordNet), AU and PB are symbols (two letters), NATO is commoner than Nato."""
    assert CODE[word] == "abbreviation"


@pytest.fixture(scope="module")
def names_over_abbreviations():
    """The spellings SCOWL's name lists (upper, proper-names) rank commoner as a capitalised name than its
    abbreviation lists rank them, of three letters or more and no shortening WordNet gives of a synonym."""
    kinds()  # puts wordlists/ on the path
    import build

    ranked = build.scowl_levels(set(build.read_overrides("s_contractions.txt")))[1]
    listed: dict[str, int] = {}
    for stem in build.SPELLINGS + build.VARIANT_1 + build.VARIANT_2:
        for level in build.LEVELS:
            for entry in build.read_scowl_level(f"{stem}-abbreviations", level):
                listed[build.fold(entry)] = min(listed.get(build.fold(entry), level), level)
    return sorted(
        word
        for word, level in ranked.items()
        if word in listed and level < listed[word] and len(word) >= 3 and not kinds().shortens_a_synonym(word)
    )


@NEEDS_SCOWL
def test_the_rule_finds_the_reviewers_names_and_no_shortening(names_over_abbreviations):
    assert set(NAMES_FILED_AS_ABBREVIATIONS) <= set(names_over_abbreviations)
    assert not {"feb", "oct", "dec", "apr", "aug"} & set(names_over_abbreviations)
    refused = {w: CODE[w] for w in names_over_abbreviations if CODE.get(w) in ("proper_name", "abbreviation")}
    assert set(refused.values()) == {"proper_name"} and 80 <= len(refused) <= 120


@NEEDS_SCOWL
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_no_s_form_of_a_name_scowl_ranks_over_its_acronym_is_an_abbreviations(names_over_abbreviations, data):
    """The rule stated generally: for every spelling SCOWL lists commoner as a name than as an abbreviation, its 's
    form is judged no abbreviation's (a possessive, or its own listed verdict), nor its plural the plural of one."""
    word = data.draw(st.sampled_from(names_over_abbreviations))
    for form in (word + "'s", word + "s"):
        verdict = check(form, LEXICONS["large"], define=False)
        assert f"abbreviation {word.upper()}" not in verdict.message, verdict


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
