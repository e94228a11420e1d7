"""Digits written so a number's shape does not show: spelled in words, in a script without spaces, one character at a
time, or each between emoji. A PIN said this way after its word ("pin: seven three nine one") is still a PIN; the
words are data (``data/digit_words.json``), so a language is a line of that file."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from importlib import resources

from utils.privacy.rule import literal_trie

_DIGITS = json.loads(resources.files("utils.privacy").joinpath("data/digit_words.json").read_text(encoding="utf-8"))


def _digit_item(words: Iterable[str], digit: str, *, case_blind: bool) -> str:
    return r"[*_|`~]*(?:" + digit + spelled_words(words, case_blind=case_blind) + r")[*_|`~]*"


def spelled_words(words: Iterable[str], *, case_blind: bool) -> str:
    """The words as one alternative of a tail: factored by their common beginnings (:func:`literal_trie`), so a place
    tries the few words that start with its character, not each of several hundred in turn. Where one path of the trie
    is all a character can take, its words are tried longest first, as the flat alternation longest first tries them,
    and the tail matches what it matched; where two siblings would match one character, the flat alternation is kept.
    ``case_blind``: each letter is written as the one letter its case-blind match stands for ("ı" of "sıfır" as the
    "i" of "sieben", which matches the same characters), so such siblings share one branch."""
    unique = sorted({"".join(map(case_blind_letter, w)) for w in words} if case_blind else set(words))
    if one_path_a_character(unique, case_blind=case_blind):
        return literal_trie(unique)
    return "|".join(re.escape(w) for w in sorted(unique, key=len, reverse=True))


def case_blind_letter(char: str) -> str:
    """The letter a case-blind match of ``char`` stands for: its upper case's lower case, when that is one letter."""
    folded = char.upper().lower()
    return folded if len(folded) == 1 else char


def one_path_a_character(words: list[str], *, case_blind: bool) -> bool:
    """Whether no two words' trie branches leave one node on characters one character of a text matches both of."""
    children: dict[str, set[str]] = {}
    for word in words:
        for end in range(len(word)):
            children.setdefault(word[:end], set()).add(word[end])
    if not case_blind:
        return True  # distinct characters: a character matches one of them at most
    matches = {char: re.compile(re.escape(char), re.IGNORECASE).fullmatch for char in set("".join(words))}
    return not any(
        matches[first](second) for siblings in children.values() for first in siblings for second in siblings if first < second
    )


_SPACED_ITEM = _digit_item((w for ws in _DIGITS["spaced"].values() for w in ws), r"\d|", case_blind=True)
_UNSPACED_ITEM = _digit_item((w for ws in _DIGITS["unspaced"].values() for w in ws), "", case_blind=False)
"""Without a digit: digits run together are a number ("28013"), which the number tails read."""
TAILS = (
    re.compile(
        r"(?i)[^\n.!?]{0,16}?(?<![\w*_|`~])(?P<secret>" + _SPACED_ITEM + r"(?:[^\w\n]{1,3}" + _SPACED_ITEM + r"){3,11})"
        r"(?![\w*_|`~])"
    ),
    re.compile(r"[^\n.!?]{0,16}?(?P<secret>" + _UNSPACED_ITEM + r"(?:[^\w\n]{0,3}" + _UNSPACED_ITEM + r"){3,11})"),
    re.compile(r"[^\n.!?]{0,20}?(?<!\w)(?P<secret>\w(?:[ \t·•_-]{1,2}\w){5,39})(?!\w)"),
)
"""A PIN or code said digit by digit: spelled in any of the languages of ``data/digit_words.json`` ("four seven 2
nine", "cztery zero osiem dwa", "два ноль пять восемь"), written in a script without spaces ("六三八二一九",
"สองห้าเก้าศูนย์"), one character at a time ("g i r a s o l 4 4 9 1"), each digit in Markdown ("*1* *9* *7* *3*")
or between emoji ("🔹3🔹8🔹0🔹6"), which the digit tails do not read as one number."""
