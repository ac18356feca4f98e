"""The table's big news box, as every phone and the TV read it: the host's and the table's own events each under a
mark of their own that names what happened (never a bare "HOST"), with the fact that changed (a corrected pool, who
hosted before); a Word by Word roll credited to who rolled, with what the dice gave; a count of the votes credited to
who tapped it; a house word's cost said as any claim's; a game the host ended early said so (Wordsmith and
Booksmack). One render per event, in the third person: the same box on every phone."""

from __future__ import annotations

import re

import pytest
from test_api_table_votes import Clock
from test_pages_tables import claim, create, join, latest_box, phone, post_form, start

from app import create_app
from app.pages.table_notes import NEWS_MARKS, NO_NEWS
from tables.events import Actor
from tables.state import HOSTING_EVENTS, TABLE_EVENTS

HOST = Actor(host=True)


@pytest.fixture
def app(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    app.extensions["tables"].clock = Clock()
    return app


def seated(app, names=("Ann", "Bob", "Cy"), variants=(), pool="R3 Y2 B1 G2", game="wordsmith", host_plays=True):
    """A table whose seats joined from their own phones (seat 1 from the host's phone when `host_plays`), started
    (Wordsmith): (code, the host's phone, the seats' phones)."""
    host = phone(app)
    code, _ = create(host, names=names, variants=variants, game=game)
    phones = [host if host_plays and n == 1 else phone(app) for n in range(1, len(names) + 1)]
    for n, client in enumerate(phones, 1):
        if client is host:  # the host's phone takes its seat with the host's token
            app.extensions["tables"].act(code, HOST, {"type": "join", "seat": n})
        else:
            assert join(client, code, n).status_code == 303
    if game == "wordsmith":
        start(host, code, pool)
    return code, host, phones


def boxes(app, code: str, phones) -> list[str]:
    """The news box on each page that shows the table: every seat's that still plays, the host's and the TV."""
    pages = [(client, "play") for client in phones[1:]] + [(phones[0], "host"), (phone(app), "")]
    found = []
    for client, path in pages:
        html = client.get(f"/tables/{code}/{path}".rstrip("/"), follow_redirects=True).get_data(as_text=True)
        if "table-latest" in html:  # not a removed seat's phone, sent to the join page
            found.append(latest_box(html))
    assert len(found) >= len(pages) - 1, found
    return found


def act(app, code: str, action: dict, actor: Actor = HOST):
    return app.extensions["tables"].act(code, actor, action)


def _undo(app, code, phones):
    assert claim(phones[1], code, "cast").status_code == 303
    act(app, code, {"type": "undo"})


def _lock(app, code, phones):
    act(app, code, {"type": "lock", "locked": True})


def _unlock(app, code, phones):
    act(app, code, {"type": "lock", "locked": True})
    act(app, code, {"type": "lock", "locked": False})


def _ask(app, code, phones):
    app.extensions["tables"].act_with_token(code, None, {"type": "ask_seat", "seat": 2}, anyone=True)


def _roll(app, code, phones):
    act(app, code, {"type": "roll_word", "faces": ["red", "yellow", "blue_star"]}, Actor(seat=2))


# Each host's or table's event, made from the phones: (its type, the table's variants, how it is made, its mark, what
# every phone reads of it).
NEWS = [
    ("action_undone", (), _undo, "UNDONE", "The host undid Bob's claim of CAST: Bob has the pieces of CAST back"),
    (
        "host_handed",
        (),
        lambda app, code, phones: act(app, code, {"type": "hand_host", "seat": 2}),
        "NEW HOST",
        "Ann (host) handed the host role to Bob's phone: Bob now starts challenges, settles ties and undoes; Ann's "
        "phone no longer hosts.",
    ),
    (
        "seat_removed",
        (),
        lambda app, code, phones: act(app, code, {"type": "remove", "seat": 3}),
        "SEAT REMOVED",
        "The host removed Cy's seat: Cy has left the table",
    ),
    (
        "seat_released",
        (),
        lambda app, code, phones: act(app, code, {"type": "release", "seat": 3}),
        "NEW PHONE",
        "The host gave Cy's seat to a new phone",
    ),
    (
        "seat_renamed",
        (),
        lambda app, code, phones: act(app, code, {"type": "rename", "seat": 3, "name": "Cyd"}),
        "RENAMED",
        "The host renamed Cy to Cyd.",
    ),
    (
        "pool_set",
        (),
        lambda app, code, phones: act(app, code, {"type": "set_pool", "seat": 2, "pool": "R1 Y2 G3 W1"}),
        "POOL CORRECTED",
        "The host corrected Bob's pool: it holds 1 red, 2 yellow, 3 green and 1 star now.",
    ),
    ("joining_locked", (), _lock, "LOCKED", "The host locked the table: no other phone can join"),
    ("joining_locked", (), _unlock, "OPEN", "The host opened the table: no seat is free now, so a phone joins one"),
    ("seat_asked", (), _ask, "SEAT ASKED", "A phone asks the host for Bob's seat"),
    (
        "word_rolled",
        ("word_by_word",),
        _roll,
        "ROLLED",
        "Bob rolled the dice for word 1: red, yellow and blue star: every pool gains 1 red and 1 yellow pieces, and "
        "word 1 has 1 circle (a wild when the word needs it).",
    ),
]


@pytest.mark.parametrize(
    "kind, variants, make, mark, said", NEWS, ids=[f"{case[0]}-{case[3].lower()}" for case in NEWS]
)
def test_each_host_and_table_event_is_news_under_its_own_mark_on_every_phone(app, kind, variants, make, mark, said):
    code, host, phones = seated(app, variants=variants)
    make(app, code, phones)
    assert app.extensions["tables"].events(code)[-1].type == kind
    for box in boxes(app, code, phones):
        assert box.startswith(mark + " "), box
        assert said in box and "HOST " not in box.replace("NEW HOST", ""), box


def test_every_host_and_table_event_type_has_a_mark_of_its_own():
    """A new table event type cannot fall back to a bare mark: each is news with its own words, or no news."""
    kinds = (TABLE_EVENTS | set(HOSTING_EVENTS) | {"pool_set", "word_rolled"}) - {"claim_refused"} - NO_NEWS
    assert kinds - set(NEWS_MARKS) == set()
    assert len(set(NEWS_MARKS.values())) == len(NEWS_MARKS) and "HOST" not in NEWS_MARKS.values()
    assert {case[0] for case in NEWS} == kinds - {"seat_joined"}  # seat_joined: test_tables_voice.py


def test_secret_wordsmith_tells_a_pool_corrected_but_not_what_it_holds(app):
    code, host, phones = seated(app, names=("Ann", "Bob"), variants=("secret",))
    act(app, code, {"type": "set_pool", "seat": 2, "pool": "R1 Y2 G3 W1"})
    for box in boxes(app, code, phones):
        assert box.startswith("POOL CORRECTED ") and "The host corrected Bob's pool (hidden" in box, box
        assert "red" not in box and "green" not in box


def test_a_count_of_the_votes_is_credited_and_a_house_word_says_what_it_cost(app):
    """Cy taps "Count the votes" once the window closes: ICK is allowed, and every phone reads who counted, the
    result, and ICK's letters and discards as any claim's."""
    code, host, phones = seated(app, names=("Ann", "Bob", "Cy", "Di"), pool="R3 Y2 B3")
    service = app.extensions["tables"]
    assert claim(phones[1], code, "ick").status_code == 409
    seq = [e for e in service.events(code) if e.type == "claim_refused"][-1].seq
    act(app, code, {"type": "ask", "claim": seq}, Actor(seat=2))
    act(app, code, {"type": "vote", "claim": seq, "strike": False}, Actor(seat=1))
    act(app, code, {"type": "vote", "claim": seq, "strike": False}, Actor(seat=3))
    service.clock.now += 31  # Di does not vote: the window closes
    html = phones[2].get(f"/tables/{code}/play").get_data(as_text=True)
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*name="action" value="count_votes".*?</form>', html, flags=re.S)
    tapped = post_form(phones[2], f"/tables/{code}/play", form.group(0), action="count_votes", claim=str(seq))
    assert tapped.status_code == 303
    line = service.state(code).to_dict()["wordsmith"]["seats"][1]["words"][-1]
    assert line["word"] == "ick" and line["discards"] > 1
    for box in boxes(app, code, phones):
        assert "Cy counted the votes. The table allowed ICK (2 to 0): it is on Bob's sheet" in box, box
        assert f"ICK: 3 letters, {line['discards']} pieces discarded." in box, box


def objected(app):
    """Bob's CAST, objected to by Cy: the table (Ann and Di) votes. (code, the phones, CAST's seq)."""
    code, host, phones = seated(app, names=("Ann", "Bob", "Cy", "Di"))
    assert claim(phones[1], code, "cast").status_code == 303
    cast = [e for e in app.extensions["tables"].events(code) if e.type == "claim"][-1].seq
    act(app, code, {"type": "object", "claim": cast}, Actor(seat=3))
    return code, phones, cast


def test_a_count_of_an_objections_votes_is_credited_to_who_tapped_it(app):
    code, phones, cast = objected(app)
    act(app, code, {"type": "vote", "claim": cast, "strike": False}, Actor(seat=1))
    act(app, code, {"type": "vote", "claim": cast, "strike": True}, Actor(seat=4))  # the last vote counts: no tap
    for box in boxes(app, code, phones):
        assert box.startswith("TIED") and "counted the votes" not in box, box
    code, phones, cast = objected(app)
    act(app, code, {"type": "vote", "claim": cast, "strike": True}, Actor(seat=4))
    app.extensions["tables"].clock.now += 31
    act(app, code, {"type": "count_votes", "claim": cast}, Actor(seat=2))
    for box in boxes(app, code, phones):
        assert box.startswith("OBJECTION ") and "Bob counted the votes. Objection " in box, box


def end_challenge(app, code):
    act(app, code, {"type": "end_challenge"})


def test_a_game_the_host_ends_early_says_so_on_every_phone(app):
    code, host, phones = seated(app)
    assert claim(phones[1], code, "cast").status_code == 303
    end_challenge(app, code)
    for box in boxes(app, code, phones):
        assert "CHALLENGE 1 OVER" in box and "The host ended challenge 1. Totals after challenge 1 of 3." in box, box
    act(app, code, {"type": "end_game"})
    for box in boxes(app, code, phones):
        assert "GAME OVER" in box and "Bob wins" in box, box
        assert "The host ended the game after challenge 1 of 3." in box, box


def test_a_game_played_to_its_end_says_no_host_ended_it(app):
    code, host, phones = seated(app, names=("Ann", "Bob"))
    for challenge in (1, 2, 3):
        if challenge > 1:
            start(host, code)
        end_challenge(app, code)
    for box in boxes(app, code, phones):
        assert "GAME OVER" in box and "The host ended the game" not in box, box


def booksmack(app, names=("Ann", "Bob", "Cy")):
    code, host, phones = seated(app, names=names, game="booksmack")
    act(app, code, {"type": "round", "cards": ["c", "a", "t"], "takers": [3]})
    return code, host, phones


BOOKSMACK_NEWS = [
    ({"type": "undo"}, "UNDONE", "The host undid round 1: its cards are back in the hands: round 1 is entered again."),
    ({"type": "remove", "seat": 3}, "SEAT REMOVED", "each round is entered without their card"),
    ({"type": "hand_host", "seat": 2}, "NEW HOST", "Ann (host) handed the host role to Bob's phone: Bob now undoes"),
    ({"type": "rename", "seat": 3, "name": "Cyd"}, "RENAMED", "The host renamed Cy to Cyd."),
]


@pytest.mark.parametrize("action, mark, said", BOOKSMACK_NEWS, ids=[case[0]["type"] for case in BOOKSMACK_NEWS])
def test_booksmacks_host_events_are_news_under_their_own_marks(app, action, mark, said):
    code, host, phones = booksmack(app)
    act(app, code, action)
    for box in boxes(app, code, phones):
        assert box.startswith(mark + " ") and said in box, box


def test_a_booksmack_game_the_host_ends_early_says_so(app):
    code, host, phones = booksmack(app)
    act(app, code, {"type": "end_game"})
    for box in boxes(app, code, phones):
        assert "Game over: Cy wins with 3 points. The host ended the game after round 1." in box, box


def test_opening_the_table_says_a_free_seat_can_be_joined_only_when_one_is(app):
    """Opened with a seat free, a phone can join it; with every seat held, the news says none is free."""
    code, host, phones = seated(app)
    act(app, code, {"type": "release", "seat": 3})  # the host gives Cy's seat to a new phone: it is free
    _unlock(app, code, phones)
    for box in boxes(app, code, phones):
        assert "The host opened the table: a phone can join a free seat with the code" in box, box
