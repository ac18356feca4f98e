"""Wordsmith at a table: the table's vote on an objection (rulings 16-18 of docs/rules/wordsmith.md).

An objection the judge cannot settle alone ("that's a name", "that's slang") puts the word to the table: the
seats other than the claimant's and the objector's vote keep or strike within the window, the majority decides,
the host breaks a tie. The counting, and what an upheld objection strikes, live here; `decide` calls them.
"""

from __future__ import annotations

from datetime import UTC, datetime

from solver.pieces import Pool

from ..events import NewEvent, Rejected
from .model import ClaimRecord, WordsmithState


def epoch(at: str) -> float:
    """Seconds since the epoch of an event's time (`2026-11-30T18:40:02.120Z`)."""
    return datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC).timestamp()


def due(ws: WordsmithState, now: float) -> ClaimRecord | None:
    """The first claim whose open vote is to be counted now: every voter has voted, or its window has closed."""
    for seq in ws.open_votes:
        claim = ws.claims[seq]
        vote = claim.vote
        if vote["state"] == "open" and (len(vote["votes"]) >= len(vote["voters"]) or now >= epoch(vote["closes_at"])):
            return claim
    return None


def pending(ws: WordsmithState, seat: int) -> ClaimRecord | None:
    """A claim of `seat` the table is still voting on (open or tied): the seat awaits the outcome."""
    for seq, owner in ws.open_votes.items():
        if owner == seat:
            return ws.claims[seq]
    return None


def counted(ws: WordsmithState, claim: ClaimRecord, host_strikes: bool | None = None) -> NewEvent:
    """The ruling on `claim`'s vote: the majority of the votes cast, or the host's casting vote on a tie."""
    votes = claim.vote["votes"]
    strike = sum(1 for value in votes.values() if value)
    keep = len(votes) - strike
    data = {"claim": claim.seq, "keep": keep, "strike": strike, "by": "votes"}
    if host_strikes is not None:
        data["by"] = "host"
        outcome = "upheld" if host_strikes else "overruled"
    elif strike == keep:
        outcome = "tied"
    else:
        outcome = "upheld" if strike > keep else "overruled"
    data["outcome"] = outcome
    if outcome == "upheld":
        data |= strikes(ws, claim)
    return NewEvent("objection_ruled", data, by=0 if host_strikes is not None else None)


def strikes(ws: WordsmithState, claim: ClaimRecord) -> dict:
    """What an upheld objection strikes: the word and, while play goes on, every later word of its seat this
    challenge (they were built from its pieces), and the pool the seat goes back to (rulings 17 and 18).

    After a challenge that ended by itself (Done! and the extra words), striking the Done! word or an extra word
    takes the end back (`reopen`): play goes on. After the host ended it, only the sheet changes (ruling 10).
    """
    reopen = (
        ws.phase in ("between", "game_over")
        and ws.ended_reason == "done"
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


def open_vote(claim: ClaimRecord) -> dict:
    """The claim's vote, refused unless the table is voting on it now."""
    if claim.vote is None:
        raise Rejected("no_vote", f"No one has objected to {claim.word.upper()}: there is no vote on it.")
    if claim.vote["state"] == "tied":
        raise Rejected("vote_closed", f"The vote on {claim.word.upper()} is over, tied: the host decides.")
    if claim.vote["state"] != "open":
        raise Rejected("vote_closed", f"The vote on {claim.word.upper()} is over: objection {claim.vote['state']}.")
    return claim.vote
