"""A number named by its noun: "BIS-nummer is 83.31.16-020.05", "veronumero, mun on 100073941313", "numéro de la
carte eID … 596-9964195-61", "jogosítványom száma PT418275".

Identity, tax, insurance and document numbers have as many names as there are offices, but most
languages build them the same way: a word for *number* with a word saying whose or what for, glued
("Abgabenkontonummer", "onderwijsnummer"), hyphenated ("BIS-nummer"), beside it ("tax number",
"jogosítványom száma") or after it ("numéro de la carte", "número do documento"). The nouns are data
(``data/number_nouns.json``); a named number is redacted when the name is not one of a number shared
freely (a model, an order, a room, a page, a phone — the contact rules read phones) and the value a few
words later is one: six digits or more (separators allowed, not a date), or a document code of capitals
and digits ("RF5FBHD31").

A document or a tax registration is often named by its own word, with no word for *number* ("kiwi licence is
DK482915", "VAT reg is GB 774 0519 66", "pasaporte PAA123456"): a code of capitals and digits with four digits or
more, or a country's two letters before spaced groups of eight digits or more, a few words after a document's word
(``document_words`` in the same data) is redacted too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources

from utils.privacy.rule import A_DATE, Rule, Span, literal_trie

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/number_nouns.json").read_text(encoding="utf-8"))
_HEADS: tuple[str, ...] = tuple(_DATA["heads"])
_PUBLIC = frozenset(_DATA["public"])
_PUBLIC_STEMS = tuple(w for w in _PUBLIC if len(w) >= 4)
_AFTER = frozenset(_DATA["after"])
_VALUE = re.compile(r"[A-Z0-9](?<![\w/-][A-Z0-9])(?:[A-Z0-9]|[ ./-](?=[A-Z0-9])){5,24}(?![\w/-])")
"""A value: six digits or more, or a document code of capitals and digits (read first: most lines have none). It
starts on its first character and looks behind it after (no word character or "/" or "-" before it), so ``re`` skips
in C to the capitals and digits of a long post."""
_NAME_BEFORE = re.compile(
    r"(?P<before>[^\W\d_][\w'’-]*[ \t]+)?(?P<name>[^\W\d_][\w-]*?)?(?P<head>(?i:"
    + "|".join(re.escape(h) for h in sorted(_HEADS, key=len, reverse=True))
    + r"))(?![^\W\d_])(?P<after>(?:[ \t]+[^\W\d_][\w'’-]*){0,3})[^\d\n.!?]{0,40}?$"
)
"""The noun and its name before a value, read only in the few words before one."""
_A_HEAD = re.compile("(?i:" + literal_trie(list(_HEADS)) + ")")
"""Every noun as one trie: each match of :data:`_NAME_BEFORE` holds one, so words before a value without any are not
read word by word (most values have none before them: an IBAN, a list of codes)."""
_LOOK_BACK = 120
_MIN_DIGITS = 6
_SNOWFLAKE_DIGITS = (17, 20)
_CODE_MIN = 8
_CODE_MIN_EACH = 2
_NEEDLES = tuple(sorted({h.rstrip(".") for h in _HEADS}))


def _public(word: str) -> bool:
    word = word.casefold().strip("-'’")
    return word in _PUBLIC or word.startswith(_PUBLIC_STEMS)


_GENITIVE_HEADS = frozenset({"numer", "číslo", "cislo", "čísla", "broj", "številka", "številko", "номер", "номера", "број"})
"""Slavic nouns for *number* the word naming them follows in the genitive, with no preposition."""


def _whose(match: re.Match[str]) -> str | None:
    """The word naming the number: glued to it, the word before it, or the first word after "de"/"of"."""
    if match.group("name"):
        return match.group("name")
    said_after = match.group("after").split()
    after = [w for w in said_after if w.casefold() not in _AFTER]
    if said_after[:1] and said_after[0].casefold() in _AFTER and after:
        return after[0]
    before = (match.group("before") or "").strip()
    if not before and said_after and match.group("head").casefold() in _GENITIVE_HEADS:
        return said_after[0]  # "numer legitymacji", "číslo občanky": the genitive after the noun names it
    return before or None


def _a_named_value(value: str) -> bool:
    digits = sum(c.isdigit() for c in value)
    if A_DATE.search(value) or (value.isdigit() and _SNOWFLAKE_DIGITS[0] <= len(value) <= _SNOWFLAKE_DIGITS[1]):
        return False  # a timestamp; a bare 17-20 digit run is a Discord id ("id number 1121568047484884118")
    if digits >= _MIN_DIGITS:
        return True
    compact = value.replace(" ", "")
    letters = sum(c.isalpha() for c in compact)
    return len(compact) >= _CODE_MIN and compact.isalnum() and digits >= _CODE_MIN_EACH and letters >= _CODE_MIN_EACH


class _NamedNumberRule(Rule):
    """Values first, then the few words before each for a noun naming it: a long line costs a pass for values."""

    def spans(self, text: str) -> Iterator[Span]:
        for value in _VALUE.finditer(text):
            if not _a_named_value(value.group()):
                continue
            window = text[max(0, value.start() - _LOOK_BACK) : value.start()]
            if _A_HEAD.search(window) is None:
                continue
            for start in _word_starts(window):
                named = _NAME_BEFORE.match(window, start)
                if named is not None:
                    whose = _whose(named)
                    if whose is not None and not _public(whose):
                        yield value.start(), value.end(), self.kind
                    break


def _word_starts(window: str) -> Iterator[int]:
    return (m.start() for m in _WORD_START.finditer(window))


_WORD_START = re.compile(r"(?<![\w'’-])[^\W\d_]")


_DOCUMENT_WORDS = frozenset(_DATA["document_words"])
_ID_ACRONYMS = frozenset(_DATA["id_acronyms"])
_DOCUMENT_VALUE = re.compile(
    r"[A-Z\d](?<![\w-][A-Z\d])"  # its first capital or digit, no word character or "-" before it
    r"(?:(?<=[A-Z])[A-Z][ -]?(?:[A-Z][ -]?)?\d{2,4}(?:[ -]?\d{2,4}){1,4}(?:[ -]?[A-Z]\d{2})?"  # GB 774 0519 66
    r"|(?:(?<=[A-Z])|(?=[A-Z\d]{0,7}[A-Z]))[A-Z\d]{5,8})(?![\w-])"  # DK482915, C01X00T47, 18AV39271
)
"""A code starts on its first capital or digit and looks behind it after, so ``re`` skips in C to the capitals and
digits of a line rather than trying a lookbehind at each of its characters."""
_ACRONYM_VALUE = re.compile(
    r"(?<![\w-])(?:[A-Z]-?)?\d{6,14}(?:-?[A-Z])?(?![\w-])"  # 6450676, V801544329445, F-690516-Y
    r"|(?<![\w-])[0-9A-F]{2}(?: [0-9A-F]{2}){4,}(?: [0-9A-F])?(?![\w-])"  # A0 00 08 54 F8 9F 3E 0
)
_AN_ACRONYM = re.compile(literal_trie(sorted(_ID_ACRONYMS)))
"""Whether an acronym stands anywhere, as written (capitals: ``re`` skips to them)."""
_WORDS_BEFORE = re.compile(r"[^\W\d_][\w'’.-]*")
_DOCUMENT_LOOK_BACK = 40
_DOCUMENT_DIGITS = 4
_TAX_DIGITS = 8
_ACRONYM_DIGITS = 6
_CLAUSE_BREAK = re.compile(r"[,;!?\n]")
"""The document's word is in the value's clause: "got my passport back, flight BA2490" names a flight."""
_SENTENCE_BREAK = re.compile(r"[;!?\n]|\.\s")


_ELISION = re.compile(r"^[^\W\d_]{1,4}['’](?=[^\W\d_])")
"""An elided article or preposition glued to the word ("d'identità", "l'ausweis")."""
_SERIES_VALUE = re.compile(r"[A-ZΑ-Ω](?<![\w-][A-ZΑ-Ω])[A-ZΑ-Ω]{0,2}[ -]?\d{6,7}(?![\w-])")
"""An identity card's series and number: one to three capitals, Latin or Greek, and six or seven digits ("AH 908172",
"ΑΚ 327614", "EL 518904"); said after a document's word only."""


def _named_by(window: str, acronym: bool) -> bool:
    words = _WORDS_BEFORE.findall(window)[-4:]
    if acronym:
        return any(w.rstrip(".'’s") in _ID_ACRONYMS or w.rstrip(".") in _ID_ACRONYMS for w in words)
    folded = [_ELISION.sub("", w.casefold().rstrip(".")) for w in words]
    return any(w in _DOCUMENT_WORDS or w.rstrip("'’s") in _DOCUMENT_WORDS for w in folded)


class _DocumentValueRule(Rule):
    """A document's code or a country-prefixed tax number with a document's word a few words before it ("kiwi
    licence is DK482915", "VAT reg is GB 774 0519 66", "Reisepass Nr. C01X00T47"); a long number with an id's
    acronym before it, as written ("UPN is V801544329445", "mini PEID, es isch 6450676"). A code alone is a build,
    a product or a tag; the word says whose paper it is."""

    def spans(self, text: str) -> Iterator[Span]:
        taken = -1
        for value in _DOCUMENT_VALUE.finditer(text):
            found = value.group()
            digits = sum(c.isdigit() for c in found)
            if digits < (_TAX_DIGITS if " " in found or "-" in found else _DOCUMENT_DIGITS) or A_DATE.search(found):
                continue
            window = text[max(0, value.start() - _DOCUMENT_LOOK_BACK) : value.start()]
            if _named_by(_CLAUSE_BREAK.split(window)[-1], acronym=False):
                taken = value.end()
                yield value.start(), value.end(), self.kind
        for value in _SERIES_VALUE.finditer(text):
            if value.start() < taken:
                continue
            window = text[max(0, value.start() - _DOCUMENT_LOOK_BACK) : value.start()]
            if _named_by(_CLAUSE_BREAK.split(window)[-1], acronym=False):
                taken = value.end()
                yield value.start(), value.end(), self.kind
        if _AN_ACRONYM.search(text) is None:
            return  # most lines name no id by its capitals: the second pass over them is skipped
        for value in _ACRONYM_VALUE.finditer(text):
            if value.start() < taken or sum(c.isdigit() for c in value.group()) < _ACRONYM_DIGITS:
                continue
            if A_DATE.search(value.group()):
                continue
            window = text[max(0, value.start() - _DOCUMENT_LOOK_BACK) : value.start()]
            if _named_by(_SENTENCE_BREAK.split(window)[-1], acronym=True):
                yield value.start(), value.end(), self.kind


RULES: tuple[Rule, ...] = (
    _NamedNumberRule("id-number", re.compile("(?!)"), _NEEDLES, digits=2),
    _DocumentValueRule(
        "id-number", re.compile("(?!)"), tuple(sorted({*_DOCUMENT_WORDS, *(a.casefold() for a in _ID_ACRONYMS)})), digits=2
    ),
)
