"""The table view on a TV (a landscape screen 1120 px wide or more), in headless Chromium, through a Wordsmith game's
votes: nobody scrolls a TV and everyone reads it from across the room, so every big box is sized by the screen. No
word of a big box's mark or word breaks across lines (OBJECTION, CHALLENGE), and while the table votes, the vote's
box, the news under it and the scoreboard are all on the screen.

The app is served in this process and the game is played through its `Tables` service (the seats' phones are not
what is looked at here); the TVs follow it live.
"""

from __future__ import annotations

import pytest
from browser_helpers import expect, needs_chromium, screenshot, serve_app
from test_pages_table_night_browser import exact
from test_pages_tables_browser import LIVE_MS

from tables.events import Actor, Rejected

pytestmark = needs_chromium

TVS = [{"width": 1120, "height": 700}, {"width": 1280, "height": 720}, {"width": 1920, "height": 1080}]
HOST = Actor(host=True)

# The words of the big boxes' marks and words that run onto a second line inside themselves.
BROKEN_WORDS = """() => Array.from(document.querySelectorAll("#table .verdict__mark, #table .verdict__word")).flatMap((el) => {
  const broken = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      if (new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1) broken.push(m[0]);
    }
  }
  return broken;
})"""


def seat(n: int) -> Actor:
    return Actor(seat=n)


@pytest.fixture(params=[()])
def tvs(browser, request):
    """A table of four (Ann, Bob, Cy, Di), its variants the test's parameter, started, and a TV of each size following
    its view: (the service, code, TVs)."""
    with serve_app() as (base, app):
        service = app.extensions["tables"]
        code = service.create("wordsmith", ["Ann", "Bob", "Cy", "Di"], variants=request.param).code
        for n in (1, 2, 3, 4):
            service.join(code, n, HOST)
        service.act(code, HOST, {"type": "start", "pool": "R3 Y2 B1 G2"})
        contexts = [browser.new_context(viewport=size) for size in TVS]
        try:
            pages = [context.new_page() for context in contexts]
            for page in pages:
                page.javascript = True
                page.goto(f"{base}/tables/{code}")
                page.wait_for_selector("#table[data-stream=open]", state="attached")
            yield service, code, pages
        finally:
            for context in contexts:
                context.close()


def on_screen_and_whole(tv, regions=("#latest", "#scores")) -> None:
    """No word of a mark breaks, and each region ends on the screen (nothing scrolled away)."""
    assert tv.evaluate(BROKEN_WORDS) == [], tv.viewport_size
    height = tv.viewport_size["height"]
    for region in regions:
        box = tv.locator(region).bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= height, (region, box, tv.viewport_size)


def test_the_tv_shows_votes_the_news_and_the_scores_on_one_screen_with_no_word_broken(tvs):
    """Bob claims CAST and Cy objects: the vote, the OBJECTION news and the scores fit each TV; the table keeps CAST
    (OBJECTION OVERRULED); Cy puts ZOOMER to the table (ALLOW IT?), the table allows it (a house word); the host ends
    the challenge (CHALLENGE 1 OVER) and the game (GAME OVER, Cy wins). At every step no word of the big box
    breaks."""
    service, code, pages = tvs
    service.act(code, seat(2), {"type": "claim", "word": "cast"})
    cast = max(service.state(code).game_state.claims)
    service.act(code, seat(3), {"type": "object", "claim": cast})
    for tv in pages:
        expect(tv.locator("#votes .table-vote")).to_contain_text("Keep or strike?", timeout=LIVE_MS)
        expect(tv.locator("#latest .verdict__mark")).to_have_text("OBJECTION")
        on_screen_and_whole(tv, ("#votes", "#latest", "#scores"))
    service.act(code, seat(1), {"type": "vote", "claim": cast, "strike": False})
    service.act(code, seat(4), {"type": "vote", "claim": cast, "strike": False})
    for tv in pages:
        expect(tv.locator("#latest .verdict__mark")).to_have_text("OBJECTION OVERRULED", timeout=LIVE_MS)
        on_screen_and_whole(tv)
    service.act(code, HOST, {"type": "set_pool", "seat": 3, "pool": exact("zoomer")})
    with pytest.raises(Rejected):  # refused, in no word list, and written down: Cy may put it to the table
        service.act(code, seat(3), {"type": "claim", "word": "zoomer"})
    ask = service.state(code).seq  # the refused attempt: the word put to the table, and its vote, are named by it
    service.act(code, seat(3), {"type": "ask", "claim": ask})
    for tv in pages:
        expect(tv.locator("#votes .table-vote")).to_contain_text("Allow it?", timeout=LIVE_MS)
        on_screen_and_whole(tv, ("#votes", "#latest", "#scores"))
    for n in (1, 2, 4):
        service.act(code, seat(n), {"type": "vote", "claim": ask, "strike": False})
    for tv in pages:
        expect(tv.locator("#latest")).to_contain_text("a house word of this table", timeout=LIVE_MS)
        on_screen_and_whole(tv)
    service.act(code, HOST, {"type": "end_challenge"})
    for tv in pages:
        expect(tv.locator("#latest .verdict__mark")).to_have_text("CHALLENGE 1 OVER", timeout=LIVE_MS)
        on_screen_and_whole(tv)
    service.act(code, HOST, {"type": "end_game"})
    for tv in pages:
        expect(tv.locator("#latest .verdict__mark")).to_have_text("GAME OVER", timeout=LIVE_MS)
        expect(tv.locator("#latest .table-result__winners")).to_have_text("Cy wins")
        on_screen_and_whole(tv)
        screenshot(tv, f"table-tv-game-over-{tv.viewport_size['width']}")


@pytest.mark.parametrize("tvs", [("word_by_word",)], indirect=True)
def test_word_by_words_roll_and_the_news_under_it_fit_the_tv(tvs):
    """Word by Word: the roll's three dice stand above the news; a claim's verdict and an objection overruled under
    them are on the screen, beside the scores, no word broken."""
    service, code, pages = tvs
    service.act(code, HOST, {"type": "roll_word", "faces": ["red", "yellow", "blue_star"]})
    service.act(code, seat(2), {"type": "claim", "word": "cast"})
    for tv in pages:
        expect(tv.locator("#roll .dice-roll li")).to_have_count(3, timeout=LIVE_MS)
        expect(tv.locator("#latest .verdict__word")).to_have_text("CAST", timeout=LIVE_MS)
        on_screen_and_whole(tv, ("#roll", "#latest", "#scores"))
    cast = max(service.state(code).game_state.claims)
    service.act(code, seat(3), {"type": "object", "claim": cast})
    for n in (1, 4):
        service.act(code, seat(n), {"type": "vote", "claim": cast, "strike": False})
    for tv in pages:
        expect(tv.locator("#latest .verdict__mark")).to_have_text("OBJECTION OVERRULED", timeout=LIVE_MS)
        on_screen_and_whole(tv, ("#roll", "#latest", "#scores"))
