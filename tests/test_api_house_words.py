"""House words through the API, on SQLite and PostgreSQL (docs/rules/wordsmith.md, ruling 22): a word only the
dictionary refused is put to the table, voted on as an objection is, claimed once allowed, valid for every seat
later, and carried to the next table."""

from __future__ import annotations

import pytest
from service_helpers import assert_problem
from test_api_table_votes import Clock, Seated

from app import create_app

POOL = "R3 Y2 B3"  # builds VLOG exactly
ALLOWED = "VLOG is a house word of this table, allowed by the table's vote (2 to 0)."  # a later claim's reason
RULED = "The table allowed VLOG (2 to 0): it is on Ann's sheet, and a house word of this table from now on."


@pytest.fixture
def client(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    clock = Clock()
    app.extensions["tables"].clock = clock
    return app.test_client(), clock


def pools(table: Seated, *seats: int) -> None:
    for n in seats:
        assert table.post(f"/seats/{n}/pool", {"pool": POOL}, table.host).status_code == 201


def refused_seq(table: Seated, n: int, word: str) -> tuple[int, dict]:
    """Seat n claims `word`: a 409; the seq of its public refusal, and the problem."""
    problem = assert_problem(table.post("/claims", {"word": word}, table.tokens[n]), 409)
    assert problem["code"] == "claim_refused"
    return [e for e in table.events() if e["type"] == "claim_refused"][-1]["seq"], problem


def test_a_word_the_dictionary_lacks_is_allowed_by_the_table_and_valid_for_every_seat_later(client):
    table = Seated(*client, seats=("Ann", "Bob", "Cy"))
    pools(table, 1, 2)
    seq, problem = refused_seq(table, 1, "vlog")
    # Ann's phone is told she may ask; the table reads who may.
    said = "VLOG is not in the standard word lists; it may be newer than they are: {} may ask the table to allow it."
    assert problem["objections"][0]["message"] == said.format("you")
    assert [e for e in table.events() if e["seq"] == seq][0]["data"]["message"] == said.format("Ann")
    assert table.state(1)["wordsmith"]["refused"][0]["askable"] is True
    assert assert_problem(table.post("/house-words", {"claim": seq}, table.tokens[2]), 409)["code"] == "not_your_word"
    assert_problem(table.post("/house-words", {"claim": seq, "seat": 1}, table.host), 403)  # Ann's phone asks
    asked = table.post("/house-words", {"claim": seq}, table.tokens[1], request_id="ann-asks")
    assert asked.status_code == 201 and [e["type"] for e in asked.json["events"]] == ["house_asked"]
    ask = table.state(None)["wordsmith"]["asks"][0]
    assert (ask["seq"], ask["word"], ask["vote"]["voters"], ask["vote"]["state"]) == (seq, "vlog", [2, 3], "open")
    assert assert_problem(table.post("/claims", {"word": "lib"}, table.tokens[1]), 409)["code"] == "vote_pending"
    assert table.post("/votes", {"claim": seq, "strike": False}, table.tokens[2]).status_code == 201
    last = table.post("/votes", {"claim": seq, "strike": False}, table.tokens[3], request_id="cy-allows")
    assert [e["type"] for e in last.json["events"]] == ["house_vote", "house_ruled", "claim"]
    assert last.json["events"][-1]["data"]["house_word"] == ALLOWED
    assert last.json["events"][-1]["data"]["allowed"] == RULED  # the claim the vote made says whose sheet
    again = table.post("/votes", {"claim": seq, "strike": False}, table.tokens[3], request_id="cy-allows")
    assert again.status_code == 201 and again.json["repeated"] is True  # a retry writes nothing more
    game = table.state(None)["wordsmith"]
    assert [w["word"] for w in game["seats"][0]["words"]] == ["vlog"]
    assert [(h["word"], h["allow"], h["refuse"]) for h in game["house_words"]] == [("vlog", 2, 0)]
    assert game["latest"]["reason"] == RULED
    # A pool refusal is not the table's to overrule
    zoomer, problem = refused_seq(table, 2, "zoomer")
    assert [o["code"] for o in problem["objections"]] == ["not_a_word", "not_buildable"]
    assert "ask the table" not in problem["detail"]
    refused = assert_problem(table.post("/house-words", {"claim": zoomer}, table.tokens[2]), 409)
    assert refused["code"] == "not_askable"
    # The next challenge: Bob claims VLOG, and the claim says why it stands
    assert table.post("/challenges/end", {}, table.host).status_code == 201
    assert table.post("/challenges", {"pool": POOL}, table.host).status_code == 201
    claimed = table.post("/claims", {"word": "VLOG"}, table.tokens[2])
    assert claimed.status_code == 201 and claimed.json["claim"]["house_word"] == ALLOWED
    # Carried to the next table: its state lists them, and a name is no house word (422 at its place)
    words = [h["word"] for h in game["house_words"]]
    body = {"game": "wordsmith", "seats": ["Ann", "Bob"], "house_words": words}
    created = table.client.post("/api/v1/tables", json=body).json
    assert created["state"]["settings"]["house_words"] == ["vlog"]
    assert created["state"]["wordsmith"]["house_words"] == [{"word": "vlog", "carried": True}]
    bad = table.client.post("/api/v1/tables", json=body | {"house_words": ["vlog", "Paris"]})
    assert "proper name" in assert_problem(bad, 422, "/house_words/1")["errors"][0]["detail"]
    bad = table.client.post("/api/v1/tables", json=body | {"game": "booksmack"})
    assert_problem(bad, 422, "/house_words")


def test_a_tie_on_a_word_put_to_the_table_goes_to_the_host_and_too_few_votes_leave_it_refused(client):
    table = Seated(*client)  # four seats: three voters, two of whom must vote
    pools(table, 1, 2)
    seq, _ = refused_seq(table, 1, "vlog")
    table.post("/house-words", {"claim": seq}, table.tokens[1])
    table.post("/votes", {"claim": seq, "strike": False}, table.tokens[2])
    table.post("/votes", {"claim": seq, "strike": True}, table.tokens[3])
    early = assert_problem(table.post("/votes/count", {"claim": seq}, table.tokens[1]), 409)
    assert early["code"] == "vote_open"
    table.clock.now += 31  # Di never votes
    tied = table.post("/votes/count", {"claim": seq}, table.tokens[1]).json["events"]
    assert [(e["type"], e["data"]["outcome"]) for e in tied] == [("house_ruled", "tied")]
    settled = table.post("/votes/settle", {"claim": seq, "strike": False}, table.host)
    assert [e["type"] for e in settled.json["events"]] == ["house_ruled", "claim"]
    assert settled.json["events"][0]["data"]["by"] == "host"
    # Bob's word: one vote of three is no quorum, and the dictionary's verdict stands
    seq, _ = refused_seq(table, 2, "ick")
    table.post("/house-words", {"claim": seq}, table.tokens[2])
    table.post("/votes", {"claim": seq, "strike": False}, table.tokens[1])
    table.clock.now += 31
    ruled = table.post("/votes/count", {"claim": seq}, table.tokens[3]).json["events"][0]["data"]
    assert (ruled["outcome"], ruled["by"], ruled["reason"]) == ("refused", "judge", "no_quorum")
    assert table.state(None)["wordsmith"]["seats"][1]["words"] == []
