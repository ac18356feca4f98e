"""Live tables: the table's vote on an objection (docs/rules/wordsmith.md, rulings 16-21), on the tables' `bp`.

POST   /tables/{code}/votes                 a voter's keep or strike on the word objected to
POST   /tables/{code}/votes/settle          (host) the casting vote on a tie
POST   /tables/{code}/votes/count           count a vote whose window has closed
"""

from __future__ import annotations

from pydantic import Field

from .tables import Action, ClaimSeq, SeatNumber, TablePath, act, action_view

__all__ = ["Count", "Settle", "Vote"]


class Vote(Action):
    seat: SeatNumber | None = Field(
        None, description="the voter's own seat, if named: a vote comes only from the voter's own phone (else 403)"
    )
    claim: ClaimSeq
    strike: bool = Field(description="true: strike the word out (uphold the objection); false: keep it")


class Settle(Action):
    claim: ClaimSeq
    strike: bool = Field(description="the host's casting vote on a tie: true strikes the word out, false keeps it")


class Count(Action):
    claim: ClaimSeq


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
