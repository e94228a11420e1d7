"""A reader of what a line says of someone, called the way the screen calls it: on the line in its matching form
(:func:`~utils.privacy.normalise.normalise`) with the line's words, which the screen splits once for every reader."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet

from utils.privacy._others_vocabulary import line_words
from utils.privacy.normalise import normalise


def reads(reader: Callable[[str, AbstractSet[str]], bool], text: str) -> bool:
    """What ``reader`` (``misdeed_told``, ``reports_a_member``, …) says of ``text`` as a member wrote it."""
    matching = normalise(text).text
    return reader(matching, line_words(matching))
