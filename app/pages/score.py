"""Score sheets (`/score`): each player's words, discards and crossed boxes per challenge in; totals and the winner out.

    /score?players=2&p1=Ann&p1c1=bag,cast&p1c1d=8&p2=Bob&p2c1=cat&p2c1d=2

The URL holds the sheets, one field per box of the printed sheet:

- `players`: how many sheets (1-8, default 2); `p1` ... `p8`: the names
  (left empty: "Player 1", ...);
- `p{n}c{k}`: player n's words in challenge k (1-3), in claim order, with
  commas or spaces between them; `p{n}c{k}d`: discard boxes checked for
  leftover pieces; `p{n}c{k}x`: white boxes crossed out (advanced players);
- variants: `secret=1`, `advanced=1`, `word_by_word=1` (combined as
  `solver.wordsmith.score_sheets` combines them); `c{k}r`: the challenge's six
  required letters (advanced); `lexicon` (secret checks every word).

A word may carry its variant details: `mat@3` is written in row 3
(advanced), `bag:2/1` had 2 circles, 1 of them checked (Word by Word).
Challenges are scored up to the last one anyone has written in (a challenge
nobody played would give everyone 6 bonus points). All scoring is
`solver.wordsmith.score_sheets`.
"""

from __future__ import annotations

import re
from typing import Annotated

from flask import request
from pydantic import Field

from solver.sentences import say
from solver.text import split_words
from solver.wordsmith import (
    CHALLENGES,
    DISCARD_BOXES,
    WHITE_BOXES,
    WORDS_PER_CHALLENGE,
    score_sheets,
)

from ..api.fields import LexiconName
from ..api.score_sheets import MAX_PLAYER_NAME, MAX_SHEETS
from ..resources import lexicon_named
from .blueprint import PageForm, bp, form_context, read_query, render
from .say import LEXICON, plainly, tick

LABELS = {"players": "Players", "lexicon": "Lexicon"}
SAY = {
    "players": f"Players: give how many sheets, a number from 1 to {MAX_SHEETS}",
    "secret": tick("Secret Wordsmith"),
    "advanced": tick("Advanced Game"),
    "word_by_word": tick("Word by Word"),
    "lexicon": LEXICON,
}
# Six words of up to 40 letters with their details fit in 400 characters.
MAX_WORDS_TEXT = 400
_WORD = re.compile(r"(?P<word>[^@:]+)(?:@(?P<row>\d{1,2}))?(?::(?P<circles>\d)(?:/(?P<checked>\d))?)?")


class ScoreForm(PageForm):
    players: Annotated[int, Field(ge=1, le=MAX_SHEETS)] = 2
    secret: bool = False
    advanced: bool = False
    word_by_word: bool = False
    lexicon: LexiconName | None = None


def variant_of(form: ScoreForm) -> str:
    parts = [name for name in ("secret", "advanced", "word_by_word") if getattr(form, name)]
    return "+".join(parts) or "standard"


def _error(field: str | None, detail: str) -> dict:
    """Return an error shown as its own sentence: the sheets' messages already name the player and challenge."""
    return {"field": field, "label": None, "detail": detail}


def _number(field: str, label: str, top: int, errors: list) -> int:
    text = request.args.get(field, "").strip()
    if not text:
        return 0
    if not (text.isascii() and text.isdigit()) or int(text) > top:  # isdigit alone takes `²`, which int refuses
        errors.append(_error(field, f"{label}: give a whole number from 0 to {top}"))
        return 0
    return int(text)


def _word(text: str) -> dict:
    """Read one word with its details: `mat@3` (row 3), `bag:2/1` (2 circles, 1 checked)."""
    match = _WORD.fullmatch(text)
    if not match:
        return {"word": text}
    word = {"word": match["word"]}
    if match["row"]:
        word["row"] = int(match["row"])
    if match["circles"]:
        word["circles"] = int(match["circles"])
        word["checked"] = int(match["checked"] or 0)
    return word


def read_sheets(count: int, advanced: bool, errors: list) -> tuple[list[dict], list[dict]]:
    """Return (the sheets for score_sheets, the grid to refill the form with), appending field errors."""
    grid = []
    for n in range(1, count + 1):
        name = request.args.get(f"p{n}", "").strip()[:MAX_PLAYER_NAME] or f"Player {n}"
        challenges = []
        for k in range(1, CHALLENGES + 1):
            words_field = f"p{n}c{k}"
            text = request.args.get(words_field, "")
            if len(text) > MAX_WORDS_TEXT:
                errors.append(
                    _error(words_field, f"{name}, challenge {k}: at most {MAX_WORDS_TEXT} characters of words")
                )
                text = ""
            words = split_words(text)
            if len(words) > WORDS_PER_CHALLENGE:
                errors.append(
                    _error(
                        words_field,
                        say(
                            "sheet.too_many_words",
                            where=f"{name}, challenge {k}",
                            count=len(words),
                            most=WORDS_PER_CHALLENGE,
                        ),
                    )
                )
            challenges.append(
                {
                    "text": text,
                    "words": [_word(w) for w in words[:WORDS_PER_CHALLENGE]],
                    "discards": _number(f"{words_field}d", f"{name}, challenge {k}, discards", DISCARD_BOXES, errors),
                    "crossed_white": _number(
                        f"{words_field}x", f"{name}, challenge {k}, white boxes crossed", WHITE_BOXES, errors
                    ),
                }
            )
        grid.append({"n": n, "name": request.args.get(f"p{n}", ""), "player": name, "challenges": challenges})
    played = max(
        (
            k
            for row in grid
            for k, c in enumerate(row["challenges"], 1)
            if c["words"] or c["discards"] or c["crossed_white"]
        ),
        default=0,
    )
    sheets = []
    for row in grid:
        challenges = []
        for k, c in enumerate(row["challenges"][:played], 1):
            challenge = {"words": c["words"], "discards": c["discards"], "crossed_white": c["crossed_white"]}
            if advanced:
                challenge["required"] = request.args.get(f"c{k}r", "").strip()
            challenges.append(challenge)
        sheets.append({"player": row["player"], "challenges": challenges})
    return sheets, grid


def error_field(path: tuple) -> str | None:
    """Return the form field a score_sheets refusal is about, from its path (`("sheets", 1, "challenges", 0, "words", 2)`)."""
    if len(path) < 2 or path[0] != "sheets":
        return None
    n = path[1] + 1
    if len(path) < 4 or path[2] != "challenges":
        return f"p{n}"
    k = path[3] + 1
    return f"c{k}r" if path[4:5] == ("required",) else f"p{n}c{k}"


@bp.get("/score")
def score():
    """Score the sheets of a Wordsmith game: each challenge, each total, and the winner(s)."""
    form, raw, errors = read_query(ScoreForm, LABELS)
    count = form.players if form else 2
    sheet_errors: list[dict] = []
    sheets, grid = read_sheets(count, bool(form and form.advanced), sheet_errors)
    required = {k: request.args.get(f"c{k}r", "") for k in range(1, CHALLENGES + 1)}
    context = {
        **form_context(raw),
        "grid": grid,
        "required": required,
        "result": None,
        "challenges": CHALLENGES,
        "max_sheets": MAX_SHEETS,
        "form": form,
        "max_words_text": MAX_WORDS_TEXT,
    }
    errors = plainly(errors, SAY) + sheet_errors
    if errors:
        return render("score.html", 422, errors=errors, **context)
    if not any(s["challenges"] for s in sheets):
        return render("score.html", errors=[], **context)
    variant = variant_of(form)
    try:
        result = score_sheets(sheets, variant, lexicon_named(form.lexicon))
    except ValueError as error:
        return render(
            "score.html", 422, errors=[_error(error_field(getattr(error, "path", ())), str(error))], **context
        )
    return render("score.html", errors=[], **{**context, "result": result, "variant": variant})
