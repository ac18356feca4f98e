"""Booksmack at a table: a round, its takers, a turn or a steal that another phone entered first, refused with what
happened meanwhile (docs/rules/booksmack.md, ruling 16; the races of docs/rules/wordsmith.md, ruling 24).

Any phone enters a round, so two may type the same one; a turn is entered on its seat's phone and on the host's.
The page's forms say what they are for (`round`: the round entered or taken; `turn`: the turn played, or the turn
whose card steals); the slower phone is told who entered it and what the judge said, not what the table now
waits for (its cards are not the next round's or turn's). Each function is that refusal for one kind of action, or
None when the action is not behind the table; the action's handler asks it before its other checks.
"""

from __future__ import annotations

from solver.text import and_list

from .events import Actor, Rejected, aimed, who


def name(state, seat: int) -> str:
    return state.seats[seat - 1].name


def took(state, takers: list[int]) -> str:
    """Who takes a round's cards, in words: "Cy takes the cards", "no one takes the cards"."""
    names = [name(state, seat) for seat in takers]
    return f"{and_list(names)} take{'s' * (len(names) == 1)} the cards" if names else "no one takes the cards"


def latest(kind: str, number: int) -> str:
    """The latest round or turn entered, in words; none yet (the host undid the first) is said so, never "Round 0"."""
    return f"{kind} {number} is the latest entered" if number else f"No {kind.lower()} has been entered yet"


def aimed_past(action: dict, kind: str, entered: int) -> tuple[int | None, Rejected | None]:
    """The round or turn (`kind`) an action is for, unless it is the next one or says none (None); with the refusal
    when it is past the next (`entered` are in)."""
    number = aimed(action, kind)
    if number is None or number == entered + 1:
        return None, None
    if number > entered:
        said = f"{latest(kind.capitalize(), entered)}: the next is {kind} {entered + 1}."
        return number, Rejected(f"{kind}_moved", said)
    return number, None


def round_entered(state, actor: Actor, action: dict, same_cards: bool) -> Rejected | None:
    """Cards for a round that is in already (another phone entered it first), or for one past the next."""
    rounds = state.game_state.rounds
    number, past = aimed_past(action, "round", len(rounds))
    if number is None or past is not None:
        return past
    entered = rounds[number - 1]
    these = " with these very cards" if same_cards else ""
    said = f"{who(state.seats, actor, entered.get('by'))} already entered round {number}{these}: "
    said += entered["answer"]["explanation"]
    if entered["open"]:
        return Rejected("round_entered", f"{said} Say who tapped first.", round=number)
    taking = took(state, entered["takers"])
    return Rejected("round_entered", f"{said} {taking[:1].upper()}{taking[1:]}.", round=number)


def takers_named(state, actor: Actor, action: dict) -> Rejected | None:
    """Takers for a round whose takers are in already (another phone named them first), or not yet entered."""
    number, game = aimed(action, "round"), state.game_state
    if number is None or (game.open_round and number == len(game.rounds)):
        return None
    if number > len(game.rounds):
        return Rejected("round_moved", f"Round {number} is not entered yet: enter its cards first.")
    entered = game.rounds[number - 1]
    by = who(state.seats, actor, entered.get("taken_by"))
    return Rejected("round_taken", f"{by} already said who takes round {number}: {took(state, entered['takers'])}.")


def turn_entered(state, actor: Actor, action: dict) -> Rejected | None:
    """A card for a turn that is in already (the seat's phone and the host's both entered it), or one past the next."""
    plays = state.game_state.plays
    number, past = aimed_past(action, "turn", len(plays))
    if number is None or past is not None:
        return past
    played = plays[number - 1]
    return Rejected(
        "turn_entered",
        f"{who(state.seats, actor, played.get('by'))} already entered turn {number}. {played['explanation']}",
    )


def steal_entered(state, actor: Actor, action: dict) -> Rejected | None:
    """A steal for a turn other than the one whose steal is due: its steal is in already (the thief's phone and the
    host's both entered it), the turn stole nothing (another phone entered it so), or it is not entered yet."""
    number, game = aimed(action, "turn"), state.game_state
    plays = game.plays
    if number is None or (game.stealing and number == len(plays)):
        return None
    if number > len(plays):
        at = latest("turn", len(plays))
        if game.stealing:
            thief = who(state.seats, actor, game.stealing, capital=False)
            at += f", and {thief} {'are' if thief == 'you' else 'is'} due to steal"
        return Rejected("turn_moved", f"Turn {number} is not entered yet: {at[:1].lower()}{at[1:]}.")
    played = plays[number - 1]
    steal = played.get("steal")
    if steal:
        return Rejected(
            "steal_entered", f"{who(state.seats, actor, steal.get('by'))} already entered the steal: {steal['said']}"
        )
    by = who(state.seats, actor, played.get("by"))
    return Rejected(
        "turn_entered", f"{by} already entered turn {number}, which steals nothing. {played['explanation']}"
    )
