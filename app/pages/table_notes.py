"""What a table's pages say beyond the table's state: the join page's word to a phone sent back to it, the
host's announcement of its own actions, and the filters the table templates write the state with (a pool, a
verdict, a winner, a total). The host's warning about a join link at this machine only is app/pages/table_lan.py.

Nothing here imports the table views (app/pages/tables.py imports this).
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache

from flask import current_app
from markupsafe import Markup

from solver.booksmack import shown_card
from solver.errors import Refused
from solver.pieces import KINDS, Pool, load_box, parse_pool
from solver.text import and_list
from solver.wordsmith.dice import faces_said
from tables.memo import Memo

from .blueprint import bp

__all__ = [
    "PIECES",
    "claim_lines",
    "earlier_claims",
    "drawn_pool",
    "first_where",
    "holds_star",
    "started",
    "pool_pieces",
    "action_words",
    "announcement",
    "news",
    "handed_notice",
    "join_notice",
    "pool_filter",
    "verdict_word",
    "winner_name",
    "called",
    "seat_total",
    "standing_total",
    "variant_label",
    "where",
    "where_not",
]

# The pieces a seat adds, by the code its form sends and the colour it is drawn in.
PIECES = [("R", "red"), ("Y", "yellow"), ("B", "blue"), ("G", "green")]

# An undoable action (`tables.state.undoable_view`) in words: "Undo Ann's claim".
ACTION_WORDS = {
    "challenge_started": "the start of the challenge",
    "piece_added": "{name}'s added piece",
    "wild_chosen": "{name}'s choice for a star",
    "pool_set": "the correction of {name}'s pool",
    "claim": "{name}'s claim",
    "objection": "{name}'s objection",
    "objection_vote": "{name}'s vote on an objection",
    "objection_ruled": "the ruling on an objection",
    "house_asked": "{name}'s asking the table to allow a word",
    "house_vote": "{name}'s vote on a word put to the table",
    "house_ruled": "the table's ruling on a word put to it",
    "claim_refused": "{name}'s refused claim",
    "done": "{name}'s Done!",
    "play_ended": "the end of play",
    "overrule": "{host} overrule",
    "passed": "{name}'s pass",
    "word_rolled": "the roll for the next word",
    "challenge_ended": "the end of the challenge",
    "game_ended": "the end of the game",
    "seat_removed": "{name}'s removal",
    "round": "the last round",
    "round_taken": "who took the last round",
    "turn": "{name}'s turn",
    "steal": "the steal",
}


# The automatic events an undo names with the action that brought them (the rest go without saying: Done!).
BROUGHT_ENDS = ("play_ended", "challenge_ended", "game_ended")
# The same actions named with the word they were about, when the table may read it: "Di's vote on SAG".
WORDED = {
    "objection": "{name}'s objection to {word}",
    "objection_vote": "{name}'s vote on {word}",
    "objection_ruled": "the ruling on {word}",
    "house_asked": "{name}'s asking the table to allow {word}",
    "house_vote": "{name}'s vote on {word}",
    "house_ruled": "the table's ruling on {word}",
}


# The same for the actions about a numbered round: Word by Word's roll, Booksmack's rounds.
ROUND_WORDS = {
    "word_rolled": "the roll for word {round}",
    "round": "round {round}",
    "round_taken": "who took round {round}",
}


@bp.app_template_filter("undo_words")
def undo_words(action: dict, names: dict, host: str = "the host's") -> str:
    """An undoable or undone action in words, with the word it was about: "Bob's claim of TACO", "the host's strike
    of HOLD" (`host`: whose the host's own actions are said to be: "your" on the host's own controls)."""
    kind, word = action.get("type"), str(action.get("word") or "").upper()
    if kind == "overrule" and word:
        return f"{host} ruling that {word} stands" if action.get("stands") else f"{host} strike of {word}"
    what = action_words(action, names, host)
    what += f" of {word}" if word and kind not in WORDED else ""
    # What it brought goes with it: "the end of the challenge, and the end of the game".
    ends = [ACTION_WORDS[t] for t in action.get("then") or () if t in BROUGHT_ENDS and t != kind]
    return ", and ".join([what, *ends])


@bp.app_template_filter("action_words")
def action_words(action: dict, names: dict, host: str = "the host's") -> str:
    """An action an undo takes (or took) back, in words, naming its seat's player (`host`: whose the host's are)."""
    seat = action.get("seat") if isinstance(action.get("seat"), int) else action.get("by")
    name = names.get(seat) or ("the host" if seat == 0 else "a seat")
    kind, word = action.get("type"), str(action.get("word") or "").upper()
    if word and kind in WORDED:
        return WORDED[kind].format(name=name, word=word)
    number = action.get("round")
    if isinstance(number, int) and kind in ROUND_WORDS:
        return ROUND_WORDS[kind].format(round=number)
    said = ACTION_WORDS.get(kind, str(kind or "").replace("_", " "))
    return said.format(name=name, host=host)


# What the table is told when a host's or the table's own action is the newest event: "{host} {did}: {so}."
# ({name}: the seat's; {pool}: a corrected pool in words; {was}: the phone that hosted before a hand-over).
HOST_NEWS = {
    "host_handed": "handed the host role to {name}'s phone: {name} now {hosts}; {was} no longer hosts",
    "seat_removed": "removed {name}'s seat: {name} has left the table, and {goes_on}",
    "seat_released": "gave {name}'s seat to a new phone: the old phone no longer plays for {name}",
    "seat_renamed": "renamed {was_named} to {name}",
    "pool_set": "corrected {name}'s pool: it holds {pool} now",
    "joining_locked": "{locked}",
}
# The big box's mark over each kind of news: what happened, in a word or two.
NEWS_MARKS = {
    "action_undone": "UNDONE",
    "host_handed": "NEW HOST",
    "seat_removed": "SEAT REMOVED",
    "seat_released": "NEW PHONE",
    "seat_renamed": "RENAMED",
    "pool_set": "POOL CORRECTED",
    "joining_locked": "LOCKED",
    "seat_joined": "JOINED",
    "seat_asked": "SEAT ASKED",
    "word_rolled": "ROLLED",
}
# The table's events that are no news of their own (the box keeps what it showed).
NO_NEWS = frozenset({"table_created"})
LOCKED = {
    True: "locked the table: no other phone can join until the host opens it again",
    False: "opened the table: a phone can join a free seat with the code",
}
OPENED_FULL = "opened the table: no seat is free now, so a phone joins one only once the host frees it"
# What the host does, by game: what the phone handed the role does from then on.
HOSTS = {
    "wordsmith": "starts challenges, settles ties and undoes",
    "booksmack": "undoes, looks after the seats and may end the game",
}
# What goes on without a removed seat, by game or variant (the most particular first).
GOES_ON = {
    "word_by_word": "no roll waits for them",
    "wordsmith": "neither a vote nor the challenge's end waits for them",
    "turns": "no turn comes to them",
    "booksmack": "each round is entered without their card",
}
# A pool's pieces in words, in the order the pages draw them.
POOL_WORDS = (("red", "red"), ("yellow", "yellow"), ("blue", "blue"), ("green", "green"), ("wild", "star"))


def host_words(state) -> dict:
    """What HOST_NEWS's sentences say the host does, and what goes on without a removed seat, at this table."""
    goes_on = next((GOES_ON[key] for key in (*state.variants, state.game) if key in GOES_ON), "the game goes on")
    return {"hosts": HOSTS.get(state.game, "hosts the table and undoes"), "goes_on": goes_on}


def pool_words(pool: dict) -> str:
    """A pool as a sentence says it: "3 red, 2 yellow, 1 blue and 2 green", "1 red and 1 star", "no pieces"."""
    counts = [(int(pool.get(kind) or 0), word) for kind, word in POOL_WORDS]
    said = [f"{n} {word}{'s' if word == 'star' and n != 1 else ''}" for n, word in counts if n]
    return and_list(said) if said else "no pieces"


# What a phone whose seat the host removed may do about it.
MISTAKE = "Ask the host if that was a mistake (the host can undo it)"
# What undoing a vote gives back, on an objection or on a word put to the table alike.
VOTE_AGAIN = "{name} votes on {word} again, in a fresh window"
# What an undo gives back, by the type of the action it took back.
UNDONE_SO = {
    "claim": "{name} has the pieces of {word} back, and it is off the sheet",
    "piece_added": "{name}'s pool is as it was before the piece",
    "pool_set": "{name}'s pool is as it was before the correction",
    "seat_removed": "{name}'s seat is back, for a phone to join",
    "overrule_struck": "{word} stands again, back on {name}'s sheet",
    "overrule_stood": "{word} is struck out again, off {name}'s sheet",
    "house_ruled": "{word} waits for its ruling again",
    "objection_vote": VOTE_AGAIN,
    "house_vote": VOTE_AGAIN,
    "word_rolled": "every pool is as it was before the roll, and the dice are rolled again",
    "game_ended": "the game is on again",
    "round": "its cards are back in the hands: round {round} is entered again",
    "round_taken": "its cards wait again for who took them",
    "turn": "{name} has the card back in hand and plays it again",
    "steal": "the card is back where it was, and {name} says again whom they steal from",
}


def rolled_words(data: dict) -> str:
    """What a Word by Word roll gave (ruling 13): "red, yellow and blue star: every pool gains 1 red and 1 yellow
    piece, and word 2 has 1 circle (a wild when the word needs it)"."""
    faces = faces_said(data.get("faces") or ())
    gains = [f"{n} {kind}" for kind in ("red", "yellow") if (n := int(data.get(kind) or 0))]
    pieces = sum(int(data.get(kind) or 0) for kind in ("red", "yellow"))
    said = f"{faces}: every pool gains {and_list(gains)} piece{'s' if pieces != 1 else ''}" if gains else faces
    circles = int(data.get("circles") or 0)
    if circles:
        said += f", and word {data.get('round')} has {circles} circle{'s' if circles != 1 else ''}"
        said += " (a wild when the word needs it)"
    return said


def news(state, names: dict) -> tuple[str, str] | None:
    """The big box's mark and sentence when the newest event is the host's or the table's own (an undo, a seat
    removed, given to a new phone or renamed, the host role handed on, a pool corrected, joining locked), a seat's
    phone joining or asked for, or a Word by Word roll: who did it and what it changed. None otherwise: the game's
    own news is the box's. Drawn once per event for every phone, so it says each seat by its player's name."""
    host = f"{names[state.host_seat]} (host)" if state.host_seat else "The host"
    undone = state.undone
    if undone and undone.get("seq") == state.seq:
        name = names.get(undone.get("seat")) or names.get(undone.get("by")) or "the seat"
        word = str(undone.get("word") or "").upper()
        kind = undone.get("type")
        what = undo_words(undone, names, host="their" if host == "The host" else "the host's")
        if kind == "overrule" and undone.get("changes"):  # the host's strike, or letting a word stand, taken back
            kind = "overrule_stood" if undone.get("stands") else "overrule_struck"
        so = UNDONE_SO.get(kind, "the table is as it was before it")
        so = so.format(name=name, word=word, round=undone.get("round", ""))
        if kind == "claim" and not word:  # a Secret Wordsmith word, hidden while its challenge is on
            so = f"{name} has its pieces back, and it is off the sheet"
        if kind == "seat_removed" and undone.get("last", 0) > undone.get("first", 0):  # the removal ended something
            so += ", and what the removal settled (a vote's count, the challenge's end) is open again"
        return NEWS_MARKS["action_undone"], f"{host} undid {what}: {so}."
    newest = state.log.event if state.log is not None else None
    if newest is None or newest.seq != state.seq or newest.type in NO_NEWS:
        return None
    seat = newest.data.get("seat")
    name = names.get(seat, f"seat {seat}")
    mark = NEWS_MARKS.get(newest.type)
    if newest.type == "seat_joined":  # not the host's action, but the box would show an older claim as news
        return mark, f"{names.get(seat, f'Seat {seat}')}'s phone joined the table: it plays seat {seat}."
    if newest.type == "seat_asked":
        return mark, f"A phone asks the host for {name}'s seat: the host can give it to that phone."
    if newest.type == "word_rolled":
        who = names.get(newest.by) or host
        return mark, f"{who} rolled the dice for word {newest.data.get('round')}: {rolled_words(newest.data)}."
    said = HOST_NEWS.get(newest.type)
    if said is None:
        return None
    if newest.type == "host_handed":  # the one who handed the role on is the host before this event
        host = previous_host(state, names)
    words = {"name": name, "seat": seat, **host_words(state)}
    if newest.type == "joining_locked":
        locked = bool(newest.data.get("locked"))
        mark = mark if locked else "OPEN"
        words["locked"] = OPENED_FULL if not locked and no_seat_to_pick(state) else LOCKED[locked]
    words["pool"] = pool_words(newest.data.get("pool") or {})
    # A rename's name before it; a rename written without it is named by its seat's number.
    words["was_named"] = newest.data.get("was") or f"seat {seat}"
    if newest.type == "pool_set" and hidden_pools(state):  # Secret Wordsmith: no phone reads another's pool
        said = "corrected {name}'s pool (hidden, as every pool is until the challenge ends)"
    words["was"] = "the phone that made the table" if host == "The host" else f"{host.removesuffix(' (host)')}'s phone"
    return mark, f"{host} {said.format(**words)}."


def hidden_pools(state) -> bool:
    """Whether no phone reads the seats' pools now (Secret Wordsmith while its challenge is on, ruling 12)."""
    game = state.game_state
    return bool(getattr(game, "has", None) and game.has("secret") and game.on)


def announcement(state, names: dict) -> str | None:
    """The sentence every phone and the TV read when the newest event is the host's or the table's own (`news`)."""
    said = news(state, names)
    return said[1] if said else None


def previous_host(state, names: dict) -> str:
    """Who hosted before the newest event, a hand-over: the seat an earlier hand-over gave the role to, or the phone
    that created the table, by the seat it plays when it joined one ("Ann (host)"), else "The host"."""
    events = list(state.log)[1:]  # newest first, the hand-over itself left out
    for event in events:
        if event.type == "host_handed":
            seat = event.data.get("seat")
            return f"{names[seat]} (host)" if seat in names else "The host"
    joined: dict[int, bool] = {}  # seat -> whether its latest join was the creating phone's (the host's token)
    for event in events:
        if event.type in ("seat_joined", "seat_released") and event.data.get("seat") not in joined:
            joined[event.data.get("seat")] = event.type == "seat_joined" and event.by == 0
    played = [seat for seat, hosts in joined.items() if hosts and seat in names]
    return f"{names[played[0]]} (host)" if len(played) == 1 else "The host"


def handed_notice(args, state, seat_page: bool = False) -> dict | None:
    """What the table view, or the seat's page of a host who plays (`seat_page`), says to the phone that hosted
    until it handed the role on (`?handed=1`)."""
    if not args.get("handed"):
        return None
    seat = state.seats[state.host_seat - 1] if state.host_seat else None
    there = f"{seat.name}'s phone" if seat is not None else "Another phone"
    after = "You play on from this phone." if seat_page else "This page follows the table."
    return {
        "code": "host_handed",
        "kept": True,
        "title": "This phone hosts no more",
        "messages": [f"{there} hosts the table now: it {host_words(state)['hosts']}. {after}"],
    }


def no_seat_to_pick(state) -> str | None:
    """Why a phone without a seat cannot pick one on the join page, in words to tell it, or None when it can:
    joining is locked (only the host seats a phone), or every seat left is held by a phone."""
    if state.locked:
        return "Joining is locked: only the host can let you in."
    if all(seat.removed or seat.joined for seat in state.seats):
        return "No seat is free: every seat left is held by a phone."
    return None


def join_notice(args, state) -> dict | None:
    """What the join page says to a phone sent back to it: its seat moved or was removed (or is back, the removal
    undone), or its ask for it was sent."""
    removed = args.get("removed", "")
    stuck = no_seat_to_pick(state)
    if removed.isascii() and removed.isdigit() and 1 <= int(removed) <= len(state.seats):
        seat = state.seats[int(removed) - 1]
        name = seat.name
        if not seat.removed:  # the host undid the removal: the page, drawn again, says so
            return {
                "code": "seat_back",
                "kept": True,
                "title": "Your seat is back",
                "messages": [
                    f"The host undid the removal of your seat ({name}): "
                    + (
                        "joining is locked: ask the host to let you in."
                        if state.locked
                        else f"tap {name} below to take it again."
                    )
                ],
            }
        return {
            "code": "seat_removed",
            "kept": True,
            "title": "The host removed your seat",
            "messages": [
                f"The host removed your seat ({name}) from the table: you play no more this game. "
                + (f"{stuck} {MISTAKE}." if stuck else f"{MISTAKE}, or pick a free seat.")
            ],
        }
    if args.get("moved"):
        return {
            "code": "seat_moved",
            "kept": True,
            "title": "Your seat moved to another phone",
            "messages": [
                "The host gave it to another phone or took it on theirs (or the player left the table). "
                + (
                    f"{stuck} Tap your name below to ask the host for it back."
                    if stuck
                    else "Tap your name below to ask the host for it back, or pick a free seat."
                )
            ],
        }
    asked = args.get("asked", "")
    if asked.isascii() and asked.isdigit() and 1 <= int(asked) <= len(state.seats):
        seat = state.seats[int(asked) - 1]
        name = seat.name
        if not seat.asked:  # the URL says what this phone did; the table says what came of it since
            if seat.joined or seat.removed:
                return None  # given to another phone or left: the seats below say which are free
            return {
                "code": "seat_given",
                "kept": True,
                "title": "The seat is free",
                "messages": [f"The host gave {name}'s seat to a new phone: tap it below to take it."],
            }
        return {
            "code": "seat_asked",
            "kept": True,
            "title": "Asked",
            "messages": [
                f"The host's page shows that this phone asks for {name}'s seat. Once the host gives it, tap it."
                + (" Joining is locked: ask the host to let you in too." if state.locked else "")
            ],
        }
    return None


@lru_cache(maxsize=8192)
def event_epoch(at: str) -> float | None:
    """Seconds since the epoch of an event's time (`2026-11-30T18:40:02.120Z`), or None when it is not one (kept:
    every render reads each claim's time again)."""
    try:
        return datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC).timestamp()
    except (TypeError, ValueError):
        return None


@bp.app_template_filter("ms")
def epoch_ms(at: str) -> int | None:
    """An event's time as the milliseconds `data-closes-at` takes (the page's clock takes a button away then)."""
    seconds = event_epoch(at)
    return None if seconds is None else round(seconds * 1000)


@bp.app_template_filter("clock")
def clock(at: str) -> str:
    """An event's time as a clock reads it, in UTC (`18:40:32 UTC`): the page's script says it in the phone's own
    time (`time[data-clock]`, static/table_view.js)."""
    seconds = event_epoch(at)
    return "" if seconds is None else datetime.fromtimestamp(seconds, UTC).strftime("%H:%M:%S UTC")


@bp.app_template_filter("piece_name")
def piece_name(kind: str) -> str:
    """A piece added to a pool, as a player says it: its colour, or "a star" (a wild)."""
    return "a star" if kind == "wild" else kind


@bp.app_template_filter("pool_pieces")
def pool_pieces(pool) -> list[dict]:
    """A pool as the pages draw it: each kind it holds with its count (`R3 Y2 B1 G2` -> red 3, yellow 2, ...)."""
    if not pool:
        return []
    try:
        counts = parse_pool(pool).to_dict()
    except Refused:
        return []
    return [{"kind": kind, "count": count} for kind, count in counts.items() if count]


@bp.app_template_filter("started")
def started(game) -> bool:
    """Whether play has started at a table (a challenge, a round or a card played): the host's invite then folds away
    (table_host.html; static/table_view.js reads it from the page or the table's part)."""
    game = game or {}
    return bool((game.get("challenge") or 0) > 0 or (game.get("round") or 0) > 0 or game.get("plays"))


@bp.app_template_filter("holds_star")
def holds_star(pool) -> bool:
    """Whether a pool holds a star kept wild: its seat is asked which piece it stands for (table_play.html), and its
    part key says so (app/pages/table_live.py, `own_seat`)."""
    return any(kind["kind"] == "wild" for kind in pool_pieces(pool))


# Claim lines drawn lately: the table's part draws every claim of the challenge after each event, and an event
# changes one or two of them.
_lines: Memo[Markup] = Memo(8192)


@bp.app_template_global("die_faces")
def die_faces() -> list[tuple[str, str]]:
    """The faces a die of the box shows, each once, with its label: what the real dice of a roll are entered as."""
    return list(dict((face.face, face.label) for face in load_box().die).items())


@bp.app_template_global("claim_lines")
def claim_lines(claims: list[dict], names: dict) -> Markup:
    """The claims' (and refused attempts') lines of the claims list, in order (partials/table_claim_line.html),
    each drawn once for the same claim and names."""
    template = current_app.jinja_env.get_template("partials/table_claim_line.html")
    return Markup("\n").join(
        _lines((claim, names), lambda claim=claim: Markup(template.render(claim=claim, names=names)))
        for claim in claims
    )


# The earlier challenges' claims, folded away below the claims list: the table's part draws them after every event,
# and they change only when an earlier claim is struck or let stand.
_earlier: Memo[Markup] = Memo(1024)


@bp.app_template_global("earlier_claims")
def earlier_claims(claims: list[dict], challenge: int, names: dict) -> Markup:
    """The claims of challenges 1 to `challenge` - 1, a folded list per challenge
    (partials/table_claims_earlier.html), drawn once for the same claims and names."""
    if challenge <= 1:
        return Markup("")
    by_challenge: dict[int, list] = {number: [] for number in range(1, challenge)}
    for claim in claims or ():
        if claim.get("challenge") in by_challenge:
            by_challenge[claim["challenge"]].append((claim.get("word"), claim.get("seat"), claim.get("status")))
    earlier = list(by_challenge.items())
    template = current_app.jinja_env.get_template("partials/table_claims_earlier.html")
    return _earlier((earlier, names), lambda: Markup(template.render(earlier=earlier, names=names)))


@bp.app_template_filter("drawn_pool")
def drawn_pool(pool) -> Markup:
    """A pool drawn as its coloured pieces (partials/table_pool.html), drawn once per pool: a table's part draws
    every seat's pool after each event, and pools repeat from event to event and seat to seat."""
    return _drawn_pool(pool if isinstance(pool, str) else pool_filter(pool))


@lru_cache(maxsize=4096)
def _drawn_pool(pool: str) -> Markup:
    return Markup(current_app.jinja_env.get_template("partials/table_pool.html").render(pool=pool))


# --- filters the table templates use -----------------------------------------------------------


# Jinja's `selectattr('key', 'equalto', value)` runs a test call per item through its generic machinery; the table's
# part filters the claims and seats that way after every event, so these two do it in one plain loop.
_ABSENT = object()


@bp.app_template_filter("where")
def where(items, key: str, value) -> list:
    """The items (the state's view's dicts) whose `key` equals `value`: `selectattr(key, 'equalto', value)|list`."""
    return [item for item in items or () if item.get(key, _ABSENT) == value]


@bp.app_template_filter("where_not")
def where_not(items, key: str, value) -> list:
    """The items whose `key` is missing or differs from `value`: `rejectattr(key, 'equalto', value)|list`."""
    return [item for item in items or () if item.get(key, _ABSENT) != value]


@bp.app_template_filter("first_where")
def first_where(items, key: str, value):
    """The first item whose `key` equals `value`, or None: `selectattr(key, 'equalto', value)|first`."""
    return next((item for item in items or () if item.get(key, _ABSENT) == value), None)


@bp.app_template_filter("pool")
def pool_filter(pool) -> str:
    """A pool as the pages write it ('R3 Y2 B1 G2'), whether the state holds it as text or as counts."""
    if pool is None:
        return ""
    if isinstance(pool, dict):
        return str(Pool(**{kind: int(pool.get(kind, 0)) for kind in (*KINDS, "wild")}))
    return str(pool)


@bp.app_template_filter("verdict_word")
def verdict_word(verdict) -> str:
    """A claim's or an objection's verdict as the big word the table reads."""
    if verdict in (True, "valid", "stands", "upheld_claim"):
        return "VALID"
    if verdict in (False, "invalid", "struck", "not_valid"):
        return "NOT VALID"
    return str(verdict or "").replace("_", " ").upper()


@bp.app_template_filter("winner_name")
def winner_name(winner, names: dict) -> str:
    """A winner as a name: the state may name the seat by number or by the player's name."""
    return names.get(winner, str(winner)) if isinstance(winner, int) else str(winner)


@bp.app_template_filter("called")
def called(seat, names: dict, viewer) -> str:
    """A seat as a phone's own part names it: "you" for the phone's own seat, else the player's name."""
    return "you" if viewer is not None and viewer.seat is not None and viewer.seat == seat else winner_name(seat, names)


@bp.app_template_filter("card_shown")
def card_shown(card: str) -> str:
    """A Booksmack card on a page as the judge's sentences name it: the Space card, whose face is blank, by name."""
    return shown_card(card)


@bp.app_template_filter("and_list")
def and_list_filter(names) -> str:
    """Names as a sentence says them: 'Ann', 'Ann and Bob', 'Ann, Bob and Cy'."""
    names = [str(name) for name in names]
    return and_list(names) if names else ""


@bp.app_template_test("fewer_than")
def fewer_than(items, n: int) -> bool:
    """Whether a list holds fewer than `n` items (a seat that has not yet claimed the current roll's word)."""
    return len(items or ()) < n


@bp.app_template_filter("seat_total")
def seat_total(scores, index: int):
    """The total of the seat at `index` (0-based) in a game's scores, or a dash before any."""
    sheets = scores.get("sheets") if isinstance(scores, dict) and "sheets" in scores else scores
    if isinstance(scores, dict) and "seats" in scores:
        sheets = scores["seats"]
    try:
        entry = sheets[index]
    except (IndexError, KeyError, TypeError):
        return "–"
    return entry.get("total", "–") if isinstance(entry, dict) else entry


@bp.app_template_filter("standing_total")
def standing_total(scores, index: int, game: dict):
    """A Wordsmith seat's total (at `index`) as the scoreboard shows it (docs/rules/wordsmith.md, ruling 23):
    while a Wordsmith challenge is played, the challenges before it in full and this one's letters, without the
    blue boxes' bonus, which the rulebook gives at the end of the challenge: 0 before any word, not 6."""
    if not isinstance(game, dict) or game.get("phase") not in ("waiting", "playing", "done_called"):
        return seat_total(scores, index)
    sheets = scores.get("sheets") if isinstance(scores, dict) else None
    if not sheets or index >= len(sheets):
        return 0  # before the first challenge, or Secret Wordsmith's before it is judged: nothing scored yet
    current = game.get("challenge")
    challenges = sheets[index].get("challenges") or []
    return sum(c["letters"] if c.get("number") == current else c["total"] for c in challenges)


@bp.app_template_filter("variant_label")
def variant_label(variant: str, labels: dict) -> str:
    return labels.get(variant, variant)
