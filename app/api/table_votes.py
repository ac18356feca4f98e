"""Live tables: the table's vote on an objection (docs/rules/wordsmith.md, rulings 16-21) or on a word put to it
(ruling 22: house words), on the tables' `bp`.

POST   /tables/{code}/house-words           ask the table to allow a word only the dictionary refused
POST   /tables/{code}/votes                 a voter's keep or strike on the word objected to (allow or refuse)
POST   /tables/{code}/votes/settle          (host) the casting vote on a tie
POST   /tables/{code}/votes/count           count a vote whose window has closed

A word put to the table is named, in its vote, by its refused claim's seq (`claim`), as a claim objected to is.
"""

from __future__ import annotations

from pydantic import Field

from .tables import Action, ClaimSeq, SeatNumber, TablePath, act, action_view

__all__ = ["AskTable", "Count", "Settle", "Vote"]


class AskTable(Action):
    seat: SeatNumber | None = Field(
        None,
        description="the claimant's seat, if named: asked from its own phone; the host names a seat no phone holds",
    )
    claim: ClaimSeq = Field(description="the refused claim: the seq of its `claim_refused` event")


class Vote(Action):
    seat: SeatNumber | None = Field(
        None, description="the voter's own seat, if named: a vote comes only from the voter's own phone (else 403)"
    )
    claim: ClaimSeq = Field(description="the claim objected to, or the refused claim put to the table (its seq)")
    strike: bool = Field(
        description="true: strike the word out (uphold the objection; refuse a word put to the table); false: keep it "
        "(allow it)"
    )


class Settle(Action):
    claim: ClaimSeq
    strike: bool = Field(description="the host's casting vote on a tie: true strikes the word out, false keeps it")


class Count(Action):
    claim: ClaimSeq


@action_view("/tables/<code>/house-words", AskTable)
def ask_table(params: TablePath, body: AskTable):
    """Ask the table to allow a word the judge refused only because the dictionary lacks it (not in the word lists,
    or only in a larger one): the other seats vote; allowed, it is claimed at once and is a house word."""
    return act(params.code, {"type": "ask", "seat": body.seat, "claim": body.claim}, body.request_id)


@action_view("/tables/<code>/votes", Vote)
def vote(params: TablePath, body: Vote):
    """Vote keep or strike on a word objected to (the seats other than its claimant's and its objector's, each from
    its own phone); the claimant's strike concedes the word."""
    action = {"type": "vote", "seat": body.seat, "claim": body.claim, "strike": body.strike}
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/votes/settle", Settle)
def settle_vote(params: TablePath, body: Settle):
    """The host's casting vote on a tied vote, when the host made neither the claim nor the objection: the objection
    upheld or overruled."""
    return act(params.code, {"type": "settle", "claim": body.claim, "strike": body.strike}, body.request_id)


@action_view("/tables/<code>/votes/count", Count)
def count_votes(params: TablePath, body: Count):
    """Count a vote whose window has closed (the last voter's vote counts them by itself)."""
    return act(params.code, {"type": "count_votes", "claim": body.claim}, body.request_id)
