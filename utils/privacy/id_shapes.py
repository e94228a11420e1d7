"""Numbers that read as someone's identity by their shape alone, with no keyword and no checksum known.

National ids, tax numbers, phone numbers, document and account numbers share a shape the world over: eight
digits or more, bare or grouped by spaces, dots, dashes, slashes or brackets, with at most a few letters in
them ("185.777.767-00", "610123/4250", "A838344177S", "(0212) 345 96 54", "47985755 2 BP8"). The rules
that name a country's format or a keyword miss the countries and languages they do not list; this one
lists no format. It takes such a run wherever a member gives it as a value, and keeps the numbers chat is
full of, whose shape says what they are:

- dates and ranges of years ("2024-12-03", "03.12.2024", "1998-2004"), short dates and times side by side
  ("03.12.24 18.30"), lists of years or set scores ("1998 2002 2006", "21-19 17-21"), a range ("12500-13750"),
  a decimal or a build number (one dot: "22631.3296", "3.14159…"), a version ("5.0.2-240815", "131.0.6778.86":
  a 0 component, or a one- or two-digit major and no leading zeros), an IP address, thousands groupings
  ("12 500 000", "1.000.000"), coordinates ("52.520008 13.404954"), a list of small numbers ("4 8 15 16 23 42"),
  a screen size ("2560x1440");
- a round amount ("1500000000": three zeros or more at its end — no id ends that way more than once in a
  thousand), placeholder digits ("12345678", "00000000"), a hex digest ("a94a8fe5…", a UUID), an ISBN;
- a Discord id: a bare 17–20 digit snowflake (one holding a birth date where China's resident id holds it is
  an id), a mention, an emoji, a timestamp or a link (nothing glued before the run: ``<@``, ``<t:``, ``/``,
  ``#``, ``-`` start no identity; a dot or a colon does only after a word: "Nr.…", "ID:…");
- a number a word before or after it says is a count, a price, a score or a reference (``data/number_shapes.json``
  and the quantity, reference and digest words of ``data/values.json``: "13034431 xp", "seed 8675309123",
  "friend code …", "UID …", a currency sign).

Game codes shared to be used (friend codes, UIDs, world seeds, lobby codes) are public by design and stay. A public
reference the line names with its own check (an ISIN, a barcode, an app or match id, a Unix time) is let go where
every reader's spans meet (:mod:`utils.privacy.public_numbers`), not here. Short public numbers ("call 112",
"116 123") are under eight digits and never read. A phone number is a phone number whoever's it is: a business
line pasted in chat is taken out of the extractor's input too, the cheaper mistake.

Cost: the scanner runs this rule only on a line with a run of four digits or more; one regex pass over it
finds the candidate runs, each judged by a few string checks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path

from utils.privacy._value_runs import vocabulary
from utils.privacy.rule import Rule, Span, literal_trie

_DATA = Path(__file__).with_name("data") / "number_shapes.json"

MIN_DIGITS = 8
"""Digits in a bare run: national ids and phone numbers with their area code have eight or more."""
MIN_DIGITS_WITH_LETTERS = 7
"""Digits in a run that also holds a letter ("Y8974701T", "6320194NA"): the letter is a check or a series."""
MAX_LETTERS = 3

_GROUP = r"[A-Za-z]{0,3}\d[\dA-Za-z]*"
_SEPARATOR = r"(?:\)[ \t\u00a0]?|[ \t\u00a0]?[.\-/·•–—_][ \t\u00a0]?|[ \t\u00a0])"
"""One space, a bracket closed, or a dot, dash, slash, middle dot, bullet or underscore with a space either side at
most: how ids are printed, and how a member spaces one out so a format would not see it ("4471 • 9238 • 1120")."""
_RUN = re.compile(
    r"(?<![A-Za-z_\d,\-/+#@<&=$€£¥₹%'])(?<!\d[.:])(?<!<t:)(?:\+[ \t\u00a0]?|\()?"
    + _GROUP
    + r"(?:"
    + _SEPARATOR
    + r"\(?(?:"
    + _GROUP
    + r"|(?<=[-/])[A-Za-z]{1,2}(?![\w]))"
    + r")*"
)
"""A run of groups holding a digit, joined by one separator each; a group of letters alone only after a dash or a
slash (a check letter: "6.895.644-K", "4350424/W"). Nothing glued before it but a dot or a colon after a word
("Nr.12345678", "ID:12345678"): not a decimal's tail, a time's, a Discord timestamp's (``<t:…>``)."""

_DATE = re.compile(
    r"(?:19|20)\d\d[-./](?:0?[1-9]|1[0-2])[-./](?:0?[1-9]|[12]\d|3[01])(?!\d)"
    r"|(?<!\d)(?:0?[1-9]|[12]\d|3[01])[-./](?:0?[1-9]|1[0-2])[-./](?:19|20)\d\d"
    r"|(?<!\d)(?:0?[1-9]|1[0-2])[-./](?:0?[1-9]|[12]\d|3[01])[-./](?:19|20)\d\d"
    r"|(?<!\d)(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:[Tt ]?\d{2,6})?(?!\d)"
    r"|(?<!\d)(?:19|20)\d\d(?:[-/](?:19|20)?\d\d)+(?!\d)"
)
"""Dates with a four-digit year in the orders the world writes them, a compact date-time, a range of years."""
_DECIMAL = re.compile(r"\d+\.\d+")
_VERSION = re.compile(
    r"v?(?P<major>[1-9]\d{0,2}|0)(?P<rest>(?:\.(?:0|[1-9]\d{0,4})){2,3})(?:[-+][A-Za-z][\w.]*|[-+]\d{6,})?", re.IGNORECASE
)
"""major.minor.patch[.build], no leading zeros, a suffix that starts with a letter or is a build date ("-rc.1",
"-240815"): a check digit after a dash ("6.895.644-7") is no release."""
_IP = re.compile(r"(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)")
_THOUSANDS = re.compile(r"[1-9]\d{0,2}(?:([ .\u00a0])\d{3})(?:\1\d{3})*")
THOUSANDS_UP_TO = 8
"""Digits of an amount grouped in thousands kept with no word for it ("12 500 000"); a longer one given bare reads
as an id grouped in threes ("143 378 551", "38 004 076 514"); a round one ("1 500 000 000") is an amount."""
_COORDINATES = re.compile(r"-?\d{1,3}\.\d{3,}(?:[ \t]+-?\d{1,3}\.\d{3,})+")
_SIZE = re.compile(r"\d{2,5}[xX]\d{2,5}")
_HEX = re.compile(r"(?:0x)?[\da-f]{7,}|(?:0X)?[\dA-F]{7,}")
_UUID = re.compile(r"[\da-fA-F]{8}(?:-[\da-fA-F]{4}){3}-[\da-fA-F]{12}")
_CURRENCY = frozenset("$€£¥₹₽₩₺₴฿₫₱")
_LATIN = "A-Za-z\u00c0-\u024f"
_WORDS = re.compile(rf"[{_LATIN}]+|[^\W\d_{_LATIN}]+")
"""Words, a Latin one apart from the kana or hanzi it is written against ("原神のUIDは")."""
_WINDOW = 28
_NEAR_WORDS = 3
"""Words read on each side: "my score is …", "… is the serial" name the number two or three words away."""


@cache
def _vocabulary() -> tuple[frozenset[str], re.Pattern[str]]:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    words = frozenset(w.casefold() for w in data["public_words"])
    words |= vocabulary("quantity_words") | vocabulary("reference_words") | vocabulary("digest_words")
    phrases = data["public_phrases"]
    # Whether one is in a window is all that is asked: as two tries (the ASCII ones bounded by no letter or digit,
    # the others as they are), a position tries the few phrases that start with its letter, not each in turn.
    ascii_ones, others = [p for p in phrases if p.isascii()], [p for p in phrases if not p.isascii()]
    tries = [rf"(?<![A-Za-z0-9]){literal_trie(ascii_ones)}(?![A-Za-z0-9])"] if ascii_ones else []
    tries += [literal_trie(others)] if others else []
    return words, re.compile("|".join(tries) or "(?!)", re.IGNORECASE)


def _digits(run: str) -> int:
    return sum(c.isdigit() for c in run)


def _sequential(digits: str) -> bool:
    """Placeholder digits ("12345678", "98765432", "00000000"): one step all along."""
    steps = {(int(b) - int(a)) % 10 for a, b in pairwise(digits)}
    return len(steps) <= 1


def _snowflake(digits: str) -> bool:
    """A Discord id: 17-20 digits whose high bits are a time since 2015; China's 18-digit resident id holds a
    birth date (YYYYMMDD) at its seventh digit, which a snowflake does only by chance."""
    if not 17 <= len(digits) <= 20:
        return False
    birth_date = re.fullmatch(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])", digits[6:14])
    return not (len(digits) == 18 and birth_date and _resident_id_check(digits))


def _resident_id_check(digits: str) -> bool:
    """The ISO 7064 MOD 11-2 check digit China's resident id ends with (GB 11643; X stands for 10)."""
    total = sum(int(d) * pow(2, 17 - i, 11) for i, d in enumerate(digits[:17]))
    return "10X98765432"[total % 11] == digits[17]


def _dates_times_and_scores(run: str) -> bool:
    """Short dates, times, years and set scores side by side ("03.12.24 18.30", "03.12.24 - 05.12.24", "1998 2002
    2006", "21-19 17-21 15-11"): each piece between spaces is one of them."""
    pieces = [piece for piece in re.split(r"[ \t\u00a0]+[-–—]?[ \t\u00a0]*", run) if piece]
    return len(pieces) > 1 and all(_A_PIECE.fullmatch(piece) for piece in pieces)


_SHORT_DATE = re.compile(
    r"(?:0?[1-9]|[12]\d|3[01])([./])(?:0?[1-9]|1[0-2])\1(?:\d\d|(?:19|20)\d\d)|(?:19|20)\d\d[-./]\d\d[-./]\d\d"
)
_TIME = r"(?:[01]?\d|2[0-3])[.h](?:[0-5]\d)"
_A_PIECE = re.compile(rf"{_SHORT_DATE.pattern}|{_TIME}|(?:19|20)\d\d|\d{{1,2}}-\d{{1,2}}")


def _a_range(run: str) -> bool:
    """Two numbers of one length, the second larger, joined by a dash: a range ("12500-13750"), not a number and its
    check digits (those differ in length: "720312-7217", "33680957-9")."""
    low, dash, high = run.partition("-")
    low, high = low.strip(), high.strip(" –—")
    if not dash or not (low.isdigit() and high.isdigit()) or len(low) != len(high):
        return False
    return int(low) < int(high) < 2 * int(low)


def _a_version(run: str) -> bool:
    """A release number: a 0 component ("131.0.6778.86") or a major of one or two digits ("2.14.3")."""
    version = _VERSION.fullmatch(run)
    return bool(version and (len(version.group("major")) <= 2 or "0" in version.group("rest").split(".")))


def _list_of_small_numbers(run: str) -> bool:
    """Numbers of one and two digits side by side ("4 8 15 16 23 42", "7 14 21 28"), not one value in groups; a league
    table's row may hold its goals for and against among them ("38 26 6 6 91-29 84")."""
    groups = [g for g in run.split() if not _GOALS.fullmatch(g)]
    if len(groups) < 3 or not all(g.isdigit() and len(g) <= 2 for g in groups):
        return False
    return {len(g) for g in groups} == {1, 2} and not groups[0].startswith("0")


_GOALS = re.compile(r"\d{1,3}[-:]\d{1,3}")


def _shape_is_harmless(run: str) -> bool:
    """Whether the run's shape says what it is: a date, a decimal, a version, an amount, a digest (module docstring)."""
    remainder = _DATE.sub(" ", run)
    if _digits(remainder) < MIN_DIGITS_WITH_LETTERS:
        return True
    compact = re.sub(r"[^\dA-Za-z]", "", run)
    digits = "".join(c for c in compact if c.isdigit())
    if _sequential(digits) or (compact.isdigit() and re.search(r"[1-9]0{3,}$", compact)):
        return True
    if _dates_times_and_scores(run) or _a_range(run):
        return True
    if compact.isdigit() and compact == run and _snowflake(compact):
        return True
    if re.fullmatch(r"\d+", compact) and compact.startswith(("978", "979")) and len(compact) == 13 and "-" in run:
        return True  # an ISBN-13, grouped as printed
    separators = set(re.sub(r"[\dA-Za-z]", "", run))
    if separators == {"."} and run.count(".") == 1:
        return True  # a decimal, a build ("22631.3296"), an arXiv number
    thousands = _THOUSANDS.fullmatch(run)
    if thousands and (len(digits) <= THOUSANDS_UP_TO or run.endswith("000")):
        return True
    full = (
        _a_version(run),
        _IP.fullmatch(run),
        _COORDINATES.fullmatch(run),
        _UUID.fullmatch(run),
        _SIZE.fullmatch(compact),
    )
    if any(full) or _list_of_small_numbers(run):
        return True
    hex_run = _HEX.fullmatch(run)
    return bool(hex_run and sum(c.isalpha() for c in run) >= 2)


def _context_is_harmless(text: str, start: int, end: int) -> bool:
    """Whether a word next to the run says it counts or names something public, or a currency sign is glued to it;
    a prefix glued to it counts as a word before it ("KB5034441")."""
    words, phrases = _vocabulary()
    prefix = re.match(r"[A-Za-z]+", text[start:end])
    if prefix is not None and prefix.group().casefold() in words:
        return True
    before_char, after_char = text[start - 1 : start], text[end : end + 1]
    if before_char in _CURRENCY or after_char in _CURRENCY or text[start - 2 : start].strip() in _CURRENCY:
        return True
    before = _WORDS.findall(text[max(0, start - _WINDOW) : start])[-_NEAR_WORDS:]
    after = _WORDS.findall(text[end : end + _WINDOW])[:_NEAR_WORDS]
    if any(word.casefold() in words for word in (*before, *after)):
        return True
    window = text[max(0, start - _WINDOW) : start] + " … " + text[end : end + _WINDOW]
    return phrases.search(window) is not None


def _judged(run: str) -> bool:
    digits = _digits(run)
    letters = sum(c.isascii() and c.isalpha() for c in run)
    if letters > MAX_LETTERS or digits < (MIN_DIGITS_WITH_LETTERS if letters else MIN_DIGITS):
        return False
    return not _shape_is_harmless(run)


_CLOSE_DIGITS = re.compile(r"\d(?:\D{0,3}\d){6}")
"""Seven digits with at most three characters between each two: every run judged holds one such stretch."""
_LEAD = 4
"""How far before its first digit a run may start: a "+" or "(" and a space, or three letters glued to it."""


_DIGIT_RUN = re.compile(r"\d+")
_RUN_LEAD = 5
"""How far before its first digit a match of :data:`_RUN` may start: "+ " or "(", then three letters."""


def _runs_from(text: str, position: int) -> Iterator[re.Match[str]]:
    """What ``_RUN.finditer(text, position)`` finds, tried only just before each run of digits.

    A match holds a digit at most :data:`_RUN_LEAD` characters from its start and follows no digit, so it starts
    in the few characters before a run of digits or on its first one; a search cut just after that digit says
    whether one starts there (nothing in the pattern looks ahead), and the match is then read whole. A long post
    is crossed in C from digit to digit, not tried at each of its letters.
    """
    for digits in _DIGIT_RUN.finditer(text, position):
        first = digits.start()
        if first < position:
            continue  # inside the match just taken
        found = _RUN.search(text, max(position, first - _RUN_LEAD), first + 1)
        if found is not None:
            match = _RUN.match(text, found.start())
            if match is not None:
                yield match
                position = match.end()


def identity_spans(text: str) -> Iterator[tuple[int, int]]:
    """The runs of ``text`` that read as an identity number, as ``(start, end)``."""
    first = _CLOSE_DIGITS.search(text)
    if first is None:
        return  # no seven digits close together: a year, a time, a price
    for match in _runs_from(text, max(0, first.start() - _LEAD)):
        run = match.group().rstrip(" \t\u00a0.-/(")
        start = match.start()
        if run.startswith("(") and ")" not in run:
            run, start = run[1:], start + 1
        end = start + len(run)
        if text[end : end + 1].isalnum() and text[end : end + 1].isascii():
            continue  # glued to a word the run could not take whole
        if _judged(run.lstrip("+(")) and not _context_is_harmless(text, start, end):
            yield start, end


class _IdentityShapeRule(Rule):
    """A :class:`Rule` whose spans are the identity-shaped runs of a line (:func:`identity_spans`); one written
    with a country code or an area code in brackets is a phone number, kept out as the contact rules keep one."""

    def spans(self, text: str) -> Iterator[Span]:
        for start, end in identity_spans(text):
            yield start, end, "phone" if text[start] in "+(" else self.kind


GATE_DIGITS = 4
"""The scanner runs the rule on a line with a run of this many digits (and separators the scanner reads as one run): a
letter inside an id cuts its digits in two ("040169A136K"), a bullet or an underscore in four ("4471•9238•1120")."""

RULES: tuple[Rule, ...] = (_IdentityShapeRule("id-number", re.compile(r"\d"), digits=GATE_DIGITS),)
