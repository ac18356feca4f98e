"""`wordsmith table ...`: play at a live table from the command line (issue 13; docs/cli.md, "Live tables").

    wordsmith table create --seat Ann --seat Bob      the code, the join link, the host's token
    wordsmith table join CODE SEAT                    the seat's token (alone on stdout)
    wordsmith table show CODE                         seats, pools, claims, scores
    wordsmith table start CODE [--pool POOL]          (host) start a challenge
    wordsmith table add CODE [PIECE]                  add a piece to the seat's pool
    wordsmith table claim CODE WORD                   claim a word; refused: the objections, exit 1
    wordsmith table object CODE CLAIM                 object to a claim (the seq of its event)
    wordsmith table pass CODE / end-challenge CODE / end-game CODE
    wordsmith table release CODE SEAT                 (host) give a seat to a new phone
    wordsmith table record CODE                       the event log, as JSON, replayable
    wordsmith table follow CODE                       the events as they happen (Ctrl-C ends it)

Each command makes one call on its backend (common.backend): `Local`, on the
store `wordsmith serve` uses, or with `--server URL` the service. Tokens come
from `--token` or WORDSMITH_TOKEN, so they stay out of the shell's history. A
refusal (409 at this table, 401/403 not this token's to do, 404 no such table,
422 a bad field) is the client's `WordsmithError` from either backend: one line
on stderr, exit 2; a refused claim is a "no", exit 1, as `wordsmith judge`'s.
"""

from __future__ import annotations

import argparse
import os
import sys

from client import WordsmithError

from .common import add_command, add_json_option, add_lexicon_option, backend, print_json

TOKEN_VARIABLE = "WORDSMITH_TOKEN"
KIND_CODES = {"red": "R", "yellow": "Y", "blue": "B", "green": "G", "wild": "W"}


def register(subparsers) -> None:
    group = subparsers.add_parser(
        "table",
        help="play at a live table: create, join, claim, follow",
        description="Play at a live table. Without --server, tables live in the store `wordsmith serve` uses "
        f"(WORDSMITH_DATABASE_URL, else SQLite in the app's instance folder). Tokens: --token, or ${TOKEN_VARIABLE} "
        "so they stay out of the shell's history.",
    )
    commands = group.add_subparsers(dest="table_command", required=True, metavar="TABLE_COMMAND")

    parser = add(commands, "create", "create a table: its join code, join link and the host's token", run_create)
    parser.add_argument("--game", choices=("wordsmith", "booksmack"), default="wordsmith")
    parser.add_argument(
        "--seat", action="append", required=True, metavar="NAME", help="a player's name, in seat order (2 to 6)"
    )
    add_lexicon_option(parser)
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME", help="a variant (advanced, secret, ...); repeatable"
    )

    parser = add(commands, "join", "take a seat: prints its token (and nothing else)", run_join, token=False)
    parser.add_argument("code", metavar="CODE")
    parser.add_argument("seat", metavar="SEAT", help="the seat's number (from 1) or its player's name")
    parser.add_argument(
        "--token",
        default=None,
        help=f"the host's token: seats a phone past a lock, or on a taken seat (not read from ${TOKEN_VARIABLE}, "
        "so a host's shell cannot take a seat by accident)",
    )

    parser = add(commands, "show", "the table's state: seats, pools, claims, scores", run_show, token=False)
    parser.add_argument("code", metavar="CODE")
    add_token_option(parser, "a seat's or the host's token: what that seat may see (else the table view)")

    parser = add(commands, "start", "start a challenge (host): the real dice's pool, or rolled", run_start)
    parser.add_argument("code", metavar="CODE")
    parser.add_argument("--pool", metavar="POOL", help="the starting pool as the dice gave it ('R3 Y2 B1 G2')")
    parser.add_argument("--required", metavar="LETTERS", help="Advanced: the six required letters, one per row")

    parser = add(commands, "add", "add a piece to a pool: the real die's, or rolled", run_add)
    parser.add_argument("code", metavar="CODE")
    parser.add_argument("piece", nargs="?", choices=("R", "Y", "B", "G", "W"), help="the die's piece (W: a star)")
    parser.add_argument("--wild-as", choices=("R", "Y", "B", "G"), help="the piece a wild is taken as")
    add_seat_option(parser)

    parser = add(commands, "claim", "claim a word: judged at once; exit 1 when refused", run_claim)
    parser.add_argument("code", metavar="CODE")
    parser.add_argument("word", metavar="WORD")
    parser.add_argument("--row", type=int, metavar="N", help="Advanced: the sheet's row (its required letter)")
    add_seat_option(parser)

    parser = add(commands, "object", "object to a claim: the judge's verdict", run_object)
    parser.add_argument("code", metavar="CODE")
    parser.add_argument("claim", type=int, metavar="CLAIM", help="the claim's number (the seq `show` prints)")
    add_seat_option(parser)

    parser = add(commands, "pass", "pass: no more words this challenge", run_pass)
    parser.add_argument("code", metavar="CODE")
    add_seat_option(parser)

    parser = add(commands, "end-challenge", "end the challenge (host): score sheets filled in", run_end_challenge)
    parser.add_argument("code", metavar="CODE")

    parser = add(commands, "end-game", "end the game (host): the final scores and the winners", run_end_game)
    parser.add_argument("code", metavar="CODE")

    parser = add(commands, "release", "give a seat to a new phone (host): its token stops working", run_release)
    parser.add_argument("code", metavar="CODE")
    parser.add_argument("seat", metavar="SEAT", help="the seat's number (from 1) or its player's name")

    parser = add(commands, "record", "the table's event log, as JSON (replayable)", run_record, json=False, token=False)
    parser.add_argument("code", metavar="CODE")
    add_token_option(parser, "a seat's or the host's token (Secret Wordsmith hides others' claims until the end)")

    parser = add(
        commands, "follow", "print the table's events as they happen (Ctrl-C ends it)", run_follow, token=False
    )
    parser.add_argument("code", metavar="CODE")
    parser.add_argument("--after", type=int, default=0, metavar="SEQ", help="only the events after this one")
    parser.add_argument("--count", type=int, metavar="N", help="end after N events")
    add_token_option(parser, "a seat's or the host's token: what that seat may see (else the table view)")


def add(commands, name: str, help: str, handler, *, json: bool = True, token: bool = True) -> argparse.ArgumentParser:
    parser = add_command(commands, name, help, handler, lexicon=False, json=False)
    if json:
        add_json_option(parser)
    if token:
        add_token_option(parser)
    return parser


def add_token_option(parser: argparse.ArgumentParser, what: str = "the seat's or the host's token") -> None:
    parser.add_argument(
        "--token", default=None, help=f"{what}; default ${TOKEN_VARIABLE} (keeps it out of the shell's history)"
    )


def add_seat_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", type=int, metavar="N", help="the host, acting for seat N")


def token_from(args: argparse.Namespace, required: bool = True) -> str | None:
    token = args.token or os.environ.get(TOKEN_VARIABLE) or None
    if required and token is None:
        raise ValueError(f"token: give --token, or set {TOKEN_VARIABLE} (the host's, or your seat's from `join`)")
    return token


def refusals(run):
    """Print a refusal (either backend's WordsmithError) as one line on stderr: exit 1 for a refused claim, else 2."""

    def handler(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except WordsmithError as error:
            print(f"wordsmith table {args.table_command}: {refusal_line(error)}", file=sys.stderr)
            return 1 if error.code == "claim_refused" else 2
        except (ValueError, LookupError) as error:  # a usage error (a missing token, an unknown seat name)
            print(f"wordsmith table {args.table_command}: {error}", file=sys.stderr)
            return 2

    return handler


def refusal_line(error: WordsmithError) -> str:
    line = f"{error.status} {error.title}: {error.detail}"
    if error.objections:  # the detail says each in words; their codes are what a script matches
        line += " [" + ", ".join(str(o.get("code")) for o in error.objections) + "]"
    for field in error.errors:
        line += f"; {field.get('pointer') or '/'}: {field.get('detail')}"
    return line


# --- the commands --------------------------------------------------------------------------


@refusals
def run_create(args: argparse.Namespace) -> int:
    created = backend(args).create_table(args.game, args.seat, lexicon=args.lexicon, variants=args.variant)
    if args.json:
        print_json(created)
        return 0
    state = created["state"]
    variants = ", ".join(state["variants"]) or plain_game(state["game"])
    print(f"Table {created['code']}: {state['game']} ({variants}), {state['lexicon']} lexicon")
    print("Seats: " + ", ".join(f"{seat['seat']} {seat['name']}" for seat in created["seats"]))
    print(f"Join link: {created['join_url']}")
    print(f"Host token: {created['host_token']}")
    print(f"Keep the host token secret: `export {TOKEN_VARIABLE}=...` acts as the host.")
    return 0


@refusals
def run_join(args: argparse.Namespace) -> int:
    joined = backend(args).join_table(args.code, seat_number(args, args.seat), token=args.token)
    if args.json:
        print_json(joined)
    else:
        print(joined["token"])  # alone, so `export WORDSMITH_TOKEN=$(wordsmith table join CODE 1)` works
    return 0


@refusals
def run_show(args: argparse.Namespace) -> int:
    state = backend(args).table(args.code, token=token_from(args, required=False))
    if args.json:
        print_json(state)
    else:
        print("\n".join(describe_state(state)))
    return 0


@refusals
def run_start(args: argparse.Namespace) -> int:
    answer = backend(args).start_challenge(
        args.code, token=token_from(args), pool=args.pool, required_letters=args.required
    )
    return print_acted(args, answer)


@refusals
def run_add(args: argparse.Namespace) -> int:
    answer = backend(args).add_piece(
        args.code, token_from(args), piece=args.piece, wild_as=args.wild_as, seat=args.seat
    )
    return print_acted(args, answer)


@refusals
def run_claim(args: argparse.Namespace) -> int:
    answer = backend(args).claim(args.code, args.word, token_from(args), row=args.row, seat=args.seat)
    return print_acted(args, answer)


@refusals
def run_object(args: argparse.Namespace) -> int:
    answer = backend(args).object_to(args.code, args.claim, token_from(args), seat=args.seat)
    return print_acted(args, answer)


@refusals
def run_pass(args: argparse.Namespace) -> int:
    return print_acted(args, backend(args).pass_challenge(args.code, token_from(args), seat=args.seat))


@refusals
def run_end_challenge(args: argparse.Namespace) -> int:
    return print_acted(args, backend(args).end_challenge(args.code, token_from(args)))


@refusals
def run_end_game(args: argparse.Namespace) -> int:
    return print_acted(args, backend(args).end_game(args.code, token_from(args)))


@refusals
def run_release(args: argparse.Namespace) -> int:
    token = token_from(args)
    return print_acted(args, backend(args).release_seat(args.code, seat_number(args, args.seat), token))


@refusals
def run_record(args: argparse.Namespace) -> int:
    print_json(backend(args).table_record(args.code, token=token_from(args, required=False)))
    return 0


@refusals
def run_follow(args: argparse.Namespace) -> int:
    judge = backend(args)
    names = {seat["seat"]: seat["name"] for seat in judge.table(args.code)["seats"]}
    seen = 0
    try:
        for event in judge.events(args.code, after=args.after, token=token_from(args, required=False)):
            print(json_line(event) if args.json else describe_event(event, names), flush=True)
            seen += 1
            if args.count is not None and seen >= args.count:
                break
    except KeyboardInterrupt:  # Ctrl-C: the way to stop following
        pass
    return 0


# --- printing ------------------------------------------------------------------------------


def seat_number(args: argparse.Namespace, seat: str) -> int:
    """A seat given by number, or by its player's name (asked of the table)."""
    if seat.isdigit():
        return int(seat)
    seats = backend(args).table(args.code)["seats"]
    for found in seats:
        if found["name"].casefold() == seat.strip().casefold():
            return found["seat"]
    names = ", ".join(f"{s['seat']} {s['name']}" for s in seats)
    raise ValueError(f"seat: no seat is called {seat!r} at this table (seats: {names})")


def print_acted(args: argparse.Namespace, answer: dict) -> int:
    if args.json:
        print_json(answer)
        return 0
    seats = answer["state"]["seats"] if answer.get("state") else []
    if answer.get("repeated"):
        print("(already done: this request had been applied)")
    print_events(answer["events"], seats)
    return 0


def print_events(events: list[dict], seats: list[dict]) -> None:
    names = {seat["seat"]: seat["name"] for seat in seats}
    for event in events:
        print(describe_event(event, names))


def json_line(event: dict) -> str:
    import json

    return json.dumps(event, ensure_ascii=False)


def pool_text(pool) -> str:
    """A pool as the players write it ('R3 Y2 B1 G2'), from counts or text."""
    if not isinstance(pool, dict):
        return str(pool)
    return " ".join(f"{KIND_CODES.get(kind, kind)}{n}" for kind, n in pool.items() if n) or "empty"


def _piece_added(data: dict, seat) -> str:
    wild = f" as {data['wild_as']}" if data.get("wild_as") else ""
    return f"{seat(data['seat'])} adds {data.get('piece')}{wild}"


def _claim(data: dict, seat) -> str:
    word = str(data["word"]).upper() if data.get("word") else "a word (hidden until the challenge ends)"
    letters = (
        f": {data['letters']} letters, {data.get('discards', 0)} discarded" if data.get("letters") is not None else ""
    )
    return f"{seat(data['seat'])} claims {word}{letters}"


# How each event reads, from its data and `seat` (a seat number -> its name).
EVENT_LINES = {
    "table_created": lambda data, seat: f"table created: {data['game']}, seats {', '.join(data['seats'])}",
    "seat_joined": lambda data, seat: f"{seat(data['seat'])} joined",
    "seat_released": lambda data, seat: (
        f"{seat(data['seat'])}'s seat given to a new phone: the old token no longer acts"
    ),
    "joining_locked": lambda data, seat: "joining locked" if data.get("locked") else "joining open",
    "seat_renamed": lambda data, seat: f"seat {data['seat']} renamed {data['name']}",
    "challenge_started": lambda data, seat: (
        f"challenge {data.get('challenge')} started: pool {pool_text(data.get('pool'))}"
    ),
    "piece_added": _piece_added,
    "claim": _claim,
    "objection": lambda data, seat: (
        f"objection to claim {data['claim']}: {str(data.get('verdict')).upper()}. {data.get('message') or ''}"
    ),
    "overrule": lambda data, seat: (
        f"the host overrules claim {data['claim']}: it {'stands' if data.get('stands') else 'is struck'}"
    ),
    "done": lambda data, seat: f"{seat(data['seat'])}: Done!",
    "passed": lambda data, seat: f"{seat(data['seat'])} passes",
    "challenge_ended": lambda data, seat: f"challenge {data.get('challenge')} ended ({data.get('reason')})",
    "game_ended": lambda data, seat: "game over",
}


def describe_event(event: dict, names: dict[int, str]) -> str:
    """One readable line for an event: its seq and what happened ("by the host" when the host acted for a seat)."""
    data, kind = event["data"], event["type"]

    def seat(number) -> str:
        return names.get(number) or f"seat {number}"

    line = EVENT_LINES.get(kind)
    what = line(data, seat) if line else f"{kind} {data}"
    if event.get("by") == 0 and "seat" in data and kind not in ("seat_renamed", "seat_released"):
        what += " (by the host)"
    return f"{event['seq']:>4}  {what.strip()}"


def plain_game(game: str) -> str:
    """What a game without variants is called: Wordsmith's standard game, Booksmack's base game."""
    return "standard" if game == "wordsmith" else "base"


def describe_state(state: dict) -> list[str]:
    """The table as lines to read: seats, the challenge, each seat's pool and words, the claims, the scores."""
    lines = [
        f"{state['game']} ({', '.join(state['variants']) or plain_game(state['game'])}), {state['lexicon']} lexicon"
        + (", joining locked" if state["locked"] else "")
        + f"; event {state['seq']}"
    ]
    names = {seat["seat"]: seat["name"] for seat in state["seats"]}
    if state.get("booksmack") is not None:
        return lines + describe_booksmack(state["booksmack"], state["seats"], names)
    game = state.get("wordsmith")
    seats = {entry["seat"]: entry for entry in (game or {}).get("seats", [])}
    if game:
        lines.append(f"Challenge {game['challenge'] or '-'}: {game['phase']}")
    for seat in state["seats"]:
        line = f"  {seat['seat']} {seat['name']}" + ("" if seat["joined"] else " (free)")
        mine = seats.get(seat["seat"])
        if mine:
            words = ", ".join(word["word"] or "?" for word in mine["words"]) or "no words yet"
            line += f": pool {pool_text(mine['pool']) if mine['pool'] else '-'}; {words}"
            line += f"; {mine['discards_used']} discarded" + ("; passed" if mine["passed"] else "")
        lines.append(line)
    if game and game.get("claims"):
        lines.append("Claims:")
        for claim in game["claims"]:
            word = (claim.get("word") or "(hidden)").upper()
            lines.append(f"  {claim['seq']:>4}  {names.get(claim['seat'], claim['seat'])}: {word} {claim['status']}")
    scores = (game or {}).get("scores") or {}
    if scores.get("sheets"):
        lines.append("Scores: " + ", ".join(f"{sheet['player']} {sheet['total']}" for sheet in scores["sheets"]))
    if game and game.get("winners"):
        lines.append("Winners: " + ", ".join(names.get(n, str(n)) for n in game["winners"]))
    return lines


def describe_booksmack(game: dict, seats: list[dict], names: dict[int, str]) -> list[str]:
    """Booksmack's part: the phase, the latest answer, each seat's hand and library, the scores."""
    lines = [f"Round {game['round']}: {game['phase']}" + (f"; seat {game['turn']} to play" if game["turn"] else "")]
    if game.get("latest"):
        lines.append(f"Latest: {game['latest']}")
    mine = {entry["seat"]: entry for entry in game["seats"]}
    for seat in seats:
        line = f"  {seat['seat']} {seat['name']}" + ("" if seat["joined"] else " (free)")
        entry = mine.get(seat["seat"])
        if entry:
            line += f": {entry['hand']} in hand, {entry['cards_won']} won"
        lines.append(line)
    if game.get("scores"):
        totals = ", ".join(f"{names.get(s['seat'], s['seat'])} {s['total']}" for s in game["scores"])
        lines.append(f"Scores: {totals}")
    if game.get("winners"):
        lines.append("Winners: " + ", ".join(names.get(n, str(n)) for n in game["winners"]))
    return lines
