"""Wordsmith at a table: a claim judged (`claim`). The judge (`solver.wordsmith.judge_claim`) is asked with what
the table knows: the seat's pool (with Word by Word's circles), previous word and sheet, the words claimed, the row of
the advanced variant; a house word passes (ruling 22). A refusal is written where the whole table reads it (ruling
15), in the third person, and said to the claimant's own phone as "you". `judge` is also what an objection asks
again (dispute.py)."""

from __future__ import annotations

from solver.errors import Refused
from solver.normalize import fold as fold_word
from solver.pieces import Pool
from solver.wordsmith import WORDS_PER_CHALLENGE, judge_claim

from ..events import OWN, REFUSED, Actor, Context, NewEvent, Rejected
from . import house
from . import vote as votes
from .acting import acting_seat, actor_by, alphabet_of, lexicon_of, need_started
from .model import JUDGED_AT_END, SeatState, WordsmithState


def _free_rows(ws: WordsmithState, seat: SeatState) -> list[int]:
    taken = {w["row"] for w in seat.words}
    return [r for r in range(1, WORDS_PER_CHALLENGE + 1) if r not in taken]


def claim(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    seat = acting_seat(table, ws, actor, action, "claim", "the claimant")
    word = action.get("word")
    if not isinstance(word, str) or not word.strip():
        raise Refused("word: the word claimed, as text", ("word",))
    row = action.get("row")
    if row is not None and not ws.has("advanced"):
        raise Refused("row: only the advanced variant has rows with required letters", ("row",))
    if row is not None and (not isinstance(row, int) or isinstance(row, bool) or not 1 <= row <= WORDS_PER_CHALLENGE):
        raise Refused(f"row: a row from 1 to {WORDS_PER_CHALLENGE} (got {row!r})", ("row",))
    need_started(ws)
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
    verdict, house_word = judge(table, ctx, word, judged_on, player=name, **at_table)
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
            told = _objections(table, ws, judge(table, ctx, word, judged_on, player=None, **at_table)[0], None)
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


def judge(table, ctx: Context, word: str, judged_on: dict, player: str | None, **at_table):
    """The judge's verdict on a claim, and the house word that let it pass (ruling 22: the dictionary's lacking a
    word the table allowed is no objection), or None; `player` (the claimant's name) puts its sentences in the
    third person, as the whole table reads them (the refusal is public, ruling 15); None speaks to the claimant."""
    verdict = judge_claim(
        word, lexicon=lexicon_of(table, ctx), alphabet=alphabet_of(ctx), player=player, **judged_on, **at_table
    )
    return house.allowed(table.game_state, verdict)


def _objections(table, ws: WordsmithState, verdict, player: str | None) -> list[dict]:
    """What a refused claim is refused with, in `player`'s voice (`judge`): the judge's objections (in Secret
    Wordsmith not those judged at the challenge's end), a struck word's ruling first (ruling 20), and the hint that
    the table may be asked (ruling 22)."""
    secret = ws.has("secret")
    shown = [o.to_dict() for o in verdict.objections if not (secret and o.code in JUDGED_AT_END)]
    struck = ws.struck_word(verdict.normalized)
    if struck is not None:  # ruling 20: a word the table struck stays out for the rest of the challenge
        shown.insert(0, {"code": "struck", "message": votes.struck_message(table, struck), "claim": struck.seq})
    return house.hinted(ws, verdict.normalized, shown, player)
