"""`wordsmith check` and `wordsmith define`."""

from __future__ import annotations

import argparse

from solver.limits import WORDS_PER_CHECK

from .common import add_command, backend, print_json

# Words per request: a service takes at most MAX_WORDS_PER_CHECK at once, WORDS_PER_CHECK by default.
BATCH = WORDS_PER_CHECK


def register(subparsers) -> None:
    parser = add_command(subparsers, "check", "is each word valid, and if not why not", run_check)
    parser.add_argument("words", nargs="+", metavar="WORD")

    parser = add_command(subparsers, "define", "print a word's WordNet definitions", run_define, json=False)
    parser.add_argument("word", metavar="WORD")


def run_check(args: argparse.Namespace) -> int:
    judge = backend(args)
    verdicts = []
    for start in range(0, len(args.words), BATCH):
        verdicts += judge.check(args.words[start : start + BATCH], args.lexicon)["verdicts"]
    if args.json:
        print_json(verdicts)
    else:
        for v in verdicts:
            mark = "valid  " if v["valid"] else "INVALID"
            detail = f" ({v['tier']})" if v["valid"] else f" [{v['reason']}]"
            print(f"{mark} {v['normalized'].upper() or repr(v['word'])}{detail}: {v['message']}")
    return 0 if all(v["valid"] for v in verdicts) else 1


def run_define(args: argparse.Namespace) -> int:
    senses = backend(args).word(args.word, args.lexicon)["definition"]
    if not senses:
        print(f"No definition of {args.word!r}.")
        return 1
    for number, sense in enumerate(senses, 1):
        print(f"{number}. {sense}")
    return 0
