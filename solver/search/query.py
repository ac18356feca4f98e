"""A query's filters (prefix, suffix, letters, lengths, use-all) and the page it asks for."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import Refused
from ..limits import MAX_LIMIT
from ..normalize import fold
from ..text import read_letter


@dataclass(frozen=True)
class Query:
    """The constraints a found word must meet, beyond being buildable."""

    min_length: int = 1
    max_length: int = 99
    starts_with: str = ""
    ends_with: str = ""
    contains: str = ""
    required_letter: str = ""
    previous_word: str = ""
    claimed: tuple[str, ...] = ()
    use_all: bool = False

    def __post_init__(self):
        for name in ("starts_with", "ends_with", "contains", "required_letter", "previous_word"):
            value = getattr(self, name)
            if value or value is None:  # most queries leave them empty: nothing to fold
                object.__setattr__(self, name, fold(value or ""))
        object.__setattr__(self, "claimed", tuple(sorted({fold(w) for w in self.claimed})))
        object.__setattr__(self, "required_letter", read_letter(self.required_letter))
        if self.min_length < 1 or self.max_length < self.min_length:
            raise Refused("min_length/max_length: need 1 <= min_length <= max_length", ("min_length",))

    def word_filter(self):
        """Return a predicate for the per-word constraints, or None when there are none."""
        tests = []
        if self.starts_with:
            tests.append(lambda w, s=self.starts_with: w.startswith(s))
        if self.ends_with:
            tests.append(lambda w, s=self.ends_with: w.endswith(s))
        if self.contains:
            tests.append(lambda w, s=self.contains: s in w)
        if self.required_letter:
            tests.append(lambda w, s=self.required_letter: s in w)
        if self.claimed:
            tests.append(lambda w, s=frozenset(self.claimed): w not in s)
        if self.previous_word:
            tests.append(
                lambda w, p=Counter(self.previous_word), n=len(self.previous_word): len(w) > n or new_letter(w, p)
            )
        if not tests:
            return None
        return lambda w: all(t(w) for t in tests)


def new_letter(word: str, previous: Counter) -> bool:
    """Tell whether `word` has a letter the previous word lacks (counting repeats): no GAB after BAG."""
    return any(n > previous[c] for c, n in Counter(word).items())


# The orders a result may be listed in; the set of words is the same in each.
#   score: best score first, then fewest left over (pieces) or longest (racks), then most familiar, then alphabetical (the default)
#   alphabetical: A to Z
#   familiar: most familiar first, then as `score`
SORTS = ("score", "alphabetical", "familiar")


def check_sort(sort: str) -> None:
    """Refuse an order the solvers do not know."""
    if sort not in SORTS:
        raise Refused(f"sort: {sort!r} is not one of {', '.join(SORTS)}", ("sort",))


def check_page(limit: int, offset: int) -> None:
    """Refuse a page (`limit` results from `offset`) the solvers do not serve."""
    if not 0 <= limit <= MAX_LIMIT:
        raise Refused(f"limit: must be between 0 and {MAX_LIMIT}", ("limit",))
    if offset < 0:
        raise Refused("offset: must be 0 or more", ("offset",))
