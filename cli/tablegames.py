"""`wordsmith booksmack`, `booksmack-score`, `colorsmash` and `colorsmash-replay`.

Each command asks its backend (see `common.backend`) once and prints the
dict it answers, so asking a service (`wordsmith --server URL ...`) prints
what working it out here prints.
"""

from __future__ import annotations

import argparse
import json
import sys

from solver import booksmack, colorsmash
from solver.sentences import say
from solver.text import and_list, or_list

from .common import add_command, backend, print_json


def register(subparsers) -> None:
    parser = add_command(
        subparsers, "booksmack", "judge a Booksmack round: which card wins, or which word is spelled", run_booksmack
    )
    parser.add_argument(
        "cards",
        nargs="+",
        metavar="CARD",
        help="the cards in seating order, clockwise (quote ? * # ~ ! &; the Space card is space)",
    )
    parser.add_argument(
        "--turn-based", action="store_true", help="turn-based variant: judge the card just played (needs --played)"
    )
    parser.add_argument("--played", type=int, metavar="SEAT", help=f"turn-based: {say('describe.played')} (1-based)")

    parser = add_command(
        subparsers,
        "booksmack-score",
        "score a Booksmack collection (library plus hand)",
        run_booksmack_score,
        lexicon=False,
    )
    parser.add_argument("cards", nargs="+", metavar="CARD")
    parser.add_argument(
        "--variant", choices=booksmack.VARIANTS, default="base", help="scoring rules (default: %(default)s)"
    )

    parser = add_command(
        subparsers, "colorsmash", "should a Color Smash card be slapped", run_colorsmash, lexicon=False
    )
    parser.add_argument("splat", metavar="SPLAT", help="the splat colour, or 'steal' for a Steal card")
    parser.add_argument("word", nargs="?", metavar="WORD", help="the colour word printed on the card, if any")
    add_colours_option(parser)

    parser = add_command(
        subparsers,
        "colorsmash-replay",
        "replay a Color Smash game from a JSON file of events",
        run_colorsmash_replay,
        lexicon=False,
    )
    parser.add_argument(
        "file", metavar="FILE", help='JSON {"mode": ..., "players": [...], "events": [...]}, or - for stdin'
    )
    add_colours_option(parser)


def add_colours_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--colours",
        metavar="LIST",
        help="comma-separated colour set (default: %s)" % ",".join(colorsmash.DEFAULT_COLOURS),
    )


def colours_from(args: argparse.Namespace) -> list[str] | None:
    """Return the --colours given, or None: the game's own set."""
    return [c.strip() for c in args.colours.split(",")] if args.colours else None


def _seats(positions: list[int], cards: list[dict]) -> str:
    return ", ".join(f"seat {p} ({booksmack.shown_card(cards[p - 1]['text'])})" for p in positions) or "none"


def run_booksmack(args: argparse.Namespace) -> int:
    if args.turn_based or args.played is not None:
        if args.played is None:
            raise ValueError(f"played: the turn-based judge needs --played SEAT, {say('describe.played')}")
        state = backend(args).booksmack_turn(args.cards, args.played, lexicon=args.lexicon)
        print_json(state) if args.json else print(f"{state['action'].upper()}: {state['explanation']}")
        return 0
    result = backend(args).booksmack(args.cards, lexicon=args.lexicon)
    if args.json:
        print_json(result)
    elif result["action"] == "say_word":
        print(f"Say the word: {result['spells'].upper()}. {result['explanation']}")
    elif result["action"] == "tap":
        print(f"Tap {_seats(result['winners'], result['cards'])}. {result['explanation']}")
    else:
        print(result["explanation"])
    return 0 if result["action"] != "none" else 1


def run_booksmack_score(args: argparse.Namespace) -> int:
    result = backend(args).booksmack_score(args.cards, variant=args.variant)
    if args.json:
        print_json(result)
        return 0
    for line in result["breakdown"]:
        print(f"{line['points']:+3d}  {booksmack.shown_card(line['card'])}: {line['why']}")
    print(f"Total: {result['total']}")
    return 0


def run_colorsmash(args: argparse.Namespace) -> int:
    card = (
        "steal"
        if args.splat.strip().lower() == "steal" and args.word is None
        else {"splat": args.splat, "word": args.word}
    )
    result = backend(args).colorsmash(card, colours=colours_from(args))
    print_json(result) if args.json else print(result["outcome"])
    return 0 if result["slap"] else 1


def run_colorsmash_replay(args: argparse.Namespace) -> int:
    with sys.stdin if args.file == "-" else open(args.file, encoding="utf-8") as source:
        try:
            game = json.load(source)
        except json.JSONDecodeError as error:
            raise ValueError(f"{args.file} is not JSON: {error}") from None
    if not isinstance(game, dict):
        raise ValueError('the file holds one JSON object: {"mode": ..., "players": [...], "events": [...]}')
    mode, players, events = game.get("mode", "standard"), game.get("players", []), game.get("events", [])
    result = backend(args).colorsmash_replay(mode, players, events, colours=colours_from(args))
    if args.json:
        print_json(result)
        return 0
    for line in result["log"]:
        print(line)
    for player in result["players"]:
        status = " (out)" if player["out"] else ""
        print(
            f"{player['name']}: {player['hand_count']} in hand, {player['side_count']} collected, {player['total']} in all{status}"
        )
    print(f"Pile: {result['pile_count']} card{'' if result['pile_count'] == 1 else 's'}.")
    names = [player["name"] for player in result["players"]]
    if not result["log"]:  # the deal is the first event: no log, no deal
        deal = say("colorsmash.deal_first", players=and_list(names))
        print(f"{say('colorsmash.no_deal')}: {deal[:1].lower()}{deal[1:]}.")
    elif result["finished"]:
        winners = result["winners"]
        print(f"Winner{'s' if len(winners) > 1 else ''}: {and_list(winners)}.")
    else:
        turn = result["next_player"] or f"{or_list(names)} (whoever wears the most colours)"
        print(f"The game is on; leading: {and_list(result['leaders'])}; next to flip: {turn}.")
    return 0
