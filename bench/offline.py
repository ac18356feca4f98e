"""Benchmark the offline layer: what a phone downloads to judge with no connection, how soon the first verdict
shows offline (and with the CPU slowed 4x), how quick a later one is, and the two judges' agreement.

    python bench/offline.py [--pools 200] [--words 20]

Serves the app in this process (werkzeug, full word lists), drives Debian's Chromium with Playwright: a first
visit installs the service worker, then the network goes off and the judge page is loaded with a word in its
URL; the time is the page's own mark when the verdict is drawn, from the moment the page started loading.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from offline_helpers import expected, golden_inputs, run_node, write_cases  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from app import create_app  # noqa: E402
from solver.lexicon import SIZES, load_lexicons  # noqa: E402
from solver.offline import offline_words  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
WORDS = [
    "quixotic",
    "Peru",
    "bag",
    "zyzzyva",
    "don’t",
    "café",
    "xylophone",
    "aardvarks",
    "qi",
    "jeux",
    "strengths",
    "rhythm",
    "sphinx",
    "oxen",
    "buzzword",
    "selfie",
    "vaxxed",
    "yeet",
    "bae",
    "tl;dr",
]


def wire_bytes(app) -> dict[str, int]:
    """Each URL the worker keeps, with its size on the wire (gzip where the server sends it so)."""
    client = app.test_client()
    worker = client.get("/sw.js").get_data(as_text=True)
    config = json.loads(worker.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    sizes = {"/sw.js": len(gzip.compress(worker.encode()))}
    for url in config["shell"] + config["static"] + config["extra"] + [config["words"]]:
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, url
        sizes[url] = len(response.get_data())
    return sizes


def serve(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def verdict_times(browser, url: str, slowdown: float, words: list[str]) -> tuple[float, list[float]]:
    """The first offline verdict's time from navigation start (ms), and each later verdict's (ms)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "/")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    while len(page.evaluate("caches.keys()")) != 1:
        time.sleep(0.1)
    context.set_offline(True)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    page.goto(url + "/?word=" + words[0])
    page.wait_for_selector("#verdict[data-source=offline]", timeout=60_000)
    first = page.evaluate("performance.getEntriesByName('wordsmith-verdict')[0].startTime")
    later = []
    for word in words[1:]:
        later.append(
            page.evaluate(
                """word => new Promise(done => {
                    const box = document.getElementById("verdict");
                    document.getElementById("word").value = word;
                    const start = performance.now();
                    new MutationObserver((_, observer) => {
                        if (box.querySelector(".verdict__word") && box.querySelector(".verdict__word").textContent) {
                            observer.disconnect(); done(performance.now() - start); }
                    }).observe(box, {childList: true, subtree: true});
                    document.querySelector("#judge-form button.go").click();
                })""",
                word,
            )
        )
    context.close()
    return first, later


def solver_agreement(browser, url: str, app, pools: int) -> tuple[int, int]:
    """How many of `pools` random claims the offline solver answers with the API's first 100 words, in order."""
    rng = random.Random(200)
    claims = []
    while len(claims) < pools:
        counts = [rng.randrange(0, 7) for _ in range(4)] + [rng.choice([0, 0, 0, 1, 2])]
        if any(counts):
            claims.append(
                {"pool": " ".join(f"{c}{n}" for c, n in zip("RYBGW", counts) if n), "lexicon": rng.choice(SIZES)}
            )
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url + "/solve")
    found = page.evaluate("claims => Promise.all(claims.map(c => WordsmithOffline.solve(c)))", claims)
    context.close()
    client = app.test_client()
    same = 0
    for claim, words in zip(claims, found):
        answer = client.post("/api/v1/wordsmith/solve", json={**claim, "limit": 100}).get_json()
        same += words[:100] == [w["word"] for w in answer["words"]]
    return same, pools


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=200)
    args = parser.parse_args()
    app = create_app({"TESTING": True})
    sizes = wire_bytes(app)
    total = sum(sizes.values())
    data = sizes[max(sizes, key=sizes.get)]
    print(f"cached for offline use: {total:,} bytes on the wire ({len(sizes)} files; word data {data:,})")
    for name, size in sorted(sizes.items(), key=lambda item: -item[1])[:6]:
        print(f"  {size:>9,}  {name}")
    with tempfile.TemporaryDirectory() as folder:
        data_path, cases = Path(folder) / "words.gz", Path(folder) / "cases.jsonl"
        data_path.write_bytes(offline_words(load_lexicons()))
        inputs = golden_inputs()
        write_cases(cases, inputs, expected(inputs))
        summary = run_node(data_path, cases)
        keys = len(load_lexicons().trie)
        print(
            f"JS judge = Python judge: {summary['checked'] - summary['count']:,} of {summary['checked']:,} verdicts "
            f"({keys:,} keys and {len(inputs) - keys:,} generated inputs, 3 sizes)"
        )
    from playwright.sync_api import sync_playwright

    server, url = serve(app)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for slowdown in (1, 4):
            first, later = verdict_times(browser, url, slowdown, WORDS)
            print(
                f"CPU x{slowdown}: first offline verdict {first:.0f} ms after the page started loading; "
                f"later verdicts median {statistics.median(later):.1f} ms, max {max(later):.1f} ms ({len(later)})"
            )
        same, pools = solver_agreement(browser, url, app, args.pools)
        print(f"offline solver = API on the first 100 words: {same} of {pools} random pools")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
