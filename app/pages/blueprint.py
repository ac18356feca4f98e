"""The pages' blueprint `bp` and what its views share: the query string read into a form, errors in the
player's words, the pool picker's steps, canonical URLs and `render`.

The views import these from here, and `app/pages/__init__.py` imports the views to register them: apart, so no
view imports the package that imports it.
"""

from __future__ import annotations

from typing import Annotated

from flask import Blueprint, redirect, render_template, request, url_for
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from solver.lexicon import SIZES
from solver.pieces import KINDS, Pool, load_box, parse_pool
from solver.wordsmith import DISCARD_BOXES, WHITE_BOXES

from ..api.fields import LexiconName, Limit
from ..resources import resources

bp = Blueprint("pages", __name__)

Word = Annotated[str, Limit("MAX_WORD_LENGTH")]
# Room for any honest pool text ("rrrr..." spelled out piece by piece for 60 pieces).
PoolText = Annotated[str, Field(max_length=200)]
# Up to 50 words of claims.
WordList = Annotated[str, Field(max_length=1000)]


class PageForm(BaseModel):
    """A page's query string. Unknown parameters are ignored; empty ones count as not given."""

    model_config = ConfigDict(extra="ignore")


class ClaimForm(PageForm):
    """The fields of a Wordsmith claim, read alike by the judge (`/`) and the solver (`/solve`).

    A page lists its own leading fields in a second base, after this one
    (`class JudgeForm(ClaimForm, JudgeLead)`): pydantic orders the fields from
    the last base to the first, and a page's errors come in its fields' order.
    """

    previous: Word = ""
    claimed: WordList = ""
    required: Annotated[str, Field(max_length=1)] = ""
    discards_used: Annotated[int, Field(ge=0, le=DISCARD_BOXES)] = 0
    crossed_white: Annotated[int, Field(ge=0, le=WHITE_BOXES)] = 0
    lexicon: LexiconName | None = None


# ClaimForm's fields, their labels and their order in a canonical URL.
CLAIM_LABELS = {
    "previous": "Previous word",
    "claimed": "Claimed words",
    "required": "Required letter",
    "discards_used": "Discards used",
    "crossed_white": "Crossed white boxes",
    "lexicon": "Lexicon",
}
CLAIM_ORDER = tuple(CLAIM_LABELS)


def read_query(model: type[PageForm], labels: dict[str, str]) -> tuple[PageForm | None, dict[str, str], list[dict]]:
    """Return (the validated form or None, the raw values to refill the form with, the errors to show)."""
    raw = {key: request.args.get(key, "") for key in model.model_fields if key in request.args}
    # Trimmed like every word is (a phone's keyboard adds a space); a no-JS form sends its empty fields too.
    given = {key: value.strip() for key, value in raw.items() if value.strip()}
    try:
        return model.model_validate(given), raw, []
    except ValidationError as error:
        errors = []
        for item in error.errors(include_url=False, include_input=False):
            field = str(item["loc"][0]) if item["loc"] else None
            errors.append(page_error(field, player_words(item), labels))
        return None, raw, errors


# A number field given something else, whichever way pydantic failed to read it.
WHOLE_NUMBER = "type a whole number, like 3"
# What a page says for a field the validator refused: the player's words, not
# pydantic's ("unable to parse string as an integer"). Keyed by pydantic's error
# type, formatted with the error's context (its limit); others keep their message.
PLAYER_WORDS = {
    "int_parsing": WHOLE_NUMBER,
    "int_from_float": WHOLE_NUMBER,
    "less_than_equal": "at most {le}",
    "greater_than_equal": "{ge} or more",
    "string_too_long": "at most {max_length} characters: shorten it",
    "literal_error": "choose one of {expected}",
    "enum": "choose one of {expected}",
}


def player_words(item: dict) -> str:
    """Return a validation error of one field as a short phrase a player understands."""
    words = PLAYER_WORDS.get(item["type"])
    try:
        return words.format(**item.get("ctx", {})) if words else item["msg"]
    except (KeyError, IndexError):
        return item["msg"]


# The page's field for each request field a solver refusal's path starts with
# (`Refused.path`); its message is shown as it is, never read for the field.
SOLVER_FIELDS = {
    "required_letter": "required",
    "crossed_white": "crossed_white",
    "discards_used": "discards_used",
    "pool": "pool",
    "rack": "rack",
    "page": "page",
}


def solver_error(error: ValueError, labels: dict[str, str]) -> dict:
    """Return a solver's refusal as a page error at the field its path names (only in the summary when none)."""
    path = getattr(error, "path", ())  # a plain ValueError carries none
    field = SOLVER_FIELDS.get(path[0]) if path else None
    return page_error(field, str(error), labels)


def page_error(field: str | None, detail: str, labels: dict[str, str]) -> dict:
    """Return one error to show at its field and in the summary above the form: the field, its label and the detail."""
    label = labels.get(field, field) if field else None
    return {"field": field, "label": label, "detail": detail}


def lexicon_choices() -> list[dict]:
    shared = resources()
    return [
        {"id": name, "description": shared.lexicons[name].description, "default": name == shared.default_lexicon}
        for name in SIZES
    ]


def form_context(raw: dict[str, str]) -> dict:
    """Return what a page with a lexicon choice renders its form from: the values to refill, the lexicon, the choices."""
    return {"values": raw, "lexicon": raw.get("lexicon") or resources().default_lexicon, "lexicons": lexicon_choices()}


def pool_text(pool: Pool | None) -> str:
    """Return a pool as the text its URL carries ('R3 Y2 B1 G2'), '' for no pieces."""
    return str(pool) if pool is not None and pool.size else ""


def pool_chips(pool: Pool | None) -> list[dict]:
    """Return the piece chips of the pool picker: each kind (and wild) with its colour, shape, code and count."""
    box = load_box()
    counts = pool.to_dict() if pool is not None else dict.fromkeys(KINDS + ("wild",), 0)
    chips = [{"kind": k["kind"], "code": k["code"], "shape": k["shape"], "count": counts[k["kind"]]} for k in box.kinds]
    chips.append(
        {"kind": "wild", "code": box.wild_code, "shape": "any kind (a die's star face)", "count": counts["wild"]}
    )
    return chips


def step_pool(pool: Pool, add: str, remove: str) -> Pool:
    """Return the pool after one tap: one more piece of `add`, one fewer of `remove` ('all' empties it)."""
    if remove == "all":
        return Pool()
    if add:
        pool = pool.add(add)  # ValueError over the pool limit
    if remove and getattr(pool, remove):
        pool = pool.add(remove, -1)
    return pool


PIECE_ACTIONS = frozenset(KINDS + ("wild",))


def not_a_kind(field: str, value: str) -> str:
    """A tapped chip's kind the picker does not have (`add` or `remove`)."""
    return f"{field}: {value!r} is not a piece kind; tap red, yellow, blue, green or wild"


def piece_action() -> tuple[str, str] | None:
    """Return the (add, remove) step a tapped chip asked for, None when none; ValueError for an unknown kind."""
    add, remove = request.args.get("add", ""), request.args.get("remove", "")
    if not add and not remove:
        return None
    if add and add not in PIECE_ACTIONS:
        raise ValueError(not_a_kind("add", add))
    if remove and remove not in PIECE_ACTIONS | {"all"}:
        raise ValueError(not_a_kind("remove", remove))
    return add, remove


class PageDone(Exception):
    """A view's answer reached early (an error page, or the redirect after a tap): `response` is it."""

    def __init__(self, response):
        self.response = response


@bp.errorhandler(PageDone)
def page_done(done: PageDone):
    """A page view's early answer goes out as it is: the views do not catch PageDone themselves."""
    return done.response


def read_pool(
    form: PageForm, endpoint: str, template: str, labels: dict[str, str], order: tuple[str, ...], context: dict
) -> Pool | None:
    """Return the pool the form names, after a tapped chip; raise PageDone with the page's answer otherwise.

    A bad step or pool text answers the page itself with a 422 and the error;
    a tapped chip answers with the 303 to the canonical URL holding the new pool.
    """
    try:
        step = piece_action()
    except ValueError as error:
        raise PageDone(render(template, 422, errors=[page_error(None, str(error), labels)], **context)) from None
    pool = None
    try:
        if form.pool.strip():
            pool = parse_pool(form.pool)
        if step:
            pool = step_pool(pool or Pool(), *step)
    except ValueError as error:
        raise PageDone(render(template, 422, errors=[page_error("pool", str(error), labels)], **context)) from None
    if step:
        url = canonical(endpoint, {**form.model_dump(), "pool": pool_text(pool), "draft": DRAFT}, (*order, "draft"))
        raise PageDone(see(url))
    return pool


def pool_page(
    model: type[PageForm], endpoint: str, template: str, labels: dict[str, str], order: tuple[str, ...], **blank
) -> tuple[PageForm, Pool | None, dict]:
    """The first steps of a page with the pool picker (the judge, the solver): (the form, its pool, the context).

    The query is read into `model` and the pool into the picker's chips; `blank` is what the page's own
    answer starts as. Raise PageDone with the page's answer when it is reached already: a field that does
    not validate (422), a bad pool (422), or a tapped chip (the 303, `read_pool`).
    """
    form, raw, errors = read_query(model, labels)
    context = {**form_context(raw), "chips": pool_chips(None), "pool_text": raw.get("pool", ""), "draft": False}
    context.update(blank)
    if form is None:
        raise PageDone(render(template, 422, errors=errors, **context))
    pool = read_pool(form, endpoint, template, labels, order, context)
    context.update(chips=pool_chips(pool), pool_text=pool_text(pool) or form.pool, draft=is_draft())
    return form, pool, context


# `draft=1` in a page's URL: the form is being filled in (a chip was tapped), so
# the page shows the form as it stands and no verdict: a verdict appears only
# when Judge (or Solve) is pressed, whose form sends no `draft`, or when a
# shared verdict URL (which has none) is opened.
DRAFT = "1"


def is_draft() -> bool:
    """Tell whether the page's URL is a form being filled in rather than a question to answer."""
    return bool(request.args.get("draft", "").strip())


def canonical(endpoint: str, values: dict[str, object], order: tuple[str, ...]) -> str:
    """Return the page's URL for these values: only the non-empty ones, in a fixed order."""
    params = {key: str(values[key]) for key in order if values.get(key) not in (None, "", 0)}
    return url_for(endpoint, **params)


def see(url: str):
    """Redirect after a one-step tap: 303, so the browser GETs the canonical URL (and keeps its #fragment)."""
    return redirect(url, code=303)


@bp.context_processor
def page_constants() -> dict:
    """Offer the pages' templates the score sheet's discard boxes (the limits of their number fields) and the default lexicon."""
    return {"discard_boxes": DISCARD_BOXES, "white_boxes": WHITE_BOXES, "default_lexicon": resources().default_lexicon}


def render(template: str, status: int = 200, **context):
    return render_template(template, **context), status
