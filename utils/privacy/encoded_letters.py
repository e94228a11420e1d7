"""Values written in Morse code or Braille: decoded, then judged as the value they spell.

A member who posts a password "in morse for the vibes" ("--- .-- .-.. --... .-.") or in Unicode Braille
("⠇⠥⠍⠑⠝⠼⠙⠓⠃⠁") writes no letter a format could see. A run of four or more Morse letters, or of Braille cells, is
decoded with the tables of ``data/disguised_values.json``; what it spells is a value where the line names a secret
("pw", "salasana", "wachtwoord") or where it reads like one by itself (letters and digits mixed). A puzzle's "SOS"
(three letters), Morse practice ("hello world") or a word shown in Braille with no secret named pass unchanged.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources

from utils.privacy import vocabulary
from utils.privacy.rule import Rule, Span

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/disguised_values.json").read_text(encoding="utf-8"))
_MORSE: dict[str, str] = _DATA["morse"]
_BRAILLE: dict[str, str] = _DATA["braille"]["letters"]
_BRAILLE_DIGITS: dict[str, str] = _DATA["braille"]["digits"]
_NUMBER_SIGN: str = _DATA["braille"]["number_sign"]
_CAPITAL_SIGN: str = _DATA["braille"]["capital_sign"]
_MIN_LETTERS = 4

_MORSE_RUN = re.compile(r"(?<![\w.-])(?P<secret>[.-]{1,6}(?:(?: | / |   )[.-]{1,6}){3,63})(?![\w.-])")
"""Four or more Morse letters one space apart (a slash or three spaces between words)."""
_BRAILLE_RUN = re.compile(r"(?P<secret>[\u2800-\u28ff]+(?:[ \t]+[\u2800-\u28ff]+)*)")


def _decoded_morse(run: str) -> str | None:
    letters = [_MORSE.get(token) for token in run.replace("/", " ").split()]
    if any(letter is None for letter in letters) or len(set(letters)) < 2:
        return None  # not Morse ("-- -- -- --" is a rule drawn with dashes)
    return "".join(letter for letter in letters if letter is not None)


def _decoded_braille(run: str) -> str:
    decoded, digits = [], False
    for cell in run:
        if cell == _NUMBER_SIGN:
            digits = True
        elif cell.isspace():
            digits = False
        elif cell != _CAPITAL_SIGN:
            decoded.append(_BRAILLE_DIGITS[cell] if digits and cell in _BRAILLE_DIGITS else _BRAILLE.get(cell, "?"))
            digits = digits and cell in _BRAILLE_DIGITS
    return "".join(decoded)


def _a_value(decoded: str | None, line: str) -> bool:
    """What a run spells is a value when the line names a secret, or when it mixes letters and digits."""
    if decoded is None or len(decoded) < _MIN_LETTERS:
        return False
    mixed = any(c.isdigit() for c in decoded) and any(c.isalpha() for c in decoded)
    return mixed or bool(vocabulary.find(line))


def _morse_value(match: re.Match[str]) -> bool:
    return _a_value(_decoded_morse(match.group("secret")), match.string)


def _braille_value(match: re.Match[str]) -> bool:
    return _a_value(_decoded_braille(match.group("secret")), match.string)


class _BrailleRule(Rule):
    """Braille cells are beyond ASCII: a line in ASCII, most of chat, holds none and is not searched for them."""

    def spans(self, text: str) -> Iterator[Span]:
        return iter(()) if text.isascii() else super().spans(text)


RULES: tuple[Rule, ...] = (
    Rule("password", _MORSE_RUN, (" .", " -"), accept=_morse_value),
    _BrailleRule("password", _BRAILLE_RUN, accept=_braille_value),
)
"""A value written in Morse code or in Braille, judged by what it spells."""
