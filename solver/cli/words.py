"""`wordsmith check` and `wordsmith define`."""
from __future__ import annotations

import argparse

from ..lexicon import check
from .common import add_json_option, add_lexicon_option, lexicon_from, print_json


def register(subparsers) -> None:
    parser = subparsers.add_parser("check", help="is each word valid, and if not why not")
    parser.add_argument("words", nargs="+", metavar="WORD")
    add_lexicon_option(parser)
    add_json_option(parser)
    parser.set_defaults(handler=run_check)

    parser = subparsers.add_parser("define", help="print a word's WordNet definitions")
    parser.add_argument("word", metavar="WORD")
    add_lexicon_option(parser)
    parser.set_defaults(handler=run_define)


def run_check(args: argparse.Namespace) -> int:
    lexicon = lexicon_from(args)
    verdicts = [check(word, lexicon) for word in args.words]
    if args.json:
        print_json([v.to_dict() for v in verdicts])
    else:
        for v in verdicts:
            mark = "valid  " if v.valid else "INVALID"
            detail = f" ({v.tier})" if v.valid else f" [{v.reason}]"
            print(f"{mark} {v.normalized.upper() or repr(v.word)}{detail}: {v.message}")
    return 0 if all(v.valid for v in verdicts) else 1


def run_define(args: argparse.Namespace) -> int:
    senses = lexicon_from(args).define(args.word)
    if not senses:
        print(f"No definition of {args.word!r}.")
        return 1
    for number, sense in enumerate(senses, 1):
        print(f"{number}. {sense}")
    return 0
