"""Wordsmith at a table: the state it keeps (each seat's pool, sheet and words, the claims of the challenge),
what a viewer may see of it, and the scratch copy an action is folded into."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from solver.errors import Refused
from solver.pieces import Pool
from solver.wordsmith import (
    WORDS_PER_CHALLENGE,
    DiscardBoxes,
    ScoreResult,
    parse_variant,
    score_sheets,
)

from ..events import Actor, Event
from ..memo import Memo
from ..state import shallow

OBJECTION_SECONDS = 30  # the default window; a table's or the service's setting `objection_seconds` changes it
REFUSED_SHOWN = 100  # the refused attempts of this challenge a phone reads (`WordsmithState.refused_shown`)
# Secret Wordsmith judges these together at the challenge's end (score_sheets' `secret`), not at the claim.
JUDGED_AT_END = frozenset({"not_a_word", "already_claimed", "no_new_letter"})
PIECE_CODES = {"R": "red", "Y": "yellow", "B": "blue", "G": "green", "W": "wild"}
# A table's phases, in order: before the first challenge, a challenge on, after Done!, between challenges, the end.
PHASES = ("waiting", "playing", "done_called", "between", "game_over")


# Sheets scored lately, the table's and each seat's: every view of a table (its part, each page, the API's answer)
# reads the scores, they change only when a sheet does, and a claim changes one seat's sheet.
_scored: Memo[dict] = Memo(2048)
_sheet_scored: Memo[tuple[ScoreResult, dict]] = Memo(8192)


def scored(variant: str, sheets: list[dict]) -> dict:
    """`score_sheets(sheets, variant).to_dict()`, the same dict for the same sheets: read it, never change it."""
    return _scored((variant, sheets), partial(_scored_anew, variant, sheets))


def _scored_anew(variant: str, sheets: list[dict]) -> dict:
    """The sheets scored each on its own (a sheet scored lately is not scored again), then together."""
    if not sheets:
        return score_sheets(sheets, variant).to_dict()  # refused, as score_sheets refuses it
    each = [_sheet_scored((variant, sheet), partial(_score_one, variant, sheet)) for sheet in sheets]
    result = ScoreResult(each[0][0].variant, tuple(alone.sheets[0] for alone, _ in each))
    return result.to_dict(sheets=[made for _, made in each])


def _score_one(variant: str, sheet: dict) -> tuple[ScoreResult, dict]:
    alone = score_sheets([sheet], variant)
    return alone, alone.sheets[0].to_dict()


# --- the state -----------------------------------------------------------------------


@dataclass
class SeatState:
    number: int
    pool: Pool = Pool()
    previous_word: str = ""
    words: list[dict] = field(default_factory=list)  # this challenge's sheet lines, in claim order
    discards: int = 0  # boxes checked for leftover pieces this challenge (unchecked circles come on top)
    crossed_white: int = 0
    extra_word_used: bool = False
    passed: bool = False
    past: list[dict] = field(default_factory=list)  # earlier challenges, as score_sheets reads them
    added: tuple[str, ...] = ()  # the pieces added since its last word (a die's roll: its phone reads what came up)
    version: int = 0  # counts the changes to this seat: a struck claim comes back only onto an unchanged seat

    @property
    def circle_discards(self) -> int:
        return sum(w["circles"] - w["checked"] for w in self.words)

    @property
    def discards_used(self) -> int:
        return self.discards + self.circle_discards

    @property
    def boxes_left(self) -> int:
        return DiscardBoxes(self.crossed_white, self.discards_used).left


@dataclass
class ClaimRecord:
    seq: int
    seat: int
    challenge: int
    word: str  # normalized
    at: str
    data: dict
    status: str = "stands"  # stands | struck
    objections: list[dict] = field(default_factory=list)  # {by, verdict, message}
    overruled: list[dict] = field(default_factory=list)  # {stands, seq}
    pool_before: Pool = Pool()
    previous_before: str = ""
    extra_word: bool = False  # claimed after Done!
    called_done: bool = False
    struck_version: int | None = None  # the seat's version right after the strike
    # The ruling that struck this word itself (ruling 20: it stays out for the rest of the challenge): {by: votes,
    # host, overrule, claimant or judge, strike, keep}; None while it stands, or when it went only with an earlier
    # word of its seat (ruling 17: built from that word's pieces, not ruled on).
    struck_by: dict | None = None
    # The claimant seat's version when the judge's verdict stood on an objection the table could not decide: the
    # claimant may concede the word until its seat plays on (ruling 21).
    ruled_version: int | None = None
    # The table's vote on an objection (ruling 16): {objector, voters, votes: {seat: strike}, closes_at, state
    # (open, tied, upheld, overruled), message, definition, dictionary, and once counted by (votes, host, judge or
    # claimant, ruling 21)}; replaced whole, never changed in place.
    vote: dict | None = None
    # The state whose record this is to change (`_changing`): a scratch copy shares its original's records until
    # it changes one. Not part of the record's value.
    owner: object = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class AskRecord:
    """A refused claim its seat put to the table (ruling 22): the word the dictionary lacks, and the table's vote on
    it. Replaced whole (`dataclasses.replace`) when its vote moves, so a scratch copy shares it safely."""

    seq: int  # the refused claim's (its `claim_refused` event): votes name it as their `claim`
    seat: int
    challenge: int
    word: str  # normalized: claimed so once allowed
    row: int | None  # Advanced: the row the seat named, if it did
    # {asker, voters, votes: {seat: strike}, closes_at, state (open, tied, allowed, refused), message, definition,
    # dictionary, and once counted by (votes, host, judge or claimant)}: an objection's vote, strike meaning refuse.
    vote: dict


@dataclass
class WordsmithState:
    parts: tuple[str, ...]
    seats: list[SeatState]
    table_seats: list  # the table's own Seat list (shared, not copied): names follow a rename
    challenge: int = 0
    phase: str = "waiting"
    starting_pool: Pool | None = None
    starting_rolls: list | None = None
    required_letters: str = ""
    done_by: int | None = None
    claims: dict[int, ClaimRecord] = field(default_factory=dict)
    latest: dict | None = None
    round: int = 0  # Word by Word: the words rolled for this challenge
    rolls: list[dict] = field(default_factory=list)
    secret_scores: dict | None = None  # Secret Wordsmith: score_sheets as judged at the last challenge end
    open_votes: dict[int, int] = field(default_factory=dict)  # claim seq -> its seat, while the table votes on it
    refused: list[dict] = field(default_factory=list)  # the refused attempts, public (ruling 15)
    asks: dict[int, AskRecord] = field(default_factory=dict)  # refused claim seq -> its ask (ruling 22)
    # The table's house words (ruling 22), oldest first: {word, carried} or {word, seat, challenge, allow, refuse,
    # by, seq}. Replaced whole when one is added.
    house_words: list[dict] = field(default_factory=list)
    ended_reason: str | None = None  # how the latest challenge ended: done, six_words, host
    ended_early: int | None = None  # the challenge after which the host ended the game before its last
    # Once the game is over, when the last objection window of its final challenge closes (ruling 18a; None when no
    # word of it may be objected to).
    objections_close_at: str | None = None
    owner: object = field(default_factory=object, compare=False, repr=False)  # marks the claim records it may change

    @property
    def variant(self) -> str:
        return "+".join(self.parts)

    def has(self, part: str) -> bool:
        return part in self.parts

    @property
    def on(self) -> bool:
        return self.phase in ("playing", "done_called")

    def seat(self, number: int) -> SeatState:
        return self.seats[number - 1]

    def voted(self, seq: int) -> ClaimRecord | AskRecord:
        """What the table votes on under this seq (`open_votes`): a claim objected to, or a word put to the table."""
        return self.claims.get(seq) or self.asks[seq]

    def house_word(self, word: str) -> dict | None:
        """Ruling 22: the house word `word` (normalized), if the table allowed it or it was carried to this table."""
        return next((entry for entry in self.house_words if entry["word"] == word), None)

    def standing_words(self) -> list[str]:
        return [c.word for c in self.claims.values() if c.challenge == self.challenge and c.status == "stands"]

    def struck_word(self, word: str) -> ClaimRecord | None:
        """Ruling 20: the claim of `word` (normalized) a ruling struck this challenge, if any: it stays out."""
        for claim in self.claims.values():
            struck = claim.status == "struck" and claim.struck_by is not None
            if struck and claim.word == word and claim.challenge == self.challenge:
                return claim
        return None

    def waits(self, seat: SeatState) -> str | None:
        """Why `seat` may not claim a word now while the challenge is played, or None when it may: "done" (its sheet
        is full: it called Done!), "played" (after Done!, it has played its one more word or passed), "roll" (Word by
        Word, ruling 13: it has its word for the latest roll), "vote" (the table votes on its word, or on a word it
        put to the table: it awaits the outcome, rulings 17 and 22)."""
        if not self.on:
            return None
        if len(seat.words) >= WORDS_PER_CHALLENGE:
            return "done"
        voted_on = seat.number in self.open_votes.values()
        if self.phase == "done_called" and (seat.extra_word_used or seat.passed):
            return "vote" if voted_on else "played"  # an upheld objection to its one more word gives it back
        if self.has("word_by_word") and len(seat.words) >= self.round:
            return "roll"
        return "vote" if voted_on else None

    def may_strike(self, claim: ClaimRecord) -> bool:
        """Ruling 10: while the challenge is on, only a seat's latest word can be struck; after, any of the challenge.
        Word by Word (ruling 13): only the latest roll's word, before the next roll, the challenge's end included."""
        if claim.challenge != self.challenge or self.phase == "waiting":
            return False
        words = self.seat(claim.seat).words
        if self.has("word_by_word"):  # ruling 13: struck before the next roll, or not at all, the end included
            return len(words) == self.round and bool(words) and words[-1]["claim"] == claim.seq
        if not self.on:
            return True
        return bool(words) and words[-1]["claim"] == claim.seq

    def may_overrule(self, claim: ClaimRecord) -> bool:
        """Whether the host's overrule of `claim` would change it now (ruling 10): a standing word struck out while it
        may be (`may_strike`), a struck one let stand while its seat has not played on. Not while the table votes
        on it (its vote's box settles it), nor in Secret Wordsmith (ruling 12)."""
        if self.has("secret") or claim.challenge != self.challenge or claim.seq in self.open_votes:
            return False
        if claim.status == "stands":
            return self.may_strike(claim)
        return claim.status == "struck" and self.seat(claim.seat).version == claim.struck_version

    def may_concede(self, claim: ClaimRecord) -> bool:
        """Ruling 21: whether `claim`'s seat may concede it now: while the table votes on it (or the host is to break
        a tie), or after the judge's verdict stood for want of a table's decision, until that seat plays on."""
        vote = claim.vote
        if vote is None or claim.status != "stands" or claim.challenge != self.challenge:
            return False
        if vote["state"] in ("open", "tied"):
            return True
        return (
            vote["state"] == "overruled"
            and vote.get("by") == "judge"
            and self.on
            and self.seat(claim.seat).version == claim.ruled_version
        )

    def hidden(self, claim: ClaimRecord, viewer: Actor | None) -> bool:
        """Ruling 12: a Secret Wordsmith claim is seen by its own seat only, until its challenge ends."""
        if not self.has("secret") or claim.challenge != self.challenge or not self.on:
            return False
        return viewer is None or viewer.seat != claim.seat

    # --- the sheets, as score_sheets reads them

    def current_sheet(self, seat: SeatState) -> dict:
        words = []
        for w in seat.words:
            line = {"word": w["word"]}
            if self.has("advanced"):
                line["row"] = w["row"]
            if self.has("word_by_word"):
                line["circles"], line["checked"] = w["circles"], w["checked"]
            words.append(line)
        sheet = {"words": words, "discards": seat.discards, "crossed_white": seat.crossed_white}
        if self.has("advanced"):
            sheet["required"] = self.required_letters
        return sheet

    def sheets(self) -> list[dict]:
        """Every seat's sheet over the challenges so far; a sheet's player is its seat number (names may repeat)."""
        return [
            {"player": str(s.number), "challenges": [*s.past, *([self.current_sheet(s)] if self.challenge else [])]}
            for s in self.seats
        ]

    def scores(self) -> dict | None:
        if self.challenge == 0:
            return None
        if self.has("secret"):
            result = self.secret_scores
        else:
            result = scored(self.variant, self.sheets())
        if result is None:
            return None
        # Renamed below: the sheets are copied, the rest shared (the secret scores are the state's own, the others
        # `scored`'s; a deep copy was a large share of a challenge start's CPU, every state answer carrying them).
        result = {**result, "sheets": [dict(sheet) for sheet in result["sheets"]]}
        for sheet in result["sheets"]:
            sheet["seat"] = int(sheet["player"])
            sheet["player"] = self.table_seats[sheet["seat"] - 1].name
        result["winners"] = [int(w) for w in result["winners"]]
        return result

    # --- the view

    def to_dict(self, viewer: Actor | None = None) -> dict:
        scores = self.scores()
        return {
            "variant": self.variant,
            "challenge": self.challenge,
            "phase": self.phase,
            "starting_pool": str(self.starting_pool) if self.starting_pool else None,
            "starting_rolls": [list(r) for r in self.starting_rolls] if self.starting_rolls else None,
            "required_letters": self.required_letters or None,
            "done_by": self.done_by,
            "ended_reason": self.ended_reason,
            "ended_early": self.ended_early,
            "round": self.round if self.has("word_by_word") else None,
            "rolls": [dict(r) for r in self.rolls] if self.has("word_by_word") else None,
            "seats": [self._seat_dict(s, viewer) for s in self.seats],
            "claims": [self._claim_dict(c, viewer) for c in self.claims.values()],
            "refused": [self._refused_dict(r, viewer) for r in self.refused_shown()],
            "asks": [self._ask_dict(ask) for ask in self.asks.values() if ask.challenge == self.challenge],
            "house_words": [dict(entry) for entry in self.house_words],
            "latest": self._latest(viewer),
            "scores": scores,
            "winners": scores["winners"] if scores and self.phase == "game_over" else None,
            "winners_may_change": self.winners_may_change(),
        }

    def winners_may_change(self) -> dict | None:
        """Ruling 18a: once the game is over, what may still change its winners: an objection until
        `objections_close_at` (a deadline, as a state pushed once cannot say when it passes), and the votes still
        open or tied (`votes`: their claims' seqs). None when nothing may, or the game is not over."""
        if self.phase != "game_over":
            return None
        votes = sorted(self.open_votes)
        if not votes and self.objections_close_at is None:
            return None
        return {"objections_close_at": self.objections_close_at, "votes": votes}

    def _seat_dict(self, seat: SeatState, viewer: Actor | None) -> dict:
        secret = self.has("secret") and self.on and (viewer is None or viewer.seat != seat.number)
        words = [
            {
                "claim": w["claim"],
                "word": None if secret else w["word"],
                "letters": None if secret else w["letters"],
                "row": None if secret else w["row"],
                "discards": w["discards"],
                "circles": w["circles"],
                "checked": w["checked"],
            }
            for w in seat.words
        ]
        return {
            "seat": seat.number,
            "pool": None if secret else str(seat.pool),
            "added": None if secret else list(seat.added),
            "previous_word": None if secret else seat.previous_word or None,
            "words": words,
            "discards_used": seat.discards_used,
            "boxes_left": seat.boxes_left,
            "crossed_white": seat.crossed_white,
            "extra_word_used": seat.extra_word_used,
            "passed": seat.passed,
            "waits": self.waits(seat),
        }

    def _claim_dict(self, claim: ClaimRecord, viewer: Actor | None) -> dict:
        hidden = self.hidden(claim, viewer)
        return {
            "seq": claim.seq,
            "seat": claim.seat,
            "challenge": claim.challenge,
            "word": None if hidden else claim.word,
            "at": claim.at,
            "status": "hidden" if hidden else self._status(claim),
            "objections": list(claim.objections),
            "overruled": list(claim.overruled),
            "vote": _vote_dict(claim.vote),
            "struck_by": dict(claim.struck_by) if claim.struck_by else None,
            "may_concede": self.may_concede(claim),
            "may_overrule": not hidden and self.may_overrule(claim),
        }

    def _status(self, claim: ClaimRecord) -> str:
        """A claim's status as its viewer reads it: a Secret Wordsmith word is only "claimed" until the challenge
        ends, when the judge rules on it (ruling 12); "stands" then would say it had been judged."""
        secret_open = self.has("secret") and self.on and claim.challenge == self.challenge
        return "claimed" if secret_open and claim.status == "stands" else claim.status

    def refused_shown(self) -> list[dict]:
        """The refused attempts a phone reads: this challenge's, the newest `REFUSED_SHOWN` (the record has all)."""
        shown = []
        for attempt in reversed(self.refused):
            if attempt["challenge"] != self.challenge or len(shown) == REFUSED_SHOWN:
                break
            shown.append(attempt)
        return shown[::-1]

    def _refused_dict(self, attempt: dict, viewer: Actor | None) -> dict:
        hidden = self.has("secret") and attempt["challenge"] == self.challenge and self.on
        hidden = hidden and (viewer is None or viewer.seat != attempt["seat"])
        if hidden:
            return {**attempt, "word": None, "message": None, "unhinted": None, "objections": []}
        ask = self.asks.get(attempt["seq"])
        # Ruling 22: put to the table once, and only while it is neither voting on the word nor refused it this
        # challenge, nor allowed it since; once it may not be, the attempt's sentence no longer says who may ask.
        word = attempt["word"]
        askable = bool(attempt.get("askable")) and ask is None
        askable = askable and not self.before_table(word) and self.house_word(word) is None
        message = attempt["message"] if askable else attempt.get("unhinted", attempt["message"])
        return {**attempt, "message": message, "askable": askable, "asked": ask.vote["state"] if ask else None}

    def before_table(self, word: str | None) -> bool:
        """Whether the table is voting on `word` or refused it this challenge (house.ask refuses to ask it again)."""
        return self.voting_on(word) or self.refused_here(word)

    def voting_on(self, word: str | None) -> bool:
        """Whether the table is voting on `word` (normalized) now, its vote open or tied (ruling 22)."""
        return any(ask.word == word and ask.vote["state"] in ("open", "tied") for ask in self.asks.values())

    def refused_here(self, word: str | None) -> bool:
        """Whether the table refused `word` (normalized) this challenge: it is not put to the table again."""
        return any(
            ask.word == word and ask.challenge == self.challenge and ask.vote["state"] == "refused"
            for ask in self.asks.values()
        )

    def _ask_dict(self, ask: AskRecord) -> dict:
        """A word put to the table (ruling 22), as every phone sees it: the vote with its allows and refusals."""
        vote = _vote_dict(ask.vote)
        may_withdraw = vote["state"] in ("open", "tied") and self.on
        return {
            "seq": ask.seq,
            "seat": ask.seat,
            "challenge": ask.challenge,
            "word": ask.word,
            "vote": {**vote, "allow": vote["keep"], "refuse": vote["strike"]},
            "may_withdraw": may_withdraw,
        }

    def _latest(self, viewer: Actor | None) -> dict | None:
        if self.latest is None:
            return None
        latest = dict(self.latest)
        claim = self.claims.get(latest["claim"])
        if claim is not None and self.hidden(claim, viewer):
            latest["word"] = None
        if latest["verdict"] == "refused" and self.refused:
            shown = self._refused_dict(self.refused[-1], viewer)
            latest["word"], latest["reason"] = shown["word"], shown["message"]
        return latest


def _vote_dict(vote: dict | None) -> dict | None:
    """A vote as every phone sees it: votes are cast openly, as hands go up at a table."""
    if vote is None:
        return None
    votes = vote["votes"]
    return {
        **{key: value for key, value in vote.items() if key != "votes"},
        "voters": list(vote["voters"]),
        "votes": [{"seat": seat, "strike": strike} for seat, strike in votes.items()],
        "keep": sum(1 for strike in votes.values() if not strike),
        "strike": sum(1 for strike in votes.values() if strike),
        "waiting": [seat for seat in vote["voters"] if seat not in votes],
    }


# Ruling 12: what another seat's Secret Wordsmith events show until the challenge ends: who acted, not what.
SECRET_EVENT_KEEPS = {
    "claim": ("seat", "challenge"),
    "claim_refused": ("seat", "challenge"),
    "piece_added": ("seat",),
    "pool_set": ("seat",),
}


def may_hide(table) -> bool:
    """Whether `visible` may hide anything at this table, ever: only Secret Wordsmith does."""
    return table.game_state.has("secret")


def visible(table, events, viewer: Actor | None) -> list[Event]:
    """The events as `viewer` may see them (tables.state.visible), `table` being the state after them.

    Secret Wordsmith: while a challenge is on, another seat's claims, pieces and
    pool corrections show only whose they are (`"hidden": true`), as the state's
    claims do; once the challenge ends they show whole.
    """
    ws = table.game_state
    if not (ws.has("secret") and ws.on):
        return list(events)
    shown = []
    for event in events:
        keep = SECRET_EVENT_KEEPS.get(event.type)
        seat = event.data.get("seat")
        if (
            keep
            and event.data.get("challenge", ws.challenge) == ws.challenge
            and (viewer is None or viewer.seat != seat)
        ):
            data = {key: event.data[key] for key in keep if key in event.data} | {"hidden": True}
            event = Event(event.seq, event.type, event.at, event.by, data)
        shown.append(event)
    return shown


def initial(table) -> WordsmithState:
    """The state of a new Wordsmith table; refuse variants score_sheets does not know."""
    try:
        parts = parse_variant("+".join(table.variants) or "standard")
    except Refused as refused:
        raise Refused(refused.message, ("variants",)) from None
    seats = [SeatState(s.number) for s in table.seats]
    carried = [{"word": word, "carried": True} for word in table.settings.get("house_words") or ()]
    return WordsmithState(parts, seats, table.seats, house_words=carried)


def scratch(ws: WordsmithState, seats: list) -> WordsmithState:
    """A copy of the Wordsmith state that `apply` can fold events into without touching the original
    (tables.state.scratch calls it; `seats` is the copied table's Seat list).

    `apply` replaces values (pools are immutable, `latest` and the scores are
    replaced whole) and mutates only these containers, which are copied:
    the state itself, each seat and its `words` and `past` lists, the claims'
    and the asks' dicts, and `rolls` (an ask record and the house words are
    replaced whole, never changed in place). The claim records are not copied here: the copy has
    an `owner` of its own, and a handler takes a record to change through
    `_changing`, which copies it (with its `objections` and `overruled`
    lists) the first time. A claim costs the same to judge in the game's
    first challenge as in its last (a game has up to 108 claim records, and
    every action makes two or three scratch copies). Everything else (the
    events' data, the sheet lines) is shared, because no Wordsmith event
    changes it. A new mutation in an `_apply_*` handler must be copied here
    (or, for a claim record, go through `_changing`);
    tests/test_tables_wordsmith.py folds every kind of event through a
    scratch copy and checks the original did not move.
    """
    ws = shallow(ws)  # copy.copy's result, cheaper: a scratch copy is made for every action
    ws.owner = object()
    ws.table_seats = seats
    ws.seats = [shallow(seat) for seat in ws.seats]
    for seat in ws.seats:
        seat.words = list(seat.words)
        seat.past = list(seat.past)
    ws.claims = dict(ws.claims)
    ws.rolls = list(ws.rolls)
    ws.open_votes = dict(ws.open_votes)
    ws.refused = list(ws.refused)
    ws.asks = dict(ws.asks)
    return ws


def seats_allowed(variants) -> tuple[int, int, str]:
    """The players the rulebook allows, and the rule to quote: Word by Word 1 to 4 (solo too), the rest 2 to 4."""
    if "word_by_word" in variants:
        return 1, 4, "Word by Word is for 1 to 4 players (the rulebook)"
    return 2, 4, "Wordsmith is for 2 to 4 players (the rulebook; Word by Word takes 1 to 4)"


def too_few_voted(cast: int, voters: int, needed) -> str:
    """Ruling 21: why a vote that too few voted in leaves the verdict as it was, one sentence for an objection's vote
    and a house word's ask. A lone voter is "the one voter", never "none of the 1 voters"."""
    if voters == 1:
        return "the one voter did not vote"
    return f"{'only ' + str(cast) if cast else 'none'} of the {voters} voters voted ({needed} needed)"
