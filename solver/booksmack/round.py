"""Booksmack's round: ranks and powers, who wins the tap, how the cards are shared, and the turn-based variant's
turn."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import asdict, dataclass

from ..errors import Refused
from ..lexicon import Lexicon
from ..sentences import group as sentence_group
from ..sentences import say
from ..text import and_list
from .cards import Card, card_set, parse_cards
from .spelling import Reading, Spelling, find_words, spell

# --- ranks and powers -----------------------------------------------------------


@dataclass(frozen=True)
class _Standing:
    """How one card ranks on this table, after the rank powers."""

    rank: int | None
    tier: int = -1
    note: str | None = None  # why it differs from the printed rank

    @property
    def key(self) -> tuple[int, int]:
        return (self.rank, self.tier)


def _neighbours(i: int, n: int) -> list[int]:
    """Return the distinct seats next to seat `i` (0-based) in a circle of `n`."""
    return sorted({(i - 1) % n, (i + 1) % n} - {i})


def _standings(cards: list[Card]) -> list[_Standing]:
    """Return every card's rank after `+`, `-` and `&`."""
    printed = [_Standing(c.rank, c.tier) for c in cards]
    standings = list(printed)
    n = len(cards)
    for i, card in enumerate(cards):
        if card.text in "+-":
            ranked = [j for j in _neighbours(i, n) if printed[j].rank is not None]
            if ranked:
                best = max(ranked, key=lambda j: printed[j].key)
                step = 1 if card.text == "+" else -1
                key = "booksmack.plus_one" if step == 1 else "booksmack.minus_one"
                rank = printed[best].rank + step
                standings[i] = _Standing(rank, printed[best].tier, say(key, card=cards[best].shown, rank=rank))
    return _link_ampersands(cards, standings)


def _link_ampersands(cards: list[Card], standings: list[_Standing]) -> list[_Standing]:
    """Return the standings with every `&` chain ranking as the sum of its cards."""
    n = len(cards)
    chain = list(range(n))

    def root(i: int) -> int:
        while chain[i] != i:
            i = chain[i]
        return i

    for i, card in enumerate(cards):
        if card.text == "&":
            ranked = [j for j in _neighbours(i, n) if standings[j].rank is not None]
            for j in ranked[1:]:
                chain[root(j)] = root(ranked[0])
    members: dict[int, list[int]] = {}
    for i in range(n):
        if standings[i].rank is not None:
            members.setdefault(root(i), []).append(i)
    linked = list(standings)
    for group in members.values():
        if len(group) > 1:
            total = sum(standings[j].rank for j in group)
            ordered = sorted(group, key=lambda j: (standings[j].key, cards[j].text))
            note = say("booksmack.linked", cards=" & ".join(cards[j].shown for j in ordered), total=total)
            for j in group:
                linked[j] = _Standing(total, standings[j].tier, note)
    return linked


def _groups(cards: list[Card]) -> list[list[int]]:
    """Return the seats (0-based) of each group the periods cut the circle into."""
    periods = [i for i, c in enumerate(cards) if c.text == "."]
    n = len(cards)
    if not periods:
        return [list(range(n))]
    groups = []
    for k, start in enumerate(periods):
        end = periods[(k + 1) % len(periods)]
        span = (end - start - 1) % n if len(periods) > 1 else n - 1
        groups.append([(start + 1 + d) % n for d in range(span)])
    return [g for g in groups if g]


def _extremes(group: list[int], standings: list[_Standing], lowest: bool) -> list[int]:
    """Return the seats holding the best ranked card of a group: highest, or lowest."""
    ranked = [i for i in group if standings[i].rank is not None]
    if not ranked:
        return []
    pick = min if lowest else max
    best = pick(standings[i].key for i in ranked)
    return [i for i in ranked if standings[i].key == best]


def _on_table(cards: list[Card]) -> tuple[list[Card], list[int]]:
    """Return the cards the rank rules see, Space cards left out (ruling 6), and each one's seat (1-based)."""
    seats = [i for i, c in enumerate(cards, 1) if c.text != " "]
    return [cards[i - 1] for i in seats], seats


# --- the round ------------------------------------------------------------------


@dataclass(frozen=True)
class Shares:
    """How the round's cards are split when every winning card is tapped by a different player."""

    winners: int
    each: int
    discarded: int

    def to_dict(self) -> dict:
        return asdict(self)


def share_cards(total: int, winners: int) -> Shares:
    """Return how `total` cards split over `winners` players, leftovers discarded.

    >>> share_cards(5, 2)
    Shares(winners=2, each=2, discarded=1)
    """
    if winners <= 0:
        return Shares(0, 0, total)
    return Shares(winners, total // winners, total % winners)


@dataclass(frozen=True)
class _Decision:
    rule: str
    winners: list[int]  # 0-based
    explanation: str


@dataclass(frozen=True, kw_only=True)  # ten fields: built by name, never by position
class RoundResult:
    """The verdict on one round: what to do, which cards win, and why."""

    cards: list[Card]
    action: str  # "say_word", "tap" or "none"
    rule: str  # "spelled_word", "tilde", "exclamation", "asterisk", "highest", "lowest" or "nothing"
    spells: str | None
    spelled_from: list[int]
    readings: list[Reading]
    winners: list[int]
    ranks: list[int | None]
    shares: Shares
    explanation: str

    def to_dict(self) -> dict:
        return {
            "cards": [c.to_dict() for c in self.cards],
            "action": self.action,
            "rule": self.rule,
            "spells": self.spells,
            "spelled_from": self.spelled_from,
            "readings": [r.to_dict() for r in self.readings],
            "winners": self.winners,
            "ranks": self.ranks,
            "shares": self.shares.to_dict(),
            "explanation": self.explanation,
        }


def _names(seats: list[int], cards: list[Card], standings: list[_Standing], descending: bool = True) -> str:
    """Return the cards at `seats` as words, best first, noting ranks the powers changed.

    Equal cards are ordered by their notes, never by their seats, so the sentence is the same wherever the
    players sit.
    """
    order = sorted(
        seats,
        key=lambda i: (
            standings[i].key if standings[i].rank is not None else (0, -1),
            cards[i].text,
            standings[i].note or "",
        ),
        reverse=descending,
    )
    shown = [cards[i].shown + (f" ({standings[i].note})" if standings[i].note else "") for i in order]
    return and_list(shown)


def _rank_sentence(cards: list[Card], standings: list[_Standing], winners: list[int], lowest: bool) -> str:
    """Return why the winners of a single-group round win, in one clause."""
    names = _names(winners, cards, standings)
    if lowest:
        return say("booksmack.lowest", names=names)
    ranked = [c for c, s in zip(cards, standings) if s.rank is not None]
    what = "letter" if all(c.kind == "letter" for c in ranked) else "card"
    if len(winners) > 1:
        return say("booksmack.tie", names=names, what=what)
    best = standings[winners[0]]
    beaten = [i for i, s in enumerate(standings) if s.rank == best.rank and s.tier < best.tier]
    sentence = say("booksmack.highest", names=names, what=what)
    why = sentence_group("booksmack.tie_reasons").get(cards[winners[0]].form)
    if beaten and why:
        sentence += say("booksmack.ahead", beaten=_names(beaten, cards, standings), why=why)
    return sentence


def _redirect_at(cards: list[Card], winners: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Return the winners after `@` takes over from its neighbours, the seats it replaced, and the `@` cards that
    took over (one `@` between two winners counts once; two next to one winner both win)."""
    n = len(cards)
    replaced = [w for w in winners if any(cards[j].text == "@" for j in _neighbours(w, n))]
    ats = {j for w in replaced for j in _neighbours(w, n) if cards[j].text == "@"}
    return sorted((set(winners) - set(replaced)) | ats), replaced, sorted(ats)


def _outright(cards: list[Card]) -> _Decision | None:
    """Return the verdict of `~`, `!` or `*` when one of them decides the round."""
    symbols = card_set().symbols
    texts = [c.text for c in cards]
    letters = sum(c.kind == "letter" for c in cards)
    if "~" in texts:
        others = [
            i for i, c in enumerate(cards) if c.text != "~" and not (c.text in symbols and symbols[c.text].never_tapped)
        ]
        return _Decision("tilde", others, say("booksmack.tilde" if others else "booksmack.tilde_untappable"))
    if texts.count("!") > letters:
        return _Decision(
            "exclamation",
            [i for i, t in enumerate(texts) if t == "!"],
            say("booksmack.exclamation", bangs=texts.count("!"), letters=letters),
        )
    if "*" in texts and len(cards) - letters > letters:
        return _Decision(
            "asterisk",
            [i for i, t in enumerate(texts) if t == "*"],
            say("booksmack.asterisk", others=len(cards) - letters, letters=letters),
        )
    return None


def _rank_winners(cards: list[Card], standings: list[_Standing]) -> tuple[list[list[int]], list[int], bool]:
    """Return the groups the periods cut, the cards (0-based) that win them by rank before `@` takes over, and
    whether `#` turned each group to its lowest card."""
    lowest = any(c.text == "#" for c in cards)
    groups = _groups(cards)
    return groups, sorted(i for g in groups for i in _extremes(g, standings, lowest)), lowest


def _by_rank(cards: list[Card], standings: list[_Standing]) -> _Decision:
    """Return the verdict by rank: periods, `#` and `@` applied."""
    groups, winners, lowest = _rank_winners(cards, standings)
    rule = "lowest" if lowest else "highest"
    if not winners:
        return _Decision("nothing", [], say("booksmack.nothing"))
    if len(groups) > 1:
        sentence = say(f"booksmack.groups_{rule}", groups=len(groups), names=_names(winners, cards, standings))
    else:
        sentence = _rank_sentence(cards, standings, winners, lowest)
    redirected, replaced, ats = _redirect_at(cards, winners)
    if replaced:
        key = "booksmack.at" if len(ats) == 1 else "booksmack.at_many"
        sentence += say(key, names=_names(replaced, cards, standings), count=len(ats))
    return _Decision(rule, redirected, sentence)


def _tap_decision(cards: list[Card], standings: list[_Standing]) -> _Decision:
    """Return which cards to tap when no word is spelled."""
    return _outright(cards) or _by_rank(cards, standings)


def _word_sentence(spelled: Spelling, cards: list[Card]) -> str:
    """Return the sentence announcing the spelled word and any other readings."""
    first = spelled.readings[0]
    word = first.words[0]
    sentence = say("booksmack.spelled", WORD=word.upper(), seat=first.seat)
    wild = _wildcard_letters(cards, first.seat, word)
    if wild:
        sentence += say("booksmack.wild", letters=", ".join(wild))
    # Each other word once, from the first seat it reads from: the same word read again from another seat (A A
    # spells AA from either) tells the table nothing new. Five are named, found among the words each reading
    # lists (READING_WORDS is more than the five and the word); the rest are counted.
    seen = {word}
    named = []
    for r in spelled.readings:
        for w in r.words:
            if w not in seen and len(named) < 5:
                seen.add(w)
                named.append(say("booksmack.also_one", WORD=w.upper(), seat=r.seat))
    others = spelled.distinct - 1
    if others:
        key = "booksmack.also_more" if others > 5 else "booksmack.also"
        sentence += say(key, words=", ".join(named), more=others - 5)
    return sentence + "."


def _wildcard_letters(cards: list[Card], seat: int, word: str) -> list[str]:
    """Return the letters the `?` cards stand for in `word` read from `seat`."""
    n = len(cards)
    order = [cards[(seat - 1 + k) % n] for k in range(n)]
    letters = [c for c in order if c.text != " "]
    return [word[k].upper() for k, c in enumerate(letters) if c.text == "?"]


def judge_round(cards: list[str], lexicon: Lexicon, absent: Collection[int] = ()) -> RoundResult:
    """Return who wins a Booksmack round and why (rulings 1-6 of docs/rules/booksmack.md).

    `absent` are positions (1-based) where no card lies, given as a Space card to keep the others' positions: a
    table's seat whose player left. They are judged as the Space card is, ignored, but are none of the round's
    cards that the winners share.
    """
    parsed = parse_cards(cards)
    total = len(parsed) - len({p for p in absent if 1 <= p <= len(parsed) and parsed[p - 1].text == " "})
    spelled = spell(parsed, lexicon)
    readings = spelled.readings
    table, seats = _on_table(parsed)
    standings = _standings(table)
    ranks: list[int | None] = [None] * len(parsed)
    for seat, standing in zip(seats, standings):
        ranks[seat - 1] = standing.rank
    if readings:
        return RoundResult(
            cards=parsed,
            action="say_word",
            rule="spelled_word",
            spells=readings[0].words[0],
            spelled_from=[r.seat for r in readings],
            readings=readings,
            winners=[],
            ranks=ranks,
            shares=share_cards(total, 1),
            explanation=_word_sentence(spelled, parsed),
        )
    decision = _tap_decision(table, standings)
    winners = [seats[i] for i in decision.winners]
    shares = share_cards(total, len(winners))  # Space cards still go to the winner
    action = "tap" if winners else "none"
    explanation = decision.explanation + _share_clause(shares, total) + "."
    return RoundResult(
        cards=parsed,
        action=action,
        rule=decision.rule,
        spells=None,
        spelled_from=[],
        readings=[],
        winners=winners,
        ranks=ranks,
        shares=shares,
        explanation=explanation,
    )


def _share_clause(shares: Shares, total: int) -> str:
    """Return the clause saying how the cards split when several cards win, or none does."""
    if shares.winners == 0:
        return say("booksmack.share_none")
    if shares.winners == 1:
        return ""
    clause = say("booksmack.share", winners=shares.winners, each=shares.each, total=total)
    if shares.discarded:
        key = "booksmack.share_discarded_one" if shares.discarded == 1 else "booksmack.share_discarded"
        clause += say(key, discarded=shares.discarded)
    return clause


# --- turn-based variant ---------------------------------------------------------


TURN_ACTIONS = ("win", "draw", "steal", "none")


@dataclass(frozen=True)
class TurnState:
    """After a play in the turn-based variant: what the player who just played does, and why."""

    cards: list[Card]
    played: int  # the seat (1-based) of the card just played
    action: str  # for that player: "win" (a word is spelled), "draw", "steal" or "none"
    highest: list[int]  # the card(s) to tap: playing one draws a card
    lowest: list[int]  # the other end of the ranking: playing one steals a card
    spells: str | None  # a spelled word: the player who just played wins all cards played
    spelled_from: list[int]
    readings: list[Reading]
    explanation: str

    def to_dict(self) -> dict:
        return {
            "cards": [c.to_dict() for c in self.cards],
            "played": self.played,
            "action": self.action,
            "highest": self.highest,
            "lowest": self.lowest,
            "spells": self.spells,
            "spelled_from": self.spelled_from,
            "readings": [r.to_dict() for r in self.readings],
            "explanation": self.explanation,
        }


def _other_end(cards: list[Card], standings: list[_Standing], tapping: set[int]) -> list[int]:
    """Return the cards (0-based) at the other end of each group's ranking from the cards that win it by rank.

    Left out are the cards in `tapping`: those that win by rank (even when `@`, `~`, `!` or `*` takes the tap from
    them) and those to tap, so a group's only ranked card is its highest, never also its lowest (ruling 7).
    """
    flip = not any(c.text == "#" for c in cards)
    seats = []
    for group in _groups(cards):
        seats += _extremes([i for i in group if i not in tapping], standings, flip)
    return sorted(seats)


def _seat_list(positions: list[int], cards: list[Card]) -> str:
    """Return cards by seat as words: `Z (seat 2), a (seat 4)`, or `none`."""
    said = [say("booksmack.turn.at_seat", card=cards[p - 1].shown, seat=p) for p in positions]
    return ", ".join(said) or say("booksmack.turn.no_card")


def _turn_reason(action: str, played: int, by_rank: list[int], hashed: bool, ranked: bool) -> str:
    """Return the sentence key saying why the card just played draws, steals or does nothing (ruling 7). `ranked`:
    the rank decided which cards to tap (not `~`, `!` or `*`, which make other cards, or several, the ones)."""
    if action == "draw":
        if played not in by_rank or not ranked:
            return "draw"  # `@`, `~`, `!` or `*` made it a card to tap
        return "draw_lowest" if hashed else "draw_highest"
    if action == "steal":
        return "steal_highest" if hashed else "steal_lowest"
    return "overruled" if played in by_rank else "none"


def turn_state(cards: list[str], lexicon: Lexicon, played: int) -> TurnState:
    """Judge the card just played at seat `played` (1-based): does its player win, draw, steal, or nothing?

    See ruling 7 of docs/rules/booksmack.md.
    """
    parsed = parse_cards(cards)
    if not isinstance(played, int) or isinstance(played, bool) or not 1 <= played <= len(parsed):
        raise Refused(
            f"played: give the seat of the card just played, 1 to {len(parsed)} (got {played!r})", ("played",)
        )
    table, seats = _on_table(parsed)
    standings = _standings(table)
    decision = _tap_decision(table, standings)
    _, by_rank, hashed = _rank_winners(table, standings)
    highest = [seats[i] for i in decision.winners]
    lowest = [seats[i] for i in _other_end(table, standings, set(by_rank) | set(decision.winners))]
    readings = find_words(parsed, lexicon)
    spells = readings[0].words[0] if readings else None
    if spells:
        action = "win"
    elif played in highest:
        action = "draw"
    elif played in lowest:
        action = "steal"
    else:
        action = "none"
    card = parsed[played - 1]
    if action == "win":
        why = say("booksmack.turn.win", WORD=spells.upper(), seat=readings[0].seat)
    elif card.text == " ":
        why = say("booksmack.turn.space")
    else:
        ranked = decision.rule in ("highest", "lowest")
        why = say("booksmack.turn." + _turn_reason(action, played, [seats[i] for i in by_rank], hashed, ranked))
    sentence = say(
        "booksmack.turn.played",
        seat=played,
        card=card.shown,
        why=why,
        highest=_seat_list(highest, parsed),
        lowest=_seat_list(lowest, parsed),
    )
    return TurnState(parsed, played, action, highest, lowest, spells, [r.seat for r in readings], readings, sentence)
