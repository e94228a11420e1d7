"""Dashes and quotation marks typed in prose: a line beyond ASCII through them alone reads as an ASCII line does.

Chat is mostly ASCII, and each reading of a line takes its quick way when the line is ("plain ASCII costs one
check"). A dash or a curly quote ("lol — my password is…", "it’s") put a line beyond ASCII, and every reading took
its way for other scripts: the whole line translated character by character, split on Unicode word characters,
searched for look-alike letters, styled letters and digits of other numeral systems it cannot hold. These marks are
none of those: each is its own NFKC form, composes with nothing, is no letter or digit and folds to itself. A line
whose characters beyond ASCII are all of them is read the quick way by the readings that say so, with the same
result (the checks below hold at import, and the tests compare both ways over every such mark).
"""

from __future__ import annotations

import re
import unicodedata

PROSE_MARKS = "\u2013\u2014\u2018\u2019\u201c\u201d\u00ab\u00bb"
"""En and em dash, single and double curly quotation marks, guillemets."""

_BEYOND = re.compile("[^\x00-\x7f" + PROSE_MARKS + "]")
"""A character beyond ASCII that is not one of :data:`PROSE_MARKS`: one search in C finds the first."""

assert all(
    unicodedata.is_normalized("NFKC", mark)
    and unicodedata.decomposition(mark) == ""
    and unicodedata.combining(mark) == 0
    and not mark.isalnum()
    and mark.casefold() == mark.lower() == mark
    and not unicodedata.category(mark).startswith(("L", "M", "N", "Z", "C"))
    for mark in PROSE_MARKS
), "a prose mark is its own form, no letter, digit, mark, space or format character, and has no case"


def ascii_but_prose_marks(text: str) -> bool:
    """Whether every character of ``text`` is ASCII or one of :data:`PROSE_MARKS` (an ASCII text is)."""
    return text.isascii() or _BEYOND.search(text) is None
