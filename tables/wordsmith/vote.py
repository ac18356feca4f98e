"""Wordsmith at a table: the table's vote on an objection (rulings 16-21 of docs/rules/wordsmith.md), whose count
a word put to the table shares (ruling 22, tables/wordsmith/house.py).

An objection the judge cannot settle alone ("that's a name", "that's slang") puts the word to the table: the
seats other than the claimant's and the objector's vote keep or strike within the window, each from its own phone
(ruling 19); the majority decides when more than half the voters voted, the host breaks a tie unless the dispute is
the host's own, and otherwise the judge's verdict stands unless the claimant concedes (ruling 21). The counting,
and what an upheld objection strikes, live here; dispute.py and automatic.py call them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from functools import lru_cache

from solver.pieces import Pool

from ..events import Context, NewEvent, Rejected, stamp
from . import moved
from .acting import window_seconds
from .model import OBJECTION_SECONDS, AskRecord, ClaimRecord, WordsmithState

# The events whose undo gives a vote back: a ballot, a concession or withdrawal, and the count that closed it.
VOTE_EVENTS = ("objection_vote", "house_vote", "objection_ruled", "house_ruled")
# What a count says after its numbers when the host's casting vote broke the tie: "(2 to 1, and the host's ...)".
CASTING = ", and the host's casting vote"


@lru_cache(maxsize=8192)
def epoch(at: str) -> float:
    """Seconds since the epoch of an event's time (`2026-11-30T18:40:02.120Z`); kept, as a claim's window is asked
    of each seat at every render."""
    return datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC).timestamp()


def due(ws: WordsmithState, now: float) -> ClaimRecord | AskRecord | None:
    """The first claim (or word put to the table, ruling 22) whose open vote is to be counted now: every voter has
    voted, or its window has closed."""
    for seq in ws.open_votes:
        claim = ws.voted(seq)
        vote = claim.vote
        if vote["state"] == "open" and (len(vote["votes"]) >= len(vote["voters"]) or now >= epoch(vote["closes_at"])):
            return claim
    return None


def pending(ws: WordsmithState, seat: int) -> ClaimRecord | AskRecord | None:
    """A claim of `seat` the table is still voting on (open or tied), or a word it put to the table (ruling 22):
    the seat awaits the outcome."""
    for seq, owner in ws.open_votes.items():
        if owner == seat:
            return ws.voted(seq)
    return None


def unbreakable_tie(table) -> ClaimRecord | AskRecord | None:
    """Ruling 21: a tied vote whose host is now a party to it (the role was handed to its claimant, an objector or
    the asker since the tie), so no one may break it: it is counted now, and the judge's verdict stands."""
    ws: WordsmithState = table.game_state
    seats = host_seats(table)
    for seq in ws.open_votes:
        voted = ws.voted(seq)
        if voted.vote["state"] != "tied":
            continue
        asked = isinstance(voted, AskRecord)  # the seat that asked is the party to a word put to the table
        if (voted.seat in seats) if asked else (host_party(table, voted) is not None):
            return voted
    return None


def quorum(voters: int) -> int:
    """Ruling 21: the votes a count needs, more than half the voters (a table with no voter never has them)."""
    return voters // 2 + 1


def host_seats(table) -> frozenset[int]:
    """The seats the host plays, as far as the table can tell (ruling 21): the seat whose phone the host role was
    handed to, and every seat a phone joined with the current host's token (the host's own phone, or one the host
    seated), until another phone joins it.

    A seat the host took for someone else cannot be told from the host's own, so it counts as the host's: the
    host then does not decide that seat's disputes, and the judge's verdict stands, the fair side to err on.
    """
    seats = set() if table.host_seat is None else {table.host_seat}
    latest: dict[int, bool] = {}  # seat -> whether its latest join was the host's (newest events first)
    for event in table.log or ():
        if event.type == "host_handed":
            break  # joins before it were the old host's, whose token no longer acts
        if event.type in ("seat_joined", "seat_released") and event.data["seat"] not in latest:
            latest[event.data["seat"]] = event.type == "seat_joined" and event.by == 0
    return frozenset(seats | {seat for seat, hosts in latest.items() if hosts})


def host_party(table, claim: ClaimRecord) -> int | None:
    """Ruling 21: the host's seat when it is a party to `claim`'s dispute (its claimant or an objector), else None."""
    seats = host_seats(table)
    if claim.seat in seats:
        return claim.seat
    return next((o["by"] for o in claim.objections if o["by"] in seats), None)


def own_dispute(table, claim: ClaimRecord, stands: bool) -> Rejected | None:
    """Ruling 21: the host's overrule never decides a dispute the host is a party to in the host's own favour: it
    may strike the host's own word (a concession) or let stand a word the host objected to, not the other way.
    Why the overrule to `stands` may not be made, or None when it may."""
    if not claim.objections:
        return None
    seats = host_seats(table)
    word = claim.word.upper()
    if stands and claim.seat in seats:
        name = table.seats[claim.seat - 1].name
        return Rejected(
            "own_dispute",
            f"{word} is {name}'s word and {name}'s phone hosts: the host does not overrule the ruling on the "
            "host's own word.",
        )
    objector = next((o["by"] for o in claim.objections if o["by"] in seats), None)
    if not stands and objector is not None:
        name = table.seats[objector - 1].name
        return Rejected(
            "own_dispute",
            f"{name} objected to {word} and {name}'s phone hosts: the host does not strike a word the host "
            "objected to; the table's vote or the judge's verdict stands.",
        )
    return None


def overrulable(table, claim: int) -> bool:
    """Whether the host may overrule the claim with seq `claim` now, as the host's Strike or Let stand button
    offers it: the overrule would change it (`may_overrule`), and not in the host's own favour (`own_dispute`)."""
    ws = table.game_state
    record = ws.claims.get(claim) if ws is not None else None
    if record is None or not ws.may_overrule(record):
        return False
    return own_dispute(table, record, stands=record.status != "stands") is None


def tally(vote: dict, party: Callable[[], int | None], host_strikes: bool | None = None) -> tuple[dict, str]:
    """Ruling 21's count of a vote, whatever it is on: its counts and who decided (`by`), and the result: `strike`
    or `keep` (the majority of the votes cast when more than half the voters voted, or the host's casting vote
    `host_strikes` on a tie), `tied` (the host is to decide), or `judge` (the judge's verdict stands: too few
    votes, or a tie whose host is a party, `party()` naming the host's seat then)."""
    votes, voters = vote["votes"], vote["voters"]
    strike = sum(1 for value in votes.values() if value)
    keep = len(votes) - strike
    data = {"keep": keep, "strike": strike, "by": "votes"}
    if len(votes) < quorum(len(voters)):
        data |= {"by": "judge", "reason": "no_voters" if not voters else "no_quorum", "needed": quorum(len(voters))}
        return data, "judge"
    if strike == keep and (seat := party()) is not None:
        return data | {"by": "judge", "reason": "host_party", "host": seat}, "judge"
    if host_strikes is not None:
        return data | {"by": "host"}, "strike" if host_strikes else "keep"
    if strike == keep:
        return data, "tied"
    return data, "strike" if strike > keep else "keep"


def counted(table, claim: ClaimRecord, host_strikes: bool | None = None) -> NewEvent:
    """The ruling on `claim`'s vote (rulings 16 and 21): the majority of the votes cast when more than half the
    voters voted; on a tie the host's casting vote (`host_strikes`, from `settle`), unless the host is a party;
    otherwise the judge's verdict stands (the judge accepted the word: the objection is overruled)."""
    ws: WordsmithState = table.game_state
    counts, result = tally(claim.vote, lambda: host_party(table, claim), host_strikes)
    outcome = {"strike": "upheld", "keep": "overruled", "judge": "overruled", "tied": "tied"}[result]
    data = {"claim": claim.seq, **counts, "outcome": outcome}
    if outcome == "upheld":
        data |= strikes(ws, claim)
    return NewEvent("objection_ruled", data, by=0 if data["by"] == "host" else None)


def conceded(ws: WordsmithState, claim: ClaimRecord) -> NewEvent:
    """Ruling 21: the claimant concedes the word objected to: the objection is upheld, as by the table's vote."""
    votes = claim.vote["votes"]
    strike = sum(1 for value in votes.values() if value)
    data = {"claim": claim.seq, "keep": len(votes) - strike, "strike": strike, "by": "claimant", "outcome": "upheld"}
    return NewEvent("objection_ruled", data | strikes(ws, claim), by=claim.seat)


def host_party_tie(count: str, host: str, role: str) -> str:
    """Ruling 21: why a tie the host is a party to (`role`: made the claim, objected, asked) is not the host's."""
    return f"the vote is tied ({count}) and the host, {host}, {role}: the host does not decide their own dispute"


def not_a_voter(word: str, why: str) -> Rejected:
    """A seat that has no vote on `word` (an objection's or a word put to the table), and `why`."""
    return Rejected("not_a_voter", f"You do not vote on {word.upper()}: {why}.")


def already_voted(word: str) -> Rejected:
    """A seat's second vote on `word`: one vote each (ruling 19)."""
    return Rejected("already_voted", f"You have already voted on {word.upper()}.")


def struck_message(table, claim: ClaimRecord) -> str:
    """Ruling 20: why `claim`'s word cannot be claimed again this challenge, naming the ruling that struck it."""
    how = moved.struck_how(table.seats, claim)
    return f"{claim.word.upper()} was struck {how}: it cannot be claimed again this challenge."


def strikes(ws: WordsmithState, claim: ClaimRecord) -> dict:
    """What an upheld objection strikes: the word and, while play goes on, every later word of its seat this
    challenge (they were built from its pieces), and the pool the seat goes back to (rulings 17 and 18).

    After a challenge that ended by itself (Done! and the extra words), striking the Done! word or an extra word
    takes the end back (`reopen`): play goes on. After the host ended it, only the sheet changes (ruling 10); so too
    once the host ended the game, whatever ended the challenge (ruling 18a).
    """
    reopen = (
        ws.phase in ("between", "game_over")
        and ws.ended_reason == "done"
        and ws.ended_early is None  # ruling 18a: never once the host ended the game
        and claim.challenge == ws.challenge
        and (claim.called_done or claim.extra_word)
    )
    live = (ws.on and claim.challenge == ws.challenge) or reopen
    struck = [claim]
    if live:
        struck += [
            other
            for seq, other in sorted(ws.claims.items())
            if seq > claim.seq
            and other.seat == claim.seat
            and other.challenge == claim.challenge
            and other.status == "stands"
        ]
    data: dict = {"struck": [c.seq for c in struck], "reopen": reopen}
    if live:
        data["pool"] = pool_after(ws, struck)
    return data


def game_ended(table, ctx: Context, by: int | None) -> NewEvent:
    """The game's end (`by` 0: the host's, None: the app's after the third challenge), with when the last window to
    object to a word of its final challenge closes (ruling 18a): until then the winners may still change."""
    ws: WordsmithState = table.game_state
    seconds = window_seconds(table, ctx, OBJECTION_SECONDS)
    last = max(
        (
            epoch(claim.at)
            for claim in ws.claims.values()
            if claim.challenge == ws.challenge and claim.status == "stands" and ws.may_strike(claim)
        ),
        default=None,
    )
    closes = None if last is None or ws.has("secret") else stamp(last + seconds)
    return NewEvent("game_ended", {"challenge": ws.challenge, "objections_close_at": closes}, by=by)


def pool_after(ws: WordsmithState, struck: list[ClaimRecord]) -> dict:
    """The pool before the first struck word, with every piece the seat added since (ruling 10).

    The pieces added between two of its words are what the later one's pool held beyond the earlier word's
    pieces; after the last, what the pool holds now beyond that word's.
    """
    before = struck[0].pool_before.to_dict()
    added = dict.fromkeys(before, 0)
    pools = [c.pool_before.to_dict() for c in struck[1:]] + [ws.seat(struck[0].seat).pool.to_dict()]
    for claim, after in zip(struck, pools):
        word = claim.data["pieces"]
        for kind in added:
            added[kind] += max(0, after[kind] - word.get(kind, 0))
    return Pool(**{kind: before[kind] + added[kind] for kind in before}).to_dict()


def open_vote(ws: WordsmithState, claim: ClaimRecord | AskRecord) -> dict:
    """The claim's vote (or the vote on a word put to the table), refused unless the table is voting on it now."""
    if claim.vote is None:
        raise Rejected("no_vote", f"No one has objected to {claim.word.upper()}: there is no vote on it.")
    if claim.vote["state"] == "tied":
        raise Rejected("vote_closed", f"The vote on {claim.word.upper()} is over, tied: the host decides.")
    if claim.vote["state"] != "open":
        raise Rejected("vote_closed", f"The vote on {claim.word.upper()} is over: {moved.outcome(ws, claim)}.")
    return claim.vote


def objection_refused(ws: WordsmithState, seat: int, claim: ClaimRecord, now: float, seconds: float) -> Rejected | None:
    """Why `seat` may not object to `claim` at `now` (the window `seconds` long), or None when it may: the one rule
    the objection (dispute.py's `object_`) and the page's Object button (`objectors`) both follow."""
    if ws.has("secret"):
        return Rejected("secret", "Secret Wordsmith has no objections: every word is judged at the challenge's end.")
    if claim.seat == seat:
        return Rejected("own_claim", "You cannot object to your own claim.")
    if window_closed(ws, claim, now, seconds):
        return Rejected(
            "objection_window_closed",
            f"Objections to {claim.word.upper()} had to come within {seconds} seconds of the claim.",
        )
    if any(o["by"] == seat for o in claim.objections):
        return Rejected("already_objected", f"You have already objected to {claim.word.upper()}.")
    if claim.vote is not None and claim.vote["state"] in ("open", "tied"):
        return moved.objected(ws, claim)
    if claim.status == "struck":
        return moved.struck(ws, claim)
    if ws.has("word_by_word") and not ws.may_strike(claim):
        return Rejected(  # ruling 13: a Word by Word word is struck before the next roll, or not at all
            "claim_superseded", f"{claim.word.upper()} can no longer be struck: the next word has been rolled."
        )
    return None


def window_closed(ws: WordsmithState, claim: ClaimRecord, now: float, seconds: float) -> bool:
    """Whether the time to object to `claim` is over, for every seat: its challenge is past, or `seconds` are."""
    return claim.challenge != ws.challenge or now - epoch(claim.at) > seconds


def objectors(table, seats, claim: int, now: float, seconds: float) -> list[int]:
    """The seats among `seats` whose phones may object to the claim with seq `claim` now (`objection_refused`). Once
    the window is closed no seat may, which the table's part, drawn after every event, learns without asking each."""
    ws = table.game_state
    record = ws.claims.get(claim) if ws is not None else None
    if record is None or window_closed(ws, record, now, seconds):
        return []
    return [seat for seat in seats if objection_refused(ws, seat, record, now, seconds) is None]


def undo_reopens(table, leaves: Callable, undone: dict, ctx: Context) -> dict:
    """What an undo (`undone`: `action_undone`'s data so far) gives back of the table's votes (docs/rules/tables.md,
    ruling 3), `leaves()` folding the table it leaves: each vote a ballot, a concession or a count of it was taken back
    from that is open after the undo (`reopens`: the seqs they were on) runs again with a fresh window from the undo
    (`closes_at`), so the voter whose ballot came back casts it again, and no count runs at once on a window that
    closed while the ballot was in. A vote the undo leaves closed or tied (the host's casting vote taken back, a
    concession made after the judge's verdict stood) is not reopened, and not named."""
    first, last, also = undone["first"], undone["last"], frozenset(undone.get("also") or ())
    seqs: set[int] = set()
    for event in table.log or ():
        if event.seq < first:
            break
        if (first <= event.seq <= last or event.seq in also) and event.type in VOTE_EVENTS:
            seqs.add(event.data["claim"])
    after = leaves().game_state if seqs else None
    reopened = sorted(seq for seq in seqs if open_vote_of(after, seq) is not None)
    if not reopened:
        return {}
    return {"reopens": reopened, "closes_at": stamp(ctx.now + window_seconds(table, ctx, OBJECTION_SECONDS))}


def open_vote_of(ws: WordsmithState, seq: int) -> ClaimRecord | AskRecord | None:
    """The claim (or word put to the table) `seq` when its vote is open: one an undo gave a ballot or a count back to
    is then given a fresh window (`undo_reopens` names it, `reopen_votes` folds it); closed, tied or gone, not."""
    voted = ws.claims.get(seq) or ws.asks.get(seq)
    return voted if voted is not None and voted.vote is not None and voted.vote["state"] == "open" else None


def undo_riders(table, first: int, last: int, riders: list) -> list[int]:
    """Which of the automatic events that came with a table event after the action `first`..`last` go with its undo
    (docs/rules/tables.md, ruling 3; `riders`: those events, oldest first).

    A count (a tie the new host is a party to, counted with the hand-over; a vote whose window had closed) stands
    while what it counted does; when the action is about that vote (a ballot, the count that tied it, the objection,
    the word put to the table) or changed the seat whose word it is (a piece added to that seat's pool, which the
    count's strike or allowed claim was worked out from), the table it counted is gone with the action, and so is
    the count. What such a count brought goes with it: the events right after it with no vote of their own (the
    claim a word allowed makes, a challenge's end). A count of another seat's vote stands, as the hand-over does.
    """
    ws: WordsmithState = table.game_state
    about: set = set()  # the claims and words put to the table the action is about, and its own events
    seats: set = set()  # the seats the action changed: its actor's and the seat it names
    for event in table.log or ():
        if event.seq < first:
            break
        if event.seq <= last:
            about |= {event.seq, event.data.get("claim")}
            seats |= {event.by, event.data.get("seat")} - {None, 0}
    gone: list[int] = []
    for rider in riders:
        counts = rider.data.get("claim") if rider.type in VOTE_EVENTS else None
        if counts is None:
            went = rider.seq - 1 in gone
        else:
            voted = ws.claims.get(counts) or ws.asks.get(counts)
            went = counts in about or (voted is not None and voted.seat in seats)
        if went:
            gone.append(rider.seq)
    return gone


def reopen_votes(table, undone: dict) -> None:
    """Fold an undo's `reopens` (`undo_reopens`) into the table folded again without the undone events: each of
    those votes still open runs until the undo's `closes_at` (never closing sooner than it did)."""
    ws: WordsmithState = table.game_state
    for seq in undone.get("reopens") or ():
        voted = open_vote_of(ws, seq)
        if voted is None:
            continue  # closed since by its count, or taken back by a later undo with the objection
        closes = max(voted.vote["closes_at"], undone["closes_at"], key=epoch)
        vote = {**voted.vote, "closes_at": closes}
        if isinstance(voted, AskRecord):
            ws.asks[seq] = replace(voted, vote=vote)
        else:
            ws.claims[seq] = replace(voted, vote=vote, owner=ws.owner)


# The events a count of the votes writes, which say who made it when someone tapped "Count the votes".
COUNTED = ("objection_ruled", "house_ruled", "claim", "claim_refused")


def made_by(events: list[NewEvent], by: int, counted: bool) -> list[NewEvent]:
    """A count written by a request: its first event `by` the request's actor (an action of its own, as an undo sees
    actions), and, when the actor tapped "Count the votes" (`counted`), each event saying so (`counted_by`)."""
    events = [counted_by(event, by) for event in events] if counted else list(events)
    if events:
        events[0] = NewEvent(events[0].type, events[0].data, by=by)
    return events


def counted_by(event: NewEvent, by: int) -> NewEvent:
    """A count's event with who counted (`counted_by`: a seat, 0 the host): the table's news says so. A claim or a
    refusal is one only when the table's allowing vote made it."""
    if event.type not in COUNTED or (event.type.startswith("claim") and "allowed" not in event.data):
        return event
    return NewEvent(event.type, {**event.data, "counted_by": by}, by=event.by)
