"""A live table's page in two parts: what every phone at the table reads alike, rendered once per event, and what is
each phone's own, rendered only for the phone whose part changed.

The table's part (`SHARED`: Wordsmith's phase line, claim field and pieces to add, the big box, the roll, the claims
list, each seat's pool and sheet lines, the scoreboard, Booksmack's hands and rounds, and inside the host's controls
their Undo, strikes and Wordsmith's controls on the game: start, roll, end, the seats' pools and their correction)
is written in the third person and holds no form, token or request id: a control or reading meant for some phones
only (Object, Ask the table, Concede, Pass, the claim field, the host's strike, Undo and controls on the game, the
roll, "You host: start the first challenge below") is tagged with the phones it is for (`data-for`, shown by style.css to the page
whose `#table` names that phone in `data-viewer`; `data-unless="hosting"` hides it from a seat whose phone hosts; a
seat's pool and sheet are drawn for every seat, each tagged with its own), and a field or button submits the page's
own hidden form (`partials/table_actions.html`, `form=` on it), which carries the CSRF token and the request id. So
one render serves every phone, with or without JavaScript: a full page embeds the same HTML, a page's event stream
sends it after each run of events (`stream_part`), and `GET /tables/<code>/live` answers it alone.

Each phone's own part (the star's form, the ballots, the host's seat list, Booksmack's forms and phase line) is
keyed by a fingerprint of what it is drawn from (`part_keys`): the table's part lists every phone's key, and
`static/tables.js` fetches its page again only when its own key changed.

A render is kept per worker and table for as long as it is true: until the table's next event, or until the
first Object or Ask button in it is past its window (then drawn again without it); threads asking at once wait
for one render, and under gunicorn a host's workers share it (one draws, the others read what their streams and
answers send: app/pages/table_host_renders.py; a page another worker draws draws its own). The thread that draws
for a worker's streams waits for no such render: it draws other tables' parts meanwhile (`_Drawer`), and leaves a
table to a request acting on it that answers with the part (`part_coming`), for COMING_SECONDS at most. Secret
Wordsmith shows a seat its own hidden words: while a secret challenge is played the table's part is rendered per
seat, and its stream asks the page to fetch it.
"""

from __future__ import annotations

import gzip
import hashlib
import heapq
import itertools
import json
import logging
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from flask import current_app
from markupsafe import Markup

from tables.events import Actor, NotFound
from tables.state import game_hook

from ..assets import GZIP_LEVEL
from ..serving.streams import PartMaker
from ..tables import tables
from .jinja_many import Drawing
from .table_host_renders import RenderUnderWay, hosts_render, shared_render, under_way
from .table_notes import PIECES, event_epoch, holds_star, news

__all__ = [
    "SHARED",
    "Shared",
    "event_epoch",
    "kept_part",
    "my_parts",
    "objection_window",
    "part_coming",
    "per_seat",
    "secret_seat",
    "shared_part",
    "stats",
    "stream_part",
    "viewer_tokens",
]

# The table's part, game by game and region by region (each element's id is the region's): the template that draws it.
SHARED = {
    "wordsmith": {
        "phase": "partials/table_phase.html",
        "claim-area": "partials/table_claim_area.html",
        "add": "partials/table_add.html",
        "latest": "partials/table_latest.html",
        "roll": "partials/table_roll.html",
        "claims": "partials/table_claims.html",
        "pool": "partials/table_pools.html",
        "my-sheet": "partials/table_my_sheet.html",
        "scores": "partials/table_scoreboard.html",
        "undo": "partials/table_undo.html",
        "host-claims": "partials/table_host_claims.html",
        "host-game": "partials/table_host_game.html",
    },
    "booksmack": {
        "latest": "partials/table_latest.html",
        "rounds": "partials/table_rounds.html",
        "scores": "partials/table_scoreboard.html",
        "undo": "partials/table_undo.html",
    },
}
log = logging.getLogger(__name__)

# Tables whose renders a worker keeps (the newest of each): past this, the one least recently asked for goes. A
# render holds its HTML three ways (regions, body, stream message) and the state's view; a worker's hub holds at
# most HUB_STREAMS streams, a few hundred tables' phones.
KEPT_TABLES = 512


@dataclass
class Shared:
    """One render of a table's part: its regions' HTML, the phones' part keys, until when it is true, and the table
    as it was drawn from (`table`: the state's view, which the page of any phone it was drawn for reads too).

    The copy left for the host's other workers (`for_host`) holds only what a stream, `/live` and an action's
    answer send, its stream message made: no regions and no state's view (`whole` False), which only a page reads;
    a page drawn in another worker draws its own."""

    seq: int
    regions: dict[str, Markup]
    parts: dict[str, str]
    valid_until: float
    table: dict
    secret: bool  # drawn per seat (Secret Wordsmith): never served to another phone
    body: bytes = field(default=b"", repr=False)  # the /live answer, drawn with the render
    sse: bytes = field(default=b"", repr=False)  # a pages' stream's `part` message, encoded, made when first sent
    gz: bytes = field(default=b"", repr=False)  # the /live answer gzipped, made when first asked for so
    whole: bool = True  # holds its regions and the state's view: a page can be drawn from it

    def for_host(self) -> Shared:
        """The copy left in the host's folder: what the other workers' streams and answers send (the stream message
        made here, once for the host's workers), and nothing more."""
        return replace(self, regions={}, table={}, sse=self.message(), gz=b"", whole=False)

    def gzipped(self) -> bytes:
        """The /live answer gzipped as app/assets.py gzips a page, once per render for every phone that asks."""
        if not self.gz:
            self.gz = gzip.compress(self.body, GZIP_LEVEL)
        return self.gz

    def message(self) -> bytes:
        """The `part` message of a pages' event stream: the /live answer as SSE data, one `data:` line a line;
        encoded once per render, the same bytes for every phone's stream."""
        if not self.sse:
            self.sse = b"event: part\ndata: " + self.body.replace(b"\n", b"\ndata: ") + b"\n\n"
        return self.sse


_kept: OrderedDict[tuple[str, int | None], Shared] = OrderedDict()
_drawing: dict[tuple[str, int | None], threading.Lock] = {}  # held while that part is drawn
_pending: set[str] = set()  # tables whose part the drawing thread is drawing for the stream hub
# Tables whose part a thread of this worker was drawing when the drawing thread came to it: the hub's wake-up, made
# by that thread once its render is kept.
_deferred: dict[str, Callable[[str], None]] = {}
_fetch: dict[str, int] = {}  # tables whose streams say "fetch" up to this seq (Secret Wordsmith, a failed render)
# Tables a request's thread of this worker is acting on, and will draw the part of for its answer (`part_coming`).
_coming: Counter[str] = Counter()
_lock = threading.Lock()
# What this worker has rendered: the table's part (`shared`), how often a kept render served instead (`kept`), and how
# often it read the render another worker of the host drew (`read`, app/pages/table_host_renders.py).
_stats = {"shared": 0, "kept": 0, "read": 0}


def stats() -> dict[str, int]:
    """How many times this worker has rendered a table's part, and served a kept one (the tests count renders)."""
    return dict(_stats)


def viewer_tokens(viewer: Actor | None, host_page: bool, hosting: bool = False) -> str:
    """The names `data-for` tags a control with, as this page's `#table` carries them in `data-viewer`: `seatN` on a
    seat's page (and `hosting` when its phone hosts: its Host controls), `host` on the host's page, `view` on the
    table view and the score sheet."""
    if host_page:
        return "host"
    if viewer is not None and viewer.seat is not None:
        return f"seat{viewer.seat}" + (" hosting" if hosting else "")
    return "view"


def per_seat(state) -> bool:
    """Whether the table's part is drawn per seat now: a Secret Wordsmith seat sees its own hidden words while the
    challenge is played; every other table's part is the same for all."""
    game = state.game_state
    return state.game == "wordsmith" and game is not None and game.has("secret") and game.on


def secret_seat(state, viewer: Actor | None) -> int | None:
    """The seat a render of the table's part is drawn for (`per_seat`), else None: the one render for all."""
    return viewer.seat if per_seat(state) and viewer is not None else None


def objection_window(state) -> float:
    """Seconds a claim may be objected to: the table's own setting, else the service's (tables/wordsmith)."""
    return state.settings.get("objection_seconds", tables().settings.get("objection_seconds", 30))


def kept_part(code: str, at_least: int, host: bool = False, now: float | None = None) -> Shared | None:
    """The kept render of a table whose part is the same for every phone, when it shows event `at_least` or a
    later one and is still true at `now` (the service's clock, read here when not given): what a phone that heard
    of that event needs, without asking the store. `host`: else the host's render, when another worker drew one
    that is (read from its folder, then kept here)."""
    now = tables().clock() if now is None else now
    with _lock:
        kept = _kept.get((code, None))
        if kept is not None and not kept.secret and kept.seq >= at_least and now < kept.valid_until:
            _kept.move_to_end((code, None))
            _stats["kept"] += 1
            return kept
    if not host:
        return None
    found = hosts_render(code, lambda head: not head.secret and head.seq >= at_least and now < head.valid_until)
    if found is None:
        return None
    _keep((code, None), found, read=True)
    return found


# A pages' stream's `part` message when the page is to fetch the part itself (/live): a Secret Wordsmith table,
# whose part is each seat's, or one that could not be drawn. (An SSE message with no data is never dispatched.)
FETCH_PART = b"event: part\ndata: fetch\n\n"


def stream_part(app, code: str) -> PartMaker:
    """What a pages' event stream sends after a run of events, the newest `seq` (app/serving/streams.py's `part`):
    the table's part as it is now, made once per worker and event for every phone of the table.

    A kept render is sent at once. Otherwise a stream written by its own thread (`wake` None) draws it there; the
    worker's stream hub (`wake` its call-back) never waits for a render, which would hold up every other
    table's phones: the part is drawn by this worker's drawing thread, and the hub, woken with the code, sends it
    then. It runs outside any request: a kept render is read with the service's clock alone, as the hub sends it to
    each of the table's phones in turn; a render is drawn in an app context.
    """
    service = app.extensions["tables"]

    def part(seq: int, wake: Callable[[str], None] | None) -> bytes | None:
        kept = kept_part(code, seq, now=service.clock())
        if kept is not None:
            return kept.message()
        with _lock:
            if _fetch.get(code, -1) >= seq:
                return FETCH_PART
        if wake is None:
            with app.app_context():
                return _draw(code, seq) or FETCH_PART
        with _lock:
            if code in _pending:
                return None
            _pending.add(code)
        _drawer().submit(app, code, seq, wake)
        return None

    return part


def _draw(code: str, seq: int, wait: bool = True, leave: bool = True) -> bytes | None:
    """The part message of the table as it is now (kept), or None for a page to fetch (noted in `_fetch`): the
    host's render when it shows event `seq` and is true, else drawn from the store's state. Without `wait`,
    RenderUnderWay when another thread or worker is drawing it, or (`leave`) a request is about to."""
    found = kept_part(code, seq, host=True)
    if found is not None:
        return found.message()
    if not wait:  # a render under way is looked at again later: found from the locks alone, the state left unread
        if _drawn_here(code, coming=leave):
            raise RenderUnderWay(code, here=True)
        if under_way(code):
            raise RenderUnderWay(code)
    try:
        state = tables().state(code, heard=True)  # the events its streams were sent, without a query when heard
    except NotFound:
        return None
    if per_seat(state):
        with _lock:
            _fetch[code] = state.seq
            while len(_fetch) > KEPT_TABLES:
                _fetch.pop(next(iter(_fetch)))
        return None
    return shared_part(code, state, None, wait=wait).message()


# How long the drawing thread leaves a table's part to a request acting on it (`part_coming`) before it draws it
# itself: a request held up (a worker with more to do than it can) must not hold up its table's phones for longer.
COMING_SECONDS = 0.05
# How soon the drawing thread looks again at a table whose part another worker of the host was drawing (only a
# render kept in this worker can wake the hub itself).
RETRY_SECONDS = 0.005


def _draw_then_wake(app, code: str, seq: int, wake: Callable[[str], None], patient: bool = True):
    """Draw (or read) the table's part for the hub, then wake it. Another thread or worker drawing that part now,
    or a request of this worker about to: when to look again and with what (seconds, the ask), the table still
    pending; else None. A request of this worker is left the hub's wake-up (`_defer`), and looked at again once
    (`patient` False) after COMING_SECONDS: drawn here then if it has not drawn it yet."""
    if not patient:
        with _lock:
            if code not in _deferred or _drawn_here(code, coming=False):
                return None  # drawn and the hub woken since, or being drawn: that thread wakes it
            del _deferred[code]  # still not drawn: drawn here, and the hub woken here
    try:
        with app.app_context():
            _draw(code, seq, wait=False, leave=patient)
    except RenderUnderWay as busy:
        if busy.here and _defer(code, wake):
            return COMING_SECONDS, (app, code, seq, wake, False)
        return RETRY_SECONDS, (app, code, seq, wake, patient)
    except Exception:  # the phones then fetch it; the hub must hear either way
        log.exception("drawing table %s's part for its streams failed", code)
        with _lock:
            _fetch[code] = seq
    with _lock:
        _pending.discard(code)
    wake(code)
    return None


def _defer(code: str, wake: Callable[[str], None]) -> bool:
    """Leave the hub's wake-up for table `code` to the thread of this worker drawing its part, or about to
    (`shared_part` makes it once its render is kept, `part_coming` on its way out); False when that render is over
    already (to be looked at again)."""
    with _lock:
        if not _drawn_here(code):
            return False
        _deferred[code] = wake
        return True


def _drawn_here(code: str, coming: bool = True) -> bool:
    """Whether a thread of this worker is drawing table `code`'s part for every phone now, or (`coming`) acting on
    the table and about to (`part_coming`)."""
    drawing = _drawing.get((code, None))
    return (drawing is not None and drawing.locked()) or (coming and code in _coming)


@contextmanager
def part_coming(code: str) -> Iterator[None]:
    """Around an action whose answer is the table's part (a page's script posted it): the action's event wakes this
    worker's streams before the request draws that part, and the drawing thread would draw it first and make the
    request wait; it leaves the table to this thread instead, whose render wakes the hub (`_defer`). On the way out,
    drawn or not (a refusal draws none), the hub is woken all the same."""
    with _lock:
        _coming[code] += 1
    try:
        yield
    finally:
        with _lock:
            _coming[code] -= 1
            if not _coming[code]:
                del _coming[code]
        _wake_deferred(code)


def _wake_deferred(code: str) -> None:
    """Wake the hub that waits for the render just drawn (or given up) here, if one does (`_defer`)."""
    with _lock:
        wake = _deferred.pop(code, None)
        if wake is not None:
            _pending.discard(code)
    if wake is not None:
        wake(code)


class _Drawer:
    """A worker's drawing thread: the parts its stream hub asked for, drawn in turn. It never waits for a render
    under way, which would hold up every other table's phones: one a request's thread of this worker draws (or is
    about to), that thread hands to the hub (`_defer`); one another worker draws goes behind the other tables and
    is looked at again RETRY_SECONDS later, by when it is usually in the host's folder."""

    def __init__(self):
        self._queue: deque[tuple] = deque()
        self._later: list[tuple[float, int, tuple]] = []  # a heap of (when due, order, the ask)
        self._order = itertools.count()
        self._ready = threading.Condition()
        threading.Thread(target=self._run, name="table-part", daemon=True).start()

    def submit(self, *ask) -> None:
        """Draw a part for the hub: `_draw_then_wake`'s arguments."""
        with self._ready:
            self._queue.append(ask)
            self._ready.notify()

    def _next(self) -> tuple:
        with self._ready:
            while True:
                now = time.monotonic()
                while self._later and self._later[0][0] <= now:
                    self._queue.append(heapq.heappop(self._later)[2])
                if self._queue:
                    return self._queue.popleft()
                self._ready.wait(self._later[0][0] - now if self._later else None)

    def _run(self) -> None:
        while True:
            ask = self._next()
            try:
                again = _draw_then_wake(*ask)
            except Exception:  # a hub's wake that failed: the thread goes on for every other table
                log.exception("waking the stream hub for table %s failed", ask[1])
                again = None
            if again is not None:
                delay, ask = again
                with self._ready:
                    heapq.heappush(self._later, (time.monotonic() + delay, next(self._order), ask))


_drawers: list[_Drawer] = []


def _drawer() -> _Drawer:
    """This worker's drawing thread, started when first needed (a forked worker starts its own)."""
    with _lock:
        if not _drawers:
            _drawers.append(_Drawer())
        return _drawers[0]


def shared_part(code: str, state, viewer: Actor | None, whole: bool = False, wait: bool = True) -> Shared:
    """The table's part at `state`, as `viewer` may see it: the kept render while it is true, else a new one.
    `whole`: one a page can be drawn from (its regions and the state's view), not only what is sent alone.

    The phones of a table ask at once, right after an event: one thread renders, the others of this worker wait
    for its render rather than draw the same part again (`_drawing`, one lock per table part). Without `wait`
    (the drawing thread), RenderUnderWay instead of waiting for another thread or worker's render."""
    seat = secret_seat(state, viewer)
    key = (code, seat)
    kept = _kept_at(key, state.seq, whole)
    if kept is not None:
        return kept
    with _lock:
        drawing = _drawing.setdefault(key, threading.Lock())
    if not drawing.acquire(blocking=wait):
        raise RenderUnderWay(code, here=True)
    try:
        kept = _kept_at(key, state.seq, whole)  # drawn meanwhile by the thread this one waited for
        if kept is not None:
            return kept
        now = tables().clock()
        if seat is None:  # the same for every phone: drawn once on this host, read by its other workers
            made, drawn = shared_render(
                code,
                lambda head: not whole and head.seq == state.seq and now < head.valid_until,
                lambda: _render(code, state, None, now),
                Shared.for_host,
                wait,
            )
        else:
            made, drawn = _render(code, state, seat, now), True
        _keep(key, made, read=not drawn)
    finally:
        drawing.release()
        if seat is None:
            _wake_deferred(code)
    return made


def _keep(key: tuple[str, int | None], made: Shared, read: bool) -> None:
    """Keep a render this worker drew, or read from the host's (`read`), unless it kept a newer one meanwhile (a
    slower render of an older state never replaces a newer, nor a read copy a whole render of the same event); past
    KEPT_TABLES the least recently asked for goes."""
    with _lock:
        current = _kept.get(key)
        if current is None or current.seq < made.seq or (current.seq == made.seq and made.whole >= current.whole):
            _kept[key] = made
            _kept.move_to_end(key)
        while len(_kept) > KEPT_TABLES:
            gone, _ = _kept.popitem(last=False)
            _drawing.pop(gone, None)
        _stats["read"] += read


def _kept_at(key: tuple[str, int | None], seq: int, whole: bool) -> Shared | None:
    with _lock:
        kept = _kept.get(key)
        if kept is None or kept.seq != seq or tables().clock() >= kept.valid_until or (whole and not kept.whole):
            return None
        _kept.move_to_end(key)
        _stats["kept"] += 1
        return kept


def _render(code: str, state, seat: int | None, now: float) -> Shared:
    context, valid_until = shared_context(code, state, Actor(seat=seat) if seat else None, now)
    # What Flask's render_template adds to a template's context, added once for all the regions it draws.
    current_app.update_template_context(context)
    drawing = Drawing(current_app.jinja_env, context)
    regions = {name: drawing.draw(template) for name, template in SHARED.get(state.game, {}).items()}
    parts = part_keys(context["table"], context["game"])
    _stats["shared"] += 1
    body = drawing.draw("table_live.html", regions=regions, parts=parts).encode()
    secret = per_seat(state)
    return Shared(state.seq, regions, parts, valid_until, context["table"], secret, body)


def shared_context(code: str, state, viewer: Actor | None, now: float) -> tuple[dict, float]:
    """What the table's part is drawn from, with each control's phones (`for`), and until when it holds (the first
    window among its Object and Ask buttons to close)."""
    table = state.to_dict(viewer)
    game = table.get(state.game) or {}
    window = objection_window(state)
    names = {seat["seat"]: seat["name"] for seat in table["seats"]}
    seated = [seat["seat"] for seat in table["seats"] if seat.get("joined", True) and not seat.get("removed")]
    objectors = game_hook(state, "objectors") if state.game else None
    overrulable = game_hook(state, "overrulable") if state.game else None
    closes = []
    for claim in game.get("claims") or []:
        if claim.get("may_overrule") and overrulable is not None:  # not offered where it would be refused
            claim["may_overrule"] = overrulable(state, claim["seq"])
        if claim.get("challenge") != game.get("challenge"):
            continue  # drawn folded away, with no button: no window to read
        claim["closes_at"] = round(((event_epoch(claim.get("at", "")) or 0) + window) * 1000)
        claim["object_for"] = objectors(state, seated, claim["seq"], now, window) if objectors is not None else []
        if claim["object_for"]:
            closes.append(claim["closes_at"] / 1000)
    for attempt in game.get("refused") or []:  # ruling 22: a word only the dictionary refused, put to the table
        attempt["closes_at"] = round(((event_epoch(attempt.get("at", "")) or 0) + window) * 1000)
        attempt["can_ask"] = (
            bool(attempt.get("askable"))
            and game.get("phase") in ("playing", "done_called")
            and now < attempt["closes_at"] / 1000
        )
        if attempt["can_ask"]:
            closes.append(attempt["closes_at"] / 1000)
        elif attempt.get("unhinted"):  # its window closed: the sentence no longer says who may ask
            attempt["message"] = attempt["unhinted"]
    said = news(state, names)  # the host's or the table's own news, with its mark
    pending = game.get("winners_may_change") if game.get("winners") else None
    if pending:  # ruling 18a: the GAME OVER box says the winners may still change, while they may
        until = event_epoch(pending.get("objections_close_at") or "")
        if until is not None and now < until:
            pending["closes_at"] = round(until * 1000)
            closes.append(until)
        words = {claim["seq"]: (claim.get("word") or "").upper() for claim in game.get("claims") or []}
        pending["words"] = [words[seq] for seq in pending.get("votes") or [] if words.get(seq)]
    context = {
        "code": code,
        "table": table,
        "game": game,
        "names": names,
        "seq": state.seq,
        "announcement": said[1] if said else None,
        "announcement_mark": said[0] if said else None,
        "objection_seconds": window,
        "now_ms": round(now * 1000),
        "pieces": PIECES,
    }
    return context, min(closes, default=float("inf"))


def part_keys(table: dict, game: dict) -> dict[str, str]:
    """Each phone's part key: `seatN` (its seat's page), `host` (the host's controls), `view` (the table view).

    A key is a digest of what that part is drawn from: the seats' names, whether joining is locked, and the open
    votes and words put to the table (the ballots); for a Wordsmith seat, whether its star's form shows
    (`own_seat`); for the host's controls, also who hosts and which seat a phone asks for (the seat list).
    Wordsmith's phase line, claim form, pieces to add and the host's controls on the game are the table's part, so a
    challenge's start, its Done! and its end ask no phone for its page. Booksmack's forms and phase line read the
    whole game: its key, and the host's, is all of it.
    """
    seats = [{k: s.get(k) for k in ("seat", "name", "removed", "joined")} for s in table.get("seats") or []]
    # Whether joining is locked: no page invites a phone to join a locked table (the table view's join line).
    common = {"seats": seats, "variants": table.get("variants"), "locked": table.get("locked")}
    wordsmith = table.get("game") == "wordsmith"
    if wordsmith:
        common["votes"] = [
            [c["seq"], c.get("vote"), c.get("may_concede")]
            for c in game.get("claims") or []
            if (c.get("vote") or {}).get("state") in ("open", "tied")
        ]
        common["asks"] = [
            [a.get("seq"), a.get("vote"), a.get("may_withdraw")]
            for a in game.get("asks") or []
            if (a.get("vote") or {}).get("state") in ("open", "tied")
        ]
    else:
        common["game"] = game
    base = json.dumps(common, sort_keys=True, default=str)
    # The host's controls: the seats as the host manages them (who hosts, a phone asking); Booksmack's forms read the
    # game, which `common` holds.
    hosting = {
        "locked": table.get("locked"),
        "host_seat": table.get("host_seat"),
        "asked": [s.get("asked") for s in table.get("seats") or []],
    }
    keys = {"view": _digest(base), "host": _digest(base + json.dumps(hosting, sort_keys=True, default=str))}
    for seat in game.get("seats") or []:
        if isinstance(seat, dict) and "seat" in seat:
            own = own_seat(seat, game) if wordsmith else seat
            keys[f"seat{seat['seat']}"] = _digest(base + json.dumps(own, sort_keys=True, default=str))
    return keys


def own_seat(seat: dict, game: dict) -> dict:
    """What a Wordsmith seat's own regions read of its seat (table_play.html): whether its star's form shows (its
    pool holds a star kept wild while a challenge is played). Its pool and sheet are the table's part."""
    star = game.get("phase") in ("playing", "done_called") and holds_star(seat.get("pool"))
    return {"seat": seat["seat"], "star": star}


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def my_parts(parts: dict[str, str], tokens: list[str]) -> str:
    """This page's part keys (`#table`'s `data-parts`): the ones its own regions are drawn by."""
    return " ".join(f"{token}:{parts.get(token, '')}" for token in tokens)
