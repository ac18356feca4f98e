"""`wordsmith table ...`: play at a live table from the command line (docs/cli.md, "Live tables").

    wordsmith table create --seat Ann --seat Bob      the code, the join link, the host's token
    wordsmith table join CODE SEAT                    the seat's token (alone on stdout)
    wordsmith table show CODE                         seats, pools, claims, scores
    wordsmith table start CODE [--pool POOL]          (host) start a challenge
    wordsmith table add CODE [PIECE]                  add a piece to the seat's pool
    wordsmith table claim CODE WORD                   claim a word; refused: the objections, exit 1
    wordsmith table object CODE CLAIM                 object to a claim (the seq of its event): the table votes
    wordsmith table vote CODE CLAIM --keep            vote on a word objected to (or --strike)
    wordsmith table ask CODE CLAIM                    put a word only the dictionary refused to the table's vote
    wordsmith table count CODE CLAIM                  count a vote whose window has closed
    wordsmith table wild CODE PIECE                   a star kept wild becomes PIECE (R, Y, B or G)
    wordsmith table settle CODE CLAIM --strike        (host) the casting vote on a tie (or --keep)
    wordsmith table pass CODE / end-challenge CODE / end-game CODE
    wordsmith table overrule CODE CLAIM --stands      (host) overrule the verdict (or --struck)
    wordsmith table roll-word CODE [FACE FACE FACE]   Word by Word: the shared roll for the next word
    wordsmith table set-pool CODE SEAT POOL           (host) correct a seat's pool
    wordsmith table round CODE CARD...                Booksmack: a round's cards, seat 1 first
    wordsmith table take CODE SEAT...                 Booksmack: who takes the open round's cards
    wordsmith table turn CODE CARD                    Booksmack turn-based: the card played
    wordsmith table steal CODE SEAT hand|table        Booksmack turn-based: whom the card that steals robs
    wordsmith table release CODE SEAT                 (host) give a seat to a new phone
    wordsmith table remove CODE SEAT                  (host) the seat's player left: nothing waits for it
    wordsmith table hand-host CODE SEAT               (host) the host role goes to that seat's phone
    wordsmith table undo CODE                         (host) take back the table's last action
    wordsmith table rename CODE SEAT NAME             (host) rename a seat
    wordsmith table lock CODE / unlock CODE           (host) lock joining, or open it again
    wordsmith table delete CODE                       (host) delete the table and its record
    wordsmith table qr CODE                           the join link's QR code, as SVG
    wordsmith table record CODE                       the event log, as JSON, replayable
    wordsmith table follow CODE                       the events as they happen (Ctrl-C ends it)

Each command makes one call on its backend (common.backend): `Local`, on the
store `wordsmith serve` uses, or with `--server URL` the service. Tokens come
from `--token` or WORDSMITH_TOKEN, so they stay out of the shell's history. A
refusal (409 at this table, 401/403 not this token's to do, 404 no such table,
422 a bad field) is the client's `WordsmithError` from either backend, said as
every command's is (common.say_refusal): one line on stderr, exit 2; a refused
claim is a "no", exit 1, as `wordsmith judge`'s.
"""

from __future__ import annotations

import argparse
import os

from solver.sentences import say

from .common import add_command, add_json_option, add_lexicon_option, backend, print_json
from .table_lines import cards_text, describe_event, pool_text

TOKEN_VARIABLE = "WORDSMITH_TOKEN"
# Word by Word's three dice as they can fall (the API's `faces`; a star is a wild's circle).
WORD_FACES = ("red", "yellow", "blue_star", "green_star")
# Where Booksmack's stealing card steals from: a blind card from the hand, or the latest card on the table.
STEAL_SOURCES = ("hand", "table")


# The help of a --token that shows what a seat may see, and of the --round or --turn a phone enters.
SEAT_OR_HOST = "a seat's or the host's token"
SEES = "what that seat may see (else the table view)"
ENTERED = "refused once another phone entered it"


def register(subparsers) -> None:
    group = subparsers.add_parser(
        "table",
        help="play at a live table: create, join, claim, follow",
        description="Play at a live table. Without --server, tables live in the store `wordsmith serve` uses "
        f"(WORDSMITH_DATABASE_URL, else SQLite in the app's instance folder). Tokens: --token, or ${TOKEN_VARIABLE} "
        "so they stay out of the shell's history.",
    )
    commands = group.add_subparsers(dest="table_command", required=True, metavar="TABLE_COMMAND")

    parser = add(
        commands, "create", "create a table: its join code, join link and the host's token", run_create, code=False
    )
    parser.add_argument("--game", choices=("wordsmith", "booksmack"), default="wordsmith")
    parser.add_argument(
        "--seat",
        action="append",
        required=True,
        metavar="NAME",
        help=f"a player's name, in seat order ({say('describe.players')})",
    )
    add_lexicon_option(parser)
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME", help="a variant (advanced, secret, ...); repeatable"
    )

    parser = add(commands, "join", "take a seat: prints its token (and nothing else)", run_join, token=False)
    add_seat_argument(parser)
    parser.add_argument(
        "--token",
        default=None,
        help=f"the host's token: seats a phone past a lock, or on a taken seat (not read from ${TOKEN_VARIABLE}, "
        "so a host's shell cannot take a seat by accident)",
    )

    parser = add(commands, "show", "the table's state: seats, pools, claims, scores", run_show, token=False)
    add_token_option(parser, f"{SEAT_OR_HOST}: {SEES}")

    parser = add(commands, "start", "start a challenge (host): the real dice's pool, or rolled", run_start)
    parser.add_argument("--pool", metavar="POOL", help="the starting pool as the dice gave it ('R3 Y2 B1 G2')")
    parser.add_argument("--required", metavar="LETTERS", help=f"Advanced: {say('describe.required_letters')}")

    parser = add(commands, "add", "add a piece to a pool: the real die's, or rolled", run_add)
    parser.add_argument("piece", nargs="?", choices=("R", "Y", "B", "G", "W"), help="the die's piece (W: a star)")
    parser.add_argument("--wild-as", choices=("R", "Y", "B", "G"), help="the piece a wild is taken as")
    add_seat_option(parser)

    parser = add(commands, "claim", "claim a word: judged at once; exit 1 when refused", run_claim)
    parser.add_argument("word", metavar="WORD")
    parser.add_argument("--row", type=int, metavar="N", help="Advanced: the sheet's row (its required letter)")
    add_seat_option(parser)

    parser = add(commands, "object", "object to a claim: the word goes to the table's vote", run_object)
    add_claim_argument(parser)
    add_seat_option(parser)

    parser = add(commands, "vote", "vote keep or strike on a word objected to (the other seats)", run_vote)
    add_claim_argument(parser)
    choice = parser.add_mutually_exclusive_group(required=True)
    choice.add_argument("--keep", action="store_true", help="keep the word")
    choice.add_argument("--strike", action="store_true", help="strike the word out")
    add_seat_option(parser)

    parser = add(commands, "ask", "put a word only the dictionary refused to the table's vote (a house word)", run_ask)
    add_claim_argument(parser, "the refused claim")
    add_seat_option(parser)

    parser = add(commands, "count", "count the votes on a claim or a word asked once the window has closed", run_count)
    add_claim_argument(parser)

    parser = add(commands, "wild", "a star kept wild in the pool becomes a piece", run_wild)
    parser.add_argument("piece", choices=("R", "Y", "B", "G"), help=say("describe.wild_as"))
    add_seat_option(parser)

    parser = add(commands, "settle", "the host's casting vote on a tied vote", run_settle)
    add_claim_argument(parser)
    choice = parser.add_mutually_exclusive_group(required=True)
    choice.add_argument("--keep", action="store_true", help="overrule the objection: the word stands")
    choice.add_argument("--strike", action="store_true", help="uphold the objection: the word is struck out")

    parser = add(commands, "pass", "pass: no more words this challenge", run_pass)
    add_seat_option(parser)

    parser = add(commands, "end-challenge", "end the challenge (host): score sheets filled in", run_end_challenge)

    parser = add(commands, "overrule", "overrule the verdict on a claim (host): the record keeps both", run_overrule)
    add_claim_argument(parser)
    verdict = parser.add_mutually_exclusive_group(required=True)
    verdict.add_argument("--stands", action="store_true", help=say("describe.stands"))
    verdict.add_argument("--struck", action="store_true", help="the claim is struck")

    parser = add(
        commands,
        "roll-word",
        "Word by Word: the shared roll for the next word, the real dice's or rolled",
        run_roll_word,
    )
    parser.add_argument(
        "faces",
        nargs="*",
        choices=WORD_FACES,
        metavar="FACE",
        help=f"the three dice as they fell ({', '.join(WORD_FACES)})",
    )

    parser = add(commands, "set-pool", "correct a seat's pool to what is in front of the player (host)", run_set_pool)
    add_seat_argument(parser)
    parser.add_argument("pool", metavar="POOL", help="the pool ('R3 Y2 B1 G2')")

    parser = add(commands, "end-game", "end the game (host): the final scores and the winners", run_end_game)
    parser.add_argument(
        "--hand",
        action="append",
        metavar="CARDS",
        help="Booksmack turn-based: the cards left in a hand, comma-separated ('' for none); one per seat, in order",
    )

    # Booksmack
    parser = add(commands, "round", "Booksmack: a round's revealed cards, seat 1 first: the judge's answer", run_round)
    parser.add_argument("cards", nargs="+", metavar="CARD", help=f"{say('describe.cards_by_seat')} (quote ? * # ~ ! &)")
    parser.add_argument(
        "--taker", action="append", metavar="SEAT", help="a seat that takes the cards, when already known; repeatable"
    )
    add_number_option(parser, "round", f"the round these cards are: {ENTERED}")

    parser = add(commands, "take", "Booksmack: who tapped first, and so takes the open round's cards", run_take)
    parser.add_argument("takers", nargs="+", metavar="SEAT", help="the seats that take the cards (number or name)")
    add_number_option(parser, "round", "the round they take: refused once another phone named its takers")

    parser = add(commands, "turn", "Booksmack turn-based: the card played, and the draw, steal or win", run_turn)
    parser.add_argument("card", metavar="CARD")
    add_seat_option(parser)
    parser.add_argument("--steal", metavar="SEAT", help=f"{say('describe.steal')}: the seat it steals from")
    parser.add_argument(
        "--steal-from", choices=STEAL_SOURCES, help="with --steal: a blind card from the hand, or their latest card"
    )
    add_number_option(parser, "turn", f"the turn this card is: {ENTERED}")

    parser = add(commands, "steal", "Booksmack turn-based: whom the card that steals robs, and from where", run_steal)
    add_seat_argument(parser, "the seat robbed")
    parser.add_argument("source", choices=STEAL_SOURCES, help="hand: a blind card; table: their latest card")
    add_number_option(parser, "turn", f"the turn whose card steals: {ENTERED}")

    # The table itself (host)
    parser = add(commands, "release", "give a seat to a new phone (host): its token stops working", run_release)
    add_seat_argument(parser)

    parser = add(commands, "remove", "remove a seat whose player left (host): nothing waits for it", run_remove)
    add_seat_argument(parser)

    parser = add(commands, "hand-host", "hand the host role to a seat's phone (host): your token stops", run_hand)
    add_seat_argument(parser)

    add(commands, "undo", "take back the table's last action (host): docs/rules/tables.md", run_undo)

    parser = add(commands, "rename", "rename a seat (host)", run_rename)
    add_seat_argument(parser)
    parser.add_argument("name", metavar="NAME", help="the player's new name")

    parser = add(commands, "lock", "lock joining (host): only the host's token seats a phone", run_lock)
    parser = add(commands, "unlock", "open joining again (host)", run_lock)

    parser = add(commands, "delete", "delete the table and its record (host)", run_delete)

    parser = add(commands, "qr", "the join link's QR code, as SVG (`> join.svg`)", run_qr, json=False, token=False)

    parser = add(commands, "record", "the table's event log, as JSON (replayable)", run_record, json=False, token=False)
    add_token_option(parser, f"{SEAT_OR_HOST} (Secret Wordsmith hides others' claims until the end)")

    parser = add(
        commands, "follow", "print the table's events as they happen (Ctrl-C ends it)", run_follow, token=False
    )
    parser.add_argument("--after", type=int, default=0, metavar="SEQ", help="only the events after this one")
    parser.add_argument("--count", type=int, metavar="N", help="end after N events")
    add_token_option(parser, f"{SEAT_OR_HOST}: {SEES}")


def add(
    commands, name: str, help: str, handler, *, code: bool = True, json: bool = True, token: bool = True
) -> argparse.ArgumentParser:
    """A table command: the table's CODE first (but for `create`), --json, --token, as asked."""
    parser = add_command(commands, name, help, handler, lexicon=False, json=False)
    if code:
        parser.add_argument("code", metavar="CODE", help=say("describe.code"))
    if json:
        add_json_option(parser)
    if token:
        add_token_option(parser)
    return parser


def add_token_option(parser: argparse.ArgumentParser, what: str = "the seat's or the host's token") -> None:
    parser.add_argument(
        "--token", default=None, help=f"{what}; default ${TOKEN_VARIABLE} (keeps it out of the shell's history)"
    )


def add_seat_argument(parser: argparse.ArgumentParser, what: str = "the seat") -> None:
    parser.add_argument("seat", metavar="SEAT", help=f"{what}: its number (from 1) or its player's name")


def add_claim_argument(parser: argparse.ArgumentParser, what: str = "the claim") -> None:
    parser.add_argument("claim", type=int, metavar="CLAIM", help=f"{what}'s number (the seq `show` prints)")


def add_seat_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", type=int, metavar="N", help="the host, acting for seat N")


def add_number_option(parser: argparse.ArgumentParser, name: str, what: str) -> None:
    """`--round N` or `--turn N`: what the command enters is that round or turn, so two phones typing one enter it
    once (docs/rules/booksmack.md, ruling 16); left out, it is the next."""
    parser.add_argument(f"--{name}", type=int, metavar="N", help=what)


def token_from(args: argparse.Namespace, required: bool = True) -> str | None:
    token = args.token or os.environ.get(TOKEN_VARIABLE) or None
    if required and token is None:
        raise ValueError(f"token: give --token, or set {TOKEN_VARIABLE} (the host's, or your seat's from `join`)")
    return token


# --- the commands --------------------------------------------------------------------------


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


def run_join(args: argparse.Namespace) -> int:
    joined = backend(args).join_table(args.code, seat_number(args, args.seat), token=args.token)
    if args.json:
        print_json(joined)
    else:
        print(joined["token"])  # alone, so `export WORDSMITH_TOKEN=$(wordsmith table join CODE 1)` works
    return 0


def run_show(args: argparse.Namespace) -> int:
    state = backend(args).table(args.code, token=token_from(args, required=False))
    if args.json:
        print_json(state)
    else:
        print("\n".join(describe_state(state)))
    return 0


def acts(call):
    """A command that does one action: `call(judge, args, token)` asks the backend, and the events it wrote
    are printed (`print_acted`). The token is --token's or WORDSMITH_TOKEN's."""

    def handler(args: argparse.Namespace) -> int:
        return print_acted(args, call(backend(args), args, token_from(args)))

    return handler


@acts
def run_start(judge, args, token) -> dict:
    return judge.start_challenge(args.code, token, pool=args.pool, required_letters=args.required)


@acts
def run_add(judge, args, token) -> dict:
    return judge.add_piece(args.code, token, piece=args.piece, wild_as=args.wild_as, seat=args.seat)


@acts
def run_claim(judge, args, token) -> dict:
    return judge.claim(args.code, args.word, token, row=args.row, seat=args.seat)


@acts
def run_object(judge, args, token) -> dict:
    return judge.object_to(args.code, args.claim, token, seat=args.seat)


@acts
def run_vote(judge, args, token) -> dict:
    return judge.vote(args.code, args.claim, args.strike, token, seat=args.seat)


@acts
def run_ask(judge, args, token) -> dict:
    return judge.ask_table(args.code, args.claim, token, seat=args.seat)


@acts
def run_count(judge, args, token) -> dict:
    return judge.count_votes(args.code, args.claim, token)


@acts
def run_wild(judge, args, token) -> dict:
    return judge.choose_wild(args.code, args.piece, token, seat=args.seat)


@acts
def run_settle(judge, args, token) -> dict:
    return judge.settle_vote(args.code, args.claim, args.strike, token)


@acts
def run_overrule(judge, args, token) -> dict:
    return judge.overrule(args.code, args.claim, args.stands, token)


@acts
def run_pass(judge, args, token) -> dict:
    return judge.pass_challenge(args.code, token, seat=args.seat)


@acts
def run_roll_word(judge, args, token) -> dict:
    if args.faces and len(args.faces) != 3:
        raise ValueError(f"faces: the three dice as they fell, or none to roll them (got {len(args.faces)})")
    return judge.roll_word(args.code, token, faces=args.faces or None)


@acts
def run_end_challenge(judge, args, token) -> dict:
    return judge.end_challenge(args.code, token)


@acts
def run_end_game(judge, args, token) -> dict:
    hands = None if args.hand is None else [[card for card in hand.split(",") if card] for hand in args.hand]
    return judge.end_game(args.code, token, hands=hands)


@acts
def run_round(judge, args, token) -> dict:
    takers = None if args.taker is None else [seat_number(args, seat) for seat in args.taker]
    return judge.play_round(args.code, args.cards, token, takers=takers, round=args.round)


@acts
def run_take(judge, args, token) -> dict:
    return judge.take_round(args.code, [seat_number(args, seat) for seat in args.takers], token, round=args.round)


@acts
def run_turn(judge, args, token) -> dict:
    if (args.steal is None) != (args.steal_from is None):
        raise ValueError("steal: give both --steal SEAT and --steal-from hand|table, or neither")
    steal = None if args.steal is None else {"seat": seat_number(args, args.steal), "from": args.steal_from}
    return judge.play_turn(args.code, args.card, token, seat=args.seat, steal=steal, turn=args.turn)


@acts
def run_steal(judge, args, token) -> dict:
    return judge.steal(args.code, seat_number(args, args.seat), args.source, token, turn=args.turn)


@acts
def run_set_pool(judge, args, token) -> dict:
    return judge.set_pool(args.code, seat_number(args, args.seat), args.pool, token)


@acts
def run_release(judge, args, token) -> dict:
    return judge.release_seat(args.code, seat_number(args, args.seat), token)


@acts
def run_remove(judge, args, token) -> dict:
    return judge.remove_seat(args.code, seat_number(args, args.seat), token)


@acts
def run_hand(judge, args, token) -> dict:
    return judge.hand_host(args.code, seat_number(args, args.seat), token)


@acts
def run_undo(judge, args, token) -> dict:
    return judge.undo(args.code, token)


@acts
def run_rename(judge, args, token) -> dict:
    return judge.rename_seat(args.code, seat_number(args, args.seat), args.name, token)


@acts
def run_lock(judge, args, token) -> dict:
    return judge.lock_table(args.code, token, locked=args.table_command == "lock")


def run_delete(args: argparse.Namespace) -> int:
    deleted = backend(args).delete_table(args.code, token_from(args))
    if args.json:
        print_json(deleted)
    else:
        print(f"Table {deleted['deleted']} deleted, with its record.")
    return 0


def run_qr(args: argparse.Namespace) -> int:
    print(backend(args).table_qr(args.code))
    return 0


def run_record(args: argparse.Namespace) -> int:
    print_json(backend(args).table_record(args.code, token=token_from(args, required=False)))
    return 0


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
    if answer.get("state"):
        seats = answer["state"]["seats"]
    elif any("seat" in event.get("data", {}) for event in answer["events"]):
        # A claim is answered without the state (the API's hot path); a line names its player as every other does.
        try:
            seats = backend(args).table(args.code, token=token_from(args, required=False))["seats"]
        except Exception:  # the action is done: a line without names is better than an error for it
            seats = []
    else:
        seats = []
    if answer.get("repeated"):
        print("(already done: this request had been applied)")
    elif not answer["events"]:
        print("(nothing to do: the table is as it was)")
    print_events(answer["events"], seats)
    return 0


def print_events(events: list[dict], seats: list[dict]) -> None:
    names = {seat["seat"]: seat["name"] for seat in seats}
    for event in events:
        print(describe_event(event, names))


def json_line(event: dict) -> str:
    import json

    return json.dumps(event, ensure_ascii=False)


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
            if entry.get("table"):  # turn-based: the seat's pile, its latest card last
                line += f", on the table {cards_text(entry['table'])}"
        lines.append(line)
    if game.get("scores"):
        totals = ", ".join(f"{names.get(s['seat'], s['seat'])} {s['total']}" for s in game["scores"])
        lines.append(f"Scores: {totals}")
    if game.get("winners"):
        lines.append("Winners: " + ", ".join(names.get(n, str(n)) for n in game["winners"]))
    return lines
