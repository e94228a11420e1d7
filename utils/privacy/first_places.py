"""A long text searched only at the places where a pattern's match can begin: the same first match, fewer tries.

A pattern that opens with a look-behind (``(?<![^\\W\\d_])`` before a word) gives ``re`` no first character to skip
to, so a search tries the whole pattern at each of a long text's places: a wall of text in a script without spaces
is searched along all its 4,000 characters by every shape read there. The characters a match may begin with are read
off the parsed pattern (the first of each alternative, through optional parts, groups and zero-width assertions); a
class of them, with the pattern's own case-blindness and every case form of each, finds the candidate places in C,
and the pattern is tried at each in order. A match begins with one of them, and the places before the first that
matches are those a search tried and passed over, so the first match is the one a search finds. A pattern whose
first character is not such a known set (a class of all but some, a category, a match that may be empty) is searched
as it is.
"""

from __future__ import annotations

import re
from functools import lru_cache
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

_WIDEST_RANGE = 256
"""A range of more characters than this in a first class makes the set too broad to be worth a pre-search."""
_ZERO_WIDTH = frozenset({sre.AT, sre.ASSERT, sre.ASSERT_NOT})
_REPEATS = frozenset({sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT})
_WORD_START = r"(?<![^\W\d_])"


def _sequence(items: Any, flags: int) -> tuple[set[str] | None, bool]:
    """The characters a match of ``items`` (a parsed sequence) may begin with (None: any) and whether it may be empty."""
    found: set[str] = set()
    for op, av in items:
        firsts, empty = _item(op, av, flags)
        if firsts is None:
            return None, False
        found |= firsts
        if not empty:
            return found, False
    return found, True


def _item(op: Any, av: Any, flags: int) -> tuple[set[str] | None, bool]:
    if op is sre.LITERAL:
        return {chr(av)}, False
    if op is sre.IN:
        return _class(av), False
    if op in _ZERO_WIDTH:
        return set(), True  # an assertion consumes nothing: what follows begins the match
    if op is sre.BRANCH:
        found: set[str] = set()
        empty = False
        for branch in av[1]:
            firsts, may_be_empty = _sequence(branch, flags)
            if firsts is None:
                return None, False
            found |= firsts
            empty = empty or may_be_empty
        return found, empty
    if op is sre.SUBPATTERN:
        _group, added, _removed, body = av
        if added & re.IGNORECASE and not flags & re.IGNORECASE:
            return None, False  # case-blind inside only: the class would be read with the case
        return _sequence(body, flags)
    if op is sre.ATOMIC_GROUP:
        return _sequence(av, flags)
    if op in _REPEATS:
        least, _most, body = av
        firsts, empty = _sequence(body, flags)
        return firsts, empty or least == 0
    return None, False


def _class(items: Any) -> set[str] | None:
    found: set[str] = set()
    for op, av in items:
        if op is sre.LITERAL:
            found.add(chr(av))
        elif op is sre.RANGE and av[1] - av[0] <= _WIDEST_RANGE:
            found.update(chr(code) for code in range(av[0], av[1] + 1))
        else:
            return None  # a negation, a category, a wide range: too broad to pre-search
    return found


def _case_forms(char: str) -> set[str]:
    """``char`` and its case forms, with the pairs a case-blind search reads alike beyond them ("ſ", the Kelvin sign,
    "İ" and "ı" for "s", "k" and "i")."""
    forms = {char, char.lower(), char.upper(), char.casefold(), char.title()}
    extra = {"s": "ſ", "k": "\u212a", "i": "İı", "ſ": "s", "\u212a": "k", "İ": "i", "ı": "i", "µ": "μ", "μ": "µ"}
    for form in list(forms):
        forms.update(extra.get(form.lower(), ""))
    return {form for form in forms if len(form) == 1}


@lru_cache(maxsize=512)  # the shapes are built once; a bound all the same, should a caller compile per line
def openings(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """A class of the characters a match of ``pattern`` may begin with, or None when no such set is known."""
    flags = pattern.flags & (re.IGNORECASE | re.ASCII)
    parsed = sre_parse.parse(pattern.pattern, pattern.flags)
    firsts, empty = _sequence(parsed, pattern.flags)
    if firsts is None or empty or not firsts:
        return None
    if flags & re.IGNORECASE:
        firsts = {form for char in firsts for form in _case_forms(char)}
    # a match that opens where no letter stands before it (the whole pattern's first step, not one branch's) is looked
    # for there only: in a script without spaces a line's letters are one run, and few places open one
    bound = _WORD_START if pattern.pattern.startswith(_WORD_START) and parsed.data[0][0] is sre.ASSERT_NOT else ""
    return re.compile(bound + "[" + "".join(re.escape(char) for char in sorted(firsts)) + "]", flags)


LONG = 1_000
"""A window this long (a whole post in a script without spaces) is searched only where a match may begin; a shorter
one is searched as it is (a few places to skip do not pay for a step per candidate)."""


def search(pattern: re.Pattern[str], text: str, start: int = 0, end: int | None = None) -> re.Match[str] | None:
    """``pattern.search(text, start, end)``; a window of :data:`LONG` characters or more tried where a match may begin."""
    end = len(text) if end is None else end
    return search_from_openings(pattern, text, start, end) if end - start >= LONG else pattern.search(text, start, end)


def search_from_openings(pattern: re.Pattern[str], text: str, start: int, end: int) -> re.Match[str] | None:
    """``pattern.search(text, start, end)``, tried only where a match may begin."""
    places = openings(pattern)
    if places is None:
        return pattern.search(text, start, end)
    for place in places.finditer(text, start, end):
        match = pattern.match(text, place.start(), end)
        if match is not None:
            return match
    return None
