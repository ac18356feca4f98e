"""The expensive objects the views share: built once per process, held on the app.

`create_app` calls `init_app`, which loads the lexicons (`load_lexicons` is
cached per process) and warms what the first request would otherwise pay for
— each size's word list and the definitions. Under gunicorn's `preload_app`
that happens once in the master, before the workers fork, so they share it.
Views reach it through `resources()` and pass it explicitly to `solver`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask, current_app

from solver.lexicon import SIZES, Lexicon, Lexicons, load_lexicons

__all__ = ["Resources", "init_app", "lexicon_named", "resources"]


@dataclass
class Resources:
    """What `app.extensions["wordsmith"]` holds."""

    lexicons: Lexicons
    default_lexicon: str
    sizes: dict[str, int]
    alphabet_file: Path | None = None  # None: the built-in letter-piece alphabet
    extra: dict = field(default_factory=dict)  # room for the game engines' data (alphabet, card sets)


def init_app(app: Flask) -> None:
    """Load the lexicons (once per process) and hold them on the app."""
    lexicons = load_lexicons()
    sizes = {name: len(lexicons[name]) for name in SIZES}  # also builds each size's word list before any fork
    lexicons.define("warm")  # reads the definitions table now, not during the first request
    alphabet = app.config["ALPHABET_FILE"]
    app.extensions["wordsmith"] = Resources(lexicons, app.config["DEFAULT_LEXICON"], sizes, Path(alphabet) if alphabet else None)


def resources() -> Resources:
    """Return the current app's shared resources."""
    return current_app.extensions["wordsmith"]


def lexicon_named(name: str | None) -> Lexicon:
    """Return the lexicon `name`, or the configured default when it is None."""
    shared = resources()
    return shared.lexicons[name or shared.default_lexicon]
