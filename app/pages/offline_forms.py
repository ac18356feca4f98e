"""The query fields of the pages the offline judge answers, as rules its script checks a URL by before it answers
(static/offline_base.js `fieldErrors`): a field the server would refuse with a 422 is refused offline in the same
words, never judged. app/offline.py serves them in the offline pages' meta (create_app hands it this module's
`offline_forms`).

Each rule is read from the page's own form model, so there is one statement of a field's limits: its
kind (a whole number with its bounds, a choice with pydantic's own list of what it expects, or text with its
length), its label, and the words the page says (`PLAYER_WORDS`, the `field.too_long` sentence).
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args, get_origin

from flask import url_for
from pydantic import TypeAdapter, ValidationError

from ..api.fields import Limit, limit_of
from .blueprint import PLAYER_WORDS
from .booksmack import LABELS as BOOKSMACK_LABELS
from .booksmack import BooksmackForm
from .colorsmash import LABELS as COLORSMASH_LABELS
from .colorsmash import ColorSmashForm
from .judge import LABELS as JUDGE_LABELS
from .judge import JudgeForm
from .solve import LABELS as SOLVE_LABELS
from .solve import SolveForm

__all__ = ["offline_forms"]

# The pages the offline judge answers, by endpoint: their form and its labels.
PAGES = {
    "pages.home": (JudgeForm, JUDGE_LABELS),
    "pages.solve": (SolveForm, SOLVE_LABELS),
    "pages.booksmack": (BooksmackForm, BOOKSMACK_LABELS),
    "pages.colorsmash": (ColorSmashForm, COLORSMASH_LABELS),
}


def _choices(annotation) -> tuple | None:
    """A Literal's values (an optional or annotated one's too), or None."""
    if get_origin(annotation) is Annotated:
        return _choices(get_args(annotation)[0])
    if get_origin(annotation) is Literal:
        return get_args(annotation)
    for arg in get_args(annotation) if get_origin(annotation) is not None else ():
        if (found := _choices(arg)) is not None:
            return found
    return None


def _expected(annotation) -> str:
    """What pydantic says a choice expects ("'small', 'standard' or 'large'"), as the page's error quotes it."""
    try:
        TypeAdapter(annotation).validate_python("\0")
    except ValidationError as error:
        return error.errors()[0].get("ctx", {}).get("expected", "")
    return ""


def field_rule(name: str, info, label: str) -> dict:
    """One field's rule: {name, label, kind (int, choice or text), and its bounds}."""
    rule: dict = {"name": name, "label": label}
    choices = _choices(info.annotation)
    if choices is not None:
        rule.update(kind="choice", choices=list(choices), expected=_expected(info.annotation))
    else:
        rule["kind"] = "int" if info.annotation is int else "text"
    for item in info.metadata:  # pydantic's constraints (Field(ge=..., max_length=...)) and our Limit
        if isinstance(item, Limit):
            rule["limit"] = limit_of(item.setting)
        for bound in ("ge", "le", "max_length"):
            if getattr(item, bound, None) is not None:
                rule[bound] = getattr(item, bound)
    return rule


def offline_forms() -> dict:
    """Each offline page's fields, by the page's path (its `data-path`), in the order the page lists its errors;
    and the words the pages say for a field's refusal."""
    forms = {
        url_for(endpoint): [field_rule(name, info, labels.get(name, name)) for name, info in model.model_fields.items()]
        for endpoint, (model, labels) in PAGES.items()
    }
    return {"pages": forms, "words": PLAYER_WORDS}
