"""Tables: the one entry point the app (and the CLI's Local backend) calls for live tables.

    tables = Tables(Store(url), lexicons)
    created = tables.create("wordsmith", ["Ann", "Bob"], lexicon="standard", variants=["advanced"])
    token = tables.join(created.code, 2)
    actor = tables.actor(created.code, token)           # Actor(seat=2)
    outcome = tables.act(created.code, actor, {"type": "claim", "word": "cast"}, request_id="r-1")

`act` is the write path (tables/__init__.py): read, fold, decide, append at
`seq + 1` in one transaction; on a lost race, read again and decide again
(bounded retries); a request id already applied returns its events again.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from .codes import hash_token, new_code, new_token, read_code
from .events import Actor, Context, Event, Forbidden, NewEvent, NotFound, Refused, stamp
from .state import GAMES, TableState, decide, fold

__all__ = ["Created", "Outcome", "Tables"]

RACE_RETRIES = 8  # a table has at most 6 seats acting at once; 8 re-reads is ample


@dataclass(frozen=True)
class Created:
    code: str
    host_token: str
    state: TableState


@dataclass(frozen=True)
class Outcome:
    events: tuple[Event, ...]
    state: TableState
    repeated: bool = False  # True: the request id had been applied; nothing new was written


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

    def _context(self) -> Context:
        return Context(self.lexicons, self.rng, self.clock(), self.settings, self.alphabet, self.clock)

    def _code(self, code: str) -> str:
        read = read_code(code)
        if read is None:
            raise NotFound(f"No table has the code {str(code)[:12]!r}: a code is 6 letters and digits.")
        return read

    def create(
        self, game: str, seats, *, lexicon: str = "standard", variants=(), settings: dict | None = None
    ) -> Created:
        if game not in GAMES:
            raise Refused(f"game must be one of {', '.join(GAMES)} (got {game!r})", ("game",))
        names = [str(name).strip() for name in seats]
        if not 2 <= len(names) <= 6:
            raise Refused(f"seats must name 2 to 6 players (got {len(names)})", ("seats",))
        for i, name in enumerate(names):
            if not name:
                raise Refused("a seat's name must not be empty", ("seats", i))
        if lexicon not in self.lexicons:
            raise Refused(f"lexicon must be one of {', '.join(self.lexicons)} (got {lexicon!r})", ("lexicon",))
        data = {
            "game": game,
            "lexicon": lexicon,
            "variants": list(variants),
            "seats": names,
            "settings": dict(settings or {}),
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

    def state(self, code: str) -> TableState:
        return fold(self.events(code))

    def events(self, code: str, after: int = 0) -> list[Event]:
        code = self._code(code)
        events = self.store.events(code, after)
        if after == 0 and not events:
            raise NotFound(f"No table has the code {code}: it may have expired or been deleted.")
        return events

    def record(self, code: str) -> dict:
        """The whole game as JSON: replayable with `fold(record["events"])`."""
        code = self._code(code)
        return {"code": code, "events": [event.to_dict() for event in self.events(code)]}

    def actor(self, code: str, token: str | None) -> Actor:
        """Who a bearer token acts for at this table; Forbidden when it acts for no one here."""
        code = self._code(code)
        if not token:
            raise Forbidden("This needs a seat's or the host's token: send it as 'Authorization: Bearer <token>'.")
        found = self.store.token(code, hash_token(token))
        if found is None:
            raise Forbidden("This token acts for no seat at this table.")
        return Actor(seat=found or None, host=found == 0)

    def join(
        self, code: str, seat: int, actor: Actor | None = None, request_id: str | None = None, token: str | None = None
    ) -> str:
        """Take a seat: a new seat token (the seat's old token, if any, stops working).

        `token`: the caller's own, derived from the request id (the pages do), so a
        repeated request id answers with the token it wrote the first time: the store
        keeps only its hash, so a fresh random token would act for no one. Without
        one (the API), a repeated request id saves a fresh token in place of the first.
        """
        code = self._code(code)
        given = token
        token = token or new_token()
        action = {"type": "join", "seat": seat}
        outcome = self.act(code, actor or Actor(), action, request_id=request_id, tokens=((seat, hash_token(token)),))
        if outcome.repeated and given is None:
            self.store.set_token(code, seat, hash_token(token))  # the first answer, and its token, was lost
        return token

    def act(self, code: str, actor: Actor, action: dict, request_id: str | None = None, tokens=()) -> Outcome:
        """Do one action: the events it wrote and the state after them. `tokens`: (seat, token hash) pairs
        written in the same transaction as the events (a join)."""
        code = self._code(code)
        actor_key = "host" if actor.host else f"seat:{actor.seat}"
        for _ in range(RACE_RETRIES):
            if request_id:
                done = self.store.applied(code, request_id)
                if done is not None:
                    return Outcome(tuple(done), self.state(code), repeated=True)
            events = self.events(code)
            state = fold(events)
            context = self._context()
            new: list[NewEvent] = decide(state, actor, action, context)
            if not new:
                return Outcome((), state)
            at = stamp(context.now)
            rows = [Event(state.seq + i, e.type, at, e.by, e.data) for i, e in enumerate(new, 1)]
            written = self.store.append(code, rows, request_id=request_id, actor=actor_key, tokens=tokens)
            if written is not None:  # None: another write took one of these seqs first; judge again
                for event in rows:
                    state_apply(state, event)
                return Outcome(tuple(rows), state)
        raise RuntimeError(f"table {code}: lost {RACE_RETRIES} races in a row")

    def last_seq(self, code: str) -> int:
        """The table's newest seq; 0 when no table has this code (any more)."""
        return self.store.last_seq(self._code(code))

    def wait(self, code: str, after: int, timeout: float) -> bool:
        """Block until the table has an event after `after` or `timeout` seconds pass; True if it has."""
        return self.store.wait(self._code(code), after, timeout)

    def follow(self, code: str):
        """Follow the table's new events (an event stream): `with tables.follow(code) as f: f.next(after, timeout)`."""
        return self.store.follow(self._code(code))

    def delete(self, code: str, actor: Actor) -> None:
        if not actor.host:
            raise Forbidden("Only the host can delete a table.")
        self.store.delete(self._code(code))

    def expire(self, idle_seconds: float) -> int:
        """Delete the tables with no event for `idle_seconds`; how many went."""
        return self.store.expire(stamp(self.clock() - idle_seconds))


def state_apply(state: TableState, event: Event) -> None:
    from .state import apply

    apply(state, event)
