"""Letter racks (Scrabble-style tiles, `?` blanks): `POST /racks/solve` lists the words a rack builds."""

from __future__ import annotations

from typing import Annotated, Any

from flask import Blueprint
from pydantic import Field

from solver import search

from ..resources import lexicon_named, racks_for
from .fields import Checked, Familiarity, Filters, Lexicon, Out, Page, Rack, Sort, limit_of
from .operation import operation

bp = Blueprint("racks", __name__)


def read_rack(value: Any) -> str:
    """Return the rack as sent when the rules can read it: letters a-z and at most MAX_BLANKS `?`."""
    if not isinstance(value, str):
        raise ValueError("rack: give the tiles as text, like 'retains?'")
    limit = limit_of("MAX_RACK_LETTERS")
    if len(value) > limit:
        raise ValueError(f"rack: at most {limit} characters, not {len(value)}: shorten it")
    search.parse_rack(value)  # names the bad tile, or the blanks over the limit
    return value


class RackRequest(Page, Filters):
    rack: Annotated[str, Checked(read_rack, Rack)] = Field(
        description=f"letters a-z and up to {search.MAX_BLANKS} `?` blanks (spaces ignored), like `retains?`"
    )
    lexicon: Lexicon = None
    sort: Sort = "score"


class RackWordOut(Out):
    word: str
    score: int = Field(description="Scrabble tile values; a blank scores 0")
    length: int
    blanks: str = Field(description="the letters the blanks stand for")
    leftover: str = Field(description="the rack's tiles left over (`?` for an unused blank)")
    familiarity: Familiarity


class RackSolveOut(Out):
    rack: str = Field(description="the rack, normalized")
    total: int = Field(description="how many words the rack builds under the filters (all pages)")
    offset: int
    limit: int
    words: list[RackWordOut] = Field(
        description="this page in the `sort` order; by `score`: best tile score first, then longest, then most familiar, then alphabetical"
    )


@bp.post("/racks/solve")
@operation(body=RackRequest, response=RackSolveOut, refused_at="rack")
def solve(body: RackRequest):
    """List the words a rack of letter tiles builds (`?` is a blank), best tile score first."""
    index = racks_for(lexicon_named(body.lexicon))
    return search.solve_rack(index, body.rack, body.query(), body.limit, body.offset, body.sort).to_dict()
