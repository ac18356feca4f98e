"""The engine's limits, written once: the solver refuses past them, and the app and the CLI read them from here.

A front end may set a lower limit of its own (the app's `MAX_POOL_PIECES`
setting) but never a higher one: `MAXIMA` maps each such setting to the most
the engine allows, and the app refuses a larger setting at start-up.
"""

from __future__ import annotations

__all__ = [
    "MAX_POOL_PIECES",
    "MAX_LIMIT",
    "MAX_RACK_LETTERS",
    "MAX_BLANKS",
    "MAX_CARDS",
    "READING_WORDS",
    "PAGE_WORDS",
    "MAX_SEED",
    "WORDS_PER_CHECK",
    "MAXIMA",
]

# The most pieces a pool may hold: the box has 120 pieces, but no table game
# gets near that; 60 keeps every query small and is the documented API limit.
MAX_POOL_PIECES = 60
# Results one query may return: a page of a thousand words is more than anyone
# reads, and keeps the worst request within the work budget (bench/worst_case.py).
MAX_LIMIT = 1000
# Tiles in a rack: Scrabble racks hold 7; 20 allows other games' racks while the
# depth-first walk over the anagram trie stays output-bound.
MAX_RACK_LETTERS = 20
# Blank tiles (`?`) in a rack: each blank multiplies the walk by 26.
MAX_BLANKS = 2
# A table of ten players each showing a card is a big round; 40 leaves room for
# home rules while keeping every judgement (n readings of n cards) tiny.
MAX_CARDS = 40
# Words a Booksmack answer lists per reading, the most common first, with how many there are in all: a few `?`
# read as tens of thousands of words, which nobody reads and which would make the answer that big. At least 6,
# so the five other words a spelled word's sentence names are always among those listed (ruling 2).
READING_WORDS = 20
# Words a solver page shows: a big pool builds thousands; the best few hundred are what a table reads, the rest
# are a "Next" away, and the page stays small enough for a phone on a slow connection. Here, not in the page's
# module, because the offline meta (app/offline.py) carries it too and may not import the pages.
PAGE_WORDS = 300
# A dice roll's seed is what random.Random takes; 2**32 values never repeat a roll by chance.
MAX_SEED = 2**32 - 1
# Words one check request carries: the service's default MAX_WORDS_PER_CHECK, and the
# CLI's batch. A service may take more or fewer (it is a setting, not an engine limit).
WORDS_PER_CHECK = 50

# The app's settings a deployment may lower but not raise, with the engine's maximum.
MAXIMA = {
    "MAX_POOL_PIECES": MAX_POOL_PIECES,
    "MAX_RACK_LETTERS": MAX_RACK_LETTERS,
    "MAX_RESULT_LIMIT": MAX_LIMIT,
}
