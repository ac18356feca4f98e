"""Every sentence a person reads is written once.

A refusal, a help text or a page's line that is written in two places drifts: one copy is reworded, the other is
not, and the service says one thing two ways. This scanner reads every string of the Python under app/, tables/,
cli/, client/ and solver/ (f-strings and format templates with their placeholders normalised), the text of the
HTML templates and the sentences table (solver/data/sentences.toml), cuts each into sentence-sized fragments, and
fails on a fragment written in two or more places. The one copy is a function, a constant or a sentence in the
table (whichever its layer uses); a fragment that two places share by coincidence is allowed below, with why.
"""

from __future__ import annotations

import ast
import json
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ("app", "tables", "cli", "client", "solver")
TEMPLATES = ROOT / "app" / "templates"
TABLE = ROOT / "solver" / "data" / "sentences.toml"

# A placeholder in any of the forms the code fills: an f-string's value, `{name}`, `{0!r}`, `{:>3}`, `%s`, `%(n)d`.
PLACEHOLDER = re.compile(r"\{[^{}\s]*\}|%(?:\([a-z_]+\))?[sdrfi]")
# Where a fragment ends: a placeholder, a sentence's or a clause's mark before a space, a dash, a line break.
BREAK = re.compile(r"\{\}|[.:;!?](?=\s|$)|\s[—–]\s|\n|\s\(|\)\s")
# A word: two letters or more, or `a` or `I` (a pool's R3 Y2 or a time's %H:%M are no words).
WORD = re.compile(r"\b(?:[A-Za-z][A-Za-z'’]+|[aAI])\b")
# A fragment is sentence-sized from this many words on: below it, two places share a phrase ("the table", "a
# seat's token"), not a sentence.
MIN_WORDS = 4
# What makes a fragment code rather than words: an identifier, a path, a key, markup, SQL.
CODE = re.compile(r"\w_\w|[/\\<>=#@$]|\w\.\w|\b(SELECT|INSERT|UPDATE|DELETE|CREATE|FROM|WHERE)\b")

# Inline markup that sits inside a sentence; every other tag ends one.
INLINE = re.compile(r"</?(?:a|b|i|em|strong|code|kbd|span|abbr|small|mark|q|time|var|samp|bdi|wbr|br)\b[^>]*>")
ATTRIBUTE = re.compile(r"""\b(?:title|placeholder|aria-label|alt|content|value|data-confirm)="([^"]*)\"""")
# Where a template's tag or statement stood: no sentence runs across it.
CUT = "\x00"
JINJA_STRING = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'")


# Tables whose strings are documentation, read as docstrings are: each says what a thing is in general, and so
# repeats what an occurrence of it says.
DOCUMENTATION = {
    # Each problem type's paragraph on /docs (RFC 9457's type documentation): a detail says the same situation
    # with this occurrence's numbers, and the type's advice with it.
    ("app/errors.py", "PROBLEM_TYPES"),
    # Each action's description becomes its method's docstring (`install`); client/ stands alone (it imports
    # nothing of the service: tests/test_import_direction.py), so it cannot read the API's descriptions.
    ("client/table_actions.py", "ACTIONS"),
}


def _docstrings(tree: ast.AST, tables: set[str]) -> set[int]:
    """The ids of a module's docstrings and of every node in its documentation tables (`tables`, by name)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(target, ast.Name) and target.id in tables for target in targets):
                found.update(id(part) for part in ast.walk(node.value))
    return found


def python_strings(source: str, tables: set[str] = frozenset()) -> list[tuple[int, str]]:
    """The strings of a module but its docstrings and documentation `tables`, each with its line; an f-string's
    values read as `{}`."""
    tree = ast.parse(source)
    skip = _docstrings(tree, tables)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in skip:
            for part in ast.walk(node):
                skip.add(id(part))
            text = "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
            found.append((node.lineno, text))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            found.append((node.lineno, node.value))
    return found


def template_strings(source: str) -> list[tuple[int, str]]:
    """A template's text runs and the words in its attributes and Jinja string literals, each with its line."""

    def blank(match: re.Match, mark: str = "") -> str:  # keeps the lines where they were
        return mark + "\n" * match.group().count("\n")

    def cut(match: re.Match) -> str:  # a tag or a statement ends a run of text
        return blank(match, CUT)

    source = re.sub(r"\{#.*?#\}", blank, source, flags=re.S)
    found = []
    for match in re.finditer(r"\{\{.*?\}\}|\{%.*?%\}", source, flags=re.S):
        for literal in JINJA_STRING.finditer(match.group()):
            found.append((source.count("\n", 0, match.start()) + 1, literal.group(1) or literal.group(2) or ""))
    for match in ATTRIBUTE.finditer(source):
        found.append((source.count("\n", 0, match.start()) + 1, re.sub(r"\{\{.*?\}\}", "{}", match.group(1))))
    text = re.sub(r"\{\{.*?\}\}", "{}", source, flags=re.S)
    text = re.sub(r"\{%.*?%\}", cut, text, flags=re.S)
    text = re.sub(r"<(script|style)\b.*?</\1>", blank, text, flags=re.S)
    text = re.sub(r"<[^>]*>", cut, INLINE.sub("", text), flags=re.S)
    for number, line in enumerate(text.split("\n"), 1):
        found.extend((number, run) for run in line.split(CUT))
    return found


def table_strings(source: str) -> list[tuple[int, str]]:
    """The sentences table's templates, each with its line."""
    found = []
    for number, text in enumerate(source.splitlines(), 1):
        if match := re.fullmatch(r'\s*[\w-]+\s*=\s*(".*")\s*', text):
            found.append((number, json.loads(match.group(1))))
    return found


def fragments(text: str) -> set[str]:
    """The sentence-sized stretches of a string's words, placeholders normalised, compared without case."""
    found = set()
    for piece in BREAK.split(PLACEHOLDER.sub("{}", text)):
        words = WORD.findall(piece)
        if len(words) >= MIN_WORDS and not CODE.search(piece):
            found.add(" ".join(words).lower().replace("’", "'"))
    return found


@cache
def sources() -> dict[str, list[tuple[int, str]]]:
    """Every place's strings, by the place's path from the project's root (read once; copy it to add a place)."""
    read = {}
    for folder in PYTHON:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            tables = {table for place, table in DOCUMENTATION if place == name}
            read[name] = python_strings(path.read_text("utf-8"), tables)
    for path in sorted(TEMPLATES.rglob("*.html")):
        read[path.relative_to(ROOT).as_posix()] = template_strings(path.read_text("utf-8"))
    read[TABLE.relative_to(ROOT).as_posix()] = table_strings(TABLE.read_text("utf-8"))
    return read


# Fragments two places share by coincidence, by why. Each is a phrase inside different sentences, not one sentence
# written twice; the test fails on an entry no longer found, so the list holds only what it excuses.
ALLOWED = {
    # A state or an outcome named inside different sentences, each going on to its own consequence or advice.
    "a state named, then its own consequence": {
        "the game is over",
        "the challenge is over",
        "the table is voting on",
        "the judge's verdict stands",
        "the dictionary's verdict stands",
        "the host's casting vote",
        "it is struck out",
        "is not entered yet",
        "no table has the code",
        "phone hosts the table",
        "hidden until the challenge ends",
        "left the table with their hand",
        # the judge's refusal (no challenge number known) and the table's, which names the challenge or the game
        "no more words may be claimed",
        # a pass's meaning, as the command's help and in the refusal of the passed seat's next claim
        "no more words this challenge",
    },
    # An action or a page by its name: its button, heading or command, and a line that names it.
    "a name, and what names it": {
        "play at a table",
        "play at a live table",
        "end the game now",
        "roll the starting pool",
        "let phones join again",
        "the real dice showed",
        "strike the word out",
        "say who tapped first",
        "the host removed your seat",
    },
    # The same advice or gloss after different situations or inside different fields' descriptions.
    "one gloss in different sentences": {
        "ask the host to give the seat again",
        "ask the host to let you in",
        "send it as authorization",
        "a die's star face",
        "or a star rolled",
        "red yellow blue green wild",
        "left out the app rolls",
        "its letter in pool text",
        "this page in the sort order",
        "the space card is space",
        "is not a piece kind",
    },
    # One event in the words each screen uses: the host's notice on the page, a line of the command's log.
    "one event, each screen's sentence": {
        "a phone asks the host for",
        "seat to a new phone",
        "the judge keeps the state so a claim is checked the moment it is made",
    },
}


def written_twice(read: dict[str, list[tuple[int, str]]]) -> dict[str, list[str]]:
    """Every fragment written in two or more places (`path:line`).

    The sentences table's own entries may share clauses: a variant of a sentence (one circle or several, a clause
    more after Done!) is a key of its own, since a template cannot branch."""
    places = defaultdict(set)
    for path, strings in read.items():
        for number, text in strings:
            for fragment in fragments(text):
                places[fragment].add(f"{path}:{number}")
    table = TABLE.relative_to(ROOT).as_posix()
    return {
        fragment: sorted(where)
        for fragment, where in sorted(places.items())
        if len(where) > 1 and not all(place.startswith(f"{table}:") for place in where)
    }


def test_no_sentence_is_written_twice():
    """A sentence a person reads has one source: a function, a constant, or the sentences table (solver/sentences.py
    `say`), which the API's models and the command line's help read alike."""
    allowed = set().union(*ALLOWED.values())
    found = written_twice(sources())
    assert {fragment: where for fragment, where in found.items() if fragment not in allowed} == {}
    assert allowed - set(found) == set(), "allowed, but no longer written twice: take it off ALLOWED"


def test_the_scanner_finds_a_sentence_written_twice_in_any_form():
    """An f-string, a format template, a %-template, a template's text and the table's entry are one sentence
    when their words are, whatever their placeholders."""
    python = """
def f(seat, name):
    \"\"\"Seat N has left the table: a docstring is no sentence a person reads.\"\"\"
    a = f"Seat {seat} ({name}) has left the table."
    b = "Seat {number} ({who}) has left the table.".format(number=1, who=name)
    c = "Seat %s (%s) has left the table." % (seat, name)
    d = "SELECT seat FROM seats WHERE the table has left"
"""
    template = """{# Seat N has left the table #}<p class="x" title="Seat {{ n }} has left the table">
      Seat {{ seat.number }} ({{ seat.name }}) <strong>has left</strong> the table.</p>"""
    table = 'seat_removed = "Seat {seat} ({name}) has left the table."\n'
    read = {"a.py": python_strings(python), "t.html": template_strings(template), "s.toml": table_strings(table)}
    assert written_twice(read) == {
        "has left the table": ["a.py:4", "a.py:5", "a.py:6", "s.toml:1", "t.html:1", "t.html:2"]
    }
    # Short phrases, code, and a table's own variants are not sentences written twice.
    assert written_twice({"a.py": python_strings('x = "the table"\ny = "the table"\nz = "a_b c_d e_f g_h"')}) == {}


def test_the_scanner_fails_on_a_new_copy():
    """A refusal spelled out a second time, as a hand copy would be, is found next to its one source."""
    read = dict(sources())
    assert "this needs a seat's token" not in written_twice(read)
    read["a hand copy.py"] = python_strings('def f(actor):\n    raise Forbidden("This needs a seat\'s token.")\n')
    where = written_twice(read)["this needs a seat's token"]
    assert "a hand copy.py:2" in where and any(place.startswith("tables/wordsmith/acting.py:") for place in where)


if __name__ == "__main__":  # list what the scanner finds, allowed or not
    for fragment, where in written_twice(sources()).items():
        print(f"{fragment!r}")
        for place in where:
            print("   ", place)
