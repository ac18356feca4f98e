"""Answers of a pure function of plain JSON values (a state's view, a seat's sheets), kept for the same values: a
table's views draw the same scores and claim lines again after every event, and an event changes few of them."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Memo"]

T = TypeVar("T")


class Memo(Generic[T]):
    """What `make()` answered for the same `values`, the `size` most recently used kept. The values are plain JSON
    values, which repr spells exactly, so their repr is the key; a kept answer is shared: read it, never change it."""

    def __init__(self, size: int):
        self.size = size
        self._kept: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, values: object, make: Callable[[], T]) -> T:
        key = repr(values)
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        made = make()
        with self._lock:
            self._kept[key] = made
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return made
