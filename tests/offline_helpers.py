"""Inputs for proving the JavaScript judge (app/static/words.js) equal to the Python one (solver.lexicon.check):
every key of lexicon.tsv, and near-misses, odd inputs and compounds generated from a fixed seed.

The expected verdicts are made here, from the Python judge, when a test runs: nothing huge is committed, and a
rebuilt word list is checked against its own verdicts.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

from solver.lexicon import SIZES, load_lexicons
from solver.sentences import sentences

NODE = "/usr/bin/node"
RUNNER = Path(__file__).resolve().parent / "js" / "judge_golden.js"
WORDS_JS = Path(__file__).resolve().parent.parent / "app" / "static" / "words.js"

# Characters people and phones type into a word box, and some nobody should: each is assigned (and unchanged)
# in the Unicode versions of both Python's unicodedata and Node's ICU.
ODD = (
    "’‘‛ʼʻʹ′`´＇'\"‐‑‒–—―−﹘﹣－-_"  # apostrophes and dashes
    " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2002\u2009\u200a\u2028\u2029\u202f\u205f\u3000"  # spaces
    "\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f\u202a\u202e\u2066\u2069\u180e"  # invisible (format)
    "\u0301\u0300\u0308\u0327\u030a\u0303\u20dd\ufe0f\ufe0e"  # marks, an enclosing one, variation selectors
    "éÉèàâäçñøØæÆœŒßẞđłħıİþðÞŉǽåÅĳﬁﬂﬀ"  # letters with accents, ligatures, hand-mapped ones
    "ＡＢｚ𝐀𝐛𝒵ⓐ①½²ºª"  # compatibility forms NFKC changes
    "αβΣςΩабвЖ日本한😀🙂👍🏽\x00\x01\x7f\x9f"  # other scripts, emoji, controls
    "0123456789.,;:!?()[]/\\@#&*+=<>|~^$%"  # digits and punctuation
)
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def near_misses(keys: list[str], count: int, seed: int = 27) -> list[str]:
    """Return `count` inputs made by small changes to real keys: edits, case, spacing, accents, odd characters."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        word = rng.choice(keys)
        kind = rng.randrange(14)
        i = rng.randrange(len(word) + 1)
        if kind == 0 and len(word) > 1:
            word = word[: i - 1] + word[i:] if i else word[1:]
        elif kind == 1 and len(word) > 1:
            j = min(i, len(word) - 2)
            word = word[:j] + word[j + 1] + word[j] + word[j + 2 :]
        elif kind == 2:
            word = word[:i] + rng.choice(LETTERS) + word[i + 1 :]
        elif kind == 3:
            word = word[:i] + rng.choice(LETTERS + "'-") + word[i:]
        elif kind == 4:
            word = rng.choice([word.upper(), word.title(), word.capitalize(), word.swapcase()])
        elif kind == 5:
            word = rng.choice(" \t\u00a0\u3000\u1680\x1c\x85") + word + rng.choice(["", " ", "\n", "\u2003"])
        elif kind == 6:
            word = word.replace("'", rng.choice("’‘ʼ`´＇")).replace("-", rng.choice("‐–—−－"))
        elif kind == 7:
            word = word[:i] + rng.choice("\u200b\u200d\u00ad\u2060\ufeff\u200e") + word[i:]
        elif kind == 8:
            word = word[:i] + rng.choice("\u0301\u0308\u0327\u0300") + word[i:]
        elif kind == 9:
            accented = {"e": "é", "a": "à", "c": "ç", "n": "ñ", "o": "ø", "u": "ü", "i": "ï", "s": "ß"}
            word = "".join(accented.get(c, c) if rng.random() < 0.3 else c for c in word)
        elif kind == 10:
            word = word + rng.choice(["'s", "s", "'", "-", "ed", "ing", "’s", "s'"])
        elif kind == 11:
            word = word[:i] + rng.choice(ODD) + word[i:]
        elif kind == 12:
            word = "".join(chr(ord(c) + 0xFEE0) if "a" <= c <= "z" and rng.random() < 0.5 else c for c in word)
        else:
            word = rng.choice(["'", "-", "`"]) + word
        out.append(word)
    return out


def odd_inputs(count: int, seed: int = 2727) -> list[str]:
    """Return `count` short strings drawn from letters and the odd characters, plus a few fixed edge cases."""
    rng = random.Random(seed)
    fixed = [
        "",
        " ",
        "\u200b",
        "'",
        "-",
        "''",
        "a",
        "A",
        "i",
        "x",
        "'tis",
        "tis'",
        "-do",
        "do-",
        "a--b",
        "\x00",
        "\t\n",
        "mgmt",
        "MGMT's",
        "b-w",
        "shhh",
        "grrr",
        "hmph",
        "grr",
        "MIA's",
        "phil's",
        "nato's",
        "xxx",
        "cuntish",
        "Beaners",
        "twatty",
        "twatties",
        "yido",
        "wankerish",
        "spazzy",
        "lezzos",
        "pissy",
        "crapier",
        "spicerish",
        "dagoness",
        "shitshow",
        "shit-show",
        "nigger-lover",
        "homotopic",
        "titbit-ish",
        "cunt's-face",
        "dickeros",
        "cuntbagface",
        "bullshittin",
        "shitshow's",
        "twat's",
        "nigger's",
        "blog's",
        "fuck'd",
        "shit'll",
        "dog'll",
        "o'fuck",
        "bitch'n",
        "mins",
        "CEO's",
        "aclu's",
        "hwys",
        "yds",
        "yrs",
        "ytds",
        "ttyl",
        "tyvm",
        "nypd's",
        "sync'd",
        "glyphy",
        "sss",
        "lols",
        "lol's",
        "omg",
        "rhythm",
        "bbwly",
    ]
    out = list(fixed)
    while len(out) < count:
        n = rng.randrange(1, 9)
        out.append("".join(rng.choice(LETTERS + ODD) if rng.random() < 0.6 else rng.choice(ODD) for _ in range(n)))
    return out


def compounds(keys: list[str], parts: list[str], count: int, seed: int = 2728) -> list[str]:
    """Return `count` spellings made of two or three keys: an offensive compound part and a key, or keys alone,
    closed up, hyphenated or joined by an apostrophe, either way round, some as a possessive or with a contraction's
    ending (solver/lexicon.py offensive_compound and possessive_of read them)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pieces = [
            rng.choice(parts) if parts and rng.random() < 0.5 else rng.choice(keys)
            for _ in range(rng.choice((2, 2, 3)))
        ]
        ending = rng.choice(("", "", "", "'s", "'d", "'ll", "'ve", "'n"))  # some a possessive or a contraction
        out.append(rng.choice(("", "-", "'")).join(pieces) + ending)
    return out


def golden_inputs(near: int = 16_000, odd: int = 6_000, joined: int = 6_000) -> list[str]:
    """Every key of lexicon.tsv, then the near-misses, odd inputs and compounds."""
    lexicons = load_lexicons()
    keys = [line.partition("\t")[0] for line in (lexicons.directory / "lexicon.tsv").read_text("utf-8").splitlines()]
    return keys + near_misses(keys, near) + odd_inputs(odd) + compounds(keys, sorted(lexicons.compound_parts), joined)


def expected(inputs: list[str]) -> list[list]:
    """The Python judge's verdict on each input in every size: [normalized, [valid, reason, tier, message] x 3]."""
    lexicons = load_lexicons()
    sizes = [lexicons[size] for size in SIZES]
    rows = []
    for word in inputs:
        verdicts = [size.check(word, define=False) for size in sizes]
        rows.append([verdicts[0].normalized, *[[v.valid, v.reason, v.tier, v.message] for v in verdicts]])
    return rows


def run_node(data_path: Path, cases_path: Path, table: dict | None = None) -> dict:
    """Run the JavaScript judge over the cases file with the server's sentence table (or `table`, a changed one);
    return its summary (checked, mismatches)."""
    table_path = cases_path.with_name(cases_path.stem + ".sentences.json")
    table_path.write_text(json.dumps(sentences() if table is None else table), encoding="utf-8")
    done = subprocess.run(
        [NODE, str(RUNNER), str(WORDS_JS), str(data_path), str(cases_path), str(table_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def write_cases(path: Path, inputs: list[str], rows: list[list]) -> None:
    """One JSON line per case: [input, normalized, verdict per size]."""
    with open(path, "w", encoding="utf-8") as file:
        for word, row in zip(inputs, rows):
            file.write(json.dumps([word, *row], ensure_ascii=True) + "\n")
