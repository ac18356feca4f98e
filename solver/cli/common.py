"""Pieces the subcommands share: lexicon options and JSON printing."""
from __future__ import annotations

import argparse
import json

from ..lexicon import DEFAULT_SIZE, SIZES, Lexicon, load_lexicons


def add_lexicon_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lexicon", choices=SIZES, default=DEFAULT_SIZE, help="dictionary size (default: %(default)s)")


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def lexicon_from(args: argparse.Namespace) -> Lexicon:
    return load_lexicons()[args.lexicon]


def print_json(value) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False))
