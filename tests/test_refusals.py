"""Every solver refusal is a `Refused` carrying the JSON path of the bad value; messages stay as people read them."""

import pytest

from solver import booksmack, colorsmash
from solver.errors import Refused
from solver.pieces import Pool, parse_pool
from solver.search import Query, parse_rack, solve
from solver.wordsmith import discard_boxes, judge_claim, roll_dice, score_sheets, starting_pieces

SHEET = {"player": "Ann", "challenges": [{"words": ["bag"], "discards": 0}]}


def sheets(*challenges):
    return [SHEET, {"player": "Bo", "challenges": list(challenges)}]


CASES = [
    # (call, path, the message's start)
    (lambda: parse_pool("R3 Q2"), ("pool",), "pool 'R3 Q2': 'Q'"),
    (lambda: parse_pool({"purple": 1}), ("pool",), "pool: unknown piece kind"),
    (lambda: parse_pool("R61"), ("pool",), "pool: 61 pieces"),
    (lambda: Pool(red=-1), ("pool",), "pool: red must be"),
    (lambda: parse_pool(""), ("pool",), "pool: empty"),
    (lambda: Query(required_letter="ab"), ("required_letter",), "required_letter:"),
    (
        lambda: Query(required_letter="1"),
        ("required_letter",),
        "required_letter: give a single letter a-z, or leave it out (got '1')",
    ),
    (lambda: Query(min_length=5, max_length=2), ("min_length",), "min_length/max_length:"),
    (lambda: solve(None, "R3", limit=5000), ("limit",), "limit:"),
    (lambda: solve(None, "R3", offset=-1), ("offset",), "offset:"),
    (lambda: parse_rack("abc?!"), ("rack",), "rack: '!'"),
    (lambda: parse_rack("a???"), ("rack",), "rack: 3 blanks"),
    (lambda: judge_claim("bag", "R3", None, required_letter="1"), ("required_letter",), "required_letter:"),
    (lambda: judge_claim("bag", "R3", None, words_written=9), ("words_written",), "words_written"),
    (lambda: judge_claim("bag", "R3", None, crossed_white=7), ("crossed_white",), "crossed_white"),
    (lambda: discard_boxes(0, 13), ("discards_used",), "13 discards"),
    (lambda: roll_dice("twice"), ("roll",), "roll:"),
    (lambda: starting_pieces(["red", "purple"]), ("faces",), "faces: 'purple'"),
    (lambda: score_sheets([SHEET], variant="blitz"), ("variant",), "variant:"),
    (lambda: score_sheets([]), ("sheets",), "sheets:"),
    (lambda: score_sheets([SHEET, SHEET]), ("sheets",), "sheets: two sheets"),
    (lambda: score_sheets([SHEET, {"player": ""}]), ("sheets", 1), "sheet 2:"),
    (
        lambda: score_sheets(sheets({"words": [], "discards": 13})),
        ("sheets", 1, "challenges", 0),
        "sheet 2 (Bo), challenge 1",
    ),
    (
        lambda: score_sheets(sheets({"words": []}, {"words": ["a", {"word": "b", "row": 2}]})),
        ("sheets", 1, "challenges", 1, "words", 1),
        "sheet 2 (Bo), challenge 2, word 2",
    ),
    (
        lambda: score_sheets(sheets({"words": ["bag", "b@g"]})),
        ("sheets", 1, "challenges", 0, "words", 1),
        "sheet 2 (Bo), challenge 1, word 2",
    ),
    (lambda: booksmack.parse_cards(["a", "%"]), ("cards", 1), "card 2 ('%')"),
    (lambda: booksmack.parse_cards([]), ("cards",), "a round needs"),
    (lambda: booksmack.score_collection(["a"], variant="blitz"), ("variant",), "unknown variant"),
    (lambda: booksmack.turn_state(["a", "b"], None, played=3), ("played",), "played:"),
    (lambda: colorsmash.parse_card("mauve/red"), ("card",), "splat colour 'mauve'"),
    (
        lambda: colorsmash.judge_slap("red/blue", colours=["teal", "teal"]),
        ("colours",),
        "colour names must be distinct",
    ),
    (lambda: colorsmash.replay("standard", ["ann"], []), ("players",), "a game needs"),
    (lambda: colorsmash.replay("blitz", ["ann", "bob"], []), ("mode",), "unknown mode"),
    (
        lambda: colorsmash.replay("standard", ["ann", "bob"], [{"type": "flip", "player": "ann"}]),
        ("events", 0),
        "events[0]: deal the cards first",
    ),
]


@pytest.mark.parametrize("call, path, start", CASES)
def test_a_refusal_carries_the_path_of_the_bad_value(call, path, start):
    with pytest.raises(Refused) as refused:
        call()
    assert refused.value.path == path
    assert str(refused.value).startswith(start) and refused.value.message == str(refused.value)


def test_an_impossible_event_is_a_refusal_that_keeps_its_index():
    with pytest.raises(colorsmash.ImpossibleEvent) as refused:
        colorsmash.replay("standard", ["ann", "bob"], [{"type": "flip", "player": "ann"}])
    assert (
        isinstance(refused.value, Refused)
        and refused.value.index == 0
        and refused.value.reason == "deal the cards first"
    )


def test_a_refusal_put_inside_a_larger_request_keeps_its_kind_and_message():
    with pytest.raises(colorsmash.ImpossibleEvent) as refused:
        colorsmash.replay("standard", ["ann", "bob"], [{"type": "flip", "player": "ann"}])
    moved = refused.value.at("games", 2)
    assert isinstance(moved, colorsmash.ImpossibleEvent) and moved.path == ("games", 2, "events", 0)
    assert moved.message == refused.value.message and refused.value.path == ("events", 0)
