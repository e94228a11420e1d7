"""National identity, tax and voter numbers that carry a check digit, confirmed by python-stdnum.

Most national ids are a run of digits a game score or a phone number could also be. Two
things tell them apart without listing each country's layout:

- *a checksum and a word*: a number of 8 to 16 digits (separators allowed) that one of the
  check-digit validators below accepts, with a word naming an id within a few words of it,
  before or after ("moj emso je …", "… čia mano a.k.", "주민번호 …"). A checksum alone is
  one chance in ten or eleven; with the word it is the member's id.
- *a shape no other number has*, with its check digit: a Korean resident number written
  "YYMMDD-NNNNNNN" or with a space (a date, a dash, a checksum), a Czech or Slovak birth number "YYMMDD/NNNN",
  a Taiwanese id (a letter, 1 or 2, eight digits), a Hong Kong id "A123456(7)", a Singapore
  NRIC "S1234567D", an Indian voter id (three letters, seven digits). These stand alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from importlib import resources
from types import ModuleType

from stdnum.co import nit
from stdnum.cz import rc as cz_rc
from stdnum.ec import ci
from stdnum.gb import utr
from stdnum.in_ import aadhaar, epic, vid
from stdnum.kr import rrn
from stdnum.lt import asmens
from stdnum.md import idno
from stdnum.pe import cui
from stdnum.si import emso
from stdnum.sk import rc as sk_rc

from utils.privacy.rule import Rule

_CHECKED: tuple[ModuleType, ...] = (rrn, asmens, emso, sk_rc, cz_rc, ci, cui, utr, vid, aadhaar, nit, idno)
"""Validators whose number has a check digit (a date as well for rrn, asmens, emso, rc)."""
_DATA = json.loads(resources.files("utils.privacy").joinpath("data/national_ids.json").read_text(encoding="utf-8"))
_WORDS: list[str] = sorted({w.casefold() for ws in _DATA["words"].values() for w in ws}, key=len, reverse=True)
_ID_WORD = re.compile(r"(?<![^\W\d_])(?:" + "|".join(re.escape(w) for w in _WORDS) + r")(?![^\W\d_])")
_NEAR = 40
"""Characters either side of a number in which its word must stand."""
_CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"


def _digits(text: str) -> str:
    return re.sub(r"[\s./-]", "", text)


def _checked(number: str) -> bool:
    for validator in _CHECKED:
        try:
            if validator.is_valid(number):
                return True
        except Exception:  # noqa: BLE001 - a validator's odd failure means "not this kind"
            continue
    return False


def _named_and_checked(match: re.Match[str]) -> bool:
    """A number with an id word near it that a check-digit validator accepts."""
    text = match.string
    near = (text[max(0, match.start() - _NEAR) : match.start()] + " " + text[match.end() : match.end() + _NEAR]).casefold()
    return bool(_ID_WORD.search(near)) and _checked(_digits(match.group()))


def _validated(validator: ModuleType) -> Callable[[re.Match[str]], bool]:
    """An ``accept`` asking one validator (the shape already says which)."""

    def accept(match: re.Match[str]) -> bool:
        try:
            return bool(validator.is_valid(_digits(match.group())))
        except Exception:  # noqa: BLE001 - a validator's odd failure means "not this kind"
            return False

    return accept


_TW_LETTERS = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=True))


def _taiwan(match: re.Match[str]) -> bool:
    """Taiwan's national id: the letter's two-digit code and the nine digits, weighted, sum to a multiple of 10."""
    value = match.group()
    code = _TW_LETTERS[value[0]]
    total = code // 10 + (code % 10) * 9 + sum(int(d) * w for d, w in zip(value[1:9], range(8, 0, -1), strict=True))
    return (total + int(value[9])) % 10 == 0


def _hong_kong(match: re.Match[str]) -> bool:
    """Hong Kong's HKID: letters (A=10…, a space 36 when one), six digits, a check of mod 11 ("A" for 10)."""
    letters, digits, check = match.group("letters"), match.group("digits"), match.group("check")
    values = [36] * (2 - len(letters)) + [ord(c) - 55 for c in letters] + [int(d) for d in digits]
    total = sum(v * w for v, w in zip(values, range(9, 1, -1), strict=True))
    expected = (11 - total % 11) % 11
    return check == ("A" if expected == 10 else str(expected))


_NRIC_LETTERS = {"S": "JZIHGFEDCBA", "T": "JZIHGFEDCBA", "F": "XWUTRQPNMLK", "G": "XWUTRQPNMLK", "M": "XWUTRQPNJLK"}
_NRIC_OFFSET = {"S": 0, "T": 4, "F": 0, "G": 4, "M": 3}


def _singapore(match: re.Match[str]) -> bool:
    """Singapore's NRIC/FIN: seven digits weighted 2,7,6,5,4,3,2, an offset by century, a check letter."""
    value = match.group()
    total = sum(int(d) * w for d, w in zip(value[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True)) + _NRIC_OFFSET[value[0]]
    return _NRIC_LETTERS[value[0]][total % 11] == value[8]


_ALONE = rf"(?<![^\W{_CJK}])"
_END = rf"(?![^\W{_CJK}])"

RULES: tuple[Rule, ...] = (
    Rule("id-number", re.compile(_ALONE + r"\d{6}[- ][1-8]\d{6}" + _END), digits=13, accept=_validated(rrn)),
    Rule("id-number", re.compile(_ALONE + r"\d{6}/\d{3,4}" + _END), ("/",), digits=10, accept=_validated(sk_rc)),
    Rule("id-number", re.compile(_ALONE + r"[A-Z][12]\d{8}" + _END), digits=9, accept=_taiwan),
    Rule(
        "id-number",
        re.compile(r"(?<![\w])(?P<letters>[A-Z]{1,2})(?P<digits>\d{6})\((?P<check>[0-9A])\)"),
        ("(",),
        digits=6,
        accept=_hong_kong,
    ),
    Rule("id-number", re.compile(_ALONE + r"[STFGM]\d{7}[A-Z]" + _END), digits=7, accept=_singapore),
    Rule("id-number", re.compile(_ALONE + r"[A-Z]{3}\d{7}" + _END), digits=7, accept=_validated(epic)),
    Rule(
        "id-number",
        re.compile(_ALONE + r"\d(?:[ ./-]?\d){7,15}" + _END),
        digits=8,
        accept=_named_and_checked,
    ),
)
