"""Which of the special-category exceptions a line is read for: each family of exceptions (titles and idioms,
a thing's subject, a game thing's slang, a player's figure, the word before a game's part) is gated by the whole
words its every entry needs, and only the families whose words the line holds are joined into the regex that blanks
them.

Why this blanks exactly what the one regex of every family blanks: at each place of the line the regex tries its
alternatives in order and takes the first that matches. A family whose needed words are not among the line's
runs of letters matches at no place of it, so leaving it out changes no alternative's outcome at any place: the
same matches, at the same places, in the same order. The families keep their order in the joined regex.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Set as AbstractSet
from typing import Any

Needed = dict[str, tuple[frozenset[str], ...]] | None
"""Per entry of a family, the whole words it needs, keyed by its longest one; None: some entry needs no word."""


def words_needed(entries: list[str]) -> Needed:
    """Per entry, its tokens made of letters alone: a match of the entry holds each as a whole run of the line's
    letters (its spaces match spacing, and no letter stands right before or after it), so a line without all of
    one entry's is not read for that entry. Keyed by the longest; None when an entry has no such token."""
    needed: dict[str, list[frozenset[str]]] = defaultdict(list)
    for entry in entries:
        whole = frozenset(token for token in entry.casefold().split() if token.isalpha())
        if not whole:
            return None
        needed[max(sorted(whole), key=len)].append(whole)
    return {key: tuple(sets) for key, sets in needed.items()}


def may_hold(words: AbstractSet[str], needed: Needed) -> bool:
    """Whether a line with these words may hold one of the entries :func:`words_needed` read."""
    if needed is None:
        return True
    return any(whole <= words for key in needed.keys() & words for whole in needed[key])


class ExceptionFamilies:
    """The exception families in their order, each a regex alternative and the words it needs; the regex of the
    families a line may hold is compiled once per such set and kept."""

    def __init__(self, families: list[tuple[str, Needed]]) -> None:
        self._families = families
        self._compiled: dict[tuple[bool, ...], re.Pattern[str]] = {}

    def pattern_for(self, words: AbstractSet[str]) -> re.Pattern[str]:
        """The regex of the families whose words ``words`` (the line's runs of letters) hold."""
        key = tuple(may_hold(words, needed) for _, needed in self._families)
        pattern = self._compiled.get(key)
        if pattern is None:
            chosen = [source for (source, _), kept in zip(self._families, key, strict=True) if kept]
            pattern = self._compiled[key] = re.compile("|".join(chosen) if chosen else "(?!)")
        return pattern


def _words(entries: list[str]) -> str:
    return "(?:" + "|".join(re.escape(e).replace(r"\ ", r"\s+") for e in sorted(set(entries), key=len, reverse=True)) + ")"


def slang_of_a_game_thing(spec: dict[str, Any]) -> tuple[str, list[str]]:
    """The exception family of an illness word said as slang of a thing of a game ("deze patch is kanker", "ранкед
    очередь — сплошной рак", "рак, а не игра"): the regex that blanks the thing, its few linking words and the slang
    word, and its entries (the slang words, which a line must hold for the family to be read). Said of a person ("my
    dad has cancer", "у папы рак") no thing stands before the word, and it is read as before."""
    slang = spec["slang"].split()
    thing = rf"(?<![^\W\d_]){_words(spec['things'].split())}(?![^\W\d_])"
    link = r"(?:\s*[—–-]\s*|\s+)"
    word = rf"{_words(slang)}(?![^\W\d_])"
    before = rf"{thing}{link}(?:{_words(spec['fillers'].split())}{link}){{0,4}}{word}"  # "queue is giving me an"
    contrast = rf"(?<![^\W\d_]){word},?\s+{_words(spec['contrast'])}\s+{thing}"
    return f"(?:{before}|{contrast})", slang
