"""A secret corrected in the next message: the value given again with a slip mended is the same secret.

A member who gives a password and then fixes a typo ("pw = Saguaro_303" / "*edit: Saguaro_330, typo", "PIN: 6621" /
"ah nee, 6612") writes the second value with nothing around it that says what it is: the earlier message said so. A
word of the new message that is the earlier value with two characters swapped, one changed, one added or one dropped
is that value, corrected; so is the value with a few characters added at an end, as a secret is renewed. Only
values an earlier message gave as secrets are compared (a score, a room number or a level mended in the same way
passes), and only words as long as a PIN.
"""

from __future__ import annotations

from collections.abc import Collection

from utils.privacy._conversation_words import Said, may_be_revealed

_MIN_LENGTH = 4
_ONE_CHANGE_FROM = 6
"""One character changed, added or dropped is a slip only in a longer value: "4471" and "4472" are two PINs."""
_STRIP = "*_~`'\"“”«»()[]{}.,;:!?"


def _swapped(value: str, word: str) -> bool:
    """Two characters of the value trade places (next to each other or not), all else the same."""
    if len(value) != len(word) or sorted(value) != sorted(word):
        return False
    differ = [i for i, (a, b) in enumerate(zip(value, word, strict=True)) if a != b]
    return len(differ) == 2


def _one_change(value: str, word: str) -> bool:
    """One character changed, added or dropped."""
    if len(value) < _ONE_CHANGE_FROM:
        return False
    if len(value) == len(word):
        return sum(a != b for a, b in zip(value, word, strict=True)) == 1
    short, long = sorted((value, word), key=len)
    if len(long) - len(short) != 1:
        return False
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def _mended(folded_value: str, folded_word: str) -> bool:
    """Both case-folded; a word more than one character longer or shorter is never a slip, and is not compared."""
    if folded_value == folded_word or abs(len(folded_value) - len(folded_word)) > 1:
        return False
    return _swapped(folded_value, folded_word) or _one_change(folded_value, folded_word)


def _extended(folded_value: str, folded_word: str) -> bool:
    """The value with a few characters added at its end or its start ("4471" / "changed it, a 7 at the end" /
    "44717", "Sommerwind7" → "Sommerwind78"): a secret renewed the way members renew one, the old one inside it."""
    added = len(folded_word) - len(folded_value)
    return 0 < added <= _ADDED and (folded_word.startswith(folded_value) or folded_word.endswith(folded_value))


_ADDED = 4
"""Characters added to a value that still make it the same secret renewed ("panda2023" → "panda2023888")."""


def corrected_values(window: Collection[Said], text: str) -> list[tuple[str, str]]:
    """The words of ``text`` that mend a secret an earlier message in ``window`` gave, with its kind."""
    earlier = [(value.casefold(), kind) for said in window for value, kind in said.values if len(value) >= _MIN_LENGTH]
    if not earlier:
        return []  # the cheap gate: most windows hold no secret given
    renewed = may_be_revealed(text)  # a value renewed is sent alone: "my score was 44712" after "4471" is a score
    near = {len(value) + step for value, _kind in earlier for step in range(-1, (_ADDED if renewed else 1) + 1)}
    found: list[tuple[str, str]] = []
    for token in text.split():
        word = token.strip(_STRIP)
        if len(word) < _MIN_LENGTH or (len(word) not in near and word.isascii()):
            continue  # most words are no value's length (an ASCII word keeps its length when folded): one look
        folded = word.casefold()
        for value, kind in earlier:
            if (_mended(value, folded) or (renewed and _extended(value, folded))) and (word, kind) not in found:
                found.append((word, kind))
    return found


def corrected_earlier(window: Collection[Said], found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The words of the earlier messages that a value found in this one corrects ("guest wifi is Otter-Bay-61" / "wait
    no" / "Otter-Bay-16*"): the slip was the same secret, given first, and its copies go with the right one."""
    values = [(value.strip(_STRIP).casefold(), kind) for value, kind in found if len(value.strip(_STRIP)) >= _MIN_LENGTH]
    if not values or not window:
        return []
    near = {len(value) + step for value, _kind in values for step in (-1, 0, 1)}
    earlier: list[tuple[str, str]] = []
    for said in window:
        for token in said.text.split():
            word = token.strip(_STRIP)
            if len(word) < _MIN_LENGTH or (len(word) not in near and word.isascii()):
                continue
            folded = word.casefold()
            for value, kind in values:
                if _mended(value, folded) and (word, kind) not in earlier:
                    earlier.append((word, kind))
    return earlier
