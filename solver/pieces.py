"""Wordsmith letter pieces: the four kinds, the alphabet that says what each letter costs, and pools.

A word's *cost* is the sum of its letters' costs: a vector of four counts
(red, yellow, blue, green). A *pool* is what a player holds: counts of the
four kinds plus unspent wilds (a die's star face rolled to add a piece: any
kind the player wants; at the start a star face gives a piece of its colour).

The alphabet is data (`solver/data/alphabet.tsv`); `load_alphabet(path)`
reads another file in the same format when a box differs.

>>> alphabet = load_alphabet()
>>> alphabet.cost("bag")
(3, 2, 1, 2)
>>> parse_pool("R3 Y2 B1 G2") == parse_pool("rrryybgg") == Pool(3, 2, 1, 2)
True
>>> Pool(3, 2, 1, 2).fits((3, 2, 1, 2))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from .datafiles import data_path, read_json
from .errors import Refused
from .limits import MAX_POOL_PIECES
from .sentences import say

__all__ = ["KINDS", "Pool", "Alphabet", "Box", "DieFace", "load_alphabet", "load_box", "parse_pool", "MAX_POOL_PIECES"]

KINDS = ("red", "yellow", "blue", "green")


@dataclass(frozen=True)
class DieFace:
    """One face of a die: its name, its label, and the piece it gives at the start and when adding."""

    face: str  # red, yellow, blue_star or green_star
    label: str
    start: str  # the kind it gives when rolling the starting pool
    add: str  # the kind (or "wild") it gives when rolling to add a piece

    def to_dict(self) -> dict:
        return {"face": self.face, "label": self.label, "start": self.start, "add": self.add}


@dataclass(frozen=True)
class Box:
    """What is in the box: each kind's colour, shape and count, and the dice faces."""

    kinds: tuple[dict, ...]
    die: tuple[DieFace, ...]  # one entry per side of a die
    dice: int
    wild_code: str

    @property
    def die_faces(self) -> tuple[str, ...]:
        """The face names, one per side: red, red, yellow, yellow, blue_star, green_star."""
        return tuple(f.face for f in self.die)

    @property
    def die_face_labels(self) -> tuple[str, ...]:
        return tuple(f.label for f in self.die)

    def face(self, name: str) -> DieFace:
        """Return the die face called `name`; refuse a name that is none, naming the faces there are."""
        for face in self.die:
            if face.face == name:
                return face
        names = ", ".join(dict.fromkeys(self.die_faces))
        raise Refused(f"faces: {name!r} is not a die face; faces are {names}", ("faces",))

    def code_of(self) -> dict[str, str]:
        """Map each pool-text code (R, Y, B, G, W) to its kind."""
        codes = {k["code"].lower(): k["kind"] for k in self.kinds}
        codes[self.wild_code.lower()] = "wild"
        return codes

    def to_dict(self) -> dict:
        """Describe the box: each kind, the wild's pool-text code, and the dice with what each face gives."""
        return {
            "kinds": list(self.kinds),
            "wild": {"code": self.wild_code},
            "dice": {
                "count": self.dice,
                "faces": list(self.die_faces),
                "labels": list(self.die_face_labels),
                "start": [f.start for f in self.die],
                "add": [f.add for f in self.die],
            },
        }


@cache
def load_box() -> Box:
    data = read_json("box.json")
    die = tuple(DieFace(f["face"], f["label"], f["start"], f["add"]) for f in data["die"])
    return Box(tuple(data["kinds"]), die, data["dice"], data["wild_code"])


@dataclass(frozen=True, order=True)
class Pool:
    """A player's pieces: counts of each kind, plus unspent wilds."""

    red: int = 0
    yellow: int = 0
    blue: int = 0
    green: int = 0
    wild: int = 0

    def __post_init__(self):
        for kind in KINDS + ("wild",):
            value = getattr(self, kind)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise Refused(f"pool: {kind} must be a whole number of pieces, 0 or more (got {value!r})", ("pool",))
        if self.size > MAX_POOL_PIECES:
            raise Refused(say("pool.over_limit", size=self.size, most=MAX_POOL_PIECES), ("pool",))

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """The four kinds' counts, wilds left out."""
        return (self.red, self.yellow, self.blue, self.green)

    @property
    def size(self) -> int:
        return self.red + self.yellow + self.blue + self.green + self.wild

    def deficit(self, cost: tuple[int, ...]) -> int:
        """How many wilds a cost needs beyond the pool's own pieces."""
        return sum(max(0, need - have) for need, have in zip(cost, self.counts))

    def fits(self, cost: tuple[int, ...]) -> bool:
        """Tell whether the pool builds something of this cost (wilds standing in for any kind)."""
        return self.deficit(cost) <= self.wild

    def missing(self, cost: tuple[int, ...]) -> dict[str, int]:
        """Return the pieces a cost needs that neither the pool nor its wilds cover."""
        short = [max(0, need - have) for need, have in zip(cost, self.counts)]
        spare = self.wild
        missing = {}
        for kind, lack in zip(KINDS, short):
            covered = min(lack, spare)
            spare -= covered
            if lack - covered:
                missing[kind] = lack - covered
        return missing

    def spend(self, cost: tuple[int, ...]) -> tuple[Pool, Pool]:
        """Split the pool into (pieces used, pieces left over) for something it fits."""
        used = [min(need, have) for need, have in zip(cost, self.counts)]
        wild_used = self.deficit(cost)
        left = [have - u for have, u in zip(self.counts, used)]
        return Pool(*used, wild=wild_used), Pool(*left, wild=self.wild - wild_used)

    def add(self, kind: str, count: int = 1) -> Pool:
        """Return the pool with `count` more pieces of `kind` (or wilds)."""
        values = self.to_dict()
        values[kind] += count
        return Pool(**values)

    def to_dict(self) -> dict[str, int]:
        return {"red": self.red, "yellow": self.yellow, "blue": self.blue, "green": self.green, "wild": self.wild}

    def __str__(self) -> str:
        codes = _kind_codes()
        return " ".join(f"{codes[kind]}{n}" for kind, n in self.to_dict().items() if n) or "(empty)"


@cache
def _codes() -> dict[str, str]:
    """The box's pool-text codes, lowercase (r, y, b, g, w), each to its kind: read once."""
    return load_box().code_of()


@cache
def _kind_codes() -> dict[str, str]:
    """Each kind's pool-text code, uppercase (red: R): read once, not once per pool written (the solver page writes hundreds)."""
    return {kind: code.upper() for code, kind in _codes().items()}


# [0-9], not \d: \d takes any script's digits ("R٣"), which a pool never holds.
_POOL_TOKEN = re.compile(r"\s*(?:([A-Za-z])([0-9]*))\s*,?")


def parse_pool(value: str | dict | Pool) -> Pool:
    """Read a pool from text (`R3 Y2 B1 G2 W1` or `rrryybgg`), a dict of counts, or a Pool.

    Raises ValueError naming the part that is wrong.
    """
    if isinstance(value, Pool):
        return value
    if isinstance(value, dict):
        unknown = sorted(set(value) - set(KINDS) - {"wild"})
        if unknown:
            raise Refused(f"pool: unknown piece kind {unknown[0]!r}; use red, yellow, blue, green or wild", ("pool",))
        return Pool(**value)
    if not isinstance(value, str):
        raise Refused("pool: give text like 'R3 Y2 B1 G2' or an object of counts", ("pool",))
    codes = _codes()
    counts = dict.fromkeys(KINDS + ("wild",), 0)
    position = 0
    text = value.strip()
    while position < len(text):
        match = _POOL_TOKEN.match(text, position)
        letter, number = match.groups() if match else ("", "")
        kind = codes.get(letter.lower())
        if kind is None:
            bad = text[position:].strip()[:1] or text[position]
            raise Refused(say("pool.not_a_kind", value=repr(value), bad=repr(bad), position=position + 1), ("pool",))
        if len(number.lstrip("0")) > 3:  # leading zeros are harmless: R00060 is R60
            raise Refused(say("pool.too_large", value=repr(value), number=number, most=MAX_POOL_PIECES), ("pool",))
        counts[kind] += int(number) if number else 1
        position = match.end()
    if not any(counts.values()):
        raise Refused(say("pool.empty"), ("pool",))
    return Pool(**counts)


@dataclass(frozen=True)
class Letter:
    letter: str
    cost: tuple[int, int, int, int]
    status: str

    def to_dict(self) -> dict:
        return {"letter": self.letter, "pieces": dict(zip(KINDS, self.cost)), "status": self.status}


class Alphabet:
    """Each letter's pieces, read from an alphabet file; computes word costs fast."""

    def __init__(self, letters: dict[str, Letter], source: str):
        self.letters = letters
        self.source = source
        # str.translate turns a word into one marker per piece of a kind:
        # len() of the result is the word's count of that kind, in C speed.
        self._tables = [str.maketrans({c: "x" * letter.cost[i] for c, letter in letters.items()}) for i in range(4)]
        self._known = frozenset(letters)

    def cost(self, word: str) -> tuple[int, int, int, int] | None:
        """Return the cost vector of a normalized word, or None if a character has no pieces."""
        if not self._known.issuperset(word):
            return None
        t = self._tables
        return (
            len(word.translate(t[0])),
            len(word.translate(t[1])),
            len(word.translate(t[2])),
            len(word.translate(t[3])),
        )

    def to_dict(self) -> dict:
        return {"source": self.source, "letters": [letter.to_dict() for letter in self.letters.values()]}


@lru_cache(maxsize=8)
def load_alphabet(path: str | Path | None = None) -> Alphabet:
    """Read an alphabet file: `letter red yellow blue green status` per line, `#` comments."""
    path = Path(path) if path else data_path("alphabet.tsv")
    letters = {}
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split()
        if len(fields) != 6 or not all(f.isdigit() for f in fields[1:5]) or len(fields[0]) != 1:
            raise ValueError(f"{path}:{number}: expected 'letter red yellow blue green status', got {line!r}")
        letter = fields[0].lower()
        letters[letter] = Letter(letter, tuple(int(f) for f in fields[1:5]), fields[5])
    missing = set("abcdefghijklmnopqrstuvwxyz") - set(letters)
    if missing:
        raise ValueError(f"{path}: no pieces given for {', '.join(sorted(missing))}")
    return Alphabet(letters, str(path))
