"""WordsmithClient's game methods against the app served by gunicorn (`wordsmith --server` for them: test_cli_server.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import requests
from service_helpers import assert_problem

from client import WordsmithClient, WordsmithError

GOLDEN = Path(__file__).resolve().parent / "golden" / "colorsmash"
EXAMPLE_POOL = "R3 Y2 B1 G2"


@pytest.fixture
def judge(live_server):
    with WordsmithClient(live_server) as client:
        yield client


# --- the client ------------------------------------------------------------------------


def test_alphabet(judge):
    body = judge.alphabet()
    assert [k["kind"] for k in body["kinds"]] == ["red", "yellow", "blue", "green"] and body["dice"]["count"] == 4


def test_solve(judge):
    body = judge.solve(EXAMPLE_POOL, limit=1000)
    assert {"bag", "cast"} <= {w["word"] for w in body["words"]}
    body = judge.solve(
        {"red": 3, "yellow": 2, "blue": 1, "green": 2}, previous_word="bag", use_all=True, starts_with="ca"
    )
    assert [w["word"] for w in body["words"]] == ["cast", "cats"]
    assert judge.solve(EXAMPLE_POOL, limit=2, offset=1, lexicon="standard")["offset"] == 1


def test_hints(judge):
    body = judge.hints(EXAMPLE_POOL, limit=2, discards_used=6)
    assert len(body["claims"]) == 2 and body["boxes_left"] == 6 and body["roll"]["faces"]


def test_judge(judge):
    assert judge.judge("cast", EXAMPLE_POOL)["valid"] is True
    verdict = judge.judge("gab", EXAMPLE_POOL, previous_word="bag")
    assert [o["code"] for o in verdict["objections"]] == ["no_new_letter"]
    assert judge.judge("Peru", "W10")["objections"][0]["reason"] == "proper_name"


def test_score(judge):
    body = judge.score([{"player": "Ann", "challenges": [{"words": ["she's", "to-do"]}]}])
    assert [w["points"] for w in body["sheets"][0]["challenges"][0]["words"]] == [5, 5] and body["winners"] == ["Ann"]
    body = judge.score(
        [{"player": "Ann", "challenges": [{"words": ["bag", "gab"]}]}], variant="secret", lexicon="small"
    )
    assert body["variant"] == "secret" and body["sheets"][0]["total"] == 3 + 6


def test_rack(judge):
    body = judge.rack("retains?", limit=3, min_length=8)
    assert len(body["words"]) == 3 and all(w["length"] == 8 for w in body["words"])


def test_roll(judge):
    import random

    from solver.wordsmith import roll_dice

    assert judge.roll("start", seed=7) == {**roll_dice("start", random.Random(7)).to_dict(), "seed": 7}
    assert judge.roll("add")["what"] == "add"


def test_booksmack(judge):
    body = judge.booksmack(["c", "A", "f", "é"])
    assert body["action"] == "say_word" and body["spells"] == "cafe"
    assert judge.booksmack(["b", "Z", "m"], lexicon="small")["winners"] == [2]
    turn = judge.booksmack_turn(["b", "Z", "m", "a"], 4)
    assert (turn["lowest"], turn["action"]) == ([4], "steal")
    assert judge.booksmack_score(["E", "e", "z"], variant="turn-based")["total"] == 11


def test_colorsmash(judge):
    assert judge.colorsmash({"splat": "green", "word": "Green"})["slap"] is True
    assert judge.colorsmash("teal/coral", colours=["teal", "coral"])["code"] == "mismatch"
    game = json.loads((GOLDEN / "standard-three-players.game.json").read_text("utf-8"))
    body = judge.colorsmash_replay(game["mode"], game["players"], game["events"])
    assert body["finished"] is True and body["winners"] == ["bob"]


@pytest.mark.parametrize(
    "call, pointer",
    [
        (lambda c: c.solve("R3 X2"), "/pool"),
        (lambda c: c.solve(EXAMPLE_POOL, limit=1001), "/limit"),
        (lambda c: c.judge("bag", EXAMPLE_POOL, colour="red"), "/colour"),
        (lambda c: c.rack("ret???"), "/rack"),
        (lambda c: c.booksmack(["a", "%"]), "/cards/1"),
        (lambda c: c.booksmack_score(["a"], variant="blitz"), "/variant"),
        (lambda c: c.colorsmash("mauve/mauve"), "/card"),
        (lambda c: c.colorsmash_replay("standard", ["ann", "bob"], [{"type": "flip", "player": "ann"}]), "/events/0"),
    ],
)
def test_errors_raise_with_the_pointer(judge, call, pointer):
    with pytest.raises(WordsmithError) as raised:
        call(judge)
    assert raised.value.status == 422 and pointer in [e["pointer"] for e in raised.value.errors]


def test_served_game_errors_are_problems(live_server):
    """Through gunicorn too: a bad pool and an impossible event are 422 problems, never a 500."""
    response = requests.post(live_server + "/api/v1/wordsmith/solve", json={"pool": "R3 Y{2}"}, timeout=5)
    assert_problem(response, 422, pointer="/pool")
    response = requests.post(
        live_server + "/api/v1/colorsmash/replay",
        json={"players": ["a", "b"], "events": [{"type": "slap", "player": "a"}]},
        timeout=5,
    )
    assert_problem(response, 422, pointer="/events/0")
