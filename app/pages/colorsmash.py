"""Color Smash (`/colorsmash`): the card on the pile in, slap or don't slap out.

/colorsmash?splat=green&word=green   the word names the splat: slap
/colorsmash?splat=red&word=blue      a mismatch: don't slap
/colorsmash?splat=red                no word: don't slap
/colorsmash?splat=steal              a Steal card: slap
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from solver.colorsmash import DEFAULT_COLOURS, judge_slap
from solver.sentences import say

from .blueprint import PageForm, bp, page_error, read_query, render

LABELS = {"splat": "Splat colour", "word": "Colour word"}
STEAL = "steal"
Colour = Annotated[str, Field(max_length=40)]


class ColorSmashForm(PageForm):
    splat: Colour = ""
    word: Colour = ""


@bp.get("/colorsmash")
def colorsmash():
    """Tell whether to slap the pile on this card."""
    form, raw, errors = read_query(ColorSmashForm, LABELS)
    splat_shown = raw.get("splat", "").strip().lower()
    context = {
        "values": raw,
        "colours": DEFAULT_COLOURS,
        "splat": splat_shown,
        # A Steal card has no word: the word picker shows "no word" rather than one picked before Steal was tapped.
        "word": "" if splat_shown == STEAL else raw.get("word", "").strip().lower(),
        "result": None,
        "steal": STEAL,
    }
    if form is None:
        return render("colorsmash.html", 422, errors=errors, **context)
    splat, word = form.splat.strip(), form.word.strip()
    if not splat and not word:
        return render("colorsmash.html", errors=[], **context)
    if not splat:
        return render(
            "colorsmash.html",
            422,
            errors=[page_error("splat", say("colorsmash.no_splat"), LABELS)],
            **context,
        )
    # A Steal card has no word: one picked before Steal was tapped is ignored, not refused.
    card = {"steal": True} if splat.lower() == STEAL else {"splat": splat, "word": word or None}
    try:
        result = judge_slap(card)
    except ValueError as error:
        return render("colorsmash.html", 422, errors=[page_error(None, str(error), LABELS)], **context)
    return render("colorsmash.html", errors=[], **{**context, "result": result})
