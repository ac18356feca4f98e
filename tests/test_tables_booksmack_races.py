"""Ruling 16 of docs/rules/booksmack.md over every number: a round, its takers, a turn or a steal sent with the
number of the round or turn it is for is taken only when that is the one the table is at; any other number is
refused, with `*_entered` (`round_taken` for takers) when another phone entered that one first and `*_moved` when
it is past the table. Tables are grown by tests/test_tables_booksmack.py's `Table`, through decide and apply."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_tables_booksmack import ANN, BOB, CY, HOST, Table

from tables.events import Rejected
from tables.state import decide

ACTORS = (HOST, ANN, BOB, CY)
SETTINGS = settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
CARDS = st.sampled_from(list("abmnyzBZ"))


def outcome(table: Table, actor, action: dict) -> str:
    """What the table makes of an action, without doing it: "taken", or the refusal's code."""
    try:
        decide(table.state, actor, action, table.context)
    except Rejected as refused:
        return refused.code
    return "taken"


@st.composite
def base_tables(draw):
    """A base table with some rounds in, the last one perhaps still waiting for its takers."""
    table = Table(table_settings={"hand": 6})
    for number in range(1, draw(st.integers(0, 4)) + 1):
        cards = [draw(CARDS) for _ in range(3)]
        table.act(HOST, type="round", cards=cards, round=number)
        game = table.game
        if game["phase"] == "taking" and draw(st.booleans()):
            table.act(HOST, type="take", takers=game["rounds"][-1]["answer"]["winners"][:1] or [1], round=number)
        elif game["phase"] == "taking":
            break  # the last round waits for its takers
    return table


@st.composite
def turn_tables(draw):
    """A turn-based table with some turns in, each steal entered with its turn, later, or (the last) not yet."""
    table = Table(variants=["turns"])
    for number in range(1, draw(st.integers(0, 7)) + 1):
        game = table.game
        table.act(HOST, type="turn", seat=game["turn"], card=draw(CARDS), turn=number)
        thief = table.game["stealing"]
        if thief is not None:
            victim = next(s for s in (1, 2, 3) if s != thief)
            if not draw(st.booleans()):
                break  # the steal is due
            table.act(HOST, type="steal", seat=victim, turn=number, **{"from": "hand"})
        if table.game["phase"] != "playing":
            break
    return table


@SETTINGS
@given(base_tables(), st.integers(1, 8), st.sampled_from(ACTORS))
def test_a_round_or_its_takers_sent_for_any_number_but_the_tables_is_refused_by_what_happened(table, number, actor):
    game = table.game
    entered, waiting = game["round"], game["phase"] == "taking"
    cards = {"type": "round", "cards": ["b", "Z", "m"], "round": number}
    expected = "round_entered" if number <= entered else "round_moved" if number > entered + 1 else None
    assert outcome(table, actor, cards) == (expected or ("round_open" if waiting else "taken"))
    winner = (game["rounds"][-1]["answer"]["winners"][:1] or [1]) if waiting else [1]
    takers = {"type": "take", "takers": winner, "round": number}
    if waiting and number == entered:
        assert outcome(table, actor, takers) == "taken"
    else:
        assert outcome(table, actor, takers) == ("round_moved" if number > entered else "round_taken")


@SETTINGS
@given(turn_tables(), st.integers(1, 11), st.sampled_from(ACTORS))
def test_a_turn_or_a_steal_sent_for_any_number_but_the_tables_is_refused_by_what_happened(table, number, actor):
    game = table.game
    if game["phase"] not in ("playing", "stealing"):
        return  # play is over: no turn nor steal is taken (their own ruling)
    played, thief = len(game["plays"]), game["stealing"]
    turn = {"type": "turn", "seat": game["turn"], "card": "q", "turn": number}
    expected = "turn_entered" if number <= played else "turn_moved" if number > played + 1 else None
    assert outcome(table, actor, turn) == (expected or ("steal_pending" if thief else "taken"))
    victim = next(s for s in (1, 2, 3) if s != thief)
    steal = {"type": "steal", "seat": victim, "from": "hand", "turn": number}
    if thief and number == played:
        assert outcome(table, actor, steal) == "taken"
    elif number > played:
        assert outcome(table, actor, steal) == "turn_moved"
    else:
        stole = game["plays"][number - 1]["steal"]
        assert outcome(table, actor, steal) == ("steal_entered" if stole else "turn_entered")


def test_a_steal_for_a_turn_not_yet_played_or_one_that_stole_nothing_says_so():
    """While Cy's steal for turn 3 is due, a steal sent for turn 7 is ahead of the table, and one for turn 1 (Ann's
    m, which drew) steals nothing: neither is applied as turn 3's."""
    table = Table(variants=["turns"])
    for seat, card in ((1, "m"), (2, "z"), (3, "a")):
        table.act(HOST, type="turn", seat=seat, card=card, turn=seat)
    assert table.game["stealing"] == 3
    with pytest.raises(Rejected) as ahead:
        table.act(HOST, type="steal", seat=1, turn=7, **{"from": "table"})
    assert (ahead.value.code, ahead.value.message) == (
        "turn_moved",
        "Turn 7 is not entered yet: turn 3 is the latest entered, and Cy is due to steal.",
    )
    with pytest.raises(Rejected) as drew:
        table.act(CY, type="steal", seat=1, turn=1, **{"from": "table"})
    said = table.game["plays"][0]["explanation"]
    assert (drew.value.code, drew.value.message) == (
        "turn_entered",
        f"The host already entered turn 1, which steals nothing. {said}",
    )
    assert table.game["stealing"] == 3 and table.game["seats"][0]["table"] == ["m"]
    assert table.act(CY, type="steal", seat=1, turn=3, **{"from": "table"}) == ["steal"]
