"""One judge, two runtimes: the JavaScript judge (app/static/words.js) over the offline word data gives the
Python judge's normalized word, validity, reason, tier and sentence for every key of lexicon.tsv and for
generated near-misses and odd inputs, in every size; and the data file holds every key exactly."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pytest
from offline_helpers import NODE, expected, golden_inputs, run_node, write_cases

from app.assets import link_modules
from solver.colorsmash import PENALTY, STEAL
from solver.lexicon import DERIVING_ENDINGS, SIZES, load_lexicons
from solver.limits import MAX_CARDS, MAX_SEED, PAGE_WORDS, READING_WORDS
from solver.offline import BLOCK, FORMAT, decode_words, encode_words, offline_words
from solver.sentences import check_template, sentences

STATIC = Path(__file__).resolve().parent.parent / "app" / "static"
needs_node = pytest.mark.skipif(not os.path.exists(NODE), reason=f"no Node at {NODE}")


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    path = tmp_path_factory.mktemp("offline") / "words.gz"
    path.write_bytes(offline_words(load_lexicons()))
    return path


def test_the_data_holds_every_key_with_its_code_and_familiarity(data):
    lexicons = load_lexicons()
    header, entries = decode_words(data.read_bytes())
    source = [tuple(line.split("\t")) for line in (lexicons.directory / "lexicon.tsv").read_text().splitlines()]
    assert [(word, code) for word, code, _ in entries] == source
    assert header["checksum"] == lexicons.checksum and header["words"] == len(source) and header["block"] == BLOCK
    valid = [(word, known) for word, code, known in entries if code in SIZES]
    assert all(known == round(lexicons.familiarity(word) * 100) for word, known in valid)


def test_the_data_is_deterministic_and_follows_the_lists():
    lexicon = "a\tsmall\nab\tlarge\nab's\tpossessive\nabc\tproper_name\nb's\tpossessive\n"
    one = encode_words(lexicon, "a\t7.36\nab\t1.05\n", "sum")
    assert one == encode_words(lexicon, "a\t7.36\nab\t1.05\n", "sum")
    header, entries = decode_words(one)
    assert entries == [
        ("a", "small", 736),
        ("ab", "large", 105),
        ("ab's", "possessive", 0),
        ("abc", "proper_name", 0),
        ("b's", "possessive", 0),
    ]
    assert header["entries"] == 4  # ab's rides on ab's line; b's has no key b before it
    assert encode_words(lexicon.replace("large", "standard"), "", "sum") != one


@needs_node
def test_the_javascript_judge_agrees_with_python_on_every_golden_case(data, tmp_path):
    inputs = golden_inputs()
    assert len(inputs) >= len(load_lexicons().trie) + 20_000
    cases = tmp_path / "cases.jsonl"
    write_cases(cases, inputs, expected(inputs))
    summary = run_node(data, cases)
    assert summary["checked"] == len(inputs) * len(SIZES)
    assert summary["mismatches"] == []


@needs_node
def test_the_golden_runner_reports_a_disagreement(data, tmp_path):
    inputs = ["bag", "Peru", "zzzq"]
    rows = expected(inputs)
    rows[1][2][3] = "PERU is a fine word."  # a wrong expectation must show as a mismatch
    rows[2][0] = "zzq"
    cases = tmp_path / "cases.jsonl"
    write_cases(cases, inputs, rows)
    summary = run_node(data, cases)
    assert summary["checked"] == 9
    assert [(m["input"], m["size"]) for m in summary["mismatches"]] == [
        ("Peru", "standard"),
        ("zzzq", "small"),
        ("zzzq", "standard"),
        ("zzzq", "large"),
    ]
    assert json.dumps(summary["mismatches"][0]["got"][1][3]) == json.dumps(
        "PERU is a proper name, and proper names are not allowed."
    )


# --- what the app serves for the offline layer ---------------------------------------------------


@pytest.fixture(scope="module")
def client():
    from app import create_app

    return create_app({"TESTING": True}).test_client()


def test_the_manifest_makes_the_judge_installable(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = response.get_json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["theme_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.mimetype == icon["type"]
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page and 'name="theme-color"' in page


def test_the_favicon_is_the_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.data.startswith(b"\x89PNG")


def test_the_worker_names_its_version_and_everything_it_keeps(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"  # the browser compares it on every visit
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    config = json.loads(response.get_data(as_text=True).split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["shell"] == ["/", "/solve", "/booksmack", "/colorsmash", "/dice", "/score"]
    digest = hashlib.sha256(load_lexicons().data_key.encode()).hexdigest()[:16]  # every list the data is made of
    assert config["words"] == f"/offline/words.{digest}.{FORMAT}.gz"
    for url in config["shell"] + config["static"] + config["extra"]:
        assert client.get(url).status_code == 200, url


def test_the_word_data_is_served_for_a_year_under_its_checksum_and_nowhere_else(client):
    meta = client.get("/offline/meta.json").get_json()
    response = client.get(meta["words"])
    assert response.status_code == 200 and "immutable" in response.headers["Cache-Control"]
    assert response.data == offline_words(load_lexicons())
    assert meta["checksum"] == decode_words(response.data)[0]["checksum"]
    assert set(meta["alphabet"]) >= set("abcdefghijklmnopqrstuvwxyz")
    assert client.get("/offline/words.0000000000000000.gz").status_code == 404
    assert client.get(meta["words"], headers={"If-None-Match": response.headers["ETag"]}).status_code == 304


# --- one table of sentences, read by both judges -------------------------------------------------


@needs_node
def test_a_sentence_changed_in_python_is_what_the_javascript_says(data, tmp_path, monkeypatch):
    import solver.sentences

    changed = dict(sentences())
    changed["word.reasons.proper_name"] = "{W}: a name, so no."
    changed["word.valid"] = "Yes, {W}."
    monkeypatch.setattr(solver.sentences, "sentences", lambda: changed)
    inputs = ["Peru", "bag", "Henry"]
    rows = expected(inputs)
    assert rows[0][2][3] == "PERU: a name, so no." and rows[1][2][3] == "Yes, BAG."
    cases = tmp_path / "cases.jsonl"
    write_cases(cases, inputs, rows)
    assert run_node(data, cases, changed)["mismatches"] == []
    assert run_node(data, cases)["count"] == len(inputs) * len(SIZES)  # with the old table, every sentence differs


def test_the_javascript_holds_no_sentence_of_its_own():
    """Every stretch of words a sentence holds between its placeholders is in the table, not in a script: the
    judges' verdicts, Booksmack's explanations and refusals, Color Smash's verdicts, the dice's lines, a pool's
    refusals."""
    assert {key.split(".")[0] for key in sentences()} >= {
        "word",
        "claim",
        "verdict",
        "pool",
        "colorsmash",
        "booksmack",
        "dice",
    }
    scripts = {path.name: path.read_text("utf-8") for path in STATIC.glob("*.js")}
    for key, template in sentences().items():
        for stretch in re.split(r"\{[A-Za-z_]+\}", template):
            if len(stretch.strip()) >= 12:
                assert not [name for name, text in scripts.items() if stretch in text], (key, stretch)


# A string in a script, and what makes it code rather than words a person reads: a key, a class, a selector, a
# header or a path (`page.dice.seed`, `verdict__mark`, `#table form`, `text/html`, `same-origin`).
STRING = re.compile(r"\"((?:[^\"\\\n]|\\.)*)\"|'((?:[^'\\\n]|\\.)*)'|`([^`]*)`")
WORDS = re.compile(r"[A-Za-z]{2,}[,:;…]? +[A-Za-z]{2,}")
CODE = re.compile(r"[_#\[\]/=<>{}]|\w-\w|--|\.\w|^use strict$")
# Strings a person never reads: a selector list, and a script's own error for a key missing from the table.
NOT_READ = {"input, select, textarea", "No sentence "}


def read_words(script: str) -> list[str]:
    """The strings of a script (outside its comments) that are words a person reads."""
    code = re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", script)
    strings = (next(part for part in match.groups() if part is not None) for match in STRING.finditer(code))
    return [text for text in strings if WORDS.search(text) and not CODE.search(text) and text not in NOT_READ]


def test_no_script_writes_words_a_person_reads():
    """Every sentence and phrase a page shows is written once, in the table (solver/data/sentences.toml), which the
    server's templates and the scripts both say: a script that spells out its own words would drift from the page
    the server draws (its title, a mark, a hint, a notice), as hand copies did."""
    found = {path.name: words for path in sorted(STATIC.glob("*.js")) if (words := read_words(path.read_text("utf-8")))}
    assert found == {}


def test_the_reader_tells_words_from_code():
    script = """
      // a comment: "Out of date, says the comment"
      el("p", "verdict__mark", "Nobody wins"); say("page.booksmack.nobody"); x.textContent = 'Not sent';
      q("#table form input[name=x]"); h["Content-Type"] = "text/html"; n = `${a} is shown`;
    """
    assert read_words(script) == ["Nobody wins", "Not sent"]


def test_the_offline_pages_get_the_servers_table_and_rules(client):
    meta = client.get("/offline/meta.json").get_json()
    assert meta["sentences"] == sentences() and meta["you"]["possessive"] == "Your"
    assert meta["rules"] == {
        "white_boxes": 6,
        "blue_boxes": 6,
        "rare_below": 150,
        "kinds": ["red", "yellow", "blue", "green"],
        "codes": ["R", "Y", "B", "G", "W"],
        "shown": PAGE_WORDS,
        "max_cards": MAX_CARDS,
        "reading_words": READING_WORDS,
        "max_seed": MAX_SEED,
        "penalty": PENALTY,
        "steal": STEAL,
    }


def test_the_javascript_reads_the_rules_and_holds_no_copy(client):
    """Every rule constant the offline pages use comes from meta.rules: each is read there, and no script holds
    its value (a number of two digits or more, or a list's items in order)."""
    rules = client.get("/offline/meta.json").get_json()["rules"]
    scripts = {path.name: path.read_text("utf-8") for path in STATIC.glob("offline*.js")}
    code = "\n".join(scripts.values())
    for key, value in rules.items():
        assert re.search(rf"\.{key}\b", code), f"no script reads rules.{key}"
        if isinstance(value, list):
            literal = re.compile(r",\s*".join(re.escape(json.dumps(item)) for item in value))
        elif value >= 10:
            literal = re.compile(rf"(?<![\w.]){value}(?![\w.])")
        else:
            continue  # a single digit is too common to look for; its sentences are the table's
        assert not [name for name, text in scripts.items() if literal.search(text)], (key, value)


def test_the_javascript_judge_reads_the_judges_endings_from_the_data_in_the_same_order(data):
    """The word data carries solver/lexicon.py's endings, shortest first, for words.js `endingReadings` (a reading
    is taken with the first ending that leaves a word); words.js spells none of its own."""
    header, _ = decode_words(data.read_bytes())
    assert header["endings"] == sorted(DERIVING_ENDINGS, key=len) and header["format"] == FORMAT
    assert not re.search(r'"(ness|ism|ings)"', (STATIC / "words.js").read_text("utf-8"))


@pytest.mark.parametrize("template", ["{W:>3} x", "{W!r}", "{{W}}", "{0} is", "{W.upper}", "a } b"])
def test_a_sentence_may_hold_plain_placeholders_only(template):
    with pytest.raises(ValueError, match="only plain"):
        check_template("word.valid", template)
    assert check_template("word.valid", "{W} is {size_2}.")


def test_a_module_imports_its_siblings_under_their_fingerprinted_names(client):
    bodies = {
        "a.js": b'import {b} from "./b.js";\nimport "./c.js";\n',
        "b.js": b'import {c} from "./c.js";\nexport const b = c;\n',
        "c.js": b"export const c = 1;\n",
        "style.css": b'@import "./b.js";',
    }
    linked = link_modules(bodies)
    c_name = f"c.{hashlib.sha256(bodies['c.js']).hexdigest()[:10]}.js"
    b_name = f"b.{hashlib.sha256(linked['b.js']).hexdigest()[:10]}.js"
    assert linked["a.js"] == f'import {{b}} from "./{b_name}";\nimport "./{c_name}";\n'.encode()
    assert linked["c.js"] == bodies["c.js"] and linked["style.css"] == bodies["style.css"]
    # An import broken over lines, as Prettier breaks one longer than 120 characters, is linked too.
    broken = {"d.js": b'import {\n  c,\n} from "./c.js";\nexport const d = c;\n', "c.js": bodies["c.js"]}
    assert link_modules(broken)["d.js"] == f'import {{\n  c,\n}} from "./{c_name}";\nexport const d = c;\n'.encode()
    with pytest.raises(ValueError, match="cycle"):
        link_modules({"a.js": b'import "./b.js";\n', "b.js": b'import "./a.js";\n'})
    with pytest.raises(LookupError, match="not there"):
        link_modules({"a.js": b'import "./gone.js";\n'})
    served = client.get("/").get_data(as_text=True)
    entry = re.search(r'<script type="module" src="([^"]+)"', served)[1]
    for name in re.findall(r'from "\./([^"]+)"', client.get(entry).get_data(as_text=True)):
        assert client.get(f"/static/{name}").headers["Cache-Control"].endswith("immutable"), name


def test_the_data_carries_the_edges_valid_words_have_and_words_js_spells_none(data):
    """words.js reads a y-only spelling by the letters valid words begin and end with (solver/lexicon.py
    unspoken_edges) from the data, as the Python judge reads them from wordlists/edges.txt."""
    header, _ = decode_words(data.read_bytes())
    onsets, codas = load_lexicons().edges
    assert header["edges"] == {"onsets": sorted(onsets - {""}), "codas": sorted(codas - {""})}
    assert {"bl", "rh", "ps"} <= set(header["edges"]["onsets"]) and "thm" in header["edges"]["codas"]
    assert not re.search(r'"(thm|mph|rh)"', (STATIC / "words.js").read_text("utf-8"))


def test_data_with_no_edges_reads_no_spelling_by_them():
    header, _ = decode_words(encode_words("a\tsmall\n", "", "sum"))
    assert header["edges"] is None
