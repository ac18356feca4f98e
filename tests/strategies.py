"""Hypothesis strategies shared by the test files: defined once, so every property draws from the same ranges."""

from __future__ import annotations

from hypothesis import strategies as st

from solver.pieces import KINDS, Pool

# Small pools, 0-6 of each kind and 0-2 wilds: every word such a pool builds can
# still be checked against a brute-force scan of the lexicon in milliseconds.
pools = st.builds(Pool, *[st.integers(0, 6) for _ in KINDS], wild=st.integers(0, 2)).filter(lambda p: p.size > 0)

# Big pools, up to the 60-piece limit (4 x 14 + 4): the word-table paths.
big_pools = st.builds(Pool, *[st.integers(0, 14) for _ in KINDS], wild=st.integers(0, 4)).filter(lambda p: p.size > 0)
