"""The judge (`/`): is this claimed word valid, and if not, every objection as a sentence.

    /?word=gab&pool=R3+Y2+B1+G2&previous=bag

With a pool, the claim goes to `solver.wordsmith.judge_claim`: the word, the
pieces, the previous word, the claimed words, the required letter and the
discard boxes. Without one the pieces are not judged: a bare word is checked
in the lexicon (`solver.lexicon.check`), and a word with a previous word,
claimed words or a required letter is judged as if the player's pieces were
exactly the word's own (nothing missing, nothing left over), so those
objections still show.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from solver.lexicon import check
from solver.pieces import KINDS, MAX_POOL_PIECES, Pool
from solver.wordsmith import DISCARD_BOXES, WHITE_BOXES, judge_claim

from ..api.models import LexiconName
from ..resources import lexicon_named, resources
from . import (PageDone, PageForm, PoolText, Word, WordList, bp, lexicon_choices, page_error, pool_chips, pool_text, read_pool,
               read_query, render, split_words)

LABELS = {"word": "Word", "pool": "Pool", "previous": "Previous word", "claimed": "Claimed words",
          "required": "Required letter", "discards_used": "Discards used", "crossed_white": "Crossed white boxes",
          "lexicon": "Lexicon", "add": "Piece", "remove": "Piece"}
ORDER = ("word", "pool", "previous", "claimed", "required", "discards_used", "crossed_white", "lexicon")


class JudgeForm(PageForm):
    word: Word = ""
    pool: PoolText = ""
    previous: Word = ""
    claimed: WordList = ""
    required: Annotated[str, Field(max_length=1)] = ""
    discards_used: Annotated[int, Field(ge=0, le=DISCARD_BOXES)] = 0
    crossed_white: Annotated[int, Field(ge=0, le=WHITE_BOXES)] = 0
    lexicon: LexiconName | None = None


def letter_pieces(word: str) -> list[dict]:
    """Return each character of a normalized word with the kinds of its pieces, from the alphabet data."""
    letters = resources().alphabet.letters
    drawn = []
    for char in word:
        letter = letters.get(char)
        kinds = [kind for kind, n in zip(KINDS, letter.cost) for _ in range(n)] if letter else []
        spoken = ", ".join(f"{n} {kind}" for kind, n in zip(KINDS, letter.cost) if n) if letter else "no pieces"
        drawn.append({"char": char.upper(), "pieces": kinds, "spoken": spoken})
    return drawn


def _plural(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else ("es" if thing.endswith("x") else "s"))


def claim_facts(claim, pool_given: bool) -> list[str]:
    """Return what writing a valid claim costs, as short sentences."""
    facts = [f"Scores {_plural(claim.score, 'point')}."]
    if not pool_given:
        facts.append("No pool given: the pieces were not checked.")
        return facts
    if claim.pieces.wild:
        facts.append(f"Uses {_plural(claim.pieces.wild, 'wild')} as any piece.")
    left = claim.leftover.size
    if not left:
        facts.append("Uses every piece: nothing to discard.")
    else:
        kinds = ", ".join(f"{n} {kind}" for kind, n in claim.leftover.to_dict().items() if n)
        blue = claim.bonus_lost
        boxes = (f"{_plural(left, 'discard box')}, {blue} of them blue: −{_plural(blue, 'bonus point')}" if blue
                 else f"{_plural(left, 'white discard box')}: free")
        facts.append(f"Leaves {_plural(left, 'piece')} over ({kinds}): {boxes}.")
    return facts


def verdict_for(form: JudgeForm, pool: Pool | None) -> dict:
    """Judge the claim (or the bare word) and return what the verdict partial shows."""
    lexicon = lexicon_named(form.lexicon)
    word = form.word.strip()  # a phone's keyboard adds a space after a word
    found = check(word, lexicon)
    shout = found.normalized.upper() or found.word
    verdict = {"valid": found.valid, "word": shout, "letters": letter_pieces(found.normalized),
               "messages": [found.message], "facts": [], "lexicon": found.lexicon, "tier": found.tier,
               "definition": found.definition, "claim": False}
    rules_given = form.previous.strip() or form.claimed.strip() or form.required.strip()
    if pool is None and rules_given:
        cost = resources().alphabet.cost(found.normalized)
        if cost is None:
            pool = Pool()  # the claim fails on its characters before the pieces matter
        elif sum(cost) <= MAX_POOL_PIECES:
            pool = Pool(*cost)
        else:
            verdict["facts"].append("Too long to judge without a pool: only the dictionary was checked.")
            return verdict
        pool_given = False
    elif pool is None:
        return verdict
    else:
        pool_given = True
    claim = judge_claim(word, pool, lexicon, alphabet=resources().alphabet, previous_word=form.previous.strip(),
                        claimed=split_words(form.claimed), required_letter=form.required.strip(),
                        discards_used=form.discards_used, crossed_white=form.crossed_white)
    verdict.update(valid=claim.valid, claim=True)
    if claim.valid:
        verdict["facts"] = claim_facts(claim, pool_given)
    else:
        verdict["messages"] = [objection.message for objection in claim.objections]
        if not pool_given:
            verdict["facts"] = ["No pool given: the pieces were not checked."]
    return verdict


@bp.get("/")
def home():
    """Judge a claimed word: the verdict fills the screen."""
    form, raw, errors = read_query(JudgeForm, LABELS)
    context = {"values": raw, "lexicon": raw.get("lexicon") or resources().default_lexicon,
               "lexicons": lexicon_choices(), "verdict": None, "chips": pool_chips(None), "pool_text": raw.get("pool", "")}
    if form is None:
        return render("home.html", 422, errors=errors, **context)
    try:
        pool = read_pool(form, "pages.home", "home.html", LABELS, ORDER, context)
    except PageDone as done:
        return done.response
    context.update(chips=pool_chips(pool), pool_text=pool_text(pool) or form.pool)
    if not form.word.strip():
        return render("home.html", errors=[], **context)
    try:
        verdict = verdict_for(form, pool)
    except ValueError as error:  # a required "letter" that is not one, discard boxes that do not add up
        return render("home.html", 422, errors=[page_error(None, str(error), LABELS)], **context)
    return render("home.html", errors=[], **{**context, "verdict": verdict})
