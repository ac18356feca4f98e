"""Wordsmith at a table: what an action makes (`decide`), and the events that follow by themselves."""

from __future__ import annotations

from solver.errors import Refused
from solver.lexicon import check
from solver.normalize import fold as fold_word
from solver.pieces import MAX_POOL_PIECES, Pool, parse_pool
from solver.wordsmith import (
    CHALLENGES,
    WHITE_BOXES,
    WORD_BY_WORD_DICE,
    WORDS_PER_CHALLENGE,
    added_pieces,
    judge_claim,
    roll_dice,
    score_sheets,
)

from ..events import OWN, REFUSED, Actor, Context, Event, Forbidden, NewEvent, Rejected, stamp
from ..state import apply as table_apply
from ..state import scratch as table_scratch

# --- decide: action -> events ----------------------------------------------------------
from . import house, moved
from . import vote as votes
from .acting import (
    acting_seat,
    actor_by,
    alphabet_of,
    find_claim,
    flag,
    lexicon_of,
    need_host,
    need_on,
    own_seat,
    own_voice,
    player,
    window_seconds,
)
from .model import JUDGED_AT_END, OBJECTION_SECONDS, PIECE_CODES, AskRecord, ClaimRecord, SeatState, WordsmithState


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
        before = votes.made_by(_follow(table, ctx), actor_by(actor), kind == "count_votes")
    try:
        events = handler(table, table.game_state, actor, action, ctx)
    except Rejected as refused:
        refused.record[:0] = before  # the count is written even though the action is refused
        raise
    return before + events + _automatic(table, events, ctx)


def _start(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "start a challenge")
    if (behind := moved.start(ws, action)) is not None:
        raise behind
    if ws.phase == "game_over" or ws.challenge >= CHALLENGES:
        raise Rejected("game_over", f"The game is over: it has {CHALLENGES} challenges.")
    if ws.on:
        raise Rejected("challenge_on", f"Challenge {ws.challenge} is still on: end it first.")
    _no_vote_open(ws, "the next challenge starts")
    text = action.get("pool")
    if text is None:
        rolled = roll_dice("start", ctx.rng)
        pool, rolls = rolled.pieces, [list(faces) for faces in rolled.rolls]
    else:
        pool, rolls = parse_pool(text), None
        if pool.size != 8 or pool.wild:
            raise Refused(
                f"pool: a starting pool is the 8 pieces two rolls of the four dice give, never a wild (got {pool})",
                ("pool",),
            )
    required = _required_letters(table, ws, action.get("required_letters"), ctx)
    crossed = {}
    given = action.get("crossed_white") or {}
    if not isinstance(given, dict):
        raise Refused("crossed_white: an object of seat number to crossed-out white boxes", ("crossed_white",))
    for key, value in given.items():
        try:
            number = table.seat(int(key)).number
        except (TypeError, ValueError, Refused):
            raise Refused(f"crossed_white: {key!r} is not a seat of this table", ("crossed_white", key)) from None
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= WHITE_BOXES:
            raise Refused(
                f"crossed_white: a seat crosses out 0 to {WHITE_BOXES} white boxes (got {value!r})",
                ("crossed_white", key),
            )
        if value:
            crossed[str(number)] = value
    data = {
        "challenge": ws.challenge + 1,
        "pool": pool.to_dict(),
        "rolls": rolls,
        "required_letters": required or None,
        "crossed_white": crossed,
    }
    return [NewEvent("challenge_started", data, by=0)]


def _no_vote_open(ws: WordsmithState, what: str) -> None:
    """Ruling 16: a vote is settled before `what`."""
    for seq in ws.open_votes:
        word = ws.voted(seq).word.upper()
        raise Rejected("vote_open", f"The table is still voting on {word}: it is settled before {what}.", claim=seq)


def _required_letters(table, ws: WordsmithState, given, ctx: Context) -> str:
    """Advanced: six letters a-z, one per row; left out, a random six-letter word of the lexicon (ruling 8)."""
    if not ws.has("advanced"):
        if given is not None:
            raise Refused("required_letters: only the advanced variant has required letters", ("required_letters",))
        return ""
    if given is None:
        return _random_word(lexicon_of(table, ctx), WORDS_PER_CHALLENGE, ctx.rng)
    letters = fold_word(given).strip().lower() if isinstance(given, str) else ""
    if len(letters) != WORDS_PER_CHALLENGE or not (letters.isascii() and letters.isalpha()):
        raise Refused(
            f"required_letters: give {WORDS_PER_CHALLENGE} letters a-z, one per row (got {given!r})",
            ("required_letters",),
        )
    return letters


def _random_word(lexicon, length: int, rng) -> str:
    """A random word of `length` letters a-z the lexicon accepts: random keys of the shared trie until one fits.

    Listing every six-letter word first was dear in every process and size;
    enough keys fit that this reads only a few dozen.
    """
    trie = lexicon.lexicons.trie
    for _ in range(100_000):
        word = trie.restore_key(rng.randrange(len(trie)))
        if len(word) == length and word.isascii() and word.isalpha() and word in lexicon:
            return word
    return rng.choice(lexicon.matches("?" * length))  # not reached with a real lexicon


def _add(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    seat = acting_seat(table, ws, actor, action)
    piece, wild_as = action.get("piece"), action.get("wild_as")
    if piece is not None and piece not in PIECE_CODES:
        raise Refused(f"piece: one of R, Y, B, G, W, or null to roll a die (got {piece!r})", ("piece",))
    if wild_as is not None and (wild_as not in PIECE_CODES or wild_as == "W"):
        raise Refused(f"wild_as: the piece a wild becomes, one of R, Y, B, G (got {wild_as!r})", ("wild_as",))
    if wild_as is not None and piece not in ("W", None):
        raise Refused("wild_as: only a wild (W, or a star rolled) becomes another piece", ("wild_as",))
    need_on(ws)
    if ws.has("word_by_word"):
        raise Rejected("no_adding", "In Word by Word no pieces are added: only the shared roll for each word.")
    if ws.phase == "done_called":
        raise moved.done_called(ws, actor)
    if seat.pool.size >= MAX_POOL_PIECES:  # the most a pool holds (solver.limits): said as the table's, not a field's
        name = table.seat(seat.number).name
        raise Rejected("pool_full", f"{name}'s pool holds {MAX_POOL_PIECES} pieces, the most a pool may hold.")
    rolled = None
    if piece is None:
        roll = roll_dice("add", ctx.rng)
        rolled = list(roll.rolls[0])
        kind = next(k for k, n in roll.pieces.to_dict().items() if n)
    else:
        kind = PIECE_CODES[piece]
    if kind == "wild" and wild_as is not None:
        kind = PIECE_CODES[wild_as]
    elif kind != "wild":
        wild_as = None  # ruling 7: a choice made ahead for a star is dropped when the die shows a colour
    data = {"seat": seat.number, "piece": kind, "rolled": rolled, "wild_as": wild_as}
    return [NewEvent("piece_added", data, by=actor_by(actor, seat))]


def _choose_wild(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """A star kept wild in a pool becomes the piece the player says it stands for (ruling 7)."""
    seat = acting_seat(table, ws, actor, action)
    piece = action.get("piece")
    if piece not in PIECE_CODES or piece == "W":
        raise Refused(f"piece: the piece the star stands for, one of R, Y, B, G (got {piece!r})", ("piece",))
    need_on(ws)
    if not seat.pool.wild:
        raise Rejected("no_wild", "Your pool holds no star kept wild: nothing to choose.")
    return [NewEvent("wild_chosen", {"seat": seat.number, "piece": PIECE_CODES[piece]}, by=actor_by(actor, seat))]


def _free_rows(ws: WordsmithState, seat: SeatState) -> list[int]:
    taken = {w["row"] for w in seat.words}
    return [r for r in range(1, WORDS_PER_CHALLENGE + 1) if r not in taken]


def _claim(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    seat = acting_seat(table, ws, actor, action)
    word = action.get("word")
    if not isinstance(word, str) or not word.strip():
        raise Refused("word: the word claimed, as text", ("word",))
    row = action.get("row")
    if row is not None and not ws.has("advanced"):
        raise Refused("row: only the advanced variant has rows with required letters", ("row",))
    if row is not None and (not isinstance(row, int) or isinstance(row, bool) or not 1 <= row <= WORDS_PER_CHALLENGE):
        raise Refused(f"row: a row from 1 to {WORDS_PER_CHALLENGE} (got {row!r})", ("row",))
    if ws.phase == "waiting":
        raise Rejected("no_challenge", "No challenge has started yet: the host starts one.")
    if ws.phase in ("between", "game_over"):  # ruling 15: with no challenge on, no attempt at a word: not written
        over = "The game is over" if ws.phase == "game_over" else f"Challenge {ws.challenge} is over"
        raise Rejected("no_challenge", f"{over}: no more words may be claimed.")
    if ws.open_votes and (awaited := votes.pending(ws, seat.number)) is not None:
        raise Rejected(  # ruling 17: the claimant awaits the table's vote on their word
            "vote_pending",
            f"The table is voting on {awaited.word.upper()}: wait for the outcome before your next word.",
            claim=awaited.seq,
        )
    # ruling 13: in Word by Word a seat claims word k after the k-th shared roll, with that roll's circles as wilds
    wbw_open = ws.has("word_by_word") and ws.on and len(seat.words) < WORDS_PER_CHALLENGE
    if ws.waits(seat) == "roll":
        raise Rejected(
            "wait_for_roll", "In Word by Word every word starts with the shared roll: wait for the next roll."
        )
    normalized = fold_word(word).strip()
    required = ""
    free_rows = ""  # ruling 8: the free rows' letters, when the word was written for none of them
    if ws.has("advanced"):
        free = _free_rows(ws, seat)
        if row is not None:
            if row not in free:
                raise Rejected("row_taken", f"Row {row} of your sheet already holds a word.", row=row)
        else:
            row = next((r for r in free if ws.required_letters[r - 1] in normalized), None)
        # ruling 8: no free row's letter in the word: the judge is asked for the first free row's letter
        pick = row or (free[0] if free else None)
        required = ws.required_letters[pick - 1] if pick else ""
        if row is None and len(free) > 1:
            free_rows = "".join(ws.required_letters[r - 1] for r in free)
    circles = ws.rolls[-1]["circles"] if wbw_open else 0
    pool = seat.pool.add("wild", circles) if circles else seat.pool
    secret = ws.has("secret")
    over = "passed" if seat.passed else "extra_word_played" if seat.extra_word_used else ""
    judged_on = {
        "pool": pool.to_dict(),
        "previous_word": "" if secret else seat.previous_word,
        "claimed": [] if secret else ws.standing_words(),
        "required_letter": required,
        "discards_used": seat.discards_used,
        "crossed_white": seat.crossed_white,
        "words_written": len(seat.words),
        "after_done": ws.phase == "done_called",
        "challenge_over": bool(over),  # after Done!: this seat's part is over
    }
    name = table.seat(seat.number).name
    at_table = {"part_over": over, "free_rows": free_rows}
    verdict, house_word = _judge(table, ctx, word, judged_on, player=name, **at_table)
    shown = _objections(table, ws, verdict, name)
    if shown:
        message = " ".join(o["message"] for o in shown)
        attempt = {
            "seat": seat.number,
            "challenge": ws.challenge,
            "word": word,
            "normalized": verdict.normalized,
            "message": message,
            "objections": shown,
            "row": action.get("row"),  # the row named, for the claim made if the table allows the word (ruling 22)
            REFUSED: "claim_refused",
        }
        told, told_message = shown, message  # the host acting for a seat is told as the table reads it
        if actor.seat == seat.number:  # the claimant's own phone is spoken to: "Your pool cannot build ..."
            told = _objections(table, ws, _judge(table, ctx, word, judged_on, player=None, **at_table)[0], None)
            told_message = " ".join(o["message"] for o in told)
            attempt[OWN] = {"message": told_message, "objections": told}
        # ruling 15: the word was yelled and refused where everyone heard it; nothing else changes
        record = [NewEvent("claim_refused", attempt, by=actor_by(actor, seat))]
        raise Rejected("claim_refused", told_message, objections=told, record=record)
    cost = alphabet_of(ctx).cost(verdict.normalized)
    checked = min(circles, verdict.pieces.wild)
    unchecked = circles - checked
    data = {
        "seat": seat.number,
        "challenge": ws.challenge,
        "word": word,
        "normalized": verdict.normalized,
        "letters": verdict.letters,
        "pieces": Pool(*cost).to_dict(),
        "wilds_used": verdict.pieces.wild,
        "leftover": verdict.leftover.to_dict(),
        "discards": verdict.discards - unchecked,  # the boxes for leftover pieces; unchecked circles apart
        "row": row,
        "circles": circles,
        "checked": checked,
        "judged_on": judged_on,
    }
    if house_word is not None:  # ruling 22: the table allowed the word the dictionary lacks
        data["house_word"] = house.sentence(house_word)
    return [NewEvent("claim", data, by=actor_by(actor, seat))]


def _judge(table, ctx: Context, word: str, judged_on: dict, player: str | None, **at_table):
    """The judge's verdict on a claim, and the house word that let it pass (ruling 22: the dictionary's lacking a
    word the table allowed is no objection), or None; `player` (the claimant's name) puts its sentences in the
    third person, as the whole table reads them (the refusal is public, ruling 15); None speaks to the claimant."""
    verdict = judge_claim(
        word, lexicon=lexicon_of(table, ctx), alphabet=alphabet_of(ctx), player=player, **judged_on, **at_table
    )
    return house.allowed(table.game_state, verdict)


def _objections(table, ws: WordsmithState, verdict, player: str | None) -> list[dict]:
    """What a refused claim is refused with, in `player`'s voice (`_judge`): the judge's objections (in Secret
    Wordsmith not those judged at the challenge's end), a struck word's ruling first (ruling 20), and the hint that
    the table may be asked (ruling 22)."""
    secret = ws.has("secret")
    shown = [o.to_dict() for o in verdict.objections if not (secret and o.code in JUDGED_AT_END)]
    struck = ws.struck_word(verdict.normalized)
    if struck is not None:  # ruling 20: a word the table struck stays out for the rest of the challenge
        shown.insert(0, {"code": "struck", "message": votes.struck_message(table, struck), "claim": struck.seq})
    return house.hinted(ws, verdict.normalized, shown, player)


def _object(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    seat = acting_seat(table, ws, actor, action)
    own_voice(table, seat, actor, "An objection", "the objector")  # ruling 19: the objector does not vote
    claim = find_claim(ws, action)
    seconds = window_seconds(table, ctx, OBJECTION_SECONDS)
    refusal = votes.objection_refused(ws, seat.number, claim, ctx.now, seconds)
    if refusal is not None:
        raise refusal
    verdict, _ = _judge(table, ctx, claim.data["word"], claim.data["judged_on"], player=player(table, claim.seat))
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


def _vote(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """Ruling 16: a voter's keep or strike, while the vote is open; the last vote counts them (`_automatic`).

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
        raise Rejected("not_a_voter", f"You do not vote on {claim.word.upper()}: {because}.")
    if seat.number in vote["votes"]:
        raise Rejected("already_voted", f"You have already voted on {claim.word.upper()}.")
    return [NewEvent("objection_vote", {"claim": claim.seq, "seat": seat.number, "strike": strike}, by=seat.number)]


def _settle(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """Rulings 16 and 21: the host's casting vote on a tied vote, unless the host is a party to the dispute."""
    need_host(actor, "break a tie")
    ask = house.named(ws, action)
    claim = ask or find_claim(ws, action)
    strike = flag(action, "strike", "true (uphold the objection: strike the word out) or false (keep it)")
    if claim.vote is not None and claim.vote["state"] not in ("open", "tied"):  # settled or counted meanwhile
        raise Rejected("not_tied", f"The vote on {claim.word.upper()} is over: {moved.outcome(ws, claim, True)}.")
    if claim.vote is None or claim.vote["state"] != "tied":
        raise Rejected("not_tied", f"The vote on {claim.word.upper()} is not tied: it is open.")
    ruled = _house_ruling(table, ask, ctx, strike) if ask else [votes.counted(table, claim, host_strikes=strike)]
    if ruled[0].data["by"] == "judge":  # the host became a party after the tie was counted (the role or a seat moved)
        raise Rejected(
            "own_dispute",
            f"The host, {player(table, ruled[0].data['host'])}, is a party to the dispute over {claim.word.upper()}: "
            "the judge's verdict stands.",
            record=ruled,
        )
    return ruled


def _house_ruling(table, ask, ctx: Context, host_strikes: bool | None = None) -> list[NewEvent]:
    """Ruling 22: the table's ruling on a word put to it; allowed, the word is claimed for its seat at once, judged
    as the table stands then. A claim the judge still refuses is public as any refused attempt (not the vote's
    refusal: a retry of the vote is no refused request); one refused for another reason (a vote on an earlier word
    of that seat) is not made, and the seat claims its house word when it can."""
    ruled = house.counted(table, ask, host_strikes)
    if ruled.data["outcome"] != "allowed":
        return [ruled]
    after = table_scratch(table)
    _fold_in(after, ruled, ctx)
    action = {"type": "claim", "seat": ask.seat, "word": ask.word, "row": ask.row}
    try:
        claimed = _claim(after, after.game_state, Actor(seat=ask.seat), action, ctx)
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


def _count_votes(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """Anyone at the table: count a vote whose window has closed (`decide` counted it before this runs)."""
    if not actor.host and actor.seat is None:
        raise Forbidden("This needs a seat's or the host's token.")
    claim = house.named(ws, action) or find_claim(ws, action)
    if claim.vote is not None and claim.vote["state"] != "open":
        return []  # counted already (just now, by `decide`, or before): nothing more to do
    vote = votes.open_vote(ws, claim)
    left = votes.epoch(vote["closes_at"]) - ctx.now
    raise Rejected("vote_open", f"The vote on {claim.word.upper()} is open for {max(1, round(left))} more seconds.")


def _overrule(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
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


def _pass(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    seat = acting_seat(table, ws, actor, action)
    need_on(ws)
    if ws.phase != "done_called":
        raise Rejected("not_done", "Passing is for the extra word after Done!: nobody has called Done! yet.")
    if seat.number == ws.done_by:
        raise Rejected("called_done", "You called Done!: you have no extra word to pass.")
    if seat.extra_word_used or seat.passed:
        raise Rejected("extra_word_used", "You have already claimed your extra word or passed.")
    return [NewEvent("passed", {"seat": seat.number}, by=actor_by(actor, seat))]


def _end_challenge(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "end the challenge")
    if (behind := moved.end(ws, action)) is not None:
        raise behind
    need_on(ws)
    return [_challenge_ended(table, ws, "host", ctx, by=0)]


def _end_game(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "end the game")
    if ws.phase != "between":  # a standard game may end early too, with the winners so far (docs/rules/tables.md)
        raise Rejected("challenge_on", "The game ends between challenges: end this challenge first.")
    return [votes.game_ended(table, ctx, by=0)]


def _roll_word(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    if not actor.host and actor.seat is None:
        raise Forbidden("This needs a seat's or the host's token.")
    if not ws.has("word_by_word"):
        raise Rejected("not_word_by_word", "Only Word by Word rolls for each word.")
    need_on(ws)
    if (behind := moved.roll(ws, actor, action)) is not None:
        raise behind
    _no_vote_open(ws, "the next roll")
    if ws.round >= WORDS_PER_CHALLENGE:
        raise Rejected("all_rolled", f"All {WORDS_PER_CHALLENGE} words of this challenge have been rolled.")
    waiting = [s.number for s in ws.seats if len(s.words) < ws.round and not _left(ws, s)]
    if waiting:
        raise Rejected(
            "word_open",
            f"Every seat claims word {ws.round} before the next roll: waiting for "
            f"{moved.waiting_for(ws, actor, waiting)}.",
        )
    given = action.get("faces")
    if given is None:
        faces = list(roll_dice("word_by_word", ctx.rng).rolls[0])
    elif not isinstance(given, list) or len(given) != WORD_BY_WORD_DICE:
        raise Refused(f"faces: the {WORD_BY_WORD_DICE} dice as rolled, e.g. ['red', 'yellow', 'blue_star']", ("faces",))
    else:
        faces = list(given)
    pieces = added_pieces(faces)  # red and yellow to every pool, each star a circle (ruling 5)
    if pieces.wild == len(faces):
        raise Refused("faces: only stars: the rulebook rolls these again", ("faces",))
    data = {"round": ws.round + 1, "faces": faces, "red": pieces.red, "yellow": pieces.yellow, "circles": pieces.wild}
    return [NewEvent("word_rolled", data, by=actor_by(actor))]


def _set_pool(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "correct a pool")
    seat = ws.seat(table.seat(action.get("seat")).number)
    pool = parse_pool(action.get("pool"))
    need_on(ws)
    return [NewEvent("pool_set", {"seat": seat.number, "pool": pool.to_dict()}, by=0)]


_DECIDE = {
    "start": _start,
    "add": _add,
    "choose_wild": _choose_wild,
    "claim": _claim,
    "object": _object,
    "ask": house.ask,
    "vote": _vote,
    "settle": _settle,
    "count_votes": _count_votes,
    "overrule": _overrule,
    "pass": _pass,
    "end_challenge": _end_challenge,
    "end_game": _end_game,
    "roll_word": _roll_word,
    "set_pool": _set_pool,
}


# --- the automatic events ---------------------------------------------------------------


def _challenge_ended(table, ws: WordsmithState, reason: str, ctx: Context, by: int | None) -> NewEvent:
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


def _fold_in(state, new: NewEvent, ctx: Context) -> None:
    table_apply(state, Event(state.seq + 1, new.type, stamp(ctx.now), new.by, new.data))


def _automatic(table, events: list[NewEvent], ctx: Context) -> list[NewEvent]:
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
        _fold_in(state, new, ctx)
    return _follow(state, ctx)


def _follow(state, ctx: Context) -> list[NewEvent]:
    """The automatic events `state` (a scratch copy, folded into as they come) calls for, in order."""
    follow: list[NewEvent] = []
    while True:
        ws: WordsmithState = state.game_state
        new = None
        counted = (votes.due(ws, ctx.now) or votes.unbreakable_tie(state)) if ws.open_votes else None
        if isinstance(counted, AskRecord):  # ruling 22: the ruling, and the claim an allowed word makes at once
            new = _house_ruling(state, counted, ctx)
        elif counted is not None:
            new = votes.counted(state, counted)
        elif ws.phase == "playing" and not ws.has("word_by_word") and ws.done_by is None:
            full = next((s for s in ws.seats if len(s.words) == WORDS_PER_CHALLENGE), None)
            if full is not None:
                new = NewEvent("done", {"seat": full.number})
        elif ws.phase == "done_called" and all(
            s.extra_word_used or s.passed or _left(ws, s) for s in ws.seats if s.number != ws.done_by
        ):
            new = _challenge_ended(state, ws, "done", ctx, by=None)
        elif (
            ws.phase == "playing"
            and ws.has("word_by_word")
            and all(len(s.words) == WORDS_PER_CHALLENGE or _left(ws, s) for s in ws.seats)
        ):
            new = _challenge_ended(state, ws, "six_words", ctx, by=None)
        elif ws.phase == "between" and ws.challenge >= CHALLENGES:
            new = votes.game_ended(state, ctx, by=None)
        if new is None:
            return follow
        for one in new if isinstance(new, list) else [new]:
            follow.append(one)
            _fold_in(state, one, ctx)


def _left(ws: WordsmithState, seat: SeatState) -> bool:
    """Whether the seat's player left the table (tables/hosting.py): no roll or extra word waits for them."""
    return ws.table_seats[seat.number - 1].removed


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


def after_hosting(table, events: list[NewEvent], ctx: Context) -> list[NewEvent]:
    """The automatic events a seat's removal or a hand-over of the host role brings (tables/hosting.py): the end of
    what waited only for the removed seat (Done!, its vote), a tie the new host is a party to (ruling 21)."""
    ws = table.game_state
    return _automatic(table, events, ctx) if ws.on or ws.open_votes else []
