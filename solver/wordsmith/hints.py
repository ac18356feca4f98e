"""Hint the best claims a pool allows, and the odds of the next roll."""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from math import ceil

import numpy as np

from .. import budget
from ..limits import MAX_LIMIT, MAX_POOL_PIECES
from ..pieces import KINDS, Pool, load_box, parse_pool
from ..search import PieceIndex, Query, check_page, check_sort, small_pool, solve
from .boxes import DiscardBoxes, discard_boxes

# --- hints -------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """One claim the pool can make now: its letters, the discards it costs, and its net points."""

    word: str
    letters: int
    pieces: Pool
    leftover: Pool
    bonus_lost: int
    net: int  # letters minus the blue boxes the leftovers check
    familiarity: float = 0.0  # Zipf frequency (solver.lexicon.OBSCURE_BELOW)

    def to_dict(self) -> dict:
        return {
            "word": self.word,
            "letters": self.letters,
            "net": self.net,
            "discards": self.leftover.size,
            "bonus_lost": self.bonus_lost,
            "pieces": self.pieces.to_dict(),
            "leftover": self.leftover.to_dict(),
            "familiarity": self.familiarity,
        }


@dataclass(frozen=True)
class RollFace:
    """One face a die can show, its chance, and the best claim the pool then makes."""

    face: str
    chance: float
    best: Hint | None

    def to_dict(self) -> dict:
        return {"face": self.face, "chance": self.chance, "best": self.best.to_dict() if self.best else None}


@dataclass(frozen=True)
class Hints:
    """The best claims now, the best new claims one more piece of each kind opens, and a die's worth."""

    pool: Pool
    boxes: DiscardBoxes
    claims: tuple[Hint, ...]
    add: dict[str, tuple[Hint, ...]]  # kind (or "wild") -> new claims; empty when pieces may not be added
    roll: tuple[RollFace, ...]  # empty when pieces may not be added
    may_add_pieces: bool

    @property
    def expected_roll_net(self) -> float | None:
        """Return the expected net points of the best claim after rolling one die (no claim counts 0)."""
        if not self.roll:
            return None
        return sum(face.chance * (face.best.net if face.best else 0) for face in self.roll)

    def to_dict(self) -> dict:
        expected = self.expected_roll_net
        return {
            "pool": self.pool.to_dict(),
            "discards_used": self.boxes.checked,
            "crossed_white": self.boxes.crossed_white,
            "boxes_left": self.boxes.left,
            "free_discards_left": self.boxes.free_left,
            "may_add_pieces": self.may_add_pieces,
            "claims": [h.to_dict() for h in self.claims],
            "add": {kind: [h.to_dict() for h in found] for kind, found in self.add.items()},
            "roll": {
                "faces": [f.to_dict() for f in self.roll],
                "expected_net": None if expected is None else round(expected, 4),
            }
            if self.roll
            else None,
        }


def _rank(hint: Hint) -> tuple:
    """The order of the best claims: net points, then letters, fewest left over, most familiar, alphabetical."""
    return (-hint.net, -hint.letters, hint.leftover.size, -hint.familiarity, hint.word)


# How `sort` lists the claims chosen by `_rank` (the same claims in every order).
ORDERS: dict[str, Callable[[Hint], tuple]] = {
    "score": _rank,
    "alphabetical": lambda hint: hint.word,
    "familiar": lambda hint: (-hint.familiarity, *_rank(hint)),
}


def _best_claims(
    index: PieceIndex, pool: Pool, query: Query, boxes: DiscardBoxes, limit: int, new_since: Pool | None = None
) -> list[Hint]:
    """Return the `limit` best claims by net points (only words `new_since` cannot build, if given).

    Reads solve() one word length at a time, longest first. A word's net
    points never exceed its letters, and within one length solve() lists the
    fewest leftovers (the highest net) first, so the reading stops as soon as
    `limit` claims are found that no later word can beat; within a length it
    also stops once the leftovers outgrow the boxes left, or (for new words)
    once every new word of that length has been seen.
    """
    if limit <= 0:
        return []
    if boxes.left == 0:
        query = replace(query, use_all=True)
    # A word leaving more pieces than the boxes left cannot be claimed: it must
    # use at least pool.size - boxes.left pieces, and no letter has more pieces
    # than the alphabet's dearest one, which bounds its length from below.
    dearest = max(sum(letter.cost) for letter in index.alphabet.letters.values())
    shortest = max(query.min_length, ceil((pool.size - boxes.left) / dearest))
    found: list[Hint] = []  # the best so far, kept in rank order

    def beaten(net: int) -> bool:
        """Tell whether `limit` claims found so far all net at least `net` (found claims are never shorter)."""
        return len(found) >= limit and found[limit - 1].net >= net

    for length in index.lengths:
        if length > query.max_length:
            continue
        if length < shortest or beaten(length):
            break
        budget.check()
        at_length = replace(query, min_length=length, max_length=length)
        total = solve(index, pool, at_length, limit=0).total
        unseen = total
        if new_since is not None and not query.use_all:  # with use_all every word is new: it uses the added piece
            unseen -= solve(index, new_since, at_length, limit=0).total
        offset = 0
        while unseen > 0 and offset < total:
            words = solve(index, pool, at_length, limit=MAX_LIMIT, offset=offset).words
            offset += MAX_LIMIT
            for word in words:
                left = word.leftover.size
                lost = boxes.blue_cost(left)
                if left > boxes.left or beaten(length - lost):
                    unseen = 0  # every later word of this length leaves as many pieces or more
                    break
                if new_since is not None and new_since.fits(index.alphabet.cost(word.word)):
                    continue
                unseen -= 1
                hint = Hint(word.word, length, word.pieces, word.leftover, lost, length - lost, word.familiarity)
                insort(found, hint, key=_rank)
                del found[limit:]
    return found


def _best_claims_table(
    index: PieceIndex,
    pool: Pool,
    candidates: Candidates,
    boxes: DiscardBoxes,
    limit: int,
    use_all: bool = False,
    new_since: Pool | None = None,
) -> list[Hint]:
    """Return what `_best_claims` returns, from passes over the word table's groups.

    Whether a pool pays for a word, what it leaves over and so its net points
    depend only on the word's group (cost and length): each pool costs a few
    passes over the groups, which are far fewer than the words, never over the
    words. The groups' candidate counts give the limit-th best net points;
    only the words of the groups at or above it are read (about `limit`
    words, plus those tied with it) and sorted by net points, then rank
    (longest, fewest left over, most familiar, A-Z). Reading every candidate word per pool
    instead was dear, and a request asks about eleven pools
    (bench/worst_case.py measures it).
    """
    if limit <= 0:
        return []
    budget.check()
    table = index.table
    left = pool.size - table.group_pieces
    claimable = candidates.fits(pool) & (left <= (0 if use_all or boxes.left == 0 else boxes.left))
    if new_since is not None:
        claimable &= ~candidates.fits(new_since)
    shown = np.flatnonzero(claimable & (candidates.per_group > 0))
    if not len(shown):
        return []
    lost = np.maximum(np.minimum(left[shown], boxes.left) - boxes.free_left, 0)
    net = table.group_length[shown].astype(np.int64) - lost
    # the limit-th best net points, from the candidates per net value counted from the top
    lowest, top = int(net.min()), int(net.max())
    from_top = np.cumsum(np.bincount(top - net, weights=candidates.per_group[shown]))
    cutoff = top - min(int(np.searchsorted(from_top, limit)), top - lowest)
    chosen = net >= cutoff
    groups, counts = shown[chosen], candidates.per_group[shown[chosen]]
    # the chosen groups' words: one slice each of the candidates, which are laid out group by group
    at = np.repeat(candidates.starts[groups] - np.cumsum(counts) + counts, counts) + np.arange(int(counts.sum()))
    keys = (top - np.repeat(net[chosen], counts)) * table.size + candidates.members[at]
    hints, spent = [], {}
    ranked, costs = index.ranked, index.costs
    for key in np.sort(keys)[:limit].tolist():  # net points down, then rank
        rank, points = key % table.size, top - key // table.size
        word, cost = ranked[rank], costs[rank]
        if cost not in spent:
            spent[cost] = pool.spend(cost)
        pieces, leftover = spent[cost]
        familiarity = int(index.familiarity[rank]) / 100
        hints.append(Hint(word, len(word), pieces, leftover, len(word) - points, points, familiarity))
    return hints


@dataclass(frozen=True)
class Candidates:
    """The words meeting a query's per-word filters, laid out group by group (rank order within a group)."""

    members: np.ndarray  # ranks: group 0's candidates, then group 1's, ...
    per_group: np.ndarray  # how many candidates each group holds
    starts: np.ndarray  # where each group's candidates start in `members`
    fits: Callable[[Pool], np.ndarray]  # per group, whether a pool pays for its words (each pool worked out once)


def _filtered(index: PieceIndex, query: Query) -> Candidates:
    """Return the words meeting the query's per-word filters, group by group: one pass over the words, per request."""
    table = index.table
    if query.word_filter() is None and query.min_length <= 1 and query.max_length >= index.lengths[0]:
        members, per_group = table.by_group, table.group_size  # every word
    else:
        keep = table.matching(query, table.within_lengths(query)[table.group])
        members = table.by_group[keep[table.by_group]]
        per_group = np.bincount(table.group[members], minlength=len(table.group_size))
    # a request asks about the same pool up to three times (its claims, as the pool before a piece is added,
    # a die face that adds that piece)
    fits = cache(lambda pool: table.group_fits(pool.counts, pool.wild))
    return Candidates(members, per_group, np.cumsum(per_group) - per_group, fits)


def hints(
    index: PieceIndex,
    pool: Pool | str | dict,
    query: Query | None = None,
    *,
    discards_used: int = 0,
    crossed_white: int = 0,
    after_done: bool = False,
    may_roll: bool = True,
    limit: int = 10,
    sort: str = "score",
) -> Hints:
    """Return the best claims now by net points, what one more piece of each kind opens, and a die's worth.

    Net points: letters minus the blue boxes the leftovers would check (the
    free white boxes fill first). `add` lists, per kind and for a wild, the
    best words one more such piece makes buildable that the pool cannot build
    now. `roll` gives, per die face, the best claim after rolling it. No piece
    is suggested after Done! (`after_done`), when rolling is not allowed
    (`may_roll=False`, e.g. in Word by Word), or when the pool already holds
    MAX_POOL_PIECES.

    Each list holds the `limit` best claims by net points (ties: more letters,
    fewer left over, the more familiar word, then alphabetical); `sort` says
    how they are listed: `score` in that order, `alphabetical` A to Z,
    `familiar` most familiar first. The claims are the same in every order.
    """
    pool = parse_pool(pool)
    query = query or Query()
    boxes = discard_boxes(crossed_white, discards_used)
    check_page(limit, 0)
    check_sort(sort)
    order = ORDERS[sort]
    if not small_pool(index, pool.add("wild") if pool.size < MAX_POOL_PIECES else pool):
        # A pool that builds thousands of words: one pass over the word table per pool (solver/wordtable.py),
        # not a page of words per length read and filtered in Python, which is slow for such pools.
        candidates = _filtered(index, query)

        def best_claims(pool, limit, new_since=None):
            return _best_claims_table(index, pool, candidates, boxes, limit, query.use_all, new_since)
    else:

        def best_claims(pool, limit, new_since=None):
            return _best_claims(index, pool, query, boxes, limit, new_since)

    claims = tuple(sorted(best_claims(pool, limit), key=order))
    may_add = may_roll and not after_done and pool.size < MAX_POOL_PIECES
    add: dict[str, tuple[Hint, ...]] = {}
    faces: list[RollFace] = []
    if may_add:
        for kind in KINDS + ("wild",):
            add[kind] = tuple(sorted(best_claims(pool.add(kind), limit, new_since=pool), key=order))
        counts = Counter(face.add for face in load_box().die)
        sides = sum(counts.values())
        for face, n in counts.items():
            best = best_claims(pool.add(face), 1)
            faces.append(RollFace(face, n / sides, best[0] if best else None))
    return Hints(pool, boxes, claims, add, tuple(faces), may_add)
