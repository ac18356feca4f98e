"""Wordsmith at a table: an action aimed at a state that has since moved, refused with what happened meanwhile.

Two phones tap at once; the service judges the slower one again on the state the faster one made (tables/service.py).
Refused only with what that newer state forbids ("every seat claims word 3 before the next roll"), its phone would
not learn that the faster one already did what it asked. So an action says what it was aimed at where its form knows
(the word a roll is for, `round`; the challenge started or ended, `challenge`; the claim a vote or an objection is
on, `claim`), and when the table has moved past that, it is refused in one sentence saying what happened: "Bob
already rolled for word 3: red, yellow, blue star." Each function here is that sentence for one kind of action, or
None when the action is not behind the table; the action's handler asks it before its other checks.
"""

from __future__ import annotations

from solver.text import and_list
from solver.wordsmith.dice import faces_said

from ..events import Actor, Rejected, aimed, who
from .model import AskRecord, ClaimRecord, WordsmithState


def waiting_for(ws: WordsmithState, actor: Actor, seats: list[int]) -> str:
    """The seats a refusal to `actor`'s phone says the table waits for: its own seat is "you", the others named."""
    return and_list([who(ws.table_seats, actor, seat, capital=False) for seat in seats])


def roll(ws: WordsmithState, actor: Actor, action: dict) -> Rejected | None:
    """Word by Word: a roll for a word already rolled (another phone rolled first), or for one past the next."""
    word = aimed(action, "round", "word")
    if word is None or word == ws.round + 1:
        return None
    if word <= ws.round:
        rolled = ws.rolls[word - 1]
        faces = faces_said(rolled["faces"])
        return Rejected(
            "already_rolled",
            f"{who(ws.table_seats, actor, rolled.get('by'))} already rolled for word {word}: {faces}.",
            round=word,
        )
    return Rejected("roll_moved", f"The next roll is for word {ws.round + 1}, not word {word}: look again, then roll.")


# How a challenge ended, said to the host (only the host starts and ends one): the host's own end came from another
# of its phones or tabs.
ENDED = {
    "done": "every seat had played its one more word or passed after Done!",
    "six_words": "every seat had its six words",
    "host": "you ended it, from another phone or tab",
}


def start(ws: WordsmithState, action: dict) -> Rejected | None:
    """A start of a challenge that has started already (the host's other phone or tab started it)."""
    number = aimed(action, "challenge")
    if number is None or number == ws.challenge + 1:
        return None
    if number <= ws.challenge:
        now = "it is on" if number == ws.challenge and ws.on else f"challenge {ws.challenge} is the latest"
        return Rejected(
            "challenge_started", f"You started challenge {number} already, from another phone or tab: {now}."
        )
    return Rejected("challenge_moved", f"The next challenge is challenge {ws.challenge + 1}, not {number}.")


def end(ws: WordsmithState, action: dict) -> Rejected | None:
    """An end of a challenge that is over already (it ended by itself, or the host's other phone ended it), or of
    an earlier challenge while a later one is on: never the later one's end."""
    number = aimed(action, "challenge")
    if number is None or (number == ws.challenge and ws.on):
        return None
    if number == ws.challenge and ws.phase in ("between", "game_over"):
        return Rejected("challenge_over", f"Challenge {number} is over already: {ENDED[ws.ended_reason]}.")
    if number < ws.challenge:
        now = "is on" if ws.on else "is the latest"
        return Rejected("challenge_over", f"Challenge {number} is over already: challenge {ws.challenge} {now}.")
    return Rejected("challenge_moved", f"Challenge {number} has not started: challenge {ws.challenge} is the latest.")


def done_called(ws: WordsmithState, actor: Actor) -> Rejected:
    """A piece added after Done! was called (a sixth word came in meanwhile): whose Done! it was."""
    return Rejected(
        "done_called", f"{who(ws.table_seats, actor, ws.done_by)} called Done!: no more pieces may be added."
    )


def outcome(ws: WordsmithState, voted: ClaimRecord | AskRecord, host_reads: bool = False) -> str:
    """How a vote that is over ended, as a clause: "the table struck it out, 2 to 1", "the host kept it with the
    casting vote on a tie of 1 to 1" (an objection's, rulings 16-21; a word put to the table's, ruling 22)."""
    vote = voted.vote
    strike = sum(1 for value in vote["votes"].values() if value)
    keep = len(vote["votes"]) - strike
    asked = isinstance(voted, AskRecord)
    went = {"upheld": "struck it out", "overruled": "kept it", "allowed": "allowed it", "refused": "refused it"}
    did = went.get(vote["state"], vote["state"])
    by = vote.get("by")
    counts = f"{strike} to {keep}" if vote["state"] in ("upheld", "refused") else f"{keep} to {strike}"
    if by == "host":  # said to the host itself (`host_reads`) as "you"
        return f"{'you' if host_reads else 'the host'} {did} with the casting vote on a tie of {strike} to {keep}"
    if by == "claimant":
        name = ws.table_seats[voted.seat - 1].name
        return f"{name} withdrew it" if asked else f"{name} conceded it: it is struck out"
    if by == "judge":
        verdict = (
            "the dictionary's verdict stands" if asked else f"the judge's verdict stands: {voted.word.upper()} stays"
        )
        return f"the table did not decide it, so {verdict}"
    return f"the table {did}, {counts}"


def objected(ws: WordsmithState, claim: ClaimRecord) -> Rejected:
    """A second objection to a word the table is already voting on: who objected first, and what is left to do."""
    objector = ws.table_seats[claim.vote["objector"] - 1].name
    word = claim.word.upper()
    if claim.vote["state"] == "tied":
        return Rejected("vote_open", f"{objector} already objected to {word}: the vote is tied, and the host decides.")
    return Rejected("vote_open", f"{objector} already objected to {word}: the table is voting; vote keep or strike.")


def struck_how(seats, claim: ClaimRecord, otherwise: str = "by the judge") -> str:
    """How the ruling that struck `claim`'s word went, as every sentence naming it says: "by the table's vote (2 to
    0)"; `otherwise` when no ruling struck it. `seats`: the table's seats, by number from 1."""
    ruling = claim.struck_by or {}
    count = f"{ruling.get('strike', 0)} to {ruling.get('keep', 0)}"
    objector = next((o["by"] for o in reversed(claim.objections) if o["by"]), None)
    return {
        "votes": f"by the table's vote ({count})",
        "host": f"by the host's casting vote on a tied vote ({count})",
        "overrule": "by the host's ruling",
        "claimant": f"when {seats[claim.seat - 1].name} conceded it",
        "judge": f"by the judge, on {seats[objector - 1].name}'s objection" if objector else "by the judge",
    }.get(ruling.get("by"), otherwise)


def struck(ws: WordsmithState, claim: ClaimRecord) -> Rejected:
    """An objection to a word struck meanwhile: how it went."""
    by = struck_how(ws.table_seats, claim, "with an earlier word of its seat")
    return Rejected("claim_struck", f"{claim.word.upper()} has already been struck {by}.")
