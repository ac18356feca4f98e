"""How many players a live table takes, as each rulebook says (docs/rules/): Wordsmith 2 to 4, Word by Word 1 to 4
(a solo table works), Booksmack 2 to 6 (its rulebook names no count: the judge's ruling). On SQLite and PostgreSQL.
"""

from __future__ import annotations

import pytest
from service_helpers import assert_problem
from test_api_tables import Table

from app import create_app


@pytest.fixture
def client(database_url):
    return create_app({"TESTING": True, "DATABASE_URL": database_url}).test_client()


def create(client, game: str, seats: int, variants=()):
    body = {"game": game, "seats": [f"P{n}" for n in range(1, seats + 1)], "variants": list(variants)}
    return client.post("/api/v1/tables", json=body)


@pytest.mark.parametrize(
    "game, variants, least, most",
    [
        ("wordsmith", (), 2, 4),
        ("wordsmith", ("advanced",), 2, 4),
        ("wordsmith", ("word_by_word",), 1, 4),
        ("booksmack", (), 2, 6),
    ],
)
def test_a_table_takes_the_players_its_rulebook_allows_and_names_the_rule_otherwise(
    client, game, variants, least, most
):
    for seats in range(0, 9):  # none, and past the largest table: the rule's sentence too, never the schema's
        answer = create(client, game, seats, variants)
        if least <= seats <= most:
            assert answer.status_code == 201, answer.json
        else:
            problem = assert_problem(answer, 422)
            (error,) = problem["errors"]
            assert error["pointer"] == "/seats" and f"{least} to {most} players" in error["detail"], problem


def test_a_solo_word_by_word_table_plays(client):
    table = Table(client, seats=("Solo",), variants=["word_by_word"])
    assert [seat["joined"] for seat in table.state()["seats"]] == [True]
    table.start()
    rolled = table.post("/word-rolls", {"faces": ["red", "yellow", "red"]}, table.tokens[1])
    assert rolled.status_code == 201, rolled.json
    state = table.state()["wordsmith"]
    assert state["phase"] == "playing" and state["round"] == 1
