"""Color Smash: is a slap right, and a scorekeeper that replays a whole game.

A card is a splat colour with an optional colour word, or a Steal card. In
JSON a card is a dict (`{"splat": "red", "word": "Blue"}`, `{"splat": "red"}`,
`{"steal": true}`) or the short text `"red/blue"`, `"red"`, `"steal"`; colour
names are case-insensitive. The default colours are data
(`solver/data/colorsmash_colours.json`); every function takes `colours=` to
use another set.

Replay events, a JSON list, replayed in order:

- `{"type": "deal", "hands": {"ann": [card, ...] | 18, ...}, "first": "ann"}`:
  once, before anything else; every player gets a hand (top card first) or,
  when the faces are not known yet, a number of face-down cards. `first`
  (optional) is the player who flips first; otherwise the first flip decides.
- `{"type": "flip", "player": "ann", "card": card}`: the player whose turn it
  is flips their top card onto the pile. `card` may be left out when that
  card is already known (dealt face up in the record, or won back); when
  given it must be that card.
- `{"type": "slap", "player": "bob", "steal_from": "cat"}`: the first player
  to slap the pile. `steal_from` names the opponent to rob when the top card
  is a Steal card, and only then.

The rulings on points the rulebook leaves open (turns, who is out, right and
wrong slaps, the end of each style, impossible events) are numbered in
docs/rules/colorsmash.md, their only home.

>>> judge_slap({"splat": "green", "word": "Green"}).code
'match'
>>> judge_slap("red/blue").slap
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

from .datafiles import read_json
from .errors import Refused
from .normalize import fold
from .sentences import say
from .text import and_list, count, or_list

__all__ = [
    "DECK",
    "DEFAULT_COLOURS",
    "MAX_HAND",
    "MODES",
    "PENALTY",
    "STEAL",
    "Card",
    "SlapResult",
    "PlayerState",
    "ReplayResult",
    "ImpossibleEvent",
    "parse_card",
    "judge_slap",
    "replay",
    "shared_out",
]

MODES = ("standard", "competition")
PENALTY = 5  # cards a wrong slap puts under the pile
MAX_HAND = 200  # cards dealt to one player, face up or down: the whole deck fits, and a replay stays small
STEAL = 5  # collected cards a Steal card lets the first slapper take
DECK = 72  # the cards in the box, all shared out at the deal (the rulebook's set-up)
# Any event but the deal before the deal: the replay's refusal and the game's alike.
NOT_DEALT = "deal the cards first"


def out_of_game(player: str) -> str:
    """A player with no card left to flip or collect: the replay's line and its refusal of their next move."""
    return f"{player} is out of cards and out of the game"


def shared_out(players: Sequence[str], cards: int = DECK) -> dict[str, int]:
    """Each player's hand when `cards` are shared out as evenly as they go, the first players one more."""
    each, more = divmod(cards, len(players)) if players else (0, 0)
    return {name: each + (index < more) for index, name in enumerate(players)}


def _load_colours() -> tuple[str, ...]:
    return tuple(read_json("colorsmash_colours.json")["colours"])


DEFAULT_COLOURS = _load_colours()


@dataclass(frozen=True)
class Card:
    """A Color Smash card: a splat colour and an optional word, or a Steal card."""

    splat: str | None = None
    word: str | None = None
    steal: bool = False

    @property
    def text(self) -> str:
        """Return the short notation: `red/blue`, `red` or `steal`."""
        if self.steal:
            return "steal"
        return self.splat if self.word is None else f"{self.splat}/{self.word}"

    def to_dict(self) -> dict:
        return asdict(self)


def _given(value: object) -> str:
    """Say what was given where a name or a card belongs, in words, never as Python writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return "a blank name" if not value.strip() else f"'{value}'"
    return {list: "a list", tuple: "a list", dict: "an object"}.get(
        type(value), "nothing" if value is None else "a value"
    )


def _fields(kind: str, unknown: set) -> str:
    """Say which fields a card or an event does not have: 'a card has no field colour'."""
    names = sorted(map(str, unknown))
    return f"{kind} has no field{'s' if len(names) > 1 else ''} {and_list(names)}"


def _colour(name: object, colours: Sequence[str], what: str) -> str:
    """Return a colour name folded, refusing one outside the colour set."""
    folded = fold(name).strip() if isinstance(name, str) else None
    known = [fold(c) for c in colours]
    if folded is None:
        raise Refused(f"{what}: give a colour's name ({or_list(known)}), not {_given(name)}", ("card",))
    if folded not in known:
        raise Refused(say("colorsmash.not_a_colour", what=what, name=repr(name), colours=", ".join(known)), ("card",))
    return folded


def _check_colours(colours: Sequence[str]) -> None:
    """Refuse an empty or repeating colour set."""
    if isinstance(colours, str) or not colours:
        raise Refused("give the colours as a non-empty list of names", ("colours",))
    folded = [fold(c).strip() for c in colours]
    if len(set(folded)) != len(folded) or "steal" in folded or any(not c or "/" in c for c in folded):
        given = and_list([str(c) for c in colours])
        raise Refused(
            f"colour names must be distinct, non-empty, without '/', and not 'steal': got {given}", ("colours",)
        )


def parse_card(card: Card | Mapping | str, colours: Sequence[str] = DEFAULT_COLOURS) -> Card:
    """Return the card a dict, short text or Card stands for, colours checked against `colours`."""
    if isinstance(card, Card):
        card = card.to_dict()
    if isinstance(card, str):
        text = fold(card).strip()
        if text == "steal":
            return Card(steal=True)
        splat, _, word = text.partition("/")
        card = {"splat": splat, "word": word or None}
    if not isinstance(card, Mapping):
        raise Refused(
            f'a card is text like red/blue, red or steal, or an object like {{"splat": "red", "word": "blue"}}, '
            f"not {_given(card)}",
            ("card",),
        )
    unknown = set(card) - {"splat", "word", "steal"}
    if unknown:
        raise Refused(_fields("a card", unknown), ("card",))
    if card.get("steal"):
        if card.get("splat") is not None or card.get("word") is not None:
            raise Refused("a Steal card has no splat colour or word", ("card",))
        return Card(steal=True)
    if card.get("splat") is None:  # a card with no splat named is no card: said so, not as a colour named None
        raise Refused(say("colorsmash.no_splat"), ("card", "splat"))
    splat = _colour(card.get("splat"), colours, say("colorsmash.splat_field"))
    word = card.get("word")
    return Card(splat, None if word is None else _colour(word, colours, say("colorsmash.word_field")))


@dataclass(frozen=True)
class SlapResult:
    """Whether slapping a card is right, and what happens to the slapper."""

    card: Card
    slap: bool
    code: str  # "match", "steal", "no_word" or "mismatch"
    outcome: str

    def to_dict(self) -> dict:
        return {
            "card": self.card.to_dict(),
            "text": self.card.text,
            "slap": self.slap,
            "code": self.code,
            "outcome": self.outcome,
        }


def judge_slap(card: Card | Mapping | str, colours: Sequence[str] = DEFAULT_COLOURS) -> SlapResult:
    """Return whether the pile should be slapped on `card`, and the outcome of a slap."""
    _check_colours(colours)
    card = parse_card(card, colours)
    wrong = say("colorsmash.wrong", penalty=PENALTY)
    if card.steal:
        return SlapResult(card, True, "steal", say("colorsmash.steal", steal=STEAL))
    if card.word is None:
        return SlapResult(card, False, "no_word", say("colorsmash.no_word", splat=card.splat, wrong=wrong))
    code = "match" if card.word == card.splat else "mismatch"
    outcome = say(f"colorsmash.{code}", WORD=card.word.upper(), splat=card.splat, wrong=wrong)
    return SlapResult(card, code == "match", code, outcome)


# --- the scorekeeper ------------------------------------------------------------


class ImpossibleEvent(Refused):
    """An event that cannot happen in the game so far: carries its 0-based index, the reason, and its path."""

    def __init__(self, index: int, reason: str, field: str | None = None):
        super().__init__(f"events[{index}]: {reason}", ("events", index, *([field] if field is not None else [])))
        self.index = index
        self.reason = reason


@dataclass(frozen=True)
class PlayerState:
    """One player at the end of the replay; unknown (face-down) cards are None."""

    name: str
    hand: list[str | None]  # top card first
    side: list[str | None]  # collected cards, most recent last (standard style)
    out: bool

    @property
    def total(self) -> int:
        return len(self.hand) + len(self.side)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "hand": self.hand,
            "hand_count": len(self.hand),
            "side": self.side,
            "side_count": len(self.side),
            "out": self.out,
            "total": self.total,
        }


@dataclass(frozen=True)
class ReplayResult:
    """The state of a replayed game: every player's cards, the pile, and the winners once it is over."""

    mode: str
    players: list[PlayerState]
    pile: list[str | None]  # bottom first
    next_player: str | None
    finished: bool
    winners: list[str]
    leaders: list[str]
    log: list[str]

    def to_dict(self) -> dict:
        return {
            "mode": self.mode,
            "players": [p.to_dict() for p in self.players],
            "pile": self.pile,
            "pile_count": len(self.pile),
            "next_player": self.next_player,
            "finished": self.finished,
            "winners": self.winners,
            "leaders": self.leaders,
            "log": self.log,
        }


class _Game:
    """The mutable table a replay works on; every method checks one event and applies it."""

    def __init__(self, mode: str, players: list[str], colours: Sequence[str]):
        self.mode, self.players, self.colours = mode, players, colours
        self.hands: dict[str, list[Card | None]] = {p: [] for p in players}
        self.side: dict[str, list[Card | None]] = {p: [] for p in players}
        self.out: dict[str, bool] = {p: False for p in players}
        self.pile: list[Card | None] = []
        self.dealt = False
        self.last_flipper: str | None = None
        self.first: str | None = None
        self.claimed = False  # the top card has already rewarded a slap
        self.log: list[str] = []

    # the state --------------------------------------------------------------

    def in_game(self) -> list[str]:
        return [p for p in self.players if not self.out[p]]

    def finished(self) -> bool:
        if not self.dealt:
            return False
        return len(self.in_game()) <= (0 if self.mode == "standard" else 1)

    def next_player(self) -> str | None:
        """Return who flips next, or None while anyone may start."""
        if self.finished():
            return None
        if self.last_flipper is None:
            return self.first
        start = self.players.index(self.last_flipper)
        order = self.players[start + 1 :] + self.players[: start + 1]
        return next(p for p in order if not self.out[p])

    def _stranger(self, value: object, role: str) -> str:
        """Say that `value`, given as the event's `role` (player, first player), names nobody at the table."""
        players = and_list(self.players)
        if isinstance(value, str) and value.strip():
            return f"{role} {value} is not at the table: the players are {players}"
        if value is None:
            return f"name the {role}: the players are {players}"
        return f"the {role} is a name, not {_given(value)}: the players are {players}"

    def _out_if_empty(self, player: str) -> str:
        if not self.hands[player] and not self.out[player]:
            self.out[player] = True
            return f" {out_of_game(player)}."
        return ""

    # the events -------------------------------------------------------------

    def deal(self, event: Mapping) -> str:
        if self.dealt:
            raise ValueError("the cards were already dealt")
        hands = event.get("hands")
        if not isinstance(hands, Mapping) or set(hands) != set(self.players):
            missing = [p for p in self.players if not isinstance(hands, Mapping) or p not in hands]
            strangers = [str(p) for p in hands if p not in self.players] if isinstance(hands, Mapping) else []
            wrong = [f"{and_list(missing)} got no hand"] if missing else []
            if strangers:
                wrong.append(f"{and_list(strangers)} {'is' if len(strangers) == 1 else 'are'} not at the table")
            raise ValueError(
                f"a deal gives a hand to every player and nobody else ({and_list(self.players)}): {'; '.join(wrong)}"
            )
        for player, hand in hands.items():
            if isinstance(hand, bool) or not isinstance(hand, (int, list)):
                raise ValueError(f"{player}'s hand must be a list of cards or a number of face-down cards")
            if (hand if isinstance(hand, int) else len(hand)) > MAX_HAND:
                raise ValueError(f"{player}'s hand: at most {MAX_HAND} cards are dealt to one player")
            cards = [None] * hand if isinstance(hand, int) else [parse_card(c, self.colours) for c in hand]
            if not cards:
                raise ValueError(f"every player must be dealt at least one card; {player} got none")
            self.hands[player] = cards
        first = event.get("first")
        if first is not None and first not in self.players:
            raise ValueError(self._stranger(first, "first player"))
        self.first, self.dealt = first, True
        return "Dealt: " + ", ".join(f"{p} {len(self.hands[p])}" for p in self.players) + "."

    def _player(self, event: Mapping) -> str:
        if not self.dealt:
            raise ValueError(NOT_DEALT)
        if self.finished():
            raise ValueError("the game is over")
        player = event.get("player")
        if player not in self.players:
            raise ValueError(self._stranger(player, "player"))
        if self.out[player]:
            raise ValueError(out_of_game(player))
        return player

    def flip(self, event: Mapping) -> str:
        player = self._player(event)
        turn = self.next_player()
        if turn is not None and player != turn:
            raise ValueError(f"it is {turn}'s turn to flip, not {player}'s")
        top = self.hands[player][0]
        given = event.get("card")
        card = parse_card(given, self.colours) if given is not None else top
        if card is None:
            raise ValueError(f"{player}'s top card is face down in this record: the flip must say which card it is")
        if top is not None and card != top:
            raise ValueError(f"{player}'s top card is {top.text}, not {card.text}")
        self.hands[player].pop(0)
        self.pile.append(card)
        self.last_flipper, self.claimed = player, False
        return f"{player} flips {card.text}." + self._out_if_empty(player)

    def slap(self, event: Mapping) -> str:
        player = self._player(event)
        if not self.pile:
            raise ValueError("the pile is empty: there is nothing to slap")
        top = self.pile[-1]
        victim = event.get("steal_from")
        if victim is not None and not top.steal:
            raise ValueError("steal_from is only for a slap on a Steal card")
        if not judge_slap(top, self.colours).slap or self.claimed:
            return self._penalty(player, top)
        if top.steal:
            self._check_victim(player, victim)
        self.claimed = True
        return self._steal(player, victim) if top.steal else self._take_pile(player)

    def _take_pile(self, player: str) -> str:
        won, self.pile = self.pile, []
        if self.mode == "standard":
            self.side[player] += won
        else:
            self.hands[player] += won
        return f"{player} slaps {won[-1].text}, a match: {player} takes the pile ({count(len(won), 'card')})."

    def _check_victim(self, player: str, victim: object) -> None:
        if victim is None:
            raise ValueError("a slap on a Steal card must say whom it steals from (steal_from)")
        if victim not in self.players or victim == player:
            opponents = or_list([p for p in self.players if p != player])
            given = victim if isinstance(victim, str) and victim.strip() else _given(victim)
            raise ValueError(f"steal_from must name an opponent of {player} ({opponents}), not {given}")

    def _steal(self, player: str, victim: str) -> str:
        if self.mode == "standard":
            source, target = self.side[victim], self.side[player]
        else:
            source, target = self.hands[victim], self.hands[player]
        n = min(STEAL, len(source))
        taken = source[len(source) - n :]
        del source[len(source) - n :]
        target += taken
        return f"{player} slaps the Steal card and steals {count(n, 'card')} from {victim}." + (
            self._out_if_empty(victim) if self.mode == "competition" else ""
        )

    def _penalty(self, player: str, top: Card) -> str:
        n = min(PENALTY, len(self.hands[player]))
        paid, self.hands[player] = self.hands[player][:n], self.hands[player][n:]
        self.pile[:0] = paid
        why = "a Steal card already claimed" if top.steal else judge_slap(top, self.colours).code.replace("_", " ")
        return f"{player} slaps {top.text} wrongly ({why}) and puts {count(n, 'card')} under the pile." + (
            self._out_if_empty(player)
        )

    # the result -------------------------------------------------------------

    def result(self) -> ReplayResult:
        text = lambda cards: [None if c is None else c.text for c in cards]
        states = [PlayerState(p, text(self.hands[p]), text(self.side[p]), self.out[p]) for p in self.players]
        best = max(s.total for s in states)
        leaders = [s.name for s in states if s.total == best] if self.dealt else []  # nobody leads before the deal
        if self.mode == "competition":
            leaders = self.in_game() if len(self.in_game()) == 1 else leaders
        finished = self.finished()
        return ReplayResult(
            self.mode,
            states,
            text(self.pile),
            self.next_player(),
            finished,
            leaders if finished else [],
            leaders,
            list(self.log),
        )


_EVENTS = {"deal": _Game.deal, "flip": _Game.flip, "slap": _Game.slap}
_FIELDS = {
    "deal": {"type", "hands", "first"},
    "flip": {"type", "player", "card"},
    "slap": {"type", "player", "steal_from"},
}


def _check_players(players: Sequence[str]) -> list[str]:
    """Return the players as a list, refusing fewer than two or repeated names."""
    if isinstance(players, str) or not all(isinstance(p, str) and p.strip() for p in players):
        raise Refused("give the players as a list of names, in clockwise order", ("players",))
    if len(players) < 2 or len(set(players)) != len(players):
        named = and_list(list(players)) if players else "none"
        raise Refused(f"a game needs at least two players with distinct names, got {named}", ("players",))
    return list(players)


def replay(mode: str, players: list[str], events: list[dict], colours: Sequence[str] = DEFAULT_COLOURS) -> ReplayResult:
    """Replay a game's events (see the module docstring) and return the table at the end."""
    if mode not in MODES:
        named = f"unknown mode {mode}: choose" if isinstance(mode, str) and mode.strip() else "choose the mode:"
        raise Refused(f"{named} {or_list(list(MODES))}", ("mode",))
    _check_colours(colours)
    game = _Game(mode, _check_players(players), colours)
    for index, event in enumerate(events):
        kind = event.get("type") if isinstance(event, Mapping) else None
        if not isinstance(kind, str) or kind not in _EVENTS:  # a list or an object is no type, nor a key to look up
            known = or_list(list(_EVENTS))
            if isinstance(kind, str) and kind.strip():
                raise ImpossibleEvent(index, f"there is no {kind} event: an event's type is {known}")
            raise ImpossibleEvent(index, f"each event is an object whose type is {known}")
        unknown = set(event) - _FIELDS[kind]
        if unknown:
            named = next(iter(unknown)) if len(unknown) == 1 else None  # one field: the error points at it
            raise ImpossibleEvent(index, _fields(f"a {kind} event", unknown), str(named) if named is not None else None)
        if kind != "deal" and not game.dealt:
            raise ImpossibleEvent(index, NOT_DEALT)
        try:
            game.log.append(_EVENTS[kind](game, event))
        except ValueError as error:
            raise ImpossibleEvent(index, str(error)) from None
    return game.result()
