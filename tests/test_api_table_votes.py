"""Refused attempts in public, and the table's vote on an objection, through the API on both databases
(docs/rules/wordsmith.md, rulings 15-21)."""

from __future__ import annotations

import time
import uuid

import pytest
from service_helpers import assert_problem

from app import create_app

POOL = "R3 Y2 B1 G2"  # builds CAST and BAG exactly


class Clock:
    """The service's clock, moved by the test: a vote's window closes by construction, not by sleeping."""

    def __init__(self):
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    clock = Clock()
    app.extensions["tables"].clock = clock
    client = app.test_client()
    return Seated(client, clock)


class Seated:
    """A four-seat Wordsmith table made through the API, every seat joined, the first challenge on."""

    def __init__(self, client, clock, seats=("Ann", "Bob", "Cy", "Di")):
        self.client, self.clock = client, clock
        created = client.post("/api/v1/tables", json={"game": "wordsmith", "seats": list(seats)}).json
        self.code, self.host = created["code"], created["host_token"]
        self.tokens = {n: client.post(self.path(f"/seats/{n}")).json["token"] for n in range(1, len(seats) + 1)}
        assert self.post("/challenges", {"pool": POOL}, self.host).status_code == 201

    def path(self, rest=""):
        return f"/api/v1/tables/{self.code}{rest}"

    def post(self, rest, body, token, request_id=None):
        body = {"request_id": request_id or uuid.uuid4().hex, **body}
        return self.client.post(self.path(rest), json=body, headers={"Authorization": f"Bearer {token}"})

    def state(self, seat=None):
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"} if seat else {}
        return self.client.get(self.path(), headers=headers).json

    def events(self):
        return self.client.get(self.path("/record")).json["events"]


def cast_objected(table) -> int:
    """Ann claims CAST and Bob objects: the table votes. CAST's seq."""
    table.post("/claims", {"word": "cast"}, table.tokens[1])
    seq = [e for e in table.events() if e["type"] == "claim"][0]["seq"]
    table.post("/objections", {"claim": seq}, table.tokens[2])
    return seq


def test_a_refused_claim_is_public_counts_against_nothing_and_a_retry_writes_it_once(table):
    before = table.state(1)["wordsmith"]["seats"]
    for _ in range(2):  # the same request twice: refused both times, written once
        refused = assert_problem(table.post("/claims", {"word": "zzzq"}, table.tokens[1], request_id="ann-zzzq"), 409)
        assert refused["code"] == "claim_refused" and refused["objections"][0]["code"] == "not_a_word"
    assert [e["type"] for e in table.events()].count("claim_refused") == 1
    for viewer in (2, 3, None):  # every other phone, and the table view
        game = table.state(viewer)["wordsmith"]
        assert (game["latest"]["verdict"], game["latest"]["seat"], game["latest"]["word"]) == ("refused", 1, "zzzq")
        assert [(a["seat"], a["word"], a["objections"]) for a in game["refused"]] == [
            (1, "zzzq", ["not_a_word", "not_buildable"])
        ]
    assert table.state(1)["wordsmith"]["seats"] == before  # no sheet, pool or previous word moved
    assert table.post("/claims", {"word": "cast"}, table.tokens[1]).status_code == 201


def test_an_objection_voted_by_the_other_seats_is_upheld_and_the_word_struck(table):
    cast = table.post("/claims", {"word": "cast"}, table.tokens[1]).json["claim"]
    seq = [e for e in table.events() if e["type"] == "claim"][0]["seq"]
    assert cast["normalized"] == "cast"
    objected = table.post("/objections", {"claim": seq}, table.tokens[2])
    assert objected.status_code == 201
    vote = table.state(3)["wordsmith"]["claims"][0]["vote"]
    assert (vote["state"], vote["voters"], vote["objector"], vote["dictionary"]) == ("open", [3, 4], 2, "standard")
    assert vote["message"].startswith("CAST stands: it is a valid word")
    assert_problem(table.post("/votes", {"claim": seq, "strike": True}, table.tokens[2]), 409)  # the objector
    refused = assert_problem(table.post("/claims", {"word": "bag"}, table.tokens[1]), 409)
    assert refused["code"] == "vote_pending"  # Ann awaits the table's vote
    assert table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3]).status_code == 201
    last = table.post("/votes", {"claim": seq, "strike": True}, table.tokens[4])
    assert [e["type"] for e in last.json["events"]] == ["objection_vote", "objection_ruled"]
    game = table.state(None)["wordsmith"]
    assert game["claims"][0]["status"] == "struck" and game["latest"]["verdict"] == "upheld"
    assert game["latest"]["reason"].startswith("Objection upheld")
    assert game["seats"][0]["words"] == [] and game["seats"][0]["pool"] == POOL
    assert table.post("/claims", {"word": "bag"}, table.tokens[1]).status_code == 201  # back to finding words


def test_a_vote_closes_when_its_window_has_passed_and_the_host_breaks_a_tie(table):
    seq = cast_objected(table)
    table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3])
    early = assert_problem(table.post("/votes/count", {"claim": seq}, table.tokens[2]), 409)
    assert early["code"] == "vote_open"
    table.clock.now += 31  # Di never votes: the window closes
    late = assert_problem(table.post("/votes", {"claim": seq, "strike": False}, table.tokens[4]), 409)
    assert late["code"] == "vote_closed"
    ruled = table.events()[-1]  # counted all the same: 1 of 2 voters is no quorum, the judge's verdict stands
    assert (ruled["type"], ruled["data"]["by"], ruled["data"]["reason"]) == ("objection_ruled", "judge", "no_quorum")
    assert table.state(None)["wordsmith"]["claims"][0]["vote"]["state"] == "overruled"
    # a second word, a tie: one keep, one strike
    table.post("/claims", {"word": "bag"}, table.tokens[2])
    seq = [e for e in table.events() if e["type"] == "claim"][-1]["seq"]
    table.post("/objections", {"claim": seq}, table.tokens[1])
    table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3])
    tied = table.post("/votes", {"claim": seq, "strike": False}, table.tokens[4]).json["events"][-1]
    assert tied["data"]["outcome"] == "tied"
    assert_problem(table.post("/votes/settle", {"claim": seq, "strike": False}, table.tokens[1]), 403)
    bad = assert_problem(table.post("/votes/settle", {"claim": seq}, table.host), 422)
    assert bad["errors"][0]["pointer"] == "/strike"
    settled = table.post("/votes/settle", {"claim": seq, "strike": False}, table.host).json["events"][0]
    assert (settled["data"]["outcome"], settled["data"]["by"]) == ("overruled", "host")
    assert table.state(None)["wordsmith"]["claims"][-1]["status"] == "stands"


def test_no_one_votes_for_another_seat_and_nothing_is_written(table):
    """Ruling 19: the host's token naming seat 3, then seat 4, is 403 and writes nothing; so is a seat's naming
    another; the voter's own phone votes."""
    seq = cast_objected(table)
    before = table.events()
    for token, named in ((table.host, 3), (table.host, 4), (table.host, None), (table.tokens[4], 3)):
        body = {"claim": seq, "strike": True} | ({} if named is None else {"seat": named})
        refused = assert_problem(table.post("/votes", body, token), 403)
        assert "a vote is cast from the voter's own phone" in refused["detail"]
        assert "the host's casting vote on a tie is the separate act (settle)" in refused["detail"]
    assert table.events() == before
    assert table.state(None)["wordsmith"]["claims"][0]["vote"]["votes"] == []
    assert table.post("/votes", {"claim": seq, "strike": True, "seat": 3}, table.tokens[3]).status_code == 201


def test_a_struck_word_cannot_be_claimed_again_this_challenge(table):
    """Ruling 20: CAST, struck by the table's vote, is refused to every seat in public, naming the vote."""
    seq = cast_objected(table)
    table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3])
    table.post("/votes", {"claim": seq, "strike": True}, table.tokens[4])
    for n in (1, 3):
        refused = assert_problem(table.post("/claims", {"word": "Cast"}, table.tokens[n]), 409)
        assert refused["code"] == "claim_refused" and [o["code"] for o in refused["objections"]] == ["struck"]
        assert refused["objections"][0]["message"] == (
            "CAST was struck by the table's vote (2 to 0): it cannot be claimed again this challenge."
        )
    refusals = table.state(None)["wordsmith"]["refused"]
    assert [(a["seat"], a["word"], a["objections"]) for a in refusals] == [
        (1, "cast", ["struck"]),
        (3, "cast", ["struck"]),
    ]


def bag_objected(database_url):
    """Ann, Bob and Cy seated; Ann claimed BAG and Bob objected: Cy is the one voter. The table, its clock, BAG's seq."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    clock = Clock()
    app.extensions["tables"].clock = clock
    table = Seated(app.test_client(), clock, seats=("Ann", "Bob", "Cy"))
    table.post("/claims", {"word": "bag"}, table.tokens[1])
    seq = [e for e in table.events() if e["type"] == "claim"][0]["seq"]
    table.post("/objections", {"claim": seq}, table.tokens[2])
    return table, clock, seq


def test_an_undone_vote_is_cast_again_in_a_fresh_window_so_the_undo_changes_no_result(database_url):
    """docs/rules/tables.md, ruling 3: Cy's strike, undone after the window closed, is Cy's to cast again for a new
    window from the undo; nothing is counted meanwhile, and Cy's strike upholds the objection again."""
    table, clock, seq = bag_objected(database_url)
    upheld = table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3]).json["events"]
    assert [(e["type"], e["data"].get("outcome")) for e in upheld] == [
        ("objection_vote", None),
        ("objection_ruled", "upheld"),
    ]
    clock.now += 31  # the window the objection opened has closed
    undone = table.post("/undo", {}, table.host).json["events"][0]["data"]
    assert (undone["type"], undone["reopens"]) == ("objection_vote", [seq])
    vote = table.state(3)["wordsmith"]["claims"][0]["vote"]
    assert (vote["state"], vote["waiting"], vote["votes"]) == ("open", [3], [])
    assert vote["closes_at"] == undone["closes_at"]
    early = assert_problem(table.post("/votes/count", {"claim": seq}, table.tokens[2]), 409)
    assert (early["code"], early["detail"]) == ("vote_open", "The vote on BAG is open for 30 more seconds.")
    assert table.state(None)["wordsmith"]["claims"][0]["status"] == "stands"  # nothing counted on the old window
    again = table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3]).json["events"]
    assert [(e["type"], e["data"].get("outcome")) for e in again] == [
        ("objection_vote", None),
        ("objection_ruled", "upheld"),
    ]
    assert table.state(None)["wordsmith"]["claims"][0]["status"] == "struck"
    # Cy lets the new window pass too: then, and only then, the judge's verdict stands
    table.post("/undo", {}, table.host)
    clock.now += 31
    ruled = table.post("/votes/count", {"claim": seq}, table.tokens[2]).json["events"][0]["data"]
    assert (ruled["outcome"], ruled["by"], ruled["reason"]) == ("overruled", "judge", "no_quorum")


def test_a_vote_given_back_by_an_undo_keeps_its_window_through_a_later_undo(database_url):
    """An undo folds the table again from the events in effect, which hold no undo: the window an earlier undo gave a
    vote back is kept through it, so undoing an unrelated action does not close the vote nor count it."""
    table, clock, seq = bag_objected(database_url)
    table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3])
    clock.now += 31
    undone = table.post("/undo", {}, table.host).json["events"][0]["data"]
    table.post("/pieces", {"piece": "R"}, table.tokens[2])  # Bob adds a piece; the host takes it back
    assert table.post("/undo", {}, table.host).json["events"][0]["data"]["type"] == "piece_added"
    vote = table.state(3)["wordsmith"]["claims"][0]["vote"]
    assert (vote["state"], vote["waiting"], vote["closes_at"]) == ("open", [3], undone["closes_at"])
    early = assert_problem(table.post("/votes/count", {"claim": seq}, table.tokens[2]), 409)
    assert early["code"] == "vote_open"
    again = table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3]).json["events"]
    assert [(e["type"], e["data"].get("outcome")) for e in again][-1] == ("objection_ruled", "upheld")


def test_an_undo_after_a_count_takes_back_the_count_alone_and_every_ballot_stays(database_url):
    """Di strikes, the window closes, Cy taps Count the votes: the count is Cy's action, and the host's undo takes back
    the count, not Di's vote with it (ruling 3): the vote is open again, Di's strike still in it."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    clock = Clock()
    app.extensions["tables"].clock = clock
    table = Seated(app.test_client(), clock)
    table.post("/claims", {"word": "cast"}, table.tokens[2])
    seq = [e for e in table.events() if e["type"] == "claim"][0]["seq"]
    table.post("/objections", {"claim": seq}, table.tokens[3])
    table.post("/votes", {"claim": seq, "strike": True}, table.tokens[4])
    clock.now += 31
    counted = table.post("/votes/count", {"claim": seq}, table.tokens[3]).json["events"]
    assert [(e["type"], e["by"]) for e in counted] == [("objection_ruled", 3)]
    assert table.state(None)["undoable"]["type"] == "objection_ruled"
    undone = table.post("/undo", {}, table.host).json["events"][0]["data"]
    assert (undone["type"], undone["reopens"]) == ("objection_ruled", [seq])
    vote = table.state(4)["wordsmith"]["claims"][0]["vote"]
    assert (vote["state"], vote["closes_at"]) == ("open", undone["closes_at"])
    assert [ballot["seat"] for ballot in vote["votes"]] == [4]  # Di's strike stays
    assert table.state(None)["undoable"]["type"] == "objection_vote"  # the next undo would be Di's vote


def test_an_undone_vote_on_a_house_word_is_cast_again_and_the_word_allowed_as_before(database_url):
    """ICK allowed 2 to 1: Di's refusal undone after the window is Di's to cast again; the count is 2 to 1 again."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    clock = Clock()
    app.extensions["tables"].clock = clock
    table = Seated(app.test_client(), clock)
    table.post("/claims", {"word": "ick"}, table.tokens[1])
    seq = [e for e in table.events() if e["type"] == "claim_refused"][-1]["seq"]
    assert table.post("/house-words", {"claim": seq}, table.tokens[1]).status_code == 201
    table.post("/votes", {"claim": seq, "strike": False}, table.tokens[2])
    table.post("/votes", {"claim": seq, "strike": False}, table.tokens[3])
    last = table.post("/votes", {"claim": seq, "strike": True}, table.tokens[4]).json["events"]
    ruled = [e["data"] for e in last if e["type"] == "house_ruled"][0]
    assert (ruled["outcome"], ruled["allow"], ruled["refuse"]) == ("allowed", 2, 1)
    clock.now += 31
    undone = table.post("/undo", {}, table.host).json["events"][0]["data"]
    assert (undone["type"], undone["reopens"]) == ("house_vote", [seq])
    ask = table.state(4)["wordsmith"]["asks"][0]
    assert (ask["vote"]["state"], ask["vote"]["waiting"], ask["vote"]["allow"]) == ("open", [4], 2)
    assert table.state(None)["wordsmith"]["house_words"] == []
    again = table.post("/votes", {"claim": seq, "strike": True}, table.tokens[4]).json["events"]
    ruled = [e["data"] for e in again if e["type"] == "house_ruled"][0]
    assert (ruled["outcome"], ruled["allow"], ruled["refuse"]) == ("allowed", 2, 1)


def test_an_undone_concession_after_the_judges_verdict_stood_says_no_vote_reopened(table):
    """Ruling 3: Ann's phone hosts and Ann objects to Bob's CAST; Cy and Di split, so the judge's verdict stands (the
    host is a party, ruling 21). Bob concedes; the host undoes the concession: the vote stays as the judge left it,
    and neither the undo nor the state says it reopened."""
    assert table.post("/host", {"seat": 1}, table.host).status_code == 201
    table.post("/claims", {"word": "cast"}, table.tokens[2])
    seq = [e for e in table.events() if e["type"] == "claim"][0]["seq"]
    table.post("/objections", {"claim": seq}, table.tokens[1])
    table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3])
    ruled = table.post("/votes", {"claim": seq, "strike": False}, table.tokens[4]).json["events"][-1]["data"]
    assert (ruled["outcome"], ruled["by"], ruled["reason"]) == ("overruled", "judge", "host_party")
    assert table.post("/votes", {"claim": seq, "strike": True}, table.tokens[2]).status_code == 201  # Bob concedes
    undone = table.post("/undo", {}, table.tokens[1]).json
    assert undone["events"][0]["data"]["type"] == "objection_ruled"
    assert "reopens" not in undone["events"][0]["data"] and "reopens" not in undone["state"]["undone"]
    assert undone["state"]["wordsmith"]["claims"][0]["vote"]["state"] == "overruled"
    assert "reopens" not in table.state(None)["undone"]


def test_two_casting_votes_at_once_the_second_reads_how_the_first_settled_it(table):
    """Ruling 24: the host's two taps on a tie race; the second, sent for the old tie, is told the outcome."""
    seq = cast_objected(table)
    table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3])
    table.post("/votes", {"claim": seq, "strike": False}, table.tokens[4])
    assert table.post("/votes/settle", {"claim": seq, "strike": False}, table.host).status_code == 201
    written = len(table.events())
    second = assert_problem(table.post("/votes/settle", {"claim": seq, "strike": True}, table.host), 409)
    assert (second["code"], second["detail"]) == (
        "not_tied",
        "The vote on CAST is over: you kept it with the casting vote on a tie of 1 to 1.",
    )
    assert len(table.events()) == written


def test_two_rolls_for_one_word_the_second_reads_who_rolled_it_and_an_end_never_ends_the_next_challenge(table):
    """Ruling 24: Word by Word, Ann's and Bob's rolls for word 1 race: Bob's counts, Ann is told what it gave; a
    stale end of challenge 1 does not end challenge 2."""
    created = table.client.post(
        "/api/v1/tables", json={"game": "wordsmith", "seats": ["Ann", "Bob"], "variants": ["word_by_word"]}
    ).json
    table.code, table.host = created["code"], created["host_token"]
    table.tokens = {n: table.client.post(table.path(f"/seats/{n}")).json["token"] for n in (1, 2)}
    assert table.post("/challenges", {"pool": POOL, "challenge": 1}, table.host).status_code == 201
    faces = ["red", "yellow", "blue_star"]
    assert table.post("/word-rolls", {"faces": faces, "round": 1}, table.tokens[2]).status_code == 201
    second = assert_problem(table.post("/word-rolls", {"round": 1}, table.tokens[1]), 409)
    assert (second["code"], second["detail"]) == (
        "already_rolled",
        "Bob already rolled for word 1: red, yellow and blue star.",
    )
    assert table.state(1)["wordsmith"]["round"] == 1
    assert table.post("/challenges/end", {"challenge": 1}, table.host).status_code == 201
    assert table.post("/challenges", {"pool": POOL, "challenge": 2}, table.host).status_code == 201
    stale = assert_problem(table.post("/challenges/end", {"challenge": 1}, table.host), 409)
    assert stale["detail"] == "Challenge 1 is over already: challenge 2 is on."
    assert table.state(None)["wordsmith"]["phase"] == "playing"
    again = assert_problem(table.post("/challenges", {"pool": POOL, "challenge": 2}, table.host), 409)
    assert again["code"] == "challenge_started"
    assert_problem(table.post("/word-rolls", {"round": 7}, table.tokens[1]), 422)
