"""Booksmack's cards: the published deck, a card as typed, and its rank."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass
from functools import cache
from string import ascii_lowercase

from ..datafiles import read_json
from ..errors import Refused
from ..limits import MAX_CARDS
from ..normalize import fold
from ..sentences import say

VARIANTS = ("base", "turn-based")
_NUMBER = re.compile(r"[0-9]{1,3}")


@dataclass(frozen=True)
class _Symbol:
    """A symbol card of data/booksmack_cards.json: what it is called, its power, whether a tap may ever take it."""

    card: str
    name: str
    power: str
    never_tapped: bool


@dataclass(frozen=True)
class _CardSet:
    """The deck as data/booksmack_cards.json describes it: the tie order, the numbers, the symbols, the printed cards."""

    tie_order: tuple[str, ...]
    lowest_number: int
    highest_number: int
    symbols: dict[str, _Symbol]
    published: tuple[tuple[str, tuple[str, ...]], ...]


@cache
def card_set() -> _CardSet:
    data = read_json("booksmack_cards.json")
    symbols = {s["card"]: _Symbol(s["card"], s["name"], s["power"], s["never_tapped"]) for s in data["symbols"]}
    published = tuple((s["name"], tuple(s["cards"])) for s in data["sets"])
    numbers = data["numbers"]
    return _CardSet(tuple(data["tie_order"]), numbers["lowest"], numbers["highest"], symbols, published)


def published_deck() -> list[tuple[str, list[str]]]:
    """Return the published card set: (set name, cards) per set, copies repeated."""
    return [(name, list(cards)) for name, cards in card_set().published]


@cache
def _published_texts() -> frozenset[str]:
    return frozenset(card for _, cards in card_set().published for card in cards)


@dataclass(frozen=True)
class Card:
    """One Booksmack card: what it is and how it ranks as printed."""

    text: str
    kind: str  # "letter", "number" or "symbol"
    name: str
    letter: str | None = None  # the plain letter a-z a letter card reads as
    rank: int | None = None  # printed rank: A=1..Z=26 or the number's value
    form: str | None = None  # place in the tie-break order; None for symbols
    uppercase: bool = False
    published: bool = True

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def tier(self) -> int:
        """Return the card's place in the tie-break order (symbols: -1)."""
        return card_set().tie_order.index(self.form) if self.form else -1

    @property
    def shown(self) -> str:
        """Return the card as a sentence shows it."""
        return shown_card(self.text)


def shown_card(text: str) -> str:
    """Return a card, as the engine spells it, the one way sentences and pages show it: the Space card, whose face
    is blank, by its name."""
    return "Space" if text == " " else text


def _refuse(position: int, text: str, why: str) -> Refused:
    return Refused(say("booksmack.refuse.card", position=position, text=repr(text), why=why), ("cards", position - 1))


# The Space card's names, for where a single space is hard to type or to see (a command line, a text box):
# `space`, in any case, or the open-box sign.
SPACE_NAMES = ("space", "␣")


def parse_card(text: str, position: int = 1) -> Card:
    """Return the card a string stands for; `position` (1-based) names it in errors."""
    if not isinstance(text, str):
        raise _refuse(position, text, "a card is a string")
    cards = card_set()
    canonical = unicodedata.normalize("NFKC", text)
    if canonical.lower() in SPACE_NAMES:
        canonical = " "
    if canonical in cards.symbols:
        symbol = cards.symbols[canonical]
        return Card(canonical, "symbol", symbol.name, published=canonical in _published_texts())
    if _NUMBER.fullmatch(canonical):
        value = int(canonical)
        if not cards.lowest_number <= value <= cards.highest_number:
            raise _refuse(
                position,
                text,
                say("booksmack.refuse.numbers", lowest=cards.lowest_number, highest=cards.highest_number),
            )
        return Card(
            str(value),
            "number",
            f"number {value}",
            rank=value,
            form="number",
            published=str(value) in _published_texts(),
        )
    letter = fold(canonical) if len(canonical) == 1 else ""
    if len(letter) == 1 and letter in ascii_lowercase:
        plain = canonical.isascii()
        form = ("uppercase" if canonical.isupper() else "lowercase") if plain else "diacritic"
        return Card(
            canonical,
            "letter",
            f"letter {canonical}",
            letter,
            ascii_lowercase.index(letter) + 1,
            form,
            canonical.isupper(),
            canonical in _published_texts(),
        )
    raise _refuse(position, text, say("booksmack.refuse.kinds"))


def parse_cards(cards: list[str]) -> list[Card]:
    """Return the cards of one round, in seating order; refuse a bad card by its position."""
    if isinstance(cards, str):
        raise Refused(say("booksmack.refuse.not_a_list"), ("cards",))
    if not cards:
        raise Refused(say("booksmack.refuse.no_cards"), ("cards",))
    if len(cards) > MAX_CARDS:
        raise Refused(say("booksmack.refuse.too_many", most=MAX_CARDS, count=len(cards)), ("cards",))
    return [card if isinstance(card, Card) else parse_card(card, i) for i, card in enumerate(cards, 1)]


def rank_key(card: Card) -> tuple[int, int] | None:
    """Return how a card ranks as printed: (rank, tie-break place), or None if unranked."""
    return None if card.rank is None else (card.rank, card.tier)
