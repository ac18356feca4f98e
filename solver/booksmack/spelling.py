"""Booksmack's spelling: the words a circle of cards reads, `?` and wildcards included."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from string import ascii_lowercase

from ..lexicon import SIZES, Lexicon
from .cards import Card

# Prefix checks one round may spend walking the trie for `?` readings, so that
# many `?` side by side cannot make the walk explode: readings left when it runs
# out are matched against one list of the lexicon words of their length instead,
# about letters x words-of-that-length regex checks (bench/booksmack.py measures it).
WALK_BUDGET = 3000
_SPELLING_SYMBOLS = ("?", " ")  # the cards a word may be read across (a wildcard, a Space card)


# --- spelling -------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """The words spelled by reading the circle from one seat."""

    seat: int
    words: list[str]

    def to_dict(self) -> dict:
        return asdict(self)


def _walk(pattern: str, lexicon: Lexicon, budget: list[int]) -> list[str] | None:
    """Return the words matching `pattern` (`?` = any letter), or None once the budget is spent."""
    found, stack = [], [""]
    while stack:
        prefix = stack.pop()
        if len(prefix) == len(pattern):
            if prefix in lexicon:
                found.append(prefix)
            continue
        char = pattern[len(prefix)]
        for letter in ascii_lowercase if char == "?" else char:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if lexicon.has_prefix(prefix + letter):
                stack.append(prefix + letter)
    return found


def _spell(patterns: list[str], lexicon: Lexicon) -> dict[str, list[str]]:
    """Return the lexicon words each reading spells, most common first."""
    if "?" not in patterns[0]:
        return {p: [p] if p in lexicon else [] for p in patterns}
    budget = [WALK_BUDGET]
    found = {p: _walk(p, lexicon, budget) for p in patterns}
    pending = [p for p, words in found.items() if words is None]
    if pending:  # one scan of the words of this length serves every reading left
        same_length = lexicon.matches("?" * len(pending[0]))
        for p in pending:
            found[p] = list(filter(re.compile(p.replace("?", "[a-z]")).fullmatch, same_length))
    order = lambda w: (SIZES.index(lexicon.tier(w) or SIZES[-1]), w)
    return {p: sorted(words, key=order) for p, words in found.items()}


def find_words(cards: list[Card], lexicon: Lexicon) -> list[Reading]:
    """Return every seat from which the circle of cards spells a word, in seating order."""
    if any(c.kind != "letter" and c.text not in _SPELLING_SYMBOLS for c in cards):
        return []
    seats = [(i, "?" if c.text == "?" else c.letter) for i, c in enumerate(cards, 1) if c.text != " "]
    if len(seats) < 2 or all(letter == "?" for _, letter in seats):
        return []
    letters = "".join(letter for _, letter in seats)
    patterns = [letters[k:] + letters[:k] for k in range(len(letters))]
    words = _spell(list(dict.fromkeys(patterns)), lexicon)
    return [Reading(seat, words[p]) for (seat, _), p in zip(seats, patterns) if words[p]]
