"""`Local`: the service's answers worked out in this process, behind the client's methods.

A command asks one backend: `Local()`, or `WordsmithClient(url)` when run as
`wordsmith --server URL ...`. Both have the same methods, taking the same
arguments and returning the same answer: the dict the endpoint's JSON body
reads as (tests/test_cli_backends.py holds the two equal, operation by
operation). So a command makes one call and prints one way.

Local checks input only as the engine does: the service's request limits
(MAX_WORDS_PER_CHECK, MAX_BODY_BYTES, ...) guard a shared server, not a
command run on one's own machine. What the engine refuses is raised as the
client raises the service's answer to it (`engine_refusals`): a
`WordsmithError`, 422 at the bad field's pointer, so a command prints a
refusal the same way whichever backend refused it.

Live tables (`client.TABLE_OPERATIONS`) come from `LocalTables`
(cli/local_tables.py): the store the served app uses, so a table made here
is the one `wordsmith serve` shows. That makes the CLI's arrows
`cli -> client | solver | tables`: a table's rules live in tables/ alone.
"""

from __future__ import annotations

import json
import random
from typing import Any

from solver import booksmack, colorsmash, wordsmith
from solver.lexicon import DEFAULT_SIZE, SIZES, Lexicon, Lexicons, check, load_lexicons
from solver.limits import MAX_SEED
from solver.pieces import load_alphabet, load_box
from solver.search import Query, piece_index, rack_index, solve, solve_rack

from .local_tables import LocalTables, engine_refusals

__all__ = ["Local"]


class Local(LocalTables):
    """Answer as the service does, with this process's lexicons (loaded on first use, once per process)."""

    def __init__(self, lexicons: Lexicons | None = None, default_lexicon: str = DEFAULT_SIZE):
        self._lexicons = lexicons
        self.default_lexicon = default_lexicon

    def __repr__(self) -> str:
        return "Local()"

    def __enter__(self) -> Local:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Close the live tables' store, if a table command opened it (else nothing to release)."""
        if self._table_service is not None:
            self._table_service.store.close()
            self._table_service = None

    # One method per endpoint, named and called as WordsmithClient's.

    def health(self) -> dict:
        lexicons = self._loaded()
        return _plain(
            {
                "status": "ok",
                "lexicons": [
                    {"id": name, "size": len(lexicons[name]), "checksum": lexicons.checksum} for name in SIZES
                ],
            }
        )

    def lexicons(self) -> dict:
        lexicons = self._loaded()
        return _plain(
            {
                "lexicons": [
                    {
                        "id": name,
                        "size": len(lexicons[name]),
                        "description": lexicons[name].description,
                        "default": name == self.default_lexicon,
                    }
                    for name in SIZES
                ]
            }
        )

    @engine_refusals()
    def word(self, word: str, lexicon: str | None = None) -> dict:
        return _plain(check(word, self._lexicon(lexicon)).to_dict())

    @engine_refusals()
    def check(self, words: list[str], lexicon: str | None = None) -> dict:
        size = self._lexicon(lexicon)
        verdicts = [check(word, size).to_dict() for word in words]
        return _plain({"verdicts": verdicts, "all_valid": all(v["valid"] for v in verdicts)})

    def alphabet(self) -> dict:
        return _plain({**load_alphabet().to_dict(), "source": "built-in", **load_box().to_dict()})

    @engine_refusals("pool")
    def solve(
        self,
        pool: str | dict,
        *,
        limit: int = 100,
        offset: int = 0,
        lexicon: str | None = None,
        sort: str = "score",
        **filters: Any,
    ) -> dict:
        index = piece_index(self._lexicon(lexicon))
        return _plain(solve(index, pool, Query(**filters), limit, offset, sort).to_dict())

    @engine_refusals("pool")
    def hints(
        self,
        pool: str | dict,
        *,
        discards_used: int = 0,
        crossed_white: int = 0,
        after_done: bool = False,
        may_roll: bool = True,
        limit: int = 10,
        lexicon: str | None = None,
        sort: str = "score",
        **filters: Any,
    ) -> dict:
        return _plain(
            wordsmith.hints(
                piece_index(self._lexicon(lexicon)),
                pool,
                Query(**filters),
                discards_used=discards_used,
                crossed_white=crossed_white,
                after_done=after_done,
                may_roll=may_roll,
                limit=limit,
                sort=sort,
            ).to_dict()
        )

    @engine_refusals("word")
    def judge(self, word: str, pool: str | dict, *, lexicon: str | None = None, **kw: Any) -> dict:
        return _plain(wordsmith.judge_claim(word, pool, self._lexicon(lexicon), **kw).to_dict())

    @engine_refusals("sheets")
    def score(self, sheets: list[dict], variant: str = "standard", lexicon: str | None = None) -> dict:
        # Only the secret variant reads the lexicon: other games score without loading it.
        size = self._lexicon(lexicon) if "secret" in wordsmith.parse_variant(variant) else None
        return _plain(wordsmith.score_sheets(sheets, variant, size).to_dict())

    @engine_refusals()
    def roll(self, roll: str = "start", seed: int | None = None) -> dict:
        # Left out, the seed is drawn as the service draws it, and answered so the roll can be repeated.
        seed = random.SystemRandom().randint(0, MAX_SEED) if seed is None else seed
        return _plain({**wordsmith.roll_dice(roll, random.Random(seed)).to_dict(), "seed": seed})

    @engine_refusals("rack")
    def rack(
        self,
        rack: str,
        *,
        limit: int = 100,
        offset: int = 0,
        lexicon: str | None = None,
        sort: str = "score",
        **filters: Any,
    ) -> dict:
        index = rack_index(self._lexicon(lexicon))
        return _plain(solve_rack(index, rack, Query(**filters), limit, offset, sort).to_dict())

    @engine_refusals("cards")
    def booksmack(self, cards: list[str], lexicon: str | None = None) -> dict:
        return _plain(booksmack.judge_round(cards, self._lexicon(lexicon)).to_dict())

    @engine_refusals("cards")
    def booksmack_turn(self, cards: list[str], played: int, lexicon: str | None = None) -> dict:
        return _plain(booksmack.turn_state(cards, self._lexicon(lexicon), played).to_dict())

    @engine_refusals("cards")
    def booksmack_score(self, cards: list[str], variant: str = "base") -> dict:
        return _plain(booksmack.score_collection(cards, variant).to_dict())

    @engine_refusals("card")
    def colorsmash(self, card: str | dict, colours: list[str] | None = None) -> dict:
        return _plain(colorsmash.judge_slap(card, tuple(colours or colorsmash.DEFAULT_COLOURS)).to_dict())

    @engine_refusals("events")
    def colorsmash_replay(
        self, mode: str, players: list[str], events: list[dict], colours: list[str] | None = None
    ) -> dict:
        return _plain(colorsmash.replay(mode, players, events, tuple(colours or colorsmash.DEFAULT_COLOURS)).to_dict())

    def _loaded(self) -> Lexicons:
        if self._lexicons is None:
            self._lexicons = load_lexicons()
        return self._lexicons

    def _lexicon(self, name: str | None) -> Lexicon:
        return self._loaded()[name or self.default_lexicon]


def _plain(answer: dict) -> dict:
    """Return `answer` as its JSON reads back (tuples become lists), as the client returns the service's."""
    return json.loads(json.dumps(answer))
