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
from datetime import date
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


_CARD_WORDS = re.compile(
    r"(?i)\b(?:card|cc|visa|mastercard|amex|maestro|karte|carte|tarjeta|cartão|carta|kaart|karta|карт\w*|kart\w*)\b"
)


def _card(match: re.Match[str]) -> bool:
    """Grouped like a card (4-4-4-4, Amex 4-6-5), or a digit run that passes the Luhn check.

    An unbroken run of 17-20 digits is a Discord id (a snowflake) before it is anything else:
    about one in ten passes Luhn by chance, and the bot sees ids everywhere. Cards of those
    lengths (19-digit Maestro, UnionPay) are taken only grouped or after a card word.
    """
    text = match.group()
    if _CARD_GROUPS.match(text):
        return True
    digits = _compact(text)
    if digits[0] not in "23456" and not (digits[0] == "1" and len(digits) == 15):
        return False  # networks start 2-6; 15-digit UATP cards start with 1 (read first: a Discord id starts with 1)
    if not luhn.is_valid(digits):
        return False  # (a barcode named as one may pass Luhn by chance: public_numbers keeps it, for every reader)
    if len(digits) <= 16:
        return True
    before = match.string[max(0, match.start() - 40) : match.start()]
    return not text.isdigit() or bool(_CARD_WORDS.search(before))


def _iban(match: re.Match[str]) -> bool | tuple[int, int]:
    """The longest prefix of the candidate, cut at a space, that is a valid IBAN (a word may follow it)."""
    start, candidate = match.start("secret"), match.group("secret")
    while True:
        if _well_formed_iban(_compact(candidate).upper()):
            return start, start + len(candidate.rstrip(" -"))
        if " " not in candidate and "-" not in candidate:
            return False
        candidate = re.split(r"[ -](?=[^ -]*$)", candidate)[0]


def _well_formed_iban(number: str) -> bool:
    """Mod-97 and the country's BBAN layout; not the country's own bank registry, which rejects real
    accounts it does not list (a valid Belgian IBAN among them)."""
    try:
        iban.validate(number, check_country=False)
    except Exception:  # noqa: BLE001 - any failure means "not an IBAN"
        return False
    return True


def _valid(validator: ModuleType) -> Callable[[re.Match[str]], bool]:
    """An ``accept`` that asks a python-stdnum module whether the candidate passes its checksum."""

    def accept(match: re.Match[str]) -> bool:
        try:
            return bool(validator.is_valid(_compact(match.group("secret") or match.group()).upper()))
        except Exception:  # noqa: BLE001 - a validator's odd failure means "not this kind"
            return False

    return accept


def _itin(match: re.Match[str]) -> bool:
    """An ITIN with separators stands alone; nine bare digits need a word before them ("tax id", "itin")."""
    if match.group(2):
        return True
    before = match.string[max(0, match.start() - 40) : match.start()].casefold()
    return any(word in before for word in ("itin", "tax", "taxpayer", "tin"))


_ID_WORDS = (
    r"ssn|social(?: security)?(?: number| no| #)?|itin|taxpayer id(?:entification number)?|tin"
    r"|national insurance(?: number| no)?|ni number|nino|sin|social insurance number|aadhaar|pan|tfn|medicare"
    r"|bank account(?: number| no)?|account(?: number| no)?|acct(?: no| number)?|routing number|sort code|bsb|kontonummer"
    r"|numéro de compte|número de cuenta|numero di conto|número da conta|rekeningnummer|numer konta|номер сч[её]та"
    r"|hesap numarası|kontonummer|personalausweisnummer|henkilötunnus|cpr|fødselsnummer|personal id|ausweisnummer"
    r"|sozialversicherungsnummer|steuer-?id|steuernummer|personalausweis(?:nummer)?"
    r"|numéro de sécurité sociale|sécu|nir|dni|nie|nif|cpf|rg|pesel|bsn|burgerservicenummer|codice fiscale"
    r"|снилс|инн|паспорт|tc kimlik(?: no)?|kimlik numarası|personnummer|passport(?: number| no)?|reisepass"
    r"|national id|id number|tax id|número de identidad|driver'?s licen[cs]e(?: number| no)?|licen[cs]e number"
)
_ID_NEEDLES = (
    "ssn", "social", "sozial", "steuer", "ausweis", "sécu", "nir", "dni", "nie", "nif", "cpf", "pesel", "bsn",
    "burgerservice", "fiscale", "снилс", "инн", "паспорт", "kimlik", "personnummer", "passport", "reisepass",
    "id number", "national id", "tax id", "identidad", "itin", "taxpayer", "tin", "insurance", "ni number", "nino",
    "sin", "aadhaar", "pan", "tfn", "medicare", "account", "acct", "routing", "sort code", "bsb", "konto", "compte",
    "cuenta", "conto", "conta", "rekening", "счёт", "счет", "hesap", "henkilö", "cpr", "fødsels", "personal id",
    "licen",
)  # fmt: skip
_SNOWFLAKE = re.compile(r"\d{17,20}")
_BANK = re.compile(r"(?i)bank|account number|konto|compte|cuenta|conto|conta|rekening|счёт|счет|hesap|routing|sort code|bsb")


_RESIDENT_ID_WEIGHTS = [pow(2, 17 - i, 11) for i in range(17)]


def resident_id(value: str) -> bool:
    """A Chinese resident id: 18 characters — a region (first digit 1-8), a birth date, a serial and an ISO 7064
    MOD 11-2 check (X for 10). The region table changes with the years, so it is not looked up; the date and
    the check leave about one 18-digit number in 30,000 that reads as one, and no Discord mention or link."""
    if len(value) != 18 or not value[:17].isdigit() or value[0] not in "12345678":
        return False
    try:
        born = date(int(value[6:10]), int(value[10:12]), int(value[12:14]))
    except ValueError:
        return False
    if not date(1900, 1, 1) <= born <= date.today():
        return False
    check = (12 - sum(int(d) * w for d, w in zip(value[:17], _RESIDENT_ID_WEIGHTS, strict=True)) % 11) % 11
    return value[17].upper() == ("X" if check == 10 else str(check))


_IPV4 = re.compile(r"(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)")
"""A dotted quad of bytes: an address on a network ("ruteren sin innloggingsside er 192.168.0.1", where the
Scandinavian possessive "sin" reads as Canada's SIN); no identity number is written so."""


def _an_id(match: re.Match[str]) -> bool:
    """Not a Discord id after "id number" (a snowflake is 17-20 bare digits); a bank account may be that long."""
    if _IPV4.fullmatch(match.group("secret")):
        return False
    value = _compact(match.group("secret"))
    if _SNOWFLAKE.fullmatch(value) and not _BANK.search(match.group("word")) and not resident_id(value):
        return False
    return sum(c.isdigit() for c in value) >= 5


def _id_before_word(match: re.Match[str]) -> bool:
    """ "19850101-1234 is my personnummer": the value has digits and is not a Discord id."""
    value = _compact(match.group("secret"))
    return sum(c.isdigit() for c in value) >= 6 and (not _SNOWFLAKE.fullmatch(value) or resident_id(value))


RULES: tuple[Rule, ...] = (
    Rule(
        "id-number",
        re.compile(r"(?<![\w@#&:/=-])\d{17}[\dXx](?![\w-])"),  # not a mention, a channel, an emoji or a link
        digits=17,
        accept=lambda match: resident_id(match.group()),
    ),
    # India's PAN: five letters (the fourth names the holder's kind: P a person, C a company…), four digits, a letter.
    Rule("id-number", re.compile(r"(?<![\w-])[A-Z]{3}[PCHABGJLFT][A-Z]\d{4}[A-Z](?![\w-])"), digits=4, min_token=10),
    Rule("card", re.compile(r"(?<![\w-])\d(?:[ .-]{0,2}\d){12,18}(?![\w-])"), digits=13, accept=_card),
    Rule(
        "bank-account",
        re.compile(r"(?i)\b(?P<secret>[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30})"),
        digits=2,
        accept=_iban,
    ),
    # US SSN (dashed, spaced or dotted: the separators the same) and ITIN (9xx, group 50-65/70-88/90-92/94-99).
    Rule("id-number", re.compile(r"(?<![\w.-])(?P<secret>\d{3}([ .-])\d{2}\2\d{4})(?![\w-]|\.\d)"), digits=9, accept=_valid(ssn)),
    Rule(
        "id-number",
        re.compile(r"(?<![\w.-])(?P<secret>9\d{2}([ .-]?)(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])\2\d{4})(?![\w-]|\.\d)"),
        digits=9,
        accept=_itin,
    ),
    # UK National Insurance number: two letters (not BG, GB, NK, KN, NT, TN, ZZ), six digits, A-D.
    Rule(
        "id-number",
        re.compile(
            r"(?<![\w])(?P<secret>(?!BG|GB|NK|KN|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]"
            r" ?\d{2} ?\d{2} ?\d{2} ?[A-D])(?![\w])"
        ),
        digits=2,
    ),
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
            r"(?i)\b(?P<word>" + _ID_WORDS + r")\b[^\d\n.!?]{0,24}?"
            r"(?<![\w])(?P<secret>(?:(?-i:[A-Z]{1,3})[ -]?)?\d(?:[ .-]?[0-9A-Z]){4,22})(?![\w])"
        ),
        _ID_NEEDLES,
        digits=1,
        accept=_an_id,
    ),
    Rule(  # the value before its word: "19850101-1234 is my personnummer", "AB123456C is my NI number"
        "id-number",
        re.compile(
            r"(?i)(?<![\w-])(?P<secret>(?-i:[A-Z]{0,3})\d[\d .-]{4,22}[0-9A-Z])"
            r"\s+(?:is|was|=|ist|est|es|è|é|är|er|jest|это|is also)"
            r"\s+(?:(?:my|the|his|her|their|mein\w*|mon|ma|mi|min|mitt|mijn|moje|mój|мой|o meu|il mio|la mia)\s+)?"
            r"(?:" + _ID_WORDS + r")\b"
        ),
        _ID_NEEDLES,
        digits=6,
        accept=_id_before_word,
    ),
)
