"""The app's JSON provider (`app.json`): every answer serialized by pydantic-core.

Flask hands each dict a view returns to `app.json.response`; this provider
writes it with pydantic-core (Rust), much quicker than the json module
Flask's default uses, keeping the fields in the order the code gives them.
One answer is special: the solve page, the biggest, is
written by its view with one tail per distinct cost (`wordsmith.solve_json`)
and returned as `Prewritten`, which the provider passes through as it is.
"""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.json.provider import DefaultJSONProvider
from pydantic_core import to_json

__all__ = ["FastJSONProvider", "Prewritten"]


class Prewritten(str):
    """JSON already written by a view's own writer: the provider sends it as it is."""


class FastJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider, writing with pydantic-core (reading stays the json module's)."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if isinstance(obj, Prewritten):
            return str(obj)
        return to_json(obj, indent=kwargs.get("indent")).decode()

    def response(self, *args: Any, **kwargs: Any):
        """`jsonify`'s answer: one argument as it is, several as a list, keywords as an object (Flask's rule)."""
        if args and kwargs:
            raise TypeError("app.json.response() takes either args or kwargs, not both")
        obj = kwargs or (args[0] if len(args) == 1 else list(args) if args else None)
        return current_app.response_class(self.body(obj), mimetype=self.mimetype)

    def body(self, obj: Any) -> bytes:
        """The bytes of an answer's body: `obj` written as JSON, then a newline (what `response` sends)."""
        if isinstance(obj, Prewritten):
            return obj.encode() + b"\n"
        indent = 2 if (self.compact is None and current_app.debug) or self.compact is False else None
        return to_json(obj, indent=indent) + b"\n"
