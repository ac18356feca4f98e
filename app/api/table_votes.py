"""Live tables: the table's vote on an objection (docs/rules/wordsmith.md, ruling 16), on the tables' `bp`.

POST   /tables/{code}/votes                 a voter's keep or strike on the word objected to
POST   /tables/{code}/votes/settle          (host) the casting vote on a tie
POST   /tables/{code}/votes/count           count a vote whose window has closed
"""

from __future__ import annotations

from pydantic import Field

from .tables import ActingSeat, Action, ClaimSeq, TablePath, act, action_view

__all__ = ["Count", "Settle", "Vote"]


class Vote(Action):
    seat: ActingSeat = None
    claim: ClaimSeq
    strike: bool = Field(description="true: strike the word out (uphold the objection); false: keep it")


class Settle(Action):
    claim: ClaimSeq
    strike: bool = Field(description="the host's casting vote on a tie: true strikes the word out, false keeps it")


class Count(Action):
    claim: ClaimSeq


@action_view("/tables/<code>/votes", Vote)
def vote(params: TablePath, body: Vote):
    """Vote keep or strike on a word objected to (the seats other than its claimant's and its objector's)."""
    action = {"type": "vote", "seat": body.seat, "claim": body.claim, "strike": body.strike}
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/votes/settle", Settle)
def settle_vote(params: TablePath, body: Settle):
    """The host's casting vote on a tied vote (no vote cast is a tie): the objection upheld or overruled."""
    return act(params.code, {"type": "settle", "claim": body.claim, "strike": body.strike}, body.request_id)


@action_view("/tables/<code>/votes/count", Count)
def count_votes(params: TablePath, body: Count):
    """Count a vote whose window has closed (the last voter's vote counts them by itself)."""
    return act(params.code, {"type": "count_votes", "claim": body.claim}, body.request_id)
