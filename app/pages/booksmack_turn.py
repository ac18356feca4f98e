"""Booksmack, turn-based (`/booksmack/turn`): the cards on the table and the seat just played in, that player's action out.

    /booksmack/turn?cards=b+Z+m+a&played=4     a is the lowest card: its player steals a card

The cards are written as on `/booksmack` (spaces or commas between cards,
`space` for the Space card); `played` is the seat (1-based) of the card just
played. The answer is `solver.booksmack.turn_state` (ruling 7): win, draw,
steal or nothing.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from solver.booksmack import MAX_CARDS, turn_state

from ..api.fields import LexiconName
from ..resources import lexicon_named
from .blueprint import PageForm, bp, form_context, page_error, read_query, render
from .booksmack import card_text, split_cards
from .say import LEXICON, plainly

LABELS = {"cards": "Cards", "played": "Seat just played", "lexicon": "Lexicon"}
SAY = {
    "played": "Seat just played: give the seat of the card just played as a number, like 4",
    "cards": f"Cards: at most {MAX_CARDS} cards",
    "lexicon": LEXICON,
}
HEADLINES = {"win": "Win all cards played", "draw": "Draw a card", "steal": "Steal a card", "none": "Nothing more"}


class TurnForm(PageForm):
    cards: Annotated[str, Field(max_length=MAX_CARDS * 8)] = ""
    played: Annotated[int, Field(ge=1, le=MAX_CARDS)] | None = None
    lexicon: LexiconName | None = None


@bp.get("/booksmack/turn")
def booksmack_turn():
    """Judge the card just played in turn-based Booksmack: does its player win, draw, steal, or nothing?"""
    form, raw, errors = read_query(TurnForm, LABELS)
    context = {
        **form_context(raw),
        "state": None,
        "cards_text": raw.get("cards", ""),
        "max_cards": MAX_CARDS,
        "headlines": HEADLINES,
    }
    if form is None:
        return render("booksmack_turn.html", 422, errors=plainly(errors, SAY), **context)
    cards = split_cards(form.cards)
    if not cards and form.played is None:
        return render("booksmack_turn.html", errors=[], **context)
    if not cards:
        return render(
            "booksmack_turn.html",
            422,
            errors=[page_error("cards", "enter the cards on the table, in seating order", LABELS)],
            **context,
        )
    context["cards_text"] = card_text(cards)
    if form.played is None:
        detail = f"which card was just played? Give its seat, 1 to {len(cards)}"
        return render("booksmack_turn.html", 422, errors=[page_error("played", detail, LABELS)], **context)
    try:
        state = turn_state(cards, lexicon_named(form.lexicon), form.played)
    except ValueError as error:
        field = (
            "played" if getattr(error, "path", ())[:1] == ("played",) else "cards"
        )  # the refusal's path, not its wording
        return render("booksmack_turn.html", 422, errors=[page_error(field, str(error), LABELS)], **context)
    return render("booksmack_turn.html", errors=[], **{**context, "state": state})
