"""Booksmack's spelling: the words a circle of cards reads, `?` and wildcards included."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ..lexicon import Lexicon
from ..limits import READING_WORDS
from .cards import Card

_SPELLING_SYMBOLS = ("?", " ")  # the cards a word may be read across (a wildcard, a Space card)


# --- spelling -------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """The words spelled by reading the circle from one seat: the first READING_WORDS, most common first, of
    `count` in all."""

    seat: int
    words: list[str]
    count: int

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Spelling:
    """Every seat's reading that spells a word, in seating order, and how many different words they spell."""

    readings: list[Reading]
    distinct: int


def _spell(patterns: list[str], lexicon: Lexicon) -> tuple[dict[str, tuple[list[str], int]], int]:
    """Return each reading's first words (most common first) with how many it spells, and how many different
    words all of them spell.

    The readings of one circle are its rotations, all of one length, so with `?` they are bitsets over the same
    numbered words (solver/positions.py): one AND per letter a reading, its first words read off its lowest bits,
    and the words of all of them one OR. The work is that of the letters and the words listed, however many
    words a `?` allows.
    """
    if "?" not in patterns[0]:
        found = {p: ([p], 1) if p in lexicon else ([], 0) for p in patterns}
        return found, sum(count for _, count in found.values())
    index, n, every = lexicon.positions, len(patterns[0]), 0
    found = {}
    for p in patterns:
        bits = index.matching(p, lexicon.rank)
        found[p] = (index.read(n, bits, READING_WORDS), bits.bit_count())
        every |= bits
    return found, every.bit_count()


def spell(cards: list[Card], lexicon: Lexicon) -> Spelling:
    """Return every seat from which the circle of cards spells a word, in seating order (ruling 2)."""
    if any(c.kind != "letter" and c.text not in _SPELLING_SYMBOLS for c in cards):
        return Spelling([], 0)
    seats = [(i, "?" if c.text == "?" else c.letter) for i, c in enumerate(cards, 1) if c.text != " "]
    if len(seats) < 2 or all(letter == "?" for _, letter in seats):
        return Spelling([], 0)
    letters = "".join(letter for _, letter in seats)
    patterns = [letters[k:] + letters[:k] for k in range(len(letters))]
    found, distinct = _spell(list(dict.fromkeys(patterns)), lexicon)
    readings = [Reading(seat, *found[p]) for (seat, _), p in zip(seats, patterns) if found[p][1]]
    return Spelling(readings, distinct)


def find_words(cards: list[Card], lexicon: Lexicon) -> list[Reading]:
    """Return every seat from which the circle of cards spells a word, in seating order."""
    return spell(cards, lexicon).readings
