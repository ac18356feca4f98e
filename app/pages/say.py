"""Say a query-string error in the player's words instead of the validator's ("unable to parse string as an integer")."""

from __future__ import annotations

# A lexicon field's sentence, on every page that has one.
LEXICON = "Lexicon: choose small, standard or large"


def tick(label: str) -> str:
    """A checkbox field's sentence: its label, and what it takes."""
    return f"{label}: tick the box or leave it empty"


def plainly(errors: list[dict], sentences: dict[str, str]) -> list[dict]:
    """Return the errors with each field's detail replaced by its sentence (the label is already in it)."""
    return [
        {**error, "label": None, "detail": sentences[error["field"]]} if error.get("field") in sentences else error
        for error in errors
    ]
