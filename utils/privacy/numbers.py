"""Card numbers, IBANs and national identity numbers, confirmed by their checksums (python-stdnum).

A regex proposes a candidate and the library's validator decides: a Luhn check for cards,
ISO 13616 mod-97 and the country's length for IBANs (spaced or compact), and the check
digits of the Brazilian CPF, Spanish DNI/NIE, Italian codice fiscale, Polish PESEL. A
long game score or a Discord id fails the checksum and stays. A US SSN has no checksum,
but its dashed 3-2-4 shape is not one of a date, a time, a price or a phone number, so the
shape and the SSA's rules (no 000/666/9xx area) are enough even without the word "ssn".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import ModuleType

from stdnum import iban, luhn
from stdnum.br import cpf
from stdnum.es import dni, nie
from stdnum.it import codicefiscale
from stdnum.pl import pesel
from stdnum.us import ssn

from utils.privacy.rule import Rule

_CARD_GROUPS = re.compile(r"^\d{4}([ .-]{1,2}\d{4}){3}$|^\d{4}[ -]\d{6}[ -]\d{5}$")


def _compact(text: str) -> str:
    return re.sub(r"[\s.-]", "", text)


def _card(match: re.Match[str]) -> bool:
    """Grouped like a card (4-4-4-4, Amex 4-6-5), or a digit run that passes the Luhn check."""
    return bool(_CARD_GROUPS.match(match.group())) or luhn.is_valid(_compact(match.group()))


def _iban(match: re.Match[str]) -> bool | tuple[int, int]:
    """The longest prefix of the candidate, cut at a space, that is a valid IBAN (a word may follow it)."""
    start, candidate = match.start("secret"), match.group("secret")
    while True:
        if iban.is_valid(_compact(candidate).upper()):
            return start, start + len(candidate)
        if " " not in candidate:
            return False
        candidate = candidate.rsplit(" ", 1)[0]


def _valid(validator: ModuleType) -> Callable[[re.Match[str]], bool]:
    """An ``accept`` that asks a python-stdnum module whether the candidate passes its checksum."""

    def accept(match: re.Match[str]) -> bool:
        try:
            return bool(validator.is_valid(_compact(match.group("secret") or match.group()).upper()))
        except Exception:  # noqa: BLE001 - a validator's odd failure means "not this kind"
            return False

    return accept


_ID_WORDS = (
    r"ssn|social security(?: number)?|sozialversicherungsnummer|steuer-?id|steuernummer|personalausweis(?:nummer)?"
    r"|numéro de sécurité sociale|sécu|nir|dni|nie|nif|cpf|rg|pesel|bsn|burgerservicenummer|codice fiscale"
    r"|снилс|инн|паспорт|tc kimlik(?: no)?|kimlik numarası|personnummer|passport(?: number| no)?|reisepass"
    r"|national id|id number|tax id|número de identidad"
)

RULES: tuple[Rule, ...] = (
    Rule("card", re.compile(r"(?<![\w-])\d(?:[ .-]{0,2}\d){12,18}(?![\w-])"), digits=13, accept=_card),
    Rule(
        "bank-account",
        re.compile(r"\b(?P<secret>[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30})"),
        digits=6,
        accept=_iban,
    ),
    Rule("id-number", re.compile(r"(?<![\w-])(?P<secret>\d{3}-\d{2}-\d{4})(?![\w-])"), digits=9, accept=_valid(ssn)),
    Rule("id-number", re.compile(r"(?<![\w.-])(?P<secret>\d{3}\.\d{3}\.\d{3}-\d{2})(?![\w-])"), digits=11, accept=_valid(cpf)),
    Rule("id-number", re.compile(r"(?i)(?<![\w-])(?P<secret>\d{8}-?[A-Z])(?![\w-])"), digits=8, accept=_valid(dni)),
    Rule("id-number", re.compile(r"(?i)(?<![\w-])(?P<secret>[XYZ]-?\d{7}-?[A-Z])(?![\w-])"), digits=7, accept=_valid(nie)),
    Rule(
        "id-number",
        re.compile(r"(?i)(?<![\w])(?P<secret>[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z])(?![\w])"),
        digits=3,
        accept=_valid(codicefiscale),
    ),
    Rule("id-number", re.compile(r"(?<![\w])(?P<secret>\d{11})(?![\w])"), ("pesel",), digits=11, accept=_valid(pesel)),
    Rule(
        "id-number",
        re.compile(
            r"(?i)\b(?:" + _ID_WORDS + r")\b[^\d\n.!?]{0,16}?(?P<secret>[A-Z]{0,3}[ -]?\d(?:[ .-]?[0-9A-Z]){5,14})(?![\w])"
        ),
        (
            "ssn",
            "social",
            "sozial",
            "steuer",
            "ausweis",
            "sécu",
            "nir",
            "dni",
            "nie",
            "nif",
            "cpf",
            "pesel",
            "bsn",
            "burgerservice",
            "fiscale",
            "снилс",
            "инн",
            "паспорт",
            "kimlik",
            "personnummer",
            "passport",
            "reisepass",
            "id number",
            "national id",
            "tax id",
            "identidad",
        ),
        digits=1,
    ),
)
