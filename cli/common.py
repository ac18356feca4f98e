"""Pieces the subcommands share: lexicon options, JSON printing, asking a server.

A subcommand that can answer through a running service (`wordsmith --server
URL ...`) calls `accepts_server(parser)` when registering, and in its handler
takes `client = server_client(args)`: None means answer here, else call the
client method mirroring its endpoint and print exactly what the local path prints.
"""
from __future__ import annotations

import argparse
import json

from solver.lexicon import DEFAULT_SIZE, SIZES, Lexicon, load_lexicons


def add_command(subparsers, name: str, help: str, handler, *, lexicon: bool = True, json: bool = True,
                server: bool = True) -> argparse.ArgumentParser:
    """Register a subcommand with the options most share: --lexicon, --json, and --server support."""
    parser = subparsers.add_parser(name, help=help)
    if lexicon:
        add_lexicon_option(parser)
    if json:
        add_json_option(parser)
    if server:
        accepts_server(parser)
    parser.set_defaults(handler=handler)
    return parser


def add_lexicon_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lexicon", choices=SIZES, default=DEFAULT_SIZE, help="dictionary size (default: %(default)s)")


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def lexicon_from(args: argparse.Namespace) -> Lexicon:
    return load_lexicons()[args.lexicon]


def print_json(value) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False))


def accepts_server(parser: argparse.ArgumentParser) -> None:
    """Mark a subcommand as able to ask a running service instead of loading the lexicons."""
    parser.set_defaults(accepts_server=True)


def server_client(args: argparse.Namespace):
    """Return a client of the service named by `--server`, or None to answer here."""
    if not getattr(args, "server", None):
        return None
    from client import WordsmithClient  # only --server pulls in requests

    return WordsmithClient(args.server)
