"""One place that knows where the engine's data lives (`solver/data/`) and reads it, once per process.

Rules as data: the letter-piece alphabet, the box and its dice, the Booksmack
cards, the Color Smash colours and the tile values are files here, each read
the first time it is needed and kept (the files never change while we run).

>>> data_path("box.json").name
'box.json'
>>> read_json("tile_values.json")["values"]["q"]
10
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

__all__ = ["data_path", "read_json", "read_text"]

DATA = Path(__file__).resolve().parent / "data"


def data_path(filename: str = "") -> Path:
    """Return the path of a file in the engine's data directory (the directory itself when no name is given)."""
    return DATA / filename if filename else DATA


@cache
def read_text(filename: str) -> str:
    """Return a data file's text (read once); raise LookupError naming a file that is not there."""
    try:
        return data_path(filename).read_text("utf-8")
    except FileNotFoundError:
        raise LookupError(f"No data file {filename!r} in {DATA}") from None


@cache
def read_json(filename: str):
    """Return a JSON data file parsed (read once; callers must not change it)."""
    return json.loads(read_text(filename))
