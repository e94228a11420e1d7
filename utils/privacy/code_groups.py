"""Generated codes that pages print in small lowercase groups, and Apple's pronounceable strong passwords.

The run model (:mod:`utils.privacy.generated_runs`) reads one run with two classes of characters in it. Three kinds
of generated value are none of that:

- groups of four lowercase letters or digits apart by a space, four to sixteen of them: Google's app passwords
  ("nnkw bsmo osjj buxp", one class only), an authenticator's setup key typed from the screen (32 base32
  characters), a recovery code of hex groups. Chat writes four-letter words in a row too ("that will look good"),
  so the groups are read one by one with the run model's bigrams, against drawing each character from the classes
  the groups span (four keys along a keyboard row or the alphabet read as written: "qwer asdf", "abcd efgh"); a row
  that repeats a group or uses few characters is laughter or filler ("wkwk wkwk …"); words at either end are not part
  of the code, and what is left must be at least four groups
  whose mean reads as drawn past :data:`GROUPS_DRAWN_BITS`. Eight groups of hex or more (32 hex digits, a Tuta
  recovery code) are taken whole when most hex digits are in play (not "ffff 0000 aaaa …", a placeholder) and the
  line is not a hex dump (an offset starts its lines): the bigrams read hex's runs of digits as numbers people
  write;
- the same groups joined by hyphens: Apple's app-specific passwords ("sdia-tktb-rjct-evxb");
- GitHub's recovery codes, five hex digits, a hyphen, five more ("eca73-cad73"), letters and digits both in them;
- iCloud Keychain's strong passwords: three groups of six letters joined by hyphens, one digit among them and at
  most one capital ("vijoxa-dihysi-9evewi"). The groups are syllables made to be typed, so the bigrams read them as
  written: the shape is what says generated, and it is one no word list writes (three six-letter pieces, a digit
  standing in for one letter).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from utils.privacy.generated_runs import written_bits

GROUPS_GATE = re.compile(r" [a-z0-9]{4} [a-z0-9]{4} [a-z0-9]{4}\b")
"""The last three groups of a row of four after a space: what any row written on one line has, checked before the
full pattern (the cheap test every chat line pays); the first such place is at most a group after the row's start."""
_GROUPS = re.compile(r"(?<![\w-])[a-z0-9]{4}(?:[ \n][a-z0-9]{4}){3,31}(?![\w-])")
GROUPS_DRAWN_BITS = -5.0
"""The mean log-odds of a group past which a row reads as drawn: rows of four frequent four-letter words of twenty
languages fall below it about three times in ten thousand; three rows of four random lowercase groups in four do."""
_SEPARATOR = re.compile(r"[\s-]")
_HYPHENED = re.compile(r"(?<![\w-])[a-z0-9]{4}(?:-[a-z0-9]{4}){3,7}(?![\w-])")
_GITHUB = re.compile(r"(?<![\w-])[0-9a-f]{5}-[0-9a-f]{5}(?![\w-])")
_APPLE = re.compile(r"(?<![\w-])[A-Za-z0-9]{6}-[A-Za-z0-9]{6}-[A-Za-z0-9]{6}(?![\w-])")
_VOWELS = frozenset("aeiouy")
_ROWS = Path(__file__).with_name("data") / "keyboard_rows.json"
_HEXDUMP = re.compile(r"(?m)^[0-9a-f]{7,8}:? ")
_HEX_ROW = re.compile(r"(?<!\S)[0-9a-f]{4}(?:\s[0-9a-f]{4}){7,}(?!\S)")


def _drawn_groups(row: str) -> tuple[int, int] | None:
    """The part of a row of groups that reads as drawn (offsets within the row), or None."""
    groups = _SEPARATOR.split(row)
    if sum(any(c.isalpha() for c in group) for group in groups) * 2 < len(groups):
        return None  # mostly numbers: a card or an account number, read by the numbers' rules
    hex_rows = [m for m in _HEX_ROW.finditer(row) if len(set(m.group().replace(" ", ""))) >= 12]
    if hex_rows:  # 32 hex digits or more in groups, most of the sixteen in play: a recovery code or a key
        return hex_rows[0].span()
    reference = "".join(groups)
    if len(set(groups)) < len(groups) or len(set(reference)) < 0.55 * len(reference):
        return None  # repeats ("wkwk wkwk wkwk wkwk", "gggg wwww pppp oooo"): laughter and filler, not a draw
    bits = [1.0 if _walk(group) else written_bits(group, reference=reference) for group in groups]
    first, last = 0, len(groups)
    while first < last and bits[first] >= 0:
        first += 1
    while last > first and bits[last - 1] >= 0:
        last -= 1
    if last - first < 4 or sum(bits[first:last]) / (last - first) > GROUPS_DRAWN_BITS:
        return None
    return 5 * first, 5 * last - 1


@cache
def _walks() -> frozenset[str]:
    rows = json.loads(_ROWS.read_text(encoding="utf-8"))["rows"]
    return frozenset(row[i : i + 4] for row in [*rows, *(r[::-1] for r in rows)] for i in range(len(row) - 3))


def _walk(group: str) -> bool:
    """Four keys along a keyboard row, the digits or the alphabet ("asdf", "1234", "abcd"): typed, not drawn."""
    return group in _walks()


def group_spans(text: str, start: int = 0) -> list[tuple[int, int]]:
    """Rows of lowercase groups in ``text`` from ``start`` on (where :data:`GROUPS_GATE` first found one, less a
    group) that read as drawn at random (an app password, a setup key)."""
    if _HEXDUMP.search(text):
        return []  # xxd's or hexdump's lines: an offset, then the bytes of a file in groups
    found = []
    for match in _GROUPS.finditer(text, start):
        part = _drawn_groups(match.group())
        if part:
            found.append((match.start() + part[0], match.start() + part[1]))
    return found


def _apple(value: str) -> bool:
    if sum(c.isdigit() for c in value) != 1 or sum(c.isupper() for c in value) > 1:
        return False
    letters = [c for c in value.lower() if c.isalpha()]
    vowels = sum(c in _VOWELS for c in letters)
    return 5 <= vowels <= 10  # syllables: a vowel in every two or three letters


def shaped_spans(text: str) -> list[tuple[int, int]]:
    """GitHub recovery codes, iCloud Keychain strong passwords and Apple's app-specific passwords (four lowercase
    groups joined by hyphens, read as the rows above) in ``text`` (the caller asks only of a line with a hyphen)."""
    found = []
    hyphen = text.find("-", 5)
    while hyphen != -1:  # read from each hyphen: a line has few, and a pattern anchored there is cheap
        github, apple = _GITHUB.match(text, hyphen - 5), _APPLE.match(text, max(0, hyphen - 6))
        row = _HYPHENED.match(text, max(0, hyphen - 4))
        if github and _has_letter_and_digit(github.group()):
            found.append(github.span())
        elif apple and _apple(apple.group()) and _has_letter_and_digit(apple.group()):
            found.append(apple.span())
        elif row and (part := _drawn_groups(row.group())):
            found.append((row.start() + part[0], row.start() + part[1]))
        hyphen = text.find("-", hyphen + 1)
    return found


def _has_letter_and_digit(value: str) -> bool:
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
