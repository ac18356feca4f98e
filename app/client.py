"""A small Python client for the Wordsmith judge API, on `requests` (no Flask here).

    >>> from app.client import WordsmithClient          # doctest: +SKIP
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

    def __init__(self, status: int, title: str, detail: str = "", errors: list[dict] | None = None, *, type: str = "about:blank", response=None):
        self.status = status
        self.title = title
        self.detail = detail
        self.errors = errors or []
        self.type = type
        fields = "".join(f"; {e.get('pointer') or '/'}: {e.get('detail')}" for e in self.errors)
        super().__init__(f"{status} {title}: {detail}{fields}", response=response)

    @classmethod
    def from_response(cls, response: requests.Response) -> "WordsmithError":
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

    def __enter__(self) -> "WordsmithClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.session.close()

    # One method per endpoint. A new endpoint is one more line in the same
    # pattern, e.g. `def judge(self, **request): return self._post("/api/v1/wordsmith/judge", request)`.

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
            raise WordsmithError(response.status_code, "Not JSON", f"{method} {path} answered {response.headers.get('Content-Type')}", response=response) from None


def _given(values: dict[str, Any] | None) -> dict[str, Any]:
    """Drop the arguments left as None, so the service applies its defaults."""
    return {key: value for key, value in (values or {}).items() if value is not None}
