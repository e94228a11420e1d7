"""A word that is a whole item of a list of short items ("he/him | gay | 26 | Overwatch", "Catholic; 29; Pune"): a
profile fragment or a model's tag line says each item of its member, as a whole memory line does ("Gay.").

Only the separators people put between profile fields count (";", "|", "•", "·"), and only in a list of three items
at least: a comma or a slash also joins a list of names ("Christian, Jo and Mika", "he/him"), where a word that is a
name or a colour stands alone without being said of anyone.
"""

from __future__ import annotations

import re

_SEPARATOR = re.compile(r"[;|•·]")
_LETTER = re.compile(r"[^\W\d_]")


def a_whole_item(line: str, start: int, end: int) -> bool:
    """Whether ``line[start:end]`` is the only run of letters between two list separators (or a separator and the
    line's edge) in a line with two separators at least."""
    separators = [m.start() for m in _SEPARATOR.finditer(line)]
    if len(separators) < 2:
        return False
    before = max((s + 1 for s in separators if s < start), default=0)
    after = min((s for s in separators if s >= end), default=len(line))
    return _LETTER.search(line, before, start) is None and _LETTER.search(line, end, after) is None
