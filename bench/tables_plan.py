"""The words bench/tables.py claims: for each starting pool it sets, six valid claims per seat.

Every planned claim is judged by `solver.wordsmith.judge_claim` before the run, with the whole
table's state, so a 409 in a run is the server's disagreement, not the plan's.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

SEATS = ("Ann", "Bob", "Cy", "Dee")


@dataclass(frozen=True)
class Challenge:
    """A starting pool the host sets, and the claims (seat, word) that follow it, in the order they are sent."""

    pool: str
    claims: tuple[tuple[int, str], ...]


def plan_challenges(
    seats: int = 4, lexicon_name: str = "standard", pieces: int = 8, limit: int | None = None
) -> list[Challenge]:
    """Every starting pool of `pieces` pieces whose seats can each claim six words without adding a piece.

    Per seat, each word is built from the pieces of the seat's previous word (after
    a claim the leftovers are discarded) and has a new letter; no word is claimed
    twice at the table. Seats take turns; each picks, of the words its pieces build,
    the one whose own pieces build the most words (so the chain goes on). Every
    claim is then judged by the rules engine as the table will judge it.
    """
    from collections import Counter as Letters
    from functools import cache

    from solver.lexicon import load_lexicons
    from solver.pieces import Pool, load_alphabet
    from solver.search import piece_index, solve
    from solver.wordsmith import judge_claim

    lexicon = load_lexicons()[lexicon_name]
    alphabet = load_alphabet()
    index = piece_index(lexicon, alphabet)

    @cache
    def builds(cost: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
        return [(w, alphabet.cost(w)) for w in solve(index, Pool(*cost), limit=1000).page if w.isalpha()]

    def new_letter(word: str, previous: str) -> bool:
        return not previous or bool(Letters(word) - Letters(previous))

    plans = []
    for counts in itertools.product(range(pieces + 1), repeat=4):
        if sum(counts) != pieces:
            continue
        used: set[str] = set()
        chains: list[list[str]] = [[] for _ in range(seats)]
        holding = [("", counts)] * seats
        for _round in range(6):
            for seat in range(seats):
                previous, cost = holding[seat]
                choices = [(w, c) for w, c in builds(cost) if w not in used and new_letter(w, previous)]
                if not choices:
                    break
                word, word_cost = max(choices, key=lambda wc: (len(builds(wc[1])), len(wc[0]), wc[0]))
                used.add(word)
                chains[seat].append(word)
                holding[seat] = (word, word_cost)
        if any(len(chain) < 6 for chain in chains):
            continue
        pool = str(Pool(*counts))
        claims = tuple((seat + 1, chains[seat][n]) for n in range(6) for seat in range(seats))
        _judge_plan(pool, claims, seats, lexicon, alphabet, judge_claim)
        plans.append(Challenge(pool, claims))
        if len(plans) == limit:
            break
    return plans


def _judge_plan(pool: str, claims, seats: int, lexicon, alphabet, judge_claim) -> None:
    """Raise if the rules engine refuses any planned claim, judged with the whole table's state."""
    pools = {seat: pool for seat in range(1, seats + 1)}
    previous = dict.fromkeys(pools, "")
    discards = dict.fromkeys(pools, 0)
    written = dict.fromkeys(pools, 0)
    claimed: list[str] = []
    done = False
    for seat, word in claims:
        verdict = judge_claim(
            word,
            pools[seat],
            lexicon,
            alphabet=alphabet,
            previous_word=previous[seat],
            claimed=claimed,
            discards_used=discards[seat],
            words_written=written[seat],
            after_done=done,
        )
        if not verdict.valid:
            raise AssertionError(f"planned claim {word!r} (seat {seat}, pool {pool}) refused: {verdict.codes}")
        pools[seat], previous[seat], discards[seat] = verdict.pieces, word, verdict.discards_after
        written[seat] += 1
        claimed.append(word)
        done = done or written[seat] == 6


async def take_turns(
    tables: list,
    dues: Iterable[float],
    claim: Callable,
    next_challenge: Callable,
    spawn: Callable,
    others: Counter,
) -> None:
    """The steady schedule both modes play: at each due time (monotonic seconds), the next table in turn with
    no action in flight claims its next planned word (`claim(table, seat, word, due)`), or, its challenge's
    words all claimed, starts the next challenge (`next_challenge(table)`, which does not use the turn); a turn
    with every table busy is skipped and counted."""
    turn = itertools.cycle(tables)
    for due in dues:
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        for table in itertools.islice(turn, len(tables)):
            if table.busy or table.over:
                continue
            table.busy = True
            if table.todo:
                seat, word = table.todo.popleft()
                spawn(claim(table, seat, word, due))
                break
            spawn(next_challenge(table))  # not a claim: the turn goes on to the next table
        else:
            others["turns skipped"] += 1


def due_times(start: float, rate: float, seconds: float, index: int = 0, count: int = 1) -> Iterable[float]:
    """The due times of one client of `count` (its `index`) sharing a steady `rate` a second for `seconds`."""
    return itertools.takewhile(
        lambda due: due < start + seconds, (start + (index + k * count) / rate for k in itertools.count())
    )
