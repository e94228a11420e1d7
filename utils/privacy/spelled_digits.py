"""Digits written so a number's shape does not show: spelled in words, in a script without spaces, one character at a
time, or each between emoji. A PIN said this way after its word ("pin: seven three nine one") is still a PIN; the
words are data (``data/digit_words.json``), so a language is a line of that file."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from importlib import resources

_DIGITS = json.loads(resources.files("utils.privacy").joinpath("data/digit_words.json").read_text(encoding="utf-8"))


def _digit_item(words: Iterable[str], digit: str) -> str:
    spelled = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return r"[*_|`~]*(?:" + digit + spelled + r")[*_|`~]*"


_SPACED_ITEM = _digit_item((w for ws in _DIGITS["spaced"].values() for w in ws), r"\d|")
_UNSPACED_ITEM = _digit_item((w for ws in _DIGITS["unspaced"].values() for w in ws), "")
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
