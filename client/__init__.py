"""A small Python client for the Wordsmith judge API, on `requests` (no Flask here).

    >>> from client import WordsmithClient              # doctest: +SKIP
    >>> judge = WordsmithClient("http://localhost:8000")  # doctest: +SKIP
    >>> judge.check(["qi", "xi"])["all_valid"]           # doctest: +SKIP
    True

Each method mirrors one endpoint and returns its JSON body as a dict. An error
response raises `WordsmithError` carrying the problem document's `status`,
`title`, `detail` and `errors` (each bad field's `pointer` and `detail`; a
table's refusal also its `code` and `objections`).

Live tables (`TABLE_OPERATIONS`) take the seat's or host's `token`; each
state-changing call sends a `request_id` (a fresh UUID unless given) and,
when the connection fails before an answer, sends the same request again
with the same id, which the service applies at most once. `events(code)`
follows a table's event stream, reconnecting with `Last-Event-ID`:

    >>> table = judge.create_table("wordsmith", ["Ann", "Bob"])            # doctest: +SKIP
    >>> ann = judge.join_table(table["code"], 1)["token"]                   # doctest: +SKIP
    >>> judge.start_challenge(table["code"], token=table["host_token"])    # doctest: +SKIP
    >>> judge.claim(table["code"], "cast", token=ann)["claim"]             # doctest: +SKIP
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import requests

from .table_actions import ACTIONS, TableAction, install

__all__ = ["TABLE_OPERATIONS", "WordsmithClient", "WordsmithError", "read_events"]

# The live-table methods: those written out below, and one per action of `client.table_actions.ACTIONS`.
TABLE_OPERATIONS = frozenset(
    {"create_table", "join_table", "table", "table_record", "table_qr", "delete_table", "events"}
    | {action.name for action in ACTIONS}
)
# Tries of a state-changing table request whose connection fails before an answer (same request id each time).
TRIES = 3


class WordsmithError(requests.HTTPError):
    """An error response from the service, read from its RFC 9457 problem document."""

    def __init__(
        self,
        status: int,
        title: str,
        detail: str = "",
        errors: list[dict] | None = None,
        *,
        type: str = "about:blank",
        response=None,
        code: str | None = None,
        objections: list[dict] | None = None,
    ):
        self.status = status
        self.title = title
        self.detail = detail
        self.errors = errors or []
        self.type = type
        self.code = code
        self.objections = objections or []
        fields = "".join(f"; {e.get('pointer') or '/'}: {e.get('detail')}" for e in self.errors)
        super().__init__(f"{status} {title}: {detail}{fields}", response=response)

    @classmethod
    def from_response(cls, response: requests.Response) -> WordsmithError:
        """Read the problem document of an error response (or make one from a non-JSON error)."""
        try:
            body = response.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return cls(response.status_code, response.reason or "HTTP error", response.text[:200], response=response)
        return cls(
            body.get("status", response.status_code),
            body.get("title", response.reason or "HTTP error"),
            body.get("detail", ""),
            body.get("errors"),
            type=body.get("type", "about:blank"),
            response=response,
            code=body.get("code"),
            objections=body.get("objections"),
        )


@install  # the live-table actions, one method each (client/table_actions.py)
class WordsmithClient:
    """Call a running Wordsmith judge service; `timeout` (seconds) bounds every request."""

    def __init__(self, base_url: str, timeout: float = 5.0, session: requests.Session | None = None):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = session or requests.Session()
        self.session.headers.setdefault("Accept", "application/json")

    def __repr__(self) -> str:
        return f"WordsmithClient({self.base_url!r})"

    def __enter__(self) -> WordsmithClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.session.close()

    # One method per endpoint. A new endpoint is one more method in the same
    # pattern: `return self._post("/api/v1/...", {...})`.

    def health(self) -> dict:
        """`GET /api/v1/health`: status, each lexicon's size and checksum."""
        return self._get("/api/v1/health")

    def lexicons(self) -> dict:
        """`GET /api/v1/lexicons`: {"lexicons": [{id, size, description, default}, ...]}."""
        return self._get("/api/v1/lexicons")

    def word(self, word: str, lexicon: str | None = None) -> dict:
        """`GET /api/v1/words/{word}`: one verdict (word, normalized, valid, tier, reason, message, definition)."""
        return self._get(f"/api/v1/words/{quote(word, safe='')}", {"lexicon": lexicon})

    def check(self, words: list[str], lexicon: str | None = None) -> dict:
        """`POST /api/v1/words/check`: {"verdicts": [...in order...], "all_valid": bool}."""
        return self._post("/api/v1/words/check", {"words": list(words), "lexicon": lexicon})

    # The game endpoints. `pool` is text ("R3 Y2 B1 G2") or a dict of counts;
    # `filters` are the request fields by name (min_length, starts_with,
    # required_letter, previous_word, claimed, use_all, limit, offset, lexicon...).

    def alphabet(self) -> dict:
        """`GET /api/v1/wordsmith/alphabet`: the piece kinds, each letter's pieces and status, the dice."""
        return self._get("/api/v1/wordsmith/alphabet")

    def solve(self, pool: str | dict, sort: str = "score", **filters: Any) -> dict:
        """`POST /api/v1/wordsmith/solve`: {"pool", "total", "offset", "limit", "words": [{word, score, pieces, leftover, familiarity}, ...]}.

        `sort`: `score` (best first, the more familiar word first among equals), `alphabetical` or `familiar`.
        """
        return self._post("/api/v1/wordsmith/solve", {"pool": pool, "sort": sort, **filters})

    def hints(self, pool: str | dict, sort: str = "score", **filters: Any) -> dict:
        """`POST /api/v1/wordsmith/hints`: the best claims by net points, `add` per piece kind, a die's worth (`roll`).

        `sort` lists the same claims by `score`, `alphabetical` or `familiar` (each claim carries its `familiarity`).
        """
        return self._post("/api/v1/wordsmith/hints", {"pool": pool, "sort": sort, **filters})

    def judge(self, word: str, pool: str | dict, **kw: Any) -> dict:
        """`POST /api/v1/wordsmith/judge`: {"valid", "objections": [{code, message}, ...], "score", "leftover", "discards", ...}."""
        return self._post("/api/v1/wordsmith/judge", {"word": word, "pool": pool, **kw})

    def score(self, sheets: list[dict], variant: str = "standard", lexicon: str | None = None) -> dict:
        """`POST /api/v1/wordsmith/score`: each sheet's challenges (letters, bonus, total) and total; `winners`."""
        return self._post("/api/v1/wordsmith/score", {"sheets": list(sheets), "variant": variant, "lexicon": lexicon})

    def roll(self, roll: str = "start", seed: int | None = None) -> dict:
        """`POST /api/v1/wordsmith/roll`: {"what", "seed", "rolls", "labels", "gives", "pieces", "pieces_text"}."""
        return self._post("/api/v1/wordsmith/roll", {"roll": roll, "seed": seed})

    def rack(self, rack: str, sort: str = "score", **filters: Any) -> dict:
        """`POST /api/v1/racks/solve`: {"rack", "total", "offset", "limit", "words": [{word, score, length, blanks, leftover, familiarity}, ...]}.

        `sort`: `score` (best first, the more familiar word first among equals), `alphabetical` or `familiar`.
        """
        return self._post("/api/v1/racks/solve", {"rack": rack, "sort": sort, **filters})

    def booksmack(self, cards: list[str], lexicon: str | None = None) -> dict:
        """`POST /api/v1/booksmack/judge`: {"action", "spells", "winners" (card positions), "explanation", ...}."""
        return self._post("/api/v1/booksmack/judge", {"cards": list(cards), "lexicon": lexicon})

    def booksmack_turn(self, cards: list[str], played: int, lexicon: str | None = None) -> dict:
        """`POST /api/v1/booksmack/turn`: the card just played at seat `played`: {"action", "highest", "lowest", "spells", ...}."""
        return self._post("/api/v1/booksmack/turn", {"cards": list(cards), "played": played, "lexicon": lexicon})

    def booksmack_score(self, cards: list[str], variant: str = "base") -> dict:
        """`POST /api/v1/booksmack/score`: {"variant", "total", "breakdown": [{card, points, why}, ...]}."""
        return self._post("/api/v1/booksmack/score", {"cards": list(cards), "variant": variant})

    def colorsmash(self, card: str | dict, colours: list[str] | None = None) -> dict:
        """`POST /api/v1/colorsmash/judge`: {"slap": bool, "code", "outcome", "card", "text"}."""
        return self._post(
            "/api/v1/colorsmash/judge", {"card": card, "colours": None if colours is None else list(colours)}
        )

    def colorsmash_replay(
        self, mode: str, players: list[str], events: list[dict], colours: list[str] | None = None
    ) -> dict:
        """`POST /api/v1/colorsmash/replay`: every player's state, the pile, `finished`, `winners`, the log."""
        body = {
            "mode": mode,
            "players": list(players),
            "events": list(events),
            "colours": None if colours is None else list(colours),
        }
        return self._post("/api/v1/colorsmash/replay", body)

    # Live tables. `token`: the seat's (or the host's) token; `request_id`: left out, a fresh one.
    # Besides these, one method per table action (lock_table, claim, play_round, ...) comes from
    # client/table_actions.py, which describes each once for this client and the CLI's local backend.

    def create_table(
        self,
        game: str,
        seats: list[str],
        lexicon: str | None = None,
        variants: list[str] | None = None,
        house_words: list[str] | None = None,
    ) -> dict:
        """`POST /api/v1/tables`: {"code", "host_token", "join_url", "qr_url", "seats", "state"}; `house_words`:
        Wordsmith's, carried from an earlier table (its state's `house_words`)."""
        body = {"game": game, "seats": list(seats), "lexicon": lexicon, "variants": variants}
        if house_words:
            body["house_words"] = list(house_words)
        return self._post("/api/v1/tables", body)

    def join_table(
        self, code: str, seat: int, token: str | None = None, request_id: str | None = None, secret: str | None = None
    ) -> dict:
        """`POST /api/v1/tables/{code}/seats/{seat}`: {"seat", "token", "state"} (the host's `token` joins past a lock).

        A retry after a lost answer sends the same request id and the same secret: with it the seat comes back, and
        no one who saw the request id can take the seat with it. This call retries so itself; a caller who retries
        later passes the `request_id` and `secret` it joined with (without a secret, each call makes its own)."""
        secret = secret or uuid.uuid4().hex + uuid.uuid4().hex
        return self._act(code, f"/seats/{int(seat)}", {"secret": secret}, token, request_id)

    def table(self, code: str, token: str | None = None) -> dict:
        """`GET /api/v1/tables/{code}`: the state as that token may see it (no token: the table view)."""
        return self._request("GET", self._table(code), headers=_bearer(token))

    def table_record(self, code: str, token: str | None = None) -> dict:
        """`GET /api/v1/tables/{code}/record`: {"code", "events"}, replayable."""
        return self._request("GET", self._table(code, "/record"), headers=_bearer(token))

    def table_qr(self, code: str) -> str:
        """`GET /api/v1/tables/{code}/qr.svg`: the join link's QR code, as SVG text."""
        response = self.session.get(self.base_url + self._table(code, "/qr.svg"), timeout=self.timeout)
        if not response.ok:
            raise WordsmithError.from_response(response)
        return response.text

    def delete_table(self, code: str, token: str) -> dict:
        """`DELETE /api/v1/tables/{code}` (host): {"deleted": code}."""
        return self._request("DELETE", self._table(code), headers=_bearer(token))

    def events(self, code: str, after: int = 0, token: str | None = None, reconnect: bool = True) -> Iterator[dict]:
        """`GET /api/v1/tables/{code}/events`: yield each event (seq, type, at, by, data) as it happens.

        A follower of the stream as docs/api.md, "Event streams", says: when
        the server ends the stream (it does after a few minutes) or it drops
        (a worker restarting, the network), the generator reconnects after the
        server's `retry:` delay, resuming with `Last-Event-ID`, as a browser's
        EventSource does; `TRIES` failed connections in a row, or an HTTP
        refusal (`WordsmithError`: the table deleted), end it. With
        `reconnect=False` it ends with the stream, and a drop is raised. Stop
        by closing the generator (or leaving the loop).
        """
        last, delay, failed = after, 1.0, 0
        while True:
            headers = {**_bearer(token), "Accept": "text/event-stream", "Last-Event-ID": str(last)}
            try:
                # The read timeout outlasts the server's heartbeat (15 s), so a quiet table does not end the stream.
                with self.session.get(
                    self.base_url + self._table(code, "/events"),
                    headers=headers,
                    stream=True,
                    timeout=(self.timeout, max(self.timeout, 45.0)),
                ) as response:
                    if not response.ok:
                        raise WordsmithError.from_response(response)
                    failed = 0
                    for field, value in read_events(response.iter_lines(decode_unicode=True)):
                        if field == "retry":
                            delay = value / 1000
                        else:
                            last = value["seq"]
                            yield value
            except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError):
                failed += 1
                if not reconnect or failed >= TRIES:
                    raise
            if not reconnect:
                return
            time.sleep(delay)

    def _table_action(self, action: TableAction, values: dict) -> dict:
        """One of the table actions (`ACTIONS`): its POST, with the path's seat and the body's fields."""
        code, token, request_id = values["code"], values["token"], values["request_id"]
        return self._act(code, action.path_for(values), action.body(values), token, request_id)

    def _table(self, code: str, rest: str = "") -> str:
        return f"/api/v1/tables/{quote(code, safe='')}{rest}"

    def _act(self, code: str, rest: str, body: dict, token: str | None, request_id: str | None) -> dict:
        """POST a table action with its request id; resend it (same id) when the connection fails before an answer."""
        body = _given({**body, "request_id": request_id or uuid.uuid4().hex})
        for attempt in range(TRIES):
            try:
                return self._request("POST", self._table(code, rest), json=body, headers=_bearer(token))
            except (requests.ConnectionError, requests.Timeout):
                if attempt == TRIES - 1:
                    raise
                time.sleep(0.2 * 2**attempt)
        raise AssertionError("unreachable")

    def _get(self, path: str, params: dict[str, Any] | None = None) -> dict:
        return self._request("GET", path, params=_given(params))

    def _post(self, path: str, body: dict[str, Any]) -> dict:
        return self._request("POST", path, json=_given(body))

    def _request(self, method: str, path: str, **kwargs) -> dict:
        response = self.session.request(method, self.base_url + path, timeout=self.timeout, **kwargs)
        if not response.ok:
            raise WordsmithError.from_response(response)
        try:
            return response.json()
        except ValueError:
            raise WordsmithError(
                response.status_code,
                "Not JSON",
                f"{method} {path} answered {response.headers.get('Content-Type')}",
                response=response,
            ) from None


def read_events(lines) -> Iterator[tuple[str, Any]]:
    """Parse Server-Sent Events text lines: yield ("retry", ms) and ("event", the event's JSON) as each message ends.

    Comments (the heartbeat) and messages without data are skipped; a message's data lines are joined with newlines.
    """
    data: list[str] = []
    for line in lines:
        if line == "":
            if data:
                yield "event", json.loads("\n".join(data))
            data = []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "data":
            data.append(value)
        elif field == "retry" and value.isdigit():
            yield "retry", int(value)


def _bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def _given(values: dict[str, Any] | None) -> dict[str, Any]:
    """Drop the arguments left as None, so the service applies its defaults."""
    return {key: value for key, value in (values or {}).items() if value is not None}
