"""Live tables for the `Local` backend: `tables.service.Tables` on the store the served app uses.

Without `--server`, `wordsmith table ...` works on the same store as
`wordsmith serve`: `WORDSMITH_DATABASE_URL` when it is set, else the SQLite
file in the app's instance folder (app/tables.py, tables/store.py), so a table
made here is the table the served pages show, and the other way round.

Each method is WordsmithClient's (same arguments, same answer) and makes the
same one call on `Tables` as the API view of that operation (app/api/tables.py)
does. The actions (claim, lock_table, play_round, ...) are not written out
here: client/table_actions.py describes each once, and `_table_action` turns
that description into the action `Tables.act` takes, as the client turns it
into its request. A refusal is raised as the client raises it, a `WordsmithError` with the
status, title, `code`, `objections` and field pointer the service's problem
document would carry, so a command prints the one line either way
(tests/test_cli_backends.py holds the two equal).

Two things the service knows and this process does not: the address it is
served at, so the join link is on `http://localhost:$PORT` (8000 unset: what
`wordsmith serve` listens on); and the client's address, so nothing here counts
guesses of join codes: the rate limit guards a shared server.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager

from client import WordsmithError
from client.table_actions import TableAction, install
from solver.sentences import say

# Seconds `events` waits for a table's next event before it checks the table is still there.
WAIT_SECONDS = 15.0


def database_url() -> str:
    """The URL of the store the served app uses: WORDSMITH_DATABASE_URL, else SQLite in the app's instance folder."""
    from tables.store import default_url

    url = os.environ.get("WORDSMITH_DATABASE_URL")
    return url or default_url(instance_path())


def instance_path() -> str:
    """The served app's instance folder, as Flask finds it for `app` (installed or run from a checkout).

    Asked of Flask itself rather than worked out again here: a bare `Flask("app")`
    (nothing of the app is imported or built) says exactly where `create_app`'s
    instance folder is, however the project was installed.
    """
    from flask import Flask

    return Flask("app").instance_path


def server_url() -> str:
    """Where `wordsmith serve` listens (its default): the join link Local gives."""
    return f"http://localhost:{os.environ.get('PORT') or 8000}"


def pointer(path: tuple) -> str:
    """A refusal's path as the JSON pointer the service would name (RFC 6901)."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


def field_refused(error) -> WordsmithError:
    """The engine's `Refused` as the client reads the service's answer to it: a 422 whose one field error
    points at the refusal's path (app/errors.py, `handle_refused`)."""
    fields = [{"pointer": pointer(error.path), "location": "body", "detail": str(error)}]
    detail = say("problem.invalid_fields", count="1 field is")
    return WordsmithError(error.status, error.title, detail, fields)


@contextmanager
def engine_refusals(refused_at: str | None = None):
    """Raise the engine's refusals as WordsmithError, as the client raises the service's 422 for them.

    `refused_at` is the field the API's view names for a plain ValueError (app/api/operation.py): the same here.
    Used as a decorator too, on the `Local` methods that call the engine.
    """
    from solver.errors import Refused

    try:
        yield
    except Refused as error:
        raise field_refused(error) from None
    except ValueError as error:
        if refused_at is None:
            raise
        raise field_refused(Refused(str(error), (refused_at,))) from None


@contextmanager
def as_service_answers(token: str | None = None):
    """Raise the tables' refusals as WordsmithError, as the client raises the service's problem documents.

    Each refusal carries the status and title its problem document has (tables/events.py, solver/errors.py).
    """
    from tables.events import Busy, Forbidden, NotFound, Refused, Rejected, Slowed

    try:
        yield
    except Rejected as error:
        raise WordsmithError(
            error.status, error.title, error.message, code=error.code, objections=error.objections
        ) from None
    except Forbidden as error:
        status, title = (error.status, error.title) if token else (error.no_token_status, error.no_token_title)
        raise WordsmithError(status, title, error.message) from None
    except (NotFound, Busy, Slowed) as error:
        raise WordsmithError(error.status, error.title, error.message) from None
    except Refused as error:
        raise field_refused(error) from None


@install  # the live-table actions, one method each (client/table_actions.py), as the client has them
class LocalTables:
    """WordsmithClient's live-table methods, answered from the store here (module docstring)."""

    _table_service = None
    default_lexicon: str

    def _tables(self):
        """The `Tables` service over the default store (made on first use, once per backend)."""
        if self._table_service is None:
            from solver.pieces import load_alphabet
            from tables.service import Tables
            from tables.store import Store

            lexicons = self._loaded()
            settings = {
                "objection_seconds": _number_setting("OBJECTION_SECONDS", 30),
                "table_idle_days": _number_setting("TABLE_IDLE_DAYS", 7),
            }
            self._table_service = Tables(
                Store(database_url()),
                {name: lexicons[name] for name in lexicons},
                settings=settings,
                alphabet=load_alphabet(),
            )
        return self._table_service

    def _actor(self, code: str, token: str | None):
        return self._tables().actor(code, token)

    def _viewer(self, code: str, token: str | None):
        """Who the answer is shown to: the token's actor, or None (the table view) without one."""
        return self._actor(code, token) if token else None

    def _table_action(self, described: TableAction, values: dict) -> dict:
        """One of the table actions (`client.table_actions.ACTIONS`), as its API view does it (app/api/tables.py,
        `act`): the events it wrote as the actor may see them, and the state after (a claim: its seq)."""
        from tables.events import Actor
        from tables.state import visible

        code, token = values["code"], values["token"]
        for field in described.fields:  # the API reads a pool (text or counts) into counts
            if field.pool and values[field.name] is not None:
                values = {**values, field.name: _pool(values[field.name])}
        action = _plain(described.action(values))  # as the JSON body reads: tuples are lists
        with as_service_answers(token):
            actor = Actor() if described.anyone and not token else self._actor(code, token)
            if described.needs_seat and action.get("seat") is None:
                action["seat"] = actor.seat
            outcome = self._tables().act_with_token(
                code, token, action, request_id=values["request_id"], anyone=described.anyone
            )
        answer = {"events": [event.to_dict() for event in visible(outcome.state, outcome.events, actor)]}
        answer["repeated"] = outcome.repeated
        if described.answers == "claim":
            claims = [event["data"] for event in answer["events"] if event["type"] == "claim"]
            answer |= {"seq": outcome.state.seq, "claim": claims[0] if claims else None}
        else:
            answer["state"] = outcome.state.to_dict(actor)
        return _plain(answer)

    # --- tables ------------------------------------------------------------------------

    def create_table(
        self,
        game: str,
        seats: list[str],
        lexicon: str | None = None,
        variants: list[str] | None = None,
        house_words: list[str] | None = None,
    ) -> dict:
        from tables.events import Actor

        with as_service_answers():
            created = self._tables().create(
                game,
                seats,
                lexicon=lexicon or self.default_lexicon,
                variants=list(variants or []),
                house_words=list(house_words) if house_words else None,
            )
        return _plain(
            {
                "code": created.code,
                "host_token": created.host_token,
                "join_url": _join_url(created.code),
                "qr_url": f"/api/v1/tables/{created.code}/qr.svg",
                "seats": [seat.to_dict() for seat in created.state.seats],
                "state": created.state.to_dict(Actor(host=True)),
            }
        )

    def join_table(
        self, code: str, seat: int, token: str | None = None, request_id: str | None = None, secret: str | None = None
    ) -> dict:
        from tables.events import Actor

        with as_service_answers(token):
            service = self._tables()
            given = service.join(code, int(seat), request_id=request_id, by=token, secret=secret)
            state = service.state(code).to_dict(Actor(seat=int(seat)))
        return _plain({"seat": int(seat), "token": given, "state": state})

    def table(self, code: str, token: str | None = None) -> dict:
        with as_service_answers(token):
            return _plain(self._tables().state(code).to_dict(self._viewer(code, token)))

    def table_record(self, code: str, token: str | None = None) -> dict:
        from tables.codes import read_code
        from tables.state import fold, visible

        with as_service_answers(token):
            who = self._viewer(code, token)
            events = self._tables().events(code)
            shown = [event.to_dict() for event in visible(fold(events), events, who)]
        return _plain({"code": read_code(code), "events": shown})

    def table_qr(self, code: str) -> str:
        import segno

        from tables.codes import read_code

        with as_service_answers():
            self._tables().state(code)  # refused as the service refuses a code no table has
        drawing = io.BytesIO()
        segno.make(_join_url(read_code(code)), error="m").save(
            drawing, kind="svg", scale=8, border=2, xmldecl=False, title="Join this table"
        )
        return drawing.getvalue().decode("utf-8")

    def delete_table(self, code: str, token: str) -> dict:
        from tables.codes import read_code

        with as_service_answers(token):
            self._tables().delete_with_token(code, token)
        return {"deleted": read_code(code)}

    # --- following ---------------------------------------------------------------------

    def events(self, code: str, after: int = 0, token: str | None = None, reconnect: bool = True) -> Iterator[dict]:
        """Yield each event after `after` as it is written (by this process or any other on the store).

        There is no connection to lose here: `reconnect=False` ends once the table
        has been quiet for `WAIT_SECONDS`, as a stream the server closes ends the
        client's. A deleted table ends it too.
        """
        from tables.state import apply, fold, visible

        service = self._tables()
        with as_service_answers(token):
            who = self._viewer(code, token)
            so_far = service.events(code)
        state = fold(event for event in so_far if event.seq <= after)
        new = [event for event in so_far if event.seq > after]
        while True:
            for event in new:
                apply(state, event)
            for shown in visible(state, new, who):
                yield _plain(shown.to_dict())
            if new:
                after = new[-1].seq
            if not service.wait(code, after, WAIT_SECONDS):
                if not reconnect or not service.last_seq(code):
                    return
            new = service.events(code, after)


def _join_url(code: str) -> str:
    return f"{server_url()}/tables/{code}/join"


def _pool(value: str | dict) -> dict:
    """A pool as the API reads it (text or counts) into the counts the table's actions take."""
    from solver.pieces import parse_pool

    with as_service_answers():  # refused at /pool, as the API's pool field is
        return parse_pool(value).to_dict()


def _number_setting(name: str, default: int) -> int:
    """A whole-number setting from WORDSMITH_<name>, as the served app reads it (app/settings.py DEFAULTS)."""
    value = os.environ.get(f"WORDSMITH_{name}")
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"WORDSMITH_{name}={value!r}: must be a whole number") from None


def _plain(answer):
    """`answer` as its JSON reads back, as the client returns the service's (cli/local.py)."""
    return json.loads(json.dumps(answer))
