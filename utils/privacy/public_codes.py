"""Codes a bank or a post office prints for everyone, and a puzzle's grid: no one's value, let go where a reader
took them for one.

- a bank's ABA routing number said as one ("routing number", "ABA", "RTN"): nine digits whose check digit holds;
- a branch's sort code said as one ("sort code"): six digits in three pairs;
- a bank's BIC said as one ("BIC", "SWIFT"): the SWIFT layout (bank, a real country, a place, maybe a branch);
- a postal PIN code ("PIN code 560034", "पिन कोड 110001") in a line about where something goes (an address, an office,
  a delivery): six digits, the first a postal zone (1–8). A "PIN code" with nothing about an address is a PIN;
- a game's, a room's or an event's code or PIN the line opens to everyone ("Kahoot game PIN 4827193, open to the whole
  server", "código 7H3K-9QX2, entra quien quiera"): the secret words before it name a code or a game's PIN, none in
  the line names a password or another PIN (a private room's password beside a public code stays out);
- a toll-free number ("1-800-356-9377", "0800 111 0500"): North America's 8XX codes and the 0800/0808 ranges, a
  business's line, never a person's — no word needed;
- a sudoku grid: 81 cells (a digit, 0 or "." for a blank), no digit twice in a row, a column or a box, 17 given at
  least — a random run of 81 digits holds a repeat somewhere, so the grid's own rule is its check;
- a chess position, a plus code or a regular expression, each by its own grammar (:mod:`utils.privacy.notations`).

Such a code says which bank, branch, post office or puzzle, not who: the account number beside a routing number or a
sort code is still an account number, and a reader's span is let go only when it holds the code and no other digit
(an identity reader's span that ran on over a few words, "20-00-00 is their head office", is the code's). The words
are data (``data/public_codes.json``); the checks are python-stdnum's, run only on a span a reader already found.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from stdnum import bic
from stdnum.us import rtn

from utils.privacy import vocabulary
from utils.privacy.notations import notation_spans
from utils.privacy.rule import Span, literal_trie, words_pattern

_DATA = Path(__file__).with_name("data") / "public_codes.json"
KINDS = frozenset({"id-number", "card", "number", "phone", "code", "bank-account", "password", "credential"})
"""The kinds a reader may have given such a code (a PIN reader read "PIN code", an account reader "routing number")."""
_NAMED_WITHIN = 48
"""How far before its code a name may stand ("routing number on their website is 597221350"), with no digit between."""
_CUES_WITHIN = 96
_GRID = re.compile(r"(?<![\d.])[\d.]{81}(?![\d.])")
_SHAPES = {
    "routing": re.compile(r"(?<![\w-])\d{9}(?![\w-])"),
    "sort_code": re.compile(r"(?<![\w-])\d\d([- ])\d\d\1\d\d(?![\w-])"),
    "bic": re.compile(r"(?<![\w-])[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![\w-])"),
    "postal_pin": re.compile(r"(?<![\w-])[1-8]\d{5}(?![\w-])"),
}
_CHECKS = {"routing": rtn.is_valid, "bic": bic.is_valid}
_TOLL_FREE = re.compile(
    r"(?<![\w+-])(?:(?:\+?1[ .-]?)?\(?8(?:00|33|44|55|66|77|88)\)?[ .-]?\d{3}[ .-]?\d{4}"
    r"|(?:\+\d{2}[ .-]?\(?0?\)?[ .-]?|0)80[08][ .-]?\d{3}[ .-]?\d{3,4})(?![\w-])"
)


@cache
def _words(kind: str) -> re.Pattern[str]:
    """One pattern for a kind's words (:func:`~utils.privacy.rule.words_pattern`)."""
    return words_pattern(json.loads(_DATA.read_text(encoding="utf-8"))[kind])


_TOLL_FREE_CODES = ("800", "808", "833", "844", "855", "866", "877", "888")
"""What every toll-free number holds, digits side by side: a line with none of them is passed over unsearched."""


def _may_hold_a_grid(text: str) -> bool:
    """Whether ``text`` has room for a grid's 81 digits and dots (counted for an ASCII line: ``\\d`` also reads other
    scripts' digits, so any other line is searched)."""
    if len(text) < 81:
        return False
    return not text.isascii() or text.count(".") + sum(text.count(digit) for digit in "0123456789") >= 81


@cache
def _ascii_gate(kind: str) -> re.Pattern[str]:
    """The kind's words as plain lower-case literals, bounds and case-blindness left out, for a lowered ASCII line: a
    line :func:`_words` matches holds one of them, so a line without any is passed over at a fraction of the cost (a
    case-blind alternation is tried at every place of a long post; a plain one only where its first letters are). A
    word's letter that matches an ASCII one case-blind ("ı" an "I", "ſ" an "s", "K" a "k") stands as that letter."""
    words = json.loads(_DATA.read_text(encoding="utf-8"))[kind]
    return re.compile(literal_trie(sorted({"".join(_ascii_twin(c) for c in w.casefold()) for w in words})))


def _ascii_twin(char: str) -> str:
    if char.isascii():
        return char.lower()
    twins = [a for a in "abcdefghijklmnopqrstuvwxyz" if re.fullmatch(re.escape(char), a, re.IGNORECASE)]
    return twins[0] if twins else char


def _holds_words(kind: str, text: str) -> bool:
    """Whether ``text`` holds one of the kind's words as :func:`_words` reads them."""
    if text.isascii() and _ascii_gate(kind).search(text.lower()) is None:
        return False
    return _words(kind).search(text) is not None


def _named(text: str, kind: str, start: int) -> bool:
    """The kind's name ends within reach before ``start`` with no digit after it (a routing number named, not the
    account number said after it)."""
    before = text[max(0, start - _NAMED_WITHIN) : start]
    ends = [match.end() for match in _words(kind).finditer(before)]
    return bool(ends) and not any(c.isdigit() for c in before[ends[-1] :])


def _a_sudoku(grid: str) -> bool:
    cells = [0 if c == "." else int(c) for c in grid]
    if sum(c != 0 for c in cells) < 17:
        return False
    units: list[list[int]] = [list(range(r * 9, r * 9 + 9)) for r in range(9)]
    units += [list(range(c, 81, 9)) for c in range(9)]
    units += [[(b // 3 * 3 + r) * 9 + b % 3 * 3 + c for r in range(3) for c in range(3)] for b in range(9)]
    for unit in units:
        given = [cells[i] for i in unit if cells[i]]
        if len(given) != len(set(given)):
            return False
    return True


Ranges = tuple[list[tuple[int, int]], list[tuple[int, int]]]
"""Where a line's public codes stand, and where the codes it offers to everyone may stand."""


def code_ranges(text: str) -> Ranges:
    """Where ``text`` holds a public code of the module docstring's kinds, and the stretches after a code's or a PIN's
    word that the line opens to everyone."""
    found = [m.span() for m in _GRID.finditer(text) if _a_sudoku(m.group())] if _may_hold_a_grid(text) else []
    found += [m.span() for m in _TOLL_FREE.finditer(text)] if any(code in text for code in _TOLL_FREE_CODES) else []
    found += [span for span in notation_spans(text) if not _given_as_a_secret(text, span[0])]
    lowered = text.casefold()
    for kind, shape in _SHAPES.items():
        if not _holds_words(kind, lowered):
            continue
        for match in shape.finditer(text):
            check = _CHECKS.get(kind)
            checked = (check is None or check(match.group())) and _named(text, kind, match.start())
            if checked and (kind != "postal_pin" or _about_a_place(text, match.start(), match.end())):
                found.append(match.span())
    return found, _offered_to_all(text)


_OPEN_KINDS = frozenset({"code", "pin"})
"""The secret words a code offered to everyone may be named by; a password's word in the line keeps every value out."""
_OPEN_SPAN_KINDS = frozenset({"code", "password", "number", "id-number", "credential"})
_GAME_PIN = re.compile(r"(?i)(?:game|spiel|jeu|juego|jogo|gioco|gry|игры|oyun)\W{0,2}$")


def _offered_to_all(text: str) -> list[tuple[int, int]]:
    """Where the codes the line opens to everyone stand: from each code's or PIN's word to the next secret word."""
    words = vocabulary.find(text)  # the screen has read them already (memoised): asked first, it spares the look-up
    if not words or any(word.kind not in _OPEN_KINDS for word in words) or not _holds_words("open_to_all", text):
        return []
    if any(word.kind == "pin" and not _GAME_PIN.search(text, max(0, word.start - 12), word.start) for word in words):
        return []  # a PIN offered to all is a game's ("Kahoot game PIN"), never a card's or a phone's
    return [(word.end, words[n + 1].start if n + 1 < len(words) else len(text)) for n, word in enumerate(words)]


def _given_as_a_secret(text: str, start: int) -> bool:
    """Whether a notation at ``start`` follows a secret's word and nothing but its link ("my password is
    ^(?=.*\\d).{8,}$", "PIN: 8FW4V75V+8Q"): given as the value, it is one whatever its grammar; "the password rule:
    ^…$" describes a rule. A code's word is left out: it names the notations too ("plus code 8FW4V75V+8Q")."""
    words = [word for word in vocabulary.find(text) if word.end <= start]
    if not words or words[-1].kind == "code":
        return False
    gap = text[words[-1].end : start].strip(" :=\t").casefold()
    links = {link.casefold() for lang in words[-1].entry.languages for link in vocabulary.LINKS.get(lang, ())}
    return not gap or gap in links or gap in vocabulary.LOOSE_LINKS


def _about_a_place(text: str, start: int, end: int) -> bool:
    around = text[max(0, start - _CUES_WITHIN) : end + _CUES_WITHIN]
    return _words("postal_cues").search(around) is not None


def holds_only_a_code(text: str, span: Span, ranges: Ranges) -> bool:
    """Whether a reader's ``span`` holds one of the public codes and no digit beside it, or stands where the line
    offers a code to everyone."""
    codes, offered = ranges
    start, end = span[0], span[1]
    if span[2] in _OPEN_SPAN_KINDS and any(s <= start and end <= e for s, e in offered):
        return True
    inside = [(s, e) for s, e in codes if s < end and start < e]
    if not inside or span[2] not in KINDS:
        return False
    rest = text[start:end]
    for s, e in sorted(inside, reverse=True):
        rest = rest[: max(0, s - start)] + " " + rest[max(0, e - start) :]
    return not any(c.isdigit() for c in rest)
