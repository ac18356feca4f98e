"""Tables: the one entry point the app (and the CLI's Local backend) calls for live tables.

    tables = Tables(Store(url), lexicons)
    created = tables.create("wordsmith", ["Ann", "Bob"], lexicon="standard", variants=["advanced"])
    token = tables.join(created.code, 2)
    actor = tables.actor(created.code, token)           # Actor(seat=2)
    outcome = tables.act(created.code, actor, {"type": "claim", "word": "cast"}, request_id="r-1")

`act` is the write path (tables/__init__.py): read, fold, decide, append at
`seq + 1` in one transaction; on a lost race, read again and decide again
(bounded retries); a request id already applied returns its events again.

What keeps a claim cheap (bench/tables.py measures it):

- The fold cache, `Tables._folds` (code -> state at its seq), is a cache of a
  pure fold, not state: the store stays the only truth. An `act` reads the
  events after the cached seq from the store (so a write through another
  worker or host is never missed; but see the next point) and folds them into a scratch copy
  (tables.state.scratch); a cached state is never changed, so an action that
  is refused or loses its race leaves it as it was, and the next try reads
  and folds only the events the winner wrote. Losing it (evicted) costs one
  full read and fold; it holds at most `FOLD_CACHE_TABLES` tables.
- No read before the append, most of the time: when this process follows the
  table (one of its event streams is open here), its notifier knows the
  table's newest seq (PostgreSQL's notifications, or SQLite's 100 ms poll)
  and holds its newest events (tables/notify.py), so the cached fold is
  brought up to date from them (`Store.heard`) and the action is decided
  and appended with no query before. That is safe because what the
  notifier has not heard of yet cannot be overwritten: the append at
  `seq + 1` fails on the unique key when another worker wrote first, and
  the action is read and judged again from the store. A refusal, or an
  action that changes nothing, is likewise judged again from the store
  before it is answered, so no one is refused on what this process had not
  heard yet.
- The request-id check rides on the append: the events are appended first,
  and only when the append fails on a unique key, or the action is refused
  or changes nothing (a retry of an applied claim meets its own claim), is
  the request id looked up: a retry of an applied request answers with what
  it wrote then. An append judged on what the notifier heard that fails is
  judged again from the store first, with no lookup: a stale fold, not a
  retry, is what fails it most often (SQLite hears other workers' writes
  only at its poll, so under many claims a fold is often a poll behind).
- The token cache, `Tables._tokens` ((code, token hash) -> seat), spares an
  action sent with a token (`act_with_token`, the one door every phone's
  action enters by: the API's, the pages', the CLI's) its own query for
  the token: the seat comes from the cache (filled by every lookup of a
  token here, and by a join) or, when it is not there, from the store; either
  way the append checks in its own transaction that the token still acts for
  that seat
  (tables.store.Store.append's `proof`). A token replaced or taken
  away by any worker or host fails that check: the action is refused with
  403 and the entry dropped, so the cache never lets a stale token act. An
  action that writes nothing (refused, a no-op, a retry) checks the token
  with a query before answering. Reads (the state, the record, streams)
  never use the cache: they have no append to check it; the one lookup that
  may is of who sends an action (`actor(..., sending=True)`: a page's POST),
  which that action's door then proves. It holds at most
  `TOKEN_CACHE_ENTRIES` tokens.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, replace

from solver import budget

from .codes import hash_token, new_code, new_token, read_code
from .events import (
    NO_TOKEN,
    OWN,
    REFUSED,
    UNKNOWN_TOKEN,
    Actor,
    Busy,
    Context,
    Event,
    Forbidden,
    NewEvent,
    NotFound,
    Refused,
    Rejected,
    Slowed,
    epoch,
    need_host,
    stamp,
)
from .holders import SEAT_TOKEN_EVENTS, request_signature, revoked
from .state import (
    GAMES,
    REFUSALS_KEPT,
    TableState,
    apply,
    created_settings,
    decide,
    fold,
    same_name,
    scratch,
    seat_name,
    seats_allowed,
)

__all__ = ["Created", "Outcome", "Tables", "request_signature"]

# A lost race (another write took the seq first) is judged again until it wins, within the request's work budget
# and at most this many times, with a short random pause that grows, so writers racing on one table spread out.
RACE_ATTEMPTS = 64
RACE_PAUSE_SECONDS = 0.002
# Events one table may hold. A six-seat Wordsmith challenge writes a few hundred at most (every piece added, every
# claim and objection); a table is one evening's game, so this is many games' worth, and a bound on what one table
# can grow to (TABLE_MAX_EVENTS overrides it).
MAX_EVENTS = 10_000
# The limit keeps room for the table's own progress: public refusals (a refused claim's record) stop being written
# this many events before it, so no flood of refused words can keep a game from its end; and the host's actions
# (ending the challenge or the game, undo, the seats) may go this many past it.
PROGRESS_RESERVE = 1000
# How fast one seat's refused attempts are written: at most REFUSALS_KEPT in any REFUSAL_WINDOW_SECONDS. One more is
# answered 429 with the wait (nothing written): a player yelling words as fast as a table can hear them never meets it.
REFUSAL_WINDOW_SECONDS = 60
FOLD_CACHE_TABLES = 2048  # tables whose folded state a process keeps: more than bench/tables.py plays, bounded
TOKEN_CACHE_ENTRIES = 16384  # tokens whose seat a process keeps: more than bench/tables.py seats, bounded


@dataclass(frozen=True)
class Created:
    """A new table: its join code, the host's token (shown once, stored only as a hash) and its first state."""

    code: str
    host_token: str
    state: TableState


@dataclass(frozen=True)
class Outcome:
    """What an accepted action did: the events it wrote (or had written, on a retry) and the state after them."""

    events: tuple[Event, ...]
    state: TableState  # read it, never change it: it is also the fold cache's (module docstring)
    repeated: bool = False  # True: the request id had been applied; nothing new was written
    actor: Actor | None = None  # who acted (`act_with_token`: the token's seat)


@dataclass(frozen=True)
class _Asked:
    """One action as asked: who, what, its request id, the tokens it writes and the proof of the actor's token;
    `signature`: who asked for what, as stored with the request id (`request_signature`)."""

    actor: Actor
    action: dict
    request_id: str | None
    tokens: tuple
    proof: tuple[int, str] | None
    signature: str


@dataclass(frozen=True)
class _Decided:
    """What `decide` said: the events to write (or a refusal's public record, with the refusal to raise after
    it is written) and the time it judged at."""

    events: list[NewEvent]
    refused: Rejected | None
    now: float


class _JudgeAgain(Exception):
    """What this process had heard was not enough (a lost race, or a refusal on a fold it had not read): judge
    the action again on the store's word."""


class Tables:
    def __init__(
        self, store, lexicons: dict, *, settings: dict | None = None, rng=None, clock=time.time, alphabet=None
    ):
        self.store = store
        self.lexicons = lexicons
        self.settings = dict(settings or {})
        self.rng = rng or random.SystemRandom()
        self.clock = clock
        self.alphabet = alphabet
        self._folds: OrderedDict[str, TableState] = OrderedDict()  # a cache of a pure fold (module docstring)
        self._folds_lock = threading.Lock()
        self._tokens: OrderedDict[tuple[str, str], int] = OrderedDict()  # (code, token hash) -> seat (docstring)

    def _context(self) -> Context:
        return Context(self.lexicons, self.rng, self.clock(), self.settings, self.alphabet, self.clock)

    def _code(self, code: str) -> str:
        read = read_code(code)
        if read is None:
            raise NotFound.unreadable(code)
        return read

    def create(
        self,
        game: str,
        seats,
        *,
        lexicon: str = "standard",
        variants=(),
        settings: dict | None = None,
        house_words=None,
    ) -> Created:
        """A new table: its code and host token. `house_words`: words carried from an earlier table (Wordsmith,
        docs/rules/wordsmith.md, ruling 22), kept in its settings."""
        if game not in GAMES:
            raise Refused(f"game must be one of {', '.join(GAMES)} (got {game!r})", ("game",))
        seats = list(seats)
        least, most, rule = seats_allowed(game, variants)
        if not least <= len(seats) <= most:
            raise Refused(f"seats: {rule}; got {len(seats)}", ("seats",))
        names = [seat_name(name, ("seats", i)) for i, name in enumerate(seats)]  # invisible characters dropped
        for i, name in enumerate(names):
            same_name(name, names[:i], ("seats", i))
        if lexicon not in self.lexicons:
            raise Refused(f"lexicon must be one of {', '.join(self.lexicons)} (got {lexicon!r})", ("lexicon",))
        settings = dict(settings or {}) | ({} if house_words is None else {"house_words": list(house_words)})
        data = {
            "game": game,
            "lexicon": lexicon,
            "variants": list(variants),
            "seats": names,
            "settings": created_settings(game, settings, self.lexicons[lexicon], variants),
        }
        # Validate by folding the first event (the game module refuses variants it does not know).
        first = Event(1, "table_created", stamp(self.clock()), 0, data)
        state = fold([first])
        host_token = new_token()
        idle_days = self.settings.get("table_idle_days")
        if idle_days:  # expiry rides on creation: no scheduler to run, and new tables are when space is wanted
            self.expire(idle_days * 86400)
        for _ in range(20):
            code = new_code()
            if self.store.create_table(code, game, hash_token(host_token), first):
                return Created(code, host_token, state)
        raise RuntimeError("no free join code after 20 draws")  # ~887 million codes: only a near-full store gets here

    def state(self, code: str, heard: bool = False) -> TableState:
        """The table's state now: the cached fold brought up to date by the events after it (one query when
        nothing is new), not the whole log folded again. Read it, never change it: it shares parts with the
        fold cache (a `scratch` copy, safe to fold events into).

        `heard`: the state after the events this process's notifier has heard of, folded from its buffer with no
        query when it holds them (`_current`): what a stream's part is drawn for, the events its stream was sent.
        An event written elsewhere in the last moments may not be in it yet; its own part follows it."""
        code = self._code(code)
        with self._folds_lock:
            cached = self._folds.get(code)
        if cached is not None and heard:
            return scratch(self._current(code, trust_notifier=True)[0])
        if cached is not None:
            last = self.store.last_seq(code)
            if not last:  # deleted, by this process or another
                self._forget(code)
                raise NotFound.gone(code)
            if last == cached.seq:
                return scratch(cached)
        return scratch(self._folded(code))

    def events(self, code: str, after: int = 0) -> list[Event]:
        code = self._code(code)
        events = self.store.events(code, after)
        if after == 0 and not events:
            raise NotFound.gone(code)
        return events

    def record(self, code: str) -> dict:
        """The whole game as JSON: replayable with `fold(record["events"])`."""
        code = self._code(code)
        return {"code": code, "events": [event.to_dict() for event in self.events(code)]}

    def actor(self, code: str, token: str | None, *, sending: bool = False) -> Actor:
        """Who a bearer token acts for at this table; Forbidden when it acts for no one here.

        `sending`: who sends an action about to go through `act_with_token`, whose door proves the token again (the
        append's check, or a query when nothing is written): the token cache may answer, as it does for the door.
        A caller that gets Forbidden or a refusal from the action asks again without it before showing anything.
        """
        code = self._code(code)
        if not token:
            raise Forbidden(NO_TOKEN)
        token_hash = hash_token(token)
        found = None
        if sending:
            with self._folds_lock:
                found = self._tokens.get((code, token_hash))
        if found is None:
            found = self.store.token(code, token_hash)
        if found is None:
            self._unknown_token(code)
        self._know_token((code, token_hash), found)  # the phone's next action (it opened its stream first) will ask
        # A seat whose phone the host role was handed to hosts too (tables/hosting.py). The fold cache's word
        # is enough: `decide` judges the role again on the table's newest state before anything is written, and a
        # page that would refuse a host's action for it asks again on the table as it is now.
        with self._folds_lock:
            cached = self._folds.get(code)
        host_seat = (cached or self.state(code)).host_seat if found else None
        return Actor(seat=found or None, host=found == 0 or host_seat == found)

    def join(
        self,
        code: str,
        seat: int,
        actor: Actor | None = None,
        request_id: str | None = None,
        token: str | None = None,
        *,
        by: str | None = None,
        secret: str | None = None,
    ) -> str:
        """Take a seat: a new seat token (the seat's old token, if any, stops working).

        `by`: the token of whoever sends the join (the host's gives a taken seat
        to a new phone), checked through `act_with_token`'s door; `actor` is for
        callers that already hold a trusted actor (tests, the CLI's own tables).

        A repeated request id is a retry only when it proves it comes from the
        phone that sent the first request, so that a stranger who saw the
        request id cannot take the seat with it:
        - `token`: the caller's own seat token, derived from the request id and
          a secret the phone keeps (the pages do). Its hash is part of the
          request's signature, so a retry from the same phone answers with the
          same token, and one from another phone is refused (`request_id_reused`).
        - `secret`: a secret the client keeps for the request (the API's). Its
          hash is part of the signature; a retry that sends it gets a fresh
          token in place of the first (whose answer was lost), one without it
          or with another is refused.
        Without either, a repeated join is refused (`join_unproved`): the token
        went out with the first answer, and nothing shows who is asking again.

        A repeated join is only ever the same actor's join of the same seat (`act`),
        and only while that join is still the seat's last: once the seat has been
        released or given to another phone, the old request id takes nothing back
        (409 `seat_taken`).
        """
        code = self._code(code)
        given = token
        token = token or new_token()
        action = {"type": "join", "seat": seat}
        if given is not None or secret is not None:  # the phone's proof, in the request's signature only
            action["phone"] = hash_token(given if given is not None else secret)
        tokens = ((seat, hash_token(token)),)
        if by is not None or actor is None:
            outcome = self.act_with_token(code, by, action, request_id, tokens=tokens, anyone=True)
        else:
            outcome = self.act(code, actor, action, request_id=request_id, tokens=tokens)
        if outcome.repeated:
            self._still_seated(code, seat, outcome)
            if given is None and secret is None:
                raise Rejected(
                    "join_unproved",
                    f"Seat {seat} was already taken with this request id, and its token went out with that answer: "
                    "a retry gets the seat back only with the first request's secret. Ask the host to give the seat "
                    "again.",
                    seat=seat,
                )
            if given is None:
                self.store.set_token(code, seat, hash_token(token))  # the first answer, and its token, was lost
        self._know_token((code, hash_token(token)), seat)
        return token

    def _still_seated(self, code: str, seat: int, outcome: Outcome) -> None:
        """Rejected unless no event since a repeated join's own has changed the seat's phone."""
        after = outcome.events[-1].seq if outcome.events else outcome.state.seq
        for event in self.store.events(code, after):
            if event.type in SEAT_TOKEN_EVENTS and event.data.get("seat") == seat:
                raise Rejected(
                    "seat_taken",
                    f"Seat {seat} has changed phones since this request was first made: the host can give it again.",
                    seat=seat,
                )

    def act_with_token(
        self,
        code: str,
        token: str | None,
        action: dict,
        request_id: str | None = None,
        *,
        tokens=(),
        anyone: bool = False,
    ) -> Outcome:
        """The one door for an action a phone sends, whatever sends it (the API, the pages, the CLI): `act` for
        whoever the bearer `token` acts for; Forbidden when it acts for no one here.

        The token's seat comes from the token cache or the store (module
        docstring), and the append checks in its own transaction that the token
        still acts for that seat, on every path: a token replaced or taken away
        after it was read, by any worker or host, writes nothing. `anyone`:
        without a token the action is no one's (a join, asking for a seat back)
        rather than a 401. `tokens`: as `act`'s.
        """
        code = self._code(code)
        if not token:
            if not anyone:
                raise Forbidden(NO_TOKEN)
            return replace(self.act(code, Actor(), action, request_id, tokens=tokens), actor=Actor())
        key = (code, hash_token(token))
        with self._folds_lock:
            seat = self._tokens.get(key)
        if seat is None:
            seat = self.store.token(*key)
            if seat is None:
                self._unknown_token(code)
            self._know_token(key, seat)
        try:
            actor = Actor(seat=seat or None, host=seat == 0)
            outcome = self.act(code, actor, action, request_id, tokens=tokens, proof=(seat, key[1]))
            return replace(outcome, actor=actor)
        except Forbidden:
            with self._folds_lock:
                self._tokens.pop(key, None)  # asked again next time: it may have been the token
            raise

    def _know_token(self, key: tuple[str, str], seat: int) -> None:
        """Keep what the store just said a token acts for (the token cache: module docstring)."""
        with self._folds_lock:
            self._tokens[key] = seat
            self._tokens.move_to_end(key)
            while len(self._tokens) > TOKEN_CACHE_ENTRIES:
                self._tokens.popitem(last=False)

    def _unknown_token(self, code: str):
        """A token that acts for no one here: NotFound when there is no such table (expired, deleted, never made),
        as for any request about it, else Forbidden."""
        if not self.store.last_seq(code):
            raise NotFound.gone(code)
        raise Forbidden(UNKNOWN_TOKEN)

    def _confirm(self, code: str, proof: tuple[int, str] | None) -> None:
        """Forbidden unless the token of `proof` (seat, token hash) still acts for that seat (one query)."""
        if proof is not None and self.store.token(code, proof[1]) != proof[0]:
            raise Forbidden(UNKNOWN_TOKEN)

    def act(
        self, code: str, actor: Actor, action: dict, request_id: str | None = None, tokens=(), *, proof=None
    ) -> Outcome:
        """Do one action: the events it wrote and the state after them. `tokens`: (seat, token hash) pairs
        written in the same transaction as the events (a join). `proof`: (seat, token hash) of the token the
        actor was found by, checked again as the action is written (`act_with_token`, which authorises).

        The steps, each its own method: bring the fold up to date (`_current`), decide on a scratch copy
        (`_decide`), append (`_append`: the store publishes to this process's followers as it commits), and
        answer. A lost race, or a verdict judged only on what this process had heard, is judged again
        (`_JudgeAgain`) within `RACE_ATTEMPTS` and the request's work budget.
        """
        code = self._code(code)
        # Stored with the request id: a repeat must be the same actor's same action (`_repeated`).
        asked = _Asked(actor, action, request_id, tuple(tokens), proof, request_signature(actor, action))
        heard = True  # the first try judges on what this process heard, without a read (module docstring)
        for attempt in range(RACE_ATTEMPTS):
            if attempt:
                self._after_a_lost_race(code, attempt)
            folded, read = self._current(code, trust_notifier=heard)
            state = scratch(folded)  # decide and fold into a copy: the cached fold never moves
            try:
                decided = self._decide(code, state, asked, read)
                if isinstance(decided, Outcome):  # nothing to write: a no-op, or a retry's first answer
                    return decided
                return self._append(code, state, asked, decided, read)
            except _JudgeAgain:
                heard = False
        raise too_busy(code)

    def _decide(self, code: str, state: TableState, asked: _Asked, read: bool) -> _Decided | Outcome:
        """The events the action writes (a refusal the table hears writes its record, then is raised), or the
        answer when it writes nothing. A refusal, or nothing to write, decided only on what this process had
        heard is judged again on the store's word first (`_JudgeAgain`), so no one is refused on a stale fold."""
        context = self._context()
        try:
            new = decide(state, asked.actor, asked.action, context)
        except (Rejected, Refused, Forbidden) as refusal:
            if not read:
                raise _JudgeAgain from None
            self._confirm(code, asked.proof)
            repeated = self._repeated(code, asked.request_id, asked.signature)
            if repeated is not None:
                return repeated
            if not (isinstance(refusal, Rejected) and refusal.record):
                raise
            # Refused, with events the table writes all the same (a refused claim is public): written, then
            # refused (`_append`).
            return _Decided(refusal.record, refusal, context.now)
        if not new:  # a no-op, or a retry of an applied action meeting its own result
            if not read:
                raise _JudgeAgain
            self._confirm(code, asked.proof)
            return self._repeated(code, asked.request_id, asked.signature) or Outcome((), state)
        return _Decided(new, None, context.now)

    def _append(self, code: str, state: TableState, asked: _Asked, decided: _Decided, read: bool) -> Outcome:
        """Write the decided events at `state.seq + 1...` in one transaction, then fold them into `state` and
        keep it as the table's fold; a lost race is judged again (`_JudgeAgain`)."""
        new, refused = decided.events, decided.refused
        at = stamp(decided.now)
        rows = [Event(state.seq + i, e.type, at, e.by, e.data) for i, e in enumerate(new, 1)]
        if refused is not None:
            self._hear_refusal(state, new, decided.now)
        self._within_limit(state, asked.actor, refused, rows[-1].seq)
        # The request id goes with a refusal's record only when it holds the refusal itself, so that a retry
        # meets it again (`_repeated`) and writes nothing twice.
        keeps_id = refused is None or any(REFUSED in e.data for e in new)
        written = self.store.append(
            code,
            rows,
            request_id=asked.request_id if keeps_id else None,
            actor=asked.signature,
            tokens=(*asked.tokens, *revoked(new)),
            proof=asked.proof,
        )
        if written is None:  # another write took one of these seqs, or this request id, first
            if read:  # judged on the store's word: the request id may be what was taken
                repeated = self._repeated(code, asked.request_id, asked.signature)
                if repeated is not None:
                    self._confirm(code, asked.proof)
                    return repeated
                if not self.store.last_seq(code):  # a deleted table fails the append too
                    self._forget(code)
                    raise NotFound.gone(code)
            # Judged on what this process had heard (most often a write through another worker it had not
            # heard of yet): no request-id lookup here. Judged again from the store, an applied request
            # meets itself on every path (refused, a no-op, or its append failing on the request id),
            # and each of those looks the request id up.
            raise _JudgeAgain
        for event in rows:
            apply(state, event)
        self._remember(code, state)
        if refused is not None:
            raise refused
        return Outcome(tuple(rows), state)

    def _hear_refusal(self, state: TableState, new: list[NewEvent], now: float) -> None:
        """Slowed when the refusing seat's newest `REFUSALS_KEPT` public refusals all fall in the last
        `REFUSAL_WINDOW_SECONDS`: the answer names the seconds until the oldest of them leaves the window."""
        seat = next((e.data.get("seat") or e.by for e in new if REFUSED in e.data), None)
        recent = state.refusals.get(seat, ())
        if len(recent) < REFUSALS_KEPT:
            return
        wait = epoch(recent[0][1]) + REFUSAL_WINDOW_SECONDS - now
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise Slowed(
                f"{REFUSALS_KEPT} refused words in under a minute from this seat: the table hears the next attempt "
                f"in {seconds} s (nothing was written).",
                seconds,
            )

    def _within_limit(self, state: TableState, actor: Actor, refused: Rejected | None, last: int) -> None:
        """Refused when writing up to event `last` passes the table's limit for this kind of action: a public
        refusal `PROGRESS_RESERVE` events before the limit (then it is answered, not written), the host's
        actions `PROGRESS_RESERVE` past it, the rest at it."""
        most = self.settings.get("table_max_events") or MAX_EVENTS
        reserve = min(PROGRESS_RESERVE, most // 10)
        if refused is not None and last > most - reserve:
            raise refused  # the claimant still hears why; the table's record has room only for its progress
        if last > (most + reserve if actor.host else most):
            raise Refused(
                f"This table has reached its limit of {most} events (TABLE_MAX_EVENTS), more than a whole game "
                "writes: start a new table for the next game.",
                (),
            )

    def _after_a_lost_race(self, code: str, attempt: int) -> None:
        """Before judging again: a random pause (one that grows with each lost race), and Busy once the request's
        work budget is spent."""
        try:
            budget.check()
        except budget.WorkBudgetExceeded:
            raise too_busy(code) from None
        if attempt > 1:
            time.sleep(self.rng.uniform(0, RACE_PAUSE_SECONDS * min(attempt, 16)))

    def _repeated(self, code: str, request_id: str | None, signature: str) -> Outcome | None:
        """The answer to a request id already applied here (what it wrote then), else None.

        Rejected (`request_id_reused`) when the request id was applied for another actor or another action:
        a request id repeats one request, it is never a pass to anything else."""
        if not request_id:
            return None
        done = self.store.applied(code, request_id, signature)
        if done is None:
            return None
        for event in done:  # the request was refused, and its refusal written (`Rejected.record`): refused again
            if REFUSED in event.data:
                told = event.data.get(OWN) or event.data
                raise Rejected(event.data[REFUSED], told.get("message", ""), told.get("objections"))
        return Outcome(tuple(done), self.state(code), repeated=True)

    def _folded(self, code: str) -> TableState:
        """The table's state now: the cached fold brought up to date by the events after it (one read).

        The returned state may be the cache's own: callers fold into a `scratch` copy, never into it.
        """
        return self._current(code)[0]

    def _current(self, code: str, trust_notifier: bool = False) -> tuple[TableState, bool]:
        """`_folded`, and whether the store was read for it: with `trust_notifier`, no read when this
        process's notifier has the events after the cached fold (module docstring)."""
        with self._folds_lock:
            cached = self._folds.get(code)
        if cached is None:
            state = fold(self.events(code))
            read = True
        else:
            newer = self.store.heard(code, cached.seq) if trust_notifier else None
            read = newer is None
            if read:
                newer = self.store.events(code, cached.seq)
            if not newer:
                return cached, read
            state = scratch(cached)
            for event in newer:
                apply(state, event)
        self._remember(code, state)
        return state, read

    def _forget(self, code: str) -> None:
        with self._folds_lock:
            self._folds.pop(code, None)

    def _remember(self, code: str, state: TableState) -> None:
        with self._folds_lock:
            known = self._folds.get(code)
            if known is None or known.seq <= state.seq:  # never step back to an older fold
                self._folds[code] = state
                self._folds.move_to_end(code)
            while len(self._folds) > FOLD_CACHE_TABLES:
                self._folds.popitem(last=False)

    def last_seq(self, code: str) -> int:
        """The table's newest seq; 0 when no table has this code (any more)."""
        return self.store.last_seq(self._code(code))

    def wait(self, code: str, after: int, timeout: float) -> bool:
        """Block until the table has an event after `after` or `timeout` seconds pass; True if it has."""
        return self.store.wait(self._code(code), after, timeout)

    def follow(self, code: str):
        """Follow the table's new events (an event stream): `with tables.follow(code) as f: f.next(after, timeout)`."""
        return self.store.follow(self._code(code))

    def delete_with_token(self, code: str, token: str | None) -> None:
        """Delete the table, for its host: the one door for it (API, pages, CLI), as `act_with_token` is for an action.
        The role is judged on the newest state; the store deletes only while the token acts for its seat and no event
        came after that state (`Store.delete`), else it is judged again."""
        for _ in range(RACE_ATTEMPTS):
            seat = self.actor(code, token).seat or 0  # Forbidden (NotFound) without a token that acts here
            state = self._folded(self._code(code))
            need_host(Actor(seat=seat or None, host=not seat or state.host_seat == seat), "delete the table")
            if self.store.delete(self._code(code), proof=(seat, hash_token(token)), seq=state.seq):
                return self._forget(self._code(code))
        raise too_busy(code)

    def expire(self, idle_seconds: float) -> int:
        """Delete the tables with no event for `idle_seconds`; how many went."""
        return self.store.expire(stamp(self.clock() - idle_seconds))


def too_busy(code: str) -> Busy:
    """What an action that kept losing its table's races is answered with (503, Retry-After)."""
    return Busy(f"Table {code} is too busy right now; nothing was changed: send the same request again.")
