"""Color Smash replay (`/colorsmash/replay`): a game's events in, every player's cards and the winner out.

    /colorsmash/replay?mode=standard&players=ann+bob&events=deal+ann%3D18+bob%3D18%0Aflip+ann+red%2Fred%0Aslap+bob

The events are typed one per line, the page's short form of the API's JSON
events (`solver.colorsmash`'s module docstring has their rules):

    deal ann=red/red,blue,steal bob=18 first=ann   hands: cards top first, or a number of face-down cards
    flip ann red/red                               the card may be left out when it is already known
    slap bob                                       the first player to slap the pile
    slap bob steal=ann                             on a Steal card: whom to rob

A card is written as in the API: `red/blue` (splat/word), `red` (no word),
`steal`. Pasting the API's JSON (a list of events, or the whole game object)
works too. The replay is `solver.colorsmash.replay`; an impossible event is
named by its line.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import Field

from solver.colorsmash import DECK, MAX_HAND, MODES, ImpossibleEvent, replay, shared_out
from solver.text import and_list, or_list, split_words

from .blueprint import PageForm, bp, page_error, read_query, render
from .say import plainly

LABELS = {"mode": "Mode", "players": "Players", "events": "Events"}
# The whole game travels in the URL, and gunicorn reads request lines of up to
# 4094 bytes: 1500 characters stay under it even when every separator is
# percent-encoded. Longer games: POST /api/v1/colorsmash/replay, or the CLI.
MAX_EVENTS_TEXT = 1500
MAX_PLAYERS_TEXT = 200
SAY = {
    "mode": "Style: choose standard or competition",
    "players": f"Players: at most {MAX_PLAYERS_TEXT} characters of names",
    "events": f"Events: at most {MAX_EVENTS_TEXT} characters fit in the page's address; replay a longer game with the API "
    "(POST /api/v1/colorsmash/replay) or the wordsmith colorsmash-replay command",
}
EXAMPLE = (
    "deal ann=red/red,blue,steal bob=yellow/blue,green/green,orange first=ann\nflip ann\nslap bob\nflip bob\nflip ann"
)


class ReplayForm(PageForm):
    mode: Literal[MODES] = "standard"
    players: Annotated[str, Field(max_length=MAX_PLAYERS_TEXT)] = ""
    events: Annotated[str, Field(max_length=MAX_EVENTS_TEXT)] = ""


def _deal(words: list[str], line: int) -> dict:
    event: dict = {"type": "deal", "hands": {}}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name or not value:
            raise ValueError(
                f"line {line}: write each hand as name=cards (name=red/red,blue) or name=number, not {word!r}"
            )
        if name == "first":
            event["first"] = value
        elif value[:1] in "+-" and value[1:].isascii() and value[1:].isdigit():
            raise ValueError(f"line {line}: {name}'s hand of face-down cards is a number from 1 to {MAX_HAND}")
        else:
            count = value.isascii() and value.isdigit()  # isdigit alone takes `²`, which int refuses
            event["hands"][name] = int(value) if count else [card for card in value.split(",") if card]
    return event


def parse_events(text: str) -> tuple[list, list[int]]:
    """Return the events typed one per line (or pasted as JSON) and the line of each; ValueError names the line."""
    stripped = text.strip()
    if stripped.startswith(("[", "{")):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise ValueError(f"the JSON does not parse: {error.msg} (line {error.lineno})") from None
        events = data.get("events") if isinstance(data, dict) else data
        if not isinstance(events, list):
            raise ValueError('give the events as a JSON list, or a game object with "events"')
        return events, [index + 1 for index in range(len(events))]
    events, lines = [], []
    for line, raw in enumerate(text.splitlines(), 1):
        words = raw.split()
        if not words:
            continue
        kind, rest = words[0].lower(), words[1:]
        if kind == "deal":
            events.append(_deal(rest, line))
        elif kind == "flip" and 1 <= len(rest) <= 2:
            events.append({"type": "flip", "player": rest[0], **({"card": rest[1]} if len(rest) == 2 else {})})
        elif kind == "slap" and len(rest) == 1:
            events.append({"type": "slap", "player": rest[0]})
        elif kind == "slap" and len(rest) == 2 and rest[1].startswith("steal="):
            events.append({"type": "slap", "player": rest[0], "steal_from": rest[1].removeprefix("steal=")})
        else:
            raise ValueError(
                f"line {line}: {raw.strip()!r} is not an event; write deal ..., flip PLAYER [CARD], "
                "slap PLAYER or slap PLAYER steal=OPPONENT"
            )
        lines.append(line)
    return events, lines


@bp.get("/colorsmash/replay")
def colorsmash_replay():
    """Replay a Color Smash game: every player's cards, the pile, and the winner(s)."""
    form, raw, errors = read_query(ReplayForm, LABELS)
    context = {
        "values": raw,
        "modes": MODES,
        "result": None,
        "example": EXAMPLE,
        "max_events_text": MAX_EVENTS_TEXT,
        "deck": DECK,
        "mode": raw.get("mode") or "standard",
    }
    if form is None:
        return render("colorsmash_replay.html", 422, errors=plainly(errors, SAY), **context)
    if not form.events.strip() and not form.players.strip():
        return render("colorsmash_replay.html", errors=[], **context)
    try:
        events, lines = parse_events(form.events)
    except ValueError as error:
        return render("colorsmash_replay.html", 422, errors=[page_error("events", str(error), LABELS)], **context)
    players = split_words(form.players)
    try:
        result = replay(form.mode, players, events)
    except ImpossibleEvent as error:
        where = f"line {lines[error.index]}" if error.index < len(lines) else f"event {error.index + 1}"
        return render(
            "colorsmash_replay.html", 422, errors=[page_error("events", f"{where}: {error.reason}", LABELS)], **context
        )
    except ValueError as error:
        return render("colorsmash_replay.html", 422, errors=[page_error("players", str(error), LABELS)], **context)
    # Who the page names in its heading: before the deal, the players to deal to; after it, until a first
    # flip settles it, the players who may start (the rulebook: whoever wears the most colours).
    names = [player.name for player in result.players]
    deal = "deal " + " ".join(f"{name}={cards}" for name, cards in shared_out(names).items())
    table = {"players_named": and_list(names), "starters": or_list(names), "deal_example": deal}
    return render("colorsmash_replay.html", errors=[], **{**context, **table, "result": result})
