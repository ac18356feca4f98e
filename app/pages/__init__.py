"""The server-rendered pages: readable across a table, working without JavaScript.

Every page is a GET whose state is its query string, so a verdict can be
shared as a link; `static/word-check.js` makes the same form quicker by asking
the JSON API (its URL rendered with `url_for(...)|tojson`) instead of
reloading the page. Templates are built from blocks and partials
(`templates/partials/`) so game forms can join the home page.
"""
from __future__ import annotations

from typing import Annotated

from flask import Blueprint, render_template, request
from pydantic import BaseModel, ConfigDict, ValidationError

from solver.lexicon import SIZES, check

from ..api.models import LexiconName, Limit
from ..errors import field_errors
from ..resources import lexicon_named, resources

bp = Blueprint("pages", __name__)


class WordCheckForm(BaseModel):
    """The home page's query string. Unknown parameters are ignored: a shared link may carry tracking tags."""

    model_config = ConfigDict(extra="ignore")
    word: Annotated[str, Limit("MAX_WORD_LENGTH")] = ""
    lexicon: LexiconName | None = None


def lexicon_choices() -> list[dict]:
    shared = resources()
    return [{"id": name, "description": shared.lexicons[name].description, "default": name == shared.default_lexicon} for name in SIZES]


@bp.get("/")
def home():
    """Check a word: the verdict fills the screen."""
    values = {key: request.args.get(key, "") for key in WordCheckForm.model_fields if key in request.args}
    context = {"word": values.get("word", ""), "lexicon": values.get("lexicon") or resources().default_lexicon, "lexicons": lexicon_choices()}
    try:
        form = WordCheckForm.model_validate(values)
    except ValidationError as error:
        return render_template("home.html", verdict=None, errors=field_errors(error, WordCheckForm, "query"), **context), 422
    word = form.word.strip()  # a phone's keyboard adds a space after a word
    verdict = check(word, lexicon_named(form.lexicon)).to_dict() if word else None
    return render_template("home.html", verdict=verdict, errors=[], **context)
