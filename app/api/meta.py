"""About the service itself: `GET /health` and `GET /lexicons`."""

from __future__ import annotations

from flask import Blueprint
from pydantic import Field

from ..resources import resources
from .fields import LexiconName, Out
from .operation import operation

bp = Blueprint("meta", __name__)

# A lexicon's size, in the health check and in the list of lexicons alike.
VALID_WORDS = "number of valid words"


class LexiconHealthOut(Out):
    id: LexiconName
    size: int = Field(description=VALID_WORDS)
    checksum: str = Field(description="sha256 of the word list the lexicons are built from (shared by all sizes)")


class HealthOut(Out):
    status: str = Field(description="`ok` when the service answers")
    lexicons: list[LexiconHealthOut]


class LexiconOut(Out):
    id: LexiconName
    size: int = Field(description=VALID_WORDS)
    description: str
    default: bool = Field(description="whether requests that name no lexicon use this one")


class LexiconsOut(Out):
    lexicons: list[LexiconOut] = Field(description="smallest first")


@bp.get("/health")
@operation(response=HealthOut)
def health():
    """Report that the service is up, with each lexicon's size and checksum."""
    shared = resources()
    checksum = shared.lexicons.checksum
    return {
        "status": "ok",
        "lexicons": [{"id": name, "size": size, "checksum": checksum} for name, size in shared.sizes.items()],
    }


@bp.get("/lexicons")
@operation(response=LexiconsOut)
def lexicons():
    """List the lexicons: id, size, description, and which is the default."""
    shared = resources()
    return {
        "lexicons": [
            {
                "id": name,
                "size": size,
                "description": shared.lexicons[name].description,
                "default": name == shared.default_lexicon,
            }
            for name, size in shared.sizes.items()
        ]
    }
