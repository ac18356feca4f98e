"""`wordsmith check` and `wordsmith define`."""
from __future__ import annotations

import argparse

from solver.lexicon import Verdict, check

from .common import add_command, lexicon_from, print_json, server_client

REMOTE_BATCH = 50  # words per request to a server: its MAX_WORDS_PER_CHECK default


def register(subparsers) -> None:
    parser = add_command(subparsers, "check", "is each word valid, and if not why not", run_check)
    parser.add_argument("words", nargs="+", metavar="WORD")

    parser = add_command(subparsers, "define", "print a word's WordNet definitions", run_define, json=False)
    parser.add_argument("word", metavar="WORD")


def run_check(args: argparse.Namespace) -> int:
    client = server_client(args)
    if client is None:
        lexicon = lexicon_from(args)
        verdicts = [check(word, lexicon) for word in args.words]
    else:
        verdicts = remote_verdicts(client, args.words, args.lexicon)
    if args.json:
        print_json([v.to_dict() for v in verdicts])
    else:
        for v in verdicts:
            mark = "valid  " if v.valid else "INVALID"
            detail = f" ({v.tier})" if v.valid else f" [{v.reason}]"
            print(f"{mark} {v.normalized.upper() or repr(v.word)}{detail}: {v.message}")
    return 0 if all(v.valid for v in verdicts) else 1


def remote_verdicts(client, words: list[str], lexicon: str) -> list[Verdict]:
    """Ask the server for the verdicts, in batches it accepts."""
    known = set(Verdict._fields)  # a server may add fields; print what the local path prints
    verdicts = []
    for start in range(0, len(words), REMOTE_BATCH):
        answer = client.check(words[start : start + REMOTE_BATCH], lexicon)
        verdicts += [Verdict(**{k: v for k, v in data.items() if k in known}) for data in answer["verdicts"]]
    return verdicts


def run_define(args: argparse.Namespace) -> int:
    client = server_client(args)
    if client is None:
        senses = lexicon_from(args).define(args.word)
    else:
        senses = client.word(args.word, args.lexicon)["definition"]
    if not senses:
        print(f"No definition of {args.word!r}.")
        return 1
    for number, sense in enumerate(senses, 1):
        print(f"{number}. {sense}")
    return 0
