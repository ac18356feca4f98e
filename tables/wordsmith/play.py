"""Wordsmith at a table: the course of a challenge. The host starts one (its pool, the advanced variant's required
letters, crossed-out white boxes), corrects a pool and ends the challenge or the game; seats add pieces and say what
a star kept wild stands for; Word by Word rolls for each word; a seat passes its one more word after Done!."""

from __future__ import annotations

from solver.errors import Refused
from solver.normalize import fold as fold_word
from solver.pieces import MAX_POOL_PIECES, parse_pool
from solver.sentences import say
from solver.wordsmith import CHALLENGES, WHITE_BOXES, WORD_BY_WORD_DICE, WORDS_PER_CHALLENGE, added_pieces, roll_dice

from ..events import Actor, Context, NewEvent, Rejected, need_host, need_seat_or_host
from . import moved
from . import vote as votes
from .acting import acting_seat, actor_by, lexicon_of, need_on
from .automatic import challenge_ended, left
from .model import PIECE_CODES, WordsmithState


def start(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "start a challenge")
    if (behind := moved.start(ws, action)) is not None:
        raise behind
    if ws.phase == "game_over" and ws.ended_early is not None:  # a start sent from a page drawn before the end
        raise Rejected("game_over", f"The game is over: the host ended it after challenge {ws.ended_early}.")
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
            "required_letters: give " + say("sheet.required_letters", count=WORDS_PER_CHALLENGE, given=repr(given)),
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


def add(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    seat = acting_seat(table, ws, actor, action, "add a piece")
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


def choose_wild(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """A star kept wild in a pool becomes the piece the player says it stands for (ruling 7)."""
    seat = acting_seat(table, ws, actor, action, "choose what a star stands for")
    piece = action.get("piece")
    if piece not in PIECE_CODES or piece == "W":
        raise Refused(f"piece: the piece the star stands for, one of R, Y, B, G (got {piece!r})", ("piece",))
    need_on(ws)
    if not seat.pool.wild:
        raise Rejected("no_wild", "Your pool holds no star kept wild: nothing to choose.")
    return [NewEvent("wild_chosen", {"seat": seat.number, "piece": PIECE_CODES[piece]}, by=actor_by(actor, seat))]


def pass_(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    seat = acting_seat(table, ws, actor, action, "pass")
    need_on(ws)
    if ws.phase != "done_called":
        raise Rejected("not_done", "Passing is for the extra word after Done!: nobody has called Done! yet.")
    if seat.number == ws.done_by:
        raise Rejected("called_done", "You called Done!: you have no extra word to pass.")
    if seat.extra_word_used or seat.passed:
        raise Rejected("extra_word_used", "You have already claimed your extra word or passed.")
    return [NewEvent("passed", {"seat": seat.number}, by=actor_by(actor, seat))]


def end_challenge(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "end the challenge")
    if (behind := moved.end(ws, action)) is not None:
        raise behind
    need_on(ws)
    return [challenge_ended(table, ws, "host", ctx, by=0)]


def end_game(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "end the game")
    if ws.phase != "between":  # a standard game may end early too, with the winners so far (docs/rules/tables.md)
        raise Rejected("challenge_on", "The game ends between challenges: end this challenge first.")
    return [votes.game_ended(table, ctx, by=0)]


def roll_word(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_seat_or_host(actor)
    if not ws.has("word_by_word"):
        raise Rejected("not_word_by_word", "Only Word by Word rolls for each word.")
    need_on(ws)
    if (behind := moved.roll(ws, actor, action)) is not None:
        raise behind
    _no_vote_open(ws, "the next roll")
    if ws.round >= WORDS_PER_CHALLENGE:
        raise Rejected("all_rolled", f"All {WORDS_PER_CHALLENGE} words of this challenge have been rolled.")
    waiting = [s.number for s in ws.seats if len(s.words) < ws.round and not left(ws, s)]
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


def set_pool(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "correct a pool")
    seat = ws.seat(table.seat(action.get("seat")).number)
    pool = parse_pool(action.get("pool"))
    need_on(ws)
    return [NewEvent("pool_set", {"seat": seat.number, "pool": pool.to_dict()}, by=0)]
