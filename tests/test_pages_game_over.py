"""The GAME OVER box while the winners may still change (ruling 18a of docs/rules/wordsmith.md): every phone and the
table view read that an objection may change them until the last window closes, with its closing time, which the
page's own clock takes away (`data-closes-at`), and that an open vote may."""

from __future__ import annotations

import re

import pytest
from test_pages_tables import claim, create, join, phone, start, text
from test_tables_live_part import Clock, sixth_word
from test_tables_wordsmith import exact

from tables.events import Actor, epoch


@pytest.fixture
def over(app):
    """Ann called Done!, Bob claimed GAB as his extra word, Cy passed, and the host ended the game after the first
    challenge: (code, the service, the clock, {name: (phone, path)}, GAB's claim event, Ann's Done! word's)."""
    clock = Clock()
    service = app.extensions["tables"]
    service.clock = clock
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cy"))
    ann, bob, cy = phone(app), phone(app), phone(app)
    for number, client in enumerate((ann, bob, cy), 1):
        assert join(client, code, number).status_code == 303
    start(host, code)
    sixth_word(app, code, ann)
    service.act(code, Actor(host=True), {"type": "set_pool", "seat": 2, "pool": exact("gab")})
    assert claim(bob, code, "gab").status_code == 303
    service.act(code, Actor(seat=3), {"type": "pass"})
    service.act(code, Actor(host=True), {"type": "end_game"})
    claims = [e for e in service.events(code) if e.type == "claim"]
    phones = {
        "Bob": (bob, f"/tables/{code}/play"),
        "Cy": (cy, f"/tables/{code}/play"),
        "TV": (phone(app), f"/tables/{code}"),
    }
    phones["host"] = (host, f"/tables/{code}/host")
    return code, service, clock, phones, claims[-1], claims[-2]


def box(client, path: str) -> str:
    return re.search(
        r'<section class="verdict table-latest.*?</section>', client.get(path).get_data(as_text=True), re.S
    )[0]


def test_every_screen_says_the_winners_may_change_until_the_window_closes(app, over):
    code, service, clock, phones, extra, _ = over
    closes = epoch(extra.at) + app.config["OBJECTION_SECONDS"]
    said = service.state(code).to_dict()["wordsmith"]["winners_may_change"]["objections_close_at"]
    for name, (client, path) in phones.items():
        html = box(client, path)
        assert "GAME OVER" in html and "Ann wins" in text(html), name
        caveat = re.search(r'<p class="[^"]*table-result__caveat" data-closes-at="(\d+)">(.*?)</p>', html, re.S)
        assert caveat is not None, name
        assert int(caveat[1]) == round(closes * 1000), name  # the page's clock takes it away then
        assert f'<time datetime="{said}" data-clock>' in caveat[2], name
        clock_time = re.search(r"T(\d\d:\d\d:\d\d)", said)[1]
        said_text = re.sub(r"<[^>]+>", "", caveat[2])
        assert said_text == f"Unless an objection changes it: objections close at {clock_time} UTC.", name
    clock.now = closes + 1  # the window closed: a page drawn now has no caveat (the render kept till then is not)
    for name, (client, path) in phones.items():
        html = box(client, path)
        assert "Ann wins" in text(html) and "table-result__caveat" not in html and "objection" not in text(html), name


def test_an_open_vote_after_the_game_says_so_until_it_is_counted(over):
    code, service, clock, phones, _, done_word = over
    service.act(code, Actor(seat=2), {"type": "object", "claim": done_word.seq})
    for name, (client, path) in phones.items():
        assert "Unless the vote on TREE changes it." in text(box(client, path)), name
    service.act(code, Actor(seat=3), {"type": "vote", "claim": done_word.seq, "strike": True})
    for name, (client, path) in phones.items():
        html = text(box(client, path))
        assert "GAME OVER" in html and "Ann wins" in html and "vote on TREE" not in html, name
    assert service.state(code).game_state.phase == "game_over"  # the host ended the game: it stays over


def test_what_happens_after_the_end_is_said_under_the_result_on_every_screen(app, over):
    """An objection after GAME OVER, and its vote's outcome, are news under the result: the winners changing is not
    left unexplained. Before anything happened since, the box says only the result."""
    code, service, clock, phones, extra, _ = over
    for name, (client, path) in phones.items():
        assert "table-result__since" not in box(client, path), name
    service.act(code, Actor(seat=3), {"type": "object", "claim": extra.seq})
    for name, (client, path) in phones.items():
        read = text(box(client, path))
        assert "GAME OVER" in read and "Cy objects to GAB" in read, (name, read)
    service.act(code, Actor(seat=1), {"type": "vote", "claim": extra.seq, "strike": True})
    for name, (client, path) in phones.items():
        read = text(box(client, path))
        assert "GAME OVER" in read and "GAB" in read and "upheld" in read.lower(), (name, read)
