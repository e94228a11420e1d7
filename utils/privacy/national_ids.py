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
  NRIC "S1234567D", an Indian voter id (three letters, seven digits), a Swiss business id "CHE-123.456.789". These
  stand alone. A German or Austrian register entry ("HRA 4551", "FN 543005x") is as plain a shape, but a company's
  is public: it is taken when it is a person's (register A, or the member's own or sole trade named in the line).
"""

from __future__ import annotations

import json
import re
from importlib import resources
from types import ModuleType

from stdnum.ch import uid as ch_uid
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

from utils.privacy import named_numbers
from utils.privacy.rule import A_DATE, Rule

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


def _checked_by(validator: ModuleType, value: str) -> bool:
    """One validator's verdict (the shape already says which)."""
    try:
        return bool(validator.is_valid(_digits(value)))
    except Exception:  # noqa: BLE001 - a validator's odd failure means "not this kind"
        return False


_TW_LETTERS = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=True))


def _taiwan(value: str) -> bool:
    """Taiwan's national id: the letter's two-digit code and the nine digits, weighted, sum to a multiple of 10."""
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


def _singapore(value: str) -> bool:
    """Singapore's NRIC/FIN: seven digits weighted 2,7,6,5,4,3,2, an offset by century, a check letter."""
    total = sum(int(d) * w for d, w in zip(value[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True)) + _NRIC_OFFSET[value[0]]
    return _NRIC_LETTERS[value[0]][total % 11] == value[8]


_DIGIT_RUN = re.compile(r"\d(?:[ ./-]?\d){5,15}+")
"""A run of digits with separators, taken whole (possessive: no backtracking over a long number)."""
_LETTERED = re.compile(
    r"[A-Z](?:(?P<tw>[12]\d{8})|(?P<hk>[A-Z]?\d{6}\([0-9A]\))|(?P<sg>\d{7}[A-Z])|(?P<epic>[A-Z]{2}\d{7})"
    r"|(?P<uid>(?<=C)HE-\d{3}\.\d{3}\.\d{3}))"
)
"""Ids that start with letters; each alternative begins after the first letter, so most positions fail at once."""
_RRN = re.compile(r"\d{6}[- ][1-8]\d{6}")
_RC = re.compile(r"\d{6}/\d{3,4}")
_HKID = re.compile(r"(?P<letters>[A-Z]{1,2})(?P<digits>\d{6})\((?P<check>[0-9A])\)")


def _stands_alone(match: re.Match[str]) -> bool:
    """Not part of a longer word or number; a script written without spaces may touch it ("身分證A123456789")."""
    text, start, end = match.string, match.start(), match.end()
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return not (_GLUED_WORD.match(before) or _GLUED_WORD.match(after))


_GLUED_WORD = re.compile(rf"[^\W{_CJK}]")


def _a_number_id(match: re.Match[str]) -> bool:
    """A Korean resident or Czech/Slovak birth number by its shape, or any checked number with its word near."""
    if not _stands_alone(match):
        return False
    value = match.group()
    if A_DATE.search(value):
        return False  # "2026-10-25 05:13" is a timestamp, whatever its digits add up to
    if _RRN.fullmatch(value) and _checked_by(rrn, value):
        return True
    if _RC.fullmatch(value) and _checked_by(sk_rc, value):
        return True
    return sum(c.isdigit() for c in value) >= _MIN_NAMED_DIGITS and _named_and_checked(match)


def _a_lettered_id(match: re.Match[str]) -> bool:
    if not _stands_alone(match):
        return False
    if match.group("tw"):
        return _taiwan(match.group())
    if match.group("hk"):
        hkid = _HKID.fullmatch(match.group())
        return hkid is not None and _hong_kong(hkid)
    if match.group("uid"):  # a Swiss business id, "CHE-" and nine digits in threes: the shape and its check digit
        return _checked_by(ch_uid, match.group())
    if match.group("sg"):
        return match.group()[0] in _NRIC_OFFSET and _singapore(match.group())
    return _checked_by(epic, match.group())


_MIN_NAMED_DIGITS = 8

_REGISTER_ENTRY = re.compile(r"(?<![\w])(?:(?P<kind>HR[AB]|GnR)\s?\d{1,6}(?:\s?[A-Z]{1,2})?|FN\s?\d{1,6}\s?[a-z])(?![\w])")
"""A German commercial or cooperative register entry ("HRA 4551", "HRB 50000 B") or an Austrian company register
number with its check letter ("FN 543005x"): shapes no other number has."""
_OWN_TRADE = re.compile(
    r"(?<![^\W\d_])(?:" + "|".join(re.escape(w) for w in _DATA["own_trade"]) + r")(?![^\W\d_])", re.IGNORECASE
)


def _a_persons_register_entry(match: re.Match[str]) -> bool:
    """A register entry is personal data when it is a person's: register A holds sole traders and partnerships of
    persons; any other entry is the member's when the line says it is their own or their sole trade ("meine UG", "e.U.",
    ``own_trade`` in ``data/national_ids.json``). A company's entry quoted from its imprint stays."""
    return match.group("kind") == "HRA" or _OWN_TRADE.search(match.string) is not None


RULES: tuple[Rule, ...] = (
    Rule("id-number", _DIGIT_RUN, digits=8, accept=_a_number_id),
    Rule("id-number", _LETTERED, digits=6, min_token=9, accept=_a_lettered_id),
    Rule("id-number", _REGISTER_ENTRY, ("hra", "hrb", "gnr", "fn"), digits=1, accept=_a_persons_register_entry),
    *named_numbers.RULES,
)
