"""Words: `GET /words/{word}` judges one word, `POST /words/check` a list."""

from __future__ import annotations

from flask import Blueprint
from pydantic import Field

from solver.lexicon import check

from ..resources import lexicon_named
from .fields import AS_SENT, Lexicon, LexiconName, Out, Reason, Request, Word, Words
from .operation import operation

bp = Blueprint("words", __name__)


class WordParams(Request):
    word: Word
    lexicon: Lexicon = None


class CheckWords(Request):
    words: Words
    lexicon: Lexicon = None


class VerdictOut(Out):
    """Whether one word is valid in one lexicon, and why not."""

    word: str = Field(description=AS_SENT)
    normalized: str = Field(description="the word normalized: lowercase, diacritics folded")
    valid: bool
    lexicon: LexiconName = Field(description="the lexicon that judged it")
    tier: LexiconName | None = Field(
        description="the smallest lexicon holding the word (also when it is only in a larger one)"
    )
    reason: Reason | None = Field(description="why it is not valid; null when it is")
    message: str = Field(description="the verdict as a sentence to show a player")
    definition: list[str] = Field(description="up to three WordNet senses; may be empty")


class CheckOut(Out):
    verdicts: list[VerdictOut] = Field(description="one per word, in the order sent")
    all_valid: bool = Field(description="whether every word is valid")


@bp.get("/words/<path:word>")
@operation(params=WordParams, response=VerdictOut)
def lookup(params: WordParams):
    """Judge one word: valid or not, why not, its tier and its definition."""
    return check(params.word, lexicon_named(params.lexicon)).to_dict()


@bp.post("/words/check")
@operation(body=CheckWords, response=CheckOut)
def check_words(body: CheckWords):
    """Judge a list of words (at most MAX_WORDS_PER_CHECK, 50 by default) in one lexicon."""
    lexicon = lexicon_named(body.lexicon)
    verdicts = [check(word, lexicon).to_dict() for word in body.words]
    return {"verdicts": verdicts, "all_valid": all(v["valid"] for v in verdicts)}
