"""Pieces the subcommands share: lexicon options, JSON printing, and the backend that answers.

A subcommand's handler gets its answer from `backend(args)`: `Local()`, which
works it out here, or a `WordsmithClient` of the service named by `wordsmith
--server URL` (a subcommand that can ask one calls `accepts_server(parser)`
when registering). Both have the same methods and give the same dicts, so a
handler makes one call and prints what either gives.

Both refuse the same way too: a `WordsmithError` carrying what the service's
problem document says (status, title, each bad field's pointer and detail, a
table's `code` and a refused claim's `objections`). `say_refusal` is the one
place a refusal becomes output, whichever backend raised it.
"""

from __future__ import annotations

import argparse
import json
import sys

from client import WordsmithError
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


def command_name(args: argparse.Namespace) -> str:
    """The command as typed, to start its error lines: `wordsmith solve`, `wordsmith table claim`."""
    return " ".join(
        ["wordsmith", args.command] + ([args.table_command] if getattr(args, "table_command", None) else [])
    )


def say_refusal(args: argparse.Namespace, error: WordsmithError) -> int:
    """Print a refusal as one line on stderr; return the exit code: 1 for a refused claim (a "no", as `wordsmith
    judge` says it), else 2."""
    print(f"{command_name(args)}: {refusal_line(error)}", file=sys.stderr)
    return 1 if error.code == "claim_refused" else 2


def refusal_line(error: WordsmithError) -> str:
    """`<status> <title>: ` and what is wrong: each bad field by its pointer (`/pool: ...`), which says more than a
    422's detail (it only counts them); else the detail, with a refused claim's objection codes after it."""
    if error.errors:
        return f"{error.status} {error.title}: " + "; ".join(
            f"{field.get('pointer') or '/'}: {field.get('detail')}" for field in error.errors
        )
    line = f"{error.status} {error.title}: {error.detail}"
    if error.objections:  # the detail says each in words; their codes are what a script matches
        line += " [" + ", ".join(str(objection.get("code")) for objection in error.objections) + "]"
    return line
