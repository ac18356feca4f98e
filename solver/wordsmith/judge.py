"""Judge one claimed word against the pool, the lexicon and the sheet, with every objection that applies."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..errors import Refused, spelled
from ..lexicon import Lexicon, check
from ..normalize import fold, is_well_formed
from ..pieces import Alphabet, Pool, load_alphabet, parse_pool
from ..search import new_letter
from ..sentences import say
from ..text import and_list, count, read_letter, split_words
from .boxes import WORDS_PER_CHALLENGE, discard_boxes, is_whole

# --- judging a claim -------------------------------------------------------------


@dataclass(frozen=True)
class Objection:
    """One reason a claim is refused: a code, a sentence to read out, and details."""

    code: str
    message: str
    detail: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, **self.detail}


@dataclass(frozen=True, kw_only=True)  # fifteen fields: built by name, never by position
class ClaimVerdict:
    """Whether a claimed word stands, every objection that holds, and what writing it costs."""

    word: str
    normalized: str
    valid: bool
    objections: tuple[Objection, ...]
    letters: int
    score: int  # the letters when valid, else 0
    pieces: Pool | None  # the pieces the word uses (None when the pool cannot build it)
    leftover: Pool | None
    discards: int  # discard boxes the leftovers check
    discards_used: int
    boxes_left: int  # before this claim
    discards_after: int
    bonus_lost: int  # blue boxes this claim checks
    lexicon: str
    after_done: bool = False

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(o.code for o in self.objections)

    def to_dict(self) -> dict:
        return {
            "word": self.word,
            "normalized": self.normalized,
            "valid": self.valid,
            "objections": [o.to_dict() for o in self.objections],
            "letters": self.letters,
            "score": self.score,
            "pieces": self.pieces.to_dict() if self.pieces else None,
            "leftover": self.leftover.to_dict() if self.leftover else None,
            "discards": self.discards,
            "discards_used": self.discards_used,
            "boxes_left": self.boxes_left,
            "discards_after": self.discards_after,
            "bonus_lost": self.bonus_lost,
            "lexicon": self.lexicon,
            "after_done": self.after_done,
            "may_add_pieces": not self.after_done,
        }


def _pieces_phrase(counts: dict[str, int]) -> str:
    """Say a set of pieces out loud: '1 blue piece and 2 green pieces'."""
    return and_list([count(n, say("noun.kind_piece", kind=kind)) for kind, n in counts.items() if n])


@dataclass(frozen=True)
class Voice:
    """Who a claim's sentences speak of: the one who asked (`player` None: "you") or, read by a whole table, the
    claimant by name ("Bob"), so that no phone but the claimant's reads "you".

    >>> Voice(None).possessive, Voice("Bob").possessive, Voice("Bob").already_has, Voice(None).has
    ('Your', "Bob's", 'Bob already has', 'You have')
    """

    player: str | None

    @property
    def subject(self) -> str:
        return self.player or "you"

    @property
    def have(self) -> str:
        return "has" if self.player else "have"

    @property
    def has(self) -> str:
        return f"{self.player} has" if self.player else "You have"

    @property
    def already_has(self) -> str:
        return f"{self.player} already has" if self.player else "You already have"

    @property
    def possessive(self) -> str:
        return f"{self.player}'s" if self.player else "Your"

    @property
    def their(self) -> str:
        return "their" if self.player else "your"

    def words(self) -> dict[str, str]:
        """Return the voice's words by the names the sentences use (`{subject}`, `{possessive}`, ...)."""
        names = ("subject", "have", "has", "already_has", "possessive", "their")
        return {name: getattr(self, name) for name in names}


def judge_claim(
    word: str,
    pool: Pool | str | dict,
    lexicon: Lexicon,
    *,
    alphabet: Alphabet | None = None,
    previous_word: str = "",
    claimed=(),
    required_letter: str = "",
    discards_used: int = 0,
    crossed_white: int = 0,
    words_written: int = 0,
    after_done: bool = False,
    challenge_over: bool = False,
    player: str | None = None,
    part_over: str = "",
    free_rows: str = "",
) -> ClaimVerdict:
    """Judge one claimed word against the rules and the player's pool; list every objection that holds.

    `claimed`: the words already claimed this challenge (by anyone);
    `discards_used`: discard boxes already checked this challenge;
    `words_written`: words already on the player's sheet this challenge;
    `player`: the claimant's name, for sentences the whole table reads ("Bob's pool cannot build ..."); left
    out, the sentences speak to the one who asked ("Your pool cannot build ...");
    at a table (tables/wordsmith): `part_over`, why `challenge_over` holds for this seat while the table still plays
    after Done! (`passed`, or `extra_word_played`); `free_rows`, the letters of the free rows of an Advanced sheet
    when the claim named none, each of which the word could have held (ruling 8), `required_letter` the first.
    """
    if part_over not in ("", "passed", "extra_word_played"):
        raise ValueError(f"part_over: '', 'passed' or 'extra_word_played' (got {spelled(part_over)})")
    voice = Voice(player)
    pool = parse_pool(pool)
    alphabet = alphabet or load_alphabet()
    required = read_letter(required_letter)
    boxes = discard_boxes(crossed_white, discards_used)
    if not is_whole(words_written) or not 0 <= words_written <= WORDS_PER_CHALLENGE:
        raise Refused(
            f"words_written must be a whole number from 0 to {WORDS_PER_CHALLENGE} (got {words_written!r})",
            ("words_written",),
        )
    if isinstance(claimed, str):
        claimed = split_words(claimed)
    normalized = fold(word).strip()
    shout = normalized.upper() or repr(word)
    previous = fold(previous_word or "").strip()
    objections: list[Objection] = []

    def object_(code: str, message: str, **detail) -> None:
        objections.append(Objection(code, message, detail))

    if words_written >= WORDS_PER_CHALLENGE:
        object_(
            "sheet_full",
            say("claim.sheet_full", words=WORDS_PER_CHALLENGE, **voice.words()),
        )
    if challenge_over:
        object_(
            "challenge_over", say(f"claim.{part_over}", **voice.words()) if part_over else say("claim.challenge_over")
        )
    verdict = check(normalized, lexicon, define=False)
    if verdict.reason == "invalid_characters":
        object_("invalid_characters", verdict.message)
    elif not verdict.valid:
        object_("not_a_word", verdict.message, reason=verdict.reason, tier=verdict.tier)
    if normalized in {fold(w).strip() for w in claimed}:
        object_("already_claimed", say("claim.already_claimed", W=shout))
    if previous and normalized and not new_letter(normalized, Counter(previous)):
        object_(
            "no_new_letter",
            say("claim.no_new_letter", W=shout, previous=previous.upper()),
            previous_word=previous,
        )
    if required and required not in normalized:
        letters = ", ".join(free_rows.upper())
        sentence = (
            say("claim.no_free_row_letter", W=shout, letters=letters)
            if len(free_rows) > 1
            else say("claim.missing_required_letter", W=shout, letter=required.upper())
        )
        object_("missing_required_letter", sentence, letter=required)

    pieces = leftover = None
    cost = alphabet.cost(normalized) if is_well_formed(normalized) else None
    if cost is None:
        if verdict.reason != "invalid_characters":  # well formed, but the alphabet has no pieces for a character
            object_("not_buildable", say("claim.no_pieces", W=shout), missing={})
    elif not pool.fits(cost):
        missing = pool.missing(cost)
        sentence = "claim.short_after_done" if after_done else "claim.short"
        object_(
            "not_buildable",
            say(sentence, W=shout, missing=_pieces_phrase(missing), **voice.words()),
            missing=missing,
        )
    else:
        pieces, leftover = pool.spend(cost)
        left = leftover.size
        if left and boxes.left == 0:
            object_(
                "must_use_all_pieces",
                say(
                    "claim.must_use_all_pieces",
                    W=shout,
                    total=boxes.total,
                    left=count(left, say("noun.piece")),
                    **voice.words(),
                ),
                leftover=left,
                boxes_left=0,
            )
        elif left > boxes.left:
            object_(
                "too_many_leftovers",
                say(
                    "claim.too_many_leftovers",
                    W=shout,
                    left=count(left, say("noun.piece")),
                    boxes=count(boxes.left, say("noun.discard_box")),
                    most=boxes.left,
                    **voice.words(),
                ),
                leftover=left,
                boxes_left=boxes.left,
            )
    discards = leftover.size if leftover else 0
    valid = not objections
    return ClaimVerdict(
        word=word,
        normalized=normalized,
        valid=valid,
        objections=tuple(objections),
        letters=len(normalized),
        score=len(normalized) if valid else 0,
        pieces=pieces,
        leftover=leftover,
        discards=discards,
        discards_used=discards_used,
        boxes_left=boxes.left,
        discards_after=discards_used + discards,
        bonus_lost=boxes.blue_cost(discards),
        lexicon=lexicon.name,
        after_done=after_done,
    )
