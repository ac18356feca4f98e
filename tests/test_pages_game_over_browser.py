"""The GAME OVER box on the phones and the TV while an objection may still change the winners (ruling 18a of
docs/rules/wordsmith.md): the caveat shows with its closing time, then goes when the window closes by each page's own
clock (Playwright's `page.clock`, run forward: no test waits the window out), with no update from the table; and an
upheld objection after the automatic end takes the game's end back on every screen (ruling 18)."""

from __future__ import annotations

import requests
from browser_helpers import expect, needs_chromium
from test_pages_table_night_browser import (  # noqa: F401 (phones: the fixture)
    SIX,
    WINDOW_MS,
    api,
    exact,
    phones,
    seated,
    three_seats,
)
from test_pages_tables_browser import LIVE_MS, claim

pytestmark = needs_chromium


def test_the_game_over_caveat_shows_then_goes_when_the_window_closes(phones, live_server):  # noqa: F811
    ann, bob, view = phones[:3]
    for page in (ann, bob, view):
        page.clock.install()  # before the pages load: each page's clock is run forward below
    code = seated(phones, live_server)
    claim(ann, "cast")
    api(ann, live_server, code, "/challenges/end", {}, cookie="wordsmith_host")
    api(ann, live_server, code, "/end", {}, cookie="wordsmith_host")  # the host ends the game after challenge 1
    for page in (ann, bob, view):
        expect(page.locator("#latest .verdict__mark")).to_have_text("GAME OVER", timeout=LIVE_MS)
        expect(page.locator("#latest .table-result__winners")).to_have_text("Ann wins")
        caveat = page.locator("#latest .table-result__caveat")
        expect(caveat).to_be_visible()
        expect(caveat).to_contain_text("Unless an objection changes it: objections close at ")
        expect(caveat.locator("time")).not_to_contain_text("UTC")  # said in the phone's own time
    seqs = [page.get_attribute("#table", "data-seq") for page in (ann, bob, view)]
    for page in (ann, bob, view):
        page.clock.fast_forward(WINDOW_MS + 1_000)
        expect(page.locator("#latest .table-result__caveat")).to_have_count(0)
        expect(page.locator("#latest .table-result__winners")).to_have_text("Ann wins")  # the result stays
    assert [page.get_attribute("#table", "data-seq") for page in (ann, bob, view)] == seqs  # by the page's clock


def test_an_upheld_objection_to_the_done_word_takes_the_games_end_back_on_every_screen(phones, live_server):  # noqa: F811
    """Ruling 18 on three phones and the TV: the third challenge ends by itself (Ann's sixth word calls Done!, Bob
    and Cy pass), GAME OVER on every screen; Bob objects to Ann's Done! word and Cy votes to strike it: every screen
    reads that the game's end is taken back, GAME OVER goes, and Ann's phone may claim again."""
    ann, bob, cy, view = phones[:4]
    code = three_seats(phones, live_server)
    host = {"cookie": "wordsmith_host"}
    for number in (1, 2):  # the host ends the first two challenges
        if number == 2:
            api(ann, live_server, code, "/challenges", {"pool": "R3 Y2 B1 G2"}, **host)
        api(ann, live_server, code, "/claims", {"word": "cast"})
        api(ann, live_server, code, "/challenges/end", {}, **host)
    api(ann, live_server, code, "/challenges", {"pool": "R3 Y2 B1 G2"}, **host)
    for word in SIX:  # Ann's six words, each from a pool the host sets: the sixth calls Done!
        api(ann, live_server, code, "/seats/1/pool", {"pool": exact(word)}, **host)
        api(ann, live_server, code, "/claims", {"word": word})
    for page in (bob, cy):
        api(page, live_server, code, "/passes", {})
    for page in (ann, bob, cy, view):
        expect(page.locator("#latest .verdict__mark")).to_have_text("GAME OVER", timeout=LIVE_MS)
    state = requests.get(f"{live_server}/api/v1/tables/{code}", timeout=30).json()["wordsmith"]
    done = next(c["seq"] for c in state["claims"] if c["challenge"] == 3 and c["word"] == SIX[-1])
    api(bob, live_server, code, "/objections", {"claim": done})
    api(cy, live_server, code, "/votes", {"claim": done, "strike": True})
    said = f"{SIX[-1].upper()} is struck out; the game's end is taken back, and Ann goes back to finding words."
    for page in (ann, bob, cy, view):
        expect(page.locator("#latest")).to_contain_text(said, timeout=LIVE_MS)
        expect(page.locator("#latest .verdict__mark")).not_to_have_text("GAME OVER")
    expect(ann.locator("#word")).to_be_visible()  # play goes on: Ann's phone may claim again
