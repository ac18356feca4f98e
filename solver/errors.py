"""The engine's one exception for refused input: what is wrong, said as people read it, and where.

`path` is the JSON path of the bad value in the request that carried it
(`("sheets", 0, "words", 2)`; empty when the whole input is at fault). The app
turns a `Refused` into a 422 problem in one place, its pointer built from the
path, so rewording a message never moves the pointer.
"""

from __future__ import annotations

import json

__all__ = ["Refused", "spelled"]


class Refused(ValueError):
    """Input the engine refuses, with the path of the bad value."""

    # The problem it is answered with: the service's "Request not valid" (app/errors.py), at the path's pointer.
    status, title = 422, "Request not valid"

    def __init__(self, message: str, path: tuple[str | int, ...] = ()):
        super().__init__(message)
        self.message = message
        self.path = tuple(path)

    def at(self, *prefix: str | int) -> Refused:
        """Return the same refusal with `prefix` put before its path (a caller knows where its part sits)."""
        # Copied field by field, not type(self)(...) or copy(): subclasses (ImpossibleEvent) take other arguments.
        refused = type(self).__new__(type(self), *self.args)
        refused.args, refused.__dict__ = self.args, {**self.__dict__, "path": (*prefix, *self.path)}
        return refused


def spelled(value: object, most: int = 40) -> str:
    """A value a request sent, as a refusal quotes it: text in quotes, anything else as JSON writes it (`null`,
    `["x"]`), cut short past `most` characters so a long input is not sent back whole."""
    if isinstance(value, str):
        return repr(value) if len(value) <= most else repr(value[:most])[:-1] + "…" + repr(value)[-1]
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= most else text[:most] + "…"
