"""Find every lexicon word a pool of letter pieces (or a rack of letters) builds.

Letter pieces: words are grouped by (cost vector, length). A query walks the
groups in a nested index (red count, then yellow, then blue, then green),
pruning on what the pool and its wilds can still pay, so it only touches
groups that fit: the work is bound by the answer, not by the lexicon. The
result order (score, then leftovers, then alphabet) does not depend on the
pool, so every word's rank in it is computed once when the index is built and
a query sorts small integers; a big result is taken in runs of equal score and
leftovers, stopping once the page asked for is full.

Letter racks (Scrabble-style, `?` = blank): each letter costs itself, and 26
kinds make cost groups useless; there a depth-first walk over a trie of
*sorted* spellings (anagram keys) with multiset pruning visits each
sub-multiset of the rack once, not each ordering. (marisa-trie offers no
step-by-step walk, so that trie is our own, in flat arrays.)

Results sort by score (letters, `-` and `'` included) descending, then fewest
leftover pieces, then most familiar (the word's Zipf frequency in current
English, wordlists/familiarity.tsv), then alphabetically; `sort="alphabetical"`
lists them A to Z, `sort="familiar"` most familiar first. The set of words is
the same in every order.

>>> from solver.lexicon import load_lexicons
>>> index = piece_index(load_lexicons()["standard"])
>>> result = solve(index, "R3 Y2 B1 G2")
>>> "bag" in [w.word for w in result.words] and "cast" in [w.word for w in result.words]
True
"""

from __future__ import annotations

from ..pieces import KINDS
from .piece_search import (
    BIG_POOL,
    Found,
    PieceIndex,
    SolveResult,
    brute_force,
    piece_index,
    small_pool,
    solve,
)
from .query import MAX_LIMIT, SORTS, Query, check_page, check_sort, new_letter
from .rack_search import (
    MAX_BLANKS,
    MAX_RACK_LETTERS,
    SMALL_RACK,
    RackIndex,
    RackResult,
    RackWord,
    parse_rack,
    rack_index,
    solve_rack,
    tile_values,
)

__all__ = [
    "Query",
    "PieceIndex",
    "RackIndex",
    "piece_index",
    "rack_index",
    "solve",
    "solve_rack",
    "brute_force",
    "new_letter",
    "small_pool",
    "check_page",
    "check_sort",
    "SORTS",
    "MAX_LIMIT",
    "MAX_RACK_LETTERS",
    "MAX_BLANKS",
    "Found",
    "SolveResult",
    "RackWord",
    "RackResult",
    "parse_rack",
    "tile_values",
    "KINDS",
    "BIG_POOL",
    "SMALL_RACK",
]
