"""What the decoding step finds: a stretch of a line and the plain form it reads as (:mod:`utils.privacy.decoding`)."""

from __future__ import annotations

from dataclasses import dataclass

MIN_VALUE = 4
MIN_LETTERS_ONLY = 6


@dataclass(frozen=True)
class Region:
    """Characters ``text[start:end]`` that read as ``plain``."""

    start: int
    end: int
    plain: str
    judged: bool = True
    """False: the plain form only helps a reading (a secret word's short form), it is no value itself."""
    certain: bool = False
    """True: the disguise itself shows a secret, whether or not the line names one."""


def a_value(plain: str) -> bool:
    """A decoded form is a value when it holds four characters with a digit, or six letters."""
    if len(plain) < MIN_VALUE:
        return False
    return any(c.isdigit() for c in plain) or (len(plain) >= MIN_LETTERS_ONLY and plain.isalpha())
