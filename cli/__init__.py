"""The `wordsmith` command line: one subcommand per thing the library can do.

Each module here registers its subcommands with `register(subparsers)`; a
subcommand's handler takes the parsed arguments, asks one backend for the
answer (`local.Local`, or with `--server URL` a `client.WordsmithClient`:
same methods, same dicts) and returns the exit code: 0 when every answer is
a yes (valid words, a valid claim), 1 when any is a no, 2 on a usage error
(argparse's own convention) or a refusal. A refusal reads the same whichever
backend refused: one line on stderr (`common.say_refusal`).
"""

from __future__ import annotations

import argparse
import sys

from client import WordsmithError

from . import serve, table, tablegames, words, wordsmith
from .common import command_name, say_refusal

COMMAND_MODULES = [words, wordsmith, tablegames, table, serve]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wordsmith", description="Solve, validate and judge table word games.")
    parser.add_argument(
        "--server", metavar="URL", help="ask a running wordsmith service instead of loading the lexicons here"
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.server and not getattr(args, "accepts_server", False):
        print(f"wordsmith {args.command}: cannot ask a server yet; run it without --server", file=sys.stderr)
        return 2
    try:
        return args.handler(args)
    except WordsmithError as error:  # refused, by the service or by Local as the service would
        return say_refusal(args, error)
    except (ValueError, LookupError, OSError) as error:  # a usage error; OSError: a file, or --server unreachable
        print(f"{command_name(args)}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
