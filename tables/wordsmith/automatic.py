"""Wordsmith at a table: the events that follow by themselves (`automatic`), found by folding an action's events
into a scratch copy of the table: the count of a vote that is due (ruling 16), with the claim a word the table allowed
makes at once (ruling 22, `house_ruling`, which the host's casting vote also makes); Done!; the end of a challenge
(`challenge_ended`, which the host's end also makes) and of the game (ruling 11); and what a seat's removal or a
hand-over of the host role brings (`after_hosting`)."""

from __future__ import annotations

from solver.wordsmith import CHALLENGES, WORDS_PER_CHALLENGE, score_sheets

from ..events import REFUSED, Actor, Context, Event, NewEvent, Rejected, stamp
from ..state import apply as table_apply
from ..state import scratch as table_scratch
from . import house
from . import vote as votes
from .acting import lexicon_of
from .claiming import claim
from .model import AskRecord, SeatState, WordsmithState


def automatic(table, events: list[NewEvent], ctx: Context) -> list[NewEvent]:
    """The events that follow by themselves: Done!, the end of a challenge, the end of the game (ruling 11), the
    count of a vote (ruling 16).

    Found by folding the action's events into a copy of the state and looking at it, so an overrule that
    brings back a sixth word calls Done! the same way a claim does. The copy is `tables.state.scratch` (only what
    folding events changes), not a deep copy of the whole table: a claim's hot path.
    """
    if not events:
        return []
    state = table_scratch(table)
    for new in events:
        fold_in(state, new, ctx)
    return follow(state, ctx)


def follow(state, ctx: Context) -> list[NewEvent]:
    """The automatic events `state` (a scratch copy, folded into as they come) calls for, in order."""
    made: list[NewEvent] = []
    while True:
        ws: WordsmithState = state.game_state
        new = None
        counted = (votes.due(ws, ctx.now) or votes.unbreakable_tie(state)) if ws.open_votes else None
        if isinstance(counted, AskRecord):  # ruling 22: the ruling, and the claim an allowed word makes at once
            new = house_ruling(state, counted, ctx)
        elif counted is not None:
            new = votes.counted(state, counted)
        elif ws.phase == "playing" and not ws.has("word_by_word") and ws.done_by is None:
            full = next((s for s in ws.seats if len(s.words) == WORDS_PER_CHALLENGE), None)
            if full is not None:
                new = NewEvent("done", {"seat": full.number})
        elif ws.phase == "done_called" and all(
            s.extra_word_used or s.passed or left(ws, s) for s in ws.seats if s.number != ws.done_by
        ):
            new = challenge_ended(state, ws, "done", ctx, by=None)
        elif (
            ws.phase == "playing"
            and ws.has("word_by_word")
            and all(len(s.words) == WORDS_PER_CHALLENGE or left(ws, s) for s in ws.seats)
        ):
            new = challenge_ended(state, ws, "six_words", ctx, by=None)
        elif ws.phase == "between" and ws.challenge >= CHALLENGES:
            new = votes.game_ended(state, ctx, by=None)
        if new is None:
            return made
        for one in new if isinstance(new, list) else [new]:
            made.append(one)
            fold_in(state, one, ctx)


def fold_in(state, new: NewEvent, ctx: Context) -> None:
    """Fold `new` into `state` (a scratch copy) as the next event, as if written now."""
    table_apply(state, Event(state.seq + 1, new.type, stamp(ctx.now), new.by, new.data))


def house_ruling(table, ask, ctx: Context, host_strikes: bool | None = None) -> list[NewEvent]:
    """Ruling 22: the table's ruling on a word put to it; allowed, the word is claimed for its seat at once, judged
    as the table stands then. A claim the judge still refuses is public as any refused attempt (not the vote's
    refusal: a retry of the vote is no refused request); one refused for another reason (a vote on an earlier word
    of that seat) is not made, and the seat claims its house word when it can."""
    ruled = house.counted(table, ask, host_strikes)
    if ruled.data["outcome"] != "allowed":
        return [ruled]
    after = table_scratch(table)
    fold_in(after, ruled, ctx)
    action = {"type": "claim", "seat": ask.seat, "word": ask.word, "row": ask.row}
    try:
        claimed = claim(after, after.game_state, Actor(seat=ask.seat), action, ctx)
    except Rejected as refused:
        claimed = refused.record
    said = {  # the big box's news (apply): the word is allowed, on the sheet or not
        "claim": {"allowed": house.allowed_sentence(table, ask, ruled.data)},
        "claim_refused": {"allowed": house.allowed_sentence(table, ask, ruled.data, on_sheet=False)},
    }
    return [
        ruled,
        *(NewEvent(e.type, {k: v for k, v in e.data.items() if k != REFUSED} | said.get(e.type, {})) for e in claimed),
    ]


def challenge_ended(table, ws: WordsmithState, reason: str, ctx: Context, by: int | None) -> NewEvent:
    """The end of a challenge; in Secret Wordsmith with every word judged now (score_sheets' secret)."""
    data = {"challenge": ws.challenge, "reason": reason, "judged": None, "scores": None}
    if ws.has("secret"):
        result = score_sheets(ws.sheets(), ws.variant, lexicon_of(table, ctx))
        judged = []
        for seat, sheet in zip(ws.seats, result.sheets):
            for line, scored in zip(seat.words, sheet.challenges[-1].words):
                judged.append(
                    {
                        "claim": line["claim"],
                        "valid": scored.valid,
                        "objections": [o.to_dict() for o in scored.objections],
                    }
                )
        data["judged"], data["scores"] = judged, result.to_dict()
    return NewEvent("challenge_ended", data, by=by)


def left(ws: WordsmithState, seat: SeatState) -> bool:
    """Whether the seat's player left the table (tables/hosting.py): no roll or extra word waits for them."""
    return ws.table_seats[seat.number - 1].removed


def after_hosting(table, events: list[NewEvent], ctx: Context) -> list[NewEvent]:
    """The automatic events a seat's removal or a hand-over of the host role brings (tables/hosting.py): the end of
    what waited only for the removed seat (Done!, its vote), a tie the new host is a party to (ruling 21)."""
    ws = table.game_state
    return automatic(table, events, ctx) if ws.on or ws.open_votes else []
