"""The GAME OVER box on two phones and the TV while an objection may still change the winners (ruling 18a of
docs/rules/wordsmith.md): the caveat shows with its closing time, then goes when the window closes by each page's own
clock (Playwright's `page.clock`, run forward: no test waits the window out), with no update from the table."""

from __future__ import annotations

from browser_helpers import expect, needs_chromium
from test_pages_table_night_browser import WINDOW_MS, api, phones, seated  # noqa: F401 (phones: the fixture)
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
