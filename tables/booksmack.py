"""Booksmack at a table: rounds (or turns) entered from any phone, judged as they are entered.

    initial(table_state) -> BooksmackState            # at `table_created`; refuses unknown variants
    decide(state, actor, action, ctx) -> [NewEvent]   # judged here, by solver/booksmack/
    apply(state, event) -> None                       # the verdict is in the event: never judged again

The app cannot see the cards in anyone's hand, nor who slapped the table
first: it knows how many cards each hand holds, what was revealed, and what
the players tell it. Every rule of that is a numbered ruling (9-13) in
docs/rules/booksmack.md, cited here as "ruling N".

Actions (any seat or the host may enter them; the host alone ends a game early):

    {"type": "round", "cards": ["A", "b", ...], "takers": [2]}   base game: the revealed circle, seat 1 first;
                                                                 takers optional: who tapped a winning card first;
                                                                 "round" optional: the number it enters (ruling 16)
    {"type": "take", "takers": [2]}                              names them for a round entered without;
                                                                 "round" optional: the round they are for
    {"type": "turn", "seat": 2, "card": "X", "steal": {...}}     turn-based: the card played; steal optional;
                                                                 "turn" optional: the number it enters
    {"type": "steal", "seat": 3, "from": "hand" | "table"}       whom the seat whose card steals robs;
                                                                 "turn" optional: the turn whose card steals
    {"type": "end_game", "hands": [["a"], [], ...]}              scores; turn-based needs the cards left in hands

Events (`by`: the seat that entered it, 0 the host, None the app):

    round          {round, cards, answer, takers, takes: [{seat, cards}], discarded, open}
    round_taken    {round, takers, takes, discarded}
    turn           {seat, card, action, spells, highest, lowest, explanation, drew, won, steal}
    steal          {seat, victim, from, card}         card: the table card taken (None from a hand)
    play_ended     {seat}                             turn-based: that seat's hand is empty
    game_ended     {reason, hands, scores: [{seat, total, library, hand, breakdown}], winners}
"""

from __future__ import annotations

import copy
import re
import sys
from dataclasses import dataclass, field
from functools import cache

from solver.booksmack import (
    judge_round,
    parse_card,
    published_deck,
    score_collection,
    share_cards,
    shown_card,
    turn_state,
)
from solver.sentences import say
from solver.text import and_list

from .booksmack_moved import name as _name
from .booksmack_moved import round_entered, steal_entered, takers_named, took, turn_entered
from .events import Actor, Context, Event, Forbidden, NewEvent, Refused, Rejected
from .state import register_game

__all__ = ["VARIANTS", "BooksmackState", "apply", "decide", "initial"]

# Table variant -> the published set it adds to the deck (ruling 9). `turns` adds no cards.
VARIANTS = {
    "turns": None,
    "punctuation": "Power Punctuation",
    "numbers": "Nifty Numbers",
    "glyphs": "Giggling Glyphs",
    "accents": "Cursed Critics",
}
BASE_SET = "base"
HAND = {"base": 4, "turns": 6}  # the rulebook's deal; turn-based: "start with at least 6 cards per player"
ACTIONS = ("round", "take", "turn", "steal", "end_game")
EMPTY_PLACE = " "  # the Space card: how the turn-based judge sees a seat with no card in front of it


@cache
def _set_of_published() -> dict[str, str]:
    return {text: name for name, texts in published_deck() for text in texts}


def card_set(text: str) -> str:
    """The published set a card belongs to; a home-made card by its kind (ruling 9)."""
    card = parse_card(text)
    if card.text in _set_of_published():
        return _set_of_published()[card.text]
    if card.kind == "number":
        return VARIANTS["numbers"]
    if card.form == "diacritic":
        return VARIANTS["accents"]
    return BASE_SET  # a home-made plain letter, such as uppercase B


@dataclass
class BooksmackState:
    """The Booksmack part of a table's state (`TableState.game_state`). Seats are 1-based; lists index seat - 1."""

    turns: bool
    expansions: tuple[str, ...]
    hand_size: int
    hands: list[int]  # how many cards each hand holds (never which)
    libraries: list[list[str]]
    deck: int  # cards left to draw
    rounds: list[dict] = field(default_factory=list)  # each round's `cards` with their `seats`, in seat order
    piles: list[list[str]] = field(default_factory=list)  # turn-based: cards in front of each seat, top last
    plays: list[dict] = field(default_factory=list)
    turn: int | None = None
    stealing: int | None = None  # the seat whose card steals (the lowest; with #, the highest), robbing nobody yet
    play_over: bool = False
    ended: bool = False
    latest: str = ""
    scores: list[dict] | None = None
    winners: list[int] | None = None
    gone: list[int] = field(default_factory=list)  # seats whose players left (tables/hosting.py): no card waits

    def present(self) -> list[int]:
        """The seats still playing, in seat order."""
        return [s for s in range(1, len(self.hands) + 1) if s not in self.gone]

    def next_seat(self, seat: int) -> int:
        """The seat after `seat` that is still playing (turn-based play)."""
        for step in range(1, len(self.hands) + 1):
            after = (seat - 1 + step) % len(self.hands) + 1
            if after not in self.gone:
                return after
        return seat

    @property
    def open_round(self) -> dict | None:
        return self.rounds[-1] if self.rounds and self.rounds[-1]["open"] else None

    def phase(self) -> str:
        if self.ended:
            return "ended"
        if self.play_over:
            return "hands"  # turn-based: waiting for the cards left in hands
        if self.open_round:
            return "taking"
        if self.stealing:
            return "stealing"
        return "playing"

    def to_dict(self, viewer: Actor | None = None) -> dict:
        """The whole Booksmack state. The same for every viewer: the app never knows a hand's cards."""
        return {
            "variant": "turns" if self.turns else "base",
            "expansions": list(self.expansions),
            "phase": self.phase(),
            "round": len(self.rounds),
            "turn": self.turn,
            "stealing": self.stealing,
            "latest": self.latest,
            "deck": self.deck,
            "seats": [
                {
                    "seat": i,
                    "hand": self.hands[i - 1],
                    "library": list(self.libraries[i - 1]),
                    "cards_won": len(self.libraries[i - 1]),
                    "table": list(self.piles[i - 1]) if self.turns else [],
                }
                for i in range(1, len(self.hands) + 1)
            ],
            "rounds": copy.deepcopy(self.rounds),
            "plays": copy.deepcopy(self.plays),
            "scores": copy.deepcopy(self.scores),
            "winners": list(self.winners) if self.winners is not None else None,
        }


# --- the table is created ----------------------------------------------------------


def initial(table) -> BooksmackState:
    """The game before any card is played; Refused for a variant the rulebook lacks or a hand that cannot be dealt."""
    for i, variant in enumerate(table.variants):
        if variant not in VARIANTS:
            raise Refused(
                f"variants: Booksmack has no variant {variant!r}; choose from {', '.join(VARIANTS)}", ("variants", i)
            )
    turns = "turns" in table.variants
    expansions = tuple(v for v in VARIANTS if v in table.variants and VARIANTS[v])
    sets = {BASE_SET, *(VARIANTS[v] for v in expansions)}
    deck = sum(len(cards) for name, cards in published_deck() if name in sets)
    seats = len(table.seats)
    hand = table.settings.get("hand", HAND["turns" if turns else "base"])
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= deck // seats:
        raise Refused(
            f"settings.hand: deal 1 to {deck // seats} cards to each of {seats} seats from a deck of {deck} "
            f"(got {hand!r})",
            ("settings", "hand"),
        )
    return BooksmackState(
        turns=turns,
        expansions=expansions,
        hand_size=hand,
        hands=[hand] * seats,
        libraries=[[] for _ in range(seats)],
        deck=deck - hand * seats,
        piles=[[] for _ in range(seats)],
        turn=1 if turns else None,
        latest=f"Turn-based Booksmack: {table.seats[0].name} plays first."
        if turns
        else "Booksmack: reveal the first round.",
    )


# --- decide: an action -> the events it makes -------------------------------------


def decide(state, actor: Actor, action: dict, ctx: Context) -> list[NewEvent]:
    """Judge one action against the table's state; raise to change nothing."""
    if not actor.host and actor.seat is None:
        raise Forbidden("Only a seat at this table or its host can enter cards: send a seat's or the host's token.")
    game: BooksmackState = state.game_state
    kind = action.get("type")
    if kind not in ACTIONS:
        raise Refused(f"type: a Booksmack table takes {', '.join(ACTIONS)} (got {kind!r})", ("type",))
    if kind in ("round", "take") and game.turns and not game.ended:
        raise Rejected("turn_based", "This table plays turn-based: enter each card as a 'turn'.")
    if kind in ("turn", "steal") and not game.turns and not game.ended:
        raise Rejected("not_turn_based", "This table plays rounds: enter the revealed cards as a 'round'.")
    # Ruling 16: the slower of two phones entering the round or turn that ended the game (or emptied a hand) reads
    # who entered it and what the judge said; one aimed past the next reads that the game or play is over.
    behind = _behind(state, game, actor, action, kind)
    if behind and not behind.code.endswith("_moved"):
        raise behind
    if game.ended:
        raise Rejected("game_over", "The game is over: the scores are final.")
    if kind in ("turn", "steal") and game.play_over:
        raise Rejected("play_over", "A hand is empty, so play is over: end the game with the cards left in hands.")
    if behind:
        raise behind
    by = actor.seat if actor.seat is not None else 0
    if kind == "end_game":
        return _end_game(state, game, actor, action, by)
    if kind == "round":
        events = _round(state, game, action, ctx, by)
    elif kind == "take":
        events = _take(state, game, action, by)
    elif kind == "turn":
        events = _turn(state, game, action, ctx, by)
    else:
        events = _steal(state, game, action, by)
    return events + _natural_end(state, events)


def _behind(state, game: BooksmackState, actor: Actor, action: dict, kind: str) -> Rejected | None:
    """The action aimed at a round, takers, turn or steal another phone entered first, or past the next (ruling 16)."""
    if kind == "round":
        return round_entered(state, actor, action, _same_cards(action.get("cards"), game, action.get("round")))
    if kind == "take":
        return takers_named(state, actor, action)
    if kind == "turn":
        return turn_entered(state, actor, action)
    return steal_entered(state, actor, action) if kind == "steal" else None


def _cards(texts, game: BooksmackState, path: tuple) -> list[str]:
    """The cards as the engine spells them; Refused for a card the table's deck does not hold (ruling 9)."""
    if not isinstance(texts, list):
        raise Refused(say("booksmack.refuse.not_a_list"), path)
    cards = []
    for i, text in enumerate(texts):
        try:
            card = parse_card(text, i + 1)
        except Refused as refused:
            raise Refused(refused.message, (*path, i)) from None
        expansion = card_set(card.text)
        if expansion != BASE_SET and expansion not in (VARIANTS[v] for v in game.expansions):
            variant = next(v for v, name in VARIANTS.items() if name == expansion)
            raise Refused(
                f"card {card.shown!r} is from {expansion}, which this table plays without "
                f"(the variant {variant!r} adds it)",
                (*path, i),
            )
        cards.append(card.text)
    return cards


def _lexicon(state, ctx: Context):
    return ctx.lexicons[state.lexicon]


def _same_cards(texts, game: BooksmackState, number: int | None = None) -> bool:
    """Whether `texts` are the cards of round `number` (else the latest round), as entered."""
    rounds = game.rounds[number - 1 : number] if isinstance(number, int) and number >= 1 else game.rounds[-1:]
    try:
        return bool(rounds) and isinstance(texts, list) and _cards(texts, game, ("cards",)) == rounds[0]["cards"]
    except Refused:
        return False


def _round(state, game: BooksmackState, action: dict, ctx: Context, by: int) -> list[NewEvent]:
    if game.open_round:
        number = len(game.rounds)
        # Two phones entered the round at once, without its number: the second is told so.
        if _same_cards(action.get("cards"), game, action.get("round")):
            raise Rejected("round_open", f"Round {number} is in already, with these very cards: say who tapped first.")
        raise Rejected("round_open", f"Round {number}: say who tapped first before the next round.")
    # Every seat plays every round (ruling 10), seat 1 first, so the judge's positions are seats (ruling 11).
    texts = action.get("cards")
    present = game.present()
    if not isinstance(texts, list) or len(texts) != len(present):
        raise Refused(f"cards: one card per seat still playing, in seat order: {len(present)} cards", ("cards",))
    cards = _cards(texts, game, ("cards",))
    # A seat whose player left is judged as a Space card, which the judge ignores, so its positions stay seats; it
    # is absent, so no card of the round's share (ruling 11).
    placed = dict(zip(present, cards))
    row = [placed.get(s, EMPTY_PLACE) for s in range(1, len(game.hands) + 1)]
    result = judge_round(row, _lexicon(state, ctx), absent=game.gone)
    answer = {
        "action": result.action,
        "rule": result.rule,
        "spells": result.spells,
        "spelled_from": result.spelled_from,
        "winners": result.winners,
        "explanation": result.explanation,
    }
    data = {"round": len(game.rounds) + 1, "cards": cards, "answer": answer}
    if "takers" in action or result.action == "none":
        data |= _takes(state, answer, cards, action.get("takers", []), ("takers",)) | {"open": False}
    else:
        data |= {"takers": [], "takes": [], "discarded": [], "open": True}
    return [NewEvent("round", data, by=by)]


def _take(state, game: BooksmackState, action: dict, by: int) -> list[NewEvent]:
    last = game.open_round
    if last is None:
        raise Rejected("no_open_round", "No round is waiting for its takers: enter the next round's cards.")
    taken = _takes(state, last["answer"], last["cards"], action.get("takers"), ("takers",))
    return [NewEvent("round_taken", {"round": last["round"]} | taken, by=by)]


def _takes(state, answer: dict, cards: list[str], takers, path: tuple) -> dict:
    """Who takes a round's cards, and which ones (ruling 11)."""
    if not isinstance(takers, list):
        raise Refused("takers: a list of the seats that tapped a winning card first", path)
    seats = len(state.seats)
    for i, seat in enumerate(takers):
        _seat_number(seat, seats, (*path, i), "takers: ")
        if seat in takers[:i]:
            raise Refused(f"takers: seat {seat} is named twice", (*path, i))
        if state.seats[seat - 1].removed:  # a player who left taps nothing (docs/rules/tables.md, ruling 2)
            raise Refused(f"takers: {_name(state, seat)} has left the table, so cannot take cards", (*path, i))
    most = {"none": 0, "say_word": 1}.get(answer["action"], len(answer["winners"]))
    if answer["action"] == "none" and takers:
        raise Refused("takers: no card can be tapped this round, so nobody takes its cards", path)
    if answer["action"] != "none" and not 1 <= len(takers) <= most:
        what = (
            "the one seat that said the word first"
            if answer["action"] == "say_word"
            else "the one seat that tapped the winning card first"
            if most == 1
            else f"1 to {most} seats (one per winning card) that tapped first"
        )
        raise Refused(f"takers: name {what}", path)
    shares = share_cards(len(cards), len(takers))
    takes = [{"seat": seat, "cards": cards[k * shares.each : (k + 1) * shares.each]} for k, seat in enumerate(takers)]
    return {"takers": list(takers), "takes": takes, "discarded": cards[len(takers) * shares.each :]}


def _seat_number(value, seats: int, path: tuple, field: str = "") -> int:
    """`value` as a seat of the `seats`; Refused, after the `field` it is in ("takers: "), when it is none."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= seats:
        raise Refused(f"{field}a seat number from 1 to {seats} (got {value!r})", path)
    return value


def _steal_pending(state, game: BooksmackState) -> Rejected:
    """An action while a card that steals waits for its player to say whom they rob."""
    return Rejected("steal_pending", f"{_name(state, game.stealing)}'s card steals: say whom they steal from.")


def _turn(state, game: BooksmackState, action: dict, ctx: Context, by: int) -> list[NewEvent]:
    if game.stealing:
        raise _steal_pending(state, game)
    seat = _seat_number(action.get("seat"), len(game.hands), ("seat",))
    if seat != game.turn:
        raise Rejected("not_your_turn", f"It is {_name(state, game.turn)}'s turn, not {_name(state, seat)}'s.")
    if "card" not in action:
        raise Refused("card: the card played is required", ("card",))
    try:
        (card,) = _cards([action["card"]], game, ())
    except Refused as refused:
        raise Refused(refused.message, ("card",)) from None
    piles = [[*pile, card] if s == seat else list(pile) for s, pile in enumerate(game.piles, 1)]
    # A seat with no card on the table is judged as a Space card, which ruling 6 ignores entirely, so
    # the judge's positions (and the seat numbers in its sentence) are the table's seats (ruling 12).
    tops = [pile[-1] if pile else EMPTY_PLACE for pile in piles]
    result = turn_state(tops, _lexicon(state, ctx), seat)
    data = {
        "seat": seat,
        "card": card,
        "action": result.action,
        "spells": result.spells,
        "highest": result.highest,
        "lowest": result.lowest,
        "explanation": result.explanation,
        "drew": result.action == "draw" and game.deck > 0,
        "won": [c for pile in piles for c in pile] if result.action == "win" else [],
        "steal": None,
    }
    if result.action == "draw" and not game.deck:
        data["explanation"] += " The deck is empty, so there is nothing to draw (ruling 12)."
    if result.action == "steal" and "steal" in action:
        after = copy.deepcopy(state)
        _apply_turn(after.game_state, data)
        data["steal"] = _steal_data(after.game_state, action["steal"], ("steal",))
    elif "steal" in action and action["steal"] is not None:
        raise Refused(f"steal: seat {seat}'s card does not steal, so leave steal out", ("steal",))
    return [NewEvent("turn", data, by=by)]


def _steal(state, game: BooksmackState, action: dict, by: int) -> list[NewEvent]:
    if not game.stealing:
        raise Rejected("no_steal_pending", "Nobody is due to steal: play the next card.")
    return [NewEvent("steal", _steal_data(game, action, ()), by=by)]


def _steal_data(game: BooksmackState, choice, path: tuple) -> dict:
    """Whom the seat in `game.stealing` robs, and of what (ruling 12)."""
    if not isinstance(choice, dict):
        raise Refused("steal: give the seat robbed and 'from': 'hand' or 'table'", path)
    victim = _seat_number(choice.get("seat"), len(game.hands), (*path, "seat"))
    if victim == game.stealing:
        raise Refused(f"seat {victim} cannot steal from itself", (*path, "seat"))
    where = choice.get("from")
    if where not in ("hand", "table"):
        raise Refused(f"from: 'hand' (a blind card) or 'table' (their latest card) (got {where!r})", (*path, "from"))
    if where == "table" and not game.piles[victim - 1]:
        raise Refused(f"from: seat {victim} has no card on the table", (*path, "from"))
    if where == "hand" and victim in game.gone:  # a player who left took their hand with them
        raise Refused(f"from: seat {victim} left the table with their hand", (*path, "from"))
    if where == "hand" and not game.hands[victim - 1]:
        raise Refused(f"from: seat {victim}'s hand is empty", (*path, "from"))
    card = game.piles[victim - 1][-1] if where == "table" else None
    return {"seat": game.stealing, "victim": victim, "from": where, "card": card}


def _end_game(state, game: BooksmackState, actor: Actor, action: dict, by: int) -> list[NewEvent]:
    if not game.play_over and not actor.host:
        raise Forbidden("Only the host can end the game before the rules do.")
    if game.open_round:
        raise Rejected("round_open", f"Round {len(game.rounds)}: say who tapped first before ending the game.")
    if game.stealing:
        raise _steal_pending(state, game)
    hands = [[] for _ in game.hands]
    if game.turns:
        hands = action.get("hands")
        if not isinstance(hands, list) or len(hands) != len(game.hands):
            raise Refused(f"hands: {say('describe.hands')} ({len(game.hands)})", ("hands",))
        for i, (hand, held) in enumerate(zip(hands, game.hands)):
            held = 0 if i + 1 in game.gone else held  # a player who left took their hand with them
            if not isinstance(hand, list) or len(hand) != held:
                raise Refused(f"hands: {_name(state, i + 1)} holds {held} card{'s' * (held != 1)}", ("hands", i))
        hands = [_cards(hand, game, ("hands", i)) for i, hand in enumerate(hands)]
    return [NewEvent("game_ended", _scores(game, hands, "host" if not game.play_over else "rules"), by=by)]


def _scores(game: BooksmackState, hands: list[list[str]], reason: str) -> dict:
    """The final scores (ruling 13): base, the library; turn-based, the library plus the hand."""
    variant = "turn-based" if game.turns else "base"
    scores = []
    for seat, (library, hand) in enumerate(zip(game.libraries, hands), 1):
        result = score_collection(library + (hand if game.turns else []), variant)
        scores.append(
            {
                "seat": seat,
                "total": result.total,
                "library": len(library),
                "hand": len(hand),
                "breakdown": [b.to_dict() for b in result.breakdown],
            }
        )
    best = max(s["total"] for s in scores)
    return {
        "reason": reason,
        "hands": hands,
        "scores": scores,
        "winners": [s["seat"] for s in scores if s["total"] == best],
    }


def _natural_end(state, events: list[NewEvent]) -> list[NewEvent]:
    """The event the rules add when `events` end play: every hand empty (base), or one hand empty (turn-based)."""
    after = copy.deepcopy(state)
    for event in events:
        apply(after, Event(0, event.type, "", event.by, event.data))
    game: BooksmackState = after.game_state
    if game.open_round or game.stealing:
        return []
    present = game.present()
    if not game.turns and not any(game.hands[s - 1] for s in present):
        return [NewEvent("game_ended", _scores(game, [[] for _ in game.hands], "rules"), by=None)]
    empty = [s for s in present if game.hands[s - 1] == 0]
    if game.turns and empty:
        return [NewEvent("play_ended", {"seat": empty[0]}, by=None)]
    return []


# --- apply: an event -> the state --------------------------------------------------


def apply(state, event: Event) -> None:
    """Fold one Booksmack event into `state.game_state`; the event already holds its verdict."""
    game: BooksmackState = state.game_state
    data = event.data
    if event.type == "round":
        game.hands = [held - (seat not in game.gone) for seat, held in enumerate(game.hands, 1)]
        game.rounds.append(
            {
                "seq": event.seq,
                "round": data["round"],
                "cards": list(data["cards"]),
                "seats": game.present(),  # whose each card is: a seat that has left plays none
                "answer": dict(data["answer"]),
                "takers": list(data["takers"]),
                "takes": copy.deepcopy(data["takes"]),
                "discarded": list(data["discarded"]),
                "open": data["open"],
                "by": event.by,  # who entered it, and who named its takers: a phone entering it again is told
                "taken_by": None if data["open"] else event.by,  # closed as entered: takers named, or nobody taps
            }
        )
        _give(game, data["takes"])
        game.rounds[-1]["answer"]["explanation"] = named(state, data["answer"]["explanation"])
        game.latest = f"Round {data['round']}: {game.rounds[-1]['answer']['explanation']}"
        if data["takers"]:
            game.latest += f" {took(state, data['takers'])}."
    elif event.type == "round_taken":
        game.rounds[-1].update(
            takers=list(data["takers"]),
            takes=copy.deepcopy(data["takes"]),
            discarded=list(data["discarded"]),
            open=False,
            taken_by=event.by,
        )
        _give(game, data["takes"])
        game.latest = f"Round {data['round']}: {took(state, data['takers'])}."  # the big box says who took them
    elif event.type == "turn":
        _apply_turn(game, data)
        game.plays.append({"seq": event.seq, "by": event.by} | copy.deepcopy(data))  # by: who entered it
        game.plays[-1]["explanation"] = game.latest = named(state, data["explanation"])
        if data.get("steal"):  # the steal entered with the turn
            game.plays[-1]["steal"] |= {"said": (said := _stolen(state, data["steal"])), "by": event.by}
            game.latest += f" {said}"
    elif event.type == "steal":
        _apply_steal(game, data)
        # the big box and the turns list tell the table, and the seat robbed, what was taken
        game.plays[-1]["steal"] = dict(data) | {"said": _stolen(state, data), "by": event.by}
        game.latest = game.plays[-1]["steal"]["said"]
    elif event.type == "play_ended":
        game.play_over = True
        game.turn = None
        game.latest = (
            f"{_name(state, data['seat'])}'s hand is empty: play is over. Enter the cards left in hands to score."
        )
    elif event.type == "game_ended":
        game.play_over = game.ended = True
        game.turn = None
        game.scores = copy.deepcopy(data["scores"])
        game.winners = list(data["winners"])
        names = and_list([state.seats[s - 1].name for s in game.winners])
        best = game.scores[game.winners[0] - 1]["total"]
        verb = "wins" if len(game.winners) == 1 else "tie"
        game.latest = f"Game over: {names} {verb} with {best} point{'s' * (best != 1)}."
        if data.get("reason") == "host":  # before the rules ended it: every phone reads when
            played = f"turn {len(game.plays)}" if game.turns else f"round {len(game.rounds)}"
            game.latest += (
                f" The host ended the game after {played}."
                if game.plays or game.rounds
                else (" The host ended the game before any card was played.")
            )
    else:
        raise ValueError(f"Booksmack has no event {event.type!r}")


def _stolen(state, steal: dict) -> str:
    """A steal in words: "Ann takes Bob's Z from the table.", "Ann steals a card from Bob's hand."."""
    thief, victim = _name(state, steal["seat"]), _name(state, steal["victim"])
    if steal["from"] == "table":
        return f"{thief} takes {victim}'s {shown_card(steal['card'])} from the table."
    return f"{thief} steals a card from {victim}'s hand."


# The judge's sentences name the positions of the cards, which at a table are its seats ("spelled from seat 2").
SEAT_IN_SENTENCE = re.compile(r"\b[Ss]eat (\d+)\b")


def named(state, sentence: str) -> str:
    """The judge's sentence with each seat named by its player's name, as the table reads it (ruling 15)."""

    def name(match: re.Match) -> str:
        number = int(match.group(1))
        return state.seats[number - 1].name if 1 <= number <= len(state.seats) else match.group(0)

    return SEAT_IN_SENTENCE.sub(name, sentence)


def _give(game: BooksmackState, takes: list[dict]) -> None:
    for take in takes:
        game.libraries[take["seat"] - 1].extend(take["cards"])


def _apply_turn(game: BooksmackState, data: dict) -> None:
    seat = data["seat"]
    game.piles[seat - 1].append(data["card"])
    game.hands[seat - 1] -= 1
    if data["drew"]:
        game.hands[seat - 1] += 1
        game.deck -= 1
    if data["won"]:
        game.libraries[seat - 1].extend(data["won"])
        game.piles = [[] for _ in game.piles]
    game.turn = game.next_seat(seat)
    if data["action"] == "steal":
        game.stealing = seat
        if data.get("steal"):
            _apply_steal(game, data["steal"])


def _apply_steal(game: BooksmackState, data: dict) -> None:
    victim = data["victim"]
    if data["from"] == "table":
        game.piles[victim - 1].pop()  # the card beneath shows again (ruling 12)
    else:
        game.hands[victim - 1] -= 1
    game.hands[data["seat"] - 1] += 1
    game.stealing = None


def seat_left(state, seat: int) -> None:
    """A seat's player left the table (tables/hosting.py): no round waits for its card, no turn comes to it."""
    game: BooksmackState = state.game_state
    game.gone.append(seat)
    if game.turn == seat:
        game.turn = game.next_seat(seat)


def undone_names(table, event) -> dict:
    """What the table is told an undo took back (tables/hosting.py), beyond its type and seat: which round."""
    number = event.data.get("round")
    return {"round": number} if event.type in ("round", "round_taken") and isinstance(number, int) else {}


def seats_allowed(variants) -> tuple[int, int, str]:
    """The players a live Booksmack table takes, and the ruling to quote (docs/rules/booksmack.md, ruling 14: the
    rulebook names no count)."""
    return (
        2,
        6,
        "Booksmack is for 2 to 6 players at a live table: a game needs someone to beat, and six hands of four cards "
        "still fit the base deck (docs/rules/booksmack.md, ruling 14)",
    )


register_game("booksmack", sys.modules[__name__])
