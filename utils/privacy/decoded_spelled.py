"""A decoder of the decoding step (:mod:`utils.privacy.decoding`) for words spelled out one letter at a time.

A member hiding a recovery phrase from a server's scanner writes each word's letters apart ("m o d e r n e | b a n q u
i e r | t r o n c …"): no reading sees a word there, each piece being one letter. The words are read joined, a wider
gap (two spaces or more, a bar, a slash, a dash, a comma) between them, and the decoding step judges what they say as
it judges every other disguise: the screen's readings find a phrase in the words, and a line of emphasis ("g g  w p")
or a shouted name ("N A S A") reads as the ordinary words it spells.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from utils.privacy.decoded_region import Region

_LETTER = r"[^\W\d_](?: ?[\u0300-\u036f])*"
"""One letter, with the combining marks a decomposed word list writes after it, apart too ("e ́")."""
_SPELLED_WORD = rf"{_LETTER}(?: {_LETTER}){{2,}}"
"""A word of three letters at least, one space between them (no list word is shorter)."""
_WORD_GAP = r"(?: {2,4}| ?[|/,·–-] ?)"
_FEWEST_WORDS = 6
_SPELLED = re.compile(rf"(?<![^\W_]){_SPELLED_WORD}(?:{_WORD_GAP}{_SPELLED_WORD}){{{_FEWEST_WORDS - 1},23}}(?![^\W_])")
"""Six spelled words at least, as many as a phrase its name announces needs; twenty-four at most."""
_GATE = re.compile(r" (?<=(?<![^\W_])[^\W\d_] )[^\W\d_] [^\W\d_](?:  | ?[|/,·–-] ?)[^\W\d_] [^\W\d_]")
"""A spelled word's last three letters and the next one's first two: the cheap test a line mostly fails. Read from the
space after the first letter, then the letter and what stands before it, so ``re`` skips in C from space to space."""


def spelled_words(text: str) -> Iterator[Region]:
    if _GATE.search(text) is None:
        return
    for match in _SPELLED.finditer(text):
        words = re.split(_WORD_GAP, match.group())
        yield Region(match.start(), match.end(), " ".join(word.replace(" ", "") for word in words))
