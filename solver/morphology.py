"""WordNet's morphology at run time: the detachment rules that lead a regular inflection to its lemma.

Plain Python with no dependency, so `wordlists/build.py` runs the very same
look-up when it decides which inflections to write out in full.
"""

from __future__ import annotations

__all__ = ["DETACHMENT", "through_rules"]

# WordNet's detachment rules (morphy, `man 7WN morphy`) by part of speech: an
# inflection ending in the first string is tried with the second in its place.
DETACHMENT = {
    "n": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
# Filed by the suffix's last letter, so a word tries only the rules that can apply.
_RULES_BY_LAST: dict[str, list[tuple[str, str, str]]] = {}
for _pos, _rules in DETACHMENT.items():
    for _suffix, _ending in _rules:
        _RULES_BY_LAST.setdefault(_suffix[-1], []).append((_suffix, _ending, _pos))


def through_rules(word: str, senses: dict[str, str], parts: dict[str, str]) -> str | None:
    """Return the senses of the first lemma a detachment rule leads `word` to, in the rule's part of speech.

    The build stores every word this would answer wrongly (DOES, whose first
    rule finds the noun *doe*; HIS, which is no plural of *hi*), so for a word
    not in the table this is exact.
    """
    for suffix, ending, pos in _RULES_BY_LAST.get(word[-1:], ()):
        if word.endswith(suffix):
            base = word[: len(word) - len(suffix)] + ending
            if pos in parts.get(base, ""):
                return senses[base]
    return None
