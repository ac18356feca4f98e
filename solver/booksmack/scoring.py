"""Booksmack's scoring: the letters of a collection of won cards."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from ..errors import Refused, spelled
from ..sentences import say
from .cards import VARIANTS, Card, parse_card

# --- scoring --------------------------------------------------------------------


@dataclass(frozen=True)
class CardScore:
    """What one card of a collection scores, and why."""

    card: str
    points: int
    why: str

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class ScoreResult:
    """A collection's final score: the total and every card's share of it."""

    variant: str
    total: int
    breakdown: list[CardScore] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"variant": self.variant, "total": self.total, "breakdown": [b.to_dict() for b in self.breakdown]}


def _letter_score(card: Card, cards: list[Card]) -> CardScore:
    """Return a letter's turn-based score: position // 5, then the pair bonus and the versions malus."""
    points = card.rank // 5
    why = [f"{card.letter.upper()} is letter {card.rank}, {card.rank} // 5 = {points}"]
    same = [c for c in cards if c.kind == "letter" and c.letter == card.letter]
    lower_forms = sorted({c.text for c in same if not c.uppercase})
    if any(c.uppercase for c in same) and lower_forms:
        points += 2
        why.append(f"+2: both uppercase and lowercase {card.letter.upper()} owned")
    if not card.uppercase and len(lower_forms) > 1:
        points -= 2
        why.append(f"-2: several lowercase versions of {card.letter} owned ({' '.join(lower_forms)})")
    return CardScore(card.text, points, "; ".join(why))


def score_collection(cards: list[str], variant: str = "base") -> ScoreResult:
    """Return the final score of a collection (library plus hand) and each card's points.

    >>> [b.points for b in score_collection(["E", "e", "é", "z", "!"], "turn-based").breakdown]
    [3, 1, 1, 5, 1]
    """
    if variant not in VARIANTS:
        raise Refused(f"unknown variant {spelled(variant)}: choose one of {', '.join(VARIANTS)}", ("variant",))
    if isinstance(cards, str):
        raise Refused(say("booksmack.refuse.not_a_list"), ("cards",))
    parsed = [card if isinstance(card, Card) else parse_card(card, i) for i, card in enumerate(cards, 1)]
    if variant == "base":
        breakdown = [CardScore(c.text, 1, "every card scores 1 in the base game") for c in parsed]
    else:
        breakdown = [
            _letter_score(c, parsed) if c.kind == "letter" else CardScore(c.text, 1, f"{c.kind}s score 1")
            for c in parsed
        ]
    return ScoreResult(variant, sum(b.points for b in breakdown), breakdown)
