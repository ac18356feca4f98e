"""The building blocks of request and response models, shared by every resource.

A request model subclasses `Request` (unknown fields refused) and types its
fields with the aliases below (in a new alias, put `Field(...)` before `Limit`), so the limits are the same everywhere and
appear in the OpenAPI document:

    class CheckWords(Request):
        words: Words
        lexicon: LexiconName | None = None

`Limit("MAX_WORD_LENGTH")` bounds a string's length (normalized: padding
does not count), a list's size or a number by a setting read from the running app's config (the defaults outside
one), both when validating and when the OpenAPI document is written. Sizes are
checked before the items are validated, so an oversized list costs nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_origin

from flask import current_app, has_app_context
from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError, core_schema

from solver.lexicon import CATEGORY_SENTENCES, SIZES
from solver.normalize import fold

__all__ = [
    "LexiconName", "Limit", "Pool", "Rack", "Reason", "Request", "Response", "ResultLimit", "Word", "Words", "limit_of",
]


class Request(BaseModel):
    """Base of every request model (body, or path and query parameters): unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")


class Response(BaseModel):
    """Base of every response model. Only describes the JSON (views return dicts); fields may be added freely."""

    model_config = ConfigDict(extra="allow")


def limit_of(setting: str) -> int:
    """Return the value of a limit setting in the running app, or its default."""
    if has_app_context():
        return current_app.config[setting]
    from app import DEFAULTS

    return DEFAULTS[setting]


@dataclass(frozen=True)
class Limit:
    """Annotation: at most `limit_of(setting)` characters, items, or (for a number) its value."""

    setting: str

    def __get_pydantic_core_schema__(self, source: Any, handler) -> core_schema.CoreSchema:
        inner = handler(source)
        if (get_origin(source) or source) in (int, float):
            return core_schema.no_info_after_validator_function(self._check_number, inner)
        return core_schema.no_info_before_validator_function(self._check_size, inner)

    def _check_size(self, value: Any) -> Any:
        limit = limit_of(self.setting)
        # A string is a word, a fragment or a rack: counted as it will be judged, normalized,
        # so surrounding spaces and invisible characters (a phone's, a copy's) never tip it over.
        if isinstance(value, str) and len(value) > limit and len(folded := fold(value)) > limit:
            raise PydanticCustomError("too_long", "at most {limit} characters, not {actual}: shorten it", {"limit": limit, "actual": len(folded)})
        if isinstance(value, (list, tuple, dict)) and len(value) > limit:
            raise PydanticCustomError("too_long", "at most {limit} items, not {actual}: send fewer, or split the request", {"limit": limit, "actual": len(value)})
        return value

    def _check_number(self, value: Any) -> Any:
        limit = limit_of(self.setting)
        if value > limit:
            raise PydanticCustomError("less_than_equal", "at most {limit}: ask for fewer", {"limit": limit})
        return value

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler) -> dict:
        json_schema = handler(schema)
        kind = json_schema.get("type")
        key = {"string": "maxLength", "array": "maxItems", "object": "maxProperties"}.get(kind, "maximum")
        json_schema[key] = limit_of(self.setting)
        return json_schema


LexiconName = Annotated[Literal[SIZES], Field(description="a lexicon size: " + ", ".join(SIZES))]
Reason = Literal[tuple(CATEGORY_SENTENCES)]
Word = Annotated[str, Field(min_length=1, description="a word, as typed (it is normalized)"), Limit("MAX_WORD_LENGTH")]
Words = Annotated[list[Word], Field(min_length=1, description="the words, judged in order"), Limit("MAX_WORDS_PER_CHECK")]
Rack = Annotated[str, Field(min_length=1, description="letters a-z, `?` for a blank"), Limit("MAX_RACK_LETTERS")]
ResultLimit = Annotated[int, Field(ge=1, description="the most results to return"), Limit("MAX_RESULT_LIMIT")]


def Pool(piece: Any) -> Any:  # noqa: N802 - used like a type: `pool: Pool(PieceName)`
    """Return the type of a pool: a list of `piece`, at most MAX_POOL_PIECES long."""
    return Annotated[list[piece], Field(description="the pieces on the table"), Limit("MAX_POOL_PIECES")]
