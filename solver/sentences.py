"""Every sentence the judges say, by key, from one table (solver/data/sentences.toml).

The server formats them here; the offline judge gets the same table (app/offline.py puts it in the offline
meta) and formats it with the same rule (app/static/sentences.js), so the two cannot say different words.

>>> say("word.valid", W="BAG")
'BAG is a valid word.'
>>> say("word.reasons.not_in_lexicon", W="ZZQ", size="small")
'ZZQ is not in the small word lists; it may be newer than they are.'
"""

from __future__ import annotations

import re
import string
import tomllib
from functools import cache
from importlib import resources

__all__ = ["sentences", "group", "say", "check_template"]

# The one placeholder form both languages fill alike: `{name}`, a name of letters, digits and underscores.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def check_template(key: str, template: str) -> str:
    """Return `template` if its only braces are plain `{name}` fields; refuse a format spec, conversion or `{{`."""
    refusal = ValueError(f"sentence {key!r}: only plain {{name}} placeholders are allowed (got {template!r})")
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:  # a lone brace
        raise refusal from None
    for literal, name, spec, conversion in fields:
        plain = name is None or (_NAME.fullmatch(name) and not spec and conversion is None)
        if not plain or "{" in literal or "}" in literal:
            raise refusal
    return template


def _flatten(table: dict, prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[prefix + key] = check_template(prefix + key, value)
    return flat


@cache
def sentences() -> dict[str, str]:
    """Return every sentence template by its dotted key (`word.reasons.slang`), in the file's order, read once."""
    with resources.files("solver").joinpath("data", "sentences.toml").open("rb") as file:
        return _flatten(tomllib.load(file))


def group(prefix: str) -> dict[str, str]:
    """Return the templates under one key prefix (`word.reasons`), by their last name."""
    start = prefix + "."
    return {key[len(start) :]: text for key, text in sentences().items() if key.startswith(start)}


def say(key: str, **values) -> str:
    """Fill one sentence's placeholders from `values` (extra values are ignored; a missing one is a KeyError)."""
    return sentences()[key].format(**values)
