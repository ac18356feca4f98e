"""The Booksmack and Color Smash endpoints: a CAFE round, whole Color Smash games, every limit and error path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from service_helpers import assert_problem

from app import create_app
from solver import booksmack
from solver.lexicon import load_lexicons
from solver.limits import READING_WORDS

ONE_APP = True  # its tests only send requests: one app for the module (conftest.py, `app`)

GOLDEN = Path(__file__).resolve().parent / "golden" / "colorsmash"
GAMES = sorted(GOLDEN.glob("*.game.json"))


def post(client, path, body):
    return client.post(path, json=body)


def game(name: str) -> dict:
    data = json.loads((GOLDEN / f"{name}.game.json").read_text("utf-8"))
    return {key: data[key] for key in ("mode", "players", "events")}


# --- Booksmack -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, seat", [(["c", "A", "f", "é"], 1), (["f", "é", "c", "A"], 3), (["c", "â", "f", "e"], 1)]
)
def test_booksmack_a_cafe_round(client, cards, seat):
    body = post(client, "/api/v1/booksmack/judge", {"cards": cards}).json
    assert body["action"] == "say_word" and body["rule"] == "spelled_word" and body["spells"] == "cafe"
    assert body["winners"] == [] and body["spelled_from"][0] == seat
    assert body["explanation"] == f"CAFE is spelled from seat {seat}."
    assert [card["text"] for card in body["cards"]] == cards


def test_booksmack_highest_card_wins(client):
    body = post(client, "/api/v1/booksmack/judge", {"cards": ["b", "Z", "m"]}).json
    assert (body["action"], body["rule"], body["winners"], body["spells"]) == ("tap", "highest", [2], None)
    assert body["ranks"] == [2, 26, 13] and body["shares"] == {"winners": 1, "each": 3, "discarded": 0}
    body = post(client, "/api/v1/booksmack/judge", {"cards": ["b", "Z", "#", "m"]}).json
    assert body["winners"] == [1] and body["explanation"] == "# is on the table, so the lowest card wins: b."


def test_booksmack_ties_share_and_nothing_wins(client):
    body = post(client, "/api/v1/booksmack/judge", {"cards": ["é", "è", "ê", "4"]}).json
    assert body["winners"] == [1, 2, 3] and body["shares"] == {"winners": 3, "each": 1, "discarded": 1}
    body = post(client, "/api/v1/booksmack/judge", {"cards": ["?", "."]}).json
    assert body["action"] == "none" and body["winners"] == [] and body["ranks"] == [None, None]


def test_booksmack_wildcards_and_lexicons(client):
    body = post(client, "/api/v1/booksmack/judge", {"cards": ["q", "?"], "lexicon": "small"}).json
    standard = post(client, "/api/v1/booksmack/judge", {"cards": ["q", "?"]}).json
    assert standard["spells"] == "qi" and body["action"] != "say_word"
    assert standard["readings"][0] == {"seat": 1, "words": ["qi"], "count": 1}


def test_a_booksmack_answer_lists_the_first_words_of_each_reading_and_counts_the_rest(client):
    """Nine `?` and an E read as tens of thousands of words: each reading lists the first READING_WORDS, most
    common first, and says how many there are, so the answer stays a few kilobytes (it was half a megabyte)."""
    response = post(client, "/api/v1/booksmack/judge", {"cards": ["?"] * 9 + ["e"], "lexicon": "large"})
    readings = response.json["readings"]
    assert len(readings) == 10 and all(len(r["words"]) == READING_WORDS < r["count"] for r in readings)
    assert sum(r["count"] for r in readings) > 10_000 and len(response.data) < 20_000


def test_booksmack_space_cards(client):
    body = post(client, "/api/v1/booksmack/judge", {"cards": ["c", " ", "a", "t"]}).json
    assert body["spells"] == "cat" and body["cards"][1]["kind"] == "symbol"


@pytest.mark.parametrize(
    "cards, played, action",
    [
        (["b", "Z", "m", "a"], 2, "draw"),
        (["b", "Z", "m", "a"], 4, "steal"),
        (["b", "Z", "m", "a"], 3, "none"),
        (["c", "A", "f", "é"], 2, "win"),
    ],
)
def test_booksmack_turn_answers_for_the_card_just_played(client, cards, played, action):
    body = post(client, "/api/v1/booksmack/turn", {"cards": cards, "played": played}).json
    local = booksmack.turn_state(cards, load_lexicons()["standard"], played).to_dict()
    assert body == local and (body["played"], body["action"]) == (played, action)


def test_booksmack_turn_space_and_word(client):
    body = post(client, "/api/v1/booksmack/turn", {"cards": ["*", " ", " ", "a"], "played": 4}).json
    assert body["action"] == "draw" and body["highest"] == [4]  # spaces are no cards for *
    body = post(client, "/api/v1/booksmack/turn", {"cards": ["c", "A", "f", "é"], "played": 1}).json
    assert body["spells"] == "cafe" and body["spelled_from"] == [1] and body["action"] == "win"


@pytest.mark.parametrize(
    "played, fragment",
    [
        (None, "required"),
        (0, "1"),
        (41, "40"),
        (5, "played: give the seat of the card just played, 1 to 4"),
        ("2", None),
        (True, None),
        (2.5, None),
    ],
)
def test_booksmack_turn_refuses_a_bad_played_seat(client, played, fragment):
    body = {"cards": ["b", "Z", "m", "a"]} | ({} if played is None else {"played": played})
    problem = assert_problem(post(client, "/api/v1/booksmack/turn", body), 422, pointer="/played")
    if fragment:
        assert fragment in problem["errors"][0]["detail"], problem


def test_booksmack_score(client):
    body = post(client, "/api/v1/booksmack/score", {"cards": ["E", "e", "é", "z", "!"], "variant": "turn-based"}).json
    assert body["variant"] == "turn-based" and body["total"] == 11
    assert [line["points"] for line in body["breakdown"]] == [3, 1, 1, 5, 1]
    assert all(line["why"] for line in body["breakdown"])
    base = post(client, "/api/v1/booksmack/score", {"cards": ["a", " ", "!"]}).json
    assert base == {
        "variant": "base",
        "total": 3,
        "breakdown": [
            {"card": "a", "points": 1, "why": "every card scores 1 in the base game"},
            {"card": " ", "points": 1, "why": "every card scores 1 in the base game"},
            {"card": "!", "points": 1, "why": "every card scores 1 in the base game"},
        ],
    }
    assert post(client, "/api/v1/booksmack/score", {"cards": []}).json["total"] == 0


@pytest.mark.parametrize("path", ["/api/v1/booksmack/judge", "/api/v1/booksmack/turn", "/api/v1/booksmack/score"])
@pytest.mark.parametrize(
    "cards, pointer, fragment",
    [
        (["a", "%"], "/cards/1", "card 2 ('%'): not a Booksmack card"),  # the rules name the card; the pointer finds it
        (["a", "b", "27"], "/cards/2", "numbers run from 1 to 26"),
        (["0", "a"], "/cards/0", "numbers run from 1 to 26"),
        (["a", "ab"], "/cards/1", "not a Booksmack card"),
        (["a", ""], "/cards/1", None),
        (["a", "abcde"], "/cards/1", None),
        (["a", 7], "/cards/1", None),
        ("abc", "/cards", None),
    ],
)
def test_booksmack_bad_cards(client, path, cards, pointer, fragment):
    body = {"cards": cards} | ({"played": 1} if path.endswith("/turn") else {})
    problem = assert_problem(post(client, path, body), 422, pointer=pointer)
    if fragment:
        assert fragment in problem["errors"][0]["detail"], problem


def test_booksmack_limits(client):
    assert post(client, "/api/v1/booksmack/judge", {"cards": ["a"] * 40}).status_code == 200
    problem = assert_problem(post(client, "/api/v1/booksmack/judge", {"cards": ["a"] * 41}), 422, pointer="/cards")
    assert "40" in problem["errors"][0]["detail"]
    assert_problem(post(client, "/api/v1/booksmack/judge", {"cards": []}), 422, pointer="/cards")
    assert_problem(post(client, "/api/v1/booksmack/turn", {"cards": ["a"] * 41, "played": 1}), 422, pointer="/cards")
    assert post(client, "/api/v1/booksmack/score", {"cards": ["a"] * 200}).json["total"] == 200
    assert_problem(post(client, "/api/v1/booksmack/score", {"cards": ["a"] * 201}), 422, pointer="/cards")
    assert_problem(
        post(client, "/api/v1/booksmack/score", {"cards": ["a"], "variant": "advanced"}), 422, pointer="/variant"
    )
    assert_problem(
        post(client, "/api/v1/booksmack/judge", {"cards": ["a"], "lexicon": "huge"}), 422, pointer="/lexicon"
    )
    assert_problem(
        post(client, "/api/v1/booksmack/score", {"cards": ["a"], "lexicon": "small"}), 422, pointer="/lexicon"
    )


def test_booksmack_worst_table_answers(client):
    # Its time is measured in bench/booksmack.py, not asserted here.
    response = post(client, "/api/v1/booksmack/judge", {"cards": ["?"] * 39 + ["e"]})
    assert response.status_code == 200


# --- Color Smash: the slap judge -----------------------------------------------------


@pytest.mark.parametrize(
    "card, slap, code",
    [
        ({"splat": "green", "word": "Green"}, True, "match"),
        ("RED/red", True, "match"),
        ("red/blue", False, "mismatch"),
        ({"splat": "red"}, False, "no_word"),
        ({"splat": "red", "word": None}, False, "no_word"),
        ("red", False, "no_word"),
        ({"steal": True}, True, "steal"),
        ("steal", True, "steal"),
    ],
)
def test_colorsmash_judge(client, card, slap, code):
    body = post(client, "/api/v1/colorsmash/judge", {"card": card}).json
    assert (body["slap"], body["code"]) == (slap, code) and body["outcome"]
    assert set(body["card"]) == {"splat", "word", "steal"}


def test_colorsmash_judge_says_what_happens(client):
    body = post(client, "/api/v1/colorsmash/judge", {"card": {"splat": "green", "word": "Green"}}).json
    assert body == {
        "card": {"splat": "green", "word": "green", "steal": False},
        "text": "green/green",
        "slap": True,
        "code": "match",
        "outcome": "The word GREEN names the green splat: slap! The first slapper takes the pile.",
    }


def test_colorsmash_custom_colours(client):
    body = post(client, "/api/v1/colorsmash/judge", {"card": "teal/TEAL", "colours": ["teal", "coral"]}).json
    assert body["slap"] is True
    assert_problem(
        post(client, "/api/v1/colorsmash/judge", {"card": "red/red", "colours": ["teal", "coral"]}),
        422,
        pointer="/card",
    )


@pytest.mark.parametrize(
    "body, pointer, fragment",
    [
        ({"card": "mauve/mauve"}, "/card", "splat colour 'mauve' is not a colour of this set"),
        ({"card": {"splat": "red", "word": "mauve"}}, "/card", "colour word 'mauve'"),
        ({"card": {"steal": True, "splat": "red"}}, "/card", "a Steal card has no splat colour"),
        ({"card": {"splat": "red", "colour": "blue"}}, "/card", "colour: unknown field"),
        ({"card": {"splat": "red", "steal": "yes"}}, "/card", "steal"),
        ({"card": {}}, "/card/splat", "pick the splat colour too (or Steal card)"),  # no Python None in it
        ({"card": {"steal": False}}, "/card/splat", "pick the splat colour too"),
        ({"card": 7}, "/card", "give a card"),
        ({"card": ""}, "/card", None),
        ({"card": "a" * 42}, "/card", None),
        ({}, "/card", None),
        ({"card": "red", "colours": []}, "/colours", None),
        ({"card": "red", "colours": ["red"] * 21}, "/colours", None),
        ({"card": "red", "colours": ["red", "RED"]}, "/colours", "colour names must be distinct"),
        ({"card": "red", "colours": ["red", "steal"]}, "/colours", "not 'steal'"),
        ({"card": "red", "colours": ["red", "a/b"]}, "/colours", "without '/'"),
        ({"card": "red", "colours": ["red", "x" * 21]}, "/colours/1", None),
    ],
)
def test_colorsmash_judge_errors(client, body, pointer, fragment):
    problem = assert_problem(post(client, "/api/v1/colorsmash/judge", body), 422, pointer=pointer)
    if fragment:
        assert fragment in problem["errors"][0]["detail"], problem


# --- Color Smash: the scorekeeper ----------------------------------------------------


def test_colorsmash_a_whole_match(client):
    body = post(client, "/api/v1/colorsmash/replay", game("standard-three-players")).json
    assert body["finished"] is True and body["winners"] == ["bob"]
    assert [(p["name"], p["total"]) for p in body["players"]] == [("ann", 4), ("bob", 12), ("cat", 0)]
    assert body["log"][:3] == [
        "Dealt: ann 6, bob 6, cat 6.",
        "ann flips red/red.",
        "bob slaps red/red, a match: bob takes the pile (1 card).",
    ]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name.removesuffix(".game.json"))
def test_colorsmash_golden_games_through_the_api(client, path):
    """Every recorded game replays through the API exactly as through the library; a refused one points at its event."""
    expected = json.loads(path.with_name(path.name.replace(".game.json", ".expected.json")).read_text("utf-8"))
    response = post(client, "/api/v1/colorsmash/replay", game(path.name.removesuffix(".game.json")))
    if "error" in expected:
        problem = assert_problem(response, 422, pointer=f"/events/{expected['error']['index']}")
        assert expected["error"]["reason"] in problem["errors"][0]["detail"]
    else:
        assert response.status_code == 200 and response.json == expected


def test_colorsmash_replay_in_progress(client):
    events = [
        {"type": "deal", "hands": {"ann": 3, "bob": ["red/red", "blue"]}},
        {"type": "flip", "player": "bob"},
        {"type": "slap", "player": "ann"},
    ]
    body = post(
        client, "/api/v1/colorsmash/replay", {"mode": "competition", "players": ["ann", "bob"], "events": events}
    ).json
    assert body["finished"] is False and body["winners"] == [] and body["next_player"] == "ann"
    assert body["players"][0]["hand"] == [None, None, None, "red/red"] and body["pile"] == []


def test_colorsmash_replay_defaults_to_standard(client):
    body = post(client, "/api/v1/colorsmash/replay", {"players": ["ann", "bob"], "events": []}).json
    assert body["mode"] == "standard" and body["finished"] is False and body["log"] == []


@pytest.mark.parametrize(
    "events, pointer, fragment",
    [
        ([{"type": "flip", "player": "ann"}], "/events/0", "deal the cards first"),
        (
            [{"type": "deal", "hands": {"ann": 2, "bob": 2}}, {"type": "deal", "hands": {"ann": 2, "bob": 2}}],
            "/events/1",
            "already dealt",
        ),
        ([{"type": "deal", "hands": {"ann": 2}}], "/events/0", "a hand to every player"),
        (
            [{"type": "deal", "hands": {"ann": 2, "bob": 2}}, {"type": "slap", "player": "ann"}],
            "/events/1",
            "the pile is empty",
        ),
        (
            [{"type": "deal", "hands": {"ann": 2, "bob": 2}}, {"type": "flip", "player": "cat", "card": "red"}],
            "/events/1",
            "player cat is not at the table: the players are ann and bob",
        ),
        (
            [{"type": "deal", "hands": {"ann": ["red"], "bob": 2}}, {"type": "flip", "player": "ann", "card": "blue"}],
            "/events/1",
            "top card is red, not blue",
        ),
        ([{"type": "deal", "hands": {"ann": ["mauve"], "bob": 2}}], "/events/0", "'mauve' is not a colour"),
        (
            [{"type": "deal", "hands": {"ann": 2, "bob": 2}}, {"type": "flip", "player": "ann", "hands": {}}],
            "/events/1/hands",
            "a flip event has no field hands",
        ),
        (  # a field no event type has: the rules' own words, at the field, as the command line's replay says it
            [{"type": "flip", "player": "ann", "colour": "red"}],
            "/events/0/colour",
            "events[0]: a flip event has no field colour",
        ),
        (
            [{"type": "deal", "hands": {"ann": 2, "bob": 2}, "first": "cat"}],
            "/events/0",
            "first player cat is not at the table",
        ),
        # the shape of an event, before any replaying:
        ([{"type": "shuffle"}], "/events/0/type", None),
        ([{"player": "ann"}], "/events/0/type", None),
        ([{"type": "deal", "hands": {"ann": 0, "bob": 2}}], "/events/0/hands/ann", "a hand is a list"),
        ([{"type": "deal", "hands": {"ann": 201, "bob": 2}}], "/events/0/hands/ann", "a hand is a list"),
        ([{"type": "deal", "hands": {"ann": True, "bob": 2}}], "/events/0/hands/ann", "a hand is a list"),
        ([{"type": "deal", "hands": {"ann": ["red", 5], "bob": 2}}], "/events/0/hands/ann", "card 1: give a card"),
        ([{"type": "deal", "hands": {"ann": [], "bob": 2}}], "/events/0/hands/ann", None),
        ([{"type": "flip", "player": "ann", "card": 5}], "/events/0/card", None),
        ([{"type": "flip", "player": "a" * 41}], "/events/0/player", None),
        ("deal", "/events", None),
    ],
)
def test_colorsmash_impossible_events_point_at_the_event(client, events, pointer, fragment):
    problem = assert_problem(
        post(client, "/api/v1/colorsmash/replay", {"players": ["ann", "bob"], "events": events}), 422, pointer=pointer
    )
    if fragment:
        assert fragment in problem["errors"][0]["detail"], problem


def test_colorsmash_a_late_impossible_event_is_found(client):
    match = game("standard-three-players")
    match["events"][3] = {"type": "flip", "player": "ann"}  # bob's turn
    problem = assert_problem(post(client, "/api/v1/colorsmash/replay", match), 422, pointer="/events/3")
    assert problem["errors"][0]["detail"] == "events[3]: it is bob's turn to flip, not ann's"


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"players": ["ann"], "events": []}, "/players"),
        ({"players": [f"p{i}" for i in range(9)], "events": []}, "/players"),
        ({"players": ["ann", "ann"], "events": []}, "/players"),
        ({"players": ["ann", ""], "events": []}, "/players/1"),
        ({"players": ["ann", "bob"]}, "/events"),
        ({"players": ["ann", "bob"], "events": [], "mode": "blitz"}, "/mode"),
        ({"players": ["ann", "bob"], "events": [], "colours": ["red", "red"]}, "/colours"),
        ({"players": ["ann", "bob"], "events": [], "colours": "red,blue"}, "/colours"),
    ],
)
def test_colorsmash_replay_validation(client, body, pointer):
    assert_problem(post(client, "/api/v1/colorsmash/replay", body), 422, pointer=pointer)


@pytest.mark.parametrize(
    "body, pointer, said",
    [
        (
            {"players": ["ann", "bob", "ann", "bob"], "events": []},
            "/players",
            "give each player a different name: ann and bob are named more than once",
        ),
        (
            {"players": ["ann", "bob"], "events": [{"type": "deal", "hands": {"ann": 1, "bob": 1}}, {"type": "flip"}]},
            "/events/1",
            "events[1]: name the player: the players are ann and bob",
        ),
        (
            {"players": ["ann", "bob"], "events": [], "colours": ["red", "RED"]},
            "/colours",
            "colour names must be distinct, non-empty, without '/', and not 'steal': got red and RED",
        ),
    ],
)
def test_colorsmash_replay_refusals_are_said_in_words(client, body, pointer, said):
    problem = assert_problem(post(client, "/api/v1/colorsmash/replay", body), 422, pointer=pointer)
    assert problem["errors"][0]["detail"] == said


def test_colorsmash_nobody_leads_before_the_deal(client):
    body = post(client, "/api/v1/colorsmash/replay", {"players": ["ann", "bob"], "events": []}).json
    assert body["leaders"] == [] and body["next_player"] is None and body["log"] == []


def test_colorsmash_event_count_is_bounded():
    # 2000 events need more than the default 16 KiB body: raise it to reach the events limit itself.
    client = create_app({"TESTING": True, "MAX_BODY_BYTES": 200_000}).test_client()
    flips = [{"type": "flip", "player": "ann"}] * 2001
    problem = assert_problem(
        post(client, "/api/v1/colorsmash/replay", {"players": ["ann", "bob"], "events": flips}), 422, pointer="/events"
    )
    assert "2000" in problem["errors"][0]["detail"]
    known = {"type": "deal", "hands": {"ann": ["red"] * 200, "bob": ["blue"] * 200}}
    flips = [{"type": "flip", "player": player} for _ in range(1000) for player in ("ann", "bob")]
    body = post(client, "/api/v1/colorsmash/replay", {"players": ["ann", "bob"], "events": [known, *flips[:400]]}).json
    assert body["finished"] is True and body["pile_count"] == 400
    # 2000 events pass the limit and are replayed: the 402nd is refused by the rules, not by the size
    problem = assert_problem(
        post(client, "/api/v1/colorsmash/replay", {"players": ["ann", "bob"], "events": [known, *flips[:1999]]}),
        422,
        pointer="/events/401",
    )
    assert problem["errors"][0]["detail"] == "events[401]: the game is over"
