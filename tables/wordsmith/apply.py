"""Wordsmith at a table: what an event does to the state (`apply`)."""

from __future__ import annotations

from dataclasses import replace

from solver.pieces import Pool
from solver.wordsmith import CHALLENGES

from ..events import Event
from ..state import shallow

# --- apply: event -> state -----------------------------------------------------------
from . import house
from .model import AskRecord, ClaimRecord, WordsmithState, too_few_voted
from .vote import CASTING, host_party_tie


def apply(table, event: Event) -> None:
    """Fold one Wordsmith event into the table's state. Judges nothing: the verdicts are in the events."""
    ws: WordsmithState = table.game_state
    data = event.data
    handler = _APPLY.get(event.type)
    if handler is None:
        raise ValueError(f"event {event.seq}: unknown Wordsmith event type {event.type!r}")
    handler(ws, event, data)


def seat_left(table, seat: int) -> None:
    """A seat removed (tables/hosting.py): an open vote it has not voted in waits for it no longer, as a seat with no
    phone is no voter (ruling 21); the count then follows by itself (`automatic.after_hosting`). A vote it cast
    stays."""
    ws: WordsmithState | None = table.game_state
    for seq in list(ws.open_votes) if ws is not None else ():
        voted = ws.voted(seq)
        vote = voted.vote
        if vote["state"] != "open" or seat not in vote["voters"] or seat in vote["votes"]:
            continue
        kept = {**vote, "voters": [voter for voter in vote["voters"] if voter != seat]}
        if isinstance(voted, AskRecord):
            ws.asks[seq] = replace(voted, vote=kept)
        else:
            _changing(ws, seq).vote = kept


def _open_vote(data: dict) -> dict:
    """A vote as it opens (an objection's, ruling 16, or a word put to the table, ruling 22): its voters, none of
    their votes yet, when it closes, and what the judge and the dictionary say of the word."""
    return {
        "voters": list(data["voters"]),
        "votes": {},
        "closes_at": data["closes_at"],
        "state": "open",
        "message": data["message"],
        "definition": list(data.get("definition") or []),
        "dictionary": data.get("dictionary"),
    }


def _apply_start(ws: WordsmithState, event: Event, data: dict) -> None:
    if ws.challenge:  # the challenge before goes onto the sheets' past, with its own required letters
        for seat in ws.seats:
            seat.past.append(ws.current_sheet(seat))
    ws.challenge = data["challenge"]
    ws.phase = "playing"
    ws.starting_pool = Pool(**data["pool"])
    ws.starting_rolls = data.get("rolls")
    ws.required_letters = data.get("required_letters") or ""
    ws.done_by = None
    ws.ended_reason = None
    ws.latest = None  # the big box starts the challenge empty: the last one's claim is not news
    ws.round = 0
    ws.rolls = []
    crossed = data.get("crossed_white") or {}
    for seat in ws.seats:
        seat.pool = ws.starting_pool
        seat.added = ()
        seat.previous_word = ""
        seat.words = []
        seat.discards = 0
        seat.crossed_white = int(crossed.get(str(seat.number), 0))
        seat.extra_word_used = seat.passed = False
        seat.version += 1


def _apply_piece(ws: WordsmithState, event: Event, data: dict) -> None:
    seat = ws.seat(data["seat"])
    seat.pool = seat.pool.add(data["piece"])
    seat.added = (*seat.added, data["piece"])
    seat.version += 1


def _apply_claim(ws: WordsmithState, event: Event, data: dict) -> None:
    seat = ws.seat(data["seat"])
    claim = ClaimRecord(
        seq=event.seq,
        seat=seat.number,
        challenge=data["challenge"],
        word=data["normalized"],
        at=event.at,
        data=data,
        pool_before=seat.pool,
        previous_before=seat.previous_word,
        extra_word=ws.phase == "done_called",
        owner=ws.owner,
    )
    ws.claims[event.seq] = claim
    _put_on_sheet(ws, claim)
    # A house word says so (ruling 22): "VLOG is a house word of this table, allowed by the table's vote (2 to 0)."
    reason = data.get("allowed") or data.get("house_word")  # the claim the table's allowing vote made says so
    reason = _counted(ws, data, reason)
    ws.latest = {"claim": event.seq, "seat": seat.number, "word": claim.word, "verdict": "claimed", "reason": reason}


def _counted(ws: WordsmithState, data: dict, reason: str | None) -> str | None:
    """A count's news says who tapped "Count the votes" (`counted_by`, tables/wordsmith/vote.py), before its result."""
    by = data.get("counted_by")
    if by is None or not reason:
        return reason
    return f"{_name(ws, by) if by else 'The host'} counted the votes. {reason}"


def _put_on_sheet(ws: WordsmithState, claim: ClaimRecord) -> None:
    """The rulebook's "Writing and Discarding": the word on the sheet, leftovers discarded, boxes checked."""
    data = claim.data
    seat = ws.seat(claim.seat)
    seat.words.append(
        {
            "claim": claim.seq,
            "word": claim.word,
            "letters": data["letters"],
            "row": data.get("row"),
            "discards": data["discards"],
            "circles": data.get("circles", 0),
            "checked": data.get("checked", 0),
        }
    )
    seat.words.sort(key=lambda w: w["claim"])
    seat.discards += data["discards"]
    seat.pool = Pool(**data["pieces"])  # ruling 9: the word's pieces, a spent wild as the piece it stood for
    seat.added = ()
    seat.previous_word = claim.word
    if claim.extra_word:
        seat.extra_word_used = True
    seat.version += 1
    claim.status = "stands"
    claim.struck_by = None  # ruling 20: a word let stand again is no longer struck out


def _take_off_sheet(ws: WordsmithState, claim: ClaimRecord, pool: dict | None) -> None:
    """Ruling 10: a struck claim is undone: back to finding words from `pool` (decide works it out)."""
    seat = ws.seat(claim.seat)
    seat.words = [w for w in seat.words if w["claim"] != claim.seq]
    seat.discards -= claim.data["discards"]
    claim.status = "struck"
    if ws.on and claim.challenge == ws.challenge:
        seat.pool = Pool(**pool)
        seat.previous_word = claim.previous_before
        if claim.extra_word:
            seat.extra_word_used = False
        if ws.done_by == claim.seat and claim.called_done:
            # Done! is taken back: the others play on normally; extra words already claimed stay (ruling 10).
            ws.done_by = None
            ws.phase = "playing"
            claim.called_done = False
            for other in ws.seats:
                other.extra_word_used = other.passed = False
            for seq, other in ws.claims.items():
                if other.extra_word:
                    _changing(ws, seq).extra_word = False
    seat.version += 1
    claim.struck_version = seat.version


def _apply_done(ws: WordsmithState, event: Event, data: dict) -> None:
    ws.done_by = data["seat"]
    ws.phase = "done_called"
    last = ws.seat(data["seat"]).words[-1]["claim"]
    _changing(ws, last).called_done = True


def _changing(ws: WordsmithState, seq: int) -> ClaimRecord:
    """The claim record `seq`, this state's own to change: a copy when it is still its original's (`scratch`)."""
    claim = ws.claims[seq]
    if claim.owner is not ws.owner:
        claim = shallow(claim)
        claim.objections = list(claim.objections)
        claim.overruled = list(claim.overruled)  # `vote` is replaced whole, never changed in place
        claim.owner = ws.owner
        ws.claims[seq] = claim
    return claim


def _apply_objection(ws: WordsmithState, event: Event, data: dict) -> None:
    claim = _changing(ws, data["claim"])
    claim.objections.append({"by": data["seat"], "verdict": data["verdict"], "message": data["message"]})
    if data["verdict"] == "vote":  # ruling 16: the word goes to the table
        claim.vote = {"objector": data["seat"], **_open_vote(data)}
        ws.open_votes[claim.seq] = claim.seat
        objector = _name(ws, data["seat"])
        ws.latest = {
            "claim": claim.seq,
            "seat": claim.seat,
            "word": claim.word,
            "verdict": "objected",
            "reason": f"{objector} objects to {claim.word.upper()}: the table votes keep or strike.",
        }
        return
    if data.get("strikes"):
        _take_off_sheet(ws, claim, data.get("pool"))
        claim.struck_by = {"by": "judge"}
    ws.latest = {
        "claim": claim.seq,
        "seat": claim.seat,
        "word": claim.word,
        "verdict": data["verdict"],
        "reason": data["message"],
    }


def _name(ws: WordsmithState, seat: int | None) -> str:
    return ws.table_seats[seat - 1].name if seat else "the host"


def _apply_refused(ws: WordsmithState, event: Event, data: dict) -> None:
    """Ruling 15: a refused attempt is public and changes nothing else: no sheet, pool, previous word or score."""
    message = data.get("message") or ""
    hint = house.HINT.format(player=_name(ws, data["seat"]))  # ruling 22: who may ask, while they still may
    attempt = {
        "seq": event.seq,
        "seat": data["seat"],
        "challenge": data["challenge"],
        "word": data.get("normalized"),
        "at": event.at,
        "message": data.get("message"),
        "unhinted": message.removesuffix(hint) + "." if message.endswith(hint) else data.get("message"),
        "objections": [o["code"] for o in data.get("objections") or []],
        "row": data.get("row"),
        "askable": house.askable(data.get("objections") or []),  # ruling 22: the table may allow it
    }
    ws.refused.append(attempt)
    allowed = data.get("allowed")  # made by the table's allowing vote (ruling 22): the big box says both
    ws.latest = {
        "claim": None,
        "seat": data["seat"],
        "word": attempt["word"],
        "verdict": "allowed" if allowed else "refused",
        "reason": _counted(ws, data, f"{allowed} {attempt['message']}") if allowed else attempt["message"],
    }


def _apply_vote(ws: WordsmithState, event: Event, data: dict) -> None:
    claim = _changing(ws, data["claim"])
    vote = dict(claim.vote)
    vote["votes"] = {**vote["votes"], data["seat"]: bool(data["strike"])}
    claim.vote = vote


def _apply_ruled(ws: WordsmithState, event: Event, data: dict) -> None:
    """Rulings 16-21: the table's vote counted (or the host's casting vote, the judge's verdict standing, the
    claimant's concession): upheld strikes the word and what followed from it in that seat; a tie waits for the
    host."""
    claim = _changing(ws, data["claim"])
    outcome, by = data["outcome"], data.get("by")
    claim.vote = {**claim.vote, "state": outcome, "by_host": by == "host", "by": by}
    word, claimant = claim.word.upper(), _name(ws, claim.seat)
    count = f"{data['strike']} to strike, {data['keep']} to keep"
    # Ruling 18: a strike after a challenge the host ended changes only the sheet; play goes on only if it reopens,
    # and then every phone reads that the end (the game's, after the last challenge) is taken back.
    after = f"{claimant} goes back to finding words" if ws.on or data.get("reopen") else f"it is off {claimant}'s sheet"
    if data.get("reopen"):
        ended = "the game's end" if ws.phase == "game_over" else f"the end of challenge {ws.challenge}"
        after = f"{ended} is taken back, and {after}"
    if outcome == "tied":
        reason = f"The vote on {word} is tied ({count}): the host decides."
    else:
        ws.open_votes.pop(claim.seq, None)
        last = claim.objections[-1]
        claim.objections[-1] = {**last, "verdict": outcome}
        if by == "host":
            count += CASTING
        if by == "claimant":
            reason = f"{claimant} concedes {word}: it is struck out; {after}."
        elif by == "judge":
            claim.ruled_version = ws.seat(claim.seat).version  # ruling 21: conceded until the seat plays on
            reason = (
                f"Objection overruled: {_undecided(ws, claim, data)}, so the judge's verdict stands: {word} stands; "
                f"{claimant} may still concede it."
            )
        elif outcome == "upheld":
            reason = f"Objection upheld ({count}): {word} is struck out; {after}."
        else:
            reason = f"Objection overruled ({count}): {word} stands."
    reason = _counted(ws, data, reason)
    if outcome == "upheld":
        if data.get("reopen"):  # the end of the challenge (and of the game) is taken back: play goes on
            ws.phase = "done_called"
            ws.ended_reason = ws.ended_early = ws.objections_close_at = None
        for seq in sorted(data["struck"], reverse=True):
            _take_off_sheet(ws, _changing(ws, seq), data.get("pool"))
        # ruling 20: the word ruled on stays out this challenge (not the later words struck with it, ruling 17)
        claim.struck_by = {"by": by, "strike": data["strike"], "keep": data["keep"]}
    ws.latest = {"claim": claim.seq, "seat": claim.seat, "word": claim.word, "verdict": outcome, "reason": reason}


def _undecided(ws: WordsmithState, claim: ClaimRecord, data: dict) -> str:
    """Ruling 21: why the table did not decide, so the judge's verdict stands."""
    voters = len(claim.vote["voters"])
    if data.get("reason") == "no_voters":
        return f"no one but {_name(ws, claim.seat)} and {_name(ws, claim.vote['objector'])} could vote"
    if data.get("reason") == "host_party":
        role = "made the claim" if data.get("host") == claim.seat else "objected"
        count = f"{data['strike']} to strike, {data['keep']} to keep"
        return host_party_tie(count, _name(ws, data.get("host")), role)
    cast = data["strike"] + data["keep"]
    return too_few_voted(cast, voters, data.get("needed"))


def _apply_house_asked(ws: WordsmithState, event: Event, data: dict) -> None:
    """Ruling 22: a refused claim put to the table; its seat awaits the outcome, as a claimant does (ruling 17)."""
    attempt = next(a for a in reversed(ws.refused) if a["seq"] == data["claim"])
    vote = {"asker": data["seat"], **_open_vote(data)}
    ask = AskRecord(data["claim"], data["seat"], attempt["challenge"], data["word"], data.get("row"), vote)
    ws.asks[ask.seq] = ask
    ws.open_votes[ask.seq] = ask.seat
    shout = ask.word.upper()
    ws.latest = {
        "claim": None,
        "seat": ask.seat,
        "word": ask.word,
        "verdict": "asked",
        "reason": f"{_name(ws, ask.seat)} asks the table to allow {shout}: {data['message']} "
        "The table votes allow or refuse.",
    }


def _apply_house_vote(ws: WordsmithState, event: Event, data: dict) -> None:
    ask = ws.asks[data["claim"]]
    votes = {**ask.vote["votes"], data["seat"]: not data["allow"]}  # kept as an objection's: strike is refuse
    ws.asks[ask.seq] = replace(ask, vote={**ask.vote, "votes": votes})


def _apply_house_ruled(ws: WordsmithState, event: Event, data: dict) -> None:
    """Ruling 22: the table's ruling on a word put to it. Allowed, it is a house word from now on (the claim that
    follows, written by `automatic.house_ruling`, puts it on the sheet); refused, nothing changes; tied, the host
    decides."""
    ask = ws.asks[data["claim"]]
    outcome = data["outcome"]
    ws.asks[ask.seq] = replace(ask, vote={**ask.vote, "state": outcome, "by": data.get("by")})
    if outcome != "tied":
        ws.open_votes.pop(ask.seq, None)
    if outcome == "allowed":
        entry = {"word": ask.word, "seat": ask.seat, "challenge": ask.challenge, "seq": event.seq}
        entry |= {"allow": data["allow"], "refuse": data["refuse"], "by": data.get("by")}
        ws.house_words = [*ws.house_words, entry]
    verdict = {"allowed": "allowed", "refused": "disallowed", "tied": "ask_tied"}[outcome]
    reason = _counted(ws, data, house.ruled_sentence(ws, ask, data))
    ws.latest = {"claim": None, "seat": ask.seat, "word": ask.word, "verdict": verdict, "reason": reason}


def _apply_overrule(ws: WordsmithState, event: Event, data: dict) -> None:
    claim = _changing(ws, data["claim"])
    claim.overruled.append({"seq": event.seq, "stands": data["stands"]})
    if data.get("changes"):
        if data["stands"]:
            _put_on_sheet(ws, claim)
        else:
            _take_off_sheet(ws, claim, data.get("pool"))
            claim.struck_by = {"by": "overrule"}  # ruling 20
    verdict = "stands" if data["stands"] else "struck"
    word, claimant = claim.word.upper(), _name(ws, claim.seat)
    if not data.get("changes"):
        reason = f"The host ruled that {word} {'stands' if data['stands'] else 'is struck'}."
    elif data["stands"]:
        reason = f"The host let {word} stand: it is back on {claimant}'s sheet."
    else:  # ruling 10: the pool as it was before the word, with any piece added since
        reason = f"The host struck {word} out: {claimant} has its pieces back and goes back to finding words."
        if not ws.on:  # ruling 18: after the challenge, only the sheet changes
            reason = f"The host struck {word} out: it is off {claimant}'s sheet."
    ws.latest = {"claim": claim.seq, "seat": claim.seat, "word": claim.word, "verdict": verdict, "reason": reason}


def _apply_passed(ws: WordsmithState, event: Event, data: dict) -> None:
    seat = ws.seat(data["seat"])
    seat.passed = True
    seat.version += 1


def _apply_roll(ws: WordsmithState, event: Event, data: dict) -> None:
    ws.round = data["round"]
    roll = {"round": data["round"], "faces": data["faces"], "circles": data["circles"], "by": event.by}
    ws.rolls.append(roll)  # `by`: who rolled, for a phone whose roll for the same word came second (moved.py)
    for seat in ws.seats:
        seat.pool = seat.pool.add("red", data["red"]).add("yellow", data["yellow"])
        seat.version += 1


def _apply_pool_set(ws: WordsmithState, event: Event, data: dict) -> None:
    seat = ws.seat(data["seat"])
    seat.pool = Pool(**data["pool"])
    seat.added = ()
    seat.version += 1


def _superseded(ws: WordsmithState) -> None:
    """The newest claim's news gives way to the result (the big box shows the totals); what happens after the end
    (an objection, a vote's outcome) is news again under the result."""
    if ws.latest is not None:
        ws.latest = {**ws.latest, "superseded": True}


def _apply_challenge_ended(ws: WordsmithState, event: Event, data: dict) -> None:
    ws.phase = "between"
    _superseded(ws)
    ws.ended_reason = data.get("reason")
    for verdict in data.get("judged") or []:
        claim = _changing(ws, verdict["claim"])
        claim.status = "stands" if verdict["valid"] else "struck"
        if not verdict["valid"]:
            message = " ".join(o["message"] for o in verdict["objections"])
            claim.objections.append({"by": None, "verdict": "struck", "message": message})
    if data.get("scores") is not None:
        ws.secret_scores = data["scores"]


def _apply_game_ended(ws: WordsmithState, event: Event, data: dict) -> None:
    ws.phase = "game_over"
    _superseded(ws)
    if event.by == 0 and data.get("challenge", CHALLENGES) < CHALLENGES:  # the host ended it early: the box says so
        ws.ended_early = data["challenge"]
    ws.objections_close_at = data.get("objections_close_at")  # ruling 18a


def _apply_wild_chosen(ws: WordsmithState, event: Event, data: dict) -> None:
    seat = ws.seat(data["seat"])
    seat.pool = seat.pool.add("wild", -1).add(data["piece"])
    seat.version += 1


_APPLY = {
    "wild_chosen": _apply_wild_chosen,
    "challenge_started": _apply_start,
    "piece_added": _apply_piece,
    "claim": _apply_claim,
    "done": _apply_done,
    "objection": _apply_objection,
    "objection_vote": _apply_vote,
    "objection_ruled": _apply_ruled,
    "claim_refused": _apply_refused,
    "house_asked": _apply_house_asked,
    "house_vote": _apply_house_vote,
    "house_ruled": _apply_house_ruled,
    "overrule": _apply_overrule,
    "passed": _apply_passed,
    "word_rolled": _apply_roll,
    "pool_set": _apply_pool_set,
    "challenge_ended": _apply_challenge_ended,
    "game_ended": _apply_game_ended,
}
