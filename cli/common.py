"""Pieces the subcommands share: lexicon options, JSON printing, and the backend that answers.

A subcommand's handler gets its answer from `backend(args)`: `Local()`, which
works it out here, or a `WordsmithClient` of the service named by `wordsmith
--server URL` (a subcommand that can ask one calls `accepts_server(parser)`
when registering). Both have the same methods and give the same dicts, so a
handler makes one call and prints what either gives.
"""

from __future__ import annotations

import argparse
import json

from solver.lexicon import DEFAULT_SIZE, SIZES

from .local import Local


def add_command(
    subparsers, name: str, help: str, handler, *, lexicon: bool = True, json: bool = True, server: bool = True
) -> argparse.ArgumentParser:
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


def print_json(value) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False))


def accepts_server(parser: argparse.ArgumentParser) -> None:
    """Mark a subcommand as able to ask a running service instead of loading the lexicons."""
    parser.set_defaults(accepts_server=True)


def backend(args: argparse.Namespace):
    """Return what answers: a client of the service named by `--server`, else `Local()`."""
    if not getattr(args, "server", None):
        return Local()
    from client import WordsmithClient  # only --server pulls in requests

    return WordsmithClient(args.server)
