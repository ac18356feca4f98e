"""The live-table actions, described once: `WordsmithClient` sends them over HTTP, the CLI's `Local` to `Tables.act`.

Every state-changing table operation but joining is one action on one table
(app/api/tables.py, `act`): a `POST /api/v1/tables/{code}...` whose body
fields, plus the path's seat, are the action `Tables.act` takes, under its
`type`. `ACTIONS` says, for each: the method's name, the path, the action's
type, its fields, and what it answers. From that one row

- the method's signature, the same on both backends: `(code, <required
  fields>, token, <optional fields>, request_id=None)` (`signature`);
- the client's request: the path with the seat filled in and the body
  fields (`TableAction.path_for`, `TableAction.body`);
- the local backend's action for `Tables.act` (`TableAction.action`).

So a new action is one more row here (and its view in app/api/tables.py);
tests/test_cli_backends.py plays every row on both backends and compares the
answers. `install(cls)` gives a class one method per row, each calling
`cls._table_action(action, arguments)`, which each backend defines.

This module imports nothing of the service (client/ stands alone:
tests/test_import_direction.py); the CLI imports it from here.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

__all__ = ["ACTIONS", "Field", "TableAction", "install"]

REQUIRED = inspect.Parameter.empty


@dataclass(frozen=True)
class Field:
    """One argument of an action's method: in the body (or, `in_path`, the path's `{seat}`) and in the action."""

    name: str
    annotation: str
    default: Any = REQUIRED
    key: str | None = None  # its name in the body and the action, where that is not a Python name (`from`)
    in_path: bool = False  # the `{seat}` of the path, a seat number
    pool: bool = False  # a pool, text or counts: the action takes the counts (the API's PoolInput reads it so)

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def sent_as(self) -> str:
        return self.key or self.name


@dataclass(frozen=True)
class TableAction:
    """One table action: `POST /api/v1/tables/{code}<path>` with a body, or `Tables.act` with an action dict."""

    name: str
    path: str
    type: str
    fields: tuple[Field, ...]
    doc: str
    host: bool = False  # only the host's token may do it (the service says so; this is for the docstring)
    # "claim": the API answers a claim with its seq, not the whole state (app/api/tables.py, ClaimedOut).
    answers: str = "state"
    # The action names a seat even when the token's seat acts (Booksmack's turn): left out, the token's.
    needs_seat: bool = False
    # Any phone may send it, with no token (asking for a seat back from the join page): `token` defaults to None.
    anyone: bool = False

    def signature(self) -> inspect.Signature:
        """`(self, code, <required fields>, token, <optional fields>, request_id=None) -> dict` (`token=None` for an
        action `anyone` may send)."""

        def parameter(name: str, annotation: str, default: Any = REQUIRED) -> inspect.Parameter:
            return inspect.Parameter(
                name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=annotation
            )

        required = [parameter(f.name, f.annotation) for f in self.fields if f.required]
        optional = [parameter(f.name, f.annotation, f.default) for f in self.fields if not f.required]
        return inspect.Signature(
            [
                parameter("self", inspect.Parameter.empty),
                parameter("code", "str"),
                *required,
                parameter("token", "str | None", None) if self.anyone else parameter("token", "str"),
                *optional,
                parameter("request_id", "str | None", None),
            ],
            return_annotation="dict",
        )

    def path_for(self, values: dict) -> str:
        """The path after the table's, with the seat filled in (`/seats/2/name`)."""
        return self.path.format(**{f.name: int(values[f.name]) for f in self.fields if f.in_path})

    def body(self, values: dict) -> dict:
        """The request body's fields (the client leaves out those that are None, and adds the request id)."""
        return {f.sent_as: values[f.name] for f in self.fields if not f.in_path}

    def action(self, values: dict) -> dict:
        """The action for `Tables.act`: the type, the path's seat and the body's fields (None left out, as the
        API's views leave out what a request did not send)."""
        action = {"type": self.type}
        for f in self.fields:
            value = values[f.name]
            if value is not None:
                action[f.sent_as] = int(value) if f.in_path else value
        return action


ACTING_SEAT = Field("seat", "int | None", None)  # left out, the token's seat; the host names the seat acted for
PATH_SEAT = Field("seat", "int", in_path=True)

ACTIONS = (
    # name, path (after /api/v1/tables/{code}), the action's type, its fields, what it does
    TableAction(
        "lock_table", "/lock", "lock", (Field("locked", "bool", True),), "lock joining, or open it again", host=True
    ),
    TableAction(
        "rename_seat", "/seats/{seat}/name", "rename", (PATH_SEAT, Field("name", "str")), "rename a seat", host=True
    ),
    TableAction(
        "ask_seat",
        "/seats/{seat}/ask",
        "ask_seat",
        (PATH_SEAT,),
        "ask the host for the seat back, from a phone that holds no seat (the host's controls show the request)",
        anyone=True,
    ),
    TableAction(
        "release_seat",
        "/seats/{seat}/release",
        "release",
        (PATH_SEAT,),
        "give the seat to a new phone (its token stops working)",
        host=True,
    ),
    TableAction(
        "remove_seat",
        "/seats/{seat}/remove",
        "remove",
        (PATH_SEAT,),
        "the seat's player left: its token stops, no roll, round or turn waits for it",
        host=True,
    ),
    TableAction(
        "hand_host",
        "/host",
        "hand_host",
        (Field("seat", "int"),),
        "the host role goes to the phone holding `seat`; the host token stops working",
        host=True,
    ),
    TableAction(
        "undo",
        "/undo",
        "undo",
        (Field("seq", "int | None", None),),
        "take back the table's last action (`seq`: the one meant, from the state's `undoable`)",
        host=True,
    ),
    TableAction(
        "set_pool",
        "/seats/{seat}/pool",
        "set_pool",
        (PATH_SEAT, Field("pool", "str | dict", pool=True)),
        "correct a seat's pool",
        host=True,
    ),
    TableAction(
        "start_challenge",
        "/challenges",
        "start",
        (
            Field("pool", "str | dict | None", None, pool=True),
            Field("required_letters", "str | None", None),
            Field("crossed_white", "dict | None", None),
            Field("challenge", "int | None", None),
        ),
        "the real dice's pool, or left out, rolled (`required_letters`: Advanced's six, one per row; "
        '`crossed_white`: {"2": 1}, the white discard boxes each seat crosses out; `challenge`: the one this '
        "starts, refused once another phone started it)",
        host=True,
    ),
    TableAction(
        "end_challenge",
        "/challenges/end",
        "end_challenge",
        (Field("challenge", "int | None", None),),
        "the sheets filled in (`challenge`: the one this ends, refused once it is over, never a later one)",
        host=True,
    ),
    TableAction(
        "add_piece",
        "/pieces",
        "add",
        (Field("piece", "str | None", None), Field("wild_as", "str | None", None), ACTING_SEAT),
        "the real die's piece (R, Y, B, G, W: a star), or left out, rolled; `wild_as`: the piece a wild is taken as",
    ),
    TableAction(
        "choose_wild",
        "/wilds",
        "choose_wild",
        (Field("piece", "str"), ACTING_SEAT),
        "a star kept wild in the pool becomes `piece` (R, Y, B or G)",
    ),
    TableAction(
        "claim",
        "/claims",
        "claim",
        (Field("word", "str"), Field("row", "int | None", None), ACTING_SEAT),
        '{"claim", "events", "repeated", "seq"}; refused: WordsmithError 409 with `objections`',
        answers="claim",
    ),
    TableAction(
        "object_to",
        "/objections",
        "object",
        (Field("claim", "int"), ACTING_SEAT),
        "object to the claim whose event has seq `claim`",
    ),
    TableAction(
        "ask_table",
        "/house-words",
        "ask",
        (Field("claim", "int"), ACTING_SEAT),
        "put the refused claim `claim` (refused only because the dictionary lacks its word) to the table's vote: "
        "allowed, it is claimed at once and becomes a house word (ruling 22)",
    ),
    TableAction(
        "vote",
        "/votes",
        "vote",
        (Field("claim", "int"), Field("strike", "bool"), ACTING_SEAT),
        "a voter's keep (`strike` false) or strike on the word objected to in claim `claim`",
    ),
    TableAction(
        "settle_vote",
        "/votes/settle",
        "settle",
        (Field("claim", "int"), Field("strike", "bool")),
        "the host's casting vote on a tied vote: the objection upheld (`strike`) or overruled",
        host=True,
    ),
    TableAction(
        "count_votes",
        "/votes/count",
        "count_votes",
        (Field("claim", "int"),),
        "count the vote on claim `claim` once its window has closed",
    ),
    TableAction(
        "overrule",
        "/overrules",
        "overrule",
        (Field("claim", "int"), Field("stands", "bool")),
        "the claim stands after all, or is struck; the record keeps both verdicts",
        host=True,
    ),
    TableAction("pass_challenge", "/passes", "pass", (ACTING_SEAT,), "no more words this challenge"),
    TableAction(
        "roll_word",
        "/word-rolls",
        "roll_word",
        (Field("faces", "list[str] | None", None), Field("round", "int | None", None)),
        "Word by Word's shared roll (`faces`: the real dice; else rolled; `round`: the word it is for, refused "
        "once another phone rolled it)",
    ),
    TableAction(
        "end_game",
        "/end",
        "end_game",
        (Field("hands", "list[list[str]] | None", None),),
        "the final scores and the winners; `hands`, Booksmack turn-based: the cards left in each hand",
        host=True,
    ),
    TableAction(
        "play_round",
        "/rounds",
        "round",
        (Field("cards", "list[str]"), Field("takers", "list[int] | None", None), Field("round", "int | None", None)),
        "Booksmack's revealed cards, seat 1 first (and who takes them, if known; `round`: the round they are, "
        "refused once it is in)",
    ),
    TableAction(
        "take_round",
        "/rounds/takers",
        "take",
        (Field("takers", "list[int]"), Field("round", "int | None", None)),
        "who takes the open round's cards (`round`: the round they are for, refused once another phone named them)",
    ),
    TableAction(
        "play_turn",
        "/turns",
        "turn",
        (Field("card", "str"), ACTING_SEAT, Field("steal", "dict | None", None), Field("turn", "int | None", None)),
        'Booksmack turn-based, the card played (`steal`: {"seat", "from"}, when it is the lowest; `turn`: the turn it '
        "is, refused once another phone entered it)",
        needs_seat=True,
    ),
    TableAction(
        "steal",
        "/steals",
        "steal",
        (Field("seat", "int"), Field("source", "str", key="from"), Field("turn", "int | None", None)),
        'Booksmack turn-based: the seat robbed, `source` "hand" or "table" (`turn`: the turn whose lowest card '
        "steals, refused once another phone entered the steal)",
    ),
)


def install(cls: type) -> type:
    """Give `cls` one method per action, each calling `self._table_action(action, {argument: value})`."""
    for described in ACTIONS:
        if described.name in vars(cls):
            raise TypeError(f"{cls.__name__}.{described.name} is written out: it is an action of ACTIONS")
        setattr(cls, described.name, _method(cls, described))
    return cls


def _method(cls: type, described: TableAction):
    signature = described.signature()

    def method(self, *args, **kwargs) -> dict:
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        values = dict(bound.arguments)
        del values["self"]
        return self._table_action(described, values)

    method.__name__ = described.name
    method.__qualname__ = f"{cls.__name__}.{described.name}"
    method.__signature__ = signature
    who = " (host)" if described.host else ""
    method.__doc__ = f"`POST /api/v1/tables/{{code}}{described.path}`{who}: {described.doc}."
    return method
