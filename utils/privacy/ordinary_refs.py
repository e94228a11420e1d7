"""Numbers a line names as an ordinary reference: an order, an invoice, a parcel, an error, a build, a map's or an
island's code, a world's seed, a shop's article or a product's model, a standard.

A long number in chat reads as someone's id, account or phone to the readers that find it (an identity's shape,
"broj" as a phone word, a verification code's "code"). Said right after the word that names what it refers to
("Bestellnummer 300148872", "kód chyby CE-108255-1", "semilla del mundo 1129408836") it is an ordinary reference,
and a message must reach the model with it as it was said. Two kinds of evidence let one go:

- the word that names the kind of reference (``data/ordinary_refs.json``, in many languages) stands right before
  the number, at most a few short words between them and none of them a possessive, an id, a phone, a PIN, a
  password or an account word ("order number 112-…" passes; "order, and my ID 30021947" does not), and no such
  secret word in the few words after it; or right after it, as Turkish, Japanese and Korean say it ("CE-113212-0
  hata kodu"), only spaces between and no such word before. An invoice's, a ticket's or a case's word counts only
  right before the number (a word for *number* between at most): a tax id is given "for the invoice" too;
- the number's own shape where the kind has one: a PlayStation error code (``CE-108255-1``, ``NW-102265-6``) or a
  hexadecimal status code (``0x80070005``), which no one's id is written as.

A seed is a world's only with a world, a map, a server or a game's name in the line ("seed" alone is also a wallet's;
a seed phrase is words, never read here). A memory carries no value: an order or tracking number is someone's
transaction and is taken out of a kept line whatever names it, as are an invoice and a ticket; an error code, a build,
a map's code a game publishes for everyone to play it ("zone wars map: 7281-3359-1140", Fortnite's islands), a world's
seed, an article's or a model's number and a standard's are nobody's and stay there too.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from utils.privacy.rule import literal_trie

_DATA = Path(__file__).with_name("data") / "ordinary_refs.json"
_KINDS = ("order", "invoice", "tracking", "error", "build", "map", "seed", "product", "standard")
_KEPT_KINDS = ("error", "build", "map", "seed", "product", "standard")
"""The kinds that are nobody's: kept in a memory too (an order, an invoice, a ticket or a parcel is someone's
transaction)."""
_RIGHT_BEFORE = frozenset({"invoice"})
"""Kinds whose word names the number only right before it: "Rechnung bitte an CHE-…", "P.IVA … per fattura" give a
tax id for an invoice."""
_NUMBER_WORD = (
    r"[\s:：#№=.,'(\-]*(?:(?:n|no|nr|nº|n°|num|number|numero|número|numéro|nummer|numer|numara|номер)[\s:：#№=.,'(\-]*)?"
)
"""What may stand between such a word and its number: a word for *number* ("fattura n. 2026/0382")."""
_LOOK_BACK = 40
_GAP = re.compile(r"[\s:：#№=.,'(\-]*(?:(?:[^\W\d_][\w'.]{0,11}|#|№)[\s:：#№=.,'(\-]*){0,3}")
"""What may stand between the word and the number: up to three short words ("number", "do", "mapy z turnieju")."""
_SHAPED = re.compile(r"(?:CE|NW|WS|SU|NP|E|SC)-\d{5,6}-\d|0[xX][0-9A-Fa-f]{8}")
"""A PlayStation error code, a hexadecimal status code (Xbox, Windows Update): their shapes alone say what they are."""
_WINDOW = 64


@cache
def _data() -> dict[str, list[str]]:
    loaded: dict[str, list[str]] = json.loads(_DATA.read_text(encoding="utf-8"))
    return loaded


@cache
def _words(kind: str) -> re.Pattern[str]:
    """A kind's words: ASCII ones bounded by no Latin letter, the others as stems; a seed's word may end a compound
    ("världsseed", "Weltseed")."""
    words = _data()[kind]
    ascii_ones, others = [w for w in words if w.isascii()], [w for w in words if not w.isascii()]
    opening = "" if kind == "seed" else "(?<![A-Za-z])"
    tries = [rf"{opening}{literal_trie(ascii_ones)}(?![A-Za-z])"] if ascii_ones else []
    tries += [literal_trie(others)] if others else []
    return re.compile("|".join(tries), re.IGNORECASE)


@cache
def _before(kind: str) -> re.Pattern[str]:
    """The kind's word, then the few short words allowed before the number, to the end of the window."""
    gap = _NUMBER_WORD if kind in _RIGHT_BEFORE else _GAP.pattern
    return re.compile(rf"(?:{_words(kind).pattern})(?P<gap>{gap})$", re.IGNORECASE)


@cache
def _after(kind: str) -> re.Pattern[str]:
    """Nothing but spaces, maybe one short word ("numaralı"), then the kind's word: "CE-113212-0 hata kodu"."""
    return re.compile(rf"\s*(?:[^\W\d_]{{1,9}}\s+)?(?:{_words(kind).pattern})", re.IGNORECASE)


def _someones(words: str, kind: str, *veto: str) -> bool:
    """Whether ``words`` hold an own or a secret word that is not one of the kind's ("order id", "error code")."""
    words = _words(kind).sub(" ", words)
    return any(_words(name).search(words) for name in veto)


def _named(text: str, start: int, end: int, kind: str) -> bool:
    if _someones(text[end : end + _LOOK_BACK // 2], kind, "secret"):
        return False  # "error code 48213077 is my backup code"
    before = _before(kind).search(text[max(0, start - _LOOK_BACK) : start])
    if before is not None:
        return not _someones(before.group("gap"), kind, "own", "secret")
    after = None if kind in _RIGHT_BEFORE else _after(kind).match(text, end)
    return after is not None and not _someones(text[max(0, start - _LOOK_BACK // 2) : start], kind, "own", "secret")


@cache
def _every_pattern() -> int:
    """Each kind's patterns built at once (the warm-up calls a module's cached builders without arguments): the
    first number named as a reference would otherwise pay their compiling, some milliseconds."""
    for kind in _KINDS:
        _before(kind), _after(kind)
    return sum(bool(_words(name).pattern) for name in ("own", "secret", "world"))


@cache
def _any_reference_word() -> re.Pattern[str]:
    """Every kind's words, case-folded, in one pattern without lookarounds, read on a case-folded window: most numbers
    the readers find (a phone, an id) have none near them, and one search (a few µs, where a case-blind one with
    its boundaries costs ten times that) says so before a kind is tried."""
    return re.compile(literal_trie(sorted({word.casefold() for kind in _KINDS for word in _data()[kind]})))


def _a_reference_word_near(text: str, start: int, end: int) -> bool:
    """Whether a kind's word may stand near the number: a word of the pattern with no Latin letter before it (a
    seed's word may end a compound); the kinds' own patterns then judge it."""
    window = text[max(0, start - _LOOK_BACK) : end + _LOOK_BACK].casefold()
    for found in _any_reference_word().finditer(window):
        before = window[found.start() - 1 : found.start()]
        if not (before.isascii() and before.isalpha()) or not found.group().isascii() or "seed" in found.group():
            return True
    return False


def _a_world_in_line(text: str, start: int, end: int) -> bool:
    return _words("world").search(text[max(0, start - _WINDOW) : end + _WINDOW]) is not None


def ordinary_reference(text: str, start: int, end: int, *, kept: bool) -> str | None:
    """The kind of ordinary reference the line names ``text[start:end]`` as (module docstring), or None; ``kept``:
    the line is kept (a memory, the log), where an order or a tracking number is not let go."""
    glued = re.search(r"(?:[A-Z]{1,2}-|0[xX])$", text[max(0, start - 3) : start])
    shaped_from = start - len(glued.group()) if glued else start
    if _SHAPED.fullmatch(text, shaped_from, end) or _SHAPED.fullmatch(text, start, end):
        return "error"
    if not _a_reference_word_near(text, start, end):
        return None
    kinds = _KEPT_KINDS if kept else _KINDS
    for kind in kinds:
        if _named(text, start, end, kind) and (kind != "seed" or _a_world_in_line(text, start, end)):
            return kind
    return None
