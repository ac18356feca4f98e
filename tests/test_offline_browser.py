"""The installable, offline pages in Chromium: the service worker keeps the pages and the word data on the first
visit; with the network off the judge and the solver still answer, as the server would; a rebuild of the word
lists reaches the phone on its next online visit; the JavaScript judge agrees with Python in the browser too.

The offline visits run against an app serving a small word list (a few thousand keys), so that a rebuild (a
new checksum) is quick: the same code serves the full lists."""

from __future__ import annotations

import random
import re
import shutil
import threading
import time

import pytest
import requests
from browser_helpers import needs_chromium
from offline_helpers import expected, near_misses, odd_inputs
from werkzeug.serving import make_server

from app import create_app
from solver.lexicon import SIZES, load_lexicons, wordlists_dir

pytestmark = needs_chromium
SOURCE = wordlists_dir()  # the real lists, before a test points WORDSMITH_WORDLISTS at a small copy


def small_lists(folder, extra: str = ""):
    """Write a small word list (every key starting with b, and `extra` lines) and its companions into `folder`."""
    folder.mkdir(exist_ok=True)
    source = SOURCE
    keys = [line for line in (source / "lexicon.tsv").read_text().splitlines(True) if line.startswith(("b", "a\t"))]
    (folder / "lexicon.tsv").write_text("".join(sorted(keys + ([extra] if extra else []))))
    for name in ("familiarity.tsv", "definitions.tsv", "morphology.tsv"):
        shutil.copy(source / name, folder / name)


class Server:
    """The app on a local port in a thread; `deploy()` puts a newly created app behind the same address (a
    rebuild of the word lists, then a restart: the phone sees the same site)."""

    def __init__(self):
        self.app = None
        self.server = make_server("127.0.0.1", 0, lambda environ, start: self.app(environ, start), threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"

    def deploy(self):
        load_lexicons.cache_clear()
        self.app = create_app({"TESTING": True})
        return self

    def start(self):
        self.deploy()
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def small_site(tmp_path, monkeypatch):
    lists = tmp_path / "wordlists"
    small_lists(lists)
    monkeypatch.setenv("WORDSMITH_WORDLISTS", str(lists))
    monkeypatch.setenv("WORDSMITH_CACHE_DIR", str(tmp_path / "cache"))
    server = Server().start()
    yield server, lists
    server.stop()
    load_lexicons.cache_clear()


def installed(page) -> list[str]:
    """Wait until the worker controls the page and has filled its cache; return the cache names."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)
    return page.evaluate("caches.keys()")


def installed_phone(browser, server):
    """A new phone that has visited the site once and reloaded, so the worker controls the page: (context, page, cache names)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/")
    page.reload()  # the worker, installed on the first load, now controls the page
    return context, page, installed(page)


def wait_for_caches(page, done, timeout: float = 20.0) -> list[str]:
    """Poll the page's cache names until `done(names)` (the worker works in the background), or fail."""
    deadline = time.monotonic() + timeout
    while not done(names := page.evaluate("caches.keys()")):
        assert time.monotonic() < deadline, f"the caches stayed {names}"
        time.sleep(0.1)
    return names


def verdict_text(page) -> str:
    page.wait_for_selector("[data-source=offline]", timeout=10_000)
    return page.inner_text("[data-source=offline]")


# Claims the judge sees, each as a URL: a bare word in each size, odd spellings, the claim's rules, bad fields.
JUDGED = [
    "/?word=BAG",
    "/?word=bag&lexicon=small",
    "/?word=baaings&lexicon=small",
    "/?word=baaings&lexicon=large",
    "/?word=Baal",
    "/?word=Baalbek",
    "/?word=b%E2%80%99s",
    "/?word=%20Bag%C2%AD%20",
    "/?word=b%C3%A0g",
    "/?word=ba%24g",
    "/?word=bagz&pool=R3+Y2+B1+G2&previous=gab",
    "/?word=bag&previous=gab",
    "/?word=bag&pool=R3+Y2+B1+G2",
    "/?word=bag&pool=R5+Y3+B1+G2+W1&discards_used=5",
    "/?word=bag&pool=R9+Y9&discards_used=11",
    "/?word=bag&pool=R9+Y9+B3+G4&discards_used=8&crossed_white=2",
    "/?word=bag&claimed=Bag,cab&required=x",
    "/?word=bags&required=s&claimed=bag",
]
SLAPPED = [
    "/colorsmash?splat=green&word=green",
    "/colorsmash?splat=red&word=blue",
    "/colorsmash?splat=red",
    "/colorsmash?splat=steal",
    "/colorsmash?splat=%20Green%20&word=GR%C3%89EN",
]
SMACKED = [
    "/booksmack?cards=c+A+f+%C3%A9",
    "/booksmack?cards=b+Z+%23+m",
    "/booksmack?cards=cAf%C3%A9",
    "/booksmack?cards=b+?+g",
    "/booksmack?cards=a+%2B+z+-+b+.+c+%26+d",
    "/booksmack?cards=q+space+x+12+Z+%40",
    "/booksmack?cards=!+!+!+a",
    "/booksmack?cards=*+%2B+-+a",
    "/booksmack?cards=~+a+.+b",
    "/booksmack?cards=z+Z+26+%C3%BC+u",
    "/booksmack?cards=%23+.+%23",
    "/booksmack?cards=%23+a+%2B+%26+b",
    # two tied 10s linked differently, named in the same order wherever they sit
    "/booksmack?cards=m+%26+10+%26+l+25+%26+10",
    "/booksmack?cards=%26+l+25+%26+10+m+%26+10",
]
# Refused offline with the sentence the server puts in its error list.
REFUSED = [
    "/booksmack?cards=a+99",
    "/booksmack?cards=a+%E2%82%AC",
    "/colorsmash?splat=mauve&word=red",
    "/?word=cast&pool=R3X",
    "/?word=cast&pool=R0+Y00",
    "/?word=cast&pool=R50+Y20",
    "/?word=cast&pool=R0061",
    "/solve?pool=r3+%20q2",
    "/?word=" + "a" * 65,  # past MAX_WORD_LENGTH: refused offline as the server refuses it
    # A field the server's form refuses is refused offline in its words, never judged (app/pages/offline_forms.py)
    "/?word=bag&lexicon=huge",
    "/booksmack?cards=c+a+t&lexicon=huge",
    "/solve?pool=R3+Y2+B1+G2&lexicon=huge",
    "/?word=bag&previous=" + "x" * 70,
    "/?word=bag&discards_used=two",
    "/?word=bag&discards_used=-1",
    "/?word=bag&crossed_white=7",
    "/?word=bag&required=qq",
    # The engine's own refusals, past the form's bounds: the sheet's words (solver/data/sentences.toml, sheet.*)
    "/?word=bag&required=7",
    "/solve?pool=R3+Y2&required=%20%C2%A7",
    "/?word=bag&pool=R3+Y2+B1+G2&discards_used=11&crossed_white=3",
    "/?word=bag&pool=R3+Y2+B1+G2&discards_used=12&crossed_white=1",
    "/solve?pool=R3+Y2&page=0",
    "/solve?pool=R3+Y2&page=abc",
    "/solve?pool=R3+Y2&page=99",
    "/colorsmash?splat=" + "r" * 41,
    "/colorsmash?word=red",  # a word and no splat: the server's sentence, with no full stop of its own
]
# Each roll, and the seeds at both ends of the range.
ROLLED = [
    f"/dice?roll={roll}&seed={seed}"
    for roll, seed in [("start", 0), ("start", 2**32 - 1), ("add", 7), ("word_by_word", 12345)]
]
VERDICT_PARTS = ".verdict__mark, .verdict__word, .verdict__message, .verdict__unchecked, .verdict__facts li, .verdict__lexicon, .letter"


def parts(page) -> list[str]:
    return [" ".join(text.split()) for text in page.locator(VERDICT_PARTS).all_inner_texts()]


def test_offline_after_one_visit_the_pages_answer_as_the_server_does(browser, small_site):
    server, _ = small_site
    online = browser.new_context(java_script_enabled=False)
    served = online.new_page()
    want = {}
    for url in JUDGED + SLAPPED + ROLLED + SMACKED:
        served.goto(server.url + url)
        want[url] = parts(served)
    for url in REFUSED:
        served.goto(server.url + url)
        want[url] = served.inner_text(".form-errors li")
    online.close()
    context, page, caches = installed_phone(browser, server)
    assert len(caches) == 1
    context.set_offline(True)
    for url in JUDGED + SLAPPED + ROLLED + SMACKED:
        page.goto(server.url + url)
        verdict_text(page)
        assert parts(page) == want[url], url
    for url in REFUSED:
        page.goto(server.url + url)
        refusal = verdict_text(page)
        assert refusal.strip() and want[url] == refusal, (url, want[url], refusal)  # the field's label too
    page.goto(server.url + JUDGED[-1])
    assert page.input_value("#word") == "bags" and page.input_value("#required") == "s"
    # A later verdict in the same page: the form's submit is answered here, with no page load
    page.goto(server.url + "/?word=bag")
    verdict_text(page)
    page.fill("#word", "Baal")
    page.click("button.go")
    page.wait_for_function("() => document.querySelector('#verdict').innerText.includes('BAAL')")
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1 and "word=Baal" in page.url
    assert "BAAL is a proper name, and proper names are not allowed." in page.inner_text("#verdict")
    page.goto(server.url + "/solve?pool=R3+Y2+B1+G2")
    text = verdict_text(page)
    assert "builds" in text and "bag" in text
    # The pool picker shows the pool the URL gave, as the server's page does: one piece changed, the rest kept.
    assert page.input_value("#pool-text") == "R3 Y2 B1 G2" and page.inner_text(".pool__size") == "8 pieces"
    assert page.locator(".pool .chip[data-code=R] .chip__count").inner_text() == "3"
    page.goto(server.url + "/dice")
    page.click("button[value=word_by_word]")  # no seed: one is picked here, as the server picks one
    page.wait_for_selector("#roll[data-source=offline]")
    assert re.search(r"roll=word_by_word&seed=[0-9]+#roll$", page.url) and "Word by Word roll" in page.inner_text(
        "#roll"
    )
    page.goto(server.url + "/booksmack?cards=b")
    verdict_text(page)
    page.click("#palette-accents summary")
    page.click(".palette button[value='à']")  # a palette card: the round as it stands now, judged here
    page.click(".palette button[value=g]")
    page.wait_for_function("() => document.querySelector('#verdict').innerText.includes('BAG is spelled')")
    assert "cards=b+%C3%A0+g" in page.url and page.input_value("#cards-text") == "b à g"
    page.goto(server.url + "/booksmack/turn?cards=b+Z+m+a&played=4")
    assert "needs a connection" in page.inner_text("main")
    page.goto(server.url + "/tables")
    assert "needs a connection" in page.inner_text("main")
    answer = page.evaluate("fetch('/api/v1/health').then(async r => [r.status, (await r.json()).title])")
    assert answer == [503, "Needs a connection"]
    context.close()


def test_a_rebuilt_word_list_reaches_the_phone_on_its_next_online_visit(browser, small_site):
    server, lists = small_site
    context, page, first = installed_phone(browser, server)
    context.set_offline(True)
    page.goto(server.url + "/?word=bazzle")
    assert "BAZZLE is not in the standard word lists; it may be newer than they are." in verdict_text(page)
    context.set_offline(False)
    small_lists(lists, extra="bazzle\tsmall\n")  # the rebuild: one new word, a new checksum
    server.deploy()
    page.goto(server.url + "/?word=bazzle")
    assert "BAZZLE is a valid word." in page.inner_text("#verdict")  # online: the server's answer
    page.goto(server.url + "/")
    assert wait_for_caches(page, lambda names: len(names) == 1 and names != first) != first
    page.reload()
    context.set_offline(True)
    page.goto(server.url + "/?word=bazzle")
    assert "BAZZLE is a valid word." in verdict_text(page)
    context.close()


def test_a_page_the_network_is_too_slow_for_is_answered_from_the_phone(browser, small_site):
    """One bar of signal: the server takes longer than the worker waits, so the kept page answers, from the data."""
    server, _ = small_site
    context, page, _ = installed_phone(browser, server)
    app = server.app

    def slow(environ, start_response):
        if "lexicon=large" in environ.get("QUERY_STRING", ""):
            time.sleep(8)  # longer than the worker's patience
        return app(environ, start_response)

    server.app = slow
    page.goto(server.url + "/?word=baaings&lexicon=large", timeout=20_000)
    assert "BAAINGS is a valid word." in verdict_text(page)
    context.close()


def test_the_javascript_judge_agrees_with_python_in_chromium(browser, live_server):
    """Odd inputs and near-misses (and a sample of keys) in the browser's own Unicode and JavaScript engine;
    tests/test_offline_judge.py runs every key in Node."""
    keys = [line.partition("\t")[0] for line in (wordlists_dir() / "lexicon.tsv").read_text().splitlines()]
    inputs = keys[::200] + near_misses(keys, 2_000, seed=5) + odd_inputs(3_000, seed=6)
    rows = expected(inputs)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(live_server + "/")
    found = page.evaluate(
        """async ([inputs, sizes]) => {
            const d = await window.WordsmithOffline.data();
            return inputs.map(w => { const v = sizes.map(s => WordsmithWords.check(d.words, w, s));
                return [v[0].normalized, ...v.map(x => [x.valid, x.reason, x.tier, x.message])]; });
        }""",
        [inputs, list(SIZES)],
    )
    wrong = [(word, want, got) for word, want, got in zip(inputs, rows, found) if want != got]
    assert len(found) == len(inputs) and wrong == []
    context.close()


def random_claims(count: int, seed: int = 7) -> list[dict]:
    """Random pools (some with wilds), sizes and claim filters: a previous word, a required letter, claimed words."""
    rng = random.Random(seed)
    claims = []
    while len(claims) < count:
        counts = [rng.randrange(0, 7) for _ in range(4)] + [rng.choice([0, 0, 0, 1, 2])]
        if not any(counts):
            continue
        claim = {"pool": " ".join(f"{code}{n}" for code, n in zip("RYBGW", counts) if n), "lexicon": rng.choice(SIZES)}
        if rng.random() < 0.3:
            claim["previous"] = rng.choice(["bag", "cast", "stone", "read", "tea"])
        if rng.random() < 0.2:
            claim["required"] = rng.choice("aeiorst")
        if rng.random() < 0.2:
            claim["claimed"] = "bag, cast ten"
        claims.append(claim)
    return claims


def test_the_offline_solver_lists_the_apis_first_100_words(browser, live_server):
    """60 random claims here; bench/offline.py runs 200."""
    claims = random_claims(60)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(live_server + "/solve")
    offline = page.evaluate("claims => Promise.all(claims.map(c => WordsmithOffline.solve(c)))", claims)
    for claim, found in zip(claims, offline):
        body = {"pool": claim["pool"], "lexicon": claim["lexicon"], "limit": 100}
        body.update(previous_word=claim.get("previous", ""), required_letter=claim.get("required", ""))
        body["claimed"] = claim.get("claimed", "").replace(",", " ").split()
        answer = requests.post(live_server + "/api/v1/wordsmith/solve", json=body, timeout=30).json()
        assert found[:100] == [w["word"] for w in answer["words"]], claim
        assert len(found) == answer["total"], claim
    context.close()


def random_rounds(count: int, seed: int = 11) -> list[list[str]]:
    """Random Booksmack rounds: letters in every form, numbers, the symbols, the Space card, 2 to 9 cards."""
    rng = random.Random(seed)
    faces = list("abcdefghijklmnopqrstuvwxyzACDEILNOPRSTU") + ["é", "ü", "ñ", "ç", "ø", "2", "10", "26", "13"]
    faces += list(".?!+-&*@~#") + [" "]
    rounds = []
    for _ in range(count):
        n = rng.randrange(2, 10)
        weights = rng.random()
        rounds.append([rng.choice(faces[:39]) if rng.random() < weights else rng.choice(faces) for _ in range(n)])
    return rounds


def test_the_offline_booksmack_judge_agrees_with_the_api(browser, live_server):
    rounds = random_rounds(300) + [list("cafe"), list("c?fe"), list("??t"), ["b", "a", " ", "g"], list("tea")]
    # Many `?`: more words than a reading lists (READING_WORDS), words read again from other seats, and "more"
    rounds += [["?"] * 9 + ["e"], ["s"] + ["?"] * 8, ["?", "a"] * 4, ["?", "?", "a", " ", "?"], ["?"] * 39 + ["e"]]
    rounds += [["@", "z", "@"], ["z", "@", "y", "@"], ["é", "@", "è", "b"]]  # two @ win; one between two winners
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(live_server + "/booksmack")
    offline = page.evaluate("rounds => Promise.all(rounds.map(r => WordsmithOffline.booksmack(r)))", rounds)
    said = 0
    for cards, found in zip(rounds, offline):
        answer = requests.post(live_server + "/api/v1/booksmack/judge", json={"cards": cards}, timeout=30).json()
        want = {key: answer[key] for key in ("action", "spells", "spelled_from", "readings", "winners", "explanation")}
        assert found == want, cards
        said += found["action"] == "say_word"
    assert said >= 5  # the spelled words were tried, not only the taps
    context.close()
