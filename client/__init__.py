"""A small Python client for the Wordsmith judge API, on `requests` (no Flask here).

    >>> from client import WordsmithClient              # doctest: +SKIP
    >>> judge = WordsmithClient("http://localhost:8000")  # doctest: +SKIP
    >>> judge.check(["qi", "zyzzyva"])["all_valid"]      # doctest: +SKIP
    True

Each method mirrors one endpoint and returns its JSON body as a dict. An error
response raises `WordsmithError` carrying the problem document's `status`,
`title`, `detail` and `errors` (each bad field's `pointer` and `detail`).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import requests

__all__ = ["WordsmithClient", "WordsmithError"]


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
    ):
        self.status = status
        self.title = title
        self.detail = detail
        self.errors = errors or []
        self.type = type
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
        )


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

    def solve(self, pool: str | dict, **filters: Any) -> dict:
        """`POST /api/v1/wordsmith/solve`: {"pool", "total", "offset", "limit", "words": [{word, score, pieces, leftover}, ...]}."""
        return self._post("/api/v1/wordsmith/solve", {"pool": pool, **filters})

    def hints(self, pool: str | dict, **filters: Any) -> dict:
        """`POST /api/v1/wordsmith/hints`: the best claims by net points, `add` per piece kind, a die's worth (`roll`)."""
        return self._post("/api/v1/wordsmith/hints", {"pool": pool, **filters})

    def judge(self, word: str, pool: str | dict, **kw: Any) -> dict:
        """`POST /api/v1/wordsmith/judge`: {"valid", "objections": [{code, message}, ...], "score", "leftover", "discards", ...}."""
        return self._post("/api/v1/wordsmith/judge", {"word": word, "pool": pool, **kw})

    def score(self, sheets: list[dict], variant: str = "standard", lexicon: str | None = None) -> dict:
        """`POST /api/v1/wordsmith/score`: each sheet's challenges (letters, bonus, total) and total; `winners`."""
        return self._post("/api/v1/wordsmith/score", {"sheets": list(sheets), "variant": variant, "lexicon": lexicon})

    def roll(self, roll: str = "start", seed: int | None = None) -> dict:
        """`POST /api/v1/wordsmith/roll`: {"what", "seed", "rolls", "labels", "gives", "pieces", "pieces_text"}."""
        return self._post("/api/v1/wordsmith/roll", {"roll": roll, "seed": seed})

    def rack(self, rack: str, **filters: Any) -> dict:
        """`POST /api/v1/racks/solve`: {"rack", "total", "offset", "limit", "words": [{word, score, length, blanks, leftover}, ...]}."""
        return self._post("/api/v1/racks/solve", {"rack": rack, **filters})

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


def _given(values: dict[str, Any] | None) -> dict[str, Any]:
    """Drop the arguments left as None, so the service applies its defaults."""
    return {key: value for key, value in (values or {}).items() if value is not None}
