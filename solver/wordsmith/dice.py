"""Roll the Wordsmith dice and read their faces as letter pieces."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import chain

from ..errors import Refused, spelled
from ..pieces import Pool, load_box
from ..text import and_list
from .boxes import WORD_BY_WORD_DICE, is_whole

# --- dice ------------------------------------------------------------------------


def faces_said(faces) -> str:
    """Faces as the box labels them, in a list a sentence reads: "red, yellow and blue star"."""
    box = load_box()
    return and_list([box.face(face).label for face in faces])


def roll(dice: int | None = None, rng: random.Random | None = None) -> tuple[str, ...]:
    """Roll dice (all the box's dice by default) and return the faces that came up (see `load_box().die`)."""
    box = load_box()
    dice = box.dice if dice is None else dice
    if not is_whole(dice) or not 1 <= dice <= box.dice:
        raise Refused(f"dice: roll from 1 to {box.dice} dice (got {spelled(dice)})", ("dice",))
    rng = rng or random.Random()
    return tuple(rng.choice(box.die_faces) for _ in range(dice))


def _pieces(faces, reading: str) -> Pool:
    box = load_box()
    if isinstance(faces, str):
        raise Refused("faces: give a list of die faces", ("faces",))
    return Pool(**Counter(getattr(box.face(face), reading) for face in faces))


def starting_pieces(faces) -> Pool:
    """Return the pieces rolled faces give at the start: one of the rolled colour each, a star as its colour (ruling 5)."""
    return _pieces(faces, "start")


def added_pieces(faces) -> Pool:
    """Return the pieces rolled faces give when adding pieces: a star face as a wild (ruling 5)."""
    return _pieces(faces, "add")


def starting_pool(rng: random.Random | None = None) -> tuple[tuple[tuple[str, ...], ...], Pool]:
    """Roll all the dice twice, as at the start of a challenge; return the two rolls and the pool."""
    rng = rng or random.Random()
    rolls = (roll(rng=rng), roll(rng=rng))
    return rolls, starting_pieces(chain.from_iterable(rolls))


def word_by_word_roll(rng: random.Random | None = None) -> tuple[str, ...]:
    """Roll three dice for a Word by Word word, rolling again while they show only wilds (stars)."""
    rng = rng or random.Random()
    box = load_box()
    while True:
        faces = roll(WORD_BY_WORD_DICE, rng)
        if any(box.face(face).add != "wild" for face in faces):
            return faces


ROLLS = ("start", "add", "word_by_word")


@dataclass(frozen=True)
class DiceRoll:
    """A roll as a table makes it: the faces that came up, roll by roll, and the pieces they give."""

    what: str  # start: the starting pool; add: one die for a piece to add; word_by_word: one word's three dice
    rolls: tuple[tuple[str, ...], ...]
    pieces: Pool  # the starting pool, or the pieces to add (a wild: any kind; in Word by Word a circle)

    def to_dict(self) -> dict:
        box = load_box()
        reading = "start" if self.what == "start" else "add"
        return {
            "what": self.what,
            "rolls": [list(faces) for faces in self.rolls],
            "labels": [[box.face(f).label for f in faces] for faces in self.rolls],
            "gives": [[getattr(box.face(f), reading) for f in faces] for faces in self.rolls],
            "pieces": self.pieces.to_dict(),
            "pieces_text": str(self.pieces),
        }

    def shown(self) -> list[list[tuple[str, str]]]:
        """Return each roll's faces as (label, what it gives) pairs."""
        d = self.to_dict()
        return [list(zip(labels, gives)) for labels, gives in zip(d["labels"], d["gives"])]


def roll_dice(what: str = "start", rng: random.Random | None = None) -> DiceRoll:
    """Make one of the table's rolls: `start` (all dice twice), `add` (one die), `word_by_word` (three dice)."""
    rng = rng or random.Random()
    if what == "start":
        rolls, pool = starting_pool(rng)
        return DiceRoll(what, rolls, pool)
    if what == "add":
        faces = roll(1, rng)
    elif what == "word_by_word":
        faces = word_by_word_roll(rng)
    else:
        raise Refused(f"roll: choose {', '.join(ROLLS)} (got {spelled(what)})", ("roll",))
    return DiceRoll(what, (faces,), added_pieces(faces))
