"""The brute-force oracle of the solver's properties: every word of the lexicon scanned, no index.

Scanning 120,000 words one `Pool.fits` call at a time took 2-5 s per example on
the shared 2-core machine, so the properties that compare `solve` with it cost
most of the suite's time. Here each word's cost vector is computed once per
lexicon (a numpy array) and the fit test is one vectorized comparison: the same
obviously-right scan, about 50x quicker per example. Filters, lengths and the
order are applied word by word, exactly as `solve` documents them.
"""

from __future__ import annotations

import numpy as np

from solver.search import Query

_COSTED: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}


def costed(lexicon, alphabet) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return the lexicon's buildable words, their cost vectors (one row per word), lengths and tie-break ranks.

    Computed once per lexicon and alphabet. The rank is each word's place in the words sorted most
    familiar first, ties alphabetical: the tie-break of the solver's order, as a number numpy can sort by.
    """
    key = (id(lexicon), id(alphabet))
    if key not in _COSTED:
        words, costs = [], []
        for word in lexicon:
            cost = alphabet.cost(word)
            if cost is not None:
                words.append(word)
                costs.append(cost)
        lengths = np.array([len(word) for word in words])
        ranks = np.empty(len(words), dtype=np.int64)
        familiarity = getattr(lexicon, "familiarity", lambda word: 0.0)
        tie_break = sorted(range(len(words)), key=lambda i: (-familiarity(words[i]), words[i]))
        ranks[tie_break] = np.arange(len(words))
        _COSTED[key] = (np.array(words, dtype=object), np.array(costs, dtype=np.int32).reshape(-1, 4), lengths, ranks)
    return _COSTED[key]


def brute_force(lexicon, alphabet, pool, query: Query | None = None) -> list[str]:
    """Return every word the pool builds under the query, sorted like `solve` (longest, fewest left, most familiar, A-Z)."""
    return [word for word, _ in brute_force_left(lexicon, alphabet, pool, query)]


def brute_force_left(lexicon, alphabet, pool, query: Query | None = None) -> list[tuple[str, int]]:
    """Return `brute_force`'s words, each with the number of pieces it leaves.

    The fit, the lengths, use_all and the order are whole-array operations over every word;
    the per-word filters (fragments, required letter, claimed, previous word) are the
    query's own predicate, called only on the words that fit.
    """
    query = query or Query()
    words, costs, lengths, ranks = costed(lexicon, alphabet)
    deficit = np.maximum(costs - np.array(pool.counts), 0).sum(axis=1)
    left = pool.size - costs.sum(axis=1)
    fits = (deficit <= pool.wild) & (query.min_length <= lengths) & (lengths <= query.max_length)
    if query.use_all:
        fits &= left == 0
    found = np.flatnonzero(fits)
    keep = query.word_filter()
    if keep is not None:
        found = found[[keep(word) for word in words[found].tolist()]]
    found = found[np.lexsort((ranks[found], left[found], -lengths[found]))]  # the last key sorts first
    return list(zip(words[found].tolist(), left[found].tolist()))


_LETTER_COUNTS: dict[int, tuple[list[str], np.ndarray]] = {}


def rack_brute_force(lexicon, tiles, blanks: int) -> set[str]:
    """Return every all-letter word that the rack's tiles (a Counter) and `blanks` build: a scan, vectorized."""
    if id(lexicon) not in _LETTER_COUNTS:
        words = [word for word in lexicon if word.isalpha() and word.isascii()]
        counts = np.zeros((len(words), 26), dtype=np.int32)
        for row, word in enumerate(words):
            for letter in word:
                counts[row, ord(letter) - 97] += 1
        _LETTER_COUNTS[id(lexicon)] = (words, counts)
    words, counts = _LETTER_COUNTS[id(lexicon)]
    have = np.array([tiles.get(chr(97 + i), 0) for i in range(26)])
    short = np.maximum(counts - have, 0).sum(axis=1)
    return {words[i] for i in np.flatnonzero(short <= blanks)}


# --- the word table's oracles: every word of a list scanned ---------------------------------

_CHAR_COUNTS: dict[int, tuple[dict[str, int], np.ndarray]] = {}


def _char_counts(words) -> tuple[dict[str, int], np.ndarray]:
    """Return each character's column and every word's count of each character (one row per word), computed once."""
    if id(words) not in _CHAR_COUNTS:
        columns = {char: n for n, char in enumerate(sorted(set("".join(words))))}
        counts = np.zeros((len(words), len(columns)), dtype=np.int16)
        for row, word in enumerate(words):
            for char in word:
                counts[row, columns[char]] += 1
        _CHAR_COUNTS[id(words)] = (columns, counts)
    return _CHAR_COUNTS[id(words)]


def without_new_letter(words, previous: str) -> list[int]:
    """Return the places of the words with no letter the previous word lacks, counting repeats (no GAB after BAG).

    `solver.search.new_letter` for every word at once: a word has a new letter when it holds
    some character more often than the previous word does.
    """
    columns, counts = _char_counts(words)
    have = np.zeros(counts.shape[1], dtype=np.int16)
    for char in previous:
        if char in columns:  # a character no word holds cannot make one new
            have[columns[char]] += 1
    return np.flatnonzero(~(counts > have).any(axis=1)).tolist()


_AS_STR: dict[int, np.ndarray] = {}


def holding(words, fragment: str, where: str) -> list[int]:
    """Return the places of the words that start with, end with or contain (`where`: start, end, any) the fragment.

    `str.startswith`, `str.endswith` and `in`, as numpy's `np.char` applies them to every word.
    """
    if id(words) not in _AS_STR:
        _AS_STR[id(words)] = np.array(words, dtype=str)
    strings = _AS_STR[id(words)]
    if where == "start":
        found = np.char.startswith(strings, fragment)
    elif where == "end":
        found = np.char.endswith(strings, fragment)
    else:
        found = np.char.find(strings, fragment) >= 0
    return np.flatnonzero(found).tolist()
