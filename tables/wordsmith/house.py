"""Wordsmith at a table: house words (ruling 22 of docs/rules/wordsmith.md).

The word lists are a snapshot: a word newer than they are (or one only a larger dictionary holds) is refused
although the whole table knows it. A claim refused for that alone can be put to the table, which votes on it
as on an objection (the same window, quorum and tie rules: rulings 16-21, `vote.tally`), the claimant asking and
every other seat with a phone voting. Allowed, the word is claimed for its seat at once
(`automatic.house_ruling`) and becomes a house word of the table: every later claim of it is judged as if the
dictionary held it. What the rulebook itself
excludes (names, abbreviations, slang, offensive words, ...) and every other refusal (the pool, the new letter,
a word claimed already) are not the table's to vote away, and are never put to it.
"""

from __future__ import annotations

from dataclasses import replace

from solver.errors import Refused
from solver.lexicon import check
from solver.normalize import fold, is_well_formed

from ..events import Actor, Context, NewEvent, Rejected, stamp
from . import vote as votes
from .acting import acting_seat, lexicon_of, need_on, player, window_seconds
from .model import OBJECTION_SECONDS, AskRecord, SeatState, WordsmithState, too_few_voted

# The lexicon's reasons a table may overrule: the word is not in the word lists, or only in a larger dictionary.
HOUSE_REASONS = ("not_in_lexicon", "larger_lexicon_only")
MAX_HOUSE_WORDS = 200  # carried to a new table: more than any evening's game allows
MAX_HOUSE_WORD_LENGTH = 64  # a word on a score sheet line (the API's MAX_WORD_LENGTH default)
HINT = ": {player} may ask the table to allow it."  # what a refusal the table may overrule ends (the table reads it)


# What a refusal the table has before it says first, as ruling 20 names the vote that struck a word: the table
# refused the word this challenge, or is voting on it now. They are the table's notes, not the judge's objections.
REFUSED_BY_TABLE = "The table refused {W} this challenge: it is not asked again."
VOTING_ON = "The table is already voting on {W}."
TABLE_NOTES = ("refused_by_table", "vote_open")


def askable(objections: list[dict]) -> bool:
    """Whether a refusal's objections (the table's notes aside) are the dictionary's lacking the word and nothing
    else."""
    judged = [o for o in objections if o["code"] not in TABLE_NOTES]
    return len(judged) == 1 and judged[0]["code"] == "not_a_word" and judged[0].get("reason") in HOUSE_REASONS


def hinted(ws: WordsmithState, word: str, objections: list[dict], player: str | None) -> list[dict]:
    """A refusal of `word` (normalized) the table may overrule says so, naming who may ask ("...: Cy may ask the
    table to allow it.": every phone reads it, and only the claimant asks; `player` None: "you may ask", as the
    claimant is told); when the table refused that word this challenge or is voting on it, it says that first
    instead (the table's notes: the same sentences `ask` refuses with)."""
    if ws.has("secret") or not askable(objections):
        return objections
    if ws.refused_here(word):
        return [{"code": "refused_by_table", "message": REFUSED_BY_TABLE.format(W=word.upper())}, *objections]
    if ws.voting_on(word):
        return [{"code": "vote_open", "message": VOTING_ON.format(W=word.upper())}, *objections]
    message = objections[0]["message"]
    return [{**objections[0], "message": message.removesuffix(".") + HINT.format(player=player or "you")}]


def allowed(ws: WordsmithState, verdict):
    """The judge's verdict with a house word's one dictionary objection dropped, and the house word (None when
    none was dropped): the table allowed the word, so the dictionary's lacking it is no objection here."""
    entry = ws.house_word(verdict.normalized)
    mine = [o for o in verdict.objections if o.code == "not_a_word" and o.detail.get("reason") in HOUSE_REASONS]
    if entry is None or not mine:
        return verdict, None
    rest = tuple(o for o in verdict.objections if o not in mine)
    valid = not rest
    return replace(verdict, objections=rest, valid=valid, score=verdict.letters if valid else 0), entry


def sentence(entry: dict) -> str:
    """Why a house word stands: "VLOG is a house word of this table, allowed by the table's vote (2 to 0)."."""
    word = entry["word"].upper()
    if entry.get("carried"):
        return f"{word} is a house word of this table, allowed by the table's vote at an earlier table."
    host = votes.CASTING if entry.get("by") == "host" else ""
    return f"{word} is a house word of this table, allowed by the table's vote ({entry['allow']} to {entry['refuse']}{host})."


def allowed_sentence(table, ask: AskRecord, data: dict, on_sheet: bool = True) -> str:
    """What the claim the table's allowing vote makes says: "The table allowed VLOG (2 to 0): it is on Cy's sheet,
    and a house word of this table from now on." (the big box shows it; the asker is not left to guess). A claim the
    judge still refuses (`on_sheet` False: the host corrected the pool meanwhile) says the word is allowed all the
    same, before the judge's reason."""
    host = votes.CASTING if data.get("by") == "host" else ""
    allowed = f"The table allowed {ask.word.upper()} ({data['allow']} to {data['refuse']}{host})"
    if not on_sheet:
        return f"{allowed}: a house word of this table from now on, but not on {player(table, ask.seat)}'s sheet."
    return f"{allowed}: it is on {player(table, ask.seat)}'s sheet, and a house word of this table from now on."


def named(ws: WordsmithState, action: dict) -> AskRecord | None:
    """The word put to the table that an action's `claim` names (votes name it by its refused claim's seq)."""
    seq = action.get("claim")
    return ws.asks.get(seq) if isinstance(seq, int) and not isinstance(seq, bool) else None


def _attempt(ws: WordsmithState, action: dict) -> dict:
    seq = action.get("claim")
    if isinstance(seq, int) and not isinstance(seq, bool):
        for attempt in reversed(ws.refused):
            if attempt["seq"] == seq:
                return attempt
    raise Refused(f"claim: no refused claim has the number {seq!r} at this table", ("claim",))


def ask(table, ws: WordsmithState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """Ruling 22: the claimant puts a claim refused only because the dictionary lacks the word to the table."""
    seat = acting_seat(table, ws, actor, action, "ask the table", "the claimant")  # ruling 19: no vote for the asker
    attempt = _attempt(ws, action)
    word, shout = attempt["word"], attempt["word"].upper()
    if ws.has("secret"):
        raise Rejected(
            "secret", "Secret Wordsmith judges every word at the challenge's end: nothing goes to the table."
        )
    if attempt["seat"] != seat.number:
        raise Rejected("not_your_word", f"{shout} was {player(table, attempt['seat'])}'s attempt: only they ask.")
    need_on(ws)
    if attempt["challenge"] != ws.challenge:
        raise Rejected("challenge_over", f"{shout} was tried in an earlier challenge.")
    if not attempt.get("askable"):
        raise Rejected(
            "not_askable",
            f"{shout} was refused for more than the dictionary's lacking it: only a word whose one objection is "
            "that it is not in the word lists (or only in a larger dictionary) can be put to the table.",
        )
    seconds = window_seconds(table, ctx, OBJECTION_SECONDS)
    if ctx.now - votes.epoch(attempt["at"]) > seconds:
        raise Rejected("ask_window_closed", f"The table had to be asked about {shout} within {seconds} seconds.")
    if attempt["seq"] in ws.asks:
        raise Rejected("already_asked", f"The table has already been asked about this attempt at {shout}.")
    if ws.house_word(word):
        raise Rejected("house_word", f"{shout} is a house word of this table now: claim it again.")
    if ws.refused_here(word):
        raise Rejected("refused_by_table", REFUSED_BY_TABLE.format(W=shout))
    if ws.voting_on(word):
        raise Rejected("vote_open", VOTING_ON.format(W=shout))
    if (awaited := votes.pending(ws, seat.number)) is not None:
        raise Rejected("vote_pending", f"The table is voting on {awaited.word.upper()}: wait for the outcome first.")
    verdict = check(word, lexicon_of(table, ctx))
    data = {
        "claim": attempt["seq"],
        "seat": seat.number,
        "word": word,
        "row": attempt.get("row"),
        "reason": verdict.reason,
        "message": verdict.message,
        "definition": list(verdict.definition)[:3],
        "dictionary": table.lexicon,
        "voters": [s.number for s in table.seats if s.joined and s.number != seat.number],
        "closes_at": stamp(ctx.now + seconds),
    }
    return [NewEvent("house_asked", data, by=seat.number if actor.seat == seat.number else 0)]


def vote(table, seat: SeatState, ask: AskRecord, strike: bool) -> list[NewEvent]:
    """A voter allows (`strike` false) or refuses the word; the asker's own refusal withdraws it (ruling 21's
    concession)."""
    shout = ask.word.upper()
    if seat.number == ask.seat:
        if strike and ask.vote["state"] in ("open", "tied"):
            return [withdrawn(ask)]
        raise votes.not_a_voter(shout, "you asked the table to allow it")
    state = votes.open_vote(table.game_state, ask)
    if seat.number not in state["voters"]:
        raise votes.not_a_voter(shout, "you had not joined when the table was asked")
    if seat.number in state["votes"]:
        raise votes.already_voted(shout)
    return [NewEvent("house_vote", {"claim": ask.seq, "seat": seat.number, "allow": not strike}, by=seat.number)]


def counted(table, ask: AskRecord, host_strikes: bool | None = None) -> NewEvent:
    """The ruling on a word put to the table, counted as an objection's vote is (`vote.tally`, ruling 21): the
    majority of the votes cast when more than half the voters voted, the host's casting vote on a tie unless the
    host asked; otherwise the judge's verdict (the dictionary's refusal) stands."""
    party = lambda: ask.seat if ask.seat in votes.host_seats(table) else None  # noqa: E731
    counts, result = votes.tally(ask.vote, party, host_strikes)
    outcome = {"keep": "allowed", "strike": "refused", "judge": "refused", "tied": "tied"}[result]
    allow, refuse = counts.pop("keep"), counts.pop("strike")
    data = {"claim": ask.seq, "word": ask.word, "allow": allow, "refuse": refuse, **counts, "outcome": outcome}
    return NewEvent("house_ruled", data, by=0 if data["by"] == "host" else None)


def withdrawn(ask: AskRecord) -> NewEvent:
    """The asker takes the word back while the table votes (or waits for the host): refused, nothing changes."""
    allow = sum(1 for strike in ask.vote["votes"].values() if not strike)
    refuse = len(ask.vote["votes"]) - allow
    data = {"claim": ask.seq, "word": ask.word, "allow": allow, "refuse": refuse, "by": "claimant"}
    return NewEvent("house_ruled", data | {"outcome": "refused"}, by=ask.seat)


def created_settings(settings: dict, lexicon, variants) -> dict:
    """A new table's settings with its carried house words (`house_words`) read: each folded as a claim is, and
    only a word the dictionary lacks or holds (a name, slang or an offensive word is no house word: it is not the
    table's to allow); refused at ("house_words", i) otherwise."""
    given = settings.get("house_words")
    if given is None:
        return settings
    if not isinstance(given, list | tuple) or len(given) > MAX_HOUSE_WORDS:
        raise Refused(f"house_words: a list of at most {MAX_HOUSE_WORDS} words", ("house_words",))
    if given and "secret" in variants:
        raise Refused("house_words: Secret Wordsmith judges its words by the dictionary alone", ("house_words",))
    words: list[str] = []
    for i, typed in enumerate(given):
        word = fold(typed).strip() if isinstance(typed, str) and len(typed) <= MAX_HOUSE_WORD_LENGTH else ""
        if not is_well_formed(word):
            raise Refused(
                f"house_words: {str(typed)[:20]!r} is not a word (letters, ' and - inside)", ("house_words", i)
            )
        reason = check(word, lexicon, define=False).reason
        if reason not in (None, *HOUSE_REASONS):
            message = check(word, lexicon, define=False).message
            raise Refused(f"house_words: {message} Only a word the dictionary lacks can be one.", ("house_words", i))
        if word not in words:
            words.append(word)
    return {**settings, "house_words": words}


def ruled_sentence(ws: WordsmithState, ask: AskRecord, data: dict) -> str:
    """What every phone reads once the table ruled on a word put to it (ruling 22)."""
    shout, asker = ask.word.upper(), _name(ws, ask.seat)
    count = f"{data['allow']} to allow, {data['refuse']} to refuse"
    by = data.get("by")
    if data["outcome"] == "tied":
        return f"The vote on {shout} is tied ({count}): the host decides."
    if by == "claimant":
        return f"{asker} withdraws {shout}: nothing changes."
    if by == "host":
        count += votes.CASTING
    if data["outcome"] == "allowed":
        return f"The table allows {shout} ({count}): a house word of this table from now on."
    if by != "judge":
        return f"The table refuses {shout} ({count}): the dictionary's verdict stands; nothing changes."
    voters = len(ask.vote["voters"])
    if data.get("reason") == "no_voters":
        why = f"no seat but {asker}'s has a phone to vote"
    elif data.get("reason") == "host_party":
        why = votes.host_party_tie(count, asker, "asked")
    else:
        cast = data["allow"] + data["refuse"]
        why = too_few_voted(cast, voters, data.get("needed"))
    return f"Not allowed: {why}, so the dictionary's verdict stands: {shout} is not a word here; nothing changes."


def _name(ws: WordsmithState, seat: int) -> str:
    return ws.table_seats[seat - 1].name
