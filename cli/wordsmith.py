"""`wordsmith solve`, `hint`, `judge`, `score`, `roll` and `rack`: the Wordsmith table on the command line.

Each command asks its backend (see `common.backend`) once and prints the
dict it answers, so asking a service (`wordsmith --server URL ...`) prints
what working it out here prints. `roll` needs no lexicon.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import groupby
from operator import itemgetter

from solver.lexicon import is_obscure
from solver.pieces import Pool
from solver.search import MAX_LIMIT, SORTS
from solver.sentences import say

from .common import add_command, backend, print_json

# A pool as the commands read it: counts or the letters themselves.
POOL_HELP = "the pool, like 'R3 Y2 B1 G2 W1' or rrryybgg"
# What `score` reads: the sheets and their variant, or the sheets alone.
SHEETS_JSON = '{"variant": ..., "sheets": [...]} or a list of sheets'


def register(subparsers) -> None:
    parser = add_command(subparsers, "solve", "list the words a pool of letter pieces builds, longest first", run_solve)
    parser.add_argument("pool", nargs="+", metavar="POOL", help=POOL_HELP)
    add_query_options(parser)
    add_page_options(parser, limit=100)
    add_sort_option(parser)

    parser = add_command(
        subparsers, "hint", "the best claims by net points, and what one more piece or a die roll opens", run_hint
    )
    parser.add_argument("pool", nargs="+", metavar="POOL", help=POOL_HELP)
    add_query_options(parser)
    add_box_options(parser)
    parser.add_argument("--after-done", action="store_true", help=say("describe.after_done"))
    parser.add_argument("--no-rolling", action="store_true", help=say("describe.no_rolling"))
    parser.add_argument("--limit", type=int, default=10, help=f"{say('describe.hint_limit')} (default: %(default)s)")
    add_sort_option(parser)

    parser = add_command(
        subparsers, "judge", "judge a claimed word: exit 0 when it stands, 1 on any objection", run_judge
    )
    parser.add_argument("word", metavar="WORD")
    parser.add_argument("--pool", required=True, help="the claiming player's pool, like 'R3 Y2 B1 G2'")
    parser.add_argument("--previous", default="", metavar="WORD", help=say("describe.previous"))
    parser.add_argument(
        "--claimed", default="", metavar="W,W", help="words already claimed this challenge, comma-separated"
    )
    parser.add_argument("--required", default="", metavar="LETTER", help="the row's required letter (Advanced Game)")
    add_box_options(parser)
    parser.add_argument(
        "--words-written", type=int, default=0, metavar="N", help="words already on the sheet this challenge"
    )
    parser.add_argument("--after-done", action="store_true", help="someone shouted Done!: this is the one more word")

    parser = add_command(
        subparsers, "score", "score Wordsmith sheets from a JSON file and name the winner(s)", run_score
    )
    parser.add_argument("file", metavar="SHEET.json", help=f"JSON {SHEETS_JSON}; - for stdin")
    parser.add_argument(
        "--variant", help="standard, secret, advanced or word_by_word (combine with +); overrides the file's"
    )

    parser = add_command(
        subparsers,
        "roll",
        f"roll the starting pool: all four dice, twice ({say('describe.star_start')})",
        run_roll,
        lexicon=False,
    )
    parser.add_argument("--seed", type=int, help=say("describe.seed"))
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument(
        "--add", action="store_true", help=f"roll one die for a piece to add instead ({say('describe.star_add')})"
    )
    kind.add_argument("--word-by-word", action="store_true", help="roll three dice for one Word by Word word instead")

    parser = add_command(
        subparsers, "rack", "list the words a rack of letters builds (? is a blank), best tile score first", run_rack
    )
    parser.add_argument("rack", nargs="+", metavar="RACK", help="letters and up to two ? blanks, like 'retains?'")
    add_query_options(parser)
    add_page_options(parser, limit=50)
    add_sort_option(parser)


def add_query_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--min-length", type=int, default=1, metavar="N")
    parser.add_argument("--max-length", type=int, default=99, metavar="N")
    parser.add_argument("--starts-with", default="", metavar="S")
    parser.add_argument("--ends-with", default="", metavar="S")
    parser.add_argument("--contains", default="", metavar="S")
    parser.add_argument("--required", default="", metavar="LETTER", help=say("describe.required_letter"))
    parser.add_argument(
        "--previous", default="", metavar="WORD", help="leave out words with no new letter against WORD"
    )
    parser.add_argument("--claimed", default="", metavar="W,W", help="leave out these words, comma-separated")
    parser.add_argument("--use-all", action="store_true", help=say("describe.use_all"))


def add_page_options(parser: argparse.ArgumentParser, limit: int) -> None:
    parser.add_argument(
        "--limit", type=int, default=limit, help=f"words to list, at most {MAX_LIMIT} (default: %(default)s)"
    )
    parser.add_argument("--offset", type=int, default=0, help="words to skip first (default: %(default)s)")


def add_sort_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--sort",
        choices=SORTS,
        default="score",
        help="score: best first, the more familiar word first among equals; alphabetical; familiar: most familiar "
        "first (default: %(default)s). The same words in each order",
    )


def add_box_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--discards", type=int, default=0, metavar="N", help=say("describe.discards"))
    parser.add_argument(
        "--crossed-white", type=int, default=0, metavar="N", help=f"{say('describe.crossed_white')} (0-6)"
    )


def filters_from(args: argparse.Namespace) -> dict:
    """Return the query options by their names in the API (and in the solver's Query)."""
    return {
        "min_length": args.min_length,
        "max_length": args.max_length,
        "starts_with": args.starts_with,
        "ends_with": args.ends_with,
        "contains": args.contains,
        "required_letter": args.required,
        "previous_word": args.previous,
        "claimed": split_words(args.claimed),
        "use_all": args.use_all,
    }


def split_words(text: str) -> list[str]:
    return [w.strip() for w in text.split(",") if w.strip()]


def _shown(count: int, offset: int, total: int, noun: str) -> str:
    if not count:
        return f"{total} {noun}" + (f" (none from {offset + 1})" if total and offset else "")
    return f"{total} {noun}" + (f" (showing {offset + 1}-{offset + count})" if count < total else "")


def print_page(args: argparse.Namespace, result: dict, source: str, shown) -> int:
    """Print one page of found words (solve, rack), or its JSON; return 1 when none is found.

    In the score order a line per score; in another order a line per word, its score after it.
    """
    if args.json:
        print_json(result)
        return 0 if result["total"] else 1
    words = result["words"]
    print(f"{_shown(len(words), args.offset, result['total'], 'words')} from {source}; {RARE_LEGEND}")
    if args.sort == "score":
        for score, found in groupby(words, key=itemgetter("score")):
            print(f"{score:3d}  " + " ".join(shown(w) for w in found))
    else:
        for word in words:
            print(f"{shown(word)}  {word['score']}")
    return 0 if result["total"] else 1


# The mark of an obscure word in the text output (solver.lexicon.is_obscure), and what it means.
RARE_MARK = "*"
RARE_LEGEND = f"{RARE_MARK}: a rare word most players will not know"


def _rare(word: dict) -> str:
    return RARE_MARK if is_obscure(word["familiarity"]) else ""


def run_solve(args: argparse.Namespace) -> int:
    pool = " ".join(args.pool)
    page = {"limit": args.limit, "offset": args.offset, "lexicon": args.lexicon, "sort": args.sort}
    result = backend(args).solve(pool, **filters_from(args), **page)
    return print_page(args, result, f"{Pool(**result['pool'])}; +N: N pieces left over", _with_leftover)


def _with_leftover(word: dict) -> str:
    """Show a pool word in capitals, marked when rare, with +N when N pieces are left over."""
    return word["word"].upper() + _rare(word) + (f"+{word['leftover_count']}" if word["leftover_count"] else "")


def _hint_line(hint: dict) -> str:
    lost = f", {hint['bonus_lost']} bonus lost" if hint["bonus_lost"] else ""
    word = hint["word"].upper() + _rare(hint)
    return f"{hint['net']:3d}  {word} ({hint['letters']} letters, {hint['discards']} left over{lost})"


def run_hint(args: argparse.Namespace) -> int:
    pool = " ".join(args.pool)
    options = {
        "discards_used": args.discards,
        "crossed_white": args.crossed_white,
        "after_done": args.after_done,
        "may_roll": not args.no_rolling,
        "limit": args.limit,
        "sort": args.sort,
    }
    result = backend(args).hints(pool, **filters_from(args), **options, lexicon=args.lexicon)
    if args.json:
        print_json(result)
        return 0 if result["claims"] else 1
    print(
        f"Pool {Pool(**result['pool'])}: {result['boxes_left']} discard boxes left, "
        f"{result['free_discards_left']} of them free."
    )
    if result["claims"]:
        print(f"Best claims now (net points = letters - blue boxes checked; {RARE_LEGEND}):")
        for hint in result["claims"]:
            print(_hint_line(hint))
    else:
        print("No claim now.")
    if not result["may_add_pieces"]:
        print("No pieces may be added now.")
        return 0 if result["claims"] else 1
    print("One more piece opens:")
    for kind, found in result["add"].items():
        words = ", ".join(f"{h['word'].upper()}{_rare(h)} {h['net']}" for h in found) or "nothing new"
        print(f"  {kind:<7} {words}")
    roll = result["roll"]
    faces = "; ".join(
        f"{f['face']} {f['chance']:.0%}: "
        + (f"{f['best']['word'].upper()}{_rare(f['best'])} {f['best']['net']}" if f["best"] else "nothing")
        for f in roll["faces"]
    )
    print(f"Rolling one die: expected best net {roll['expected_net']:.2f} ({faces})")
    return 0 if result["claims"] else 1


def run_judge(args: argparse.Namespace) -> int:
    claim = {
        "previous_word": args.previous,
        "claimed": split_words(args.claimed),
        "required_letter": args.required,
        "discards_used": args.discards,
        "crossed_white": args.crossed_white,
        "words_written": args.words_written,
        "after_done": args.after_done,
    }
    verdict = backend(args).judge(args.word, args.pool, **claim, lexicon=args.lexicon)
    if args.json:
        print_json(verdict)
    elif verdict["valid"]:
        left = f"{verdict['discards']} pieces left over" if verdict["discards"] != 1 else "1 piece left over"
        lost = {0: "", 1: ", 1 bonus point lost"}.get(
            verdict["bonus_lost"], f", {verdict['bonus_lost']} bonus points lost"
        )
        print(f"{verdict['normalized'].upper()} stands: {verdict['score']} points; {left}{lost}.")
    else:
        print(f"{verdict['normalized'].upper() or repr(verdict['word'])} is refused:")
        for objection in verdict["objections"]:
            print(f"  - {objection['message']} [{objection['code']}]")
    return 0 if verdict["valid"] else 1


def read_sheets(path: str) -> tuple[list, str | None]:
    """Read a score-sheet file: an object with sheets (and a variant), or a list of sheets."""
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON ({error})") from None
    if isinstance(data, list):
        return data, None
    if isinstance(data, dict) and "sheets" in data:
        return data["sheets"], data.get("variant")
    raise ValueError(f"{path}: give {SHEETS_JSON}")


def run_score(args: argparse.Namespace) -> int:
    sheets, variant = read_sheets(args.file)
    variant = args.variant or variant or "standard"
    result = backend(args).score(sheets, variant, lexicon=args.lexicon)
    if args.json:
        print_json(result)
        return 0
    print(f"Variant: {result['variant']}")
    for sheet in result["sheets"]:
        print(f"{sheet['player']}: {sheet['total']}")
        for challenge in sheet["challenges"]:
            print(
                f"  Challenge {challenge['number']}: {challenge['letters']} letters + {challenge['bonus']} bonus = {challenge['total']}"
            )
            for word in challenge["words"]:
                row = f" (row {word['row']}: {word['required_letter'].upper()})" if word["row"] else ""
                print(f"    {word['points']:3d}  {word['normalized'].upper()}{row}")
                for objection in word["objections"]:
                    print(f"         {objection['message']}")
    winners = result["winners"]
    print(f"{'Winners (tied)' if len(winners) > 1 else 'Winner'}: {' and '.join(winners)} with {result['high_score']}")
    return 0


def run_roll(args: argparse.Namespace) -> int:
    what = "word_by_word" if args.word_by_word else "add" if args.add else "start"
    result = backend(args).roll(what, args.seed)
    if args.json:
        if what == "start":  # the starting pool keeps its name
            result["pool"], result["pool_text"] = result.pop("pieces"), result.pop("pieces_text")
        print_json({"seed": result.pop("seed"), **result})
        return 0
    for number, (labels, gives) in enumerate(zip(result["labels"], result["gives"]), 1):
        shown = ", ".join(label if label == piece else f"{label} ({piece})" for label, piece in zip(labels, gives))
        print(f"Roll {number}: {shown}" if len(result["rolls"]) > 1 else f"Roll: {shown}")
    pieces, wild = result["pieces_text"], result["pieces"]["wild"]
    if what == "start":
        print(f"Starting pool: {pieces} (a star gives a piece of its colour)")
    elif what == "add":
        print(f"Add: {pieces}" + (" (a wild: take any piece)" if wild else ""))
    else:
        print(f"Add: {pieces}" + (" (each wild is a circle on the sheet: any piece, when you need it)" if wild else ""))
    return 0


def run_rack(args: argparse.Namespace) -> int:
    rack = " ".join(args.rack)
    page = {"limit": args.limit, "offset": args.offset, "lexicon": args.lexicon, "sort": args.sort}
    result = backend(args).rack(rack, **filters_from(args), **page)
    return print_page(args, result, f"{result['rack'].upper()}; lowercase letters are blanks", _with_blanks)


def _with_blanks(word: dict) -> str:
    """Show a rack word in capitals, the letters its blanks stand for in lowercase, marked when rare."""
    shown, blanks = [], list(word["blanks"])
    for letter in reversed(word["word"]):
        if letter in blanks:
            blanks.remove(letter)
            shown.append(letter)
        else:
            shown.append(letter.upper())
    return "".join(reversed(shown)) + _rare(word)
