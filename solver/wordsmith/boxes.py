"""The score sheet as printed, and a challenge's discard boxes: how many are free, how many score."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Refused, spelled
from ..sentences import say

# The score sheet, as printed: 6 white (free) and 6 blue (bonus) discard boxes,
# six word lines per challenge, three challenges.
WHITE_BOXES = 6
BLUE_BOXES = 6
DISCARD_BOXES = WHITE_BOXES + BLUE_BOXES
WORDS_PER_CHALLENGE = 6
CHALLENGES = 3
# Word by Word: three dice per word, rolled again when all three show a wild,
# so a word row gets at most two circles.
WORD_BY_WORD_DICE = 3
MAX_CIRCLES = WORD_BY_WORD_DICE - 1
VARIANTS = ("standard", "secret", "advanced", "word_by_word")


# --- discard boxes ---------------------------------------------------------------


@dataclass(frozen=True)
class DiscardBoxes:
    """A challenge's discard boxes: how many there are, how many are checked, what is left."""

    crossed_white: int = 0
    checked: int = 0

    @property
    def white(self) -> int:
        return WHITE_BOXES - self.crossed_white

    @property
    def total(self) -> int:
        return self.white + BLUE_BOXES

    @property
    def left(self) -> int:
        return self.total - self.checked

    @property
    def free_left(self) -> int:
        """White boxes still unchecked: discards that cost nothing."""
        return max(0, self.white - self.checked)

    @property
    def blue_checked(self) -> int:
        return max(0, self.checked - self.white)

    @property
    def bonus(self) -> int:
        return BLUE_BOXES - self.blue_checked

    def blue_cost(self, discards: int) -> int:
        """Return how many blue boxes `discards` more discards would check (up to the boxes left)."""
        return max(0, min(discards, self.left) - self.free_left)


def discard_boxes(
    crossed_white: int = 0,
    checked: int = 0,
    where: str = "",
    *,
    crossed_path: tuple = ("crossed_white",),
    checked_path: tuple = ("discards_used",),
) -> DiscardBoxes:
    """Return the boxes of a challenge, or refuse counts that cannot be on a sheet.

    `where` names the challenge in messages; `crossed_path` and `checked_path` are where
    the two counts sit in the request (a score sheet gives its challenge's path for both).
    """
    prefix = f"{where}: " if where else ""
    if not is_whole(crossed_white) or not 0 <= crossed_white <= WHITE_BOXES:
        said = say("sheet.crossed_white", most=WHITE_BOXES, given=spelled(crossed_white))
        raise Refused(prefix + said, crossed_path)
    if not is_whole(checked) or checked < 0:
        raise Refused(prefix + say("sheet.discards_whole", given=spelled(checked)), checked_path)
    boxes = DiscardBoxes(crossed_white, checked)
    if checked > boxes.total:
        key = "sheet.discards_over_crossed" if crossed_white else "sheet.discards_over"
        raise Refused(prefix + say(key, checked=checked, total=boxes.total, crossed=crossed_white), checked_path)
    return boxes


def is_whole(value) -> bool:
    """Tell whether `value` is an int and not a bool (JSON true is no count)."""
    return isinstance(value, int) and not isinstance(value, bool)
