"""The judge (`/`): is this claimed word valid, and if not, every objection as a sentence.

    /?word=gab&pool=R3+Y2+B1+G2&previous=bag

With a pool, the claim goes to `solver.wordsmith.judge_claim`: the word, the
pieces, the previous word, the claimed words, the required letter and the
discard boxes. Without one the pieces are not judged: a bare word is checked
in the lexicon (`solver.lexicon.check`), and a word with a previous word,
claimed words or a required letter is judged as if the player's pieces were
exactly the word's own (nothing missing, nothing left over), so those
objections still show. One line under the reason names each rule the verdict
could not check for want of a field ("Not checked: the pieces (no pool), a
new letter (no previous word)"), so a VALID never claims more than it checked.

With `draft=1` (a chip was just tapped) the page shows the form and no
verdict: a verdict comes only from pressing Judge or opening a verdict URL.
"""

from __future__ import annotations

from solver.lexicon import check
from solver.pieces import KINDS, MAX_POOL_PIECES, Pool
from solver.sentences import say
from solver.text import count as _plural
from solver.text import split_words
from solver.wordsmith import judge_claim

from ..resources import lexicon_named, resources
from .blueprint import (
    CLAIM_LABELS,
    CLAIM_ORDER,
    ClaimForm,
    PageForm,
    PoolText,
    Word,
    bp,
    pool_page,
    render,
    solver_error,
)

LABELS = {"word": "Word", "pool": "Pool", **CLAIM_LABELS, "add": "Piece", "remove": "Piece"}
ORDER = ("word", "pool", *CLAIM_ORDER)


class JudgeLead(PageForm):
    word: Word = ""
    pool: PoolText = ""


class JudgeForm(ClaimForm, JudgeLead):
    """The judge's query string: the word and the pool, then the claim's fields."""


def letter_pieces(word: str) -> list[dict]:
    """Return each character of a normalized word with the kinds of its pieces, from the alphabet data."""
    letters = resources().alphabet.letters
    drawn = []
    for char in word:
        letter = letters.get(char)
        kinds = [kind for kind, n in zip(KINDS, letter.cost) for _ in range(n)] if letter else []
        costs = zip(KINDS, letter.cost) if letter else ()
        spoken = ", ".join(f"{n} {kind}" for kind, n in costs if n) if letter else say("verdict.no_letter_pieces")
        drawn.append({"char": char.upper(), "pieces": kinds, "spoken": spoken})
    return drawn


def claim_facts(claim) -> list[str]:
    """Return what writing a valid claim costs, as short plain sentences."""
    facts = [say("verdict.scores", points=_plural(claim.score, say("noun.point")))]
    if claim.pieces.wild:
        facts.append(say("verdict.uses_wild", wilds=_plural(claim.pieces.wild, say("noun.wild"))))
    left = claim.leftover.size
    if not left:
        facts.append(say("verdict.uses_every_piece"))
        return facts
    kinds = ", ".join(f"{n} {kind}" for kind, n in claim.leftover.to_dict().items() if n)
    blue = claim.bonus_lost
    one = "_one" if left == 1 else ""
    where = say(
        f"verdict.leaves_{'blue' if blue else 'white'}{one}",
        left=left,
        blue=blue,
        lost=_plural(blue, say("noun.bonus_point")),
    )
    facts.append(say("verdict.leaves", pieces=_plural(left, say("noun.piece")), kinds=kinds, where=where))
    return facts


def unchecked(form: JudgeForm, pool_given: bool) -> str:
    """Return the one line saying which rules this verdict could not check, and why ('' when it checked them all)."""
    missing = []
    if not pool_given:
        missing.append(say("verdict.no_pool"))
    if not form.previous.strip():
        missing.append(say("verdict.no_previous"))
    if not form.claimed.strip():
        missing.append(say("verdict.no_claimed"))
    return say("verdict.not_checked", missing=", ".join(missing)) if missing else ""


def lexicon_line(found) -> str:
    """Return the line naming the lexicon; a valid word also in a smaller one says so (its "tier")."""
    if found.valid and found.tier and found.tier != found.lexicon:
        return say("verdict.lexicon_tier", lexicon=found.lexicon, tier=found.tier)
    return say("verdict.lexicon", lexicon=found.lexicon)


def verdict_for(form: JudgeForm, pool: Pool | None) -> dict:
    """Judge the claim (or the bare word) and return what the verdict partial shows."""
    lexicon = lexicon_named(form.lexicon)
    word = form.word.strip()  # a phone's keyboard adds a space after a word
    found = check(word, lexicon)
    shout = found.normalized.upper() or found.word
    verdict = {
        "valid": found.valid,
        "word": shout,
        "letters": letter_pieces(found.normalized),
        "messages": [found.message],
        "facts": [],
        "unchecked": unchecked(form, pool is not None),
        "lexicon": lexicon_line(found),
        "definition": found.definition,
        # A valid word WordNet has no sense for says so, rather than showing nothing (or another word's sense).
        "no_definition": found.reason is None and not found.definition,
        "claim": False,
    }
    rules_given = form.previous.strip() or form.claimed.strip() or form.required.strip()
    pool_given = pool is not None
    if pool is None and rules_given:
        cost = resources().alphabet.cost(found.normalized)
        if cost is None:
            pool = Pool()  # the claim fails on its characters before the pieces matter
        elif sum(cost) <= MAX_POOL_PIECES:
            pool = Pool(*cost)
        else:
            verdict["unchecked"] = say("verdict.too_long")
            return verdict
    elif pool is None:
        return verdict
    claim = judge_claim(
        word,
        pool,
        lexicon,
        alphabet=resources().alphabet,
        previous_word=form.previous.strip(),
        claimed=split_words(form.claimed),
        required_letter=form.required.strip(),
        discards_used=form.discards_used,
        crossed_white=form.crossed_white,
    )
    verdict.update(valid=claim.valid, claim=True)
    if claim.valid:
        verdict["facts"] = (
            claim_facts(claim)
            if pool_given
            else [say("verdict.scores", points=_plural(claim.score, say("noun.point")))]
        )
    else:
        verdict["messages"] = [objection.message for objection in claim.objections]
    return verdict


@bp.get("/")
def home():
    """Judge a claimed word: the verdict fills the screen."""
    # A bad field or pool, or a tapped chip: pool_page raises PageDone, and that is the answer.
    form, pool, context = pool_page(JudgeForm, "pages.home", "home.html", LABELS, ORDER, verdict=None)
    if not form.word.strip() or context["draft"]:
        return render("home.html", errors=[], **context)
    try:
        verdict = verdict_for(form, pool)
    except ValueError as error:  # a required "letter" that is not one, discard boxes that do not add up
        return render("home.html", 422, errors=[solver_error(error, LABELS)], **context)
    return render("home.html", errors=[], **{**context, "verdict": verdict})
