"""A claim's line in the claims list is kept drawn (app/pages/table_notes.py, `claim_lines`): the same claim and names
give the same line, and anything the line is drawn from drawing it anew."""

from __future__ import annotations

import copy

from app.pages.table_notes import claim_lines

ONE_APP = True

CLAIM = {
    "seq": 7,
    "seat": 2,
    "word": "gab",
    "status": "stands",
    "challenge": 1,
    "objections": [],
    "overruled": [],
    "vote": None,
    "object_for": [1, 3],
    "closes_at": 1_800_000_030_000,
    "may_overrule": True,
}
ATTEMPT = {"seq": 8, "seat": 1, "word": "gabz", "challenge": 1, "message": "GABZ is not a word.", "can_ask": False}


def line(app, claim, names=None) -> str:
    with app.app_context():
        return str(claim_lines([claim], names or {1: "Ann", 2: "Bob", 3: "Cy"}))


def test_a_line_follows_its_claim_and_the_names(app):
    first = line(app, CLAIM)
    assert "GAB" in first and "Bob" in first and "stands" in first and 'data-for="seat1 seat3 "' in first
    assert line(app, copy.deepcopy(CLAIM)) == first  # the same claim, a new dict: the same line
    assert "Bea" in line(app, CLAIM, {1: "Ann", 2: "Bea", 3: "Cy"})  # another table's names
    struck = copy.deepcopy(CLAIM) | {"status": "struck", "object_for": []}
    drawn = line(app, struck)
    assert "struck out" in drawn and "Object" not in drawn and "Let GAB stand" in drawn
    assert "Let GAB stand" not in line(app, struck | {"may_overrule": False})  # ruling 10: the host's button only
    assert "Strike GAB out" not in line(app, CLAIM | {"may_overrule": False})  # when the overrule would work
    objected = copy.deepcopy(CLAIM) | {"objections": [{"by": 1, "verdict": "upheld", "message": "Not a word."}]}
    assert "Ann objected" in line(app, objected)
    assert "The judge said: Not a word." in line(app, objected)  # the judge's sentence, told from the table's ruling
    overturned = objected | {"status": "struck", "objections": [{"by": 1, "verdict": "upheld", "message": "X stands."}]}
    assert "The judge had said: X stands." in line(app, overturned)  # the table struck what the judge let stand
    assert line(app, CLAIM) == first  # and the first is still the first


def test_a_refused_attempt_has_its_own_line(app):
    drawn = line(app, ATTEMPT)
    assert 'id="attempt-8"' in drawn and "Ann tried" in drawn and "GABZ is not a word." in drawn
    assert "Ask the table" not in drawn
    asking = ATTEMPT | {"can_ask": True, "closes_at": 1_800_000_030_000}
    assert "Ask the table to allow GABZ" in line(app, asking)


def test_the_lines_come_in_the_order_given_each_as_drawn_alone(app):
    later = copy.deepcopy(CLAIM) | {"seq": 9, "word": "bag", "object_for": []}
    with app.app_context():
        both = str(claim_lines([later, ATTEMPT, CLAIM], {1: "Ann", 2: "Bob", 3: "Cy"}))
    assert both == "\n".join(line(app, claim) for claim in (later, ATTEMPT, CLAIM))
    assert both.index('id="claim-9"') < both.index('id="attempt-8"') < both.index('id="claim-7"')
    with app.app_context():
        assert str(claim_lines([], {})) == ""
