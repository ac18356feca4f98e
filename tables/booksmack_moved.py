"""Booksmack at a table: a round or its takers aimed at a round another phone entered first, refused with what
happened meanwhile (docs/rules/booksmack.md, ruling 16; the races of docs/rules/wordsmith.md, ruling 24).

Any phone enters a round, so two may type the same one. The page's forms say which round they are for (`round`);
the slower phone is told who entered that round and what the judge said, not what the table now waits for (its
cards are not the next round's). Each function is that refusal for one kind of action, or None when the action is
not behind the table; the action's handler asks it before its other checks.
"""

from __future__ import annotations

from solver.errors import Refused, spelled
from solver.text import and_list

from .events import Actor, Rejected


def aimed(action: dict) -> int | None:
    """The round an action says it is for, or None when it does not say."""
    value = action.get("round")
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise Refused(f"round: the number of the round this action is for, from 1 (got {spelled(value)})", ("round",))
    return value


def name(state, seat: int) -> str:
    return state.seats[seat - 1].name


def took(state, takers: list[int]) -> str:
    """Who takes a round's cards, in words: "Cy takes the cards", "no one takes the cards"."""
    names = [name(state, seat) for seat in takers]
    return f"{and_list(names)} take{'s' * (len(names) == 1)} the cards" if names else "no one takes the cards"


def who(state, actor: Actor, by: int | None) -> str:
    """Who entered something, as `actor`'s phone is told: "You" for its own, else the seat's name, or the host."""
    if by is not None and (by == actor.seat or (by == 0 and actor.host and actor.seat is None)):
        return "You"
    return name(state, by) if by else "The host"


def round_entered(state, actor: Actor, action: dict, same_cards: bool) -> Rejected | None:
    """Cards for a round that is in already (another phone entered it first), or for one past the next."""
    number, rounds = aimed(action), state.game_state.rounds
    if number is None or number == len(rounds) + 1:
        return None
    if number > len(rounds):
        return Rejected(
            "round_entered", f"Round {len(rounds)} is the latest entered: the next is round {len(rounds) + 1}."
        )
    entered = rounds[number - 1]
    these = " with these very cards" if same_cards else ""
    said = f"{who(state, actor, entered.get('by'))} already entered round {number}{these}: "
    said += entered["answer"]["explanation"]
    if entered["open"]:
        return Rejected("round_entered", f"{said} Say who tapped first.", round=number)
    taking = took(state, entered["takers"])
    return Rejected("round_entered", f"{said} {taking[:1].upper()}{taking[1:]}.", round=number)


def takers_named(state, actor: Actor, action: dict) -> Rejected | None:
    """Takers for a round whose takers are in already (another phone named them first), or not yet entered."""
    number, game = aimed(action), state.game_state
    if number is None or (game.open_round and number == len(game.rounds)):
        return None
    if number > len(game.rounds):
        return Rejected("round_moved", f"Round {number} is not entered yet: enter its cards first.")
    entered = game.rounds[number - 1]
    by = who(state, actor, entered.get("taken_by"))
    return Rejected("round_taken", f"{by} already said who takes round {number}: {took(state, entered['takers'])}.")
