"""bench/tables.py's own logic: its planned claims are what a table accepts, and its latency matching.

The benchmark itself is run by hand (bench/README.md); these check what it would
otherwise report wrongly without saying so: a planned claim the rules refuse
(a run full of 409s measures refusals, not claims), a game that does not end
where the bench expects, or a delivery matched to the wrong claim.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from solver.lexicon import load_lexicons
from tables.events import Actor, Context, Event, Rejected, stamp
from tables.state import apply, decide, fold

ROOT = Path(__file__).resolve().parent.parent


def load_bench():
    """bench/tables.py as `bench_tables`: its file name is the `tables` package's, so it is loaded by path."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_tables", ROOT / "bench" / "tables.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_tables"] = module
    sys.path.append(str(ROOT / "bench"))  # for its `from load import ...`, after everything else
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return module


bench = load_bench()
HOST = Actor(host=True)


class Table:
    """A table folded in memory: decide, stamp, apply, as the service does (no store)."""

    def __init__(self, seats):
        data = {"game": "wordsmith", "lexicon": "standard", "variants": [], "seats": list(seats), "settings": {}}
        self.now = 1_800_000_000.0
        self.state = fold([Event(1, "table_created", stamp(self.now), 0, data)])
        self.lexicons = load_lexicons()

    def act(self, action: dict, actor: Actor = HOST) -> list[Event]:
        self.now += 1.0
        made = decide(self.state, actor, action, Context(self.lexicons, random.Random(7), self.now))
        events = []
        for new in made:
            event = Event(self.state.seq + 1, new.type, stamp(self.now), new.by, new.data)
            apply(self.state, event)
            events.append(event)
        return events


def test_a_game_of_planned_challenges_is_accepted_claim_by_claim_and_ends_by_itself():
    plans = bench.plan_challenges(len(bench.SEATS), limit=3)
    assert len(plans) == 3
    table = Table(bench.SEATS)
    for seat in range(1, len(bench.SEATS) + 1):
        table.act({"type": "join", "seat": seat}, Actor())
    for number, plan in enumerate(plans, 1):
        assert [e.type for e in table.act({"type": "start", "pool": plan.pool})] == ["challenge_started"]
        assert len(plan.claims) == 6 * len(bench.SEATS)
        for seat, word in plan.claims:
            events = table.act({"type": "claim", "word": word}, Actor(seat=seat))
            assert events[0].type == "claim" and events[0].data["word"] == word
        types = [e.type for e in events]  # the last seat's extra word after Done! ends the challenge
        assert "challenge_ended" in types, types
        assert table.state.game_state.challenge == number
    assert "game_ended" in types  # three challenges make the game
    with pytest.raises(Rejected):
        table.act({"type": "start", "pool": plans[0].pool})


def test_each_delivery_is_matched_to_the_first_event_carrying_the_word_after_the_claim_was_sent():
    def event(word):
        return json.dumps({"seq": 9, "type": "claim", "data": {"word": word}}).encode()

    sent = bench.Sent(table=0, seat=1, word="cast", due=9.0, sent=10.0, status=201)
    refused = bench.Sent(table=0, seat=2, word="bag", due=9.0, sent=10.0, status=409)
    got = [
        (9.5, 0, 1, event("cast")),  # the same word earlier (a previous challenge): not this claim's
        (10.010, 0, 1, event("cast")),
        (10.030, 0, 2, event("cast")),
        (10.020, 0, 3, event("cast")),
        (10.500, 0, 3, event("cast")),  # a later one on the same stream: not the first
        (10.040, 1, 4, event("cast")),  # another table's stream
        (10.050, 0, 4, b"not json"),
        (10.060, 0, 4, json.dumps({"seq": 1, "type": "challenge_started", "data": {}}).encode()),
    ]
    every, last, missing = bench.deliveries([sent, refused], got, seats=4)
    assert sorted(round(ms) for ms in every) == [10, 20, 30]
    assert [round(ms) for ms in last] == [30]
    assert missing == 1  # seat 4's stream never carried CAST; the refused claim is not counted


def test_percentile_is_a_value_taken_from_the_sample():
    values = list(range(1, 101))
    assert bench.percentile(values, 0.5) == 50
    assert bench.percentile(values, 0.99) == 99
    assert bench.percentile([7.0], 0.99) == 7.0
