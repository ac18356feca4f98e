"""The one normalization every word goes through, at build time and at run time.

NFKC, lowercase, curly apostrophes to `'`, dash-like characters to `-`,
diacritics folded (`café` -> `cafe`), and the letters Unicode does not
decompose mapped by hand (`ø` -> `o`, `æ` -> `ae`, `œ` -> `oe`, `ß` -> `ss`).
A normalized word is *well formed* when it holds only `a-z`, `'` and `-`,
with a letter at its start and its end.

>>> normalize("CAFÉ")
'cafe'
>>> normalize("She’s")
"she's"
>>> is_well_formed(normalize("to–do")), is_well_formed("-do")
(True, False)
"""
from __future__ import annotations

import re
import unicodedata

__all__ = ["normalize", "fold", "is_well_formed", "fold_letter"]

_PUNCTUATION = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "‐": "-", "‑": "-", "–": "-", "—": "-"})
# Letters with no canonical decomposition into a base letter plus marks.
_BY_HAND = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "ħ": "h", "ı": "i", "þ": "th", "ð": "d"})
_WELL_FORMED = re.compile(r"[a-z](?:[a-z'-]*[a-z])?")
_PLAIN = re.compile(r"[a-z'-]*")


def fold(text: str) -> str:
    """Return `text` normalized (see the module docstring); it may still be ill formed."""
    if text.isascii():
        return text.lower()  # the hot path: plain input needs nothing else
    text = unicodedata.normalize("NFKC", text).lower().translate(_PUNCTUATION).translate(_BY_HAND)
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


normalize = fold


def fold_letter(char: str) -> str:
    """Return the plain letter(s) a single character folds to (`é` -> `e`, `Æ` -> `ae`)."""
    return fold(char)


def is_well_formed(word: str) -> bool:
    """Tell whether a normalized word holds only a-z, `'` and `-`, starting and ending with a letter."""
    return _WELL_FORMED.fullmatch(word) is not None
