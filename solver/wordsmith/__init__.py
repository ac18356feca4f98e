"""Wordsmith rules: judge a claim, hint the best claims, score the sheets, roll the dice.

Everything here works on plain values: a word, a pool (`solver.pieces.Pool`),
a lexicon, and counts read off the score sheet. Nothing is remembered between
calls; the caller (the table, the service) describes the state each time.

Rulings (the rulebook leaves these open):

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
5. Dice: each die shows red, red, yellow, yellow, a blue star and a
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

from .boxes import (
    BLUE_BOXES,
    CHALLENGES,
    DISCARD_BOXES,
    MAX_CIRCLES,
    VARIANTS,
    WHITE_BOXES,
    WORD_BY_WORD_DICE,
    WORDS_PER_CHALLENGE,
    DiscardBoxes,
    discard_boxes,
)
from .dice import ROLLS, DiceRoll, added_pieces, roll, roll_dice, starting_pieces, starting_pool, word_by_word_roll
from .hints import Hint, Hints, RollFace, hints
from .judge import ClaimVerdict, Objection, judge_claim
from .sheets import (
    Challenge,
    ScoredChallenge,
    ScoredSheet,
    ScoredWord,
    ScoreResult,
    Sheet,
    SheetWord,
    parse_sheet,
    parse_variant,
    score_sheets,
)

__all__ = [
    "WHITE_BOXES",
    "BLUE_BOXES",
    "DISCARD_BOXES",
    "WORDS_PER_CHALLENGE",
    "CHALLENGES",
    "VARIANTS",
    "MAX_CIRCLES",
    "WORD_BY_WORD_DICE",
    "Objection",
    "ClaimVerdict",
    "judge_claim",
    "DiscardBoxes",
    "discard_boxes",
    "Hint",
    "RollFace",
    "Hints",
    "hints",
    "SheetWord",
    "Challenge",
    "Sheet",
    "parse_sheet",
    "parse_variant",
    "ScoredWord",
    "ScoredChallenge",
    "ScoredSheet",
    "ScoreResult",
    "score_sheets",
    "ROLLS",
    "DiceRoll",
    "roll_dice",
    "roll",
    "starting_pieces",
    "added_pieces",
    "starting_pool",
    "word_by_word_roll",
]
