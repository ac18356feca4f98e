"""Dice (`/dice`): roll the starting pool, one die for a piece to add, or Word by Word's three dice.

    /dice?roll=start&seed=7          the starting pool: all four dice, twice (a star gives its colour)
    /dice?roll=add&seed=7            one die for a piece to add (a star is a wild)
    /dice?roll=word_by_word&seed=7   three dice for one Word by Word word

The roll is `solver.wordsmith.roll_dice` seeded with `seed`, so the URL is the
roll: reloading or sharing it shows the same faces. A roll asked for without
a seed (the buttons send none) gets a fresh random seed and a 303 to its URL.
"""

from __future__ import annotations

import random
from typing import Annotated, Literal

from pydantic import Field

from solver.limits import MAX_SEED
from solver.sentences import group
from solver.wordsmith import ROLLS, roll_dice

from .blueprint import PageForm, bp, canonical, read_query, render, see
from .say import plainly

LABELS = {"roll": "Roll", "seed": "Seed"}
ORDER = ("roll", "seed")
SAY = {
    "roll": "Roll: press one of the three buttons (the starting pool, a piece to add, or the Word by Word roll)",
    "seed": f"Seed: a roll's seed is a whole number from 0 to {MAX_SEED}; press a button for a new roll",
}
TITLES = group("dice.titles")  # each roll's title, from the table the offline page reads too


class DiceForm(PageForm):
    roll: Literal[ROLLS] | None = None
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] | None = None


@bp.get("/dice")
def dice():
    """Roll the dice as the table does, and say which faces came up and what they give."""
    form, raw, errors = read_query(DiceForm, LABELS)
    context = {"values": raw, "rolled": None, "titles": TITLES, "what": raw.get("roll", "")}
    if form is None:
        return render("dice.html", 422, errors=plainly(errors, SAY), **context)
    if form.roll is None:
        return render("dice.html", errors=[], **context)
    if form.seed is None:
        seed = random.SystemRandom().randint(0, MAX_SEED)
        return see(canonical("pages.dice", {"roll": form.roll, "seed": seed}, ORDER) + "#roll")
    rolled = roll_dice(form.roll, random.Random(form.seed))
    return render(
        "dice.html",
        errors=[],
        **{**context, "rolled": rolled, "seed": form.seed, "what": form.roll, "faces": rolled.shown()},
    )
