"""Read and score whole score sheets: words, rows, circles, discard boxes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import Refused, spelled
from ..lexicon import Lexicon, check
from ..normalize import fold, is_well_formed
from ..search import new_letter
from ..sentences import say
from .boxes import CHALLENGES, MAX_CIRCLES, VARIANTS, WORDS_PER_CHALLENGE, DiscardBoxes, discard_boxes, is_whole
from .judge import Objection

# --- score sheets ------------------------------------------------------------------


@dataclass(frozen=True)
class SheetWord:
    """One word line: the word, and (by variant) its row or its Word by Word circles."""

    word: str
    row: int | None = None  # advanced: the row (1-6) it is written in, if given
    circles: int = 0  # word by word: wilds rolled for this word
    checked: int = 0  # word by word: circles used


@dataclass(frozen=True)
class Challenge:
    """One challenge of a sheet: its words in claim order and its discard boxes."""

    words: tuple[SheetWord, ...] = ()
    discards: int = 0  # boxes checked for leftover pieces
    crossed_white: int = 0
    required: str = ""  # advanced: the six required letters, row by row


@dataclass(frozen=True)
class Sheet:
    player: str
    challenges: tuple[Challenge, ...] = ()


def parse_variant(variant: str) -> tuple[str, ...]:
    """Return the variant's parts in canonical order: ('standard',) or some of secret, advanced, word_by_word."""
    if not isinstance(variant, str):
        raise Refused(
            f"variant: give a name like 'standard' or 'secret+advanced' (got {spelled(variant)})", ("variant",)
        )
    aliases = {"secret_wordsmith": "secret", "advanced_game": "advanced", "word_by_word_game": "word_by_word"}
    parts = set()
    for part in variant.lower().replace("-", "_").replace(" ", "_").split("+"):
        part = aliases.get(part.strip("_"), part.strip("_"))
        if part not in VARIANTS:
            raise Refused(
                f"variant: unknown variant {spelled(part)}; choose {', '.join(VARIANTS)} (combine with '+')",
                ("variant",),
            )
        parts.add(part)
    if "standard" in parts and len(parts) > 1:
        raise Refused("variant: 'standard' does not combine with other variants", ("variant",))
    return tuple(v for v in VARIANTS if v in parts)


# Each object of a sheet: its fields, what it is and what it has (for the refusals).
_SHEET = (
    {"player", "challenges"},
    "a sheet is an object with player and challenges",
    "a sheet has player and challenges",
)
_CHALLENGE = (
    {"words", "discards", "crossed_white", "required"},
    "a challenge is an object with words, discards and crossed_white",
    "a challenge has words, discards, crossed_white and required (advanced)",
)
_WORD = (
    {"word", "row", "circles", "checked"},
    "a word is a string or an object with 'word'",
    "a word has word, row (advanced), circles and checked (word by word)",
)


def _check_object(value, kind: tuple[set[str], str, str], where: str, path: tuple) -> None:
    """Refuse a value that is not a dict, or one with a field outside the kind's (naming the first, sorted)."""
    fields, is_, has = kind
    if not isinstance(value, dict):
        raise Refused(f"{where}: {is_}", path)
    unknown = sorted(set(value) - fields)
    if unknown:
        raise Refused(f"{where}: unknown field {unknown[0]!r}; {has}", path)


def _parse_word(value, where: str, parts: tuple[str, ...], path: tuple) -> SheetWord:
    if isinstance(value, SheetWord):
        value = {"word": value.word, "row": value.row, "circles": value.circles, "checked": value.checked}
    if isinstance(value, str):
        value = {"word": value}
    _check_object(value, _WORD, where, path)
    word = value.get("word")
    if not isinstance(word, str) or not word.strip():
        raise Refused(f"{where}: the word is missing or empty", path)
    row = value.get("row")
    if row is not None:
        if "advanced" not in parts:
            raise Refused(f"{where}: 'row' is only for the advanced variant", path)
        if not is_whole(row) or not 1 <= row <= WORDS_PER_CHALLENGE:
            raise Refused(
                f"{where}: row must be a whole number from 1 to {WORDS_PER_CHALLENGE} (got {spelled(row)})", path
            )
    circles, checked = value.get("circles", 0), value.get("checked", 0)
    if (circles or checked) and "word_by_word" not in parts:
        raise Refused(f"{where}: circles are only for the word_by_word variant", path)
    if not is_whole(circles) or not 0 <= circles <= MAX_CIRCLES:
        raise Refused(f"{where}: circles must be a whole number from 0 to {MAX_CIRCLES} (got {spelled(circles)})", path)
    if not is_whole(checked) or not 0 <= checked <= circles:
        raise Refused(
            f"{where}: checked circles must be a whole number from 0 to the {circles} circles (got {spelled(checked)})",
            path,
        )
    return SheetWord(word, row, circles, checked)


def _parse_challenge(value, where: str, parts: tuple[str, ...], path: tuple) -> Challenge:
    if isinstance(value, Challenge):
        value = {
            "words": list(value.words),
            "discards": value.discards,
            "crossed_white": value.crossed_white,
            **({"required": value.required} if value.required else {}),
        }
    _check_object(value, _CHALLENGE, where, path)
    words = value.get("words", [])
    if not isinstance(words, (list, tuple)):
        raise Refused(f"{where}: words must be a list", path)
    if len(words) > WORDS_PER_CHALLENGE:
        raise Refused(say("sheet.too_many_words", where=where, count=len(words), most=WORDS_PER_CHALLENGE), path)
    parsed = tuple(_parse_word(w, f"{where}, word {i}", parts, (*path, "words", i - 1)) for i, w in enumerate(words, 1))
    rows = [w.row for w in parsed if w.row is not None]
    if len(rows) != len(set(rows)):
        twice = next(r for r in rows if rows.count(r) > 1)
        raise Refused(f"{where}: two words are written in row {twice}", path)
    required = value.get("required", "")
    if "advanced" in parts:
        if isinstance(required, (list, tuple)) and all(isinstance(r, str) for r in required):
            required = "".join(required)
        required = fold(required) if isinstance(required, str) else required
        if (
            not isinstance(required, str)
            or len(required) != WORDS_PER_CHALLENGE
            or not required.isalpha()
            or not required.isascii()
        ):
            at = (
                (*path, "required") if "required" in value else path
            )  # a bad value points at itself; a missing one at its challenge
            raise Refused(
                f"{where}: the advanced variant needs 'required': "
                + say("sheet.required_letters", count=WORDS_PER_CHALLENGE, given=spelled(value.get("required"))),
                at,
            )
    elif required:
        raise Refused(f"{where}: 'required' letters are only for the advanced variant", path)
    discards = value.get("discards", 0)
    crossed_white = value.get("crossed_white", 0)
    circle_discards = sum(w.circles - w.checked for w in parsed)
    discard_boxes(crossed_white, discards, where, crossed_path=path, checked_path=path)  # the counts alone
    with_circles = f"{where} (with {circle_discards} boxes for unchecked circles)" if circle_discards else where
    discard_boxes(crossed_white, discards + circle_discards, with_circles, crossed_path=path, checked_path=path)
    return Challenge(parsed, discards, crossed_white, required)


def parse_sheet(value, parts: tuple[str, ...] = ("standard",), number: int = 1) -> Sheet:
    """Read one score sheet from a dict (or a Sheet); refuse it saying what is wrong and where."""
    path = ("sheets", number - 1)
    if isinstance(value, Sheet):
        value = {"player": value.player, "challenges": list(value.challenges)}
    _check_object(value, _SHEET, f"sheet {number}", path)
    player = value.get("player")
    if not isinstance(player, str) or not player.strip():
        raise Refused(f"sheet {number}: the player's name is missing", path)
    where = f"sheet {number} ({player})"
    challenges = value.get("challenges", [])
    if not isinstance(challenges, (list, tuple)):
        raise Refused(f"{where}: challenges must be a list", path)
    if len(challenges) > CHALLENGES:
        raise Refused(f"{where}: {len(challenges)} challenges, but a game has only {CHALLENGES}", path)
    return Sheet(
        player.strip(),
        tuple(
            _parse_challenge(c, f"{where}, challenge {i}", parts, (*path, "challenges", i - 1))
            for i, c in enumerate(challenges, 1)
        ),
    )


@dataclass(frozen=True, kw_only=True)  # nine fields: built by name, never by position
class ScoredWord:
    """One word line scored: its letters, its points, and why it scores zero when it does."""

    word: str
    normalized: str
    letters: int
    points: int
    objections: tuple[Objection, ...] = ()
    row: int | None = None
    required_letter: str | None = None
    circles: int = 0
    checked: int = 0

    @property
    def valid(self) -> bool:
        return not self.objections

    def to_dict(self) -> dict:
        return {
            "word": self.word,
            "normalized": self.normalized,
            "letters": self.letters,
            "points": self.points,
            "valid": self.valid,
            "objections": [o.to_dict() for o in self.objections],
            "row": self.row,
            "required_letter": self.required_letter,
            "circles": self.circles,
            "checked": self.checked,
        }


@dataclass(frozen=True)
class ScoredChallenge:
    number: int
    words: tuple[ScoredWord, ...]
    boxes: DiscardBoxes
    discards: int  # boxes checked for leftover pieces
    circle_discards: int  # boxes checked for unchecked Word by Word circles
    required: str = ""

    @property
    def letters(self) -> int:
        return sum(w.points for w in self.words)

    @property
    def bonus(self) -> int:
        return self.boxes.bonus

    @property
    def total(self) -> int:
        return self.letters + self.bonus

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "words": [w.to_dict() for w in self.words],
            "letters": self.letters,
            "discards": self.discards,
            "circle_discards": self.circle_discards,
            "boxes_checked": self.boxes.checked,
            "crossed_white": self.boxes.crossed_white,
            "boxes": self.boxes.total,
            "free_discards": self.boxes.white,
            "blue_checked": self.boxes.blue_checked,
            "bonus": self.bonus,
            "total": self.total,
            "required": self.required or None,
        }


@dataclass(frozen=True)
class ScoredSheet:
    player: str
    challenges: tuple[ScoredChallenge, ...]

    @property
    def total(self) -> int:
        return sum(c.total for c in self.challenges)

    def to_dict(self) -> dict:
        return {"player": self.player, "challenges": [c.to_dict() for c in self.challenges], "total": self.total}


@dataclass(frozen=True)
class ScoreResult:
    variant: str
    sheets: tuple[ScoredSheet, ...]

    @property
    def high_score(self) -> int | None:
        return max((s.total for s in self.sheets), default=None)

    @property
    def winners(self) -> list[str]:
        """Return the players with the highest total: several when tied, they share the win."""
        high = self.high_score
        return [s.player for s in self.sheets if s.total == high]

    def to_dict(self, sheets: list[dict] | None = None) -> dict:
        """As JSON; `sheets`: each sheet's own `to_dict()`, when the caller kept them (it scores sheet by sheet)."""
        if sheets is None:
            sheets = [s.to_dict() for s in self.sheets]
        return {"variant": self.variant, "sheets": sheets, "winners": self.winners, "high_score": self.high_score}


def _secret_objections(word: str, earlier: list[str], lexicon: Lexicon) -> list[Objection]:
    """Check a word of a Secret Wordsmith sheet: in the lexicon, not repeated, with a new letter."""
    shout = word.upper() or "an empty word"
    found = []
    verdict = check(word, lexicon, define=False)
    if verdict.reason == "invalid_characters":
        found.append(Objection("invalid_characters", verdict.message))
    elif not verdict.valid:
        found.append(Objection("not_a_word", verdict.message, {"reason": verdict.reason, "tier": verdict.tier}))
    if word in earlier:
        found.append(Objection("already_claimed", f"{shout} is already higher on this sheet in this challenge."))
    if earlier and not new_letter(word, Counter(earlier[-1])):
        found.append(
            Objection(
                "no_new_letter",
                say("claim.no_new_letter", W=shout, previous=earlier[-1].upper()),
                {"previous_word": earlier[-1]},
            )
        )
    return found


def _assign_rows(
    words: tuple[SheetWord, ...], counts: list[bool], letters: list[int], required: str
) -> list[int | None]:
    """Place each word in a row (1-based) whose required letter it holds, scoring the most letters.

    Words that name their row keep it; the others try every free row (and no
    row), in order, keeping the first placement with the highest score.
    """
    taken = {w.row for w in words if w.row is not None}
    placed: list[int | None] = [w.row for w in words]
    free = [i for i, w in enumerate(words) if w.row is None and counts[i]]
    best: tuple[int, list] = (-1, placed)

    def place(k: int, rows_taken: set, points: int, current: list) -> None:
        nonlocal best
        if k == len(free):
            if points > best[0]:
                best = (points, current[:])
            return
        i = free[k]
        normalized = fold(words[i].word)
        for row in range(1, WORDS_PER_CHALLENGE + 1):
            if row not in rows_taken and required[row - 1] in normalized:
                current[i] = row
                place(k + 1, rows_taken | {row}, points + letters[i], current)
        current[i] = None
        place(k + 1, rows_taken, points, current)

    place(0, taken, 0, placed[:])
    return best[1]


def _score_challenge(
    challenge: Challenge, number: int, parts: tuple[str, ...], lexicon: Lexicon | None, where: str, path: tuple
) -> ScoredChallenge:
    normalized = [fold(w.word).strip() for w in challenge.words]
    objections: list[list[Objection]] = []
    for i, (word, text) in enumerate(zip(challenge.words, normalized), 1):
        if "secret" in parts:
            objections.append(_secret_objections(text, normalized[: i - 1], lexicon))
        elif is_well_formed(text):
            objections.append([])
        else:
            raise Refused(
                f"{where}, word {i}: {word.word!r} cannot stand on a sheet: "
                "a word holds only letters, with apostrophes or hyphens inside",
                (*path, "words", i - 1),
            )
    rows: list[int | None] = [None] * len(challenge.words)
    if "advanced" in parts:
        rows = _assign_rows(
            challenge.words, [not o for o in objections], [len(t) for t in normalized], challenge.required
        )
        for _word, text, row, found in zip(challenge.words, normalized, rows, objections):
            if row is None and not found:
                letters = ", ".join(challenge.required.upper())
                why = (
                    f"{text.upper()} contains none of the required letters {letters}."
                    if not set(text) & set(challenge.required)
                    else f"Every row whose required letter {text.upper()} contains holds another word."
                )
                found.append(Objection("missing_required_letter", why))
            elif row is not None and challenge.required[row - 1] not in text:
                letter = challenge.required[row - 1]
                found.append(
                    Objection(
                        "missing_required_letter",
                        f"{text.upper()} is in row {row}, whose required letter {letter.upper()} it does not contain.",
                        {"letter": letter},
                    )
                )
    scored = []
    for word, text, found, row in zip(challenge.words, normalized, objections, rows):
        letter = challenge.required[row - 1] if row is not None else None
        scored.append(
            ScoredWord(
                word=word.word,
                normalized=text,
                letters=len(text),
                points=0 if found else len(text),
                objections=tuple(found),
                row=row,
                required_letter=letter,
                circles=word.circles,
                checked=word.checked,
            )
        )
    circle_discards = sum(w.circles - w.checked for w in challenge.words)
    boxes = discard_boxes(
        challenge.crossed_white, challenge.discards + circle_discards, where, crossed_path=path, checked_path=path
    )
    return ScoredChallenge(number, tuple(scored), boxes, challenge.discards, circle_discards, challenge.required)


def score_sheets(sheets, variant: str = "standard", lexicon: Lexicon | None = None) -> ScoreResult:
    """Score the sheets (dicts or Sheets) of one game under a variant; name the winner(s).

    `lexicon` is needed by the secret variant, which checks every word.
    """
    parts = parse_variant(variant)
    if "secret" in parts and lexicon is None:
        raise Refused("variant: secret checks every word, so it needs a lexicon", ("variant",))
    if not isinstance(sheets, (list, tuple)) or not sheets:
        raise Refused("sheets: give a list of at least one score sheet", ("sheets",))
    parsed = [parse_sheet(s, parts, n) for n, s in enumerate(sheets, 1)]
    names = [s.player for s in parsed]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice:
        raise Refused(f"sheets: two sheets belong to {twice!r}; give each player one sheet", ("sheets",))
    scored = []
    for n, sheet in enumerate(parsed, 1):
        where = f"sheet {n} ({sheet.player})"
        challenges = tuple(
            _score_challenge(c, i, parts, lexicon, f"{where}, challenge {i}", ("sheets", n - 1, "challenges", i - 1))
            for i, c in enumerate(sheet.challenges, 1)
        )
        scored.append(ScoredSheet(sheet.player, challenges))
    return ScoreResult("+".join(parts), tuple(scored))
