"""An alternation of many phrases behind a look-ahead per first character: the same matches, fewer tries.

A regex alternation is tried one alternative after another at every place a search reaches; with hundreds of phrases
that is hundreds of failed first characters at each of a long post's places. Phrases starting with one character (as
a case-blind search reads it: "i", "I", "İ" and "ı" are one) are grouped, in their order, behind one look-ahead for
their first characters. At any place only the phrases whose first character matches it can match, and they are all in
one group and in their order, so the first match found and every one backtracking reaches are those of the plain
alternation, whatever the flags the caller compiles with.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def grouped(alternatives: Iterable[tuple[str | None, str]]) -> str:
    """``alternatives`` (each its first character, or None when it has none it must begin with, and its regex) as one
    non-capturing alternation, grouped by first character; a plain alternation when one has no first character."""
    listed = list(alternatives)
    if any(first is None or len(first) != 1 for first, _ in listed):
        return "(?:" + "|".join(regex for _, regex in listed) + ")"
    groups: dict[str, tuple[set[str], list[str]]] = {}
    for first, regex in listed:
        assert first is not None  # for the type checker: checked above
        key = next((key for key in groups if _one_character(key, first)), first)
        firsts, members = groups.setdefault(key, (set(), []))
        firsts.add(first)
        members.append(regex)
    return "(?:" + "|".join(_ahead(firsts) + "(?:" + "|".join(members) + ")" for firsts, members in groups.values()) + ")"


def _one_character(key: str, first: str) -> bool:
    """Whether a case-blind search reads ``first`` as ``key`` (the pairs Unicode folds alike: "k", "K" and the Kelvin
    sign, "s" and "ſ", "i" and "İ")."""
    return re.fullmatch(re.escape(key), first, re.IGNORECASE) is not None


def _ahead(firsts: set[str]) -> str:
    return "(?=[" + "".join(re.escape(char) for char in sorted(firsts)) + "])"
