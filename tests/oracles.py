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

_COSTED: dict[tuple[int, int], tuple[list[str], np.ndarray]] = {}


def costed(lexicon, alphabet) -> tuple[list[str], np.ndarray]:
    """Return the lexicon's buildable words and their cost vectors (one row per word), computed once."""
    key = (id(lexicon), id(alphabet))
    if key not in _COSTED:
        words, costs = [], []
        for word in lexicon:
            cost = alphabet.cost(word)
            if cost is not None:
                words.append(word)
                costs.append(cost)
        _COSTED[key] = (words, np.array(costs, dtype=np.int32).reshape(-1, 4))
    return _COSTED[key]


def brute_force(lexicon, alphabet, pool, query: Query | None = None) -> list[str]:
    """Return every word the pool builds under the query, sorted like `solve` (longest, fewest left, alphabetical)."""
    query = query or Query()
    words, costs = costed(lexicon, alphabet)
    deficit = np.maximum(costs - np.array(pool.counts), 0).sum(axis=1)
    fitting = np.flatnonzero(deficit <= pool.wild)
    sizes = costs.sum(axis=1)
    keep = query.word_filter() or (lambda word: True)
    found = []
    for i in fitting:
        word = words[i]
        if not query.min_length <= len(word) <= query.max_length:
            continue
        left = pool.size - int(sizes[i])
        if (query.use_all and left) or not keep(word):
            continue
        found.append((-len(word), left, word))
    return [word for _, _, word in sorted(found)]


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
