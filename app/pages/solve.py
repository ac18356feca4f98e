"""The solver (`/solve`): every word a pool builds, grouped by score, and what one more piece would open.

    /solve?pool=R3+Y2+B1+G2            words of the pool (solver.search.solve) and hints (solver.wordsmith.hints)
    /solve?pool=R3+Y2+B1+G2&previous=bag&required=s&discards_used=7
    /solve?pool=R9+Y9+B4+G4&page=3     the third page of the words
    /solve?rack=retains%3F             a letter rack, `?` for a blank (solver.search.solve_rack)

Every word shows, without a hover, its net points (letters minus the blue
discard boxes its leftovers would check, from the discards already used) and
the pieces it leaves; a word that uses every piece is marked, and so is a rare
word most players will not know (solver.lexicon.is_obscure). Among words of
equal points the familiar come first (the solver's own order). The per-length
counts count every word the pool builds, not only the page's. Each word links
to the judge with the whole claim: pool, previous word, claimed words,
required letter and discards. With `draft=1` (a chip was just tapped) nothing
is solved until Solve is pressed.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from typing import Annotated
from urllib.parse import quote_plus

from flask import url_for
from pydantic import Field

from solver import search
from solver.errors import Refused
from solver.lexicon import is_obscure
from solver.limits import PAGE_WORDS
from solver.pieces import Pool
from solver.sentences import say
from solver.text import split_words
from solver.wordsmith import discard_boxes, hints

from ..api.fields import Limit
from ..resources import lexicon_named, pieces_for, racks_for
from .blueprint import (
    CLAIM_LABELS,
    CLAIM_ORDER,
    ClaimForm,
    PageForm,
    PoolText,
    bp,
    page_error,
    pool_chips,
    pool_page,
    render,
    solver_error,
)

LABELS = {"pool": "Pool", "rack": "Rack", **CLAIM_LABELS, "page": "Page"}
ORDER = ("pool", *CLAIM_ORDER)
# Words per page (the offline solver shows as many: app/offline.py puts it in the meta).
SHOWN = PAGE_WORDS
# Words shown per "one more piece" hint.
HINTS = 6


class SolveLead(PageForm):
    pool: PoolText = ""
    rack: Annotated[str, Limit("MAX_RACK_LETTERS")] = ""


class SolveForm(ClaimForm, SolveLead):
    """The solver's query string: the pool and the rack, then the claim's fields, then the page of words."""

    page: Annotated[int, Field(ge=1)] = 1


def _groups(words, length, counts: dict[int, int] | None = None) -> list[dict]:
    """Group found words (already best first) by their length; `counts` gives each length's count over all pages."""
    ordered = sorted(words, key=lambda w: -length(w))  # stable: keeps the solver's order within a length
    groups = []
    for n, members in groupby(ordered, key=length):
        members = list(members)
        groups.append({"letters": n, "words": members, "count": (counts or {}).get(n, len(members))})
    return groups


def claim_links(form: SolveForm) -> dict:
    """Return the judge-link parameters that carry the claim's rules: previous and claimed words, letter, boxes."""
    values = {
        "previous": form.previous.strip(),
        "claimed": form.claimed.strip(),
        "required": form.required.strip(),
        "discards_used": form.discards_used,
        "crossed_white": form.crossed_white,
        "lexicon": form.lexicon,
    }
    return {key: value for key, value in values.items() if value}


# The characters werkzeug leaves unquoted in a query (werkzeug.urls._urlencode): a link written here reads
# exactly as url_for writes it.
URL_SAFE = "!$'()*,/:;?@"


def judge_links(pool: str, links: dict) -> Callable[[str], str]:
    """Return word -> the judge's URL claiming it from `pool` under the claim's rules (`links`).

    The URL `url_for("pages.home", word=word, pool=pool, **links)` builds, its
    query after the word written once per pool, not once per word: url_for for
    each of a page's words was a large share of the page's CPU time.
    """
    path, _, query = url_for("pages.home", pool=pool, **links).partition("?")
    return lambda word: f"{path}?word={quote_plus(word, safe=URL_SAFE)}&{query}"


def page_count(total: int) -> int:
    return max(1, -(-total // SHOWN))


def solve_pool(form: SolveForm, pool: Pool) -> dict:
    lexicon = lexicon_named(form.lexicon)
    index = pieces_for(lexicon)
    query = search.Query(
        previous_word=form.previous.strip(),
        required_letter=form.required.strip(),
        claimed=tuple(split_words(form.claimed)),
    )
    boxes = discard_boxes(form.crossed_white, form.discards_used)
    found = search.solve(index, pool, query, limit=SHOWN, offset=(form.page - 1) * SHOWN)
    if form.page > (pages := page_count(found.total)):
        too_far = say("field.no_such_page_one") if pages == 1 else say("field.no_such_page", pages=pages)
        raise Refused(too_far, ("page",))
    advice = hints(index, pool, query, discards_used=form.discards_used, crossed_white=form.crossed_white, limit=HINTS)
    chips = {chip["kind"]: chip for chip in pool_chips(None)}
    links = claim_links(form)
    link = judge_links(str(pool), links)
    words = [
        {
            "word": w.word,
            "link": link(w.word),
            "leftover": w.leftover,
            "left": w.leftover.size,
            "net": w.score - boxes.blue_cost(w.leftover.size),
            "claimable": w.leftover.size <= boxes.left,
            "rare": is_obscure(w.familiarity),
        }
        for w in found.words
    ]
    return {
        "pool": str(pool),
        "total": found.total,
        "shown": len(words),
        "page": form.page,
        "pages": page_count(found.total),
        "per_page": SHOWN,
        "first": found.offset + 1,
        "last": found.offset + len(words),
        "groups": _groups(words, lambda w: len(w["word"]), found.by_length),
        "by_length": found.by_length,
        "best": advice.claims[0] if advice.claims else None,
        "best_rare": bool(advice.claims) and is_obscure(advice.claims[0].familiarity),
        "add": [
            {
                "kind": kind,
                "shape": chips[kind]["shape"],
                "words": [
                    {"word": h.word, "net": h.net, "link": added(h.word), "rare": is_obscure(h.familiarity)}
                    for h in found
                ],
            }
            for kind, found in advice.add.items()
            for added in (judge_links(str(pool.add(kind)), links),)
        ],
        "boxes_left": advice.boxes.left,
        "links": links,
    }


def solve_rack(form: SolveForm) -> dict:
    found = search.solve_rack(racks_for(lexicon_named(form.lexicon)), form.rack, limit=SHOWN)
    words = [
        {"word": w.word, "score": w.score, "blanks": w.blanks, "rare": is_obscure(w.familiarity)} for w in found.words
    ]
    return {
        "rack": found.rack,
        "total": found.total,
        "shown": len(words),
        "groups": _groups(words, lambda w: len(w["word"])),
    }


@bp.get("/solve")
def solve():
    """Find every word a pool of pieces (or a rack of letters) builds."""
    # A bad field or pool, or a tapped chip: pool_page raises PageDone, and that is the answer.
    form, pool, context = pool_page(SolveForm, "pages.solve", "solve.html", LABELS, ORDER, pieces=None, rack=None)
    errors = []
    if pool is not None and pool.size and not context["draft"]:
        try:
            context["pieces"] = solve_pool(form, pool)
        except ValueError as error:  # a required "letter" that is not one, discard boxes that do not add up
            errors.append(solver_error(error, LABELS))
    if form.rack.strip():
        try:
            context["rack"] = solve_rack(form)
        except ValueError as error:
            errors.append(page_error("rack", str(error), LABELS))
    return render("solve.html", 422 if errors else 200, errors=errors, **context)
