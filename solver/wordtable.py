"""Per-word columns of one piece index, so that filters cost whole-array operations, not a step per word.

The piece index answers a plain query from cost groups without looking at a
single word, but a per-word filter (a new letter against the previous word, a
required letter, a fragment, claimed words, use all) has to decide word by
word. Done in Python, a big pool made that one step per fitting word, and
a big pool fits a large part of the lexicon. Here every word of the index, in result
order (its rank), has a few columns held in numpy arrays: its pieces of each
kind, its length, how often it holds each character, and its spelling inside
one byte string. A query becomes a dozen vectorised passes over those
columns, so its cost is bound by the lexicon's size at C speed, not by the
pool or the filters: the same for `R60` as for `R3` (bench/worst_case.py
measures it).

The arrays are plain numeric buffers: built once before gunicorn forks, they
stay shared between the workers (reading them touches no reference counts).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter

import numpy as np

__all__ = ["WordTable", "familiar_places", "places", "row_keys"]

_SEPARATOR = ord("\n")  # between words in `text`: never part of a word, so no fragment matches across two


def row_keys(rows: np.ndarray) -> np.ndarray:
    """Return one int64 per row of non-negative ints that orders like the rows (lexicographically).

    The digits of a number in base (largest value + 1): `np.unique` of these is
    one sort of ints, where `np.unique(rows, axis=0)` sorts rows as records,
    which is much slower.
    """
    base = int(rows.max(initial=0)) + 1
    if base ** rows.shape[1] >= 2**63:
        raise ValueError(f"values up to {base - 1} in {rows.shape[1]} columns do not fit one int64")
    keys = np.zeros(len(rows), dtype=np.int64)
    for column in rows.T:
        keys = keys * base + column
    return keys


def places(order: np.ndarray) -> np.ndarray:
    """Return, per index, its place in `order` (a permutation of the indexes): the inverse permutation."""
    placed = np.empty(len(order), dtype=np.int64)
    placed[order] = np.arange(len(order), dtype=np.int64)
    return placed


def familiar_places(familiarity: np.ndarray) -> np.ndarray:
    """Return, per word, its place in the order most familiar first, ties by index (the words' own order)."""
    return places(np.lexsort((np.arange(len(familiarity)), -familiarity.astype(np.int32))))


class WordTable:
    """Columns over the words of a piece index, indexed by rank (the index's result order)."""

    def __init__(self, ranked: list[str], costs: list[tuple[int, int, int, int]] | None = None):
        """Build the columns of `ranked` (the words in result order); `costs` (their piece costs) adds the groups."""
        n = len(ranked)
        self.size = n
        cost = np.array(costs if costs is not None else [(0, 0, 0, 0)] * n, dtype=np.int16).reshape(n, 4)
        length = np.fromiter(map(len, ranked), dtype=np.int16, count=n)
        # Whether a pool pays for a word depends only on its group (cost and length): a few thousand
        # groups, so the pool is compared with each group once and the answer spread to its words.
        rows = np.column_stack([cost, length])
        _, first, self.group = np.unique(row_keys(rows), return_index=True, return_inverse=True)
        groups = rows[first]  # the distinct rows, in lexicographic order: np.unique(rows, axis=0)
        self.group = self.group.astype(np.int32).ravel()
        # int16: a cost minus a pool count goes below zero.
        self.group_cost = groups[:, :4].T.copy()  # one row per kind
        self.group_pieces = self.group_cost.sum(axis=0, dtype=np.int16)
        self.group_length = groups[:, 4].copy()
        self.group_size = np.bincount(self.group, minlength=len(groups))  # words per group
        # the ranks group by group (rank order within each): a group's words are one slice
        self.by_group = np.argsort(self.group, kind="stable").astype(np.int32)
        self.length = length
        text = "\n".join(ranked).encode("ascii") + b"\n"  # lexicon words are folded to a-z, ' and -
        self.text = np.frombuffer(text, dtype=np.uint8)
        self._byte_count = np.bincount(self.text, minlength=256)
        self.starts = np.zeros(n + 1, dtype=np.int32)  # word i is text[starts[i]:starts[i + 1] - 1]
        np.cumsum(length + 1, out=self.starts[1:])
        # letters[c][i]: how many times word i holds character c; bits: one bit per character it holds
        owner = np.repeat(np.arange(n, dtype=np.int32), length + 1)  # the word each byte of `text` belongs to
        self.letters: dict[str, np.ndarray] = {}
        self.bit: dict[str, int] = {}
        self.bits = np.zeros(n, dtype=np.int32)
        for code in np.unique(self.text):
            if code != _SEPARATOR:
                char = chr(code)
                self.letters[char] = np.bincount(owner[self.text == code], minlength=n).astype(np.uint8)
                self.bit[char] = 1 << len(self.bit)
                self.bits[self.letters[char] > 0] |= self.bit[char]
        # ranks in alphabetical order, and in the order of the words spelt backwards: a prefix (or a suffix)
        # is one run of each, found by bisection
        self._forwards = np.array(sorted(range(n), key=ranked.__getitem__), dtype=np.int32)
        self._backwards = np.array(sorted(range(n), key=lambda r: ranked[r][::-1]), dtype=np.int32)
        self._ranked = ranked

    @property
    def alphabetical(self) -> np.ndarray:
        """The ranks in alphabetical order of their words."""
        return self._forwards

    def rank_of(self, word: str) -> int | None:
        """Return a word's rank, or None when the index does not hold it."""
        lo, hi = self._run(self._forwards, word, lambda r: self._ranked[r])
        return int(self._forwards[lo]) if lo < hi and self._ranked[self._forwards[lo]] == word else None

    def _run(self, order: np.ndarray, prefix: str, spelling) -> tuple[int, int]:
        """Return the run of `order` whose spellings start with `prefix` (characters all sort below DEL)."""
        return bisect_left(order, prefix, key=spelling), bisect_left(order, prefix + "\x7f", key=spelling)

    def group_fits(self, counts: tuple[int, int, int, int], wild: int) -> np.ndarray:
        """Return, per group, whether a pool of these counts and wilds pays for its words."""
        short = np.zeros(self.group_length.shape, dtype=np.int16)
        for row, have in zip(self.group_cost, counts):
            short += np.maximum(row, have) - have  # what this kind lacks
        return short <= wild

    def length_counts(self, counts: tuple[int, int, int, int], wild: int) -> np.ndarray:
        """Return, per length n (the index), how many words of n characters a pool of these counts and wilds pays for.

        One pass over the groups, where walking the piece index with wilds
        visits every node they reach (bench/worst_case.py measures it).
        """
        fits = self.group_fits(counts, wild)
        return np.bincount(self.group_length[fits], weights=self.group_size[fits]).astype(np.int64)

    def holding(self, fragment: str, where: str) -> np.ndarray:
        """Return, per word, whether it starts with, ends with or contains `fragment` (`where`: start, end, any)."""
        found = np.zeros(self.size, dtype=bool)
        if where == "start":
            lo, hi = self._run(self._forwards, fragment, lambda r: self._ranked[r])
            found[self._forwards[lo:hi]] = True
            return found
        if where == "end":
            lo, hi = self._run(self._backwards, fragment[::-1], lambda r: self._ranked[r][::-1])
            found[self._backwards[lo:hi]] = True
            return found
        pattern = fragment.encode("ascii", "replace")
        k = len(pattern)
        if not k:
            found[:] = True
            return found
        if _SEPARATOR in pattern:  # words never hold one: nothing matches
            return found
        if k == 1:
            column = self.letters.get(fragment)
            return found if column is None else column > 0
        # Candidate starts are narrowed one byte at a time, beginning with the fragment's rarest byte.
        text, last = self.text, len(self.text) - 1
        first = min(range(k), key=lambda j: self._byte_count[pattern[j]])
        at = np.flatnonzero(text == pattern[first]) - first
        at = at[at >= 0]
        for j, byte in enumerate(pattern):
            if j != first and len(at):
                # a separator ends every word and matches no byte of the fragment: no match spans two words
                at = at[text[np.minimum(at + j, last)] == byte]
        found[np.searchsorted(self.starts, at, side="right") - 1] = True
        return found

    def has_new_letter(self, previous: str) -> np.ndarray:
        """Return, per word, whether it holds a character more often than `previous` does (no GAB after BAG).

        Only words made of `previous`'s characters alone can lack one: those are
        found from the character bits, then their counts are compared.
        """
        have = Counter(previous)
        allowed = sum(self.bit.get(c, 0) for c in have)
        lacking = np.flatnonzero((self.bits & ~allowed) == 0)
        for char, most in have.items():
            column = self.letters.get(char)
            if column is not None and len(lacking):
                lacking = lacking[column[lacking] <= most]
        found = np.ones(self.size, dtype=bool)
        found[lacking] = False
        return found

    def select(
        self, query, counts: tuple[int, int, int, int] | None = None, wild: int = 0, pool_size: int = 0
    ) -> np.ndarray:
        """Return, ascending (result order), the ranks of the words meeting `query` that the pool pays for.

        `counts=None` leaves the pool out (only the per-word filters apply).
        """
        groups = self.within_lengths(query)
        if counts is not None:
            groups &= self.group_fits(counts, wild)
            if query.use_all:
                groups &= self.group_pieces == pool_size
        return np.flatnonzero(self.matching(query, groups[self.group]))

    def within_lengths(self, query) -> np.ndarray:
        """Return, per group, whether its words' length is within the query's."""
        return (self.group_length >= query.min_length) & (self.group_length <= query.max_length)

    def matching(self, query, keep: np.ndarray | None = None) -> np.ndarray:
        """Return, per word, whether it meets the query's per-word filters (and `keep`, if given; changed in place)."""
        if keep is None:
            keep = (self.length >= query.min_length) & (self.length <= query.max_length)
        for fragment, where in (
            (query.starts_with, "start"),
            (query.ends_with, "end"),
            (query.contains, "any"),
            (query.required_letter, "any"),
        ):
            if fragment:
                keep &= self.holding(fragment, where)
        if query.previous_word:
            keep &= (self.length > len(query.previous_word)) | self.has_new_letter(query.previous_word)
        for word in query.claimed:
            rank = self.rank_of(word)
            if rank is not None:
                keep[rank] = False
        return keep
