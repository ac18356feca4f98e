"""Wordsmith rules: judge a claim, hint the best claims, score the sheets, roll the dice.

Everything here works on plain values: a word, a pool (`solver.pieces.Pool`),
a lexicon, and counts read off the score sheet. Nothing is remembered between
calls; the caller (the table, the service) describes the state each time.

Rulings (issue #3; the rulebook leaves these open):

1. Objections. A claim is refused for every one of these that holds, in this
   order: `sheet_full` (six words already on the sheet this challenge),
   `challenge_over`, `invalid_characters`, `not_a_word` (with the lexicon's
   reason: proper_name, abbreviation, possessive, slang, offensive, letter, not_in_lexicon,
   larger_lexicon_only), `already_claimed` (by anyone, this challenge),
   `no_new_letter` (the word's letters, repeats counted, all fit inside the
   previous word: no GAB after BAG, no NIE after EINE), `missing_required_letter`,
   `not_buildable` (naming the pieces missing), and one of
   `must_use_all_pieces` / `too_many_leftovers`.
2. Discards. A sheet has 12 discard boxes: 6 white (free) and 6 blue (1 bonus
   point each while unchecked). Leftover pieces check boxes white first.
   Crossed-out white boxes (advanced players, 0-6) are simply gone: fewer free
   discards and fewer boxes in all. "You have only 12 discards" is read as a
   hard budget: a claim may leave at most as many pieces as the player has
   boxes left. With no box left that is the rulebook's "you must use all the
   pieces" (`must_use_all_pieces`); with some left but fewer than the
   leftovers the claim is refused too (`too_many_leftovers`), since the extra
   pieces could be discarded nowhere. An unspent wild is a leftover piece.
3. "Done!". After the first player claims a sixth word, each other player may
   claim one more word but may not add pieces. `judge_claim(after_done=True)`
   judges that word on the pool as it stands (and says pieces can no longer be
   added); `challenge_over=True` refuses any claim (e.g. a second word after
   Done!). `hints(after_done=True)` suggests no piece to add or roll for.
4. Score sheets. Variants combine with `+` (e.g. `secret+advanced`):
   - `standard`: words are taken as claimed (the table already ruled on them);
     a word scores its letters, `-` and `'` included.
   - `secret` (Secret Wordsmith): each word is checked when scoring: in the
     lexicon, not a repeat of a word higher on the same sheet in the same
     challenge, and with a new letter against the word claimed just before it
     (valid or not: the pieces were rearranged from it). An invalid word scores
     zero, with the reason. The same word may stand on several sheets.
   - `advanced`: each challenge gives six required letters, one per row; a
     word counts in a row whose letter it contains, one word per row. A word
     may name its row (`"row": 1-6`); words that do not are placed
     automatically by the assignment that scores the most letters (all
     assignments are tried: at most 6 words on 6 rows), ties going to the
     earliest rows for the earliest words. A word that names a row whose letter
     it lacks, or finds no free row, scores zero (`missing_required_letter`).
     The list order of words stays the claim order (for `secret`'s checks).
   - `word_by_word`: each word row records its circles (wilds rolled for that
     word, 0-2: a roll of only wilds is rolled again) and how many were checked
     (used). Circles left unchecked at the claim check discard boxes too, on
     top of the challenge's `discards` (the boxes checked for leftover pieces).
   Winners: the highest game total; tied players share the win.
5. Dice (issue #11): each die shows red, red, yellow, yellow, a blue star and a
   green star (`solver/data/box.json`). A star face reads by when it is rolled:
   - The starting pool (also Word by Word's): "One player rolls all four dice
     2 times ... For each roll, all players take a letter piece of the rolled
     color." A star face is "blue or green with a star", so it gives a blue or
     a green piece: the starting pool holds 8 pieces, never a wild
     (`starting_pieces`, `starting_pool`).
   - Adding a piece: "If a wild side is rolled (blue or green with a star), any
     letter piece may be chosen": a star face adds a wild, whichever its colour
     (`added_pieces`; `hints`' roll odds: red, yellow, wild a third each).
   - Word by Word, per word: three dice, "Re-roll if only wilds have been
     rolled"; red and yellow faces add their pieces, each star is a circle (a
     wild, "when they need it") (`word_by_word_roll`, `added_pieces`).

>>> from solver.lexicon import load_lexicons
>>> lexicon = load_lexicons()["standard"]
>>> judge_claim("cast", "R3 Y2 B1 G2", lexicon).leftover.size
0
>>> print(judge_claim("gab", "R3 Y2 B1 G2", lexicon, previous_word="bag").objections[0].message)
GAB has no new letter: every letter of it was already in BAG.
>>> sheet = {"player": "Ann", "challenges": [{"words": ["bag", "cast", "she's"], "discards": 8}]}
>>> score_sheets([sheet]).sheets[0].total  # 3 + 4 + 5 letters + 4 unchecked blue boxes
16
"""
from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import chain
from math import ceil

import numpy as np

from .. import budget
from ..lexicon import Lexicon, check
from ..normalize import fold, is_well_formed
from ..pieces import KINDS, MAX_POOL_PIECES, Alphabet, Pool, load_alphabet, load_box, parse_pool
from ..search import MAX_LIMIT, PieceIndex, Query, _check_page, new_letter, small_pool, solve

__all__ = [
    "WHITE_BOXES", "BLUE_BOXES", "DISCARD_BOXES", "WORDS_PER_CHALLENGE", "CHALLENGES", "VARIANTS",
    "Objection", "ClaimVerdict", "judge_claim", "DiscardBoxes", "discard_boxes",
    "Hint", "RollFace", "Hints", "hints",
    "SheetWord", "Challenge", "Sheet", "parse_sheet", "parse_variant",
    "ScoredWord", "ScoredChallenge", "ScoredSheet", "ScoreResult", "score_sheets",
    "ROLLS", "DiceRoll", "roll_dice", "roll", "starting_pieces", "added_pieces", "starting_pool", "word_by_word_roll",
]

# The score sheet, as printed: 6 white (free) and 6 blue (bonus) discard boxes,
# six word lines per challenge, three challenges.
WHITE_BOXES = 6
BLUE_BOXES = 6
DISCARD_BOXES = WHITE_BOXES + BLUE_BOXES
WORDS_PER_CHALLENGE = 6
CHALLENGES = 3
# Word by Word: three dice per word, rolled again when all three show a wild,
# so a word row gets at most two circles.
WORD_BY_WORD_DICE = 3
MAX_CIRCLES = WORD_BY_WORD_DICE - 1
VARIANTS = ("standard", "secret", "advanced", "word_by_word")


# --- discard boxes ---------------------------------------------------------------

@dataclass(frozen=True)
class DiscardBoxes:
    """A challenge's discard boxes: how many there are, how many are checked, what is left."""

    crossed_white: int = 0
    checked: int = 0

    @property
    def white(self) -> int:
        return WHITE_BOXES - self.crossed_white

    @property
    def total(self) -> int:
        return self.white + BLUE_BOXES

    @property
    def left(self) -> int:
        return self.total - self.checked

    @property
    def free_left(self) -> int:
        """White boxes still unchecked: discards that cost nothing."""
        return max(0, self.white - self.checked)

    @property
    def blue_checked(self) -> int:
        return max(0, self.checked - self.white)

    @property
    def bonus(self) -> int:
        return BLUE_BOXES - self.blue_checked

    def blue_cost(self, discards: int) -> int:
        """Return how many blue boxes `discards` more discards would check (up to the boxes left)."""
        return max(0, min(discards, self.left) - self.free_left)


def discard_boxes(crossed_white: int = 0, checked: int = 0, where: str = "") -> DiscardBoxes:
    """Return the boxes of a challenge, or raise ValueError when the counts cannot be on a sheet."""
    prefix = f"{where}: " if where else ""
    if not _whole(crossed_white) or not 0 <= crossed_white <= WHITE_BOXES:
        raise ValueError(f"{prefix}crossed_white must be a whole number from 0 to {WHITE_BOXES} (got {crossed_white!r})")
    if not _whole(checked) or checked < 0:
        raise ValueError(f"{prefix}discards must be a whole number, 0 or more (got {checked!r})")
    boxes = DiscardBoxes(crossed_white, checked)
    if checked > boxes.total:
        crossed = f" ({crossed_white} white boxes crossed out)" if crossed_white else ""
        raise ValueError(f"{prefix}{checked} discards, but the sheet has only {boxes.total} discard boxes{crossed}")
    return boxes


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- judging a claim -------------------------------------------------------------

@dataclass(frozen=True)
class Objection:
    """One reason a claim is refused: a code, a sentence to read out, and details."""

    code: str
    message: str
    detail: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, **self.detail}


@dataclass(frozen=True)
class ClaimVerdict:
    """Whether a claimed word stands, every objection that holds, and what writing it costs."""

    word: str
    normalized: str
    valid: bool
    objections: tuple[Objection, ...]
    letters: int
    score: int  # the letters when valid, else 0
    pieces: Pool | None  # the pieces the word uses (None when the pool cannot build it)
    leftover: Pool | None
    discards: int  # discard boxes the leftovers check
    discards_used: int
    boxes_left: int  # before this claim
    discards_after: int
    bonus_lost: int  # blue boxes this claim checks
    lexicon: str
    after_done: bool = False

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(o.code for o in self.objections)

    def to_dict(self) -> dict:
        return {
            "word": self.word, "normalized": self.normalized, "valid": self.valid,
            "objections": [o.to_dict() for o in self.objections],
            "letters": self.letters, "score": self.score,
            "pieces": self.pieces.to_dict() if self.pieces else None,
            "leftover": self.leftover.to_dict() if self.leftover else None,
            "discards": self.discards, "discards_used": self.discards_used, "boxes_left": self.boxes_left,
            "discards_after": self.discards_after, "bonus_lost": self.bonus_lost,
            "lexicon": self.lexicon, "after_done": self.after_done, "may_add_pieces": not self.after_done,
        }


def _count(n: int, thing: str) -> str:
    """Say a count with its noun: '1 piece', '2 pieces', '3 discard boxes'."""
    if n == 1:
        return f"{n} {thing}"
    return f"{n} {thing}es" if thing.endswith(("x", "s")) else f"{n} {thing}s"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _pieces_phrase(counts: dict[str, int]) -> str:
    """Say a set of pieces out loud: '1 blue piece and 2 green pieces'."""
    return _and([_count(n, f"{kind} piece") for kind, n in counts.items() if n])


def _required(letter: str) -> str:
    letter = fold(letter or "")
    if len(letter) > 1 or (letter and not "a" <= letter <= "z"):
        raise ValueError(f"required_letter: give a single letter a-z (got {letter!r})")
    return letter


def judge_claim(word: str, pool: Pool | str | dict, lexicon: Lexicon, *, alphabet: Alphabet | None = None,
                previous_word: str = "", claimed=(), required_letter: str = "", discards_used: int = 0,
                crossed_white: int = 0, words_written: int = 0, after_done: bool = False,
                challenge_over: bool = False) -> ClaimVerdict:
    """Judge one claimed word against the rules and the player's pool; list every objection that holds.

    `claimed`: the words already claimed this challenge (by anyone);
    `discards_used`: discard boxes already checked this challenge;
    `words_written`: words already on the player's sheet this challenge.
    """
    pool = parse_pool(pool)
    alphabet = alphabet or load_alphabet()
    required = _required(required_letter)
    boxes = discard_boxes(crossed_white, discards_used)
    if not _whole(words_written) or not 0 <= words_written <= WORDS_PER_CHALLENGE:
        raise ValueError(f"words_written must be a whole number from 0 to {WORDS_PER_CHALLENGE} (got {words_written!r})")
    if isinstance(claimed, str):
        claimed = [w for w in claimed.split(",") if w.strip()]
    normalized = fold(word).strip()
    shout = normalized.upper() or repr(word)
    previous = fold(previous_word or "").strip()
    objections: list[Objection] = []

    def object_(code: str, message: str, **detail) -> None:
        objections.append(Objection(code, message, detail))

    if words_written >= WORDS_PER_CHALLENGE:
        object_("sheet_full", f"You already have {WORDS_PER_CHALLENGE} words on your sheet: you cannot claim another this challenge.")
    if challenge_over:
        object_("challenge_over", "The challenge is over: no more words may be claimed.")
    verdict = check(normalized, lexicon, define=False)
    if verdict.reason == "invalid_characters":
        object_("invalid_characters", verdict.message)
    elif not verdict.valid:
        object_("not_a_word", verdict.message, reason=verdict.reason, tier=verdict.tier)
    if normalized in {fold(w).strip() for w in claimed}:
        object_("already_claimed", f"{shout} has already been claimed in this challenge.")
    if previous and normalized and not new_letter(normalized, Counter(previous)):
        object_("no_new_letter", f"{shout} has no new letter: every letter of it was already in {previous.upper()}.",
                previous_word=previous)
    if required and required not in normalized:
        object_("missing_required_letter", f"{shout} does not contain the required letter {required.upper()}.",
                letter=required)

    pieces = leftover = None
    cost = alphabet.cost(normalized) if is_well_formed(normalized) else None
    if cost is None:
        if verdict.reason != "invalid_characters":  # well formed, but the alphabet has no pieces for a character
            object_("not_buildable", f"{shout} holds a character the letter-piece alphabet has no pieces for.", missing={})
    elif not pool.fits(cost):
        missing = pool.missing(cost)
        then = ", and no pieces may be added after Done!" if after_done else ""
        object_("not_buildable", f"Your pool cannot build {shout}: it is short of {_pieces_phrase(missing)}{then}.",
                missing=missing)
    else:
        pieces, leftover = pool.spend(cost)
        left = leftover.size
        if left and boxes.left == 0:
            object_("must_use_all_pieces",
                    f"You have checked all {boxes.total} discard boxes, so you must use every piece in your pool: "
                    f"{shout} leaves {_count(left, 'piece')} over.", leftover=left, boxes_left=0)
        elif left > boxes.left:
            object_("too_many_leftovers",
                    f"{shout} leaves {_count(left, 'piece')} over, but you have only {_count(boxes.left, 'discard box')} "
                    f"left: a word may leave at most {boxes.left}.", leftover=left, boxes_left=boxes.left)
    discards = leftover.size if leftover else 0
    valid = not objections
    return ClaimVerdict(word, normalized, valid, tuple(objections), len(normalized), len(normalized) if valid else 0,
                        pieces, leftover, discards, discards_used, boxes.left, discards_used + discards,
                        boxes.blue_cost(discards), lexicon.name, after_done)


# --- hints -------------------------------------------------------------------------

@dataclass(frozen=True)
class Hint:
    """One claim the pool can make now: its letters, the discards it costs, and its net points."""

    word: str
    letters: int
    pieces: Pool
    leftover: Pool
    bonus_lost: int
    net: int  # letters minus the blue boxes the leftovers check

    def to_dict(self) -> dict:
        return {"word": self.word, "letters": self.letters, "net": self.net, "discards": self.leftover.size,
                "bonus_lost": self.bonus_lost, "pieces": self.pieces.to_dict(), "leftover": self.leftover.to_dict()}


@dataclass(frozen=True)
class RollFace:
    """One face a die can show, its chance, and the best claim the pool then makes."""

    face: str
    chance: float
    best: Hint | None

    def to_dict(self) -> dict:
        return {"face": self.face, "chance": self.chance, "best": self.best.to_dict() if self.best else None}


@dataclass(frozen=True)
class Hints:
    """The best claims now, the best new claims one more piece of each kind opens, and a die's worth."""

    pool: Pool
    boxes: DiscardBoxes
    claims: tuple[Hint, ...]
    add: dict[str, tuple[Hint, ...]]  # kind (or "wild") -> new claims; empty when pieces may not be added
    roll: tuple[RollFace, ...]  # empty when pieces may not be added
    may_add_pieces: bool

    @property
    def expected_roll_net(self) -> float | None:
        """Return the expected net points of the best claim after rolling one die (no claim counts 0)."""
        if not self.roll:
            return None
        return sum(face.chance * (face.best.net if face.best else 0) for face in self.roll)

    def to_dict(self) -> dict:
        expected = self.expected_roll_net
        return {
            "pool": self.pool.to_dict(), "discards_used": self.boxes.checked, "crossed_white": self.boxes.crossed_white,
            "boxes_left": self.boxes.left, "free_discards_left": self.boxes.free_left,
            "may_add_pieces": self.may_add_pieces,
            "claims": [h.to_dict() for h in self.claims],
            "add": {kind: [h.to_dict() for h in found] for kind, found in self.add.items()},
            "roll": {"faces": [f.to_dict() for f in self.roll],
                     "expected_net": None if expected is None else round(expected, 4)} if self.roll else None,
        }


def _rank(hint: Hint) -> tuple:
    return (-hint.net, -hint.letters, hint.leftover.size, hint.word)


def _best_claims(index: PieceIndex, pool: Pool, query: Query, boxes: DiscardBoxes, limit: int,
                 new_since: Pool | None = None) -> list[Hint]:
    """Return the `limit` best claims by net points (only words `new_since` cannot build, if given).

    Reads solve() one word length at a time, longest first. A word's net
    points never exceed its letters, and within one length solve() lists the
    fewest leftovers (the highest net) first, so the reading stops as soon as
    `limit` claims are found that no later word can beat; within a length it
    also stops once the leftovers outgrow the boxes left, or (for new words)
    once every new word of that length has been seen.
    """
    if limit <= 0:
        return []
    if boxes.left == 0:
        query = replace(query, use_all=True)
    # A word leaving more pieces than the boxes left cannot be claimed: it must
    # use at least pool.size - boxes.left pieces, and no letter has more pieces
    # than the alphabet's dearest one, which bounds its length from below.
    dearest = max(sum(letter.cost) for letter in index.alphabet.letters.values())
    shortest = max(query.min_length, ceil((pool.size - boxes.left) / dearest))
    found: list[Hint] = []  # the best so far, kept in rank order

    def beaten(net: int) -> bool:
        """Tell whether `limit` claims found so far all net at least `net` (found claims are never shorter)."""
        return len(found) >= limit and found[limit - 1].net >= net

    for length in index.lengths:
        if length > query.max_length:
            continue
        if length < shortest or beaten(length):
            break
        budget.check()
        at_length = replace(query, min_length=length, max_length=length)
        total = solve(index, pool, at_length, limit=0).total
        unseen = total
        if new_since is not None and not query.use_all:  # with use_all every word is new: it uses the added piece
            unseen -= solve(index, new_since, at_length, limit=0).total
        offset = 0
        while unseen > 0 and offset < total:
            words = solve(index, pool, at_length, limit=MAX_LIMIT, offset=offset).words
            offset += MAX_LIMIT
            for word in words:
                left = word.leftover.size
                lost = boxes.blue_cost(left)
                if left > boxes.left or beaten(length - lost):
                    unseen = 0  # every later word of this length leaves as many pieces or more
                    break
                if new_since is not None and new_since.fits(index.alphabet.cost(word.word)):
                    continue
                unseen -= 1
                insort(found, Hint(word.word, length, word.pieces, word.leftover, lost, length - lost), key=_rank)
                del found[limit:]
    return found


def _best_claims_table(index: PieceIndex, pool: Pool, candidates: tuple[np.ndarray, np.ndarray], boxes: DiscardBoxes,
                       limit: int, use_all: bool = False, new_since: Pool | None = None) -> list[Hint]:
    """Return what `_best_claims` returns, from whole-array passes over the word table.

    `candidates` holds the ranks of the words meeting the query's per-word
    filters and their groups (`_filtered`), found once per request. Whether
    a pool pays for a word, what it leaves over and so its net points depend
    only on the word's group (cost and length), so each pool costs one pass
    over the groups and one over the candidates, whatever the filters.
    """
    if limit <= 0:
        return []
    budget.check()
    table = index.table
    ranks, groups = candidates
    left = pool.size - table.group_pieces
    claimable = table.group_fits(pool.counts, pool.wild) & (left <= (0 if use_all or boxes.left == 0 else boxes.left))
    if new_since is not None:
        claimable &= ~table.group_fits(new_since.counts, new_since.wild)
    lost = np.maximum(np.minimum(left, boxes.left) - boxes.free_left, 0)
    net = table.group_length - lost
    take = claimable[groups]
    found, found_groups = ranks[take], groups[take]
    found_net = net[found_groups]
    best = np.argsort(-found_net, kind="stable")[:limit]  # ties stay in rank order: longest, fewest left over, A-Z
    best_groups = found_groups[best]
    hints, spent = [], {}
    ranked, costs = index.ranked, index.costs
    for rank, lost_boxes, points in zip(found[best].tolist(), lost[best_groups].tolist(), net[best_groups].tolist()):
        word, cost = ranked[rank], costs[rank]
        if cost not in spent:
            spent[cost] = pool.spend(cost)
        pieces, leftover = spent[cost]
        hints.append(Hint(word, len(word), pieces, leftover, lost_boxes, points))
    return hints


def _filtered(index: PieceIndex, query: Query) -> tuple[np.ndarray, np.ndarray]:
    """Return the ranks of the words meeting the query's per-word filters, and their groups."""
    ranks = index.table.select(query)
    return ranks, index.table.group[ranks]


def hints(index: PieceIndex, pool: Pool | str | dict, query: Query | None = None, *, discards_used: int = 0,
          crossed_white: int = 0, after_done: bool = False, may_roll: bool = True, limit: int = 10) -> Hints:
    """Return the best claims now by net points, what one more piece of each kind opens, and a die's worth.

    Net points: letters minus the blue boxes the leftovers would check (the
    free white boxes fill first). `add` lists, per kind and for a wild, the
    best words one more such piece makes buildable that the pool cannot build
    now. `roll` gives, per die face, the best claim after rolling it. No piece
    is suggested after Done! (`after_done`), when rolling is not allowed
    (`may_roll=False`, e.g. in Word by Word), or when the pool already holds
    MAX_POOL_PIECES.
    """
    pool = parse_pool(pool)
    query = query or Query()
    boxes = discard_boxes(crossed_white, discards_used)
    _check_page(limit, 0)
    if not small_pool(index, pool.add("wild") if pool.size < MAX_POOL_PIECES else pool):
        # A pool that builds thousands of words: one pass over the word table per pool (solver/wordtable.py),
        # not a page of words per length read and filtered in Python (up to 0.9 s, issue 12).
        candidates = _filtered(index, query)

        def best_claims(pool, limit, new_since=None):
            return _best_claims_table(index, pool, candidates, boxes, limit, query.use_all, new_since)
    else:
        def best_claims(pool, limit, new_since=None):
            return _best_claims(index, pool, query, boxes, limit, new_since)
    claims = tuple(best_claims(pool, limit))
    may_add = may_roll and not after_done and pool.size < MAX_POOL_PIECES
    add: dict[str, tuple[Hint, ...]] = {}
    faces: list[RollFace] = []
    if may_add:
        for kind in KINDS + ("wild",):
            add[kind] = tuple(best_claims(pool.add(kind), limit, new_since=pool))
        counts = Counter(face.add for face in load_box().die)
        sides = sum(counts.values())
        for face, n in counts.items():
            best = best_claims(pool.add(face), 1)
            faces.append(RollFace(face, n / sides, best[0] if best else None))
    return Hints(pool, boxes, claims, add, tuple(faces), may_add)


# --- dice ------------------------------------------------------------------------

def roll(dice: int | None = None, rng: random.Random | None = None) -> tuple[str, ...]:
    """Roll dice (all the box's dice by default) and return the faces that came up (see `load_box().die`)."""
    box = load_box()
    dice = box.dice if dice is None else dice
    if not _whole(dice) or not 1 <= dice <= box.dice:
        raise ValueError(f"dice: roll from 1 to {box.dice} dice (got {dice!r})")
    rng = rng or random.Random()
    return tuple(rng.choice(box.die_faces) for _ in range(dice))


def _pieces(faces, reading: str) -> Pool:
    box = load_box()
    if isinstance(faces, str):
        raise ValueError("faces: give a list of die faces")
    return Pool(**Counter(getattr(box.face(face), reading) for face in faces))


def starting_pieces(faces) -> Pool:
    """Return the pieces rolled faces give at the start: one of the rolled colour each, a star as its colour (ruling 5)."""
    return _pieces(faces, "start")


def added_pieces(faces) -> Pool:
    """Return the pieces rolled faces give when adding pieces: a star face as a wild (ruling 5)."""
    return _pieces(faces, "add")


def starting_pool(rng: random.Random | None = None) -> tuple[tuple[tuple[str, ...], ...], Pool]:
    """Roll all the dice twice, as at the start of a challenge; return the two rolls and the pool."""
    rng = rng or random.Random()
    rolls = (roll(rng=rng), roll(rng=rng))
    return rolls, starting_pieces(chain.from_iterable(rolls))


def word_by_word_roll(rng: random.Random | None = None) -> tuple[str, ...]:
    """Roll three dice for a Word by Word word, rolling again while they show only wilds (stars)."""
    rng = rng or random.Random()
    box = load_box()
    while True:
        faces = roll(WORD_BY_WORD_DICE, rng)
        if any(box.face(face).add != "wild" for face in faces):
            return faces


ROLLS = ("start", "add", "word_by_word")


@dataclass(frozen=True)
class DiceRoll:
    """A roll as a table makes it: the faces that came up, roll by roll, and the pieces they give."""

    what: str  # start: the starting pool; add: one die for a piece to add; word_by_word: one word's three dice
    rolls: tuple[tuple[str, ...], ...]
    pieces: Pool  # the starting pool, or the pieces to add (a wild: any kind; in Word by Word a circle)

    def to_dict(self) -> dict:
        box = load_box()
        reading = "start" if self.what == "start" else "add"
        return {"what": self.what, "rolls": [list(faces) for faces in self.rolls],
                "labels": [[box.face(f).label for f in faces] for faces in self.rolls],
                "gives": [[getattr(box.face(f), reading) for f in faces] for faces in self.rolls],
                "pieces": self.pieces.to_dict(), "pieces_text": str(self.pieces)}

    def shown(self) -> list[list[tuple[str, str]]]:
        """Return each roll's faces as (label, what it gives) pairs."""
        d = self.to_dict()
        return [list(zip(labels, gives)) for labels, gives in zip(d["labels"], d["gives"])]


def roll_dice(what: str = "start", rng: random.Random | None = None) -> DiceRoll:
    """Make one of the table's rolls: `start` (all dice twice), `add` (one die), `word_by_word` (three dice)."""
    rng = rng or random.Random()
    if what == "start":
        rolls, pool = starting_pool(rng)
        return DiceRoll(what, rolls, pool)
    if what == "add":
        faces = roll(1, rng)
    elif what == "word_by_word":
        faces = word_by_word_roll(rng)
    else:
        raise ValueError(f"roll: choose {', '.join(ROLLS)} (got {what!r})")
    return DiceRoll(what, (faces,), added_pieces(faces))


# --- score sheets ------------------------------------------------------------------

@dataclass(frozen=True)
class SheetWord:
    """One word line: the word, and (by variant) its row or its Word by Word circles."""

    word: str
    row: int | None = None  # advanced: the row (1-6) it is written in, if given
    circles: int = 0  # word by word: wilds rolled for this word
    checked: int = 0  # word by word: circles used


@dataclass(frozen=True)
class Challenge:
    """One challenge of a sheet: its words in claim order and its discard boxes."""

    words: tuple[SheetWord, ...] = ()
    discards: int = 0  # boxes checked for leftover pieces
    crossed_white: int = 0
    required: str = ""  # advanced: the six required letters, row by row


@dataclass(frozen=True)
class Sheet:
    player: str
    challenges: tuple[Challenge, ...] = ()


def parse_variant(variant: str) -> tuple[str, ...]:
    """Return the variant's parts in canonical order: ('standard',) or some of secret, advanced, word_by_word."""
    if not isinstance(variant, str):
        raise ValueError(f"variant: give a name like 'standard' or 'secret+advanced' (got {variant!r})")
    aliases = {"secret_wordsmith": "secret", "advanced_game": "advanced", "word_by_word_game": "word_by_word"}
    parts = set()
    for part in variant.lower().replace("-", "_").replace(" ", "_").split("+"):
        part = aliases.get(part.strip("_"), part.strip("_"))
        if part not in VARIANTS:
            raise ValueError(f"variant: unknown variant {part!r}; choose {', '.join(VARIANTS)} (combine with '+')")
        parts.add(part)
    if "standard" in parts and len(parts) > 1:
        raise ValueError("variant: 'standard' does not combine with other variants")
    return tuple(v for v in VARIANTS if v in parts)


def _parse_word(value, where: str, parts: tuple[str, ...]) -> SheetWord:
    if isinstance(value, SheetWord):
        value = {"word": value.word, "row": value.row, "circles": value.circles, "checked": value.checked}
    if isinstance(value, str):
        value = {"word": value}
    if not isinstance(value, dict):
        raise ValueError(f"{where}: a word is a string or an object with 'word'")
    unknown = sorted(set(value) - {"word", "row", "circles", "checked"})
    if unknown:
        raise ValueError(f"{where}: unknown field {unknown[0]!r}; a word has word, row (advanced), circles and checked (word by word)")
    word = value.get("word")
    if not isinstance(word, str) or not word.strip():
        raise ValueError(f"{where}: the word is missing or empty")
    row = value.get("row")
    if row is not None:
        if "advanced" not in parts:
            raise ValueError(f"{where}: 'row' is only for the advanced variant")
        if not _whole(row) or not 1 <= row <= WORDS_PER_CHALLENGE:
            raise ValueError(f"{where}: row must be a whole number from 1 to {WORDS_PER_CHALLENGE} (got {row!r})")
    circles, checked = value.get("circles", 0), value.get("checked", 0)
    if (circles or checked) and "word_by_word" not in parts:
        raise ValueError(f"{where}: circles are only for the word_by_word variant")
    if not _whole(circles) or not 0 <= circles <= MAX_CIRCLES:
        raise ValueError(f"{where}: circles must be a whole number from 0 to {MAX_CIRCLES} (got {circles!r})")
    if not _whole(checked) or not 0 <= checked <= circles:
        raise ValueError(f"{where}: checked circles must be a whole number from 0 to the {circles} circles (got {checked!r})")
    return SheetWord(word, row, circles, checked)


def _parse_challenge(value, where: str, parts: tuple[str, ...]) -> Challenge:
    if isinstance(value, Challenge):
        value = {"words": list(value.words), "discards": value.discards, "crossed_white": value.crossed_white,
                 **({"required": value.required} if value.required else {})}
    if not isinstance(value, dict):
        raise ValueError(f"{where}: a challenge is an object with words, discards and crossed_white")
    unknown = sorted(set(value) - {"words", "discards", "crossed_white", "required"})
    if unknown:
        raise ValueError(f"{where}: unknown field {unknown[0]!r}; a challenge has words, discards, crossed_white and required (advanced)")
    words = value.get("words", [])
    if not isinstance(words, (list, tuple)):
        raise ValueError(f"{where}: words must be a list")
    if len(words) > WORDS_PER_CHALLENGE:
        raise ValueError(f"{where}: {len(words)} words, but a challenge has only {WORDS_PER_CHALLENGE} word lines")
    parsed = tuple(_parse_word(w, f"{where}, word {i}", parts) for i, w in enumerate(words, 1))
    rows = [w.row for w in parsed if w.row is not None]
    if len(rows) != len(set(rows)):
        twice = next(r for r in rows if rows.count(r) > 1)
        raise ValueError(f"{where}: two words are written in row {twice}")
    required = value.get("required", "")
    if "advanced" in parts:
        if isinstance(required, (list, tuple)) and all(isinstance(r, str) for r in required):
            required = "".join(required)
        required = fold(required) if isinstance(required, str) else required
        if not isinstance(required, str) or len(required) != WORDS_PER_CHALLENGE or not required.isalpha() or not required.isascii():
            raise ValueError(f"{where}: the advanced variant needs 'required': {WORDS_PER_CHALLENGE} letters a-z, one per row (got {value.get('required')!r})")
    elif required:
        raise ValueError(f"{where}: 'required' letters are only for the advanced variant")
    discards = value.get("discards", 0)
    crossed_white = value.get("crossed_white", 0)
    circle_discards = sum(w.circles - w.checked for w in parsed)
    discard_boxes(crossed_white, discards, where)  # the counts alone
    discard_boxes(crossed_white, discards + circle_discards,
                  f"{where} (with {circle_discards} boxes for unchecked circles)" if circle_discards else where)
    return Challenge(parsed, discards, crossed_white, required)


def parse_sheet(value, parts: tuple[str, ...] = ("standard",), number: int = 1) -> Sheet:
    """Read one score sheet from a dict (or a Sheet); raise ValueError saying what is wrong and where."""
    if isinstance(value, Sheet):
        value = {"player": value.player, "challenges": list(value.challenges)}
    if not isinstance(value, dict):
        raise ValueError(f"sheet {number}: a sheet is an object with player and challenges")
    unknown = sorted(set(value) - {"player", "challenges"})
    if unknown:
        raise ValueError(f"sheet {number}: unknown field {unknown[0]!r}; a sheet has player and challenges")
    player = value.get("player")
    if not isinstance(player, str) or not player.strip():
        raise ValueError(f"sheet {number}: the player's name is missing")
    where = f"sheet {number} ({player})"
    challenges = value.get("challenges", [])
    if not isinstance(challenges, (list, tuple)):
        raise ValueError(f"{where}: challenges must be a list")
    if len(challenges) > CHALLENGES:
        raise ValueError(f"{where}: {len(challenges)} challenges, but a game has only {CHALLENGES}")
    return Sheet(player.strip(), tuple(_parse_challenge(c, f"{where}, challenge {i}", parts)
                                       for i, c in enumerate(challenges, 1)))


@dataclass(frozen=True)
class ScoredWord:
    """One word line scored: its letters, its points, and why it scores zero when it does."""

    word: str
    normalized: str
    letters: int
    points: int
    objections: tuple[Objection, ...] = ()
    row: int | None = None
    required_letter: str | None = None
    circles: int = 0
    checked: int = 0

    @property
    def valid(self) -> bool:
        return not self.objections

    def to_dict(self) -> dict:
        return {"word": self.word, "normalized": self.normalized, "letters": self.letters, "points": self.points,
                "valid": self.valid, "objections": [o.to_dict() for o in self.objections],
                "row": self.row, "required_letter": self.required_letter,
                "circles": self.circles, "checked": self.checked}


@dataclass(frozen=True)
class ScoredChallenge:
    number: int
    words: tuple[ScoredWord, ...]
    boxes: DiscardBoxes
    discards: int  # boxes checked for leftover pieces
    circle_discards: int  # boxes checked for unchecked Word by Word circles
    required: str = ""

    @property
    def letters(self) -> int:
        return sum(w.points for w in self.words)

    @property
    def bonus(self) -> int:
        return self.boxes.bonus

    @property
    def total(self) -> int:
        return self.letters + self.bonus

    def to_dict(self) -> dict:
        return {"number": self.number, "words": [w.to_dict() for w in self.words], "letters": self.letters,
                "discards": self.discards, "circle_discards": self.circle_discards,
                "boxes_checked": self.boxes.checked, "crossed_white": self.boxes.crossed_white,
                "boxes": self.boxes.total, "free_discards": self.boxes.white, "blue_checked": self.boxes.blue_checked,
                "bonus": self.bonus, "total": self.total, "required": self.required or None}


@dataclass(frozen=True)
class ScoredSheet:
    player: str
    challenges: tuple[ScoredChallenge, ...]

    @property
    def total(self) -> int:
        return sum(c.total for c in self.challenges)

    def to_dict(self) -> dict:
        return {"player": self.player, "challenges": [c.to_dict() for c in self.challenges], "total": self.total}


@dataclass(frozen=True)
class ScoreResult:
    variant: str
    sheets: tuple[ScoredSheet, ...]

    @property
    def high_score(self) -> int | None:
        return max((s.total for s in self.sheets), default=None)

    @property
    def winners(self) -> list[str]:
        """Return the players with the highest total: several when tied, they share the win."""
        return [s.player for s in self.sheets if s.total == self.high_score]

    def to_dict(self) -> dict:
        return {"variant": self.variant, "sheets": [s.to_dict() for s in self.sheets],
                "winners": self.winners, "high_score": self.high_score}


def _secret_objections(word: str, earlier: list[str], lexicon: Lexicon) -> list[Objection]:
    """Check a word of a Secret Wordsmith sheet: in the lexicon, not repeated, with a new letter."""
    shout = word.upper() or "an empty word"
    found = []
    verdict = check(word, lexicon, define=False)
    if verdict.reason == "invalid_characters":
        found.append(Objection("invalid_characters", verdict.message))
    elif not verdict.valid:
        found.append(Objection("not_a_word", verdict.message, {"reason": verdict.reason, "tier": verdict.tier}))
    if word in earlier:
        found.append(Objection("already_claimed", f"{shout} is already higher on this sheet in this challenge."))
    if earlier and not new_letter(word, Counter(earlier[-1])):
        found.append(Objection("no_new_letter", f"{shout} has no new letter: every letter of it was already in "
                               f"{earlier[-1].upper()}.", {"previous_word": earlier[-1]}))
    return found


def _assign_rows(words: tuple[SheetWord, ...], counts: list[bool], letters: list[int], required: str) -> list[int | None]:
    """Place each word in a row (1-based) whose required letter it holds, scoring the most letters.

    Words that name their row keep it; the others try every free row (and no
    row), in order, keeping the first placement with the highest score.
    """
    taken = {w.row for w in words if w.row is not None}
    placed: list[int | None] = [w.row for w in words]
    free = [i for i, w in enumerate(words) if w.row is None and counts[i]]
    best: tuple[int, list] = (-1, placed)

    def place(k: int, rows_taken: set, points: int, current: list) -> None:
        nonlocal best
        if k == len(free):
            if points > best[0]:
                best = (points, current[:])
            return
        i = free[k]
        normalized = fold(words[i].word)
        for row in range(1, WORDS_PER_CHALLENGE + 1):
            if row not in rows_taken and required[row - 1] in normalized:
                current[i] = row
                place(k + 1, rows_taken | {row}, points + letters[i], current)
        current[i] = None
        place(k + 1, rows_taken, points, current)

    place(0, taken, 0, placed[:])
    return best[1]


def _score_challenge(challenge: Challenge, number: int, parts: tuple[str, ...], lexicon: Lexicon | None,
                     where: str) -> ScoredChallenge:
    normalized = [fold(w.word).strip() for w in challenge.words]
    objections: list[list[Objection]] = []
    for i, (word, text) in enumerate(zip(challenge.words, normalized), 1):
        if "secret" in parts:
            objections.append(_secret_objections(text, normalized[: i - 1], lexicon))
        elif is_well_formed(text):
            objections.append([])
        else:
            raise ValueError(f"{where}, word {i}: {word.word!r} cannot stand on a sheet: "
                             "a word holds only letters, with apostrophes or hyphens inside")
    rows: list[int | None] = [None] * len(challenge.words)
    if "advanced" in parts:
        rows = _assign_rows(challenge.words, [not o for o in objections], [len(t) for t in normalized],
                            challenge.required)
        for word, text, row, found in zip(challenge.words, normalized, rows, objections):
            if row is None and not found:
                letters = ", ".join(challenge.required.upper())
                why = (f"{text.upper()} contains none of the required letters {letters}." if not set(text) & set(challenge.required)
                       else f"Every row whose required letter {text.upper()} contains holds another word.")
                found.append(Objection("missing_required_letter", why))
            elif row is not None and challenge.required[row - 1] not in text:
                letter = challenge.required[row - 1]
                found.append(Objection("missing_required_letter", f"{text.upper()} is in row {row}, whose required "
                                       f"letter {letter.upper()} it does not contain.", {"letter": letter}))
    scored = []
    for word, text, found, row in zip(challenge.words, normalized, objections, rows):
        letter = challenge.required[row - 1] if row is not None else None
        scored.append(ScoredWord(word.word, text, len(text), 0 if found else len(text), tuple(found), row, letter,
                                 word.circles, word.checked))
    circle_discards = sum(w.circles - w.checked for w in challenge.words)
    boxes = discard_boxes(challenge.crossed_white, challenge.discards + circle_discards, where)
    return ScoredChallenge(number, tuple(scored), boxes, challenge.discards, circle_discards, challenge.required)


def score_sheets(sheets, variant: str = "standard", lexicon: Lexicon | None = None) -> ScoreResult:
    """Score the sheets (dicts or Sheets) of one game under a variant; name the winner(s).

    `lexicon` is needed by the secret variant, which checks every word.
    """
    parts = parse_variant(variant)
    if "secret" in parts and lexicon is None:
        raise ValueError("variant: secret checks every word, so it needs a lexicon")
    if not isinstance(sheets, (list, tuple)) or not sheets:
        raise ValueError("sheets: give a list of at least one score sheet")
    parsed = [parse_sheet(s, parts, n) for n, s in enumerate(sheets, 1)]
    names = [s.player for s in parsed]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice:
        raise ValueError(f"sheets: two sheets belong to {twice!r}; give each player one sheet")
    scored = []
    for n, sheet in enumerate(parsed, 1):
        where = f"sheet {n} ({sheet.player})"
        challenges = tuple(_score_challenge(c, i, parts, lexicon, f"{where}, challenge {i}")
                           for i, c in enumerate(sheet.challenges, 1))
        scored.append(ScoredSheet(sheet.player, challenges))
    return ScoreResult("+".join(parts), tuple(scored))
