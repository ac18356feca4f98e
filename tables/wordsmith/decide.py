"""Wordsmith at a table: what an action makes (`decide`): the handler its type goes to, a vote whose window has
closed counted before it, and the events that follow by themselves after it; and what the table is told an undo
took back (`undone_names`).

The handlers live by concern: play.py the course of a challenge, claiming.py a claim judged, dispute.py a claim
disputed (objections, votes, the host's rulings), house.py a word put to the table, automatic.py what follows by
itself.
"""

from __future__ import annotations

from solver.errors import Refused

from ..events import Actor, Context, Event, NewEvent, Rejected
from ..state import scratch as table_scratch
from . import claiming, dispute, house, play
from . import vote as votes
from .acting import actor_by
from .automatic import automatic, follow


def decide(table, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """The events an action makes, with the automatic ones that follow; raise to change nothing."""
    kind = action.get("type")
    handler = _DECIDE.get(kind)
    if handler is None:
        raise Refused(f"type: unknown Wordsmith action {kind!r}; one of {', '.join(_DECIDE)}", ("type",))
    before: list[NewEvent] = []
    if table.game_state.open_votes and votes.due(table.game_state, ctx.now) is not None:
        table = table_scratch(table)  # a vote's window has closed: counted first, the action judged after it
        # The count is this request's write, its first event by its actor: an undo takes it back on its own, never
        # with the action written before it.
        before = votes.made_by(follow(table, ctx), actor_by(actor), kind == "count_votes")
    try:
        events = handler(table, table.game_state, actor, action, ctx)
    except Rejected as refused:
        refused.record[:0] = before  # the count is written even though the action is refused
        raise
    return before + events + automatic(table, events, ctx)


_DECIDE = {
    "start": play.start,
    "add": play.add,
    "choose_wild": play.choose_wild,
    "claim": claiming.claim,
    "object": dispute.object_,
    "ask": house.ask,
    "vote": dispute.vote,
    "settle": dispute.settle,
    "count_votes": dispute.count_votes,
    "overrule": dispute.overrule,
    "pass": play.pass_,
    "end_challenge": play.end_challenge,
    "end_game": play.end_game,
    "roll_word": play.roll_word,
    "set_pool": play.set_pool,
}


def undone_names(table, event: Event) -> dict:
    """What the table is told an undo took back (tables/hosting.py), beyond its type and seat: a claim's word, or
    a word put to the table's, and the word an objection, a vote or a ruling was on; which word a roll was for
    (Word by Word); a host's ruling's word, whose it was and which way it went. A Secret Wordsmith word is not
    named while its challenge is on: every phone reads the undo (ruling 12)."""
    ws = table.game_state
    if ws.has("secret") and ws.on and event.type == "claim":
        return {}
    if event.type in ("claim", "house_ruled"):
        return {"word": event.data.get("normalized") or event.data.get("word")}
    if event.type == "word_rolled":  # Word by Word: which word's roll ("the roll for word 2")
        return {"round": event.data.get("round")}
    if event.type in ("objection", "objection_vote", "objection_ruled", "house_asked", "house_vote"):
        about = ws.claims.get(event.data.get("claim")) or ws.asks.get(event.data.get("claim"))
        return {"word": about.word} if about is not None else {}  # the claim or word put to the table it was on
    ruled = table.game_state.claims.get(event.data.get("claim")) if event.type == "overrule" else None
    if ruled is None:
        return {}
    return {"word": ruled.word, "seat": ruled.seat} | {key: event.data.get(key) for key in ("stands", "changes")}
