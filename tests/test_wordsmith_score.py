"""Score sheets: discard boxes and bonus points, the variants, winners, errors, and whole games as golden files.

Golden files (tests/golden/wordsmith/<variant>.json in, <variant>.expected.json
out) are re-recorded only on purpose:
    python -m pytest --record-golden tests/test_wordsmith_score.py
then read the diff. Each input also carries totals and winners worked out by
hand (`_by_hand`), checked on every run.
"""

import json
from pathlib import Path

import pytest

from solver.lexicon import load_lexicons
from solver.wordsmith import Challenge, Sheet, SheetWord, parse_variant, score_sheets

STANDARD = load_lexicons()["standard"]
GOLDEN = Path(__file__).resolve().parent / "golden" / "wordsmith"
GAMES = ["standard", "secret", "advanced", "word_by_word"]


def one_challenge(words=(), discards=0, crossed_white=0, **extra) -> list[dict]:
    """Return a one-sheet game of one challenge."""
    return [
        {
            "player": "Ann",
            "challenges": [{"words": list(words), "discards": discards, "crossed_white": crossed_white, **extra}],
        }
    ]


def scored_words(result, sheet=0, challenge=0):
    return [(w.normalized, w.points) for w in result.sheets[sheet].challenges[challenge].words]


# --- letters and discard boxes -------------------------------------------------------


def test_a_word_scores_its_letters_hyphens_and_apostrophes_included():
    result = score_sheets(one_challenge(["she's", "to-do", "Bag"]))
    assert scored_words(result) == [("she's", 5), ("to-do", 5), ("bag", 3)]


@pytest.mark.parametrize(
    "discards, crossed, bonus",
    [
        (0, 0, 6),
        (6, 0, 6),
        (7, 0, 5),
        (12, 0, 0),
        (3, 3, 6),
        (4, 3, 5),
        (9, 3, 0),  # three white boxes crossed out: three free discards, nine boxes
        (0, 6, 6),
        (1, 6, 5),
        (6, 6, 0),  # no free discard at all
    ],
)
def test_bonus_is_the_unchecked_blue_boxes(discards, crossed, bonus):
    challenge = score_sheets(one_challenge(discards=discards, crossed_white=crossed)).sheets[0].challenges[0]
    assert challenge.bonus == bonus and challenge.total == bonus
    assert challenge.boxes.total == 12 - crossed


def test_challenge_total_is_letters_plus_bonus_and_game_total_sums_challenges():
    sheet = {
        "player": "Ann",
        "challenges": [
            {"words": ["bag", "cast"], "discards": 8},
            {"words": ["stone"], "discards": 0},
            {"words": [], "discards": 12},
        ],
    }
    result = score_sheets([sheet])
    assert [(c.letters, c.bonus, c.total) for c in result.sheets[0].challenges] == [(7, 4, 11), (5, 6, 11), (0, 0, 0)]
    assert result.sheets[0].total == 22


@pytest.mark.parametrize(
    "totals, winners",
    [
        ({"Ann": 20, "Ben": 14}, ["Ann"]),
        ({"Ann": 14, "Ben": 20, "Cleo": 20}, ["Ben", "Cleo"]),  # a tie shares the victory
    ],
)
def test_winners(totals, winners):
    # standard takes words as claimed: each total is made of runs of A, with every discard box checked
    sheets = [
        {
            "player": name,
            "challenges": [
                {"words": ["a" * 10] * (points // 10) + (["a" * (points % 10)] if points % 10 else []), "discards": 12}
            ],
        }
        for name, points in totals.items()
    ]
    result = score_sheets(sheets)
    assert result.winners == winners and result.high_score == max(totals.values())


# --- errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sheets, variant, fragment",
    [
        (one_challenge(["bag"] * 7), "standard", "7 words, but a challenge has only 6 word lines"),
        ([{"player": "Ann", "challenges": [{}] * 4}], "standard", "4 challenges, but a game has only 3"),
        (one_challenge(discards=13), "standard", "13 discards, but the sheet has only 12 discard boxes"),
        (
            one_challenge(discards=10, crossed_white=3),
            "standard",
            r"only 9 discard boxes \(3 white boxes crossed out\)",
        ),
        (one_challenge(crossed_white=7), "standard", "crossed_white must be a whole number from 0 to 6"),
        (one_challenge(discards=-1), "standard", "discards must be a whole number"),
        (one_challenge(["to do"]), "standard", "'to do' cannot stand on a sheet"),
        (one_challenge([""]), "standard", "word 1: the word is missing or empty"),
        (one_challenge([{"word": "bag", "row": 1}]), "standard", "'row' is only for the advanced variant"),
        (one_challenge([{"word": "bag", "circles": 1}]), "standard", "circles are only for the word_by_word variant"),
        (one_challenge(["bag"], required="master"), "standard", "'required' letters are only for the advanced variant"),
        (one_challenge(["bag"]), "advanced", "needs 'required': 6 letters"),
        (one_challenge(["bag"], required="mast"), "advanced", "needs 'required': 6 letters"),
        (
            one_challenge([{"word": "mat", "row": 1}, {"word": "am", "row": 1}], required="master"),
            "advanced",
            "two words are written in row 1",
        ),
        (
            one_challenge([{"word": "mat", "row": 7}], required="master"),
            "advanced",
            "row must be a whole number from 1 to 6",
        ),
        (one_challenge([{"word": "bag", "circles": 3}]), "word_by_word", "circles must be a whole number from 0 to 2"),
        (one_challenge([{"word": "bag", "circles": 1, "checked": 2}]), "word_by_word", "checked circles"),
        (one_challenge([{"word": "bag", "circles": 2}], discards=11), "word_by_word", "unchecked circles"),
        (one_challenge([{"word": "bag", "colour": "red"}]), "standard", "unknown field 'colour'"),
        (one_challenge(discards=1, bonus=3), "standard", "unknown field 'bonus'"),
        ([{"player": "Ann"}, {"player": "Ann"}], "standard", "two sheets belong to 'Ann'"),
        ([{"challenges": []}], "standard", "sheet 1: the player's name is missing"),
        ([], "standard", "at least one score sheet"),
        (one_challenge(["bag"]), "speedy", "unknown variant 'speedy'"),
        (one_challenge(["bag"]), "standard+secret", "'standard' does not combine"),
    ],
)
def test_impossible_sheets_raise_saying_where(sheets, variant, fragment):
    with pytest.raises(ValueError, match=fragment):
        score_sheets(sheets, variant, STANDARD)


def test_errors_name_the_sheet_challenge_and_word():
    sheets = [
        {"player": "Ann", "challenges": []},
        {"player": "Ben", "challenges": [{"words": []}, {"words": ["bag", {"word": ""}]}]},
    ]
    with pytest.raises(ValueError, match=r"^sheet 2 \(Ben\), challenge 2, word 2: "):
        score_sheets(sheets)


def test_secret_needs_a_lexicon():
    with pytest.raises(ValueError, match="needs a lexicon"):
        score_sheets(one_challenge(["bag"]), "secret")


@pytest.mark.parametrize(
    "given, parts",
    [
        ("standard", ("standard",)),
        ("Secret Wordsmith", ("secret",)),
        ("advanced+secret", ("secret", "advanced")),
        ("word-by-word", ("word_by_word",)),
        ("secret+advanced+word_by_word", ("secret", "advanced", "word_by_word")),
    ],
)
def test_variant_names(given, parts):
    assert parse_variant(given) == parts


# --- Secret Wordsmith ---------------------------------------------------------------------


def test_secret_invalid_words_score_zero_with_the_reason():
    result = score_sheets(one_challenge(["bag", "peru", "etc", "castx", "to do"]), "secret", STANDARD)
    words = result.sheets[0].challenges[0].words
    assert [(w.normalized, w.points) for w in words] == [
        ("bag", 3),
        ("peru", 0),
        ("etc", 0),
        ("castx", 0),
        ("to do", 0),
    ]
    assert [w.objections[0].code for w in words[1:]] == ["not_a_word"] * 3 + ["invalid_characters"]
    assert [w.objections[0].detail.get("reason") for w in words[1:4]] == [
        "proper_name",
        "abbreviation",
        "not_in_lexicon",
    ]
    assert words[1].objections[0].message == "PERU is a proper name, and proper names are not allowed."


def test_secret_allows_the_same_word_on_several_sheets():
    sheets = [{"player": name, "challenges": [{"words": ["cast", "bag"]}]} for name in ("Ann", "Ben")]
    result = score_sheets(sheets, "secret", STANDARD)
    assert [s.total for s in result.sheets] == [13, 13]
    assert result.winners == ["Ann", "Ben"]


def test_secret_refuses_a_repeat_and_a_word_with_no_new_letter_on_one_sheet():
    result = score_sheets(one_challenge(["bag", "gab", "cast", "bag"]), "secret", STANDARD)
    words = result.sheets[0].challenges[0].words
    assert [(w.normalized, w.points) for w in words] == [("bag", 3), ("gab", 0), ("cast", 4), ("bag", 0)]
    assert [o.code for o in words[1].objections] == ["no_new_letter"]
    assert [o.code for o in words[3].objections] == ["already_claimed"]


def test_secret_checks_a_new_letter_against_the_word_just_above_even_when_it_scored_zero():
    # PERU is not a word, but the player built it: REP rearranges its pieces
    result = score_sheets(one_challenge(["peru", "rep"]), "secret", STANDARD)
    assert [o.code for o in result.sheets[0].challenges[0].words[1].objections] == ["no_new_letter"]


def test_standard_takes_words_as_claimed():
    result = score_sheets(one_challenge(["bag", "gab", "peru", "bag"]))
    assert [points for _, points in scored_words(result)] == [3, 3, 4, 3]


def test_secret_uses_the_lexicon_it_is_given():
    large = load_lexicons()["large"]
    assert scored_words(score_sheets(one_challenge(["sial"]), "secret", STANDARD)) == [("sial", 0)]
    assert scored_words(score_sheets(one_challenge(["sial"]), "secret", large)) == [("sial", 4)]


# --- Advanced Game -----------------------------------------------------------------------


def test_advanced_matches_words_to_rows_where_first_come_first_served_fails():
    # BAT holds A and B, AGA only A: giving BAT the first row it fits (A) would leave AGA no row
    result = score_sheets(one_challenge(["bat", "aga"], required="abcdef"), "advanced")
    words = result.sheets[0].challenges[0].words
    assert [(w.normalized, w.row, w.required_letter, w.points) for w in words] == [
        ("bat", 2, "b", 3),
        ("aga", 1, "a", 3),
    ]


def test_advanced_leaves_out_the_shortest_word_when_rows_run_short():
    result = score_sheets(one_challenge(["ape", "pale"], required="pxxxxx"), "advanced")
    assert scored_words(result) == [("ape", 0), ("pale", 4)]
    ape = result.sheets[0].challenges[0].words[0]
    assert ape.row is None and ape.objections[0].code == "missing_required_letter"
    assert ape.objections[0].message == "Every row whose required letter APE contains holds another word."


def test_advanced_keeps_a_named_row_and_flags_a_word_that_lacks_its_letter():
    result = score_sheets(
        one_challenge([{"word": "mat", "row": 2}, {"word": "mast", "row": 5}], required="master"), "advanced"
    )
    words = result.sheets[0].challenges[0].words
    assert [(w.row, w.points) for w in words] == [(2, 3), (5, 0)]
    assert words[1].objections[0].message == "MAST is in row 5, whose required letter E it does not contain."


def test_advanced_named_rows_are_not_given_to_other_words():
    # ART could go in the A, T or R row; A and T are named by the other words, so it takes R
    words = ["art", {"word": "am", "row": 2}, {"word": "at", "row": 4}]
    result = score_sheets(one_challenge(words, required="master"), "advanced")
    assert [w.row for w in result.sheets[0].challenges[0].words] == [6, 2, 4]


def test_secret_and_advanced_combine():
    result = score_sheets(one_challenge(["peru", "rap"], required="rxxxxx"), "secret+advanced", STANDARD)
    words = result.sheets[0].challenges[0].words
    # PERU is invalid and takes no row, so RAP gets the R row
    assert [(w.normalized, w.points, w.row) for w in words] == [("peru", 0, None), ("rap", 3, 1)]
    assert result.variant == "secret+advanced"


# --- Word by Word --------------------------------------------------------------------------


def test_word_by_word_unchecked_circles_check_discard_boxes():
    words = [{"word": "bag", "circles": 2, "checked": 0}, {"word": "cast", "circles": 1, "checked": 1}]
    challenge = score_sheets(one_challenge(words, discards=5), "word_by_word").sheets[0].challenges[0]
    assert (challenge.discards, challenge.circle_discards, challenge.boxes.checked) == (5, 2, 7)
    assert (challenge.letters, challenge.bonus, challenge.total) == (7, 5, 12)


def test_word_by_word_checked_circles_cost_nothing():
    words = [{"word": "bag", "circles": 2, "checked": 2}]
    challenge = score_sheets(one_challenge(words, discards=12), "word_by_word").sheets[0].challenges[0]
    assert challenge.circle_discards == 0 and challenge.total == 3


# --- the data classes and the output shape -------------------------------------------------


def test_dataclasses_are_accepted_like_dicts():
    sheet = Sheet("Ann", (Challenge((SheetWord("bag"), SheetWord("cast")), discards=7),))
    assert score_sheets([sheet]).to_dict() == score_sheets(one_challenge(["bag", "cast"], discards=7)).to_dict()


def test_to_dict_shape():
    data = score_sheets(one_challenge(["bag"], discards=7)).to_dict()
    assert set(data) == {"variant", "sheets", "winners", "high_score"}
    challenge = data["sheets"][0]["challenges"][0]
    assert set(challenge) == {
        "number",
        "words",
        "letters",
        "discards",
        "circle_discards",
        "boxes_checked",
        "crossed_white",
        "boxes",
        "free_discards",
        "blue_checked",
        "bonus",
        "total",
        "required",
    }
    assert set(challenge["words"][0]) == {
        "word",
        "normalized",
        "letters",
        "points",
        "valid",
        "objections",
        "row",
        "required_letter",
        "circles",
        "checked",
    }
    assert (challenge["blue_checked"], challenge["bonus"], challenge["total"]) == (1, 5, 8)


# --- whole games ---------------------------------------------------------------------------


def load_game(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))


@pytest.mark.parametrize("name", GAMES)
def test_golden_game(name, golden):
    game = load_game(name)
    result = score_sheets(game["sheets"], game["variant"], STANDARD)
    assert {s.player: s.total for s in result.sheets} == game["_by_hand"]["totals"]
    assert result.winners == game["_by_hand"]["winners"]
    assert all(len(s.challenges) == 3 for s in result.sheets)
    assert result.to_dict() == golden.json(GOLDEN / f"{name}.expected.json", result.to_dict())


def test_advanced_says_when_a_word_holds_no_required_letter_at_all():
    result = score_sheets(one_challenge(["xyz"], required="planet"), "advanced")
    assert result.sheets[0].challenges[0].words[0].objections[0].message == (
        "XYZ contains none of the required letters P, L, A, N, E, T."
    )
