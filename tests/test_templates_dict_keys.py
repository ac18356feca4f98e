"""The app's Jinja environment reads a plain dict's key before its attributes (app/__init__.py,
`WordsmithEnvironment`), for speed; Jinja reads the attribute first. The two agree as long as no dict a template
reads has a key named like a dict method (`items`, `get`, `values`): every page below, a table's in each of its
phases with claims, an objection, a vote and a strike, is drawn the same either way."""

from __future__ import annotations

import re

import pytest
from jinja2 import Environment
from test_pages_tables import claim, create, join, phone, press, start

from app import WordsmithEnvironment

ONE_APP = True


def drawn(client, url: str) -> str:
    """A page without what differs between two renders of one state (request ids, CSRF token, the clock)."""
    html = client.get(url).get_data(as_text=True)
    html = re.sub(r'name="(request_id|csrf_token)" value="[^"]*"', r'name="\1"', html)
    html = re.sub(r'data-(now|request)="[^"]*"', "", html)
    return re.sub(r'nonce="[^"]*"', "", html)


def both_ways(monkeypatch, looks) -> None:
    fast = [drawn(client, url) for client, url in looks]
    monkeypatch.setattr(WordsmithEnvironment, "getattr", Environment.getattr)
    assert [drawn(client, url) for client, url in looks] == fast
    monkeypatch.undo()


@pytest.mark.parametrize("game", ["wordsmith", "booksmack"])
def test_every_table_page_is_drawn_alike_whichever_is_read_first(app, monkeypatch, game):
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cat"), game=game)
    seats = [phone(app) for _ in range(3)]
    for number, client in enumerate(seats, 1):
        assert join(client, code, number).status_code == 303
    base = f"/tables/{code}"
    looks = [(host, f"{base}/host"), (seats[0], f"{base}/play"), (seats[1], f"{base}/play"), (host, base)]
    looks += [(host, f"{base}/sheet"), (host, f"{base}/live"), (seats[2], f"{base}/join")]
    both_ways(monkeypatch, looks)
    if game == "wordsmith":
        start(host, code, pool="R3 Y2 B3")
        claim(seats[0], code, "cot")
        claim(seats[1], code, "zzzq")  # a refused attempt, in the claims list
        page = seats[1].get(f"{base}/play").get_data(as_text=True)
        press(seats[1], f"{base}/play", page, "Object to COT")
        both_ways(monkeypatch, looks)


@pytest.mark.parametrize(
    "url",
    ["/", "/?word=gab&pool=R3+Y2+B1+G2&previous=bag", "/solve?pool=R3+Y2+B1+G2", "/solve?rack=retains%3F", "/dice"],
)
def test_every_tool_page_is_drawn_alike_whichever_is_read_first(app, monkeypatch, url):
    both_ways(monkeypatch, [(phone(app), url)])
