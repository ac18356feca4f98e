"""Wordsmith at a table: a claim disputed. An objection (the judge strikes the word, or puts it to the table's vote,
ruling 16), a voter's keep or strike and the claimant's concession (rulings 19 and 21), the host's casting vote on a
tie, a tap on "Count the votes", and the host's overrule (ruling 10). The votes on a word put to the table (ruling 22)
come through here too and are judged by house.py; the counting itself is vote.py's."""

from __future__ import annotations

from solver.lexicon import check

from ..events import Actor, Context, NewEvent, Rejected, need_host, need_seat_or_host, stamp
from . import house, moved
from . import vote as votes
from .acting import (
    acting_seat,
    actor_by,
    find_claim,
    flag,
    lexicon_of,
    own_seat,
    player,
    window_seconds,
)
from .automatic import house_ruling
from .claiming import judge
from .model import OBJECTION_SECONDS, ClaimRecord, WordsmithState


def object_(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    seat = acting_seat(table, ws, actor, action, "object", "the objector")  # ruling 19: the objector has no vote
    claim = find_claim(ws, action)
    seconds = window_seconds(table, ctx, OBJECTION_SECONDS)
    refusal = votes.objection_refused(ws, seat.number, claim, ctx.now, seconds)
    if refusal is not None:
        raise refusal
    verdict, _ = judge(table, ctx, claim.data["word"], claim.data["judged_on"], player=player(table, claim.seat))
    if verdict.valid:  # ruling 16: the judge accepted it; what the judge cannot settle goes to the table
        lexicon = lexicon_of(table, ctx)
        data = {
            "claim": claim.seq,
            "verdict": "vote",
            "message": _stands_because(table, ctx, claim, verdict),
            "objections": [],
            "strikes": False,
            "definition": list(check(claim.word, lexicon).definition)[:3],
            "dictionary": table.lexicon,
            "voters": [s.number for s in table.seats if s.joined and s.number not in (claim.seat, seat.number)],
            "closes_at": stamp(ctx.now + seconds),
        }
    else:
        data = {
            "claim": claim.seq,
            "verdict": "struck",
            "message": " ".join(o.message for o in verdict.objections),
            "objections": [o.to_dict() for o in verdict.objections],
            "strikes": ws.may_strike(claim),
        }
        if data["strikes"]:
            data["pool"] = _pool_after_strike(ws, claim)
    data["seat"] = seat.number
    return [NewEvent("objection", data, by=actor_by(actor, seat))]


def _stands_because(table, ctx: Context, claim: ClaimRecord, verdict) -> str:
    """One sentence: why the judge lets a claim stand (every check it passed that can be said)."""
    on = claim.data["judged_on"]
    shout = claim.word.upper()
    reasons = [check(claim.word, lexicon_of(table, ctx), define=False).message.replace(f"{shout} is ", "it is ", 1)]
    if claim.data.get("house_word"):  # ruling 22: the dictionary lacks it, and the table allowed it
        reasons = [claim.data["house_word"].replace(f"{shout} is ", "it is ", 1)]
    reasons[0] = reasons[0].rstrip(".")
    reasons.append("it was not claimed before in this challenge")
    if on["previous_word"]:
        reasons.append(f"it has a letter {on['previous_word'].upper()} lacked")
    if on["required_letter"]:
        reasons.append(f"it holds the required letter {on['required_letter'].upper()}")
    reasons.append("the pool builds it")
    return f"{shout} stands: {', '.join(reasons[:-1])}, and {reasons[-1]}."


def vote(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """Ruling 16: a voter's keep or strike, while the vote is open; the last vote counts them (`automatic`).

    Cast from the voter's own phone only (ruling 19). The claimant's strike is a concession (ruling 21). On a word
    put to the table (ruling 22) keep allows it and strike refuses it.
    """
    seat = own_seat(table, ws, actor, action)
    ask = house.named(ws, action)
    claim = ask or find_claim(ws, action)
    strike = flag(action, "strike", "true (strike the word out) or false (keep it)")
    if ask is not None:
        return house.vote(table, seat, ask, strike)
    if seat.number == claim.seat and strike and claim.vote is not None:
        if ws.may_concede(claim):
            return [votes.conceded(ws, claim)]
        if claim.status == "stands" and claim.vote.get("by") == "judge":
            raise Rejected(
                "vote_closed",
                f"{player(table, seat.number)} has played on since the judge's verdict on {claim.word.upper()} "
                "stood: it can no longer be conceded.",
            )
    vote = votes.open_vote(ws, claim)
    if seat.number not in vote["voters"]:
        who = "made the claim" if seat.number == claim.seat else "objected" if seat.number == vote["objector"] else ""
        because = f"you {who}" if who else "you had not joined when the objection was made"
        raise votes.not_a_voter(claim.word, because)
    if seat.number in vote["votes"]:
        raise votes.already_voted(claim.word)
    return [NewEvent("objection_vote", {"claim": claim.seq, "seat": seat.number, "strike": strike}, by=seat.number)]


def settle(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """Rulings 16 and 21: the host's casting vote on a tied vote, unless the host is a party to the dispute."""
    need_host(actor, "break a tie")
    ask = house.named(ws, action)
    claim = ask or find_claim(ws, action)
    strike = flag(action, "strike", "true (uphold the objection: strike the word out) or false (keep it)")
    if claim.vote is not None and claim.vote["state"] not in ("open", "tied"):  # settled or counted meanwhile
        raise Rejected("not_tied", f"The vote on {claim.word.upper()} is over: {moved.outcome(ws, claim, True)}.")
    if claim.vote is None or claim.vote["state"] != "tied":
        raise Rejected("not_tied", f"The vote on {claim.word.upper()} is not tied: it is open.")
    ruled = house_ruling(table, ask, ctx, strike) if ask else [votes.counted(table, claim, host_strikes=strike)]
    if ruled[0].data["by"] == "judge":  # the host became a party after the tie was counted (the role or a seat moved)
        raise Rejected(
            "own_dispute",
            f"The host, {player(table, ruled[0].data['host'])}, is a party to the dispute over {claim.word.upper()}: "
            "the judge's verdict stands.",
            record=ruled,
        )
    return ruled


def count_votes(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """Anyone at the table: count a vote whose window has closed (`decide` counted it before this runs)."""
    need_seat_or_host(actor)
    claim = house.named(ws, action) or find_claim(ws, action)
    if claim.vote is not None and claim.vote["state"] != "open":
        return []  # counted already (just now, by `decide`, or before): nothing more to do
    vote = votes.open_vote(ws, claim)
    left = votes.epoch(vote["closes_at"]) - ctx.now
    raise Rejected("vote_open", f"The vote on {claim.word.upper()} is open for {max(1, round(left))} more seconds.")


def overrule(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "overrule")
    claim = find_claim(ws, action)
    stands = flag(action, "stands", "true (the claim stands) or false (it is struck)")
    if ws.has("secret"):
        raise Rejected("secret", "Secret Wordsmith words are judged together at the challenge's end (ruling 12).")
    if claim.challenge != ws.challenge:
        raise Rejected("challenge_over", "Only the claims of the latest challenge can be overruled.")
    if claim.seq in ws.open_votes:  # ruling 16: the table's vote is settled by its count or the host's casting vote
        raise Rejected("vote_open", f"The table is voting on {claim.word.upper()}: settle it with the casting vote.")
    changes = stands != (claim.status == "stands")
    if changes and (refusal := votes.own_dispute(table, claim, stands)) is not None:
        raise refusal
    if changes and not stands and not ws.may_strike(claim):
        raise Rejected(
            "claim_superseded",
            f"{claim.word.upper()} is no longer {player(table, claim.seat)}'s latest word: only the latest can be struck.",
        )
    if changes and stands and ws.seat(claim.seat).version != claim.struck_version:
        raise Rejected(
            "claim_superseded",
            f"{player(table, claim.seat)} has played on since {claim.word.upper()} was struck: it cannot come back.",
        )
    data = {"claim": claim.seq, "stands": stands, "changes": changes}
    if changes and not stands:
        data["pool"] = _pool_after_strike(ws, claim)
    return [NewEvent("overrule", data, by=0)]


def _pool_after_strike(ws: WordsmithState, claim: ClaimRecord) -> dict | None:
    """Ruling 10: the pool the seat claimed from, and any pieces it added since (its pool now, less the word's)."""
    if not ws.on:
        return None  # the challenge is over: only the sheet changes
    now, word = ws.seat(claim.seat).pool.to_dict(), claim.data["pieces"]
    before = claim.pool_before.to_dict()
    return {kind: before[kind] + max(0, now[kind] - word.get(kind, 0)) for kind in before}
