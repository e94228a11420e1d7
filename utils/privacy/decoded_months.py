"""A decoder of the decoding step (:mod:`utils.privacy.decoding`) for a code's digits given as month names.

A member hiding a PIN from a glance writes each digit as the month it numbers ("mars, juli, januari, oktober" for
3-7-1-10): no reading sees a number there. Four month names or more in a row, of any language (``data/decoding.json``
``months``), read as their numbers joined, and the decoding step judges that as it judges every other disguise: a
value only where the line names a secret, so a shop's opening months or a rainy season stay as they are.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources

from utils.privacy.decoded_region import Region
from utils.privacy.rule import literal_trie

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/decoding.json").read_text(encoding="utf-8"))
_NUMBERS: dict[str, int] = {name: number for names in _DATA["months"].values() for number, name in enumerate(names, start=1)}
_TRIE = literal_trie(sorted(_NUMBERS, key=len, reverse=True))
_NAME = rf"(?<![^\W\d_])(?:{_TRIE})(?![^\W\d_])"
_FEWEST = 4
_MONTHS = re.compile(rf"(?i){_NAME}(?:(?:\s*[,/;-]\s*|\s+)(?:{_NAME})){{{_FEWEST - 1},11}}")
"""Four month names at least, with a comma, a slash, a dash or a space between each."""
_GATE = re.compile(rf"(?i){_TRIE}")
"""Month names anywhere, inside words too: a search that skips in C to their first letters, four hits or it stops."""


class _SameLetter(dict[int, str]):
    """``str.translate`` table: each letter as the month names' letter it matches case-blind, as the patterns above
    match it (so "I" and "ı", "S" and "ſ" read as one), or as itself; anything else as a space, so the text splits
    into its words. Filled as characters are met (one match each), then a lookup in C."""

    _LETTERS = sorted({char for name in _NUMBERS for char in name})
    _MATCH = re.compile("(?i)" + "|".join(f"({re.escape(char)})" for char in _LETTERS))

    def __missing__(self, code: int) -> str:
        char = chr(code)
        match = self._MATCH.fullmatch(char)
        if _LETTER.fullmatch(char) is None:
            self[code] = " "  # the characters matching a name's letter are all letters
        else:
            self[code] = self._LETTERS[match.lastindex - 1] if match is not None and match.lastindex else char
        return self[code]


_LETTER = re.compile(r"[^\W\d_]")
_SAME_LETTER = _SameLetter()
_BY_LETTERS: dict[str, int] = {name.translate(_SAME_LETTER): number for name, number in _NUMBERS.items()}
"""Each name's number by the name as the patterns match it case-blind: "MAYIS" casefolds to "mayis", not to the
Turkish "mayıs" it matched."""
_WHOLE_NAMES = frozenset(_BY_LETTERS)


def _names_four_words(text: str) -> bool:
    """Whether four words of ``text`` are month names: a run of them is four words at least, each a whole name (no
    letter before or after it). Its words are read in C, where a case-blind search for every name tried each of the
    text's positions in turn."""
    return sum(map(_WHOLE_NAMES.__contains__, text.translate(_SAME_LETTER).split())) >= _FEWEST


def months(text: str) -> Iterator[Region]:
    if not _names_four_words(text) or len(_GATE.findall(text)) < _FEWEST:
        return
    for match in _MONTHS.finditer(text):
        numbers = [_BY_LETTERS.get(name.translate(_SAME_LETTER)) for name in re.findall(r"[^\W\d_]+", match.group())]
        if all(numbers):
            yield Region(match.start(), match.end(), "".join(map(str, numbers)))
