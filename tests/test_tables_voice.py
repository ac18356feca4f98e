"""What every phone at a table reads. The table speaks in the third person: a public sentence (a refused claim's
reason, its objections) names the claimant and never says "you", so every phone and the TV read it right; the
claimant's own answer (its notice, the API's problem, a retry's) speaks to them ("Your pool cannot ..."), and a
host acting for a seat is told as the table reads it; the host's actions are announced; each challenge has its own
claims list."""

from __future__ import annotations

import re
from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_pages_tables import claim, create, join, latest_box, phone, post_form, press, start, text

from solver.lexicon import load_lexicons
from tables.events import Actor, Rejected
from tables.service import Tables
from tables.store import Store

YOU = re.compile(r"\b(you|your|yours|yourself)\b", re.I)
LEXICONS = {name: load_lexicons()[name] for name in load_lexicons()}


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('voice') / 't.sqlite3'}")
    yield Tables(store, LEXICONS)
    store.close()


POOLS = st.sampled_from(["R3 Y2 B1 G2", "R2 Y2 B2 G2", "R4 Y2 B1 G1", "R1 Y3 B2 G2", "R2 Y1 B3 G2"])
CLAIMS = st.lists(
    st.sampled_from(["cast", "mammoth", "bubble", "gab", "bag", "tab", "at", "zzzq", "paris", "tic", "tics", "cat"]),
    min_size=1,
    max_size=8,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pool=POOLS, claims=CLAIMS, name=st.sampled_from(["Bob", "Ann Marie", "Jess", "Ō"]))
def test_every_public_refusal_names_the_claimant_and_never_says_you(service, pool, claims, name):
    created = service.create("wordsmith", ["Ann", name])
    code, host = created.code, Actor(host=True)
    for seat in (1, 2):
        service.join(code, seat)
    service.act(code, host, {"type": "start", "pool": pool})
    for n, word in enumerate(claims):
        try:
            service.act(code, Actor(seat=1 + n % 2), {"type": "claim", "word": word})
        except Rejected:
            pass
    for event in service.events(code):
        if event.type != "claim_refused":
            continue
        sentences = [event.data["message"], *(o["message"] for o in event.data["objections"])]
        for sentence in sentences:
            assert not YOU.search(sentence), sentence
        claimant = ["Ann", name][event.data["seat"] - 1]
        personal = {"not_buildable", "sheet_full", "must_use_all_pieces", "too_many_leftovers"}
        for objection in event.data["objections"]:
            if objection["code"] in personal:
                assert claimant in objection["message"], objection


def test_a_refusal_reads_in_the_third_person_on_every_phone_and_the_tv(app):
    host, ann, bob = phone(app), phone(app), phone(app)
    code, _ = create(host)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code)
    assert claim(bob, code, "mammoth").status_code == 409
    for client, path in ((ann, "play"), (host, "host"), (phone(app), ""), (bob, "play")):
        html = client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True)
        box = latest_box(html)
        assert "Bob's pool cannot build MAMMOTH" in box, path
        claims = text(re.search(r'<section class="table-claims".*?</section>', html, flags=re.S).group(0))
        assert "Bob's pool cannot build MAMMOTH" in claims, path
        assert not YOU.search(box) and not YOU.search(claims), (path, box, claims)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pool=POOLS, word=st.sampled_from(["mammoth", "zzzq", "paris", "bubbles", "vlog", "quiz", "ick"]))
def test_the_claimant_is_told_in_the_second_person_what_the_table_reads_in_the_third(service, pool, word):
    """The same objections in two voices: the claimant's answer says "you" where the table's record names them,
    and nothing else differs; a retry is told the same again; the host claiming for a seat is told as the table."""
    created = service.create("wordsmith", ["Ann", "Bob"])
    code, host = created.code, Actor(host=True)
    service.join(code, 1)  # Bob's seat has no phone: the host claims for it
    service.act(code, host, {"type": "start", "pool": pool})
    with pytest.raises(Rejected) as told:
        service.act(code, Actor(seat=1), {"type": "claim", "word": word}, request_id=f"ann-{word}")
    event = [e for e in service.events(code) if e.type == "claim_refused"][-1]
    heard = event.data
    assert [o["code"] for o in told.value.objections] == [o["code"] for o in heard["objections"]]
    voiced = {"not_buildable", "must_use_all_pieces", "too_many_leftovers", "not_a_word"}
    for mine, public in zip(told.value.objections, heard["objections"], strict=True):
        assert not YOU.search(public["message"])
        if mine["message"] != public["message"]:
            assert mine["code"] in voiced and YOU.search(mine["message"]) and "Ann" in public["message"], mine
    assert told.value.message == " ".join(o["message"] for o in told.value.objections)
    if any(o["code"] == "not_buildable" for o in heard["objections"]):
        assert "Your pool cannot build" in told.value.message and "Ann's pool cannot build" in heard["message"]
    with pytest.raises(Rejected) as again:  # the same request again: refused again, in the same words
        service.act(code, Actor(seat=1), {"type": "claim", "word": word}, request_id=f"ann-{word}")
    assert (again.value.message, again.value.objections) == (told.value.message, told.value.objections)
    with pytest.raises(Rejected) as hosted:  # the host claims for Bob: told as the table reads it
        service.act(code, host, {"type": "claim", "word": word, "seat": 2})
    public = [e for e in service.events(code) if e.type == "claim_refused"][-1].data
    assert hosted.value.message == public["message"] and not YOU.search(hosted.value.message)


def test_the_claimants_phone_says_your_pool_and_every_other_phone_says_whose(app):
    host, ann, bob = phone(app), phone(app), phone(app)
    code, _ = create(host)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code)
    answer = claim(bob, code, "mammoth")
    assert answer.status_code == 409
    notice = text(re.search(r'<section class="[^"]*table-notice.*?</section>', answer.get_data(as_text=True), re.S)[0])
    assert "Your pool cannot build MAMMOTH" in notice and "Bob's" not in notice
    for client, path in ((ann, "play"), (bob, "play"), (phone(app), "")):
        box = latest_box(client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True))
        assert "Bob's pool cannot build MAMMOTH" in box and not YOU.search(box), path


def host_action(host, code: str, form_id: str, **fields):
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    response = post_form(host, f"/tables/{code}/host", page, form_id, **fields)
    assert response.status_code == 303, text(response.get_data(as_text=True))[:500]


def three_seats_after_cast(app):
    """A started table of Ann, Bob and Cat, each on a phone, and Bob's claim of CAST: (code, host, ann, bob, cat)."""
    host, ann, bob, cat = phone(app), phone(app), phone(app), phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cat"))
    for n, client in enumerate((ann, bob, cat), 1):
        assert join(client, code, n).status_code == 303
    start(host, code)
    assert claim(bob, code, "cast").status_code == 303
    return code, host, ann, bob, cat


def test_every_host_action_is_announced_on_every_phone_and_the_tv(app):
    """An undo, a removed seat, a seat given to a new phone, the host role handed on: every phone and the TV say,
    in the big box, who did it and what it changed; the next event takes the box back."""
    code, host, ann, bob, cat = three_seats_after_cast(app)
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert press(host, f"/tables/{code}/host", page, "Undo Bob's claim of CAST").status_code == 303
    tv = phone(app)
    for client, path in ((ann, "play"), (bob, "play"), (host, "host"), (tv, "")):
        box = latest_box(client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True))
        assert "UNDONE" in box and "The host undid Bob's claim of CAST: Bob has the pieces of CAST back" in box, path
        assert not YOU.search(box)
    host_action(host, code, "seat-actions-3", action="remove", seat="3")
    box = latest_box(tv.get(f"/tables/{code}").get_data(as_text=True))
    assert "The host removed Cat's seat: Cat has left the table" in box
    removed = cat.get(f"/tables/{code}/play")  # Cat's phone is told plainly, not that the seat moved
    assert removed.status_code == 303 and "removed=3" in removed.headers["Location"]
    told = text(cat.get(removed.headers["Location"]).get_data(as_text=True))
    assert "The host removed your seat" in told and "moved to another phone" not in told
    assert "The host removed your seat (Cat) from the table: you play no more this game." in told  # spoken to
    host_action(host, code, "seat-actions-2", action="release", seat="2")
    box = latest_box(ann.get(f"/tables/{code}/play").get_data(as_text=True))
    assert "The host gave Bob's seat to a new phone" in box
    moved = bob.get(f"/tables/{code}/play")
    assert "moved=1" in moved.headers["Location"]
    host_action(host, code, "seat-actions-1", action="hand_host", seat="1")
    box = latest_box(tv.get(f"/tables/{code}").get_data(as_text=True))
    assert "The host handed the host role to Ann's phone: Ann now starts challenges" in box  # not "Ann (host)"
    assert claim(ann, code, "cast").status_code == 303  # the next event takes the box back
    box = latest_box(tv.get(f"/tables/{code}").get_data(as_text=True))
    assert "HOST" not in box and "CAST" in box


def test_a_seat_back_at_the_table_is_news_not_the_claim_before_it(app):
    """A removed seat's player, the removal undone, takes the seat again: every phone reads that her phone joined,
    not the claim made before as if it were new; the next claim takes the box back."""
    code, host, ann, bob, cat = three_seats_after_cast(app)
    host_action(host, code, "seat-actions-3", action="remove", seat="3")
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    undo = next(label for label in re.findall(r">(Undo [^<]*)</button>", page) if "Cat" in label)
    assert press(host, f"/tables/{code}/host", page, unescape(undo)).status_code == 303
    assert join(cat, code, 3).status_code == 303
    for client, path in ((ann, "play"), (cat, "play"), (phone(app), "")):
        box = latest_box(client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True))
        assert "JOINED" in box and "Cat's phone joined the table: it plays seat 3." in box, path
        assert "CAST" not in box and "HOST" not in box
    assert claim(ann, code, "bag").status_code == 303
    assert "BAG" in latest_box(phone(app).get(f"/tables/{code}").get_data(as_text=True))


def test_each_challenge_starts_a_fresh_claims_list_and_refusals_read_as_one_sentence(app):
    host, ann, bob = phone(app), phone(app), phone(app)
    code, _ = create(host)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code)
    assert claim(ann, code, "cast").status_code == 303
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*value="end_challenge".*?</form>', page, flags=re.S).group(0)
    assert post_form(host, f"/tables/{code}/host", form, action="end_challenge").status_code == 303
    start(host, code)
    assert claim(bob, code, "zzzq").status_code == 409
    html = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    section = re.search(r'<section class="table-claims".*?</section>', html, flags=re.S).group(0)
    current = re.search(r'<ol class="claims".*?</ol>', section, flags=re.S).group(0)
    assert "CAST" not in current and current.count("<li") == 1  # challenge 2's list: Bob's attempt alone
    refused = re.search(r'<li class="claim claim--refused".*?</li>', current, flags=re.S).group(0)
    assert refused.count("<p") == 1 and 'class="claim__sentence"' in refused  # one sentence, not a flex line
    assert "Bob tried ZZZQ : not valid." in text(refused)
    earlier = re.search(r'<details class="claims-earlier">.*?</details>', section, flags=re.S).group(0)
    assert "Challenge 1: 1 claim" in text(earlier) and "CAST, Ann: stands" in text(earlier)


def test_word_by_word_shows_its_roll_as_dice_on_every_phone_and_the_solo_host_rolls_where_they_claim(app):
    """The solo player hosts: the seat page tells them to start (never to wait for the host), the roll button is
    in the live claim area, and the dice of each roll show on the seat page and the TV."""
    solo = phone(app)
    code, _ = create(solo, names=("Sol",), variants=("word_by_word",))
    assert join(solo, code, 1).status_code == 303
    page = solo.get(f"/tables/{code}/play").get_data(as_text=True)
    assert "Waiting for the host" not in text(page) and "You host: start the first challenge in Host controls" in text(
        page
    )
    start(solo, code, pool="")
    page = solo.get(f"/tables/{code}/play").get_data(as_text=True)
    roll = re.search(r'<div id="roll" data-live="table">.*?</section>', page, flags=re.S).group(0)
    assert page.index('id="roll"') < page.index('id="claim-area"')  # right above where the players claim
    assert 'id="roll-form"' in roll and "Roll the dice for word 1" in text(page)
    response = press(solo, f"/tables/{code}/play", page, "Roll the dice for word 1")
    assert response.status_code == 303
    faces = app.extensions["tables"].state(code).game_state.rolls[-1]["faces"]
    for client, path in ((solo, "play"), (phone(app), "")):
        html = client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True)
        dice = re.search(r'<ul class="dice-roll".*?</ul>', html, flags=re.S).group(0)
        assert dice.count('class="die ') == len(faces) == 3, path
        for face in faces:
            assert face.replace("_", " ") in text(dice), (path, face)
    page = solo.get(f"/tables/{code}/play").get_data(as_text=True)
    assert "The next roll waits for Sol to claim word 1" in text(page) and 'id="roll-form"' not in page


def test_whom_the_roll_waits_for_reads_as_a_sentence(app):
    """Word by Word's roll names the seats it waits for as people say them: "Ann, Bob and Cy", then "Ann and Cy"."""
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cy"), variants=("word_by_word",))
    seats = [phone(app) for _ in range(3)]
    for n, client in enumerate(seats, 1):
        assert join(client, code, n).status_code == 303
    start(host, code, pool="")
    page = seats[0].get(f"/tables/{code}/play").get_data(as_text=True)
    assert press(seats[0], f"/tables/{code}/play", page, "Roll the dice for word 1").status_code == 303
    tv = phone(app)
    assert "The next roll waits for Ann, Bob and Cy to claim word 1." in text(tv.get(f"/tables/{code}").data.decode())
    from test_tables_wordsmith import exact

    service = app.extensions["tables"]
    service.act(code, Actor(host=True), {"type": "set_pool", "seat": 2, "pool": exact("cast")})
    assert claim(seats[1], code, "cast").status_code == 303
    assert "The next roll waits for Ann and Cy to claim word 1." in text(tv.get(f"/tables/{code}").data.decode())


def test_done_shows_to_the_caller_by_the_claim_box_and_to_the_table_in_the_big_box(app):
    """Ann's sixth word calls Done!: her phone says she called it and offers no claim form; Bob's phone and the
    TV say in the big box that Ann called Done! and everyone else has one more word, until the next news."""
    from test_tables_wordsmith import SIX, exact

    host, ann, bob = phone(app), phone(app), phone(app)
    code, _ = create(host)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code)
    service = app.extensions["tables"]
    for word in SIX:
        service.act(code, Actor(host=True), {"type": "set_pool", "seat": 1, "pool": exact(word)})
        assert claim(ann, code, word).status_code == 303, word
    assert service.state(code).game_state.phase == "done_called"
    mine = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    assert "You called Done!" in text(mine) and "Claim a word" not in text(mine)
    for client, path in ((bob, "play"), (phone(app), "")):
        box = latest_box(client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True))
        assert "Ann called Done!: one more word each, no new pieces." in box, path
    theirs = text(bob.get(f"/tables/{code}/play").get_data(as_text=True))
    assert "Claim a word" in theirs and "You called Done!" not in theirs
    assert claim(bob, code, "zzzq").status_code == 409  # the next news: the phase line says who still plays
    box = latest_box(phone(app).get(f"/tables/{code}").get_data(as_text=True))
    assert "ZZZQ" in box and "called Done!" not in box


def test_a_hand_over_is_told_as_done_by_the_host_before_it():
    """The host's news names who handed the role on: the host before the event, not the seat that has it now."""
    from app.pages.table_notes import announcement
    from tables.events import Event
    from tables.state import fold

    made = {"game": "wordsmith", "lexicon": "standard", "variants": [], "seats": ["Ann", "Bob", "Cy"]}
    events = [Event(1, "table_created", "2026-12-06T00:00:00Z", 0, made)]
    events += [Event(1 + n, "seat_joined", "2026-12-06T00:00:00Z", n, {"seat": n}) for n in (1, 2, 3)]
    names = {1: "Ann", 2: "Bob", 3: "Cy"}
    for seat, said in (
        (
            1,
            "The host handed the host role to Ann's phone: Ann now starts challenges, settles ties and undoes; the "
            "phone that made the table no longer hosts.",
        ),
        (
            3,
            "Ann (host) handed the host role to Cy's phone: Cy now starts challenges, settles ties and undoes; Ann's "
            "phone no longer hosts.",
        ),
    ):
        events.append(Event(len(events) + 1, "host_handed", "2026-12-06T00:00:00Z", 0, {"seat": seat}))
        assert announcement(fold(events), names).startswith(said)


@pytest.mark.parametrize(
    "game, variants, hosts, goes_on",
    [
        (
            "wordsmith",
            [],
            "starts challenges, settles ties and undoes",
            "neither a vote nor the challenge's end waits for them",
        ),
        ("wordsmith", ["word_by_word"], "starts challenges", "no roll waits for them"),
        ("booksmack", [], "looks after the seats and may end the game", "each round is entered without their card"),
        ("booksmack", ["turns"], "may end the game", "no turn comes to them"),
    ],
)
def test_a_removal_and_a_hand_over_say_what_they_change_in_the_game_played(game, variants, hosts, goes_on):
    """Not every game's words at once ("no roll, round or turn"): the game's own, for a removed seat and for what
    the phone handed the host role does; the old host's phone reads the same."""
    from app.pages.table_notes import announcement, handed_notice
    from tables.events import Event
    from tables.state import fold

    made = {"game": game, "lexicon": "standard", "variants": variants, "seats": ["Ann", "Bob", "Cy"]}
    events = [Event(1, "table_created", "2026-12-06T00:00:00Z", 0, made)]
    events += [Event(1 + n, "seat_joined", "2026-12-06T00:00:00Z", n, {"seat": n}) for n in (1, 2, 3)]
    names = {1: "Ann", 2: "Bob", 3: "Cy"}
    events.append(Event(len(events) + 1, "seat_removed", "2026-12-06T00:00:00Z", 0, {"seat": 3}))
    said = announcement(fold(events), names)
    assert said.startswith("The host removed Cy's seat: Cy has left the table, and " + goes_on), said
    events.append(Event(len(events) + 1, "host_handed", "2026-12-06T00:00:00Z", 0, {"seat": 1}))
    state = fold(events)
    assert hosts in announcement(state, names) and hosts in handed_notice({"handed": "1"}, state)["messages"][0]


def test_an_undone_casting_vote_on_a_word_put_to_the_table_is_named_in_words():
    """Not "Undo house ruled" / "undid house ruled": the ruling on the word, and the word that waits for it again."""
    from test_tables_house_words import HOST, NEW, asked, started, vote

    from app.pages.table_notes import action_words, announcement
    from tables.state import undoable_view

    table = started(seats=4)
    seq = asked(table, 1, NEW)
    vote(table, 2, seq, True)
    vote(table, 3, seq, False)
    table.act({"type": "count_votes", "claim": seq}, HOST, after=31)  # tied: the host decides
    table.act({"type": "settle", "claim": seq, "strike": False}, HOST)
    names = {s.number: s.name for s in table.state.seats}
    assert action_words(undoable_view(table.state), names) == "the table's ruling on VLOG"
    table.act({"type": "undo"})
    assert (
        announcement(table.state, names)
        == "The host undid the table's ruling on VLOG: VLOG waits for its ruling again."
    )
    assert table.view()["asks"][-1]["vote"]["state"] == "tied"


def test_every_action_an_undo_may_take_back_is_named_in_words():
    """The Undo button and the table's news name an action in words ("Undo Ann's claim"), never by its event type
    ("Undo house ruled"): every event type a game writes, but the table's own (joins, names, the host role)."""
    from app.pages.table_notes import ACTION_WORDS
    from app.pages.tables import EVENT_TYPES
    from tables.state import TABLE_EVENTS

    assert set(EVENT_TYPES) - TABLE_EVENTS - {"action_undone"} - set(ACTION_WORDS) == set()


def test_the_undo_button_names_the_word_it_takes_back_but_never_a_secret_one():
    """ "Undo Bob's claim of TACO", "Undo your strike of HOLD" (only the host's controls show it): the word, so a
    second tap is seen to take back something else; in Secret Wordsmith no phone reads another seat's word."""
    from test_tables_wordsmith import EXAMPLE_POOL, Table

    from app.pages.table_notes import undo_words
    from tables.state import undoable_view

    for variants, named in (([], "Bob's claim of CAST"), (["secret"], "Bob's claim")):
        table = Table(seats=2, variants=variants)
        table.act({"type": "start", "pool": EXAMPLE_POOL})
        table.claim(2, "cast")
        assert undo_words(undoable_view(table.state), {1: "Ann", 2: "Bob"}, "your") == named
    table = Table(seats=2)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    cast = table.claim(2, "cast")
    table.act({"type": "overrule", "claim": cast.seq, "stands": False})
    assert undo_words(undoable_view(table.state), {1: "Ann", 2: "Bob"}, "your") == "your strike of CAST"
    table.act({"type": "undo"})
    assert undo_words(table.state.undone, {}, "your") == "your strike of CAST"
    assert undoable_view(table.state)["type"] == "claim"  # the claim is the last action again


def test_an_undone_secret_claim_tells_the_table_the_pieces_are_back_without_the_word():
    from test_tables_wordsmith import EXAMPLE_POOL, Table

    from app.pages.table_notes import announcement

    table = Table(seats=2, variants=["secret"])
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.claim(2, "cast")
    table.act({"type": "undo"})
    assert announcement(table.state, {1: "Ann", 2: "Bob"}) == (
        "The host undid Bob's claim: Bob has its pieces back, and it is off the sheet."
    )


def test_an_objection_and_a_vote_an_undo_may_take_back_name_their_word():
    """ "Undo Cy's vote on CAST", not "Undo Cy's vote on an objection": the word the vote puts back or strikes."""
    from test_tables_wordsmith import objected, seat

    from app.pages.table_notes import announcement, undo_words
    from tables.state import undoable_view

    table, cast = objected(4)
    names = {s.number: s.name for s in table.state.seats}
    assert undo_words(undoable_view(table.state), names) == "Bob's objection to CAST"
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    assert undo_words(undoable_view(table.state), names) == "Cy's vote on CAST"
    table.act({"type": "undo"})
    assert announcement(table.state, names).startswith("The host undid Cy's vote on CAST: ")


def test_an_undo_that_takes_back_the_games_end_with_the_challenges_says_so():
    """The third challenge's end brings the game's: "Undo the end of the challenge, and the end of the game"."""
    from test_tables_wordsmith import EXAMPLE_POOL, Table

    from app.pages.table_notes import announcement, undo_words
    from tables.state import undoable_view

    table = Table()
    for _ in range(3):
        table.act({"type": "start", "pool": EXAMPLE_POOL})
        table.claim(1, "cast")
        table.act({"type": "end_challenge"})
    names = {1: "Ann", 2: "Bob"}
    assert undo_words(undoable_view(table.state), names) == "the end of the challenge, and the end of the game"
    table.act({"type": "undo"})
    assert announcement(table.state, names).startswith(
        "The host undid the end of the challenge, and the end of the game: "
    )
    assert table.view()["phase"] != "game_over"


def test_an_undone_removal_that_settled_a_vote_says_the_vote_is_open_again():
    from test_tables_wordsmith import objected, seat

    from app.pages.table_notes import announcement

    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    table.act({"type": "remove", "seat": 4})  # Di leaves before voting: Cy's strike is counted with the removal
    table.act({"type": "undo"})
    assert announcement(table.state, {s.number: s.name for s in table.state.seats}) == (
        "The host undid Di's removal: Di's seat is back, for a phone to join, and what the removal settled (a "
        "vote's count, the challenge's end) is open again."
    )


def test_the_hosts_strike_and_its_let_stand_tell_the_table_what_the_claimant_gets_back():
    from test_tables_wordsmith import EXAMPLE_POOL, Table

    table = Table(seats=2)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    cast = table.claim(2, "cast")
    table.act({"type": "overrule", "claim": cast.seq, "stands": False})
    said = table.view()["latest"]["reason"]
    assert said == "The host struck CAST out: Bob has its pieces back and goes back to finding words."
    assert table.view()["seats"][1]["pool"] == EXAMPLE_POOL  # the pool CAST was claimed from
    table.act({"type": "overrule", "claim": cast.seq, "stands": True})
    assert table.view()["latest"]["reason"] == "The host let CAST stand: it is back on Bob's sheet."
    table.act({"type": "overrule", "claim": cast.seq, "stands": True})  # no change: the ruling only
    assert table.view()["latest"]["reason"] == "The host ruled that CAST stands."
