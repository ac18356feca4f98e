"""How many players a live table takes, as each rulebook says (docs/rules/): Wordsmith 2 to 4, Word by Word 1 to 4
(a solo table works), Booksmack 2 to 6 (its rulebook names no count: the judge's ruling). On SQLite and PostgreSQL.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from service_helpers import assert_problem
from test_api_tables import Table, bearer
from test_pages_tables import create as page_create
from test_pages_tables import join as page_join

from app import create_app
from solver.errors import Refused
from tables.state import same_name, seat_name


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


# --- names that pass for one another (docs/rules/tables.md, ruling 6) -----------------------------

LATIN_NAMES = st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzäëïöüéèñçß"), min_size=1, max_size=12)
# Cyrillic and Greek capitals drawn like Latin ones.
LOOKALIKES = {"A": "\u0410", "B": "\u0412", "E": "\u0415", "O": "\u039f", "P": "\u0420", "T": "\u03a4"}


def fullwidth(text: str) -> str:
    """`text` in full-width forms where there are some (a → ａ)."""
    return "".join(chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else char for char in text)


@given(name=LATIN_NAMES, look=st.sampled_from(["decomposed", "upper", "fullwidth", "title"]))
def test_a_name_written_another_way_is_the_same_seats_name(name, look):
    """A name beside one that looks the same once its letters are composed one way, whatever the case and however
    wide (Zoë typed with a combining diaeresis, ＡＮＮ beside Ann) is refused: the phones could not tell them apart."""
    kept = seat_name(name, ("seats", 0))
    other = {
        "decomposed": unicodedata.normalize("NFD", name),
        "upper": name.upper(),
        "fullwidth": fullwidth(name),
        "title": name.title(),
    }[look]
    with pytest.raises(Refused):
        same_name(seat_name(other, ("seats", 1)), [kept], ("seats", 1))


@given(
    name=st.text(alphabet=st.sampled_from("ABEOPTabeopt"), min_size=2, max_size=12),
    where=st.integers(0, 11),
    accent=st.sampled_from(["", "\u0301", "\u0308"]),
)
def test_a_word_mixing_look_alike_alphabets_is_refused_as_a_name(name, where, accent):
    """A Latin word with one letter swapped for its Cyrillic or Greek look-alike (Аnn) is refused, naming both
    letters; a name whose words each keep to one alphabet (Dmitri Дмитрий, Νίκος) is kept."""
    where %= len(name)
    if name[where] not in LOOKALIKES:
        name = name[:where] + "A" + name[where + 1 :]
    spoof = name[:where] + LOOKALIKES[name[where]] + accent + name[where + 1 :]  # an accent typed apart: one word
    with pytest.raises(Refused) as caught:
        seat_name(spoof, ("name",))
    assert "mixes alphabets within a word" in caught.value.message and caught.value.path == ("name",)
    assert seat_name(f"{name} {LOOKALIKES[name[where]]}", ("name",))  # two words, one alphabet each


def test_a_table_refuses_a_look_alike_name_through_the_api(client):
    created = client.post("/api/v1/tables", json={"game": "wordsmith", "seats": ["Zoë", "Zoe\u0308"]})
    assert assert_problem(created, 422, "/seats/1")
    table = Table(client, seats=("Ann", "Bob"))
    renamed = table.post("/seats/2/name", {"name": "\u0410nn"}, table.host)
    assert "mixes alphabets" in assert_problem(renamed, 422, "/name")["errors"][0]["detail"]
    assert table.post("/seats/2/name", {"name": "\uff21nn"}, table.host).status_code == 422


# --- one phone, one seat (docs/rules/tables.md, ruling 7) -----------------------------------------


def test_a_phone_that_plays_for_a_seat_joins_no_other(client):
    """A seat's token sent with a join of another seat (a phone that plays for Ann tapping Bob's free seat) is
    refused, 409 one_seat, and writes nothing: Bob's seat stays free for Bob's phone. The host's token still seats
    its phone anywhere."""
    table = Table(client, seats=("Ann", "Bob", "Cy"), join=False)
    ann = table.join(1).json["token"]
    before = table.state()["seq"]
    refused = table.join(2, json={"request_id": "ann-taps-bob"}, headers=bearer(ann))
    assert assert_problem(refused, 409)["code"] == "one_seat"
    assert table.state()["seq"] == before and not table.state()["seats"][1]["joined"]
    assert table.join(2, headers=bearer(table.host)).status_code == 201


def test_a_phone_the_host_role_was_handed_to_joins_no_other_seat(client):
    """The host role handed to Ann's phone gives it the host's actions, not the host's own token: a join with Ann's
    token is refused for a free seat and for one Bob's phone holds (one_seat), so Ann's seat, and the host role with
    it, is never left to a token no one has, and Bob keeps his seat."""
    table = Table(client, seats=("Ann", "Bob", "Cy"), join=False)
    ann, _ = table.join(1).json["token"], table.join(2)
    assert table.post("/host", {"seat": 1}, table.host).status_code == 201
    before = table.state()["seq"]
    for seat in (3, 2):
        refused = table.join(seat, json={"request_id": f"ann-taps-{seat}"}, headers=bearer(ann))
        assert assert_problem(refused, 409)["code"] == "one_seat"
    seats = table.state()["seats"]
    assert table.state()["seq"] == before and [s["joined"] for s in seats] == [True, True, False]


def test_a_pages_phone_that_plays_for_a_seat_joins_no_other(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    host, ann = app.test_client(), app.test_client()
    code, _ = page_create(host, names=("Ann", "Bob", "Cy"))
    assert page_join(ann, code, 1).status_code == 303
    refused = page_join(ann, code, 2)
    assert refused.status_code == 409 and "one phone, one seat" in refused.get_data(as_text=True)
    seats = app.extensions["tables"].state(code).seats
    assert [seat.joined for seat in seats] == [True, False, False]
    assert ann.get(f"/tables/{code}/play").status_code == 200  # still Ann's phone
