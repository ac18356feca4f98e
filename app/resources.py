"""The expensive objects the views share: built once per process, held on the app.

`create_app` calls `init_app`, which loads the lexicons (`load_lexicons` is
cached per process) and builds what the first request would otherwise pay for
— every size's piece and rack indexes, the word lists, the definitions, the
words by letter position — so the first request of any size is as quick as
the next. Under gunicorn's
`preload_app` that happens once in the master, before the workers fork, and
`gunicorn.conf.py` freezes it out of the garbage collector's reach
(`gc.freeze()`), so the workers share those pages instead of copying them.
Views reach it through `resources()` and pass it explicitly to `solver`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import Flask, current_app

from solver.lexicon import SIZES, Lexicon, Lexicons, load_lexicons
from solver.pieces import Alphabet, load_alphabet
from solver.search import PieceIndex, RackIndex, piece_index, rack_index

__all__ = ["Resources", "init_app", "lexicon_named", "resources", "pieces_for", "racks_for"]


@dataclass
class Resources:
    """What `app.extensions["wordsmith"]` holds."""

    lexicons: Lexicons
    default_lexicon: str
    sizes: dict[str, int]
    alphabet: Alphabet
    alphabet_file: Path | None = None  # None: the built-in letter-piece alphabet


def init_app(app: Flask) -> None:
    """Load the lexicons (once per process) and hold them on the app."""
    lexicons = load_lexicons()
    sizes = {name: len(lexicons[name]) for name in SIZES}
    lexicons.define("warm")  # reads the definitions table now, not during the first request
    _ = lexicons.positions  # Booksmack's `?` readings: built (or read from the disk cache) now, not on a round
    alphabet_file = Path(app.config["ALPHABET_FILE"]) if app.config["ALPHABET_FILE"] else None
    alphabet = load_alphabet(alphabet_file)
    default = app.config["DEFAULT_LEXICON"]
    # Every size's solver indexes are built now, before gunicorn forks: built on first use
    # they would make that request slow, in every worker.
    for name in SIZES:
        build_indexes(lexicons[name], alphabet)
    app.extensions["wordsmith"] = Resources(lexicons, default, sizes, alphabet, alphabet_file)


def build_indexes(lexicon: Lexicon, alphabet: Alphabet | None = None) -> None:
    """Build (or read from the disk cache) a lexicon size's piece and rack indexes, as every app does at start."""
    piece_index(lexicon, alphabet)
    rack_index(lexicon)


def resources() -> Resources:
    """Return the current app's shared resources."""
    return current_app.extensions["wordsmith"]


def lexicon_named(name: str | None) -> Lexicon:
    """Return the lexicon `name`, or the configured default when it is None."""
    shared = resources()
    return shared.lexicons[name or shared.default_lexicon]


def pieces_for(lexicon: Lexicon) -> PieceIndex:
    """Return the letter-piece index of `lexicon` under the configured alphabet (built once per process)."""
    return piece_index(lexicon, resources().alphabet)


def racks_for(lexicon: Lexicon) -> RackIndex:
    """Return the letter-rack index of `lexicon` (built once per process)."""
    return rack_index(lexicon)
