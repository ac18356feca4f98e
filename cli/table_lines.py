"""How `wordsmith table follow` and `show` read a table's events: one line each, players by name
(cli/table.py prints them).
"""

from __future__ import annotations

import re

from solver.booksmack import shown_card
from solver.sentences import say
from solver.wordsmith.dice import faces_said

__all__ = ["EVENT_LINES", "KIND_CODES", "cards_text", "describe_event", "pool_text"]

KIND_CODES = {"red": "R", "yellow": "Y", "blue": "B", "green": "G", "wild": "W"}
# Who settled an objection, when not the votes alone (docs/rules/wordsmith.md, rulings 16 and 21).
RULED_BY = {"host": ", the host", "judge": ", the judge's verdict stands", "claimant": ", conceded"}


def pool_text(pool) -> str:
    """A pool as the players write it ('R3 Y2 B1 G2'), from counts or text."""
    if not isinstance(pool, dict):
        return str(pool)
    return " ".join(f"{KIND_CODES.get(kind, kind)}{n}" for kind, n in pool.items() if n) or "empty"


def _piece_added(data: dict, seat) -> str:
    wild = f" as {data['wild_as']}" if data.get("wild_as") else ""
    return f"{seat(data['seat'])} adds {data.get('piece')}{wild}"


def _claim(data: dict, seat) -> str:
    word = str(data["word"]).upper() if data.get("word") else "a word (hidden until the challenge ends)"
    letters = (
        f": {data['letters']} letters, {data.get('discards', 0)} discarded" if data.get("letters") is not None else ""
    )
    return f"{seat(data['seat'])} claims {word}{letters}"


def cards_text(cards) -> str:
    """Booksmack cards in a line, each named as the judge's sentences name it (the Space card by its name)."""
    return " ".join(shown_card(card) for card in cards)


def _takes(data: dict, seat) -> str:
    """Who took which of a round's cards (and what was discarded)."""
    taken = "; ".join(f"{seat(take['seat'])} takes {cards_text(take['cards'])}" for take in data.get("takes") or [])
    discarded = f"; discarded {cards_text(data['discarded'])}" if data.get("discarded") else ""
    return (taken or "nobody takes the cards") + discarded


def _named(sentence: str, seat) -> str:
    """The judge's sentence with each seat ("spelled from seat 2") named by its player, as the table reads it."""
    return SEAT_IN_SENTENCE.sub(lambda match: seat(int(match.group(1))), sentence)


def _round(data: dict, seat) -> str:
    answer = data.get("answer") or {}
    line = (
        f"round {data['round']}: {cards_text(data.get('cards') or [])}: {_named(answer.get('explanation', ''), seat)}"
    )
    if data.get("open"):
        return line + " (who tapped first? `take`)"
    return f"{line} {_takes(data, seat)}"


def _steal(data: dict, seat) -> str:
    card = f" ({shown_card(data['card'])})" if data.get("card") else ""
    return f"{seat(data['seat'])} steals from {seat(data['victim'])}'s {data['from']}{card}"


def _turn(data: dict, seat) -> str:
    line = f"{seat(data['seat'])} plays {cards_text([data['card']])}: {_named(data.get('explanation', ''), seat)}"
    if data.get("won"):
        line += f" {seat(data['seat'])} wins {len(data['won'])} cards."
    if data.get("steal"):
        line += " " + _steal(data["steal"], seat)
    return line


# A seat in the judge's Booksmack sentences: its positions are the table's seats.
SEAT_IN_SENTENCE = re.compile(r"\b[Ss]eat (\d+)\b")

# How each event reads, from its data and `seat` (a seat number -> its name).
EVENT_LINES = {
    "table_created": lambda data, seat: f"table created: {data['game']}, seats {', '.join(data['seats'])}",
    "seat_joined": lambda data, seat: f"{seat(data['seat'])} joined",
    "seat_released": lambda data, seat: (
        f"{seat(data['seat'])}'s seat given to a new phone: the old token no longer acts"
    ),
    "joining_locked": lambda data, seat: "joining locked" if data.get("locked") else "joining open",
    "seat_renamed": lambda data, seat: (
        f"{data['was']} renamed {data['name']}" if data.get("was") else f"seat {data['seat']} renamed {data['name']}"
    ),
    "challenge_started": lambda data, seat: (
        f"challenge {data.get('challenge')} started: pool {pool_text(data.get('pool'))}"
    ),
    "piece_added": _piece_added,
    "claim": _claim,
    "objection": lambda data, seat: (
        f"{seat(data['seat'])} objects to claim {data['claim']}: the table votes. {data.get('message') or ''}"
        if data.get("verdict") == "vote"
        else f"objection to claim {data['claim']}: {str(data.get('verdict')).upper()}. {data.get('message') or ''}"
    ),
    "objection_vote": lambda data, seat: (
        f"{seat(data['seat'])} votes to {'strike' if data['strike'] else 'keep'} claim {data['claim']}"
    ),
    "objection_ruled": lambda data, seat: (
        f"claim {data['claim']}: "
        + {"upheld": "objection upheld", "overruled": "objection overruled", "tied": "tied: the host decides"}[
            data["outcome"]
        ]
        + f" ({data['strike']} strike, {data['keep']} keep{RULED_BY.get(data.get('by'), '')})"
        + _counter(data, seat)
    ),
    "claim_refused": lambda data, seat: (
        f"{seat(data['seat'])} tried {str(data.get('normalized') or '(hidden)').upper()}: not valid. "
        f"{data.get('message') or ''}"
    ),
    "overrule": lambda data, seat: (
        f"the host overrules claim {data['claim']}: it {'stands' if data.get('stands') else 'is struck'}"
    ),
    "done": lambda data, seat: f"{seat(data['seat'])}: Done!",
    "passed": lambda data, seat: f"{seat(data['seat'])} passes",
    "pool_set": lambda data, seat: f"{seat(data['seat'])}'s pool set to {pool_text(data.get('pool'))}",
    "word_rolled": lambda data, seat: (
        f"word {data.get('round')} rolled{' by ' + data['roller'] if data.get('roller') else ''}: "
        f"{faces_said(data.get('faces') or [])}"
    ),
    "house_ruled": lambda data, seat: (
        f"the table's vote on {str(data.get('word')).upper()}: {data.get('outcome')} "
        f"({data.get('allow')} allow, {data.get('refuse')} refuse{RULED_BY.get(data.get('by'), '')})"
        + _counter(data, seat)
    ),
    "challenge_ended": lambda data, seat: f"challenge {data.get('challenge')} ended ({data.get('reason')})",
    "round": _round,
    "round_taken": lambda data, seat: f"round {data['round']}: {_takes(data, seat)}",
    "turn": _turn,
    "steal": _steal,
    "play_ended": lambda data, seat: f"{seat(data['seat'])}'s hand is empty: play is over",
    "seat_asked": lambda data, seat: f"a phone asks the host for {seat(data['seat'])}'s seat back",
    "host_handed": lambda data, seat: f"the host role goes to {seat(data['seat'])}'s phone",
    "seat_removed": lambda data, seat: f"{seat(data['seat'])} left the table",
    "action_undone": lambda data, seat: (
        f"the host takes back events {data['first']} to {data['last']} ({data['type']})"
    ),
    "wild_chosen": lambda data, seat: f"{seat(data['seat'])}'s star stands for {data['piece']}",
    "game_ended": lambda data, seat: _game_over(data, seat),
}


def _counter(data: dict, seat) -> str:
    """Who tapped "Count the votes", when someone did: "; Bob counted the votes"."""
    by = data.get("counted_by")
    return "" if by is None else f"; {seat(by) if by else 'the host'} counted the votes"


def _game_over(data: dict, seat) -> str:
    """ "game over", with the final scores and the winners where the event has them (Booksmack); a Wordsmith game's
    are its sheets', which `wordsmith table show` prints. A game the host ended early says so."""
    scores = data.get("scores") or []
    if not scores:
        early = data.get("challenge", 3) < 3 and data.get("by_host")
        ended = say("page.table.ended_early", challenge=data["challenge"], challenges=3) + ": " if early else ""
        return f"{ended}game over (wordsmith table show: the final scores)"
    if data.get("reason") == "host":
        return "the host ended the game: " + _game_over({**data, "reason": None}, seat)
    totals = ", ".join(f"{seat(score['seat'])} {score['total']}" for score in scores)
    winners = " and ".join(seat(number) for number in data.get("winners") or [])
    return f"game over: {totals}" + (
        f"; {winners} win{'s' if len(data.get('winners') or []) == 1 else ''}" if winners else ""
    )


def describe_event(event: dict, names: dict[int, str]) -> str:
    """One readable line for an event: its seq and what happened ("by the host" when the host acted for a seat)."""
    data, kind = event["data"], event["type"]

    def seat(number) -> str:
        return names.get(number) or f"seat {number}"

    line = EVENT_LINES.get(kind)
    if kind in ("game_ended", "word_rolled"):  # who ended the game, who rolled: the event's `by`, not its data
        by = event.get("by")
        data = {**data, "by_host": by == 0, "roller": None if by is None else seat(by) if by else "the host"}
    what = line(data, seat) if line else f"{kind} {data}"
    if (
        event.get("by") == 0
        and "seat" in data
        and kind not in ("seat_renamed", "seat_released", "pool_set", "host_handed", "seat_removed")
    ):
        what += " (by the host)"
    return f"{event['seq']:>4}  {what.strip()}"
