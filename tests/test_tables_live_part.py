"""A live table's page in two parts (app/pages/table_live.py): the table's part, rendered once per event for every
phone, and each phone's own, fetched again only when its key says it changed.

Renders are counted, never timed. The rule that matters for correctness is checked over a game's events: whenever a
phone's own regions change, its part key changes too (else its page would go stale), and a page embeds exactly the
table's part that /live serves.
"""

from __future__ import annotations

import random
import re
import threading
import time
from pathlib import Path

import pytest
from flask import has_app_context
from hypothesis import assume, given
from hypothesis import strategies as st
from test_pages_tables import claim, create, element_end, join, phone, post_form, press, start, text

from app.pages import table_live
from app.pages.table_forms import MAX_SEATS
from app.serving import streams
from tables.events import Actor

STYLE = Path(__file__).resolve().parent.parent / "app" / "static" / "style.css"


class Clock:
    """The service's clock, moved by the test: a window closes by construction, not by sleeping."""

    def __init__(self):
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def parts_of(html: str) -> dict[str, str]:
    """The part keys a page (its #table's data-parts) or /live lists."""
    found = re.search(r'id="table"[^>]*\bdata-parts="([^"]*)"', html).group(1)
    return dict(pair.split(":", 1) for pair in found.split())


def regions(html: str, table: bool) -> dict[str, str]:
    """A page's regions by id: the table's part (`table`: data-live="table"), or the page's own (data-live), each
    without the table's regions inside it (brought by /live) and without what differs between two renders of one
    state (the request ids and the CSRF token)."""
    marker = r'data-live="table"' if table else r"data-live(?=[\s>])"
    found = {}
    for match in re.finditer(rf'<(div|section)\b[^>]*\bid="([\w-]+)"[^>]*\b{marker}', html):
        region = html[match.start() : element_end(html, match.start(), match.group(1))]
        while not table and (inner := re.search(r'<(div|section)\b[^>]*\bdata-live="table"[^>]*>', region)):
            region = (
                region[: inner.start()] + "<table part>" + region[element_end(region, inner.start(), inner.group(1)) :]
            )
        found[match.group(2)] = re.sub(r'name="(request_id|csrf_token)" value="[^"]*"', r'name="\1"', region)
    return found


def own_regions(html: str) -> dict[str, str]:
    return regions(html, table=False)


def table_regions(html: str) -> dict[str, str]:
    return regions(html, table=True)


@pytest.fixture
def four(app):
    """A started Wordsmith table of four seats, each on its phone, the host on a fifth and the TV on a sixth."""
    clock = Clock()
    app.extensions["tables"].clock = clock
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cat", "Dan"))
    seats = [phone(app) for _ in range(4)]
    for number, client in enumerate(seats, 1):
        assert join(client, code, number).status_code == 303
    start(host, code, pool="R3 Y2 B3")
    return code, host, seats, phone(app), clock


def test_one_claim_at_a_table_of_four_renders_the_tables_part_once(four):
    code, host, (ann, bob, cat, dan), tv, _ = four
    pages = {
        client: client.get(path).get_data(as_text=True)
        for client, path in (
            (bob, f"/tables/{code}/play"),
            (cat, f"/tables/{code}/play"),
            (dan, f"/tables/{code}/play"),
            (tv, f"/tables/{code}"),
            (host, f"/tables/{code}/host"),
        )
    }
    before = table_live.stats()["shared"]
    assert claim(ann, code, "cot").status_code == 303  # the claimant's form, then her page
    answer = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    live = {client: client.get(f"/tables/{code}/live").get_data(as_text=True) for client in pages}
    assert table_live.stats()["shared"] - before == 1  # one render for the claimant's page and every /live
    assert "COT" in table_regions(answer)["claims"]
    for client, html in live.items():
        shown = table_regions(answer)  # her page has the regions a seat's page shows; /live has every one
        assert {name: table_regions(html)[name] for name in shown} == shown
        mine = parts_of(pages[client])
        now = parts_of(html)
        changed = {token for token, key in mine.items() if now.get(token) != key}
        # A claim changes no other seat's pool, form or ballots, nor the TV's, nor the host's controls (their Undo
        # and the pools are the table's part): no other page is fetched again.
        assert changed == set(), (changed, mine)


def test_every_change_to_a_phones_own_regions_changes_its_key(app, four):
    """Over a game's kinds of events (a piece added, claims, a refusal, an objection and its vote, Done!, a pass, the
    challenge's end), a phone whose own regions changed always finds its key changed: its page is never stale."""
    code, host, (ann, bob, cat, dan), tv, clock = four
    viewers = [(c, f"/tables/{code}/play") for c in (ann, bob, cat, dan)] + [
        (tv, f"/tables/{code}"),
        (host, f"/tables/{code}/host"),
    ]

    def look():
        return [client.get(path).get_data(as_text=True) for client, path in viewers]

    def add(client, piece):
        page = client.get(f"/tables/{code}/play").get_data(as_text=True)
        assert post_form(client, f"/tables/{code}/play", page, "add-form", action="add", piece=piece).status_code == 303

    def pass_(client):
        page = client.get(f"/tables/{code}/play").get_data(as_text=True)
        assert press(client, f"/tables/{code}/play", page, "Pass: no extra word").status_code == 303

    steps = [
        lambda: add(bob, "R"),
        lambda: claim(ann, code, "cot"),
        lambda: claim(bob, code, "mammoth"),
        lambda: press(
            cat, f"/tables/{code}/play", cat.get(f"/tables/{code}/play").get_data(as_text=True), "Object to COT"
        ),
        lambda: press(
            bob, f"/tables/{code}/play", bob.get(f"/tables/{code}/play").get_data(as_text=True), "Strike COT out"
        ),
        lambda: press(dan, f"/tables/{code}/play", dan.get(f"/tables/{code}/play").get_data(as_text=True), "Keep COT"),
        lambda: claim(dan, code, "lot"),
        lambda: setattr(clock, "now", clock.now + 60),
        lambda: claim(cat, code, "lit"),
        lambda: add(ann, "W"),  # a star kept wild: Ann's star form
        lambda: press(
            host, f"/tables/{code}/host", host.get(f"/tables/{code}/host").get_data(as_text=True), "Keep COT"
        ),  # the tie's casting vote
        lambda: sixth_word(app, code, ann),
        *(lambda c=c: pass_(c) for c in (bob, cat, dan)),
        lambda: start(host, code, pool="R3 Y2 B3"),
    ]
    before = look()
    moved = 0
    for number, step in enumerate(steps):
        step()
        after = look()
        for (_client, path), old, new in zip(viewers, before, after):
            if own_regions(old) != own_regions(new):
                moved += 1
                mine = parts_of(old)
                differ = [k for k in own_regions(new) if own_regions(old).get(k) != own_regions(new)[k]]
                assert any(parts_of(new).get(token) != key for token, key in mine.items()), (number, path, differ)
        before = after
    assert moved >= 8  # the steps did change phones' own parts: the rule above was exercised


def sixth_word(app, code: str, client) -> None:
    """Seat 1 (`client`) claims words, each from a pool set to build it exactly, until its sixth calls Done!."""
    from test_tables_wordsmith import SIX, exact

    from tables.events import Actor

    service = app.extensions["tables"]
    for word in SIX:
        if service.state(code).game_state.phase == "done_called":
            return
        service.act(code, Actor(host=True), {"type": "set_pool", "seat": 1, "pool": exact(word)})
        answer = claim(client, code, word)
        assert answer.status_code == 303, text(answer.get_data(as_text=True))[:600]
    assert service.state(code).game_state.phase == "done_called"


def test_a_challenges_start_done_and_end_ask_no_phone_for_its_page(app, four):
    """The phase line, the claim form, Pass, the pieces to add and the host's controls on the game are the table's
    part: Done!, each pass, the challenge's end and the next start leave every phone's key as they were (no page
    fetched, the host's neither), and each phone still reads what is its own: Ann that she called Done!, the others
    one more word or a pass until they passed, the host Start once the challenge is over and End while it is
    played."""
    code, host, seats, tv, _ = four
    ann, bob, cat, dan = seats
    viewers = [(c, f"/tables/{code}/play") for c in seats] + [(tv, f"/tables/{code}"), (host, f"/tables/{code}/host")]

    def keys() -> dict[str, str]:
        found = {}
        for client, path in viewers:
            found.update(parts_of(client.get(path).get_data(as_text=True)))
        return found

    def reads(client) -> str:
        return text(client.get(f"/tables/{code}/play").get_data(as_text=True))

    before = keys()

    def none_moved() -> None:
        assert keys() == before

    sixth_word(app, code, ann)
    none_moved()
    assert "You called Done!" in reads(ann) and "Claim a word" not in reads(ann) and "Pass" not in reads(ann)
    for client in (bob, cat, dan):
        assert "Claim a word" in reads(client) and "Pass: no extra word" in reads(client)
    for client in (bob, cat, dan):
        page = client.get(f"/tables/{code}/play").get_data(as_text=True)
        assert press(client, f"/tables/{code}/play", page, "Pass: no extra word").status_code == 303
        assert "Pass: no extra word" not in reads(client)
        none_moved()
    tv_reads = text(tv.get(f"/tables/{code}").get_data(as_text=True))
    host_reads = text(host.get(f"/tables/{code}/host").get_data(as_text=True))
    assert (
        "Challenge 1 is over. Waiting for the host to start the next challenge." in tv_reads
        and "You host" not in tv_reads
    )
    assert "You host: start the next challenge below." in host_reads and "Waiting" not in host_reads
    assert "Start challenge 2" in host_reads and "End the challenge" not in host_reads
    assert all("Claim a word" not in reads(client) for client in seats)
    start(host, code, pool="R3 Y2 B3")
    none_moved()
    assert all("Claim a word" in reads(client) and "Add a piece" in reads(client) for client in seats)
    host_reads = text(host.get(f"/tables/{code}/host").get_data(as_text=True))
    assert "End the challenge" in host_reads and "Start challenge" not in host_reads


def test_a_page_embeds_the_tables_part_that_live_serves(four):
    code, host, (ann, bob, *_), tv, _ = four
    claim(ann, code, "cot")
    live = table_regions(tv.get(f"/tables/{code}/live").get_data(as_text=True))
    assert set(live) == {
        *("phase", "claim-area", "add", "latest", "roll", "claims", "pool", "my-sheet", "scores"),
        *("undo", "host-claims", "host-game"),
    }
    for client, path in ((bob, "/play"), (tv, ""), (host, "/host")):
        page = table_regions(client.get(f"/tables/{code}{path}").get_data(as_text=True))
        assert {name: page[name] for name in page} == {name: live[name] for name in page}, path
    assert not re.search(r"csrf_token|request_id|<form", "".join(live.values()))  # no phone's token in it


def test_a_kept_render_holds_until_its_first_window_closes(four):
    """The Object buttons' window is part of the render: once it closed, the part is drawn again without them."""
    code, host, (ann, bob, *_), tv, clock = four
    claim(ann, code, "cot")
    live = tv.get(f"/tables/{code}/live").get_data(as_text=True)
    assert "Object to COT" in live and 'data-for="seat2 seat3 seat4 "' in live
    kept = table_live.stats()
    assert tv.get(f"/tables/{code}/live").get_data(as_text=True) == live
    assert table_live.stats()["shared"] == kept["shared"]  # the same state, within the window: kept
    clock.now += 31
    assert "Object to COT" not in tv.get(f"/tables/{code}/live").get_data(as_text=True)
    assert table_live.stats()["shared"] == kept["shared"] + 1


def test_a_button_drawn_for_every_phone_acts_once_per_tap(four):
    """Object buttons of two claims submit one hidden form: each tap is its own request, a double tap applies once."""
    code, host, (ann, bob, cat, dan), tv, _ = four
    claim(ann, code, "cot")
    claim(bob, code, "lot")
    page = cat.get(f"/tables/{code}/play").get_data(as_text=True)
    assert press(cat, f"/tables/{code}/play", page, "Object to COT").status_code == 303
    assert press(cat, f"/tables/{code}/play", page, "Object to COT").status_code == 303  # the same tap again
    assert press(cat, f"/tables/{code}/play", page, "Object to LOT").status_code == 303  # the same form, another claim
    objections = [e for e in four[0] and cat.application.extensions["tables"].events(code) if e.type == "objection"]
    assert [e.data["claim"] for e in objections] == sorted({e.data["claim"] for e in objections}) and len(
        objections
    ) == 2


def test_the_style_shows_a_control_to_every_phone_it_can_name():
    """style.css shows a `data-for` control on the page whose data-viewer names it: every seat a table may have, the
    host's page and the table view."""
    style = STYLE.read_text("utf-8")
    assert "#table [data-for] { display: none; }" in style
    for token in [f"seat{n}" for n in range(1, MAX_SEATS + 1)] + ["host", "view"]:
        assert f'#table[data-viewer~="{token}"] [data-for~="{token}"]' in style, token
    # A reading for every phone but the one that hosts is taken away after every `data-for` rule has shown it.
    unless = style.index('#table[data-viewer~="hosting"] [data-unless~="hosting"] { display: none; }')
    assert unless > style.index('[data-for~="view"] { display: block; }')


def secret_table(app):
    """A Secret Wordsmith table of Ann and Bob, each on a phone, whose challenge is played: Ann has claimed COT.
    Returns (code, the host's phone, Ann's, Bob's)."""
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob"), variants=("secret",))
    ann, bob = phone(app), phone(app)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code, pool="R3 Y2 B3")
    assert claim(ann, code, "cot").status_code == 303
    return code, host, ann, bob


def test_a_secret_word_is_drawn_for_its_own_seat_only(app):
    """Secret Wordsmith (ruling 12): while the challenge is played, the table's part is drawn per seat, so Ann's page
    and her /live show her word, and no other phone's, nor the TV's, holds it."""
    code, host, ann, bob = secret_table(app)
    tv = phone(app)
    for client, path in ((ann, "/play"), (ann, "/live")):
        assert "COT" in table_regions(client.get(f"/tables/{code}{path}").get_data(as_text=True))["claims"], path
    for client, path in ((bob, "/play"), (bob, "/live"), (tv, ""), (tv, "/live"), (host, "/host")):
        assert "COT" not in client.get(f"/tables/{code}{path}").get_data(as_text=True).upper(), path


def test_a_phone_that_heard_an_event_is_answered_from_the_kept_render(four, monkeypatch):
    """`/live?seq=N`: a kept render showing event N (or later) answers without asking the store; one older than N,
    or none, is drawn from the store's state."""
    code, host, (ann, *_), tv, _ = four
    service = tv.application.extensions["tables"]
    claim(ann, code, "cot")
    seq = service.state(code).seq
    first = tv.get(f"/tables/{code}/live?seq={seq}").get_data()
    asked = []
    state = service.state
    monkeypatch.setattr(service, "state", lambda *args, **kwargs: asked.append(args) or state(*args, **kwargs))
    assert tv.get(f"/tables/{code}/live?seq={seq}").get_data() == first and asked == []
    assert tv.get(f"/tables/{code}/live?seq={seq + 1}").status_code == 200 and len(asked) == 1  # not kept yet
    assert tv.get(f"/tables/{code}/live?seq=x").status_code == 200 and len(asked) == 2  # no seq: the store


def test_the_tables_part_is_gzipped_once_per_render_for_every_phone_that_accepts_it(four, monkeypatch):
    """A browser accepts gzip: the part it asks for (/live, or its action's answer) is the render's own gzipped
    body, compressed once however many phones ask; a client that does not accept it gets the plain body."""
    code, _, (ann, bob, *_), tv, _ = four
    compressed = []
    compress = table_live.gzip.compress
    monkeypatch.setattr(table_live.gzip, "compress", lambda *a, **k: compressed.append(1) or compress(*a, **k))
    assert claim(ann, code, "cot").status_code == 303
    gz = {"Accept-Encoding": "gzip, deflate, br"}
    answers = [client.get(f"/tables/{code}/live", headers=gz) for client in (tv, bob, ann)]
    plain = tv.get(f"/tables/{code}/live")
    assert "Content-Encoding" not in plain.headers and "COT" in plain.get_data(as_text=True)
    for answer in answers:
        assert answer.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in answer.headers["Vary"]
        assert table_live.gzip.decompress(answer.get_data()) == plain.get_data()
    assert len(compressed) == 1


def test_phones_asking_at_once_are_drawn_one_render(four, monkeypatch):
    """Right after an event every phone asks at once: all four miss the kept render together (a barrier holds
    them until each has looked), and still the part is drawn once, the others waiting for it."""
    code, host, (ann, *_), tv, _ = four
    app = tv.application
    claim(ann, code, "cot")
    state = app.extensions["tables"].state(code)
    table_live._kept.clear()
    barrier = threading.Barrier(4, timeout=10)
    looked: set[int] = set()
    real = table_live._kept_at

    def all_look_first(key, seq, whole):
        found = real(key, seq, whole)
        if threading.get_ident() not in looked:  # each thread's first look: none is kept yet, for any of them
            looked.add(threading.get_ident())
            barrier.wait()
        return found

    monkeypatch.setattr(table_live, "_kept_at", all_look_first)
    parts = []

    def ask() -> None:
        with app.test_request_context(f"/tables/{code}/live"):
            parts.append(table_live.shared_part(code, state, None))

    before = table_live.stats()["shared"]
    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(parts) == 4 and len({id(part) for part in parts}) == 1
    assert table_live.stats()["shared"] - before == 1


def read_messages(answer, count: int) -> list[tuple[str, str]]:
    """The first `count` SSE messages of a streamed answer: (event type, data)."""
    text, found = "", []
    for chunk in answer.response:
        text += chunk.decode()
        while "\n\n" in text and len(found) < count:
            block, text = text.split("\n\n", 1)
            kind = re.search(r"^event: (.*)$", block, flags=re.M)
            data = "\n".join(line[6:] for line in block.split("\n") if line.startswith("data: "))
            if kind or data:
                found.append((kind.group(1) if kind else "message", data))
        if len(found) >= count:
            return found
    return found


def test_a_pages_stream_brings_the_tables_part_after_its_events(four):
    """`/tables/<code>/events?parts=1`: after the run of events it sends, a `part` message holding exactly what /live
    answers; without `parts=1` (the score sheet, the join page) no part."""
    code, host, (ann, bob, *_), tv, _ = four
    claim(ann, code, "cot")
    seq = bob.application.extensions["tables"].state(code).seq
    answer = bob.get(f"/tables/{code}/events?after={seq - 1}&parts=1", buffered=False)
    (claimed, _), (part, data) = read_messages(answer, 2)
    answer.close()
    assert (claimed, part) == ("claim", "part")
    assert data == tv.get(f"/tables/{code}/live").get_data(as_text=True)
    assert parts_of(data) == parts_of(tv.get(f"/tables/{code}/live").get_data(as_text=True))
    plain = bob.get(f"/tables/{code}/events?after={seq - 1}", buffered=False)
    retry, backlog = next(plain.response), next(plain.response)  # the reconnect delay, then the events so far
    plain.close()
    assert retry.startswith(b"retry:") and b"event: claim" in backlog and b"event: part" not in backlog


def test_a_secret_tables_stream_asks_the_page_to_fetch_its_own_part(app):
    code, host, ann, bob = secret_table(app)
    seq = app.extensions["tables"].state(code).seq
    answer = bob.get(f"/tables/{code}/events?after={seq - 1}&parts=1", buffered=False)
    messages = read_messages(answer, 2)
    answer.close()
    assert messages[-1] == ("part", "fetch") and "COT" not in str(messages).upper()


def test_the_stream_hub_never_waits_for_a_render(four):
    """Under the worker's stream hub a part not drawn yet is drawn by the worker's drawing thread: the hub gets
    None at once, is woken with the table's code once it is ready, and then sends the part that /live answers, read
    with no app context."""
    code, host, (ann, *_), tv, _ = four
    app = tv.application
    claim(ann, code, "cot")
    seq = app.extensions["tables"].state(code).seq
    table_live._kept.clear()
    part = table_live.stream_part(app, code)
    woken = []
    ready = threading.Event()

    def wake(table: str) -> None:
        woken.append(table)
        ready.set()

    assert not has_app_context()  # the hub's thread runs outside any request, and a kept part needs none
    assert part(seq, wake) is None  # drawn elsewhere
    assert ready.wait(10) and woken == [code]
    message = part(seq, wake).decode()
    data = "\n".join(line[6:] for line in message.split("\n") if line.startswith("data: "))
    assert message.startswith("event: part\n") and data == tv.get(f"/tables/{code}/live").get_data(as_text=True)


def another_table(app) -> str:
    """A second started table of two, with a claim on it: its code."""
    host = phone(app)
    code, _ = create(host, names=("Eve", "Fay"))
    eve, fay = phone(app), phone(app)
    assert join(eve, code, 1).status_code == 303 and join(fay, code, 2).status_code == 303
    start(host, code, pool="R3 Y2 B3")
    assert claim(eve, code, "cot").status_code == 303
    return code


class Woken:
    """The stream hub's wake call-back, as a test hears it: the codes it was woken with, in order."""

    def __init__(self):
        self.codes: list[str] = []
        self._heard = threading.Condition()

    def __call__(self, code: str) -> None:
        with self._heard:
            self.codes.append(code)
            self._heard.notify_all()

    def wait_for(self, code: str) -> bool:
        return self.wait_for_times(code, 1)

    def wait_for_times(self, code: str, times: int) -> bool:
        with self._heard:
            return self._heard.wait_for(lambda: self.codes.count(code) >= times, timeout=10)


@pytest.mark.parametrize("fails", [False, True], ids=["kept", "failed"])
def test_the_drawing_thread_draws_other_tables_while_a_request_draws_one(four, monkeypatch, fails):
    """A request's thread is drawing table A's part (a claim's answer) when the hub asks for A's and then B's: the
    drawing thread does not wait for A's render, so B's phones hear first; A's are woken once that render is kept,
    and get it, drawn once. If that render fails, A's phones are woken all the same, and their part drawn then."""
    code, host, (ann, *_), tv, _ = four
    app = tv.application
    other = another_table(app)
    claim(ann, code, "cot")
    service = app.extensions["tables"]
    state, other_seq = service.state(code), service.state(other).seq
    table_live._kept.clear()
    drawing, release = threading.Event(), threading.Event()
    render = table_live._render

    def slow_for_a(table, *args):
        if table == code and threading.current_thread().name == "request":
            drawing.set()
            assert release.wait(10)
            if fails:
                raise RuntimeError("the request's render failed")
        return render(table, *args)

    monkeypatch.setattr(table_live, "_render", slow_for_a)

    def request() -> None:
        with app.test_request_context(f"/tables/{code}/play"):
            try:
                table_live.shared_part(code, state, None)
            except RuntimeError:
                assert fails

    asking = threading.Thread(target=request, name="request")
    asking.start()
    assert drawing.wait(10)
    before = table_live.stats()["shared"]
    woken = Woken()
    assert table_live.stream_part(app, code)(state.seq, woken) is None
    assert table_live.stream_part(app, other)(other_seq, woken) is None
    assert woken.wait_for(other) and woken.codes == [other]  # A's render still under way
    release.set()
    asking.join(10)
    assert woken.wait_for(code)
    message = table_live.stream_part(app, code)(state.seq, woken)
    if fails:  # nothing was kept: the drawing thread draws it now, and wakes the hub again
        assert message is None and woken.wait_for_times(code, 2)
        message = table_live.stream_part(app, code)(state.seq, woken)
    assert message == live_message(tv, code)
    assert table_live.stats()["shared"] == before + 2  # A's by the request, B's by the drawing thread: once each


def deferred_to_a_request(code: str) -> bool:
    """Wait until the drawing thread has left table `code`'s part to a request's thread (its wake-up kept for it)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with table_live._lock:
            if code in table_live._deferred:
                return True
        time.sleep(0.005)
    return False


def asked_for_a_claims_part(four):
    """A claim at the table, its render forgotten: (code, the TV, the app, the state, the hub's `part` for the table,
    a `Woken` to pass it, the renders so far)."""
    code, host, (ann, *_), tv, _ = four
    app = tv.application
    claim(ann, code, "cot")
    table_live._kept.clear()
    part = table_live.stream_part(app, code)
    return code, tv, app, app.extensions["tables"].state(code), part, Woken(), table_live.stats()["shared"]


def live_message(tv, code: str) -> bytes:
    """The `part` message a pages' stream sends: /live's answer as one SSE message."""
    return b"event: part\ndata: " + tv.get(f"/tables/{code}/live").get_data().replace(b"\n", b"\ndata: ") + b"\n\n"


@pytest.mark.parametrize("drawn", [True, False], ids=["answered", "refused"])
def test_the_drawing_thread_leaves_a_table_to_the_request_acting_on_it(four, drawn, monkeypatch):
    """A page's script posts a claim and is answered the table's part: the claim's event wakes the hub before the
    request draws that part. The drawing thread leaves the table to the request (`part_coming`), which draws it
    once and wakes the hub; a request that draws none (refused) wakes it on its way out, and the part is drawn then."""
    monkeypatch.setattr(table_live, "COMING_SECONDS", 3600.0)  # the request is never given up on here
    code, tv, app, state, part, woken, before = asked_for_a_claims_part(four)
    with table_live.part_coming(code):
        assert part(state.seq, woken) is None  # the hub's ask, handed to the drawing thread
        assert deferred_to_a_request(code)
        assert table_live.stats()["shared"] == before and woken.codes == []
        if drawn:
            with app.test_request_context(f"/tables/{code}/play"):
                table_live.shared_part(code, state, None)
            assert woken.codes == [code]
    assert woken.wait_for(code)
    message = part(state.seq, woken)
    if not drawn:  # nothing kept: asked again, the drawing thread draws it now
        assert message is None and woken.wait_for_times(code, 2)
        message = part(state.seq, woken)
    assert table_live.stats()["shared"] == before + 1 and woken.codes == [code] * (1 if drawn else 2)
    assert message == live_message(tv, code)


def test_a_request_held_up_is_given_up_on_and_its_table_drawn_for_the_hub(four, monkeypatch):
    """A request acting on a table (`part_coming`) that has drawn nothing COMING_SECONDS after the hub asked, here at
    once: the drawing thread draws the part itself and wakes the hub, the request still under way; the request's
    way out wakes nobody again."""
    monkeypatch.setattr(table_live, "COMING_SECONDS", 0.0)
    code, tv, _, state, part, woken, before = asked_for_a_claims_part(four)
    with table_live.part_coming(code):
        assert part(state.seq, woken) is None
        assert woken.wait_for(code) and table_live.stats()["shared"] == before + 1
        message = part(state.seq, woken)
    assert message == live_message(tv, code)
    assert woken.codes == [code] and code not in table_live._deferred


def sse_messages(stream: bytes) -> list[tuple[str, str]]:
    """(event, data) of each message of an event stream, as a browser's EventSource reads it (HTML's rules for
    `event:` and `data:` lines, in UTF-8; the part is written with newlines only)."""
    found, event, data = [], "message", []
    for line in stream.decode().split("\n"):
        if not line:
            if "\n".join(data):  # an empty data buffer dispatches nothing
                found.append((event, "\n".join(data)))
            event, data = "message", []
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
        elif line.startswith("event:"):
            event = line[6:].removeprefix(" ")
    return found


@given(
    st.lists(
        st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"), max_size=20),
        min_size=1,
        max_size=8,
    )
)
def test_a_parts_stream_message_is_its_body_as_one_message(lines):
    body = "\n".join(lines)
    assume(body.strip())  # a render is never empty
    shared = table_live.Shared(1, {}, {}, float("inf"), {}, False, body.encode())
    assert sse_messages(shared.message()) == [("part", body)]


def hub_cursor(app, code: str, after: int, wake) -> streams.StreamCursor:
    """A pages' stream of table `code` after event `after`, as the worker's stream hub holds it (`wake` set)."""
    cursor = streams.StreamCursor(
        app.extensions["tables"],
        code,
        after,
        lambda events: [event.to_dict() for event in events],
        lifetime=60,
        heartbeat=60,
        rng=random.Random(1),
        shared=True,
        part=table_live.stream_part(app, code),
    )
    cursor.wake = wake
    return cursor


def test_under_the_hub_a_stream_sends_its_events_with_their_part_in_one_write(four):
    """The hub is woken by a claim's event before its part is drawn: the stream sends nothing then, and once woken
    for the part, the event and the part in one text (one write to the phone), the event first, nothing twice."""
    code, host, (ann, *_), tv, _ = four
    app = tv.application
    service = app.extensions["tables"]
    woken = Woken()
    follower = service.follow(code)
    try:
        cursor = hub_cursor(app, code, service.state(code).seq, woken)
        claim(ann, code, "cot")
        table_live._kept.clear()  # the claim's render forgotten: the drawing thread draws the part for the hub
        assert cursor.ready(follower) == b""  # the event is in, its part on its way
        assert woken.wait_for(code)
        messages = sse_messages(cursor.ready(follower))
        assert [event for event, _ in messages] == ["claim", "part"]
        assert messages[1][1] == sse_messages(live_message(tv, code))[0][1]
        assert cursor.ready(follower) == b""  # all of it sent once
    finally:
        follower.close()


def test_a_stream_its_own_thread_writes_sends_its_events_with_their_part_at_once(four):
    code, host, (ann, *_), tv, _ = four
    app = tv.application
    service = app.extensions["tables"]
    follower = service.follow(code)
    try:
        cursor = hub_cursor(app, code, service.state(code).seq, None)
        claim(ann, code, "cot")
        table_live._kept.clear()
        with app.app_context():
            messages = sse_messages(cursor.ready(follower))
        assert [event for event, _ in messages] == ["claim", "part"]
    finally:
        follower.close()


def test_a_seat_waiting_for_the_vote_on_its_word_may_still_pass_after_done(app, four):
    """Bob's word is under the table's vote when Ann calls Done!: Bob may claim nothing until the outcome (ruling 17),
    yet may pass, as the service allows: his phone shows Pass, not the claim form."""
    code, host, (ann, bob, cat, dan), tv, _ = four
    service = app.extensions["tables"]
    service.act(code, Actor(host=True), {"type": "set_pool", "seat": 2, "pool": "R3 Y2 B3"})
    assert claim(bob, code, "cot").status_code == 303
    seq = [c for c in service.state(code).to_dict(None)["wordsmith"]["claims"] if c["seat"] == 2][-1]["seq"]
    service.act(code, Actor(seat=3), {"type": "object", "claim": seq})
    sixth_word(app, code, ann)
    page = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    pass_for = re.search(r'<p class="table-pass" data-for="([^"]*)"', page)
    claim_for = re.search(r'<section class="table-claim" data-for="([^"]*)"', page)
    assert pass_for and "seat2" in pass_for.group(1).split()
    assert claim_for and "seat2" not in claim_for.group(1).split()
    # Not inside the claim form's section, which Bob's phone hides whole (a control shows only where every
    # element around it is for the phone's seat).
    assert page.index('class="table-pass"') > page.index("</section>", claim_for.start())
    assert "The table is voting on your word COT" in text(page)


def test_a_seat_whose_one_more_word_is_voted_on_reads_that_it_waits_for_the_outcome(app, four):
    """After Done!, Dan's one more word is objected to: his phone reads that the table votes on it (an upheld
    objection gives the word back, ruling 18), not that his last word is played; the phase line owes him nothing."""
    code, host, (ann, bob, cat, dan), tv, _ = four
    service = app.extensions["tables"]
    sixth_word(app, code, ann)
    assert claim(dan, code, "cot").status_code == 303
    seq = [c for c in service.state(code).to_dict(None)["wordsmith"]["claims"] if c["seat"] == 4][-1]["seq"]
    service.act(code, Actor(seat=3), {"type": "object", "claim": seq})
    seats = service.state(code).to_dict(None)["wordsmith"]["seats"]
    assert seats[3]["waits"] == "vote"
    page = dan.get(f"/tables/{code}/play").get_data(as_text=True)
    mine = re.findall(r'<p class="table-claim-wait" data-for="([^"]*)">([^<]*)</p>', page)
    assert [said for tagged, said in mine if "seat4" in tagged.split()] == [
        "The table is voting on your word COT: your next word waits for the outcome."
    ]
    phase = text(re.search(r'<div id="phase".*?</div>', page, re.S)[0])
    assert "One more word, or pass: Bob and Cat." in phase, phase
