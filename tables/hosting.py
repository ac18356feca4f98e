"""What the host does to the table itself, beyond the game's own rules: hand the host role to a seat's phone,
remove a seat whose player left, take back the last action, and a phone's asking for its seat back.

The rulings are docs/rules/tables.md (numbers cited here). Each action is judged by `decide_*` (raise to change
nothing) and folded by `apply_*`; `tables.state` dispatches to them (registered below, as the games register).

Undo folds the table again without the events it takes back: the state keeps the events in effect
(`TableState.log`), so an undo costs one fold of the table (two when it takes back a ballot or a count: the votes
it gives back are judged on the table it leaves), and every other event costs nothing more.
"""

from __future__ import annotations

from .events import Actor, Context, Event, NewEvent, Rejected, need_host
from .state import HOSTING_ACTIONS, HOSTING_EVENTS, TABLE_EVENTS, TableState, game_hook, undo_data, undoable
from .state import apply as table_apply

__all__ = ["TABLE_EVENTS", "undoable"]


def _active_seat(state: TableState, action: dict):
    seat = state.seat(action.get("seat"))
    if seat.removed:
        raise Rejected.seat_removed(seat)
    return seat


# --- hand the host role to a seat's phone (ruling 1) ---------------------------------------------


def decide_hand_host(state: TableState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "hand the host role on")
    seat = _active_seat(state, action)
    if not seat.joined:
        raise Rejected(
            "seat_free",
            f"Seat {seat.number} ({seat.name}) has no phone to take the host role: its player joins first.",
            seat=seat.number,
        )
    if state.host_seat == seat.number:
        raise Rejected("already_host", f"{seat.name}'s phone already hosts this table.", seat=seat.number)
    events = [NewEvent("host_handed", {"seat": seat.number}, by=0)]
    follow = game_hook(state, "after_hosting")  # what the new host cannot do ends now (a tie it is a party to)
    return events + (follow(state, events, ctx) if follow is not None else [])


def apply_host_handed(state: TableState, event: Event) -> None:
    state.host_seat = event.data["seat"]


# --- remove a seat whose player left (ruling 2) --------------------------------------------------


def decide_remove(state: TableState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "remove a seat")
    seat = _active_seat(state, action)
    if seat.number == state.host_seat:
        raise Rejected.host_seat(seat)
    if sum(not s.removed for s in state.seats) == 1:
        raise Rejected("last_seat", f"{seat.name} is the last player at the table: delete the table instead.")
    events = [NewEvent("seat_removed", {"seat": seat.number}, by=0)]
    follow = game_hook(state, "after_hosting")  # what waited only for this seat ends now (Wordsmith's Done!...)
    return events + (follow(state, events, ctx) if follow is not None else [])


def apply_seat_removed(state: TableState, event: Event) -> None:
    seat = state.seat(event.data["seat"])
    seat.removed, seat.joined, seat.asked = True, False, False
    left = game_hook(state, "seat_left")
    if left is not None:
        left(state, seat.number)


# --- a phone asks for its seat back (ruling 4) ---------------------------------------------------


def decide_ask_seat(state: TableState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    seat = _active_seat(state, action)
    if not seat.joined:
        return []  # free: the phone joins it, nothing to ask
    if seat.asked or actor.seat == seat.number:
        return []  # asked already (one notice, however many taps), or the phone holds it
    return [NewEvent("seat_asked", {"seat": seat.number}, by=None)]


def apply_seat_asked(state: TableState, event: Event) -> None:
    state.seat(event.data["seat"]).asked = True


# --- undo the last action (ruling 3) -------------------------------------------------------------


def events_in_effect(state: TableState) -> list[Event]:
    """The events the state is the fold of (oldest first): every event, less those an undo took back."""
    return list(state.log or ())[::-1]


def decide_undo(state: TableState, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    need_host(actor, "undo an action")
    data = undo_data(state)  # the action, what it brought, the riders that go with it, the game's words for it
    if data is None:
        raise Rejected("nothing_to_undo", "There is no action left to undo at this table.")
    first = data["first"]
    expected = action.get("seq")
    if expected is not None and expected != first:
        # The host saw another last action (one came in meanwhile): undo nothing rather than the wrong one.
        raise Rejected(
            "undo_moved",
            f"The last action is now event {first} ({data['type']}), not event {expected}: look again, then undo.",
        )
    reopened = game_hook(state, "undo_reopens")  # the game's votes the undo gives back, with their fresh window
    if reopened is not None:  # judged on the table as the undo leaves it (folded only if the undo touches a vote)
        data.update(reopened(state, lambda: folded_without(state, data), data, ctx))
    return [NewEvent("action_undone", data, by=0)]


def folded_without(state: TableState, undone: dict) -> TableState:
    """The table folded again from its events in effect, less those an undo (`action_undone`'s data) takes back: the
    action `first`..`last`, and the riders `also` that go with it."""
    first, last = undone["first"], undone["last"]
    also = frozenset(undone.get("also") or ())
    again = TableState()
    for kept in events_in_effect(state):
        if not first <= kept.seq <= last and kept.seq not in also:
            table_apply(again, kept)
    return again


def apply_undone(state: TableState, event: Event) -> None:
    """The table folded again without the undone events, the votes every undo so far gave back open anew."""
    again = folded_without(state, event.data)
    again.undone = dict(event.data, seq=event.seq)
    again.given_back = state.given_back + ((event.data,) if event.data.get("reopens") else ())
    reopen = game_hook(again, "reopen_votes") if again.game else None
    if reopen is not None:
        for undone in again.given_back:  # this undo's, and every earlier one's, which the fold from `log` lacks
            reopen(again, undone)
    if event.data["type"] == "seat_removed":  # its token was revoked with the removal: the seat has no phone
        again.seat(event.data["seat"]).joined = False
    state.__dict__.update(again.__dict__)


HOSTING_ACTIONS.update(
    {"hand_host": decide_hand_host, "remove": decide_remove, "ask_seat": decide_ask_seat, "undo": decide_undo}
)
HOSTING_EVENTS.update(
    {
        "host_handed": apply_host_handed,
        "seat_removed": apply_seat_removed,
        "seat_asked": apply_seat_asked,
        "action_undone": apply_undone,
    }
)
