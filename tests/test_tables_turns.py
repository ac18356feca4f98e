"""Whose turn it still is, as the state says it (`WordsmithState.waits`, each seat's `waits`; each claim's
`may_overrule`) and as the judge rules it: what the pages show a phone (the claim form, the host's strike) is what
the table would take from it."""

from __future__ import annotations

import copy

import pytest
from test_tables_wordsmith import EXAMPLE_POOL, SIX, Table, exact, seat, six_words

from tables.events import Rejected


def trial(table: Table) -> Table:
    """A copy of the table to try an action on, the table left as it is."""
    copied = Table.__new__(Table)
    copied.__dict__ = dict(table.__dict__)
    copied.state, copied.events, copied.rng = copy.deepcopy(table.state), list(table.events), copy.deepcopy(table.rng)
    return copied


def claim_refusal(table: Table, n: int, word: str) -> tuple[str, list[str], str] | None:
    """How the table refuses seat n's claim of `word` now, on a pool that builds it (code, objection codes,
    sentence), or None when it takes it; the table is left as it was either way."""
    tried = trial(table)
    try:
        tried.act({"type": "set_pool", "seat": n, "pool": exact(word)})
        tried.act({"type": "claim", "word": word}, seat(n))
    except Rejected as refusal:
        return refusal.code, [o["code"] for o in refusal.objections or []], refusal.message
    return None


def test_after_done_a_seat_waits_once_it_has_played_its_one_more_word_or_passed_and_is_told_so():
    table = Table(seats=4)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    six_words(table, 1)
    assert [s["waits"] for s in table.view()["seats"]] == ["done", None, None, None]
    table.claim(2, "cat", pool=exact("cat"))
    table.act({"type": "pass"}, seat(3))
    assert [s["waits"] for s in table.view()["seats"]] == ["done", "played", "played", None]
    assert table.view()["phase"] == "done_called"  # Di still plays: the challenge is on
    code, objections, message = claim_refusal(table, 2, "tab")
    assert (code, objections) == ("claim_refused", ["challenge_over"])
    assert message == "You have played your one more word after Done!: no more words this challenge."  # Bob is told
    code, objections, message = claim_refusal(table, 3, "tab")
    assert message == "You have passed: no more words this challenge."
    assert claim_refusal(table, 4, "tab") is None  # the one seat that waits for nothing may claim
    assert claim_refusal(table, 1, "tab")[1][0] == "sheet_full"


def test_in_word_by_word_a_seat_waits_for_the_roll_exactly_when_its_claim_would_be_refused_for_it():
    table = Table(variants=["word_by_word"], dice=["red", "yellow", "green"] * 3)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    for step in range(3):
        for n in (1, 2):
            refusal = claim_refusal(table, n, "bag")
            waits = table.view()["seats"][n - 1]["waits"]
            assert (waits == "roll") == (refusal is not None and refusal[0] == "wait_for_roll"), (step, n, refusal)
        if step == 0:
            table.act({"type": "roll_word"}, seat(1))
        elif step == 1:
            table.claim(1, SIX[0], pool=exact(SIX[0]))  # seat 1 has its word for this roll, seat 2 not yet
    assert [s["waits"] for s in table.view()["seats"]] == ["roll", None]


@pytest.mark.parametrize("after_end", [False, True])
def test_the_host_may_overrule_exactly_the_claims_the_table_would_let_it(after_end):
    """Ruling 10: each claim's `may_overrule` is whether the host's overrule of it (strike a standing word, let a
    struck one stand) would be taken now: while the challenge is on, a seat's latest word; after it, any."""
    table = Table(seats=2)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    for word in ("bag", "cast"):
        table.claim(2, word, pool=exact(word))
    table.claim(1, "dog", pool=exact("dog"))
    if after_end:
        table.act({"type": "end_challenge"})
    for claim in table.view()["claims"]:
        try:
            written = trial(table).act({"type": "overrule", "claim": claim["seq"], "stands": False})
            taken = written[0].data["changes"]
        except Rejected:
            taken = False
        assert claim["may_overrule"] == taken, claim
    struck = [c["word"] for c in table.view()["claims"] if c["may_overrule"]]
    assert struck == (["bag", "cast", "dog"] if after_end else ["cast", "dog"])


def test_a_seat_reads_the_pieces_added_since_its_last_word():
    """A die rolled in the app changes a pool by one piece: the seat's view says which, until its next word."""
    table = Table(seats=2)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.act({"type": "add", "piece": "Y"}, seat(1))
    table.act({"type": "add", "piece": "W"}, seat(1))
    assert [s["added"] for s in table.view()["seats"]] == [["yellow", "wild"], []]
    table.claim(1, "bag", pool=exact("bag"))  # a correction clears it too; so does the word
    assert table.seat_view(1)["added"] == []
    table.act({"type": "add", "piece": "R"}, seat(1))
    assert table.seat_view(1)["added"] == ["red"]
    table.act({"type": "end_challenge"})
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    assert table.seat_view(1)["added"] == []


def test_advanced_a_word_for_no_free_row_is_refused_naming_every_free_rows_letter():
    """Ruling 8: a word written for no row is looked for in every free row; its refusal names all their letters, not
    the first alone. A word written for a named row is refused for that row's letter."""
    table = Table(variants=["advanced"])
    table.act({"type": "start", "pool": EXAMPLE_POOL, "required_letters": "master"})
    assert claim_refusal(table, 1, "dog")[2] == (
        "DOG contains none of the required letters of the free rows: M, A, S, T, E, R."
    )
    tried = trial(table)
    tried.act({"type": "set_pool", "seat": 1, "pool": exact("cast")})
    with pytest.raises(Rejected) as caught:
        tried.act({"type": "claim", "word": "cast", "row": 1}, seat(1))
    assert caught.value.message == "CAST does not contain the required letter M."
    table.claim(1, "bag", pool=exact("bag"))  # row 2's A: five rows left
    assert claim_refusal(table, 1, "dog")[2].endswith("the free rows: M, S, T, E, R.")
