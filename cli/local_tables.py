"""Live tables for the `Local` backend: `tables.service.Tables` on the store the served app uses.

Without `--server`, `wordsmith table ...` works on the same store as
`wordsmith serve`: `WORDSMITH_DATABASE_URL` when it is set, else the SQLite
file in the app's instance folder (app/tables.py, tables/store.py), so a table
made here is the table the served pages show, and the other way round.

Each method is WordsmithClient's (same arguments, same answer) and makes the
same one call on `Tables` as the API view of that operation (app/api/tables.py)
does. A refusal is raised as the client raises it, a `WordsmithError` with the
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
from typing import Any

from client import WordsmithError

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


@contextmanager
def as_service_answers(token: str | None = None):
    """Raise the tables' refusals as WordsmithError, as the client raises the service's problem documents.

    Each refusal carries the status and title its problem document has (tables/events.py, solver/errors.py).
    """
    from tables.events import Forbidden, NotFound, Refused, Rejected

    try:
        yield
    except Rejected as error:
        raise WordsmithError(
            error.status, error.title, error.message, code=error.code, objections=error.objections
        ) from None
    except Forbidden as error:
        status, title = (error.status, error.title) if token else (error.no_token_status, error.no_token_title)
        raise WordsmithError(status, title, error.message) from None
    except NotFound as error:
        raise WordsmithError(error.status, error.title, error.message) from None
    except Refused as error:
        fields = [{"pointer": pointer(error.path), "location": "body", "detail": str(error)}]
        detail = "1 field is not valid: each entry of `errors` points at one and says how to fix it."
        raise WordsmithError(error.status, error.title, detail, fields) from None


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

    def _act(self, code: str, action: dict, token: str | None, request_id: str | None, actor=None) -> dict:
        """One action (the API's `act`): the events it wrote as the actor may see them, and the state after."""
        from tables.state import visible

        with as_service_answers(token):
            actor = actor or self._actor(code, token)
            outcome = self._tables().act(code, actor, action, request_id=request_id)
            events = [event.to_dict() for event in visible(outcome.state, outcome.events, actor)]
            return _plain({"events": events, "repeated": outcome.repeated, "state": outcome.state.to_dict(actor)})

    # --- tables ------------------------------------------------------------------------

    def create_table(
        self, game: str, seats: list[str], lexicon: str | None = None, variants: list[str] | None = None
    ) -> dict:
        from tables.events import Actor

        with as_service_answers():
            created = self._tables().create(
                game, seats, lexicon=lexicon or self.default_lexicon, variants=list(variants or [])
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

    def join_table(self, code: str, seat: int, token: str | None = None, request_id: str | None = None) -> dict:
        from tables.events import Actor

        with as_service_answers(token):
            service = self._tables()
            actor = self._actor(code, token) if token else Actor()
            given = service.join(code, int(seat), actor, request_id=request_id)
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
            self._tables().delete(code, self._actor(code, token))
        return {"deleted": read_code(code)}

    def lock_table(self, code: str, token: str, locked: bool = True, request_id: str | None = None) -> dict:
        return self._act(code, {"type": "lock", "locked": locked}, token, request_id)

    def rename_seat(self, code: str, seat: int, name: str, token: str, request_id: str | None = None) -> dict:
        return self._act(code, {"type": "rename", "seat": int(seat), "name": name}, token, request_id)

    def release_seat(self, code: str, seat: int, token: str, request_id: str | None = None) -> dict:
        return self._act(code, {"type": "release", "seat": int(seat)}, token, request_id)

    def set_pool(self, code: str, seat: int, pool: str | dict, token: str, request_id: str | None = None) -> dict:
        action = {"type": "set_pool", "seat": int(seat), "pool": _pool(pool)}
        return self._act(code, action, token, request_id)

    # --- Wordsmith ---------------------------------------------------------------------

    def start_challenge(
        self,
        code: str,
        token: str,
        pool: str | dict | None = None,
        required_letters: list[str] | None = None,
        crossed_white: int | None = None,
        request_id: str | None = None,
    ) -> dict:
        action = {
            "type": "start",
            "pool": None if pool is None else _pool(pool),
            "required_letters": required_letters,
            "crossed_white": crossed_white or {},
        }
        return self._act(code, action, token, request_id)

    def end_challenge(self, code: str, token: str, request_id: str | None = None) -> dict:
        return self._act(code, {"type": "end_challenge"}, token, request_id)

    def add_piece(
        self,
        code: str,
        token: str,
        piece: str | None = None,
        wild_as: str | None = None,
        seat: int | None = None,
        request_id: str | None = None,
    ) -> dict:
        return self._act(code, {"type": "add", "seat": seat, "piece": piece, "wild_as": wild_as}, token, request_id)

    def claim(
        self,
        code: str,
        word: str,
        token: str,
        row: int | None = None,
        seat: int | None = None,
        request_id: str | None = None,
    ) -> dict:
        # The API answers a claim with its seq, not the whole state (app/api/tables.py, ClaimedOut).
        answer = self._act(code, {"type": "claim", "seat": seat, "word": word, "row": row}, token, request_id)
        claims = [event["data"] for event in answer["events"] if event["type"] == "claim"]
        return {
            "events": answer["events"],
            "repeated": answer["repeated"],
            "seq": answer["state"]["seq"],
            "claim": claims[0] if claims else None,
        }

    def object_to(
        self, code: str, claim: int, token: str, seat: int | None = None, request_id: str | None = None
    ) -> dict:
        return self._act(code, {"type": "object", "seat": seat, "claim": claim}, token, request_id)

    def overrule(self, code: str, claim: int, stands: bool, token: str, request_id: str | None = None) -> dict:
        return self._act(code, {"type": "overrule", "claim": claim, "stands": stands}, token, request_id)

    def pass_challenge(self, code: str, token: str, seat: int | None = None, request_id: str | None = None) -> dict:
        return self._act(code, {"type": "pass", "seat": seat}, token, request_id)

    def roll_word(self, code: str, token: str, faces: list[str] | None = None, request_id: str | None = None) -> dict:
        return self._act(code, {"type": "roll_word", "faces": faces}, token, request_id)

    def end_game(
        self, code: str, token: str, hands: list[list[str]] | None = None, request_id: str | None = None
    ) -> dict:
        action: dict[str, Any] = {"type": "end_game"}
        if hands is not None:
            action["hands"] = [list(hand) for hand in hands]
        return self._act(code, action, token, request_id)

    # --- Booksmack ---------------------------------------------------------------------

    def play_round(
        self, code: str, cards: list[str], token: str, takers: list[int] | None = None, request_id: str | None = None
    ) -> dict:
        action: dict[str, Any] = {"type": "round", "cards": list(cards)}
        if takers is not None:
            action["takers"] = list(takers)
        return self._act(code, action, token, request_id)

    def take_round(self, code: str, takers: list[int], token: str, request_id: str | None = None) -> dict:
        return self._act(code, {"type": "take", "takers": list(takers)}, token, request_id)

    def play_turn(
        self,
        code: str,
        card: str,
        token: str,
        seat: int | None = None,
        steal: dict | None = None,
        request_id: str | None = None,
    ) -> dict:
        with as_service_answers(token):
            actor = self._actor(code, token)
        action: dict[str, Any] = {"type": "turn", "seat": seat or actor.seat, "card": card}
        if steal is not None:
            action["steal"] = {"seat": steal["seat"], "from": steal["from"]}
        return self._act(code, action, token, request_id, actor)

    def steal(self, code: str, seat: int, source: str, token: str, request_id: str | None = None) -> dict:
        return self._act(code, {"type": "steal", "seat": seat, "from": source}, token, request_id)

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
    """A whole-number setting from WORDSMITH_<name>, as the served app reads it (app/__init__.py DEFAULTS)."""
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
