"""What several of the scanner's rules ask of one line, read once while they run over it.

Each rule reads the line on its own, and a few gate on the same thing: the line's runs of letters (an address's
unit word, a word said for a capital or a symbol start on one). Each of them reading those again was one more pass of
``re`` over the line. The scanner opens a reading of the line for the time its rules run (:func:`open_reading`); a
rule asks it, and a rule called outside it, or on another text, reads the text on the spot. Nothing outlives the
scanner's call, so a line screened again is read again.
"""

from __future__ import annotations

import re
from contextvars import ContextVar, Token

_ASCII_LETTERS = re.compile(r"[a-z]+")


class _Reading:
    """One line and what was read of it so far."""

    __slots__ = ("letters", "text", "words")

    def __init__(self, text: str, words: str | None) -> None:
        self.text = text
        self.words = words
        self.letters: frozenset[str] | None = None


_CURRENT: ContextVar[_Reading | None] = ContextVar("line_reading", default=None)


def open_reading(text: str, words: str | None = None) -> Token[_Reading | None]:
    """Start reading ``text`` once for the rules; pass the token to :func:`close_reading` when they are done.
    ``words``: the distinct words of ``text`` case-folded, joined by spaces (the scanner's), when the caller has them:
    a run of letters holds no whitespace, so a long post's runs are those of its distinct words, read once each."""
    return _CURRENT.set(_Reading(text, words))


def close_reading(token: Token[_Reading | None]) -> None:
    _CURRENT.reset(token)


def ascii_letter_runs(text: str) -> frozenset[str]:
    """The runs of letters of ``text``, an ASCII line (or one beyond ASCII only through the dashes and quotes of
    :mod:`utils.privacy.prose_marks`, which are no letters and have no case), in lower case: what ``[^\\W\\d_]+`` finds
    in its case-folded form, which for ASCII is its lower-case form."""
    reading = _CURRENT.get()
    if reading is None or reading.text is not text:
        return frozenset(_ASCII_LETTERS.findall(text.lower()))
    if reading.letters is None:  # an ASCII line's case-folded words are its lower-case ones
        reading.letters = frozenset(_ASCII_LETTERS.findall(text.lower() if reading.words is None else reading.words))
    return reading.letters


def distinct_words(text: str) -> str:
    """The distinct words of ``text`` joined by spaces, in a long line's case when it is ASCII (the scanner's, read
    once), as written otherwise: what holds no whitespace is inside one of them or nowhere."""
    reading = _CURRENT.get()
    if reading is not None and reading.text is text and reading.words is not None and text.isascii():
        return reading.words
    return " ".join(set(text.split()))
