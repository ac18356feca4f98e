"""The words of each length by the letter at each position: the words a pattern with `?` matches, found without
reading the words it does not match.

Every valid word made of the letters a-z is numbered within its length in the order the judges list words:
smallest tier first (the most common words), then A to Z. A lexicon size is then the first numbers of each length
(its tiers and the smaller ones), and for one position and one letter a big integer holds a bit per word of that
length with that letter there, made when first asked for (one comparison of the words' letters at that position).
A pattern's words are the AND of its letters' integers with the size's first numbers: one operation per letter on
integers of a bit per word, whatever the pattern matches. How many it matches is the count of bits, and its first
words, in the judges' order, are read off the lowest bits, only as many as asked.

>>> index = PositionIndex.build([("cat", 1), ("cot", 0), ("cut", 2), ("etc", 0), ("it's", 0)])
>>> found = index.matching("c?t", size=2)
>>> index.read(3, found, limit=2), found.bit_count()
(['cot', 'cat'], 3)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

__all__ = ["PositionIndex"]

_PLAIN = re.compile("[a-z]+")
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


class PositionIndex:
    """The valid plain words of each length, numbered in the judges' order, with a bitset per position and letter."""

    def __init__(self, lengths: dict[int, tuple[bytes, tuple[int, ...]]]):
        # length -> (its words joined, in order; how many of them each size holds, smallest size first)
        self._lengths = lengths
        self._columns: dict[int, np.ndarray] = {}  # length -> its words' letters, one row per position
        self._bits: dict[tuple[int, int, str], int] = {}
        # The integer operations and words read since the index was made: the work the tests bound.
        self.steps = 0

    @classmethod
    def build(cls, entries: Iterable[tuple[str, int]]) -> PositionIndex:
        """Index (word, tier) pairs, the tier being the smallest size (0, 1, …) holding the word."""
        groups: dict[int, list[tuple[int, str]]] = {}
        for word, tier in entries:
            if _PLAIN.fullmatch(word):  # a card's letter and a `?` are a-z: no other word can match
                groups.setdefault(len(word), []).append((tier, word))
        lengths = {}
        for n, group in groups.items():
            group.sort()
            tiers = [tier for tier, _ in group]
            ends = tuple(sum(1 for t in tiers if t <= size) for size in range(max(tiers) + 1))
            lengths[n] = ("".join(word for _, word in group).encode("ascii"), ends)
        return cls(lengths)

    def to_lengths(self) -> dict[int, tuple[bytes, tuple[int, ...]]]:
        """What the index is made from, to keep on disk (the bitsets are made again as they are asked for)."""
        return self._lengths

    def _in_size(self, n: int, size: int) -> int:
        ends = self._lengths[n][1]
        return (1 << ends[min(size, len(ends) - 1)]) - 1

    def _letter_at(self, n: int, position: int, letter: str) -> int:
        key = (n, position, letter)
        bits = self._bits.get(key)
        if bits is None:
            columns = self._columns.get(n)
            if columns is None:
                rows = np.frombuffer(self._lengths[n][0], dtype=np.uint8).reshape(-1, n)
                columns = self._columns[n] = np.ascontiguousarray(rows.T)
            marks = np.packbits(columns[position] == ord(letter), bitorder="little")
            bits = self._bits[key] = int.from_bytes(marks.tobytes(), "little")  # word 0 is the lowest bit
        return bits

    def matching(self, pattern: str, size: int) -> int:
        """Return the words of `size` (0 = the smallest) matching `pattern` (`?` = any letter a-z), as a bitset."""
        n = len(pattern)
        if n not in self._lengths:
            return 0
        found = self._in_size(n, size)
        for position, char in enumerate(pattern):
            if char != "?":
                self.steps += 1
                if char not in _LETTERS:
                    return 0
                found &= self._letter_at(n, position, char)
        return found

    def read(self, n: int, found: int, limit: int) -> list[str]:
        """Return the first `limit` words of length `n` in a bitset, in the judges' order."""
        words = self._lengths[n][0] if found else b""
        out = []
        while found and len(out) < limit:
            self.steps += 1
            lowest = found & -found
            k = lowest.bit_length() - 1
            out.append(words[k * n : (k + 1) * n].decode("ascii"))
            found ^= lowest
        return out
