"""Booksmack (`/booksmack`): the revealed cards in seating order in, who wins the round and why out.

    /booksmack?cards=c+A+f+é           CAFE is spelled: say the word
    /booksmack?cards=b+Z+%23+m         # on the table: the lowest card wins

Card entry (the `cards` text): cards are separated by spaces and/or commas
(`c A f é` = `c,A,f,é`); the Space card is written `space` (or `␣`); a run
of letters typed together is one card per letter (`cAfé` = `c A f é`), while
digits typed together are one number card (`12`). Symbols are themselves:
`. ? ! + - & * @ ~ #`. The on-screen palette types the same text.

The answer names the card to tap by its face ("Tap U"); a face that shows on
more than one seat is named with its seat too ("Tap seat 2 (c) or seat 4 (c)"),
so two players with equal-looking cards know which one is meant.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Annotated

from flask import request
from pydantic import Field

from solver.booksmack import MAX_CARDS, SPACE_NAMES, judge_round, parse_card, published_deck
from solver.sentences import say

from ..api.fields import LexiconName
from ..resources import lexicon_named
from .blueprint import PageForm, bp, canonical, form_context, page_error, read_query, render, see

LABELS = {"cards": "Cards", "lexicon": "Lexicon", "add": "Card", "remove": "Undo"}
ORDER = ("cards", "lexicon")
# Palette sections: (heading, which cards), read off the published deck in its order.
SECTIONS = (
    ("Lowercase", "lowercase"),
    ("Uppercase", "uppercase"),
    ("Accents", "diacritic"),
    ("Numbers", "number"),
    ("Symbols", "symbol"),
)


class BooksmackForm(PageForm):
    cards: Annotated[str, Field(max_length=MAX_CARDS * 8)] = ""
    lexicon: LexiconName | None = None


def split_cards(text: str) -> list[str]:
    """Read the `cards` text into one string per card (see the module docstring for the convention)."""
    cards = []
    for token in re.split(r"[\s,]+", unicodedata.normalize("NFC", text)):
        if not token:
            continue
        if token.lower() in SPACE_NAMES:
            cards.append(" ")
        elif len(token) > 1 and token.isalpha():
            cards.extend(token)  # "cAfé": letters typed together are one card each
        else:
            cards.append(token)  # a number, a symbol, or something parse_card will name as wrong
    return cards


def card_text(cards: list[str]) -> str:
    """Return cards as the `cards` text of the page's URL: 'c A f é', Space as `space`."""
    return " ".join("space" if card == " " else card for card in cards)


@functools.cache
def palette() -> list[dict]:
    """Return the palette's sections: every distinct card of the published deck, grouped by kind.

    The deck is fixed, so it is built once per process; callers only read it.
    """
    seen, groups = set(), {form: [] for _, form in SECTIONS}
    for _, cards in published_deck():
        for text in cards:
            if text in seen:
                continue
            seen.add(text)
            card = parse_card(text)
            key = card.form if card.kind == "letter" else card.kind
            label = "Space" if text == " " else text
            groups[key].append(
                {"value": "space" if text == " " else text, "label": label, "name": card.name, "wide": text == " "}
            )
    return [{"heading": heading, "cards": groups[form]} for heading, form in SECTIONS if groups[form]]


def card_action(cards: list[str]) -> list[str] | None:
    """Return the cards after a tapped palette card (`add`) or `remove=last|all`; None when nothing was tapped."""
    add, remove = request.args.get("add", ""), request.args.get("remove", "")
    if not add and not remove:
        return None
    if remove == "all":
        return []
    if remove == "last":
        return cards[:-1]
    if remove:
        raise ValueError(f"remove: {remove!r} is not something to undo; use last or all")
    return cards + split_cards(add)


def tap_label(result) -> str:
    """Return what the answer says to tap: each winning card's face, with its seat when the face is on more than one seat."""
    faces = [card.shown for card in result.cards]
    names = [
        say("page.booksmack.tap_seat", seat=seat, face=faces[seat - 1])
        if faces.count(faces[seat - 1]) > 1
        else faces[seat - 1]
        for seat in result.winners
    ]
    return say("page.booksmack.tap", cards=say("page.booksmack.or").join(names))


@bp.get("/booksmack")
def booksmack():
    """Judge a Booksmack round: who taps which card, or which word to say."""
    form, raw, errors = read_query(BooksmackForm, LABELS)
    context = {
        **form_context(raw),
        "palette": palette(),
        "result": None,
        "cards_text": raw.get("cards", ""),
        "max_cards": MAX_CARDS,
    }
    if form is None:
        return render("booksmack.html", 422, errors=errors, **context)
    cards = split_cards(form.cards)
    try:
        stepped = card_action(cards)
    except ValueError as error:
        return render("booksmack.html", 422, errors=[page_error(None, str(error), LABELS)], **context)
    if stepped is not None:
        return see(canonical("pages.booksmack", {**form.model_dump(), "cards": card_text(stepped)}, ORDER))
    if not cards:
        return render("booksmack.html", errors=[], **context)
    context["cards_text"] = card_text(cards)
    try:
        result = judge_round(cards, lexicon_named(form.lexicon))
    except ValueError as error:
        context["cards_text"] = form.cards
        return render("booksmack.html", 422, errors=[page_error("cards", str(error), LABELS)], **context)
    return render("booksmack.html", errors=[], **{**context, "result": result, "tap": tap_label(result)})
