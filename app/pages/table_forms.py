"""The table pages' forms read into the service's actions: each field checked as it is read, a field that cannot be
one a PageRefusal the page answers 422 with (naming the field), never a 500. And the create form's choices: the
games, their variants, each game's players.
"""

from __future__ import annotations

import re
from functools import cache

from flask import current_app, request

from solver.errors import Refused
from solver.sentences import sentences
from solver.wordsmith.boxes import WORD_BY_WORD_DICE
from tables.events import Forbidden, Rejected, Slowed
from tables.state import GAMES, MAX_SEAT_NAME, seats_allowed
from tables.store import REQUEST_ID_MAX

from .blueprint import bp, lexicon_choices
from .booksmack import split_cards
from .table_notes import die_faces

__all__ = [
    "MAX_NAME",
    "MAX_SEATS",
    "STATUS",
    "VARIANTS",
    "PageRefusal",
    "action_for",
    "digits",
    "form_int",
    "form_seats",
    "form_text",
    "host_only",
    "refusal_notice",
    "request_id",
    "seat_counts",
    "typed_values",
]

# What a form may send as a request id (the API's rule): a retry of the same id applies nothing twice.
REQUEST_ID = re.compile(rf"^[A-Za-z0-9._:-]{{1,{REQUEST_ID_MAX}}}$")
MAX_SEATS = 6
MAX_NAME = MAX_SEAT_NAME  # the table's own bound on a seat's name
# What each of Booksmack's card sets changes: its cards join the deck.
IN_DECK = "its cards in the deck"
# Each game's variants the create form offers: (id, label, what it changes).
VARIANTS = {
    "wordsmith": [
        ("secret", "Secret Wordsmith", "claims hidden until the challenge ends, then judged together"),
        ("advanced", "Advanced Game", "six required letters, one per row"),
        ("word_by_word", "Word by Word", "one shared roll per word"),
    ],
    "booksmack": [
        ("turns", "Turn-based play", "whose turn, the card played, draw, steal or win"),
        ("punctuation", "Power Punctuation", IN_DECK),
        ("numbers", "Nifty Numbers", IN_DECK),
        ("glyphs", "Giggling Glyphs", IN_DECK),
        ("accents", "Cursed Critics", IN_DECK),
    ],
}


@bp.context_processor
def table_form() -> dict:
    """The create form's choices, for any page that shows it (the home page, /tables)."""
    return {
        "table_form": {
            "games": GAMES,
            "variants": VARIANTS,
            "max_seats": MAX_SEATS,
            "seats": seat_counts(),
            "max_name": MAX_NAME,
            "lexicons": lexicon_choices(),
        },
        "table_values": {},
    }


@cache
def seat_counts() -> tuple[tuple[str, int, int], ...]:
    """Each game's players as a table's creation checks them, for the create form to say: (game, least, most).
    Worked out once: every page the blueprint draws asks (`table_form`), the table's parts included."""
    games = (
        ("Wordsmith", "wordsmith", ()),
        ("Word by Word", "wordsmith", ("word_by_word",)),
        ("Booksmack", "booksmack", ()),
    )
    return tuple((name, *seats_allowed(game, variants)[:2]) for name, game, variants in games)


class PageRefusal(Exception):
    """A form field that cannot be read: the page answers 422 with `detail` at `field`."""

    def __init__(self, field: str, detail: str):
        super().__init__(detail)
        self.field = field
        self.detail = detail


def request_id() -> str | None:
    """The form's hidden request id; a missing or malformed one is a PageRefusal (a form we did not render)."""
    value = request.form.get("request_id", "")
    if not REQUEST_ID.fullmatch(value):
        raise PageRefusal("request_id", "The form lost its request id: reload the page and press the button again.")
    return value


def digits(value: str) -> bool:
    """Whether `value` is a whole number written in ASCII digits (`str.isdigit` alone takes `²`, which `int` refuses)."""
    return value.isascii() and value.isdigit()


def form_int(name: str, low: int = 1, high: int = 10**6) -> int:
    value = request.form.get(name, "").strip()
    if not digits(value) or not low <= int(value) <= high:
        raise PageRefusal(name, f"{name}: a whole number from {low} to {high}")
    return int(value)


def form_seats(name: str) -> list[int]:
    """The seats ticked in a group of check boxes (`takers`)."""
    seats = []
    for value in request.form.getlist(name):
        if not digits(value) or not 1 <= int(value) <= MAX_SEATS:
            raise PageRefusal(name, f"{name}: seat numbers from 1 to {MAX_SEATS}")
        seats.append(int(value))
    return seats


def form_text(name: str, limit: int = 200) -> str:
    value = request.form.get(name, "").strip()
    if len(value) > limit:
        raise PageRefusal(name, f"{name}: " + sentences()["field.too_long"].format(limit=limit, actual=len(value)))
    return value


def action_for(name: str, seat: int | None) -> dict:
    """The service action a page form sends (`action` = name), read from the form's fields."""
    if name == "choose_wild":
        return {"type": "choose_wild", "seat": seat, "piece": form_text("piece", 1).upper()}
    if name == "add":  # the star button (`star`): a wild, its piece asked for next; `wild_as`: chosen ahead
        piece = "W" if form_text("star", 1) else form_text("piece", 1).upper() or None
        wild_as = form_text("wild_as", 1).upper() or None
        return {"type": "add", "seat": seat, "piece": piece, "wild_as": wild_as}
    if name == "claim":
        word = form_text("word", current_app.config["MAX_WORD_LENGTH"])
        if not word:
            raise PageRefusal("word", "Type the word you claim.")
        row = form_int("row", 1, 6) if request.form.get("row", "").strip() else None
        return {"type": "claim", "seat": seat, "word": word, "row": row}
    if name in ("object", "ask"):  # an objection to a claim; a refused claim put to the table (ruling 22)
        return {"type": name, "seat": seat, "claim": form_int("claim")}
    if name in ("vote", "settle"):  # a voter's keep or strike; the host's casting vote on a tie
        vote = {"type": name, "claim": form_int("claim"), "strike": request.form.get("strike") == "1"}
        return {**vote, "seat": seat} if name == "vote" else vote
    if name == "count_votes":
        return {"type": "count_votes", "claim": form_int("claim")}
    if name == "pass":
        return {"type": "pass", "seat": seat}
    if name == "round":
        cards = split_cards(form_text("cards"))  # as the Booksmack page reads them: `space` is the Space card
        if not cards:
            raise PageRefusal("cards", "Type the revealed cards in seat order, with spaces between.")
        action = {"type": "round", "cards": cards} | aimed_at("round", 10_000)  # ruling 16: the form's round
        takers = form_seats("takers")
        return {**action, "takers": takers} if takers else action
    if name == "take":
        return {"type": "take", "takers": form_seats("takers")} | aimed_at("round", 10_000)
    if name == "turn":
        who = form_int("seat", 1, MAX_SEATS) if seat is None else seat  # the host names the seat
        turn = {"type": "turn", "seat": who, "card": form_text("card", 8)}  # the engine reads `space` too
        return turn | aimed_at("turn", 10_000)
    if name == "steal":
        source = request.form.get("from", "")
        if source not in ("hand", "table"):
            raise PageRefusal("from", "from: the hand or the table")
        return {"type": "steal", "seat": form_int("victim", 1, MAX_SEATS), "from": source} | aimed_at("turn", 10_000)
    if name == "hands" or (name == "end_game" and request.form.get("hands_given")):
        hands = [split_cards(form_text(f"hand{i}")) for i in range(1, MAX_SEATS + 1) if f"hand{i}" in request.form]
        return {"type": "end_game", "hands": hands}
    if name == "start":
        pool = form_text("pool") or None
        letters = form_text("required_letters", 6) or None
        return {"type": "start", "pool": pool, "required_letters": letters} | aimed_at("challenge", 3)
    if name == "end_challenge":
        return {"type": "end_challenge"} | aimed_at("challenge", 3)
    if name in ("lock", "unlock"):
        return {"type": "lock", "locked": name == "lock"}
    if name == "overrule":
        return {"type": "overrule", "claim": form_int("claim"), "stands": request.form.get("stands") == "1"}
    if name == "set_pool":
        return {"type": "set_pool", "seat": form_int("seat", 1, MAX_SEATS), "pool": form_text("pool")}
    if name in ("release", "remove", "hand_host"):
        return {"type": name, "seat": form_int("seat", 1, MAX_SEATS)}
    if name == "undo":  # the action the host saw: an undo never takes back one that came in meanwhile
        return {"type": "undo", "seq": form_int("seq")}
    if name == "roll_word" and any(request.form.getlist("faces")):  # the real dice (ruling 13), else the app rolls
        faces = request.form.getlist("faces")
        known = dict(die_faces())
        if len(faces) != WORD_BY_WORD_DICE or not set(faces) <= known.keys():
            raise PageRefusal(
                "faces", f"faces: what each of the {WORD_BY_WORD_DICE} dice showed, one of {', '.join(sorted(known))}"
            )
        return {"type": "roll_word", "faces": faces} | aimed_at("round", 6)
    if name == "roll_word":
        return {"type": "roll_word"} | aimed_at("round", 6)
    if name == "rename":
        return {"type": "rename", "seat": form_int("seat", 1, MAX_SEATS), "name": form_text("name", MAX_NAME)}
    return {"type": name}  # pass-through actions without fields: end_game


def aimed_at(name: str, high: int) -> dict:
    """What the form was drawn for (the word a roll is for, the challenge started or ended, a Booksmack round
    entered or taken, a turn played or its steal), when it says: another phone's action may have moved the table
    past it, and the refusal then says so (tables/wordsmith/moved.py, tables/booksmack_moved.py)."""
    return {name: form_int(name, 1, high)} if request.form.get(name, "").strip() else {}


def typed_values(name: str) -> dict:
    """What a refused form's fields are drawn back with, as typed: a claim's word, a rename's name and its seat."""
    if name == "claim":
        return {"word": request.form.get("word", "")}
    if name == "rename":
        seat = request.form.get("seat", "")
        return {"rename": int(seat) if digits(seat) else None, "name": request.form.get("name", "")[: MAX_NAME * 4]}
    return {}


# The refusals whose API words speak of the request itself (its request id, a token): a phone's page says them in a
# player's words instead. Every button of a page sends the page's one request id, so a second tap from a page that
# already sent one (the Back button, a page without JavaScript) is refused as a reused id: nothing of it was applied.
PLAYER_WORDS = {
    "request_id_reused": "This page already sent an action, so this tap was not applied. Here is the table as it is "
    "now: look at it, then tap again if you still mean to.",
    "join_unproved": "This seat was taken from this page, but the answer never reached this phone. Ask the host to "
    "give the seat again.",
}

# A form whose `action` this page does not have (a page drawn by an older version, a hand-made request): nothing done.
OUT_OF_DATE = "This page is out of date, so nothing was done: reload it and tap again."
# The forms only a Booksmack table's pages draw; every other game- or seat-specific form is Wordsmith's. The host's
# forms for the table itself (its seats, its lock, undo, the end) are on every game's pages.
BOOKSMACK_FORMS = {"round", "take", "turn", "steal", "hands"}
TABLE_FORMS = {"lock", "unlock", "end_game", "rename", "release", "hand_host", "remove", "undo"}


def drawn_for(game: str | None, name: str) -> bool:
    """Whether a page of a `game` table draws a form sending `name`: else what sent it was no page of this table."""
    return name in TABLE_FORMS or (name in BOOKSMACK_FORMS) == (game == "booksmack")


def host_only(state, hosted: bool) -> str:
    """What a phone that does not host reads when it sends a host's form (an old page, or the phone that handed the
    role on, `hosted`): only the host's phone does that, and whose phone hosts now when a seat's does."""
    holder = state.seats[state.host_seat - 1].name if state.host_seat else None
    if hosted:
        now = f": {holder}'s phone does" if holder else ""
        return f"This phone no longer hosts the table{now}, so only that phone can do this. You play on from here."
    now = f": {holder}'s phone hosts the table" if holder else ""
    return f"Only the host's phone can do that{now}."


def refusal_notice(error: Exception) -> dict:
    """What the page says, big, about an action the table refused."""
    if isinstance(error, Rejected) and error.code in PLAYER_WORDS:
        return {"code": error.code, "title": "Not done", "messages": [PLAYER_WORDS[error.code]]}
    if isinstance(error, Rejected):
        messages = [o.get("message", "") for o in error.objections] or [error.message]
        return {"code": error.code, "title": "NOT VALID" if error.objections else "Not done", "messages": messages}
    if isinstance(error, PageRefusal):
        return {"code": "invalid", "title": "Check the form", "messages": [error.detail], "field": error.field}
    if isinstance(error, Refused):  # "hands: Bob holds 3 cards" reads "Hands: Bob holds 3 cards", as a label would
        field, said = str(error.path[0]) if getattr(error, "path", ()) else None, str(error)
        return {"code": "invalid", "title": "Check the form", "messages": [said[:1].upper() + said[1:]], "field": field}
    if isinstance(error, Slowed):
        return {"code": "slowed", "title": "Wait a moment", "messages": [error.message]}
    return {"code": "forbidden", "title": "Not allowed", "messages": [getattr(error, "message", str(error))]}


STATUS = {Rejected: 409, PageRefusal: 422, Refused: 422, Forbidden: 403, Slowed: 429}
