"""The solver (`/solve`): every word a pool builds, grouped by score, and what one more piece would open.

    /solve?pool=R3+Y2+B1+G2            words of the pool (solver.search.solve) and hints (solver.wordsmith.hints)
    /solve?pool=R3+Y2+B1+G2&previous=bag&required=s&discards_used=7
    /solve?rack=retains%3F             a letter rack, `?` for a blank (solver.search.solve_rack)
"""
from __future__ import annotations

from itertools import groupby
from typing import Annotated

from pydantic import Field

from solver import search
from solver.pieces import Pool
from solver.wordsmith import DISCARD_BOXES, WHITE_BOXES, hints

from ..api.models import LexiconName, Limit
from ..resources import lexicon_named, pieces_for, racks_for, resources
from . import (PageDone, PageForm, PoolText, Word, WordList, bp, lexicon_choices, page_error, pool_chips, pool_text, read_pool,
               read_query, render, split_words)

LABELS = {"pool": "Pool", "rack": "Rack", "previous": "Previous word", "claimed": "Claimed words",
          "required": "Required letter", "discards_used": "Discards used", "crossed_white": "Crossed white boxes",
          "lexicon": "Lexicon"}
ORDER = ("pool", "previous", "claimed", "required", "discards_used", "crossed_white", "lexicon")
# Words shown per solve: a big pool builds thousands; the best few hundred are what a table reads.
SHOWN = 300
# Words shown per "one more piece" hint.
HINTS = 6


class SolveForm(PageForm):
    pool: PoolText = ""
    rack: Annotated[str, Limit("MAX_RACK_LETTERS")] = ""
    previous: Word = ""
    claimed: WordList = ""
    required: Annotated[str, Field(max_length=1)] = ""
    discards_used: Annotated[int, Field(ge=0, le=DISCARD_BOXES)] = 0
    crossed_white: Annotated[int, Field(ge=0, le=WHITE_BOXES)] = 0
    lexicon: LexiconName | None = None


def _groups(words, length) -> list[dict]:
    """Group found words (already best first) by their length: one heading per score."""
    ordered = sorted(words, key=lambda w: -length(w))  # stable: keeps the solver's order within a length
    return [{"letters": n, "words": list(members)} for n, members in groupby(ordered, key=length)]


def solve_pool(form: SolveForm, pool: Pool) -> dict:
    lexicon = lexicon_named(form.lexicon)
    index = pieces_for(lexicon)
    query = search.Query(previous_word=form.previous.strip(), required_letter=form.required.strip(),
                         claimed=tuple(split_words(form.claimed)))
    found = search.solve(index, pool, query, limit=SHOWN)
    advice = hints(index, pool, query, discards_used=form.discards_used, crossed_white=form.crossed_white, limit=HINTS)
    chips = {chip["kind"]: chip for chip in pool_chips(None)}
    return {
        "pool": str(pool), "total": found.total, "shown": len(found.page),
        "groups": _groups(found.words, lambda w: w.score),
        "best": advice.claims[0] if advice.claims else None,
        "add": [{"kind": kind, "shape": chips[kind]["shape"], "pool": str(pool.add(kind)), "words": list(words)}
                for kind, words in advice.add.items()],
        "boxes_left": advice.boxes.left,
    }


def solve_rack(form: SolveForm) -> dict:
    found = search.solve_rack(racks_for(lexicon_named(form.lexicon)), form.rack, limit=SHOWN)
    return {"rack": found.rack, "total": found.total, "shown": len(found.words),
            "groups": _groups(found.words, lambda w: len(w.word))}


@bp.get("/solve")
def solve():
    """Find every word a pool of pieces (or a rack of letters) builds."""
    form, raw, errors = read_query(SolveForm, LABELS)
    context = {"values": raw, "lexicon": raw.get("lexicon") or resources().default_lexicon, "lexicons": lexicon_choices(),
               "chips": pool_chips(None), "pool_text": raw.get("pool", ""), "pieces": None, "rack": None}
    if form is None:
        return render("solve.html", 422, errors=errors, **context)
    try:
        pool = read_pool(form, "pages.solve", "solve.html", LABELS, ORDER, context)
    except PageDone as done:
        return done.response
    context.update(chips=pool_chips(pool), pool_text=pool_text(pool) or form.pool)
    errors = []
    if pool is not None and pool.size:
        try:
            context["pieces"] = solve_pool(form, pool)
        except ValueError as error:  # a required "letter" that is not one, discard boxes that do not add up
            errors.append(page_error(None, str(error), LABELS))
    if form.rack.strip():
        try:
            context["rack"] = solve_rack(form)
        except ValueError as error:
            errors.append(page_error("rack", str(error), LABELS))
    return render("solve.html", 422 if errors else 200, errors=errors, **context)
