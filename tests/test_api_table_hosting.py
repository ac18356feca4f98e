"""The host's own actions through the API, on SQLite and PostgreSQL (docs/rules/tables.md): hand the host role to a
seat's phone, remove a seat whose player left, end a standard game early, undo the last action."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from service_helpers import assert_problem
from test_api_tables import POOL, Table, bearer, rid

from app import create_app
from tables.state import fold


@pytest.fixture
def client(database_url):
    return create_app({"TESTING": True, "DATABASE_URL": database_url}).test_client()


def without_undo(state: dict) -> dict:
    """A state as play left it: without the fields that say when and what was last undone."""
    return {key: value for key, value in state.items() if key not in ("seq", "updated_at", "undone")}


def replays(table: Table) -> None:
    """The record folds to the state the API shows: an undo replays like every other event."""
    record = table.client.get(table.path("/record")).json
    assert fold(record["events"]).to_dict(None) == table.state()


# --- undo --------------------------------------------------------------------------------------


def test_undo_takes_back_a_wrong_starting_pool_and_the_challenge_starts_again(client):
    table = Table(client)
    before = table.state()
    table.start(pool="R1 Y1 B1 G5")
    undone = table.post("/undo", {}, table.host)
    assert undone.status_code == 201, undone.json
    event = undone.json["events"][0]
    assert (event["type"], event["by"], event["data"]["type"]) == ("action_undone", 0, "challenge_started")
    after = undone.json["state"]
    assert after["wordsmith"]["phase"] == "waiting" and after["wordsmith"]["challenge"] == 0
    assert without_undo(after) == without_undo(before)
    table.start()  # challenge 1 again, on the right pool
    assert table.state()["wordsmith"]["starting_pool"] == "R3 Y2 B1 G2"
    replays(table)


def test_undo_takes_back_a_claim_and_its_done_and_then_the_action_before(client):
    table = Table(client)
    table.start()
    assert table.claim(1, "cast").status_code == 201
    before_bag = table.state()
    assert table.claim(1, "bag").status_code == 201
    undo = table.post("/undo", {}, table.host)
    assert undo.json["events"][0]["data"]["type"] == "claim"
    assert without_undo(undo.json["state"]) == without_undo(before_bag)
    assert [c["word"] for c in table.state()["wordsmith"]["claims"]] == ["cast"]
    # Ann can claim BAG again: her pool and previous word are what they were before it.
    assert table.claim(1, "bag").status_code == 201
    # Undo again and again walks back: BAG, then CAST, then the start; then nothing is left.
    for kind in ("claim", "claim", "challenge_started"):
        assert table.post("/undo", {}, table.host).json["events"][0]["data"]["type"] == kind
    refused = assert_problem(table.post("/undo", {}, table.host), 409)
    assert refused["code"] == "nothing_to_undo"
    assert [s["joined"] for s in table.state()["seats"]] == [True, True]  # the joins are not actions to undo
    replays(table)


def test_undo_is_the_hosts_names_the_action_it_means_and_applies_once(client):
    table = Table(client)
    table.start()
    assert_problem(table.post("/undo", {}, table.tokens[1]), 403)
    assert_problem(table.post("/undo", {}, None), 401)
    assert table.claim(1, "cast").status_code == 201
    shown = table.state(table.host)["undoable"]
    assert shown["type"] == "claim" and shown["seat"] == 1
    assert table.claim(2, "bag").status_code == 201  # another action comes in before the host taps Undo
    moved = assert_problem(table.post("/undo", {"seq": shown["seq"]}, table.host), 409)
    assert moved["code"] == "undo_moved"
    assert len(table.state()["wordsmith"]["claims"]) == 2  # nothing was undone
    request_id = rid()
    seq = table.state()["undoable"]["seq"]
    body = {"request_id": request_id, "seq": seq}
    first = client.post(table.path("/undo"), json=body, headers=bearer(table.host))
    again = client.post(table.path("/undo"), json=body, headers=bearer(table.host))
    assert first.status_code == again.status_code == 201 and again.json["repeated"] is True
    assert [c["word"] for c in table.state()["wordsmith"]["claims"]] == ["cast"]  # one undo, not two


def test_undo_takes_back_a_pass_and_the_challenge_end_it_brought(client):
    table = Table(client)
    table.start()
    for word in SIX_WORDS:  # the pool set again before each word: six words on Ann's sheet, and Done!
        assert table.post("/seats/1/pool", {"pool": POOL}, table.host).status_code == 201
        assert table.claim(1, word).status_code == 201
    assert table.state()["wordsmith"]["phase"] == "done_called"
    passed = table.post("/passes", {}, table.tokens[2])
    assert [e["type"] for e in passed.json["events"]] == ["passed", "challenge_ended"]
    undo = table.post("/undo", {}, table.host)
    assert (undo.json["events"][0]["data"]["first"], undo.json["events"][0]["data"]["last"]) == tuple(
        e["seq"] for e in passed.json["events"]
    )
    after = table.state()["wordsmith"]
    assert after["phase"] == "done_called" and not after["seats"][1]["passed"]
    replays(table)


def test_undo_takes_back_a_mistaken_booksmack_round(client):
    table = Table(client, game="booksmack", seats=("Ann", "Bob", "Cy"))
    before = table.state()
    played = table.post("/rounds", {"cards": ["c", "A", "f"]}, table.tokens[1])
    assert played.status_code == 201, played.json
    assert table.post("/undo", {}, table.host).status_code == 201
    assert without_undo(table.state()) == without_undo(before)
    again = table.post("/rounds", {"cards": ["c", "A", "t"]}, table.tokens[1])
    assert again.status_code == 201 and again.json["state"]["booksmack"]["round"] == 1
    replays(table)


SIX_WORDS = ("cast", "bag", "cab", "act", "sat", "bit")
WORDS = ("cast", "cats", "bag", "gab", "tab", "acts", "scat", "zzz")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from((1, 2)), st.sampled_from(WORDS + ("+R", "+G", "+W"))), max_size=6))
def test_an_undone_action_leaves_the_table_as_if_it_had_never_happened(client, actions):
    """Whatever was played before it, undoing an action gives the state from just before it (ruling 3)."""
    table = Table(client)
    table.start()

    def play(seat: int, move: str):
        if move.startswith("+"):
            body = {"piece": move[1], "wild_as": "R" if move == "+W" else None}
            return table.post("/pieces", body, table.tokens[seat])
        return table.claim(seat, move)

    for seat, move in actions:
        before = table.state()
        if play(seat, move).status_code != 201:
            continue  # refused: nothing to undo, nothing changed
        assert table.post("/undo", {}, table.host).status_code == 201
        assert without_undo(table.state()) == without_undo(before)
        assert play(seat, move).status_code == 201  # and the same action is taken again, judged as before


# --- removing a seat ------------------------------------------------------------------------


def test_a_removed_seat_no_longer_holds_up_a_word_by_word_roll(client):
    table = Table(client, seats=("Ann", "Bob", "Cy"), variants=["word_by_word"])
    table.start()
    assert table.post("/word-rolls", {"faces": ["red", "yellow", "blue_star"]}, table.tokens[1]).status_code == 201
    for seat, word in ((1, "cast"), (2, "bag")):
        assert table.claim(seat, word).status_code == 201
    waiting = assert_problem(table.post("/word-rolls", {}, table.tokens[1]), 409)
    assert waiting["code"] == "word_open"
    assert_problem(table.post("/seats/3/remove", {}, table.tokens[1]), 403)
    removed = table.post("/seats/3/remove", {}, table.host)
    assert removed.status_code == 201, removed.json
    assert removed.json["state"]["seats"][2] | {"name": "Cy"} == {
        "seat": 3,
        "name": "Cy",
        "joined": False,
        "removed": True,
        "asked": False,
    }
    assert_problem(table.claim(3, "cast"), 403)  # Cy's phone acts for no one now
    assert assert_problem(table.join(3), 409)["code"] == "seat_removed"
    assert table.post("/word-rolls", {}, table.tokens[1]).status_code == 201  # the roll waits for Ann and Bob only
    assert assert_problem(table.post("/seats/3/remove", {}, table.host), 409)["code"] == "seat_removed"
    replays(table)


def test_a_removed_seat_is_skipped_in_booksmack_rounds_and_turns(client):
    rounds = Table(client, game="booksmack", seats=("Ann", "Bob", "Cy"))
    assert rounds.post("/seats/2/remove", {}, rounds.host).status_code == 201
    assert_problem(rounds.post("/rounds", {"cards": ["c", "A", "f"]}, rounds.tokens[1]), 422, "/cards")
    played = rounds.post("/rounds", {"cards": ["c", "f"]}, rounds.tokens[1])
    assert played.status_code == 201, played.json
    hands = [s["hand"] for s in played.json["state"]["booksmack"]["seats"]]
    assert hands[1] == hands[0] + 1 == hands[2] + 1  # Bob's hand played no card
    assert played.json["state"]["booksmack"]["rounds"][-1]["seats"] == [1, 3]  # whose the cards are
    replays(rounds)
    turns = Table(client, game="booksmack", seats=("Ann", "Bob", "Cy"), variants=["turns"])
    assert turns.post("/seats/2/remove", {}, turns.host).status_code == 201
    turned = turns.post("/turns", {"card": "c"}, turns.tokens[1])
    assert turned.status_code == 201, turned.json
    assert turned.json["state"]["booksmack"]["turn"] == 3  # Bob is passed over
    assert turns.post("/turns", {"card": "a"}, turns.tokens[3]).status_code == 201  # the lowest: Cy steals
    # Bob took his hand with him, so Cy cannot steal from it.
    (error,) = assert_problem(turns.post("/steals", {"seat": 2, "from": "hand"}, turns.tokens[3]), 422)["errors"]
    assert error["pointer"] == "/from" and "left the table" in error["detail"]
    assert turns.post("/steals", {"seat": 1, "from": "hand"}, turns.tokens[3]).status_code == 201
    replays(turns)


def test_the_last_player_and_the_host_seat_are_not_removed_and_a_removal_can_be_undone(client):
    table = Table(client, seats=("Ann",), variants=["word_by_word"])
    assert assert_problem(table.post("/seats/1/remove", {}, table.host), 409)["code"] == "last_seat"
    two = Table(client)
    two.start()
    assert two.post("/seats/2/remove", {}, two.host).status_code == 201
    assert two.post("/undo", {}, two.host).json["events"][0]["data"]["type"] == "seat_removed"
    seat = two.state()["seats"][1]
    assert not seat["removed"] and not seat["joined"]  # back at the table; its phone joins again
    assert two.join(2).status_code == 201


# --- handing the host role on --------------------------------------------------------------


def test_the_host_hands_the_host_role_to_a_seated_players_phone(client):
    table = Table(client, seats=("Ann", "Bob", "Cy"))
    old_host = table.host
    assert_problem(table.post("/host", {"seat": 2}, table.tokens[2]), 403)
    handed = table.post("/host", {"seat": 2}, old_host)
    assert handed.status_code == 201, handed.json
    assert handed.json["state"]["host_seat"] == 2
    assert_problem(table.post("/challenges", {"pool": POOL}, old_host), 403)  # the old host token stops at once
    assert table.post("/challenges", {"pool": POOL}, table.tokens[2]).status_code == 201  # Bob's phone hosts
    claimed = table.claim(2, "cast")  # and still plays as Bob
    assert claimed.status_code == 201 and claimed.json["events"][0]["by"] == 2
    assert_problem(table.post("/challenges/end", {}, table.tokens[3]), 403)
    assert assert_problem(table.post("/seats/2/release", {}, table.tokens[2]), 409)["code"] == "host_seat"
    assert assert_problem(table.post("/seats/2/remove", {}, table.tokens[2]), 409)["code"] == "host_seat"
    assert table.post("/host", {"seat": 3}, table.tokens[2]).status_code == 201  # and on again
    assert_problem(table.post("/challenges/end", {}, table.tokens[2]), 403)
    assert table.post("/challenges/end", {}, table.tokens[3]).status_code == 201
    replays(table)


def test_after_a_hand_over_that_settled_a_tie_undo_still_takes_back_what_came_before(client):
    """Ruling 3: Bob claims BAG, Cy objects, Ann keeps and Di strikes: tied. The host role goes to Bob's phone, and
    the tie is counted with it (Bob made the claim: the judge's verdict stands, ruling 21). Bob's Undo passes over
    the hand-over and that count to Di's strike, and takes the count with it: the vote is Di's to cast again."""
    table = Table(client, seats=("Ann", "Bob", "Cy", "Di"))
    table.start()
    assert table.claim(2, "bag").status_code == 201
    bag = [e for e in table.client.get(table.path("/record")).json["events"] if e["type"] == "claim"][0]["seq"]
    assert table.post("/objections", {"claim": bag}, table.tokens[3]).status_code == 201
    assert table.post("/votes", {"claim": bag, "strike": False}, table.tokens[1]).status_code == 201
    tied = table.post("/votes", {"claim": bag, "strike": True}, table.tokens[4]).json["events"][-1]
    assert tied["data"]["outcome"] == "tied"
    handed = table.post("/host", {"seat": 2}, table.host).json
    assert [e["type"] for e in handed["events"]] == ["host_handed", "objection_ruled"]
    assert "the host, Bob, made the claim" in handed["state"]["wordsmith"]["latest"]["reason"]
    undoable = table.state(table.tokens[2])["undoable"]
    assert (undoable["seq"], undoable["type"], undoable["seat"], undoable["word"]) == (
        tied["seq"] - 1,
        "objection_vote",
        4,
        "bag",
    )
    undone = table.post("/undo", {"seq": undoable["seq"]}, table.tokens[2])
    assert undone.status_code == 201, undone.json
    data = undone.json["events"][0]["data"]
    assert (data["type"], data["also"], data["reopens"]) == ("objection_vote", [handed["events"][1]["seq"]], [bag])
    vote = undone.json["state"]["wordsmith"]["claims"][0]["vote"]
    assert (vote["state"], vote["waiting"]) == ("open", [4])
    assert undone.json["state"]["host_seat"] == 2
    replays(table)
    for kind in ("objection_vote", "objection", "claim", "challenge_started"):  # and on, back to the first action
        assert table.post("/undo", {}, table.tokens[2]).json["events"][0]["data"]["type"] == kind
    assert_problem(table.post("/undo", {}, table.tokens[2]), 409)
    replays(table)


def test_the_host_role_goes_only_to_a_phone_that_holds_its_seat(client):
    table = Table(client, join=False)
    assert assert_problem(table.post("/host", {"seat": 1}, table.host), 409)["code"] == "seat_free"
    assert_problem(table.post("/host", {"seat": 3}, table.host), 422, "/seat")


# --- a phone asks for its seat back --------------------------------------------------------


def test_a_phone_without_a_seat_asks_for_it_back_once(client):
    table = Table(client)
    asked = client.post(table.path("/seats/1/ask"), json={"request_id": rid()})
    assert asked.status_code == 201 and asked.json["state"]["seats"][0]["asked"] is True
    again = client.post(table.path("/seats/1/ask"), json={"request_id": rid()})
    assert again.status_code == 201 and again.json["events"] == []  # one request on the host's page, not two
    assert table.post("/seats/1/release", {}, table.host).status_code == 201
    assert table.state()["seats"][0]["asked"] is False


# --- ending a standard game early ------------------------------------------------------------


def test_the_host_ends_a_standard_game_after_one_challenge_with_its_winners(client):
    table = Table(client)
    table.start()
    assert table.claim(1, "cast").status_code == 201
    assert assert_problem(table.post("/end", {}, table.host), 409)["code"] == "challenge_on"
    assert table.post("/challenges/end", {}, table.host).status_code == 201
    assert_problem(table.post("/end", {}, table.tokens[1]), 403)
    ended = table.post("/end", {}, table.host)
    assert ended.status_code == 201, ended.json
    game = ended.json["state"]["wordsmith"]
    assert game["phase"] == "game_over" and game["winners"] == [1]
    assert game["scores"]["sheets"][0]["total"] > game["scores"]["sheets"][1]["total"]


# --- a star kept wild, chosen later ------------------------------------------------------------


def test_a_star_kept_wild_becomes_the_piece_its_player_names(client):
    table = Table(client)
    table.start()
    assert assert_problem(table.post("/wilds", {"piece": "B"}, table.tokens[1]), 409)["code"] == "no_wild"
    assert table.post("/pieces", {"piece": "W"}, table.tokens[1]).status_code == 201  # kept wild for now
    assert table.state(table.tokens[1])["wordsmith"]["seats"][0]["pool"] == "R3 Y2 B1 G2 W1"
    assert_problem(table.post("/wilds", {"piece": "W"}, table.tokens[1]), 422, "/piece")
    chosen = table.post("/wilds", {"piece": "B"}, table.tokens[1])
    assert chosen.status_code == 201, chosen.json
    assert chosen.json["state"]["wordsmith"]["seats"][0]["pool"] == "R3 Y2 B2 G2"
    assert_problem(table.post("/wilds", {"seat": 1, "piece": "B"}, table.tokens[2]), 403)
    replays(table)
