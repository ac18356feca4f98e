"""Small text helpers the engine and its front ends share: counts said with their noun, lists, typed word lists, a letter.

>>> count(1, "piece"), count(3, "discard box"), and_list(["a", "b", "c"]), or_list(["a", "b"])
('1 piece', '3 discard boxes', 'a, b and c', 'a or b')
>>> split_words("bag, cast  she's,,")
['bag', 'cast', "she's"]
>>> read_letter(" É "), read_letter("")
('e', '')
"""

from __future__ import annotations

import re

from .errors import Refused, spelled
from .normalize import fold
from .sentences import say

__all__ = ["count", "and_list", "or_list", "split_words", "read_letter"]


def count(n: int, thing: str) -> str:
    """Say a count with its noun: '1 piece', '2 pieces', '3 discard boxes'."""
    if n == 1:
        return f"{n} {thing}"
    return f"{n} {thing}es" if thing.endswith(("x", "s")) else f"{n} {thing}s"


def and_list(parts: list[str], last: str = "and") -> str:
    """Join phrases as people say them: 'a', 'a and b', 'a, b and c'."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def or_list(parts: list[str]) -> str:
    """Join choices as people say them: 'a', 'a or b', 'a, b or c'."""
    return and_list(parts, "or")


def split_words(text: str) -> list[str]:
    """Split a list of words typed with commas and/or spaces (a word never holds either)."""
    return [word for word in re.split(r"[\s,]+", text) if word]


def read_letter(value, path: tuple = ("required_letter",)) -> str:
    """Return a single letter a-z (diacritics folded, spaces trimmed) or "" for none; refuse anything else at `path`."""
    letter = fold(value).strip() if isinstance(value, str) else None if value is not None else ""
    if letter is None or len(letter) > 1 or (letter and not "a" <= letter <= "z"):
        raise Refused(say("sheet.required_letter", given=spelled(value)), path)
    return letter
