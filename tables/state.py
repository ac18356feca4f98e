"""A table's state: the pure fold of its events.

    state = fold(events)          # a fresh TableState; nothing else is touched

The generic part lives here: the game, lexicon, variants and settings the
table was created with, its seats, who has joined, whether joining is
locked. Each game keeps its own part in `state.game` (a plain object its
module defines) and handles its own event types; an event type neither
knows is a bug, so `fold` raises on it.

Generic events (the host acts, `by` 0, unless noted):

    table_created   {game, lexicon, variants: [..], seats: [names], settings: {..}}   (always seq 1)
    seat_joined     {seat}            by the seat: a phone took that seat (the token is not in the record)
    joining_locked  {locked: bool}
    seat_renamed    {seat, name, was} was: the name before (the table's news says it)
    seat_released   {seat}            the host gives the seat to a new phone: its token stops acting
                                      (Tables.act revokes it in the same transaction; docs/tables.md)
    seat_asked      {seat}            by no one (a phone without a seat): asks the host for that seat back
    host_handed     {seat}            the host role goes to that seat's phone; the old host token stops acting
    seat_removed    {seat}            the seat's player left: no roll, round or turn waits for it any more
    action_undone   {first, last, type, seat, then, also}   the events first..last (the last game action, and the
                    automatic events it brought, `then`: their types) are taken back, and `also` (when any): the
                    automatic events a table event brought after it that went with it (`taken_along`); Wordsmith
                    adds {reopens, closes_at}: the votes it opens again, each with a fresh window

The host's actions beyond the game's own (hand-over, removal, undo) are in
`tables/hosting.py`; docs/rules/tables.md holds their rulings.
"""

from __future__ import annotations

import copy
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from solver.sentences import sentences

from .events import REFUSED, Actor, Context, Event, NewEvent, Refused, Rejected, need_host

__all__ = [
    "GAMES",
    "MAX_SEAT_NAME",
    "Seat",
    "TableState",
    "created_settings",
    "decide",
    "fold",
    "game_hook",
    "may_hide",
    "register_game",
    "scratch",
    "same_name",
    "seat_name",
    "seats_allowed",
    "shallow",
    "undoable",
    "visible",
]

GAMES = ("wordsmith", "booksmack")
# A seat's name, as kept: long enough for "Grandma Josephine", short enough for a score sheet's column on a phone.
MAX_SEAT_NAME = 40
REFUSALS_KEPT = 10  # the newest public refusals a seat's rate is judged on (`TableState.refusals`)
# In a seat's name, dropped as words drop them (solver/normalize.py): format characters, invisible (zero-width
# spaces and joiners, direction marks and overrides, the byte-order mark, the soft hyphen).
INVISIBLE = "Cf"
# Refused: control characters (tab, newline, bell, DEL, C1), line and paragraph separators, lone surrogates.
CONTROLS = frozenset(("Cc", "Zl", "Zp", "Cs"))


# The alphabets whose letters pass for one another's (Latin A, Cyrillic А, Greek Α): a word of a seat's name keeps
# to one of them (docs/rules/tables.md, ruling 6).
LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def name_key(name: str) -> str:
    """What a seat's name looks like, for telling names apart: its compatibility form (a full-width Ａ is A, a
    decomposed ë is ë), whatever the case."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def same_name(name: str, others, path: tuple) -> None:
    """Refuse a seat's name (as `seat_name` keeps it) that looks like another seat's (`name_key`): every phone, the
    score sheet and the command line tell the players apart by name (docs/rules/tables.md, ruling 6)."""
    if any(name_key(name) == name_key(other) for other in others):
        raise Refused(f"another seat is already called {name}: give each seat a name of its own", path)


def _mixed_letters(text: str) -> str | None:
    """Where a word of `text` mixes look-alike alphabets: its first letter and the first one of another alphabet,
    each with its alphabet and position ("А (Cyrillic, character 1) and n (Latin, character 2)"), or None."""
    first = None  # the word's first letter of a look-alike alphabet: (position, letter, alphabet)
    for position, char in enumerate(text, 1):
        if unicodedata.category(char).startswith("M"):
            continue  # an accent typed apart belongs to its letter's word
        if not char.isalpha():
            first = None  # a new word may be in another alphabet
            continue
        kind = unicodedata.name(unicodedata.normalize("NFKC", char)[:1], "").split(" ")[0]
        if kind not in LOOKALIKE_SCRIPTS:
            continue
        if first is not None and kind != first[2]:
            was, now = f"{first[1]} ({first[2].title()}, character {first[0]})", f"{kind.title()}, character {position}"
            return f"{was} and {char} ({now})"
        first = first or (position, char, kind)
    return None


def seat_name(name: Any, path: tuple) -> str:
    """A seat's name as the table keeps it: invisible characters dropped and the ends trimmed; a name holding a
    control character, left empty or longer than MAX_SEAT_NAME is refused (at `path`, the field that sent it).

    A name is shown on every phone and on the score sheet: an invisible or direction-changing character would
    let one name pass for another, or turn the text around it.
    """
    text = str(name)
    for position, char in enumerate(text, 1):
        if unicodedata.category(char) in CONTROLS:
            raise Refused(
                f"a seat's name must not hold control characters: U+{ord(char):04X} at character {position}", path
            )
    text = "".join(char for char in text if unicodedata.category(char) != INVISIBLE).strip()
    text = unicodedata.normalize("NFC", text)  # one way to write each letter, however the phone typed it
    if not text:
        raise Refused("a seat's name must not be empty (invisible characters do not count)", path)
    mixed = _mixed_letters(text)
    if mixed is not None:  # one alphabet's letter passing for another's: a name that looks like another seat's
        raise Refused(f"a seat's name mixes alphabets within a word: {mixed}; type each word in one alphabet", path)
    if len(text) > MAX_SEAT_NAME:
        raise Refused(sentences()["field.too_long"].format(limit=MAX_SEAT_NAME, actual=len(text)), path)
    return text


@dataclass
class Seat:
    number: int
    name: str
    joined: bool = False
    removed: bool = False  # its player left the table (`seat_removed`): nothing waits for it
    asked: bool = False  # a phone without a seat asks the host for this one back (`seat_asked`)

    def to_dict(self, viewer: Actor | None = None) -> dict:
        """The state as JSON; `viewer` (an Actor, None for the read-only table view) is what the game may hide."""
        return {
            "seat": self.number,
            "name": self.name,
            "joined": self.joined,
            "removed": self.removed,
            "asked": self.asked,
        }


class EventLog:
    """The events a state is the fold of, newest first: an event and the log before it. Never changed once made,
    so every copy of a state (a scratch copy, a deep copy) shares it, and adding an event costs one small object."""

    __slots__ = ("event", "older")

    def __init__(self, event: Event, older: EventLog | None):
        self.event, self.older = event, older

    def __iter__(self):
        node = self
        while node is not None:
            yield node.event
            node = node.older

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __eq__(self, other) -> bool:
        return isinstance(other, EventLog) and (self is other or list(self) == list(other))

    __hash__ = None


@dataclass
class TableState:
    game: str = ""
    lexicon: str = "standard"
    variants: tuple[str, ...] = ()
    settings: dict[str, Any] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    locked: bool = False
    seq: int = 0  # the last event folded in
    created_at: str = ""
    updated_at: str = ""
    game_state: Any = None  # the game module's own part
    host_seat: int | None = None  # the seat whose phone hosts, once the host role was handed to it
    # The events in effect, newest first: what an undo folds again without the events it takes back.
    log: EventLog | None = None
    undone: dict | None = None  # the last undo, while nothing was undone after it (`action_undone`'s data, seq)
    # What each undo so far gave back (the data of those whose game had some, oldest first): an undo's event is not
    # in `log`, so a later undo, folding again from `log`, gives them back again from here.
    given_back: tuple[dict, ...] = ()
    # Each seat's newest public refusals (events whose data holds REFUSED), as (seq, time): what bounds how fast one
    # seat's refused attempts are written (tables/service.py, `REFUSALS_PER_MINUTE`). At most `REFUSALS_KEPT` a seat.
    refusals: dict[int, tuple[tuple[int, str], ...]] = field(default_factory=dict)

    def seat(self, number: int) -> Seat:
        if not isinstance(number, int) or not 1 <= number <= len(self.seats):
            raise Refused(f"seat must be a seat number from 1 to {len(self.seats)} (got {number!r})", ("seat",))
        return self.seats[number - 1]

    def to_dict(self, viewer: Actor | None = None) -> dict:
        """The state as JSON; `viewer` (an Actor, None for the read-only table view) is what the game may hide."""
        return {
            "game": self.game,
            "lexicon": self.lexicon,
            "variants": list(self.variants),
            "settings": dict(self.settings),
            "seats": [seat.to_dict() for seat in self.seats],
            "locked": self.locked,
            "host_seat": self.host_seat,
            "undone": self.undone,
            "undoable": undoable_view(self),
            "seq": self.seq,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            game_key(self.game): self.game_state.to_dict(viewer) if self.game_state is not None else None,
        }


def game_key(game: str) -> str:
    return game or "game"


# Each game's module (tables/wordsmith/, tables/booksmack.py) registers its rules here when it is imported
# (tables/__init__.py imports them all): the arrows point from the games to this module, never back.
_GAMES: dict[str, Any] = {}


def register_game(name: str, module) -> None:
    """Make `module` (its `initial`, `apply`, `decide`, and optional `scratch`, `visible`, `may_hide`) the rules of
    the game `name`."""
    _GAMES[name] = module


def _module(game: str):
    try:
        return _GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}") from None


def game_hook(state: TableState, name: str):
    """The game's optional function `name`, or None when its module has none: `seat_left` (a seat removed, in the
    fold), `after_hosting` (what a removal or a hand-over ends), `objectors` (who may object to a claim now),
    `overrulable` (whether the host's button may overrule a claim now), `undone_names` (what an undo names),
    `undo_riders` (which automatic events a table event brought go with an undone action), `undo_reopens` and
    `reopen_votes` (the votes an undo gives back, and their fresh window)."""
    return getattr(_module(state.game), name, None)


def seats_allowed(game: str, variants) -> tuple[int, int, str]:
    """How many seats a table of `game` with `variants` may have, and the rule that says so."""
    return _module(game).seats_allowed(tuple(variants))


def created_settings(game: str, settings: dict, lexicon, variants) -> dict:
    """A new table's settings as the game reads them (Wordsmith: its carried house words, checked in `lexicon`);
    a game with no such setting refuses it."""
    read = getattr(_module(game), "created_settings", None)
    if read is not None:
        return read(settings, lexicon, tuple(variants))
    if settings.get("house_words"):
        raise Refused(f"house_words: only Wordsmith tables have house words, not {game}", ("house_words",))
    return settings


def apply(state: TableState, event: Event) -> None:
    """Fold one event into `state` (mutating it). Generic events here, the rest to the game's module."""
    data = event.data
    if event.type == "table_created":
        state.game = data["game"]
        state.lexicon = data["lexicon"]
        state.variants = tuple(data.get("variants") or ())
        state.settings = dict(data.get("settings") or {})
        state.seats = [Seat(i, name) for i, name in enumerate(data["seats"], 1)]
        state.created_at = event.at
        state.game_state = _module(state.game).initial(state)
    elif event.type == "seat_joined":
        state.seat(data["seat"]).joined = True
        state.seat(data["seat"]).asked = False
    elif event.type == "joining_locked":
        state.locked = bool(data["locked"])
    elif event.type == "seat_renamed":
        state.seat(data["seat"]).name = data["name"]
    elif event.type == "seat_released":
        state.seat(data["seat"]).joined = state.seat(data["seat"]).asked = False
    elif event.type in HOSTING_EVENTS:
        HOSTING_EVENTS[event.type](state, event)
        if event.type == "action_undone":
            state.seq, state.updated_at = event.seq, event.at
            return  # the log is folded again without the undone events: the undo itself is not one to fold again
    else:
        _module(state.game).apply(state, event)
    if REFUSED in data:
        seat = data.get("seat") or event.by
        state.refusals = {
            **state.refusals,
            seat: (*state.refusals.get(seat, ()), (event.seq, event.at))[-REFUSALS_KEPT:],
        }
    state.log = EventLog(event, state.log)
    state.seq = event.seq
    state.updated_at = event.at


def shallow(obj):
    """A shallow copy of a plain (dataclass) object: what `copy.copy` makes, for less work.

    `scratch` copies every seat and every claim record of a table for each
    action, and `copy.copy` goes through the `__reduce_ex__` protocol for each
    (bench/tables.py measures the claims that pay for it).
    """
    copied = object.__new__(type(obj))
    copied.__dict__.update(obj.__dict__)
    return copied


def scratch(state: TableState) -> TableState:
    """A copy of `state` that `apply` can fold events into without touching `state` (nor `state` it).

    The generic part copies the seats and settings; the game's part is its
    module's `scratch(game_state, seats)` when it defines one (Wordsmith: only
    the containers its events change), else a deep copy that keeps pointing at
    the copied seats.
    """
    copied = shallow(state)
    copied.seats = [shallow(seat) for seat in state.seats]
    copied.settings = dict(state.settings)
    if state.game_state is not None:
        hook = getattr(_module(state.game), "scratch", None)
        if hook is not None:
            copied.game_state = hook(state.game_state, copied.seats)
        else:
            memo = {id(state.seats): copied.seats, **{id(a): b for a, b in zip(state.seats, copied.seats)}}
            copied.game_state = copy.deepcopy(state.game_state, memo)
    return copied


def fold(events) -> TableState:
    """The state a table's events make, from nothing. Pure: same events, same state."""
    state = TableState()
    for event in events:
        if not isinstance(event, Event):
            event = Event.from_dict(event)
        if event.seq != state.seq + 1:
            raise ValueError(f"event {event.seq} follows event {state.seq}: a record's events count up from 1")
        apply(state, event)
    return state


def visible(state: TableState, events, viewer: Actor | None) -> list[Event]:
    """The events as `viewer` (None: the read-only table view) may see them, `state` being the table after them.

    The game's module decides, when it defines `visible(state, events, viewer)`
    (Secret Wordsmith hides a claim's word from the other seats until the
    challenge ends); otherwise every event is seen as it is.
    """
    hook = getattr(_module(state.game), "visible", None) if state.game else None
    return list(events) if hook is None else list(hook(state, events, viewer))


def may_hide(state: TableState) -> bool:
    """Whether `visible` may ever show this table's events differently to different viewers (Secret
    Wordsmith); when not, every viewer sees every event as it is (an event stream's text is shared)."""
    module = _module(state.game) if state.game else None
    if module is None or getattr(module, "visible", None) is None:
        return False
    hook = getattr(module, "may_hide", None)
    return True if hook is None else hook(state)


def decide(state: TableState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """What an action makes: generic actions here, the rest to the game's module. Raises to change nothing."""
    kind = action.get("type")
    if actor.seat is not None and not actor.host and actor.seat == state.host_seat:
        actor = Actor(seat=actor.seat, host=True)  # the host role was handed to this seat's phone
    if kind in HOSTING_ACTIONS:
        return HOSTING_ACTIONS[kind](state, actor, action, ctx)
    if kind == "join":
        seat = state.seat(action.get("seat"))
        if seat.removed:
            raise Rejected.seat_removed(seat)
        # docs/rules/tables.md, ruling 7: a seat's phone, even one the host role was handed to, joins no other seat
        # (only the host's own token, which holds no seat, takes any).
        if actor.seat is not None and actor.seat != seat.number:
            holds = state.seat(actor.seat)
            raise Rejected(
                "one_seat",
                f"This phone plays for seat {holds.number} ({holds.name}): one phone, one seat. To play for "
                f"{seat.name} from it, ask the host to give seat {holds.number} to a new phone first.",
                seat=holds.number,
            )
        if state.locked and not actor.host:
            raise Rejected("joining_locked", "The host has locked this table: ask the host to let you in.")
        if seat.joined and not actor.host:  # else anyone with the code could take over a seat in play
            raise Rejected(
                "seat_taken",
                f"Seat {seat.number} ({seat.name}) is taken: the host can give it to a new phone.",
                seat=seat.number,
            )
        return [NewEvent("seat_joined", {"seat": seat.number}, by=0 if actor.host else seat.number)]
    if kind == "lock":
        _host_only(actor)
        return [NewEvent("joining_locked", {"locked": bool(action.get("locked", True))}, by=0)]
    if kind == "release":  # docs/tables.md, "Giving a seat to a new phone"
        _host_only(actor)
        seat = state.seat(action.get("seat"))
        if seat.number == state.host_seat:
            raise Rejected.host_seat(seat)
        if not seat.joined:
            raise Rejected(
                "seat_free",
                f"Seat {seat.number} ({seat.name}) has no phone: any phone can join it.",
                seat=seat.number,
            )
        return [NewEvent("seat_released", {"seat": seat.number}, by=0)]
    if kind == "rename":
        _host_only(actor)
        seat = state.seat(action.get("seat"))
        name = seat_name(action.get("name", ""), ("name",))
        same_name(name, [other.name for other in state.seats if other.number != seat.number], ("name",))
        return [NewEvent("seat_renamed", {"seat": seat.number, "name": name, "was": seat.name}, by=0)]
    return _module(state.game).decide(state, actor, action, ctx)


# The events about the table rather than its game: never taken back by an undo (docs/rules/tables.md, ruling 3),
# which passes over them.
# A refused claim (`claim_refused`) is passed over too: it is the record of an attempt that changed nothing.
TABLE_EVENTS = frozenset(
    {
        "table_created",
        "seat_joined",
        "joining_locked",
        "seat_renamed",
        "seat_released",
        "seat_asked",
        "host_handed",
        "claim_refused",
    }
)


def passed_over(event: Event) -> bool:
    """Whether an undo passes over `event` (ruling 3): an event about the table, or a refused attempt's record. A
    refused claim the app wrote (`by` None: the claim a word the table allowed makes, which the judge still refused)
    is no one's attempt but what the allowing vote brought: it goes with that vote."""
    return event.type in TABLE_EVENTS and not (event.type == "claim_refused" and event.by is None)


def undoable(state: TableState) -> tuple[int, int, Event] | None:
    """The last action an undo takes back: (first seq, last seq, its event), or None when there is none.

    An action is the event someone's request wrote (`by` a seat or the host) with the automatic events that
    followed it in the same write (`by` None: Done!, a challenge's or the game's end); events about the table
    (joins, names, the lock, the host role) are passed over and stay, and so are the automatic events that came
    after one of them rather than after an action (`riders`: the count a hand-over of the host role brought).
    """
    last = None
    for event in state.log or ():
        if passed_over(event):
            last = None  # the automatic events newer than it came with it, not with an action: passed over too
            continue
        last = last or event.seq
        if event.by is not None:
            return event.seq, last, event
    return None


def riders(state: TableState, last: int) -> list[Event]:
    """The automatic events newer than the action ending at `last` that an undo of it passes over, oldest first:
    those that came with a table event (a hand-over's count of a tie its new host is a party to), not with an
    action. Every event newer than the action that is not passed over is one, as `undoable` walked past them."""
    found = []
    for event in state.log or ():
        if event.seq <= last:
            break
        if not passed_over(event):
            found.append(event)
    return found[::-1]


def taken_along(state: TableState, first: int, last: int) -> list[int]:
    """The seqs of the riders (`riders`) that go with an undo of the action `first`..`last`: the game's
    `undo_riders` says which (Wordsmith: a count of a vote the action was about); a game without it keeps them all,
    as the table events they came with stay."""
    passed = riders(state, last)
    decide_riders = game_hook(state, "undo_riders") if passed else None
    return decide_riders(state, first, last, passed) if decide_riders is not None else []


def brought(state: TableState, first: int, last: int, also=()) -> list[str]:
    """The types of the automatic events an action (events `first` to `last`) brought, oldest first, and of the
    riders that go with it (`also`, `taken_along`): an undo takes them back with it (a challenge's end, and the
    game's)."""
    found = []
    for event in state.log or ():
        if event.seq <= first:
            break
        if (event.seq <= last and event.by is None) or event.seq in also:
            found.append(event.type)
    return found[::-1]


def undo_data(state: TableState) -> dict | None:
    """What an undo would take back now, as `action_undone` writes it and the state shows it: its first and last
    seq, type, `by`, seat, the automatic events it brought (`then`), the riders that go with it (`also`, only when
    some do), and the game's words for it (Wordsmith: the word claimed). None when there is nothing to undo."""
    found = undoable(state)
    if found is None:
        return None
    first, last, event = found
    data = {"first": first, "last": last, "type": event.type, "by": event.by, "seat": event.data.get("seat")}
    also = taken_along(state, first, last)
    data["then"] = brought(state, first, last, also)
    if also:
        data["also"] = also
    named = game_hook(state, "undone_names")  # the game's words for it (Wordsmith: the word claimed), as an undo's
    return data | named(state, event) if named is not None else data


def undoable_view(state: TableState) -> dict | None:
    """What an undo would take back now, as the state shows it (the pages' Undo button names it): `seq` is its first
    event's, which the undo sends back."""
    data = undo_data(state)
    if data is None:
        return None
    first = data.pop("first")
    return {"seq": first, **data}


# The hand-over, removal and undo (tables/hosting.py registers them here, as the games register their rules).
HOSTING_EVENTS: dict[str, Any] = {}
HOSTING_ACTIONS: dict[str, Any] = {}


def _host_only(actor: Actor) -> None:
    need_host(actor)
