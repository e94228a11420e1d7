"""A PIN given as the word it spells on a phone keypad: the word is the PIN as much as its digits are.

"the gate pin spells BEAR on the keypad = 2327" gives the code twice: once in digits, which the PIN readings take,
and once as the word whose letters sit on those keys (ITU E.161: ABC on 2 … WXYZ on 9), which says the same. A
word is that PIN where the line names a secret and holds, as a run of four to eight digits, exactly the keys of
its letters; the chance that a word in a line about something else types out a number beside it is what the
secret word rules out ("GAME over at 4263 points", "room TEAM 8326").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from utils.privacy import vocabulary
from utils.privacy.rule import Rule, Span

_KEYS = str.maketrans(
    {
        letter: str(key)
        for key, letters in enumerate(("", "", "abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"))
        for letter in letters
    }
)
_MIN_KEYS = 4
_DIGITS = re.compile(r"\d(?<!\d\d)\d{3,7}(?!\d)")
"""A run of four to eight digits, read from its first digit (no digit before it) so ``re`` skips in C from digit to
digit: the line has a run of four digits and separators, often a long post's date or id, and its letters are many."""
_WORD = re.compile(r"(?<![^\W\d_])[A-Za-z]{4,8}(?![^\W\d_])")


class _KeypadRule(Rule):
    """Reads a line with a run of four digits at least (:attr:`Rule.digits`), and its words as keys only then; the word
    and the digits it types are both the PIN."""

    def spans(self, text: str) -> Iterator[Span]:
        numbers: dict[str, list[tuple[int, int]]] = {}
        for match in _DIGITS.finditer(text):
            numbers.setdefault(match.group(), []).append(match.span())
        if not numbers:
            return
        named: bool | None = None
        for word in _WORD.finditer(text):
            keys = word.group().casefold().translate(_KEYS)
            if keys not in numbers:
                continue
            if named is None:
                named = bool(vocabulary.find(text))
            if not named:
                return
            yield word.start(), word.end(), self.kind
            for start, end in numbers[keys]:
                yield start, end, self.kind


RULES: tuple[Rule, ...] = (_KeypadRule("password", _WORD, digits=_MIN_KEYS),)
"""A word that types out a PIN the same line gives in digits."""
