"""Names first, the running-text measure (docs/lexicon.md, Names first): when case-aware counts tell a name from a word.

Capitals come to an ordinary word by chance too (a sentence's start, a title), and the rarer the word, the more its
counts are chance: among SCOWL's words no name list holds, a rare one is often written capitalised more than in
lowercase, a common one almost never. So the capitalised spelling tells a name only when it beats the lowercase one
by more than an ordinary word of that frequency does but in one case of CASE_NOISE_SHARE (`Gibbon`, the historian,
beats `gibbon`, the ape, within chance at its frequency: the next measure tells). Build time only, beside build.py.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

# The share of ordinary words whose capitals outnumber their lowercase by more than a name's must.
CASE_NOISE_SHARE = 0.01
# The least ordinary words a band of frequency is measured on; a thinner band takes its nearest measured neighbour's.
CASE_NOISE_MIN_WORDS = 100
# Ordinary words of fewer letters are too often other things in running text (abbreviations, foreign words).
CASE_NOISE_MIN_LETTERS = 4


def case_noise(counts: Mapping[str, float], words: Iterable[str], names: Iterable[str]) -> dict[int, float]:
    """For each band of lowercase frequency (the log probability's floor), the margin (lowercase minus capitalised log
    probability) that all but CASE_NOISE_SHARE of the ordinary words in it reach or pass: `words` less `names`, of
    CASE_NOISE_MIN_LETTERS letters or more, letters only, both spellings counted."""
    names = set(names)
    bands: dict[int, list[float]] = {}
    for word in words:
        if word in names or len(word) < CASE_NOISE_MIN_LETTERS or not word.isalpha():
            continue
        lower, capital = counts.get(word), counts.get(word.capitalize())
        if lower is not None and capital is not None:
            bands.setdefault(math.floor(lower), []).append(lower - capital)
    measured = {
        band: sorted(margins)[int(len(margins) * CASE_NOISE_SHARE)]
        for band, margins in bands.items()
        if len(margins) >= CASE_NOISE_MIN_WORDS
    }
    return {band: measured[min(measured, key=lambda m: (abs(m - band), m))] for band in bands} | measured


def case_margin(word: str, counts: Mapping[str, float], noise: Mapping[int, float]) -> float | None:
    """How much commoner the lowercase spelling is than the capitalised one in running text (log probabilities), or
    None when that tells nothing: a spelling not counted both ways, or capitals ahead by no more than chance gives an
    ordinary word of its frequency (case_noise). Lowercase ahead always tells (an ordinary word is not written in
    lowercase for a name by chance)."""
    lower, capital = counts.get(word), counts.get(word.capitalize())
    if lower is None or capital is None:
        return None
    margin = lower - capital
    band = math.floor(lower)
    chance = noise.get(band, noise[min(noise, key=lambda m: (abs(m - band), m))] if noise else 0.0)
    return None if chance <= margin < 0 else margin
