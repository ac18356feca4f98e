"""One judge, two runtimes: the JavaScript judge (app/static/words.js) over the offline word data gives the
Python judge's normalized word, validity, reason, tier and sentence for every key of lexicon.tsv and for
generated near-misses and odd inputs, in every size; and the data file holds every key exactly."""

from __future__ import annotations

import json
import os

import pytest
from offline_helpers import NODE, expected, golden_inputs, run_node, write_cases

from solver.lexicon import SIZES, load_lexicons
from solver.offline import BLOCK, decode_words, encode_words, offline_words

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
