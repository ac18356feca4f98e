"""Wordsmith at a table, pure: actions through `decide`, events through `apply`, no store and no Flask.

Each test builds a table step by step with a fixed clock and scripted dice; the
replay property checks that folding the record gives the state built step by step.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from solver.lexicon import load_lexicons
from solver.pieces import Pool, load_alphabet
from tables.events import Actor, Context, Event, Forbidden, Refused, Rejected
from tables.service import stamp
from tables.state import apply, decide, fold, scratch

LEXICONS = load_lexicons()
ALPHABET = load_alphabet()
HOST = Actor(host=True)
T0 = 1_800_000_000.0
EXAMPLE_POOL = "R3 Y2 B1 G2"  # the rulebook's practice pool: BAG and CAST, exactly


def seat(n: int) -> Actor:
    return Actor(seat=n)


def exact(*words: str, extra: str = "") -> str:
    """The pool text that builds these words' letters exactly, plus `extra` pieces (e.g. 'R2')."""
    cost = [0, 0, 0, 0]
    for word in words:
        cost = [a + b for a, b in zip(cost, ALPHABET.cost(word))]
    pool = Pool(*cost)
    for code in extra.split():
        kind = {"R": "red", "Y": "yellow", "B": "blue", "G": "green", "W": "wild"}[code[0]]
        pool = pool.add(kind, int(code[1:] or 1))
    return str(pool)


class ScriptedDice(random.Random):
    """A random source whose die rolls come from a script (face names), in order; anything else is seeded."""

    def __init__(self, faces=()):
        super().__init__(7)
        self.faces = list(faces)

    def choice(self, seq):
        if self.faces and self.faces[0] in seq:
            return self.faces.pop(0)
        return super().choice(seq)


class Table:
    """A table folded in memory: `act` decides, stamps and applies, exactly as the service does."""

    def __init__(self, seats=2, variants=(), settings=None, dice=(), lexicon="standard", joined=False, host_plays=None):
        names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:seats]
        data = {"game": "wordsmith", "lexicon": lexicon, "variants": list(variants), "seats": names}
        data["settings"] = dict(settings or {})
        self.now = T0
        self.events = [Event(1, "table_created", stamp(self.now), 0, data)]
        if joined:  # every seat's phone has joined: they vote on objections (ruling 16)
            self.events += [Event(1 + n, "seat_joined", stamp(self.now), n, {"seat": n}) for n in range(1, seats + 1)]
        if host_plays is not None:  # the host role handed to that seat's phone (docs/rules/tables.md, ruling 1)
            handed = Event(len(self.events) + 1, "host_handed", stamp(self.now), 0, {"seat": host_plays})
            self.events.append(handed)
        self.state = fold(self.events)
        self.rng = ScriptedDice(dice)

    @property
    def ws(self):
        return self.state.game_state

    def act(self, action: dict, actor: Actor = HOST, *, after: float = 1.0) -> list[Event]:
        self.now += after
        before = copy.deepcopy(self.state)
        refused = None
        try:
            new = decide(self.state, actor, action, Context(LEXICONS, self.rng, self.now))
        except Rejected as refusal:  # written all the same, as the service does (a refused claim is public)
            refused, new = refusal, refusal.record
            if not new:
                raise
        finally:  # deciding (and `automatic`'s scratch fold of every kind of event) never moves the state
            assert self.state == before
        written = []
        for made in new:
            event = Event(self.state.seq + 1, made.type, stamp(self.now), made.by, made.data)
            untouched, copied = copy.deepcopy(self.state), scratch(self.state)
            apply(copied, event)  # a scratch copy (claim records shared until changed) folds the event...
            assert self.state == untouched  # ...without moving its original...
            apply(self.state, event)
            assert copied == self.state  # ...into the same state as folding it in place
            self.events.append(event)
            written.append(event)
        if refused is not None:
            raise refused
        return written

    def claim(self, n: int, word: str, pool: str | None = None, **more) -> Event:
        """Seat n claims `word`; with `pool`, the host first sets the seat's pool to it."""
        if pool is not None:
            self.act({"type": "set_pool", "seat": n, "pool": pool})
        return self.act({"type": "claim", "word": word, **more}, seat(n))[0]

    def view(self, viewer: Actor | None = None) -> dict:
        return self.state.to_dict(viewer)["wordsmith"]

    def seat_view(self, n: int, viewer: Actor | None = None) -> dict:
        return self.view(viewer)["seats"][n - 1]

    def types(self, events) -> list[str]:
        return [e.type for e in events]


def refused_codes(table: Table, n: int, word: str, **more) -> tuple[str, ...]:
    with pytest.raises(Rejected) as caught:
        table.act({"type": "claim", "word": word, **more}, seat(n))
    assert caught.value.code == "claim_refused"
    return tuple(o["code"] for o in caught.value.objections)


SIX = ["bag", "cast", "dog", "fish", "milk", "tree"]  # six words, each with a letter the one before lacks
OTHER_SIX = ["gab", "act", "nod", "wish", "silk", "free"]  # and six others, for a second seat


def six_words(table: Table, n: int, words=SIX) -> list[Event]:
    written = []
    for word in words:
        table.act({"type": "set_pool", "seat": n, "pool": exact(word)})
        written += table.act({"type": "claim", "word": word}, seat(n))
    return written


# --- starting a challenge -----------------------------------------------------------------


def test_start_with_the_real_dice_gives_every_seat_the_same_eight_pieces():
    table = Table(seats=3)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    view = table.view()
    assert (view["challenge"], view["phase"], view["starting_pool"]) == (1, "playing", EXAMPLE_POOL)
    assert [s["pool"] for s in view["seats"]] == [EXAMPLE_POOL] * 3


def test_start_rolls_four_dice_twice_and_records_the_faces():
    # ruling 5: a star face gives its colour at the start
    faces = ["red", "red", "yellow", "blue_star", "green_star", "red", "yellow", "green_star"]
    table = Table(dice=faces)
    (event,) = table.act({"type": "start", "pool": None})
    assert event.data["rolls"] == [faces[:4], faces[4:]]
    assert table.view()["starting_pool"] == "R3 Y2 B1 G2"


@pytest.mark.parametrize(
    "action, path",
    [
        ({"pool": "R3 Y2 B1"}, ("pool",)),  # 6 pieces: not two rolls of four dice
        ({"pool": "R3 Y2 B1 W2"}, ("pool",)),  # a start never holds a wild (ruling 5)
        ({"pool": "R3 X2"}, ("pool",)),
        ({"pool": EXAMPLE_POOL, "required_letters": "abcdef"}, ("required_letters",)),  # not advanced
        ({"pool": EXAMPLE_POOL, "crossed_white": {"2": 7}}, ("crossed_white", "2")),
        ({"pool": EXAMPLE_POOL, "crossed_white": {"9": 1}}, ("crossed_white", "9")),
    ],
)
def test_a_bad_start_is_refused_naming_the_field(action, path):
    with pytest.raises(Refused) as caught:
        Table().act({"type": "start", **action})
    assert caught.value.path == path


def test_only_the_host_starts_and_one_challenge_at_a_time():
    table = Table()
    with pytest.raises(Forbidden):
        table.act({"type": "start", "pool": EXAMPLE_POOL}, seat(1))
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    with pytest.raises(Rejected) as caught:
        table.act({"type": "start", "pool": EXAMPLE_POOL})
    assert caught.value.code == "challenge_on"


def test_unknown_variants_are_refused_when_the_table_is_made():
    with pytest.raises(Refused) as caught:
        Table(variants=["speedy"])
    assert caught.value.path == ("variants",)


def test_before_the_first_challenge():
    view = Table().view()
    assert (view["challenge"], view["phase"], view["scores"], view["claims"]) == (0, "waiting", None, [])
    table = Table()
    with pytest.raises(Rejected) as caught:
        table.act({"type": "claim", "word": "bag"}, seat(1))
    assert caught.value.code == "no_challenge"


# --- adding pieces ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action, dice, pool",
    [
        ({"piece": "R"}, [], "R4 Y2 B1 G2"),
        ({"piece": "W"}, [], "R3 Y2 B1 G2 W1"),  # a wild with no choice stays a wild
        ({"piece": "W", "wild_as": "G"}, [], "R3 Y2 B1 G3"),
        ({"piece": None}, ["yellow"], "R3 Y3 B1 G2"),
        ({"piece": None}, ["blue_star"], "R3 Y2 B1 G2 W1"),  # a star rolled to add is a wild (ruling 5)
        ({"piece": None, "wild_as": "B"}, ["green_star"], "R3 Y2 B2 G2"),
        ({"piece": None, "wild_as": "B"}, ["red"], "R4 Y2 B1 G2"),  # ruling 7: the choice is for a star only
    ],
)
def test_adding_a_piece(action, dice, pool):
    table = Table(dice=dice)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    (event,) = table.act({"type": "add", **action}, seat(2))
    assert table.seat_view(2)["pool"] == pool
    assert table.seat_view(1)["pool"] == EXAMPLE_POOL  # one seat's piece is its own
    assert event.data["rolled"] == (dice or None)


@pytest.mark.parametrize(
    "action, path",
    [({"piece": "X"}, ("piece",)), ({"piece": "R", "wild_as": "G"}, ("wild_as",)), ({"wild_as": "W"}, ("wild_as",))],
)
def test_a_bad_piece_is_refused(action, path):
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    with pytest.raises(Refused) as caught:
        table.act({"type": "add", **action}, seat(1))
    assert caught.value.path == path


def test_a_full_pool_takes_no_more_pieces_and_says_so_as_the_tables():
    """At the most a pool holds, adding is refused naming the seat (not a form field's "pool: 61 pieces is more
    than the limit of 60"), and nothing is written."""
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.act({"type": "set_pool", "seat": 1, "pool": "R60"})
    count = len(table.events)
    with pytest.raises(Rejected) as caught:
        table.act({"type": "add", "piece": None}, seat(1))
    assert (caught.value.code, caught.value.message) == (
        "pool_full",
        "Ann's pool holds 60 pieces, the most a pool may hold.",
    )
    assert len(table.events) == count


def test_a_seat_acts_for_itself_and_the_host_for_any_seat():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    with pytest.raises(Forbidden):
        table.act({"type": "add", "seat": 1, "piece": "R"}, seat(2))
    table.act({"type": "add", "seat": 1, "piece": "R"}, HOST)
    table.act({"type": "add", "seat": 1, "piece": "R"}, seat(1))
    assert table.seat_view(1)["pool"] == "R5 Y2 B1 G2"


# --- claims: every objection of the judge, reached from the table's state -----------------


def state_sheet_full(table):
    six_words(table, 1)
    table.act({"type": "set_pool", "seat": 1, "pool": exact("cat")})
    return 1, "cat", "sheet_full"


def state_challenge_over(table):
    six_words(table, 2)  # Bob's sixth word calls Done!, and Ann passes: Ann's part of the challenge is over
    table.act({"type": "pass"}, seat(1))
    return 1, "cats", "challenge_over"


def state_not_a_word(table):
    table.act({"type": "set_pool", "seat": 1, "pool": exact("john")})
    return 1, "john", "not_a_word"


def state_already_claimed(table):
    table.claim(2, "bag")
    return 1, "bag", "already_claimed"  # by another seat


def state_no_new_letter(table):
    table.claim(1, "bag")
    return 1, "gab", "no_new_letter"


def state_not_buildable(table):
    return 1, "milk", "not_buildable"


def state_must_use_all_pieces(table):
    table.claim(1, "bag", exact("bag", extra="R12"))  # twelve leftovers check all twelve boxes
    table.act({"type": "set_pool", "seat": 1, "pool": exact("cast", extra="R1")})
    return 1, "cast", "must_use_all_pieces"


def state_too_many_leftovers(table):
    table.claim(1, "bag", exact("bag", extra="R10"))  # two boxes left
    table.act({"type": "set_pool", "seat": 1, "pool": exact("cast", extra="R3")})
    return 1, "cast", "too_many_leftovers"


@pytest.mark.parametrize(
    "make",
    [
        state_sheet_full,
        state_challenge_over,
        state_not_a_word,
        state_already_claimed,
        state_no_new_letter,
        state_not_buildable,
        state_must_use_all_pieces,
        state_too_many_leftovers,
    ],
)
def test_every_objection_of_the_judge_is_reached_from_the_state(make):
    table = Table(seats=3)  # three: after Done! a seat's part may be over while the challenge is on
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    n, word, code = make(table)
    before = table.state.to_dict(HOST)
    assert refused_codes(table, n, word) == (code,)
    assert unrecorded(table.state.to_dict(HOST)) == unrecorded(before)  # a refused claim changes nothing...
    assert table.events[-1].type == "claim_refused"  # ...but the record: it is public (ruling 15)
    attempt = table.view(seat(3 - n))["refused"][-1]
    assert (attempt["seat"], attempt["objections"]) == (n, [code])
    assert table.view(None)["latest"]["verdict"] == "refused"


@pytest.mark.parametrize("end", ["end_challenge", "end_game"])
def test_a_claim_with_no_challenge_on_is_refused_and_not_written(end):
    """Ruling 15: between two challenges, or once the game is over, a claim is no attempt at a word: refused to
    its phone alone, and nothing is written (a claim sent from a phone that was offline meanwhile, say)."""
    table = Table(seats=2)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.act({"type": "end_challenge"})
    if end == "end_game":
        table.act({"type": "end_game"})
    count = len(table.events)
    with pytest.raises(Rejected) as caught:
        table.act({"type": "claim", "word": "bag"}, seat(1))
    over = "The game is over" if end == "end_game" else "Challenge 1 is over"
    assert (caught.value.code, caught.value.message) == ("no_challenge", f"{over}: no more words may be claimed.")
    assert len(table.events) == count and table.view()["refused"] == []


def unrecorded(view: dict) -> dict:
    """A table's state less what a public refusal writes (ruling 15): its seq and time, the attempts, the latest."""
    game = {key: value for key, value in view["wordsmith"].items() if key not in ("refused", "latest")}
    rest = {key: value for key, value in view.items() if key not in ("seq", "updated_at", "wordsmith")}
    return {**rest, "wordsmith": game}


def test_missing_required_letter_in_the_advanced_game():
    table = Table(variants=["advanced"])
    table.act({"type": "start", "pool": EXAMPLE_POOL, "required_letters": "master"})
    assert refused_codes(table, 1, "cast", row=1) == ("missing_required_letter",)  # row 1 wants an M
    table.act({"type": "set_pool", "seat": 1, "pool": exact("dog")})
    assert refused_codes(table, 1, "dog") == ("missing_required_letter",)  # no free row's letter in DOG


def test_a_claim_spends_the_pool_and_checks_boxes_for_the_leftovers():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    (event,) = table.act({"type": "claim", "word": "CAT"}, seat(1))  # CAT leaves the two greens
    assert event.data["normalized"] == "cat" and event.data["discards"] == 2
    seat1 = table.seat_view(1)
    assert seat1["pool"] == "R3 Y2 B1" and seat1["previous_word"] == "cat"
    assert seat1["discards_used"] == 2 and seat1["boxes_left"] == 10
    assert seat1["words"] == [
        {"claim": event.seq, "word": "cat", "letters": 3, "row": None, "discards": 2, "circles": 0, "checked": 0}
    ]
    assert table.view()["latest"] == {
        "claim": event.seq,
        "seat": 1,
        "word": "cat",
        "verdict": "claimed",
        "reason": None,
    }


def test_a_spent_wild_becomes_the_piece_it_stood_for():
    # ruling 9: the pool after a claim is the word's pieces
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.act({"type": "set_pool", "seat": 1, "pool": "R3 Y2 B1 G1 W1"})
    table.act({"type": "claim", "word": "bag"}, seat(1))
    assert table.seat_view(1)["pool"] == "R3 Y2 B1 G2"


def test_crossed_white_boxes_shrink_the_budget():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL, "crossed_white": {"1": 6}})
    table.act({"type": "set_pool", "seat": 1, "pool": exact("bag", extra="R7")})
    assert refused_codes(table, 1, "bag") == ("too_many_leftovers",)  # 6 boxes, 7 leftovers
    table.act({"type": "set_pool", "seat": 2, "pool": exact("bag", extra="R7")})
    table.act({"type": "claim", "word": "bag"}, seat(2))  # seat 2 keeps its 12 boxes
    assert table.seat_view(1)["boxes_left"] == 6 and table.seat_view(2)["boxes_left"] == 5


def test_advanced_rows_named_and_placed():
    table = Table(variants=["advanced"])
    table.act({"type": "start", "pool": EXAMPLE_POOL, "required_letters": "master"})
    assert table.act({"type": "claim", "word": "cast"}, seat(1))[0].data["row"] == 2  # the first free row with A
    table.act({"type": "set_pool", "seat": 1, "pool": exact("tab")})
    with pytest.raises(Rejected) as caught:
        table.act({"type": "claim", "word": "tab", "row": 2}, seat(1))
    assert caught.value.code == "row_taken"
    assert table.act({"type": "claim", "word": "tab", "row": 4}, seat(1))[0].data["row"] == 4
    words = table.view()["scores"]["sheets"][0]["challenges"][0]["words"]
    assert [(w["normalized"], w["row"], w["points"]) for w in words] == [("cast", 2, 4), ("tab", 4, 3)]


def test_each_challenge_keeps_its_own_required_letters_and_boxes():
    table = Table(variants=["advanced"])
    table.act({"type": "start", "pool": EXAMPLE_POOL, "required_letters": "master", "crossed_white": {"1": 2}})
    table.claim(1, "cast")  # row 2, the A
    table.act({"type": "end_challenge"})
    table.act({"type": "start", "pool": EXAMPLE_POOL, "required_letters": "zzzzzz"})
    first, second = table.view()["scores"]["sheets"][0]["challenges"]
    assert (first["required"], first["crossed_white"], first["letters"]) == ("master", 2, 4)
    assert (second["required"], second["crossed_white"], second["letters"]) == ("zzzzzz", 0, 0)


def test_advanced_letters_left_out_are_a_six_letter_word_of_the_lexicon():
    # ruling 8
    table = Table(variants=["advanced"])
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    letters = table.view()["required_letters"]
    assert len(letters) == 6 and letters in LEXICONS["standard"]


def test_a_row_is_only_for_the_advanced_game():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    with pytest.raises(Refused) as caught:
        table.act({"type": "claim", "word": "bag", "row": 1}, seat(1))
    assert caught.value.path == ("row",)


# --- Done! and the extra word ------------------------------------------------------------------


def test_the_sixth_word_calls_done_and_the_others_get_one_extra_word():
    table = Table(seats=3)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    written = six_words(table, 1)
    assert table.types(written)[-2:] == ["claim", "done"] and written[-1].by is None
    assert table.view()["phase"] == "done_called" and table.view()["done_by"] == 1
    with pytest.raises(Rejected) as caught:
        table.act({"type": "add", "piece": "R"}, seat(2))
    assert caught.value.code == "done_called"
    with pytest.raises(Rejected) as caught:
        table.act({"type": "claim", "word": "wax"}, seat(2))  # judged as it stands: no pieces may be added
    assert [o["code"] for o in caught.value.objections] == ["not_buildable"]
    assert caught.value.message.endswith("and no pieces may be added after Done!.")
    table.act({"type": "claim", "word": "cat"}, seat(2))
    table.act({"type": "set_pool", "seat": 2, "pool": exact("tab")})
    assert refused_codes(table, 2, "tab") == ("challenge_over",)  # one extra word, no more
    events = table.act({"type": "pass"}, seat(3))
    assert table.types(events) == ["passed", "challenge_ended"]
    assert table.view()["phase"] == "between"


def test_the_seat_that_called_done_cannot_pass():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    six_words(table, 1)
    with pytest.raises(Rejected):
        table.act({"type": "pass"}, seat(1))


def test_passing_before_done_is_refused():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    with pytest.raises(Rejected) as caught:
        table.act({"type": "pass"}, seat(2))
    assert caught.value.code == "not_done"


# --- objections and overrules -------------------------------------------------------------------


def test_an_objection_within_the_window_puts_the_word_to_the_table_with_the_judges_reasons():
    table = Table(seats=3, joined=True)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.claim(2, "bag")
    claim = table.act({"type": "claim", "word": "cast"}, seat(1))[0]
    (event,) = table.act({"type": "object", "claim": claim.seq}, seat(2), after=29)
    assert event.data["verdict"] == "vote" and event.data["voters"] == [3]
    assert event.data["message"] == (
        "CAST stands: it is a valid word, it was not claimed before in this challenge, and the pool builds it."
    )
    vote = table.view()["claims"][-1]["vote"]
    assert (vote["message"], vote["dictionary"], vote["state"]) == (event.data["message"], "standard", "open")
    assert vote["definition"] and table.view()["latest"]["reason"].startswith("Bob objects to CAST")
    with pytest.raises(Rejected) as caught:
        table.act({"type": "object", "claim": claim.seq}, seat(2))
    assert caught.value.code == "already_objected"  # the objector: no vote of its own to cast
    with pytest.raises(Rejected) as caught:
        table.act({"type": "object", "claim": claim.seq}, seat(1))
    assert caught.value.code == "own_claim"
    with pytest.raises(Rejected) as caught:
        table.act({"type": "object", "claim": claim.seq}, seat(3), after=2)  # 31 seconds after the claim
    assert caught.value.code == "objection_window_closed"


def test_the_host_acts_for_a_seat_and_the_record_says_so():
    table = Table(seats=3)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    claim = table.act({"type": "claim", "seat": 1, "word": "bag"}, HOST)[0]
    assert (claim.by, claim.data["seat"]) == (0, 1)
    with pytest.raises(Forbidden):
        table.act({"type": "claim", "seat": 1, "word": "cast"}, seat(2))
    # No phone holds seat 3: the host objects for it (ruling 19)
    objection, ruled = table.act({"type": "object", "seat": 3, "claim": claim.seq}, HOST)
    assert objection.by == 0 and table.view()["claims"][0]["objections"][0]["by"] == 3
    # No phone has joined, so no one votes: the judge's verdict stands at once (ruling 21)
    assert (ruled.data["outcome"], ruled.data["by"], ruled.data["reason"]) == ("overruled", "judge", "no_voters")
    assert table.view()["claims"][0]["vote"]["state"] == "overruled"
    with pytest.raises(Rejected) as caught:
        table.act({"type": "object", "claim": claim.seq}, seat(3))  # seat 3 has objected, through the host
    assert caught.value.code == "already_objected"
    table.act({"type": "object", "claim": claim.seq}, seat(2))


def test_an_objection_the_judge_upholds_strikes_the_claim():
    # A claim stands when it is written, so only a record made under other rules (an older word list)
    # holds one the judge refuses now: here GAB after BAG, written into the record by hand.
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.claim(1, "bag")
    (good,) = table.act({"type": "claim", "word": "gab"}, seat(2))  # seat 2 has no previous word: it stands
    data = {**good.data, "seat": 1, "judged_on": {**good.data["judged_on"], "previous_word": "bag"}}
    table.act({"type": "overrule", "claim": good.seq, "stands": False})  # off seat 2's sheet: GAB is free again
    forged = Event(table.state.seq + 1, "claim", stamp(table.now), 1, data)
    apply(table.state, forged)
    table.events.append(forged)
    (event,) = table.act({"type": "object", "claim": forged.seq}, seat(2))
    assert event.data["verdict"] == "struck" and event.data["strikes"] is True
    assert event.data["message"] == "GAB has no new letter: every letter of it was already in BAG."
    assert [o["code"] for o in event.data["objections"]] == ["no_new_letter"]
    seat1 = table.seat_view(1)
    assert [w["word"] for w in seat1["words"]] == ["bag"] and seat1["previous_word"] == "bag"
    assert table.view()["claims"][-1]["status"] == "struck"
    assert fold(table.events).to_dict() == table.state.to_dict()


def test_the_window_is_a_setting():
    table = Table(settings={"objection_seconds": 5})
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    claim = table.claim(1, "cast")
    with pytest.raises(Rejected) as caught:
        table.act({"type": "object", "claim": claim.seq}, seat(2), after=6)
    assert caught.value.code == "objection_window_closed"


def test_an_objection_names_a_claim_that_exists():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    with pytest.raises(Refused) as caught:
        table.act({"type": "object", "claim": 99}, seat(2))
    assert caught.value.path == ("claim",)


def test_a_struck_claim_goes_back_to_finding_words():
    # ruling 10: off the sheet, leftovers back in the pool, boxes unchecked, the previous word back
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.claim(1, "bag")
    claim = table.claim(1, "cat", exact("cat", extra="R2 G1"))
    before = table.seat_view(1)
    assert before["discards_used"] == 3 and before["pool"] == "R3 Y2 B1"
    (event,) = table.act({"type": "overrule", "claim": claim.seq, "stands": False})
    after = table.seat_view(1)
    assert after["pool"] == exact("cat", extra="R2 G1") and after["previous_word"] == "bag"
    assert after["discards_used"] == 0 and [w["word"] for w in after["words"]] == ["bag"]
    record = table.view()["claims"][-1]
    assert record["status"] == "struck" and record["overruled"] == [{"seq": event.seq, "stands": False}]
    table.act({"type": "set_pool", "seat": 2, "pool": exact("cat")})
    assert refused_codes(table, 2, "cat") == ("struck",)  # struck by the host's ruling: out this challenge (ruling 20)
    # and back: the host may let it stand again while seat 1 has done nothing since (the refusal is not a deed)
    table.act({"type": "overrule", "claim": claim.seq, "stands": True})
    assert table.seat_view(1) == before
    assert table.view()["claims"][1]["overruled"] == [
        {"seq": event.seq, "stands": False},
        {"seq": event.seq + 3, "stands": True},
    ]


def test_pieces_added_after_the_claim_stay_when_it_is_struck():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    claim = table.claim(1, "cat")  # the two greens are discarded
    table.act({"type": "add", "piece": "Y"}, seat(1))
    table.act({"type": "overrule", "claim": claim.seq, "stands": False})
    assert table.seat_view(1)["pool"] == "R3 Y3 B1 G2"  # the pool it claimed from, and the yellow added since


def test_only_the_latest_word_can_be_struck_while_the_challenge_is_on():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    first = table.claim(1, "bag")
    table.claim(1, "cast")
    with pytest.raises(Rejected) as caught:
        table.act({"type": "overrule", "claim": first.seq, "stands": False})
    assert caught.value.code == "claim_superseded"
    table.act({"type": "end_challenge"})
    table.act({"type": "overrule", "claim": first.seq, "stands": False})  # after the end, only the sheet changes
    assert [w["word"] for w in table.seat_view(1)["words"]] == ["cast"]
    assert table.view()["scores"]["sheets"][0]["challenges"][0]["letters"] == 4


def test_a_struck_claim_cannot_come_back_once_the_seat_played_on():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    claim = table.claim(1, "bag")
    table.act({"type": "overrule", "claim": claim.seq, "stands": False})
    table.act({"type": "add", "piece": "R"}, seat(1))
    with pytest.raises(Rejected) as caught:
        table.act({"type": "overrule", "claim": claim.seq, "stands": True})
    assert caught.value.code == "claim_superseded"


def test_striking_the_word_that_called_done_takes_done_back():
    table = Table(seats=3)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    six = six_words(table, 1)
    table.act({"type": "pass"}, seat(2))
    sixth = next(e for e in six if e.type == "claim" and e.data["normalized"] == "tree")
    table.act({"type": "overrule", "claim": sixth.seq, "stands": False})
    view = table.view()
    assert (view["phase"], view["done_by"]) == ("playing", None)
    assert view["seats"][1]["passed"] is False
    table.act({"type": "add", "piece": "R"}, seat(2))  # pieces may be added again


def test_only_the_host_overrules():
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    claim = table.claim(1, "bag")
    with pytest.raises(Forbidden):
        table.act({"type": "overrule", "claim": claim.seq, "stands": False}, seat(2))
    with pytest.raises(Refused) as caught:
        table.act({"type": "overrule", "claim": claim.seq, "stands": "no"})
    assert caught.value.path == ("stands",)


# --- Secret Wordsmith ------------------------------------------------------------------------------


def test_secret_claims_are_hidden_then_judged_together_at_the_end():
    table = Table(variants=["secret"])
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    john = table.claim(1, "john", exact("john"))  # not a word: taken now, judged at the end (ruling 12)
    table.claim(1, "bag", exact("bag"))
    table.claim(1, "gab")  # no new letter: judged at the end too
    table.claim(2, "bag", exact("bag"))  # the same word may stand on two sheets
    assert refused_codes(table, 2, "milk") == ("not_buildable",)  # the state's own rules still hold
    for viewer in (seat(2), HOST, None):
        view = table.view(viewer)
        assert [c["word"] for c in view["claims"]][:3] == [None, None, None]
        assert {c["status"] for c in view["claims"][:3]} == {"hidden"}
        assert view["seats"][0]["pool"] is None and view["seats"][0]["words"][0]["word"] is None
        # seat 2's refused MILK is the latest: shown whole to seat 2 only (ruling 12)
        assert view["latest"]["word"] == ("milk" if viewer == seat(2) else None)
        assert view["refused"][0]["word"] == ("milk" if viewer == seat(2) else None)
    assert table.view(seat(1))["claims"][0]["word"] == "john"
    with pytest.raises(Rejected) as caught:
        table.act({"type": "object", "claim": john.seq}, seat(2))
    assert caught.value.code == "secret"
    table.act({"type": "end_challenge"})
    view = table.view(None)
    assert [(c["word"], c["status"]) for c in view["claims"]] == [
        ("john", "struck"),
        ("bag", "stands"),
        ("gab", "struck"),
        ("bag", "stands"),
    ]
    assert view["claims"][0]["objections"][0]["message"] == "JOHN is a proper name, and proper names are not allowed."
    points = [[w["points"] for w in s["challenges"][0]["words"]] for s in view["scores"]["sheets"]]
    assert points == [[0, 3, 0], [3]]


def test_secret_advanced_checks_the_row_at_the_claim_and_the_word_at_the_end():
    table = Table(variants=["secret", "advanced"])
    table.act({"type": "start", "pool": EXAMPLE_POOL, "required_letters": "master"})
    assert refused_codes(table, 1, "bag", row=1) == ("missing_required_letter",)  # the state knows the rows
    table.claim(1, "bag")  # row 2, the A
    table.claim(1, "stab", exact("stab"))  # the first free row whose letter it holds: 3, the S
    table.claim(1, "tabs", exact("tabs"))  # no new letter after STAB: judged at the end; row 4, the T
    (ended,) = table.act({"type": "end_challenge"})
    words = table.view()["scores"]["sheets"][0]["challenges"][0]["words"]
    assert [(w["normalized"], w["row"], w["points"]) for w in words] == [("bag", 2, 3), ("stab", 3, 4), ("tabs", 4, 0)]
    assert [j["valid"] for j in ended.data["judged"]] == [True, True, False]


# --- Word by Word ------------------------------------------------------------------------------------


def test_word_by_word_one_shared_roll_per_word_with_circles():
    table = Table(variants=["word_by_word"], dice=["red", "yellow", "blue_star"])
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    with pytest.raises(Rejected) as caught:
        table.act({"type": "claim", "word": "bag"}, seat(1))
    assert caught.value.code == "wait_for_roll"
    (roll,) = table.act({"type": "roll_word"}, seat(2))
    assert roll.data == {"round": 1, "faces": ["red", "yellow", "blue_star"], "red": 1, "yellow": 1, "circles": 1}
    assert [s["pool"] for s in table.view()["seats"]] == ["R4 Y3 B1 G2"] * 2
    with pytest.raises(Rejected) as caught:
        table.act({"type": "add", "piece": "R"}, seat(1))
    assert caught.value.code == "no_adding"
    used = table.act({"type": "claim", "word": "bag"}, seat(1))[0]  # R3 Y2 B1 G2: R1 Y1 left, circle unused
    assert (used.data["circles"], used.data["checked"], used.data["discards"]) == (1, 0, 2)
    assert table.seat_view(1)["discards_used"] == 3  # two leftovers and the unchecked circle
    with pytest.raises(Rejected) as caught:
        table.act({"type": "roll_word"})
    assert caught.value.code == "word_open"
    table.act({"type": "set_pool", "seat": 2, "pool": "R3 Y2 B1 G1"})
    spent = table.act({"type": "claim", "word": "gab"}, seat(2))[0]  # the circle is the second green
    assert (spent.data["circles"], spent.data["checked"], spent.data["discards"]) == (1, 1, 0)
    words = table.view()["scores"]["sheets"][1]["challenges"][0]["words"]
    assert (words[0]["circles"], words[0]["checked"]) == (1, 1)


def test_word_by_word_takes_the_real_dice_as_entered():
    table = Table(variants=["word_by_word"])
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    for faces in (["red", "red"], ["blue_star", "green_star", "blue_star"], ["red", "red", "purple"], "red"):
        with pytest.raises(Refused) as caught:
            table.act({"type": "roll_word", "faces": faces})
        assert caught.value.path == ("faces",)
    table.act({"type": "roll_word", "faces": ["green_star", "yellow", "green_star"]})
    assert table.view()["rolls"] == [
        {"round": 1, "faces": ["green_star", "yellow", "green_star"], "circles": 2, "by": 0}
    ]
    assert table.seat_view(1)["pool"] == "R3 Y3 B1 G2"


def test_word_by_word_an_earlier_rolls_word_stays_unstruck_after_the_challenge_ends():
    """Rulings 13 and 17: a word is struck only before the next roll; the host's end of the challenge opens no
    earlier roll's word to objection or strike again, while the last roll's word may still be struck."""
    table = Table(seats=3, joined=True, variants=["word_by_word"], dice=["red", "red", "red"] * 3)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    claims = []
    for words in (("bag", "gab", "tab"), ("cast", "cats", "acts")):
        table.act({"type": "roll_word"})
        for n, word in zip((1, 2, 3), words):
            table.act({"type": "set_pool", "seat": n, "pool": exact(word)})
            claims.append(table.claim(n, word))
    table.act({"type": "end_challenge"})
    bag, last = claims[0], claims[3]  # Ann's BAG (roll 1) and her CAST (roll 2, the last)
    for action, actor in (
        ({"type": "object", "claim": bag.seq}, seat(2)),
        ({"type": "overrule", "claim": bag.seq, "stands": False}, HOST),
    ):
        with pytest.raises(Rejected) as caught:
            table.act(action, actor)
        assert caught.value.code == "claim_superseded"
    table.act({"type": "object", "claim": last.seq}, seat(2))
    ruled = table.act({"type": "vote", "claim": last.seq, "strike": True}, seat(3))[-1]
    assert ruled.data["outcome"] == "upheld"
    assert table.view()["latest"]["reason"] == (
        "Objection upheld (1 to strike, 0 to keep): CAST is struck out; it is off Ann's sheet."
    )  # ruling 18: the challenge the host ended stays ended


def test_a_strike_after_the_host_ended_the_challenge_says_only_the_sheet_changes():
    table = Table(seats=3)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    bag = table.claim(1, "bag")
    table.act({"type": "end_challenge"})
    table.act({"type": "overrule", "claim": bag.seq, "stands": False})
    assert table.view()["latest"]["reason"] == "The host struck BAG out: it is off Ann's sheet."


def test_word_by_word_ends_when_every_seat_has_six_words_and_the_host_ends_the_game():
    table = Table(variants=["word_by_word"], dice=["red", "red", "red"] * 6)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    for words in zip(SIX, OTHER_SIX):
        table.act({"type": "roll_word"})
        for n, word in zip((1, 2), words):
            table.act({"type": "set_pool", "seat": n, "pool": exact(word)})
            last = table.act({"type": "claim", "word": word}, seat(n))
    assert table.types(last) == ["claim", "challenge_ended"]
    assert "done" not in [e.type for e in table.events]  # Word by Word has no Done!
    table.act({"type": "end_game"})
    view = table.view()
    # Ann 3+4+3+4+4+4 = 22 letters, Bob 3+3+3+4+4+4 = 21; no leftovers: 6 bonus each
    assert [s["total"] for s in view["scores"]["sheets"]] == [28, 27]
    assert view["phase"] == "game_over" and view["winners"] == [1]


# --- three challenges and the winners ------------------------------------------------------------


def test_three_challenges_then_the_game_ends_with_its_winners():
    table = Table()
    for _ in range(3):
        table.act({"type": "start", "pool": EXAMPLE_POOL})
        table.claim(1, "cast")
        table.claim(2, "cat")  # leaves two greens: two white boxes, no bonus lost
        last = table.act({"type": "end_challenge"})
    assert table.types(last) == ["challenge_ended", "game_ended"]
    view = table.view()
    # per challenge: Ann 4 letters + 6 bonus = 10, Bob 3 + 6 = 9
    assert [s["total"] for s in view["scores"]["sheets"]] == [30, 27]
    assert view["phase"] == "game_over" and view["winners"] == [1]
    table.act({"type": "rename", "seat": 1, "name": "Anne"})
    assert [s["player"] for s in table.view()["scores"]["sheets"]] == ["Anne", "Bob"]
    with pytest.raises(Rejected) as caught:
        table.act({"type": "start", "pool": EXAMPLE_POOL})
    assert caught.value.code == "game_over"


def test_a_standard_game_ends_early_between_challenges_only():
    """docs/rules/tables.md, ruling 5: the host may end a standard game before its third challenge."""
    table = Table()
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    with pytest.raises(Rejected) as caught:
        table.act({"type": "end_game"})
    assert caught.value.code == "challenge_on"
    table.act({"type": "end_challenge"})
    table.act({"type": "end_game"})
    assert table.state.game_state.phase == "game_over"
    with pytest.raises(Rejected) as caught:  # a start from a page drawn before the end: the sentence is true
        table.act({"type": "start", "pool": EXAMPLE_POOL})
    assert caught.value.code == "game_over"
    assert caught.value.message == "The game is over: the host ended it after challenge 1."


# --- replay: the record folds into the state built step by step --------------------------------------

WORDS = [*SIX, *OTHER_SIX, "cat", "tab", "stag", "at", "john", "cast", "bag"]  # repeats, non-words, new letters
PIECES = ["R", "Y", "B", "G", "W", None]
VARIANTS = [[], ["secret"], ["advanced"], ["word_by_word"], ["secret", "advanced"], ["advanced", "word_by_word"]]
# Weighted so that games get somewhere: claims (often on a pool that builds the word) call Done!,
# objections and overrules find claims; ending a challenge by hand is rarer.
KINDS = ["start", "add", "claim", "play", "play", "play", "object", "vote", "overrule", "pass"] + ["roll_word"] * 2
STEP = st.tuples(
    st.sampled_from([*KINDS * 4, "end_challenge", "set_pool", "end_game", "settle", "count_votes"]),
    st.integers(1, 3),  # the seat
    st.integers(0, len(WORDS) - 1),
    st.booleans(),
    st.integers(0, 20),  # seconds since the action before (the objection window is 30)
)


def actions_for(table: Table, kind: str, n: int, i: int, flag: bool) -> list[tuple[dict, Actor]]:
    """One drawn step as the actions it sends (a `play` sets a pool that builds the word, then claims it)."""
    claims = [c["seq"] for c in table.view(HOST)["claims"]]
    if kind in ("object", "overrule", "vote", "settle", "count_votes") and not claims:
        kind = "play"
    if kind == "vote":
        return [({"type": "vote", "claim": claims[i % len(claims)], "strike": flag}, seat(n))]
    if kind == "settle":
        return [({"type": "settle", "claim": claims[i % len(claims)], "strike": flag}, HOST)]
    if kind == "count_votes":
        return [({"type": "count_votes", "claim": claims[i % len(claims)]}, seat(n))]
    if kind == "start":
        return [({"type": "start", "pool": EXAMPLE_POOL if flag else None}, HOST)]
    if kind == "add":
        return [({"type": "add", "piece": PIECES[i % len(PIECES)], "wild_as": "G" if flag else None}, seat(n))]
    if kind == "claim":
        return [({"type": "claim", "word": WORDS[i]}, seat(n))]
    if kind == "play":
        pool = exact(WORDS[i], extra="R1" if flag else "")
        return [({"type": "set_pool", "seat": n, "pool": pool}, HOST), ({"type": "claim", "word": WORDS[i]}, seat(n))]
    if kind == "object":
        return [({"type": "object", "claim": claims[i % len(claims)]}, seat(n))]
    if kind == "overrule":
        return [({"type": "overrule", "claim": claims[i % len(claims)], "stands": flag}, HOST)]
    if kind == "set_pool":
        return [({"type": "set_pool", "seat": n, "pool": exact(WORDS[i], extra="R1" if flag else "")}, HOST)]
    if kind == "pass":
        return [({"type": "pass", "seat": n}, HOST if flag else seat(n))]
    return [({"type": kind}, HOST if flag or kind == "end_challenge" else seat(n))]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.lists(STEP, max_size=60), st.integers(0, 2**16))
def test_the_record_replays_into_the_same_state(variants, steps, seed):
    table = Table(seats=3, variants=variants, joined=seed % 2 == 0)  # joined: objections go to a vote
    table.rng = ScriptedDice()
    table.rng.seed(seed)
    table.act({"type": "start", "pool": None})
    for kind, n, i, flag, seconds in steps:
        for action, actor in actions_for(table, kind, n, i, flag):
            before = table.state.to_dict(HOST)
            count = len(table.events)
            try:
                table.act(action, actor, after=seconds)
            except (Rejected, Forbidden, Refused):
                written = {e.type for e in table.events[count:]}
                # a refused action changes nothing but the record: its public refusal, a vote counted first
                assert written <= {"claim_refused", "objection_ruled"}
                if not written:
                    assert table.state.to_dict(HOST) == before
                elif written == {"claim_refused"}:
                    assert unrecorded(table.state.to_dict(HOST)) == unrecorded(before)
    record = json.loads(json.dumps([e.to_dict() for e in table.events]))  # as downloaded: plain JSON
    replayed = fold(record)
    for viewer in (None, HOST, seat(1), seat(2)):
        assert replayed.to_dict(viewer) == table.state.to_dict(viewer)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.lists(STEP, max_size=40), st.integers(0, 2**16), st.lists(st.integers(-5, 45)))
def test_the_seats_that_may_object_are_those_the_objection_rule_lets(variants, steps, seed, moments):
    """`objectors` (the table's part's Object buttons) answers, for every claim at any moment, the seats whose
    objection `objection_refused` lets through: its shortcut once the window is closed changes no answer."""
    from tables.wordsmith.vote import objection_refused, objectors

    table = Table(seats=3, variants=variants, joined=seed % 2 == 0)
    table.rng = ScriptedDice()
    table.rng.seed(seed)
    table.act({"type": "start", "pool": None})
    seats = [1, 2, 3]
    for kind, n, i, flag, seconds in steps:
        for action, actor in actions_for(table, kind, n, i, flag):
            try:
                table.act(action, actor, after=seconds)
            except (Rejected, Forbidden, Refused):
                pass
        for claim in table.ws.claims.values():
            for moment in moments[:4] or [0]:
                now = table.now + moment
                allowed = [s for s in seats if objection_refused(table.ws, s, claim, now, 30) is None]
                assert objectors(table.state, seats, claim.seq, now, 30) == allowed
    assert objectors(table.state, seats, 10_000, table.now, 30) == []  # no such claim


def test_shallow_copies_like_copy_copy():
    """tables.state.shallow (scratch's copier): a new object of the same type, equal, sharing its values."""
    import copy

    from tables.state import Seat, shallow

    seat = Seat(2, "Bob", joined=True)
    copied = shallow(seat)
    assert type(copied) is Seat and copied == seat == copy.copy(seat) and copied is not seat
    copied.name = "Cy"
    assert seat.name == "Bob"


@pytest.mark.parametrize(
    "game, variants, hides",
    [
        ("wordsmith", [], False),
        ("wordsmith", ["advanced"], False),
        ("wordsmith", ["secret"], True),
        ("booksmack", [], False),
    ],
)
def test_only_a_secret_table_may_hide_events_from_some_viewers(game, variants, hides):
    """tables.state.may_hide: when False, every viewer's stream shows the same text (app/serving/streams.py shares it)."""
    from tables.state import may_hide

    created = {"game": game, "lexicon": "standard", "variants": variants, "seats": ["A", "B"], "settings": {}}
    assert may_hide(fold([Event(1, "table_created", "2026-11-30T18:00:00.000Z", 0, created)])) is hides


# --- the table's vote on an objection (rulings 16-18) ------------------------------------------------


def voting_table(seats=4) -> tuple[Table, Event]:
    """Seats 1..n joined, Ann (seat 1) has claimed CAST from the practice pool."""
    table = Table(seats=seats, joined=True)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    return table, table.claim(1, "cast")


def test_a_majority_to_strike_upholds_the_objection_and_the_seat_goes_back_to_finding_words():
    table, cast = voting_table()
    table.act({"type": "object", "claim": cast.seq}, seat(2))
    assert table.view()["claims"][0]["vote"]["voters"] == [3, 4]  # neither the claimant nor the objector
    assert table.types(table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))) == ["objection_vote"]
    # the last voter's vote counts them at once: no waiting for the window
    (vote, ruled) = table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(4))
    assert (ruled.type, ruled.data["outcome"], ruled.data["strike"], ruled.data["keep"]) == (
        "objection_ruled",
        "upheld",
        2,
        0,
    )
    view = table.view()
    assert view["claims"][0]["status"] == "struck" and view["claims"][0]["objections"][0]["verdict"] == "upheld"
    assert view["latest"]["reason"].startswith("Objection upheld (2 to strike, 0 to keep): CAST is struck out; Ann")
    ann = table.seat_view(1)
    assert (ann["words"], ann["pool"], ann["previous_word"]) == ([], EXAMPLE_POOL, None)
    assert "cast" not in table.ws.standing_words()
    table.act({"type": "set_pool", "seat": 2, "pool": exact("cast")})
    assert refused_codes(table, 2, "cast") == ("struck",)  # but out for the rest of the challenge (ruling 20)


def test_a_majority_to_keep_overrules_the_objection_and_changes_nothing():
    table, cast = voting_table()
    before = table.seat_view(1)
    table.act({"type": "object", "claim": cast.seq}, seat(3))
    assert table.seat_view(1)["waits"] == "vote"  # Ann awaits the outcome (ruling 17)
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(2))
    ruled = table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(4))[-1]
    assert ruled.data["outcome"] == "tied"  # one each: the host decides
    with pytest.raises(Forbidden):
        table.act({"type": "settle", "claim": cast.seq, "strike": True}, seat(2))
    ruled = table.act({"type": "settle", "claim": cast.seq, "strike": False})[0]
    assert (ruled.data["outcome"], ruled.data["by"], ruled.by) == ("overruled", "host", 0)
    assert table.seat_view(1) == before
    assert table.view()["latest"]["reason"] == (
        "Objection overruled (1 to strike, 1 to keep, and the host's casting vote): CAST stands."
    )


def test_only_the_voters_vote_once_each_within_the_window():
    table, cast = voting_table()
    table.act({"type": "object", "claim": cast.seq}, seat(2))
    for voter, code in ((1, "not_a_voter"), (2, "not_a_voter")):
        with pytest.raises(Rejected) as caught:
            table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(voter))
        assert caught.value.code == code
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(3))
    with pytest.raises(Rejected) as caught:
        table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    assert caught.value.code == "already_voted"
    with pytest.raises(Refused) as caught:
        table.act({"type": "vote", "claim": cast.seq, "strike": "yes"}, seat(4))
    assert caught.value.path == ("strike",)


def test_the_window_closes_by_the_clock_and_one_vote_of_two_is_no_quorum():
    table, cast = voting_table()
    table.act({"type": "object", "claim": cast.seq}, seat(2))
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    with pytest.raises(Rejected) as caught:  # seat 4 has not voted, and the window is open
        table.act({"type": "count_votes", "claim": cast.seq}, seat(2), after=20)
    assert caught.value.code == "vote_open"
    # 31 s after the objection: seat 4's late vote is refused, and the count is written all the same
    with pytest.raises(Rejected) as caught:
        table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4), after=10)
    assert caught.value.code == "vote_closed"
    ruled = table.events[-1]
    # one strike of two voters is not more than half of them: the judge's verdict stands (ruling 21)
    assert (ruled.type, ruled.data["outcome"], ruled.data["by"], ruled.data["reason"]) == (
        "objection_ruled",
        "overruled",
        "judge",
        "no_quorum",
    )
    assert table.view()["claims"][0]["status"] == "stands"
    assert table.view()["latest"]["reason"] == (
        "Objection overruled: only 1 of the 2 voters voted (2 needed), so the judge's verdict stands: CAST stands; "
        "Ann may still concede it."
    )


def test_a_lone_voter_who_did_not_vote_is_said_as_one_at_three_seats():
    """Ruling 21 at three seats: Bob objects to Ann's CAST, Cy alone votes, and does not; the count reads as English
    ("the one voter"), not "none of the 1 voters"."""
    table, cast = voting_table(seats=3)
    table.act({"type": "object", "claim": cast.seq}, seat(2))
    table.act({"type": "count_votes", "claim": cast.seq}, seat(2), after=31)
    assert table.view()["latest"]["reason"] == (
        "Bob counted the votes. Objection overruled: the one voter did not vote, so the judge's verdict stands: CAST stands; "
        "Ann may still concede it."
    )


def test_with_no_voter_the_judges_verdict_stands_at_once_and_the_claimant_may_concede():
    table, cast = voting_table(seats=2)  # two seats: no one but the claimant and the objector (ruling 21)
    events = table.act({"type": "object", "claim": cast.seq}, seat(2))
    assert [(e.type, e.data.get("outcome"), e.data.get("by")) for e in events] == [
        ("objection", None, None),
        ("objection_ruled", "overruled", "judge"),
    ]
    assert table.view()["latest"]["reason"] == (
        "Objection overruled: no one but Ann and Bob could vote, so the judge's verdict stands: CAST stands; "
        "Ann may still concede it."
    )
    with pytest.raises(Rejected) as caught:
        table.act({"type": "settle", "claim": cast.seq, "strike": True})
    assert caught.value.code == "not_tied"
    assert table.view()["claims"][0]["may_concede"]
    conceded = table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(1))
    assert [(e.type, e.data["outcome"], e.data["by"], e.by) for e in conceded] == [
        ("objection_ruled", "upheld", "claimant", 1)
    ]
    assert table.seat_view(1)["words"] == [] and table.view()["claims"][0]["status"] == "struck"
    assert table.view()["latest"]["reason"] == "Ann concedes CAST: it is struck out; Ann goes back to finding words."


def test_the_claimant_awaits_the_vote_before_the_next_word():
    table, cast = voting_table()
    table.act({"type": "object", "claim": cast.seq}, seat(2))
    with pytest.raises(Rejected) as caught:
        table.act({"type": "claim", "word": "act"}, seat(1))
    assert caught.value.code == "vote_pending" and not caught.value.record  # not a refused word: nothing written
    table.act({"type": "claim", "word": "bag"}, seat(2))  # the others play on
    with pytest.raises(Rejected) as caught:
        table.act({"type": "start"})
    assert caught.value.code in ("challenge_on", "vote_open")


def test_an_earlier_word_stays_open_to_objection_and_striking_it_undoes_what_followed():
    table, cast = voting_table()
    table.act({"type": "add", "piece": "R"}, seat(1))  # a piece added after CAST: it stays
    at = table.claim(1, "bag")  # its leftover red discarded
    table.act({"type": "add", "piece": "B"}, seat(1))
    table.act({"type": "object", "claim": cast.seq}, seat(2), after=5)  # CAST is 8 s old, no longer the latest
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    ruled = table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(4))[-1]
    assert ruled.data["struck"] == [cast.seq, at.seq]
    view = table.view()
    assert [c["status"] for c in view["claims"]] == ["struck", "struck"]
    ann = table.seat_view(1)
    assert ann["words"] == [] and ann["previous_word"] is None
    # back to the pool CAST was claimed from, with the pieces added since: the red before BAG and the blue after
    assert ann["pool"] == str(Pool(**Pool(3, 2, 1, 2).to_dict()).add("red").add("blue"))
    # CAST was ruled on and stays out (ruling 20); BAG went only with it, and may be claimed again
    assert refused_codes(table, 1, "cast") == ("struck",)
    assert table.types(table.act({"type": "claim", "word": "bag"}, seat(1))) == ["claim"]


def test_striking_the_done_word_takes_back_done_and_the_end_and_play_goes_on():
    table = Table(seats=3, joined=True)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    six = six_words(table, 1)
    sixth = [e for e in six if e.type == "claim"][-1]
    table.claim(2, "gab", exact("gab"))  # the extra word
    ended = table.act({"type": "pass"}, seat(3))
    assert table.types(ended) == ["passed", "challenge_ended"]
    table.act({"type": "object", "claim": sixth.seq}, seat(2))
    ruled = table.act({"type": "vote", "claim": sixth.seq, "strike": True}, seat(3))[-1]
    assert ruled.data["outcome"] == "upheld" and ruled.data["reopen"]
    view = table.view()
    assert (view["phase"], view["done_by"]) == ("playing", None)  # Done! and the end are taken back
    assert view["latest"]["reason"] == (
        f"Objection upheld (1 to strike, 0 to keep): {SIX[-1].upper()} is struck out; the end of challenge 1 is taken"
        " back, and Ann goes back to finding words."
    )
    assert len(table.seat_view(1)["words"]) == 5
    assert [w["word"] for w in table.seat_view(2)["words"]] == ["gab"]  # the extra word stays, as an ordinary word
    assert table.seat_view(1)["pool"] == exact(SIX[-1]) and table.seat_view(1)["previous_word"] == SIX[-2]
    # TREE is out this challenge (ruling 20); RETE, from the same pieces, calls Done! again
    assert table.types(table.act({"type": "claim", "word": "rete"}, seat(1))) == ["claim", "done"]


def test_striking_the_last_extra_word_takes_back_the_end():
    table = Table(seats=3, joined=True)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    six_words(table, 1)
    table.act({"type": "pass"}, seat(3))
    extra = table.act({"type": "claim", "word": "gab"}, seat(2))
    ended = extra[-1]
    assert ended.type == "challenge_ended"
    table.act({"type": "object", "claim": extra[0].seq}, seat(3))
    table.act({"type": "vote", "claim": extra[0].seq, "strike": True}, seat(1))
    view = table.view()
    assert view["phase"] == "done_called" and not table.seat_view(2)["extra_word_used"]
    assert table.types(table.act({"type": "claim", "word": "act"}, seat(2))) == ["claim", "challenge_ended"]


def test_after_the_host_ends_a_challenge_a_strike_changes_only_the_sheet():
    table, cast = voting_table(seats=3)
    table.act({"type": "end_challenge"})
    table.act({"type": "object", "claim": cast.seq}, seat(2))
    ruled = table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))[-1]
    assert (ruled.data["reopen"], ruled.data["struck"]) == (False, [cast.seq])
    assert table.view()["phase"] == "between" and table.seat_view(1)["words"] == []


def test_a_refused_attempt_counts_against_nothing():
    table = Table(seats=2, joined=True)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    before, scores = table.seat_view(1), table.view()["scores"]
    for word in ("zzzq", "milk"):  # not a word; not buildable
        with pytest.raises(Rejected):
            table.act({"type": "claim", "word": word}, seat(1))
    assert table.seat_view(1) == before and table.view()["scores"] == scores
    assert [a["word"] for a in table.view(seat(2))["refused"]] == ["zzzq", "milk"]
    assert table.claim(1, "cast")  # and the seat claims as before


def test_striking_the_done_word_of_the_last_challenge_takes_back_the_games_end():
    table = Table(seats=3, joined=True)
    for _ in range(2):
        table.act({"type": "start", "pool": EXAMPLE_POOL})
        table.act({"type": "end_challenge"})
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    sixth = [e for e in six_words(table, 1) if e.type == "claim"][-1]
    table.act({"type": "pass"}, seat(2))
    assert table.types(table.act({"type": "pass"}, seat(3))) == ["passed", "challenge_ended", "game_ended"]
    assert table.view()["winners"] == [1]
    table.act({"type": "object", "claim": sixth.seq}, seat(2))
    table.act({"type": "vote", "claim": sixth.seq, "strike": True}, seat(3))
    view = table.view()
    assert (view["phase"], view["challenge"], view["winners"]) == ("playing", 3, None)  # the game goes on
    assert table.types(table.act({"type": "claim", "word": "rete"}, seat(1))) == ["claim", "done"]


# --- each voice from its own phone, a struck word stays out, nobody decides their own dispute (rulings 19-21) ---


def objected(seats=4, host_plays=None) -> tuple[Table, Event]:
    """Seats 1..n joined (the host playing seat `host_plays`, if any), Ann claimed CAST and Bob (seat 2) objects."""
    table = Table(seats=seats, joined=True, host_plays=host_plays)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    cast = table.claim(1, "cast")
    table.act({"type": "object", "claim": cast.seq}, seat(2))
    return table, cast


@pytest.mark.parametrize(
    "actor, named, says",
    [
        (HOST, 3, "A host with no seat cannot vote"),
        (HOST, None, "A host with no seat cannot vote"),
        (seat(4), 3, "Your token acts for seat 4, not seat 3"),
        (Actor(seat=4, host=True), 3, "Your token acts for seat 4, not seat 3"),  # a seat whose phone hosts
    ],
)
def test_a_vote_is_cast_only_from_the_voters_own_phone(actor, named, says):
    table, cast = objected(host_plays=4 if actor.host and actor.seat else None)
    count = len(table.events)
    vote = {"type": "vote", "claim": cast.seq, "strike": True} | ({} if named is None else {"seat": named})
    with pytest.raises(Forbidden) as caught:
        table.act(vote, actor)
    assert caught.value.message.startswith(says)
    assert "a vote is cast from the voter's own phone" in caught.value.message
    assert "the host's casting vote on a tie is the separate act (settle)" in caught.value.message
    assert len(table.events) == count and table.view()["claims"][0]["vote"]["votes"] == []  # nothing written
    # the voter's own phone, naming its own seat or none
    assert table.types(table.act({"type": "vote", "claim": cast.seq, "strike": True, "seat": 3}, seat(3))) == [
        "objection_vote"
    ]


# Every action a seat makes for itself, as the host would send it for seat `n` (ruling 19).
SEAT_ACTIONS = {
    "claim": lambda n, cast: {"type": "claim", "seat": n, "word": "bag"},
    "add": lambda n, cast: {"type": "add", "seat": n, "piece": "W"},
    "choose_wild": lambda n, cast: {"type": "choose_wild", "seat": n, "piece": "R"},
    "pass": lambda n, cast: {"type": "pass", "seat": n},
    "object": lambda n, cast: {"type": "object", "seat": n, "claim": cast},
    "ask": lambda n, cast: {"type": "ask", "seat": n, "claim": cast},
    "vote": lambda n, cast: {"type": "vote", "seat": n, "claim": cast, "strike": True},
}


@pytest.mark.parametrize("kind", sorted(SEAT_ACTIONS))
@pytest.mark.parametrize("host", [HOST, Actor(seat=1, host=True)], ids=["host", "seat_hosting"])
def test_the_host_acts_for_no_seat_a_phone_holds(kind, host):
    """Ruling 19: the host's token (or a seat's phone the role was handed to) naming a seat whose phone plays is
    refused (403) and writes nothing, whatever the action: it would take that player's word, pool or voice away."""
    table = Table(seats=3, host_plays=1 if host.seat else None)
    table.events += [Event(len(table.events) + n, "seat_joined", stamp(table.now), n, {"seat": n}) for n in (1, 2)]
    table.state = fold(table.events)  # Ann's and Bob's phones; Cy plays without one
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    cast = table.claim(1, "cast").seq
    before = copy.deepcopy(table.state)
    with pytest.raises(Forbidden) as caught:
        decide(table.state, host, SEAT_ACTIONS[kind](2, cast), Context(LEXICONS, table.rng, table.now))
    assert "seat 2 (Bob) has one" in caught.value.message or kind == "vote"
    assert table.state == before
    if kind != "vote":  # Cy plays without a phone: the host acts for her (a refusal, if any, is the game's)
        with contextlib.suppress(Rejected, Refused):
            decide(table.state, host, SEAT_ACTIONS[kind](3, cast), Context(LEXICONS, table.rng, table.now))


def test_the_host_objects_only_for_a_seat_no_phone_holds():
    table = Table(seats=3)
    table.events += [Event(2, "seat_joined", stamp(table.now), 2, {"seat": 2})]  # Bob's phone; Cy plays without one
    table.state = fold(table.events)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    cast = table.claim(1, "cast")
    with pytest.raises(Forbidden) as caught:  # naming Bob as the objector would take his vote away
        table.act({"type": "object", "seat": 2, "claim": cast.seq}, HOST)
    assert "Only the objector's own phone can object: seat 2 (Bob) has one" in caught.value.message
    objection = table.act({"type": "object", "seat": 3, "claim": cast.seq}, HOST)[0]
    assert (objection.by, objection.data["seat"], objection.data["voters"]) == (0, 3, [2])


def strike_cast(table: Table, cast: Event, how: str) -> None:
    """Strike Ann's CAST (objected to by Bob at a four-seat table) the way `how` says."""
    if how == "votes":
        table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
        table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(4))
    elif how == "host":
        table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
        table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))
        table.act({"type": "settle", "claim": cast.seq, "strike": True})
    elif how == "claimant":
        table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(1))
    else:  # the voters keep it, and the host overrules them
        table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(3))
        table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))
        table.act({"type": "overrule", "claim": cast.seq, "stands": False})
    assert table.view()["claims"][0]["status"] == "struck"


@pytest.mark.parametrize(
    "how, why",
    [
        ("votes", "by the table's vote (2 to 0)"),
        ("host", "by the host's casting vote on a tied vote (1 to 1)"),
        ("claimant", "when Ann conceded it"),
        ("overrule", "by the host's ruling"),
    ],
)
def test_a_struck_word_stays_out_for_the_rest_of_the_challenge(how, why):
    table, cast = objected()
    strike_cast(table, cast, how)
    message = f"CAST was struck {why}: it cannot be claimed again this challenge."
    for n, word in ((1, "cast"), (2, "Cast"), (3, "CAST")):  # the claimant again at once, and any other seat
        table.act({"type": "set_pool", "seat": n, "pool": exact("cast")})
        with pytest.raises(Rejected) as caught:
            table.act({"type": "claim", "word": word}, seat(n))
        assert (caught.value.code, caught.value.message) == ("claim_refused", message)
        assert [(o["code"], o["claim"]) for o in caught.value.objections] == [("struck", cast.seq)]
    # refused in public, as every refused attempt (ruling 15), and nothing else moved
    assert [(a["seat"], a["word"], a["objections"]) for a in table.view(seat(4))["refused"]] == [
        (1, "cast", ["struck"]),
        (2, "cast", ["struck"]),
        (3, "cast", ["struck"]),
    ]
    assert [w["word"] for n in (1, 2, 3) for w in table.seat_view(n)["words"]] == []
    assert table.view()["claims"][0]["struck_by"]["by"] == how
    # the next challenge starts afresh
    table.act({"type": "end_challenge"})
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    assert table.types(table.act({"type": "claim", "word": "cast"}, seat(2))) == ["claim"]


def test_a_struck_word_meets_the_judges_other_objections_too():
    table, cast = objected()
    strike_cast(table, cast, "votes")
    table.act({"type": "set_pool", "seat": 2, "pool": "R1"})
    assert refused_codes(table, 2, "cast") == ("struck", "not_buildable")


def test_a_word_the_host_lets_stand_again_is_no_longer_struck():
    table, cast = objected()
    strike_cast(table, cast, "votes")
    table.act({"type": "overrule", "claim": cast.seq, "stands": True})  # the host, who does not play, brings it back
    assert table.ws.struck_word("cast") is None and table.view()["claims"][0]["struck_by"] is None
    table.act({"type": "set_pool", "seat": 2, "pool": exact("cast")})
    assert refused_codes(table, 2, "cast") == ("already_claimed",)  # it stands: claimed, not struck
    table.act({"type": "overrule", "claim": cast.seq, "stands": False})  # and struck again: out again
    assert refused_codes(table, 2, "cast") == ("struck",)


# Ruling 21 at every size: who plays the host (None: the host has no seat), the votes cast, and what the count says:
# (outcome, by, reason). The claimant is seat 1, the objector seat 2, the voters seats 3 and up.
ROLES = {None: None, "claimant": 1, "objector": 2, "voter": 3}
SIZES = [
    (2, None, {}, ("overruled", "judge", "no_voters")),
    (2, "claimant", {}, ("overruled", "judge", "no_voters")),
    (2, "objector", {}, ("overruled", "judge", "no_voters")),
    (3, None, {3: True}, ("upheld", "votes", None)),
    (3, None, {3: False}, ("overruled", "votes", None)),
    (3, None, {}, ("overruled", "judge", "no_quorum")),
    (3, "claimant", {3: True}, ("upheld", "votes", None)),
    (3, "objector", {3: False}, ("overruled", "votes", None)),
    (3, "voter", {3: True}, ("upheld", "votes", None)),
    (4, None, {3: True, 4: True}, ("upheld", "votes", None)),
    (4, None, {3: False, 4: False}, ("overruled", "votes", None)),
    (4, None, {3: True}, ("overruled", "judge", "no_quorum")),
    (4, "claimant", {3: True}, ("overruled", "judge", "no_quorum")),
    (4, None, {3: True, 4: False}, ("tied", "votes", None)),
    (4, "voter", {3: True, 4: False}, ("tied", "votes", None)),  # the host voted, and is no party: breaks the tie
    (4, "claimant", {3: True, 4: False}, ("overruled", "judge", "host_party")),
    (4, "objector", {3: False, 4: True}, ("overruled", "judge", "host_party")),
    (5, None, {3: True, 4: True}, ("upheld", "votes", None)),  # 2 of 3 voters
    (5, None, {3: True}, ("overruled", "judge", "no_quorum")),
    (6, None, {3: True, 4: True}, ("overruled", "judge", "no_quorum")),  # 2 of 4 is not more than half
    (6, None, {3: True, 4: True, 5: False}, ("upheld", "votes", None)),
]


@pytest.mark.parametrize("seats, host, cast_votes, expected", SIZES)
def test_nobody_decides_their_own_dispute_and_a_lone_voice_is_not_a_table(seats, host, cast_votes, expected):
    table, cast = objected(seats, host_plays=ROLES[host])
    written = list(table.events[-2:])
    for voter, strike in cast_votes.items():
        written += table.act({"type": "vote", "claim": cast.seq, "strike": strike}, seat(voter))
    if not any(e.type == "objection_ruled" for e in written):  # the window closes: anyone counts
        written += table.act({"type": "count_votes", "claim": cast.seq}, seat(1), after=31)
    (ruled,) = [e for e in written if e.type == "objection_ruled"]
    assert (ruled.data["outcome"], ruled.data["by"], ruled.data.get("reason")) == expected
    assert table.view()["claims"][0]["status"] == ("struck" if expected[0] == "upheld" else "stands")
    host = seat(ROLES[host]) if ROLES[host] else HOST
    if expected[0] == "tied":  # the host, who is no party, casts the deciding vote
        settled = table.act({"type": "settle", "claim": cast.seq, "strike": False}, host)[0]
        assert (settled.data["outcome"], settled.data["by"]) == ("overruled", "host")
    else:
        with pytest.raises(Rejected) as caught:
            table.act({"type": "settle", "claim": cast.seq, "strike": True}, host)
        assert caught.value.code == "not_tied"
    # the judge's verdict stands unless the claimant concedes
    assert table.view()["claims"][0]["may_concede"] is (expected[1] == "judge")


def test_a_tie_in_the_hosts_own_dispute_says_why_the_judges_verdict_stands():
    table, cast = objected(4, host_plays=1)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))
    assert table.view()["latest"]["reason"] == (
        "Objection overruled: the vote is tied (1 to strike, 1 to keep) and the host, Ann, made the claim: the host "
        "does not decide their own dispute, so the judge's verdict stands: CAST stands; Ann may still concede it."
    )


def test_a_voter_removed_before_voting_is_waited_for_no_longer_and_the_count_follows():
    """Ruling 21: a seat with no phone is no voter. Di leaves before voting: Cy's strike is 1 of 1, counted at once,
    and an undo of the removal brings back the vote as it was, Di a voter again."""
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    assert table.view()["claims"][0]["vote"]["state"] == "open"
    written = table.act({"type": "remove", "seat": 4})
    ruled = [(e.data["outcome"], e.data["by"], e.data["strike"]) for e in written if e.type == "objection_ruled"]
    assert ruled == [("upheld", "votes", 1)] and table.view()["claims"][0]["status"] == "struck"
    table.act({"type": "undo"})
    vote = table.view()["claims"][0]["vote"]
    assert vote["state"] == "open" and vote["voters"] == [3, 4]


def test_a_voter_removed_after_voting_keeps_the_vote_cast():
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))
    written = table.act({"type": "remove", "seat": 4})
    assert not [e for e in written if e.type == "objection_ruled"]  # Cy has yet to vote
    ruled = table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))[-1]
    assert (ruled.data["outcome"], ruled.data["keep"], ruled.data["strike"]) == ("tied", 1, 1)


def test_a_tie_whose_host_becomes_a_party_is_counted_at_once_and_the_judges_verdict_stands():
    """Ruling 21: the host breaks a tie, unless the dispute is the host's own. Handed to Ann, who claimed the word,
    the role cannot break this tie: it is counted at once, and every phone reads that the judge's verdict stands."""
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    tied = table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))[-1]
    assert tied.data["outcome"] == "tied"
    written = table.act({"type": "hand_host", "seat": 1})
    assert [e.type for e in written] == ["host_handed", "objection_ruled"]
    assert (written[1].data["outcome"], written[1].data["reason"], written[1].data["host"]) == (
        "overruled",
        "host_party",
        1,
    )
    assert "the host, Ann, made the claim" in table.view()["latest"]["reason"]


def test_a_seat_the_hosts_token_joined_is_the_hosts_until_another_phone_joins_it():
    table = Table(seats=4)
    joins = [Event(1 + n, "seat_joined", stamp(table.now), 0 if n == 2 else n, {"seat": n}) for n in range(1, 5)]
    table.events += joins  # Bob's seat was joined with the host's token: the host's phone (or one the host seated)
    table.state = fold(table.events)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    cast = table.claim(1, "cast")
    table.act({"type": "object", "claim": cast.seq}, seat(2))
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    ruled = table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))[-1]
    assert (ruled.data["outcome"], ruled.data["reason"], ruled.data["host"]) == ("overruled", "host_party", 2)
    with pytest.raises(Rejected) as caught:  # nor does the host's overrule strike the word the host objected to
        table.act({"type": "overrule", "claim": cast.seq, "stands": False})
    assert caught.value.code == "own_dispute"
    # Bob's seat given to his own phone: the host is no longer a party
    table.act({"type": "release", "seat": 2})
    table.events.append(Event(len(table.events) + 1, "seat_joined", stamp(table.now), 2, {"seat": 2}))
    table.state = fold(table.events)
    table.act({"type": "overrule", "claim": cast.seq, "stands": False})
    assert table.view()["claims"][0]["status"] == "struck"


@pytest.mark.parametrize("host_plays", [None, 1, 2, 3])
@pytest.mark.parametrize("votes", [(), (True,), (False,), (True, True), (False, False)])
def test_the_hosts_overrule_button_is_offered_exactly_when_the_overrule_is_taken(host_plays, votes):
    """`overrulable` (the host's Strike or Let stand button) holds just when the overrule it sends is accepted: a
    button is never offered only to be refused (the host's own dispute, ruling 21), nor hidden from a lawful one."""
    from tables.wordsmith import overrulable

    table, cast = objected(4, host_plays=host_plays)
    for n, strike in zip((3, 4), votes, strict=False):
        if n != host_plays:
            table.act({"type": "vote", "claim": cast.seq, "strike": strike}, seat(n))
    if votes:  # counted once the window is over: too few votes leave the judge's verdict standing (ruling 21)
        table.act({"type": "count_votes", "claim": cast.seq}, HOST, after=120)
    state = table.state
    record = state.game_state.claims[cast.seq]
    trying = copy.deepcopy(table)
    try:
        trying.act({"type": "overrule", "claim": cast.seq, "stands": record.status != "stands"})
        taken = True
    except Rejected:
        taken = False
    assert overrulable(state, cast.seq) == taken


def test_the_host_who_is_a_party_overrules_only_against_their_own_side():
    table, cast = objected(2, host_plays=1)  # the host's own word, Bob's objection: the judge's verdict stood
    table.act({"type": "overrule", "claim": cast.seq, "stands": False})  # striking it is the host's concession
    with pytest.raises(Rejected) as caught:
        table.act({"type": "overrule", "claim": cast.seq, "stands": True})
    assert caught.value.code == "own_dispute" and "the host's own word" in caught.value.message
    table, cast = objected(2, host_plays=2)  # the host objected to Ann's word
    with pytest.raises(Rejected) as caught:
        table.act({"type": "overrule", "claim": cast.seq, "stands": False})
    assert caught.value.code == "own_dispute" and "a word the host objected to" in caught.value.message
    table, cast = objected(3, host_plays=1)  # Cy upholds the objection to the host's word
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    with pytest.raises(Rejected) as caught:
        table.act({"type": "overrule", "claim": cast.seq, "stands": True}, seat(1))
    assert caught.value.code == "own_dispute"


def test_the_claimant_concedes_while_the_vote_is_open_or_until_playing_on():
    table, cast = objected(4)
    with pytest.raises(Rejected) as caught:  # the claimant's keep is said already: the claim
        table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(1))
    assert caught.value.code == "not_a_voter"
    conceded = table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(1))[0]
    assert (conceded.data["outcome"], conceded.data["by"], conceded.by) == ("upheld", "claimant", 1)
    with pytest.raises(Rejected) as caught:  # the vote is over
        table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    assert caught.value.code == "vote_closed"
    table, cast = objected(2)  # no voter: the judge's verdict stood at once
    table.act({"type": "add", "piece": "R"}, seat(1))  # Ann plays on
    assert not table.view()["claims"][0]["may_concede"]
    with pytest.raises(Rejected) as caught:
        table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(1))
    assert caught.value.code == "vote_closed" and "can no longer be conceded" in caught.value.message


def test_a_casting_vote_the_host_became_a_party_to_lets_the_judges_verdict_stand():
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))  # tied, for a host with no seat
    table.act({"type": "hand_host", "seat": 1})  # the role moves to the claimant's phone before the casting vote
    ruled = table.events[-1]  # counted with the hand-over: the tie does not wait for a casting vote no one may cast
    assert (ruled.type, ruled.data["by"], ruled.data["reason"]) == ("objection_ruled", "judge", "host_party")
    assert table.view()["claims"][0]["vote"]["state"] == "overruled"
    with pytest.raises(Rejected) as caught:
        table.act({"type": "settle", "claim": cast.seq, "strike": False}, seat(1))
    assert caught.value.code == "not_tied"


def tied_then_handed(host_plays=1) -> tuple[Table, Event]:
    """CAST (Ann's) objected to by Bob, tied by Cy's strike and Di's keep, then the host role handed to `host_plays`:
    a party to the tie, so the hand-over counts it and the judge's verdict stands (ruling 21)."""
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))
    written = table.act({"type": "hand_host", "seat": host_plays})
    assert [(e.type, e.by, e.data.get("reason")) for e in written] == [
        ("host_handed", 0, None),
        ("objection_ruled", None, "host_party"),
    ]
    return table, cast


def replays(table: Table) -> None:
    assert fold(table.events).to_dict(None) == table.state.to_dict(None)


def test_an_undo_passes_over_a_hand_over_and_the_count_it_brought_and_takes_back_the_vote_that_tied():
    """docs/rules/tables.md, ruling 3: the hand-over is passed over, and the count it brought with it: Di's keep, which
    tied the vote, is the action undone, and the count goes with it (the tie it counted is gone). The vote is open
    again for Di, in a fresh window; tied again, the new host (Ann, the claimant) is a party: the judge's verdict."""
    table, cast = tied_then_handed(host_plays=1)
    ann = Actor(seat=1, host=True)
    view = table.state.to_dict(ann)["undoable"]
    assert (view["type"], view["seat"], view["word"], view["also"]) == ("objection_vote", 4, "cast", [13])
    undone = table.act({"type": "undo", "seq": view["seq"]}, ann)[0].data
    assert (undone["first"], undone["last"], undone["also"], undone["reopens"]) == (10, 11, [13], [cast.seq])
    vote = table.view()["claims"][0]["vote"]
    assert (vote["state"], vote["waiting"]) == ("open", [4])
    assert table.state.host_seat == 1  # the hand-over stays
    replays(table)
    again = table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))[-1]
    assert (again.data["outcome"], again.data["by"], again.data["reason"]) == ("overruled", "judge", "host_party")
    table.act({"type": "undo"}, ann)  # Di's keep again, then Cy's strike, the objection, the claim, the start
    assert [table.act({"type": "undo"}, ann)[0].data["type"] for _ in range(4)] == [
        "objection_vote",
        "objection",
        "claim",
        "challenge_started",
    ]
    assert table.state.host_seat == 1 and table.view()["claims"] == []
    replays(table)


def test_an_undo_behind_a_hand_over_of_an_action_about_another_vote_leaves_the_count_standing():
    """The count the hand-over brought stands while what it counted does: Bob's added piece, undone, was not about
    CAST's vote, which stays counted; the next undo, Di's keep, takes the count with it."""
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))
    table.act({"type": "add", "piece": "R"}, seat(2))
    table.act({"type": "hand_host", "seat": 1})
    undone = table.act({"type": "undo"}, seat(1))[0].data
    assert (undone["type"], "also" in undone, "reopens" in undone) == ("piece_added", False, False)
    assert table.view()["claims"][0]["vote"]["state"] == "overruled"  # the judge's verdict stands
    replays(table)
    undone = table.act({"type": "undo"}, seat(1))[0].data
    assert (undone["type"], undone["seat"], len(undone["also"]), undone["reopens"]) == (
        "objection_vote",
        4,
        1,
        [cast.seq],
    )
    assert table.view()["claims"][0]["vote"]["state"] == "open"
    replays(table)


def test_a_count_written_with_a_casting_vote_the_host_may_not_cast_is_passed_over_as_the_join_before_it():
    """The host's phone joins Ann's seat after the tie (the host is now a party, ruling 21): the casting vote is
    refused and the count written with it. The undo passes over both, and the join, to Di's keep; the count goes
    with it."""
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))
    table.act({"type": "release", "seat": 1})
    table.act({"type": "join", "seat": 1})  # with the host's token: the host plays Ann's seat now
    with pytest.raises(Rejected) as caught:
        table.act({"type": "settle", "claim": cast.seq, "strike": True})
    assert caught.value.code == "own_dispute" and table.events[-1].type == "objection_ruled"
    undone = table.act({"type": "undo"})[0].data
    assert (undone["type"], undone["seat"], undone["also"]) == ("objection_vote", 4, [table.events[-2].seq])
    assert table.view()["claims"][0]["vote"]["state"] == "open"
    replays(table)


def test_a_vote_counted_with_a_hand_over_after_its_window_closed_goes_with_an_undone_ballot():
    """A window closes with Cy's strike alone; the hand-over counts it (no quorum: the judge's verdict). Undoing Cy's
    strike takes that count with it: the vote is open again for Cy, in a fresh window."""
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    written = table.act({"type": "hand_host", "seat": 3}, after=60)
    assert [(e.type, e.data.get("reason")) for e in written] == [
        ("host_handed", None),
        ("objection_ruled", "no_quorum"),
    ]
    undone = table.act({"type": "undo"}, seat(3))[0].data
    assert (undone["type"], undone["also"], undone["reopens"]) == ("objection_vote", [written[1].seq], [cast.seq])
    vote = table.view()["claims"][0]["vote"]
    assert (vote["state"], vote["waiting"], vote["closes_at"]) == ("open", [3, 4], undone["closes_at"])
    replays(table)


def test_an_undone_concession_after_the_judges_verdict_stood_names_no_vote_reopened():
    """Ruling 3: Ann hosts and objects to Bob's CAST; Cy and Di split, and the judge's verdict stands (ruling 21). Bob
    concedes; the host undoes the concession: the table is as before it, the vote closed, so `reopens` names none."""
    table = Table(seats=4, joined=True, host_plays=1)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    cast = table.claim(2, "cast")
    table.act({"type": "object", "claim": cast.seq}, seat(1))
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    ruled = table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))[-1]
    assert (ruled.data["by"], ruled.data["reason"]) == ("judge", "host_party")
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(2))  # Bob concedes
    undone = table.act({"type": "undo"}, seat(1))[0].data
    assert (undone["type"], "reopens" in undone, "closes_at" in undone) == ("objection_ruled", False, False)
    assert table.view()["claims"][0]["vote"]["state"] == "overruled"
    assert "reopens" not in table.state.to_dict(None)["undone"] and not table.state.given_back


def test_an_undone_casting_vote_names_no_vote_reopened_for_it_is_tied_again():
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))
    table.act({"type": "settle", "claim": cast.seq, "strike": True})
    undone = table.act({"type": "undo"})[0].data
    assert (undone["type"], "reopens" in undone) == ("objection_ruled", False)
    assert table.view()["claims"][0]["vote"]["state"] == "tied"


def host_of(table: Table) -> Actor:
    """Whoever acts as the host now: the seat whose phone the role was handed to, or the host's own phone."""
    return Actor(seat=table.state.host_seat, host=True) if table.state.host_seat else HOST


def open_vote_of(ws, seq: int):
    """The claim `seq` when the table is voting on it (its vote open), else None."""
    voted = ws.claims.get(seq) or ws.asks.get(seq)
    return voted if voted is not None and voted.vote is not None and voted.vote["state"] == "open" else None


def dispute_step(table: Table, cast: Event, step: str) -> None:
    """One step of a dispute over CAST (Ann's, Bob's objection): the next voter's keep or strike, Ann's concession,
    a casting vote, a count once the window closed, the host role handed on, an unrelated piece or claim."""
    claim = table.ws.claims.get(cast.seq)  # undone, it is refused: the vote on it is gone
    vote = (claim.vote if claim is not None else None) or {}
    waiting = [n for n in vote.get("voters", ()) if n not in vote.get("votes", {})]
    actions = {
        "keep": ({"type": "vote", "claim": cast.seq, "strike": False}, seat(waiting[0] if waiting else 3)),
        "strike": ({"type": "vote", "claim": cast.seq, "strike": True}, seat(waiting[0] if waiting else 3)),
        "concede": ({"type": "vote", "claim": cast.seq, "strike": True}, seat(1)),
        "settle keep": ({"type": "settle", "claim": cast.seq, "strike": False}, host_of(table)),
        "settle strike": ({"type": "settle", "claim": cast.seq, "strike": True}, host_of(table)),
        "count": ({"type": "count_votes", "claim": cast.seq}, seat(2)),
        "add": ({"type": "add", "piece": "R"}, seat(4)),
        "bag": ({"type": "claim", "word": "bag"}, seat(3)),
        **{f"hand {n}": ({"type": "hand_host", "seat": n}, host_of(table)) for n in range(1, 5)},
    }
    action, actor = actions[step]
    try:
        table.act(action, actor, after=40.0 if step == "count" else 1.0)
    except (Rejected, Refused, Forbidden):
        pass  # refused: a refusal's record (a count) may be written all the same


STEPS = ["keep", "strike", "concede", "settle keep", "settle strike", "count", "add", "bag"]
STEPS += [f"hand {n}" for n in range(1, 5)] + ["undo"] * 3


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([None, 1, 2, 3, 4]), st.lists(st.sampled_from(STEPS), max_size=8), st.integers(1, 6))
@example(2, ["strike", "keep", "concede"], 1)  # a concession after the judge's verdict stood (the host objected)
@example(None, ["strike", "keep", "settle keep"], 1)  # the casting vote
@example(None, ["keep", "strike", "hand 1"], 2)  # a tie counted by a hand-over
def test_an_undo_names_in_reopens_exactly_the_votes_it_opens_again(host_plays, steps, undos):
    """Ruling 3, whatever the ballots, counts, concessions, casting votes and hand-overs before it: a vote an undo's
    `reopens` names is open after the undo, with the undo's fresh window; a vote open after the undo that it does not
    name was open before it with the same ballots (the undo did not touch it)."""
    table, cast = objected(4, host_plays=host_plays)
    for step in steps + ["undo"] * undos:
        if step != "undo":
            dispute_step(table, cast, step)
            continue
        before = copy.deepcopy(table.ws)
        try:
            undone = table.act({"type": "undo"}, host_of(table))[0].data
        except Rejected:
            break  # nothing left to undo
        ws = table.ws
        named = set(undone.get("reopens") or ())
        assert named <= set(ws.claims) | set(ws.asks)
        for seq in set(ws.claims) | set(ws.asks):
            voted = open_vote_of(ws, seq)
            if seq in named:
                assert voted is not None and voted.vote["closes_at"] == undone["closes_at"], (seq, undone)
            elif voted is not None:
                was = open_vote_of(before, seq)
                assert was is not None and was.vote["votes"] == voted.vote["votes"], (seq, undone)
    assert fold(table.events).to_dict(None) == table.state.to_dict(None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([None, 1, 2, 3, 4]), st.lists(st.sampled_from(STEPS), max_size=10))
@example(None, ["keep", "strike", "hand 1"])  # a tie, then the role to its claimant's phone
@example(None, ["strike", "count", "hand 3"])  # a window closed, counted by the hand-over
@example(3, ["add", "keep", "strike", "bag", "hand 2", "add"])
def test_undo_takes_back_every_action_to_the_first_whatever_the_hand_overs_and_counts(host_plays, steps):
    """Ruling 3: undo after undo, every action is taken back, back to the table's first: what stays in effect is the
    table's own events (joins, hand-overs), never a game's event, nor a count a hand-over brought."""
    from tables.state import TABLE_EVENTS

    table, cast = objected(4, host_plays=host_plays)
    for step in steps:
        if step == "undo":
            with contextlib.suppress(Rejected):
                table.act({"type": "undo"}, host_of(table))
        else:
            dispute_step(table, cast, step)
    for _ in range(4 * len(table.events)):
        try:
            table.act({"type": "undo"}, host_of(table))
        except Rejected as caught:
            assert caught.code == "nothing_to_undo"
            break
    left = [(e.seq, e.type) for e in table.state.log if e.type not in TABLE_EVENTS]
    assert left == [] and table.ws.claims == {} and table.ws.phase == "waiting"
    assert fold(table.events).to_dict(None) == table.state.to_dict(None)


def fresh_scores(table: Table) -> dict:
    """The scores drawn from the sheets now, without the ones scored before (`scored`'s memo)."""
    from solver.wordsmith import score_sheets

    return score_sheets(table.ws.sheets(), table.ws.variant).to_dict()


def unnamed(sheet: dict) -> dict:
    return {k: v for k, v in sheet.items() if k not in ("player", "seat")}


def test_sheets_scored_one_by_one_add_up_as_scored_together_in_any_order():
    """`scored` keeps each sheet's score: the same sheets in another order, or beside other sheets, score as
    score_sheets scores them all at once (its totals, its winners and high score)."""
    from solver.wordsmith import score_sheets
    from tables.wordsmith.model import scored

    table = Table(seats=3)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.claim(1, "bag", pool=exact("bag"))
    table.claim(2, "cast", pool=exact("cast"))
    ann, bob, cy = table.ws.sheets()
    for sheets in ([ann, bob, cy], [cy, bob, ann], [bob, ann], [ann], [cy, cy | {"player": "4"}]):
        for variant in ("standard", "word_by_word"):
            assert scored(variant, sheets) == score_sheets(sheets, variant).to_dict()


def test_the_scores_a_view_shows_follow_every_sheet_and_each_tables_names():
    ann_first, cy_first = Table(seats=2), Table(seats=3)
    for table in (ann_first, cy_first):
        table.act({"type": "start", "pool": EXAMPLE_POOL})
    for word in ("bag", "cast"):
        for table in (ann_first, cy_first):
            table.claim(1, word, pool=exact(word))
            scores = table.view()["scores"]
            fresh = fresh_scores(table)
            assert [unnamed(s) for s in scores["sheets"]] == [unnamed(s) for s in fresh["sheets"]]
            assert scores["winners"] == [int(w) for w in fresh["winners"]]
            assert (scores["high_score"], scores["variant"]) == (fresh["high_score"], fresh["variant"])
            assert [s["player"] for s in scores["sheets"]] == ["Ann", "Bob", "Cy"][: len(table.ws.seats)]
            scores["sheets"][0]["player"] = "changed by a reader"  # a reader's copy, not the next view's
            assert table.view()["scores"]["sheets"][0]["player"] == "Ann"
    # The same words on both tables score alike, whatever else the other seats have.
    assert ann_first.view()["scores"]["sheets"][0]["total"] == cy_first.view()["scores"]["sheets"][0]["total"] > 0
