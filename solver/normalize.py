r"""The one normalization every word goes through, at build time and at run time.

Surrounding whitespace trimmed and invisible characters dropped (zero-width
spaces and joiners, the soft hyphen, direction marks: Unicode's format
characters, category Cf), apostrophe-like marks to `'` (curly quotes, the
modifier apostrophe, the prime, the backtick and the acute accent people type
for one), dash-like characters to `-` (hyphens, figure, en and em dashes, the
minus sign), NFKC, lowercase, diacritics folded (`café` -> `cafe`), and the
letters Unicode does not decompose mapped by hand (`ø` -> `o`, `æ` -> `ae`,
`œ` -> `oe`, `ß` -> `ss`). A normalized word is *well formed* when it holds
only `a-z`, `'` and `-`, starts with a letter or an apostrophe (`'tis`,
`'twas`) and ends with a letter.

>>> normalize(" CAFÉ ")
'cafe'
>>> normalize("She’s"), normalize("don´t"), normalize("`twas")
("she's", "don't", "'twas")
>>> normalize("x\u2212ray"), normalize("bag\u200b"), normalize("hy\u00adphen")
('x-ray', 'bag', 'hyphen')
>>> is_well_formed(normalize("to–do")), is_well_formed("-do"), is_well_formed("'tis"), is_well_formed("tis'")
(True, False, True, False)
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["normalize", "fold", "is_well_formed", "fold_letter"]

# Mapped before NFKC: it would turn the acute accent into a space and a combining
# mark, and the fullwidth forms into their ASCII selves anyway.
_APOSTROPHES = "’‘‛ʼʻʹ′`´＇"  # ’ ‘ ‛ ʼ ʻ ʹ ′ ` ´ ＇
_DASHES = "‐‑‒–—―−﹘﹣－"  # ‐ ‑ ‒ – — ― − ﹘ ﹣ －
_PUNCTUATION = str.maketrans({**dict.fromkeys(_APOSTROPHES, "'"), **dict.fromkeys(_DASHES, "-")})
# Letters with no canonical decomposition into a base letter plus marks.
_BY_HAND = str.maketrans(
    {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "ħ": "h", "ı": "i", "þ": "th", "ð": "d"}
)
# Marks (diacritics once decomposed, variation selectors) and format characters
# (zero-width spaces and joiners, the soft hyphen, direction marks): invisible.
_DROPPED = frozenset(("Mn", "Me", "Cf"))
_WELL_FORMED = re.compile(r"'?[a-z](?:[a-z'-]*[a-z])?")


def fold(text: str) -> str:
    """Return `text` normalized (see the module docstring); it may still be ill formed."""
    if text.isascii():  # the hot path: plain input needs little
        text = text.strip().lower()
        return text.replace("`", "'") if "`" in text else text
    # Punctuation mapped on both sides of NFKC: before it, because NFKC turns `´`
    # into a space and a combining accent; after it, because it turns some
    # Greek accents into `` ` `` and `´`.
    text = unicodedata.normalize("NFKC", text.translate(_PUNCTUATION)).translate(_PUNCTUATION)
    decomposed = unicodedata.normalize(
        "NFD", text.lower()
    )  # then the hand-mapped letters, freed of marks (`ǽ` -> `æ` -> `ae`)
    return "".join(c for c in decomposed if unicodedata.category(c) not in _DROPPED).translate(_BY_HAND).strip()


normalize = fold


def fold_letter(char: str) -> str:
    """Return the plain letter(s) a single character folds to (`é` -> `e`, `Æ` -> `ae`)."""
    return fold(char)


def is_well_formed(word: str) -> bool:
    """Tell whether a normalized word holds only a-z, `'` and `-`, starting with a letter or `'` and ending with a letter."""
    return _WELL_FORMED.fullmatch(word) is not None
