"""Booksmack: who wins the round, and why.

The card set and the powers written on the cards are data
(`solver/data/booksmack_cards.json`); this module applies them. Cards are
strings: a letter (`a`, `A`, `é`), a number (`"12"`), a symbol
(`. ? ! + - & * @ ~ #`) or a single space for the Space card.

The rulings on points the rulebook leaves open (spelling first, ranks and
ties, the powers, no tap, the Space card, the turn-based variant, the final
score) are numbered in docs/rules/booksmack.md, their only home; the code and
tests/test_booksmack.py cite them as "ruling N".

>>> from solver.lexicon import load_lexicons
>>> lexicon = load_lexicons()["standard"]
>>> judge_round(["c", "A", "f", "é"], lexicon).explanation
'CAFE is spelled from seat 1.'
>>> judge_round(["b", "Z", "m"], lexicon).winners
[2]
>>> judge_round(["b", "Z", "#", "m"], lexicon).explanation
'# is on the table, so the lowest card wins: b.'
"""

from __future__ import annotations

from ..limits import MAX_CARDS, READING_WORDS
from .cards import SPACE_NAMES, VARIANTS, Card, parse_card, parse_cards, published_deck, rank_key, shown_card
from .round import TURN_ACTIONS, RoundResult, Shares, TurnState, judge_round, share_cards, turn_state
from .scoring import CardScore, ScoreResult, score_collection
from .spelling import Reading, Spelling, find_words, spell

__all__ = [
    "MAX_CARDS",
    "SPACE_NAMES",
    "VARIANTS",
    "READING_WORDS",
    "TURN_ACTIONS",
    "Card",
    "Reading",
    "Spelling",
    "Shares",
    "RoundResult",
    "TurnState",
    "CardScore",
    "ScoreResult",
    "parse_card",
    "parse_cards",
    "rank_key",
    "shown_card",
    "find_words",
    "spell",
    "share_cards",
    "judge_round",
    "turn_state",
    "score_collection",
    "published_deck",
]
