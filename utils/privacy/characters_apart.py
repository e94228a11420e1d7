"""Values laid out one character at a time: one per line, one per cell of a Markdown table row, between hyphens,
dots or slashes, or in the flag letters of Unicode's regional indicators.

A member who hides a password from a glance writes it down a column ("G\\nu\\na\\nv\\na\\n7\\n1"), across a table row
("| P | e | l | i | 5 | 2 |"), with a dash between its characters inside a spoiler ("||F-e-l-s-k-1-9||") or in flag
letters ("🇰 🇦 🇩 🇺 🇳 🇦 4 4"); no format sees a value there, since each piece is one character. The run is read joined,
as the member meant it: flag letters count as the letters they show, one code point for one, and a run of them
written together counts as one piece ("🇱🇺🇳🇦 7 7"). What it spells is a value where it mixes letters and digits and
the line names a secret ("salasana", "kontra", "pw"): a team list down a column, a tic-tac-toe row, a fighting
game's "Q-C-F-4", a match score "2-1-0-3" or a row of flags name none, or spell no such mix.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from utils.privacy import vocabulary
from utils.privacy.line_reading import distinct_words
from utils.privacy.rule import Rule, Span

_FLAG_LETTERS = {0x1F1E6 + i: chr(ord("A") + i) for i in range(26)}
"""Regional indicator symbols, each read as the capital it shows (two of them side by side draw a country's flag)."""
_UNIT = r"(?:[\U0001F1E6-\U0001F1FF]+|[^\W_]|[!#$%&*+?@])"
"""One piece: a character, or a word of flag letters."""
_SEPARATOR = r"(?:\n|[ \t]?[-./|][ \t]?|[ \t])"
_RUN = re.compile(
    r"(?<![^\W_])(?P<secret>" + _UNIT + r"(?P<sep>" + _SEPARATOR + r")(?:" + _UNIT + r"(?P=sep)){1,40}" + _UNIT + r")"
    r"(?![^\W_])"
)
"""Pieces with the same separator between each, three at least."""
_MIN_CHARACTERS = 5
_GATE = re.compile(r"(?:^|[\W_])[^\W_](?:\n|[ \t]?[-./|][ \t]?|[ \t])[^\W_](?:\n|[ \t]?[-./|][ \t]?|[ \t])[^\W_](?![^\W_])")
"""Three single characters apart: a cheaper search than the run's, which most lines with a digit fail."""
_FLAG = re.compile("[\U0001f1e6-\U0001f1ff]")
_PIECE = re.compile(r"(?<![^\s\-./|])[^\W_](?![^\s\-./|])")
"""One character between separators, as it stands in a word of the line: the gate's middle character does (what a
separator holds besides whitespace is a dash, a dot, a slash or a bar), so a long line without one is not searched."""
_PIECES_FROM = 600
"""A shorter line is searched by the gate alone: reading its distinct words first costs as much as the gate saves."""


def _may_hold_pieces(text: str) -> bool:
    """Whether :data:`_GATE` may find something in ``text``: a long line's distinct words (the scanner's, when it
    reads the line) are searched for a character standing alone, not each of its thousands of positions."""
    return len(text) < _PIECES_FROM or _PIECE.search(distinct_words(text)) is not None


def _a_value(joined: str) -> bool:
    """What a run spells is a value when it is long enough and mixes letters and digits."""
    return len(joined) >= _MIN_CHARACTERS and any(c.isdigit() for c in joined) and any(c.isalpha() for c in joined)


class _ApartRule(Rule):
    """Reads a line with a digit (what it spells mixes letters and digits) and three single characters apart, or flag
    letters; the line's secret words are read only for a run that spells a value."""

    def spans(self, text: str) -> Iterator[Span]:
        if (not _may_hold_pieces(text) or _GATE.search(text) is None) and (text.isascii() or _FLAG.search(text) is None):
            return
        named: bool | None = None
        for match in self.pattern.finditer(text):
            joined = match.group("secret").replace(match.group("sep"), "").translate(_FLAG_LETTERS)
            if not _a_value(joined):
                continue
            if named is None:
                named = bool(vocabulary.find(text))
            if not named:
                return
            yield match.start("secret"), match.end("secret"), self.kind


RULES: tuple[Rule, ...] = (_ApartRule("password", _RUN, digits=1),)
"""A value written one character at a time, read joined."""
