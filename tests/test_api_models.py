"""The shared field types of request models: limits from the config, in validation and in the schema."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import ValidationError

from app import DEFAULTS, create_app
from app.api.fields import LexiconName, Limit, Rack, Request, ResultLimit, Word, Words


class Example(Request):
    word: Word = "cat"
    words: Words = ["cat"]
    pool: Annotated[list[str], Limit("MAX_POOL_PIECES")] = []
    rack: Rack = "abc"
    limit: ResultLimit = 10
    lexicon: LexiconName | None = None


@pytest.mark.parametrize(
    "field, value, setting",
    [
        ("word", "a" * (DEFAULTS["MAX_WORD_LENGTH"] + 1), "MAX_WORD_LENGTH"),
        ("words", ["a"] * 51, "MAX_WORDS_PER_CHECK"),
        ("pool", ["red"] * 61, "MAX_POOL_PIECES"),
        ("rack", "a" * 21, "MAX_RACK_LETTERS"),
        ("limit", 1001, "MAX_RESULT_LIMIT"),
    ],
)
def test_limits(field, value, setting):
    Example.model_validate({field: value[:-1] if not isinstance(value, int) else value - 1})
    with pytest.raises(ValidationError) as raised:
        Example.model_validate({field: value})
    (error,) = raised.value.errors()
    assert error["loc"] == (field,) and str(DEFAULTS[setting]) in error["msg"]
    schema = Example.model_json_schema()["properties"][field]
    assert DEFAULTS[setting] in (schema.get("maxLength"), schema.get("maxItems"), schema.get("maximum"))


def test_limits_come_from_the_running_app():
    with create_app({"MAX_RACK_LETTERS": 3}).app_context():
        with pytest.raises(ValidationError):
            Example.model_validate({"rack": "abcd"})
        assert Example.model_json_schema()["properties"]["rack"]["maxLength"] == 3
    Example.model_validate({"rack": "abcd"})  # outside an app: the defaults


def test_lower_bounds_and_unknown_fields():
    for bad in ({"word": ""}, {"words": []}, {"rack": ""}, {"limit": 0}, {"lexicon": "huge"}, {"colour": "red"}):
        with pytest.raises(ValidationError):
            Example.model_validate(bad)
