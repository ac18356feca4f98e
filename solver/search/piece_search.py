"""The letter-piece index: words grouped by cost vector, walked so the work is bound by the answer."""

from __future__ import annotations

import heapq
from array import array
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import chain, groupby
from operator import itemgetter

import numpy as np

from .. import budget
from ..cache import cached
from ..lexicon import Lexicon
from ..pieces import Alphabet, Pool, load_alphabet, parse_pool
from ..wordtable import WordTable, familiar_places, places, row_keys
from .query import Query, check_page, check_sort


@dataclass(frozen=True)
class Found:
    """One buildable word: its score, the pieces it uses, the pieces left over, and how familiar it is."""

    word: str
    score: int
    pieces: Pool
    leftover: Pool
    familiarity: float = 0.0  # Zipf frequency (solver.lexicon.OBSCURE_BELOW)

    @property
    def leftover_count(self) -> int:
        return self.leftover.size

    def to_dict(self) -> dict:
        return {
            "word": self.word,
            "score": self.score,
            "pieces": self.pieces.to_dict(),
            "leftover": self.leftover.to_dict(),
            "leftover_count": self.leftover.size,
            "familiarity": self.familiarity,
        }


class PieceIndex:
    """The words of one lexicon grouped by cost vector and length, nested for pruning.

    Nested trees (red -> yellow -> blue -> sorted green), all walked with the
    same pruning on what the pool and its wilds can still pay. Each blue node
    keeps cumulative word counts over its greens, so a count is one bisect per
    blue node, not one step per group.
    * `_all`: every length; a green leaf holds its (length, words) groups.
    * `_by_length[n]`: one tree per length, so a big pool's first page can be
      taken from the longest words down without touching the short ones;
      `fewest_pieces[n]` skips the lengths no word of which the pool can pay.
      A blue node here holds its words' ranks in one flat list (green
      order) instead of groups: the page needs only ranks, and one list per
      node is what the walk reads.
    Each yellow node of every tree also keeps a *plane*: its words with at
    most b blue and g green pieces, for every (b, g). A pool without wilds
    reaches exactly the cells at or below its own counts, so its count is one
    look-up per yellow node.
    """

    def __init__(self, words, alphabet: Alphabet, name: str = "", familiarity=None):
        """Index `words` (a Lexicon, or any iterable of words); `familiarity(word)` gives a word's Zipf frequency
        (a Lexicon's own by default, else 0 for every word)."""
        self.alphabet = alphabet
        self.name = name
        familiarity = familiarity or getattr(words, "familiarity", None) or (lambda word: 0.0)
        ranks: dict[tuple, list[int]] = {}  # (r, y, b, g, length): its words' ranks, ascending (filled below)
        by_size: dict[tuple[int, int], list[tuple[str, tuple]]] = {}  # (length, pieces): (word, cost) each
        words = list(words)
        for word, c in zip(words, _costs(alphabet, words)):
            if c is not None:
                ranks.setdefault(c + (len(word),), [])
                by_size.setdefault((len(word), sum(c)), []).append((word, c))
        # The result order is the same for every pool: longest first, then the
        # most pieces used (= fewest left over), then the most familiar, then
        # alphabetical. So each word gets its rank in that order once, here, and
        # a query sorts small ints. Sorting each (length, pieces) bucket by
        # (familiarity, word) alone is that order at a fraction of one sort of
        # (-length, -pieces, -familiarity, word) tuples. Familiarity is kept in
        # hundredths of a Zipf unit, as familiarity.tsv writes it.
        known = {w: round(familiarity(w) * 100) for entries in by_size.values() for w, _ in entries}
        by_familiarity = lambda entry: (-known[entry[0]], entry[0])
        order = [entry for size in sorted(by_size, reverse=True) for entry in sorted(by_size[size], key=by_familiarity)]
        self.ranked = [w for w, _ in order]
        self.costs = [c for _, c in order]  # by rank: a page's pieces
        # by rank, in hundredths; an array of machine ints, as the page reads it word by word
        self.familiarity = array("H", [known[w] for w in self.ranked])
        for i, (w, c) in enumerate(order):
            ranks[c + (len(w),)].append(i)
        by_length: dict[int, dict[tuple, list]] = {}
        combined: dict[tuple, list] = {}
        for r, y, b, g, n in ranks:
            group = (-(n * 1024 + r + y + b + g), n, (r, y, b, g), tuple(ranks[r, y, b, g, n]))
            by_length.setdefault(n, {})[(r, y, b, g)] = [group]
            combined.setdefault((r, y, b, g), []).append(group)
        self.lengths = sorted(by_length, reverse=True)
        self.fewest_pieces = {n: min(map(sum, leaves)) for n, leaves in by_length.items()}
        self._by_length = {n: _nest(leaves, ranks_only=True) for n, leaves in by_length.items()}
        self._all = _nest(combined)
        self.group_count = len(ranks)
        self.table = WordTable(self.ranked, self.costs)
        # Per rank, its place in each other order: a query in that order sorts the found ranks by it.
        self.positions = {
            "alphabetical": places(self.table.alphabetical),
            "familiar": familiar_places(np.frombuffer(self.familiarity, np.uint16)),
        }

    def familiarity_of(self, ranks) -> list[float]:
        """Return the familiarity (Zipf frequency) of the words of these ranks."""
        familiarity = self.familiarity
        return [familiarity[r] / 100 for r in ranks]

    def familiarity_json(self, ranks) -> list[str]:
        """Return the familiarity of the words of these ranks as JSON numbers, as `json.dumps` writes them."""
        familiarity, text = self.familiarity, _HUNDREDTHS
        return [text[c] if c < len(text) else repr(c / 100) for c in map(familiarity.__getitem__, ranks)]

    def fitting_groups(self, pool: Pool) -> list[tuple]:
        """Return the groups the pool (with its wilds) can build: (order key, length, cost, word ranks) each."""
        return _gather(self._all, pool)

    def fitting_ranks(self, pool: Pool, length: int) -> list[int]:
        """Return the ranks of the words of one length the pool (with its wilds) can build, unsorted."""
        return _gather(self._by_length.get(length, []), pool)

    def count(self, pool: Pool, lengths=None) -> int:
        """Return how many words the pool builds (of the given lengths, or of any)."""
        trees = [self._all] if lengths is None else [self._by_length[n] for n in lengths if n in self._by_length]
        if not pool.wild:
            return sum(_count_in_planes(tree, pool) for tree in trees)
        return sum(
            cumulative[bisect_right(greens, top)]
            for tree in trees
            for _, _, _, greens, cumulative, _, top in _walk(tree, pool)
        )


# Familiarity in hundredths, written once: Zipf frequencies of English words stay below 10.
_HUNDREDTHS = [repr(c / 100) for c in range(1001)]


def _costs(alphabet: Alphabet, words: list[str]) -> list[tuple[int, int, int, int] | None]:
    """Return `alphabet.cost` of every word, one shared tuple per distinct cost, in whole-array passes.

    Every character's pieces are looked up in a table by its code and summed
    per word (`np.bincount`), where a `cost` call per word was slow for the
    large lexicon.
    """
    if not words:
        return []
    codes = np.frombuffer("".join(words).encode("utf-32-le"), dtype=np.uint32)
    # per character code: its four piece counts, and a fifth column that is 1 for a character without pieces
    pieces = np.zeros((int(codes.max(initial=0)) + 1, 5), dtype=np.int16)
    pieces[:, 4] = 1
    for char, letter in alphabet.letters.items():
        if ord(char) < len(pieces):
            pieces[ord(char)] = letter.cost + (0,)
    length = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    owner = np.repeat(np.arange(len(words)), length)  # the word each character belongs to
    sums = np.column_stack([np.bincount(owner, column[codes], len(words)) for column in pieces.T]).astype(np.int64)
    _, first, of_word = np.unique(row_keys(sums[:, :4]), return_index=True, return_inverse=True)
    distinct = sums[first, :4]  # the distinct costs, in order
    shared = [tuple(row) for row in distinct.tolist()]
    return [shared[i] if not unknown else None for i, unknown in zip(of_word.ravel().tolist(), sums[:, 4].tolist())]


def _gather(tree: list, pool: Pool) -> list:
    """Return, concatenated, what the blue nodes the pool reaches hold for the greens it can pay.

    `_walk`'s loops written out: this is the hot path of every solve, and a
    generator's yield per blue node cost a large share of its time.
    """
    pr, py, pb, pg = pool.counts
    wild = pool.wild
    found = []
    for r, ys in tree:
        w1 = wild - (r - pr if r > pr else 0)
        if w1 < 0:
            break
        for y, bs, (top_blue, top_green, cells) in ys:
            w2 = w1 - (y - py if y > py else 0)
            if w2 < 0:
                break
            if (
                not wild
                and not cells[
                    (pb if pb < top_blue else top_blue) * (top_green + 1) + (pg if pg < top_green else top_green)
                ]
            ):
                continue  # without wilds the plane says this node holds nothing the pool builds
            for b, greens, _, (flat, ends) in bs:
                w3 = w2 - (b - pb if b > pb else 0)
                if w3 < 0:
                    break
                end = ends[bisect_right(greens, pg + w3)]
                if end:
                    found += flat[:end]
    return found


def _count_in_planes(tree: list, pool: Pool) -> int:
    """Count the words of a tree a wild-free pool builds: one plane cell per (red, yellow) node it reaches."""
    pr, py, pb, pg = pool.counts
    total = 0
    for r, ys in tree:
        if r > pr:
            break
        for y, _, (top_blue, top_green, cells) in ys:
            if y > py:
                break
            total += cells[
                (pb if pb < top_blue else top_blue) * (top_green + 1) + (pg if pg < top_green else top_green)
            ]
    return total


def _plane(bs: list) -> tuple[int, int, list[int]]:
    """Return (most blue, most green, cells) for one yellow node: cells[b * (most green + 1) + g] counts its words
    with at most b blue and g green pieces."""
    top_blue = bs[-1][0]
    top_green = max(greens[-1] for _, greens, _, _ in bs)
    width = top_green + 1
    cells = [0] * ((top_blue + 1) * width)
    for b, greens, cumulative, _ in bs:  # this blue count alone, up to each green count
        cells[b * width : (b + 1) * width] = [cumulative[bisect_right(greens, g)] for g in range(width)]
    for i in range(width, len(cells)):  # then up to each blue count
        cells[i] += cells[i - width]
    return top_blue, top_green, cells


def _nest(leaves: dict[tuple, list], ranks_only: bool = False) -> list:
    """Nest {(r, y, b, g): [groups]} as [(r, [(y, [(b, greens, cumulative, (flat, ends))], plane)])], sorted.

    `flat` holds the node's groups in green order and `ends[i]` how many are in
    its first i greens; with `ranks_only`, `flat` is an array of the groups'
    word ranks instead, and `ends` is `cumulative`.
    """
    tree: dict = {}
    for (r, y, b, g), groups in leaves.items():
        tree.setdefault(r, {}).setdefault(y, {}).setdefault(b, {})[g] = groups
    nested = []
    for r in sorted(tree):
        ys = []
        for y in sorted(tree[r]):
            bs = []
            for b in sorted(tree[r][y]):
                greens = sorted(tree[r][y][b])
                ordered = [tree[r][y][b][g] for g in greens]
                # cumulative[i]: words in the first i greens; ends[i]: groups in them
                cumulative, ends, flat = [0], [0], []
                for groups in ordered:
                    cumulative.append(cumulative[-1] + sum(len(group[-1]) for group in groups))
                    flat.extend(groups)
                    ends.append(len(flat))
                if ranks_only:
                    # an array, not a list of int objects: a worker reading it touches no reference
                    # counts, so the pages gunicorn's master built stay shared
                    flat, ends = array("i", chain.from_iterable(group[-1] for group in flat)), cumulative
                bs.append((b, greens, cumulative, (flat, ends)))
            ys.append((y, bs, _plane(bs)))
        nested.append((r, ys))
    return nested


def _walk(tree: list, pool: Pool):
    """Yield (r, y, b, greens, cumulative, leaves, most green payable) for each blue node the pool reaches."""
    pr, py, pb, pg = pool.counts
    wild = pool.wild
    for r, ys in tree:
        w1 = wild - (r - pr if r > pr else 0)
        if w1 < 0:
            break
        for y, bs, _ in ys:
            w2 = w1 - (y - py if y > py else 0)
            if w2 < 0:
                break
            for b, greens, cumulative, leaves in bs:
                w3 = w2 - (b - pb if b > pb else 0)
                if w3 < 0:
                    break
                yield r, y, b, greens, cumulative, leaves, pg + w3


@lru_cache(maxsize=16)
def piece_index(lexicon: Lexicon, alphabet: Alphabet | None = None) -> PieceIndex:
    """Build (once per process, per lexicon and alphabet; read from the disk cache when built before) the cost-vector index."""
    alphabet = alphabet or load_alphabet()
    costs = sorted((letter, spec.cost) for letter, spec in alphabet.letters.items())
    index = cached(
        f"pieces-{lexicon.name}",
        f"{lexicon.lexicons.data_key}/{costs}",
        lambda: PieceIndex(lexicon, alphabet, lexicon.name),
    )
    index.alphabet = alphabet  # the caller's, not the unpickled copy
    return index


_KEY, _RANKS = itemgetter(0), itemgetter(3)


def _first_ranks(groups: list[tuple], wanted: int) -> list[int]:
    """Return the ranks of the words of `groups` in result order: at least the first `wanted`.

    A few hundred ranks sort in one C call; past that, groups are taken in
    order-key runs (a run's words interleave by familiarity, runs do not),
    stopping once the page is covered.
    """
    if sum(map(len, map(_RANKS, groups))) <= 4 * wanted + 200:
        return sorted(chain.from_iterable(map(_RANKS, groups)))
    groups.sort(key=_KEY)
    ranks: list[int] = []
    for _, run in groupby(groups, _KEY):
        ranks += sorted(chain.from_iterable(map(_RANKS, run)))
        if len(ranks) >= wanted:
            break
    return ranks


# Pools this big (wilds included) make thousands of words: count them from the
# cumulative counts and take the page from the longest words down. A request
# for no words at all (limit 0: the count only, as hints asks per length) is
# counted the same way, whatever the pool.
BIG_POOL = 16


def small_pool(index: PieceIndex, pool: Pool, lengths=None) -> bool:
    """Tell whether a pool builds so few words that filtering them one by one beats whole-array passes.

    Filtering in Python costs a step per word (a new letter against the
    previous word the dearest), while the word table's passes cost the same
    whatever the pool, so few words are cheaper one by one
    (bench/worst_case.py measures both). The count is cheap for the pools it
    is asked about: at most SMALL_POOL pieces, wilds counted twice.
    """
    return pool.size + pool.wild <= SMALL_POOL and index.count(pool, lengths) <= SMALL_RESULT


SMALL_POOL, SMALL_RESULT = 14, 300


def solve(
    index: PieceIndex,
    pool: Pool | str | dict,
    query: Query | None = None,
    limit: int = 100,
    offset: int = 0,
    sort: str = "score",
) -> SolveResult:
    """Return the total count and one page of the words `pool` builds under `query`, in the `sort` order (SORTS).

    Without per-word constraints a big pool's total comes from cumulative
    counts and its page from the longest words down, stopping once full;
    with them, a big pool is answered by whole-array passes over the word
    table (the same cost whatever the filters); otherwise one walk visits every
    group that fits (and only those). Another order than `score` takes every
    found word from the word table and sorts them by their place in it.
    """
    pool = parse_pool(pool)
    query = query or Query()
    check_page(limit, offset)
    check_sort(sort)
    if sort != "score":
        return _solve_in_order(index, pool, query, limit, offset, index.positions[sort])
    keep = query.word_filter()
    all_lengths = query.min_length <= 1 and query.max_length >= index.lengths[0]
    lengths = None if all_lengths else [n for n in index.lengths if query.min_length <= n <= query.max_length]
    wanted = offset + limit
    if keep is None and not query.use_all and (pool.size >= BIG_POOL or wanted == 0):
        per_length = None
        if pool.size >= BIG_POOL and (pool.wild or offset):
            # Each length's count from the word table: with wilds the walk visits every node they
            # reach, and a deep page skips whole lengths by their counts instead of gathering and
            # sorting every word before it (bench/worst_case.py measures it).
            counted = index.table.length_counts(pool.counts, pool.wild).tolist()
            per_length = {n: counted[n] if n < len(counted) else 0 for n in lengths or index.lengths}
            total = sum(per_length.values())
        else:
            total = index.count(pool, lengths)
        ranks: list[int] = []
        skipped = 0  # words of the lengths wholly before the page: counted, never gathered
        size, fewest = pool.size, index.fewest_pieces
        for n in lengths or index.lengths:  # longest first: stop once the page is full
            budget.check()
            if skipped + len(ranks) >= wanted:
                break
            if fewest[n] > size:
                continue
            if per_length is not None and not ranks and skipped + per_length[n] <= offset:
                skipped += per_length[n]
                continue
            found, need = index.fitting_ranks(pool, n), wanted - skipped - len(ranks)
            ranks += heapq.nsmallest(need, found) if len(found) > 8 * need else sorted(found)
        page = ranks[offset - skipped : wanted - skipped]
        if per_length is not None:
            budget.check()
            return SolveResult(pool, total, offset, limit, page, index, per_length)
    elif (keep is not None or query.use_all) and not small_pool(index, pool, lengths):
        # Filters over a pool that builds thousands of words: whole-array passes (solver/wordtable.py)
        # instead of one Python step per fitting word.
        found = index.table.select(query, pool.counts, pool.wild, pool.size)
        total, page = len(found), found[offset:wanted].tolist()
        lengths_found = np.bincount(index.table.length[found])
        by_length = {n: int(c) for n, c in enumerate(lengths_found) if c}
        budget.check()
        return SolveResult(pool, total, offset, limit, page, index, by_length)
    else:
        groups = index.fitting_groups(pool)
        if lengths is not None:
            groups = [g for g in groups if query.min_length <= g[1] <= query.max_length]
        if query.use_all:
            groups = [g for g in groups if sum(g[2]) == pool.size]
        if keep is not None:
            words = index.ranked
            groups = [
                (key, n, cost, kept) for key, n, cost, ranks in groups if (kept := [r for r in ranks if keep(words[r])])
            ]
        total = sum(map(len, map(_RANKS, groups)))
        by_length = Counter()
        for _, n, _, ranks in groups:  # free here: the walk is done (the count path counts on demand)
            by_length[n] += len(ranks)
        page = _first_ranks(groups, wanted)[offset:wanted]
        budget.check()
        return SolveResult(pool, total, offset, limit, page, index, dict(by_length))
    budget.check()
    return SolveResult(pool, total, offset, limit, page, index, lengths=lengths)


def _solve_in_order(
    index: PieceIndex, pool: Pool, query: Query, limit: int, offset: int, places: np.ndarray
) -> SolveResult:
    """Return `solve`'s answer with its words in another order: `places[rank]` is each word's place in it."""
    found = index.table.select(query, pool.counts, pool.wild, pool.size)
    by_length = {n: int(c) for n, c in enumerate(np.bincount(index.table.length[found])) if c}
    total, wanted = len(found), offset + limit
    key = places[found]
    if wanted < total:  # only the page and what comes before it need sorting
        first = np.argpartition(key, wanted - 1)[:wanted] if wanted else np.zeros(0, dtype=np.int64)
        found, key = found[first], key[first]
    page = found[np.argsort(key)][offset:wanted].tolist()
    budget.check()
    return SolveResult(pool, total, offset, limit, page, index, by_length)


class SolveResult:
    """The total count and one page of found words; the per-word details are built on demand."""

    def __init__(
        self,
        pool: Pool,
        total: int,
        offset: int,
        limit: int,
        ranks: list[int],
        index: PieceIndex,
        by_length: dict[int, int] | None = None,
        lengths: list[int] | None = None,
    ):
        self.pool, self.total, self.offset, self.limit = pool, total, offset, limit
        self.ranks = ranks  # the page, as ranks in the index's result order: cheap to build
        self.index = index
        self._held = (pool.red, pool.yellow, pool.blue, pool.green, pool.wild)
        self._by_length, self._lengths = by_length, lengths

    @property
    def by_length(self) -> dict[int, int]:
        """Return how many of all the found words (not only the page's) have each length, longest first."""
        if self._by_length is None:  # the count path: the cumulative counts, one length at a time
            size, fewest = self.pool.size, self.index.fewest_pieces
            self._by_length = {
                n: self.index.count(self.pool, [n]) for n in self._lengths or self.index.lengths if fewest[n] <= size
            }
        return {n: c for n, c in sorted(self._by_length.items(), reverse=True) if c}

    @property
    def page(self) -> list[str]:
        """The words of the page, in result order."""
        return [self.index.ranked[r] for r in self.ranks]

    @cached_property
    def words(self) -> list[Found]:
        spent: dict[tuple, tuple[Pool, Pool]] = {}
        found = []
        for r, familiarity in zip(self.ranks, self.familiarity):
            cost = self.index.costs[r]
            if cost not in spent:
                spent[cost] = self.pool.spend(cost)
            found.append(Found(self.index.ranked[r], len(self.index.ranked[r]), *spent[cost], familiarity))
        return found

    @property
    def familiarity(self) -> list[float]:
        """The familiarity (Zipf frequency) of each word of the page, in result order."""
        return self.index.familiarity_of(self.ranks)

    def entries(self) -> Iterator[tuple[str, tuple[int, int, int, int]]]:
        """Yield the page as (word, cost) pairs, in result order; `spent(cost)` says what a cost uses and leaves.

        Words of one cost share one cost tuple (the index keeps one per distinct
        cost), so a writer can key what it derives from a cost by `id(cost)`.
        """
        ranked, costs = self.index.ranked, self.index.costs
        return zip(map(ranked.__getitem__, self.ranks), map(costs.__getitem__, self.ranks))

    def to_dict(self) -> dict:
        """Return the result as JSON-ready values; words of one cost share their pieces' dicts."""
        shared: dict[int, tuple[dict, dict, int]] = {}
        words = []
        for (word, cost), familiarity in zip(self.entries(), self.familiarity):
            pieces = shared.get(id(cost))
            if pieces is None:
                ur, uy, ub, ug, uw, lr, ly, lb, lg, lw, left = self.spent(cost)
                pieces = shared[id(cost)] = (
                    {"red": ur, "yellow": uy, "blue": ub, "green": ug, "wild": uw},
                    {"red": lr, "yellow": ly, "blue": lb, "green": lg, "wild": lw},
                    left,
                )
            words.append(
                {
                    "word": word,
                    "score": len(word),
                    "pieces": pieces[0],
                    "leftover": pieces[1],
                    "leftover_count": pieces[2],
                    "familiarity": familiarity,
                }
            )
        return {
            "pool": self.pool.to_dict(),
            "total": self.total,
            "offset": self.offset,
            "limit": self.limit,
            "words": words,
        }

    def spent(self, cost: tuple) -> tuple[int, ...]:
        """Return 11 counts for a cost the pool fits: the pieces it uses (red, yellow, blue, green, wild),
        the pieces left over (the same five) and how many are left over."""
        r, y, b, g = cost
        pr, py, pb, pg, pw = self._held
        ur, uy, ub, ug = r if r < pr else pr, y if y < py else py, b if b < pb else pb, g if g < pg else pg
        uw = r + y + b + g - ur - uy - ub - ug
        lr, ly, lb, lg, lw = pr - ur, py - uy, pb - ub, pg - ug, pw - uw
        return ur, uy, ub, ug, uw, lr, ly, lb, lg, lw, lr + ly + lb + lg + lw


def brute_force(lexicon, alphabet: Alphabet, pool: Pool, query: Query | None = None) -> list[str]:
    """Scan every word of the lexicon: the slow, obviously right answer, sorted like `solve`."""
    query = query or Query()
    keep = query.word_filter() or (lambda w: True)
    familiarity = getattr(lexicon, "familiarity", lambda w: 0.0)
    found = []
    for word in lexicon:
        cost = alphabet.cost(word)
        if cost is None or not pool.fits(cost) or not query.min_length <= len(word) <= query.max_length:
            continue
        left = pool.size - sum(cost)
        if (query.use_all and left) or not keep(word):
            continue
        found.append((-len(word), left, -familiarity(word), word))
    return [w for *_, w in sorted(found)]
