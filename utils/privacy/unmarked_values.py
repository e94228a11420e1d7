"""Values given with no word for a secret and no format of their own, read from what holds them.

A member who hands a value over often names nothing: the subject line of a forwarded e-mail said what it was, a
spoiler or a code span hides it, a spreadsheet row puts it beside the account it opens, a recipe says how it was made,
the lock it opens is named instead. Each reading here asks for a value's look (a compound of words and a number, or a
token of mixed classes) *and* for what holds it, never for one format:

* in a spoiler, an inline code span or a code block alone (``||Brezel_Senf_81||``, ```Hongshao_Rou88!```): a
  compound of two words or more and a number (:func:`passphrase_like`); a quiz answer, a lobby code in capitals, a
  commit, a version or a command is none;
* anywhere in a text that names a password somewhere else (a subject line, a clause before), or right after a word
  that hands what follows over in a text of several lines ("here it is:", "só isso:", "вот:", an arrow; the
  ``presenting`` words of ``data/unmarked_values.json`` and the ``handing`` ones of ``data/disguised_values.json``):
  a compound, not a name for a team ("il nostro clan si chiama Lupi-Grigi-88" hands nothing over);
* in a tab-separated row, the cell after an account (an e-mail address or a login such as ``jan.k``): the rest of a
  row of scores or orders names no account;
* at the end of a line that tells a value's recipe (letters, initials, vowels, backwards, leet, a keyboard layout; the
  ``deriving`` words): the mixed token after its colon, arrow or "=";
* beside the lock or the place it opens, in one message (``_conversation_locked.given_beside``: "kapı: 6813", a keycap
  code after "door:" once its digits read as digits).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from itertools import pairwise

from utils.privacy import told_values, vocabulary
from utils.privacy._conversation_locked import given_beside
from utils.privacy._conversation_words import SHORT_MESSAGE_CHARS
from utils.privacy.rule import Rule, Span, literal_trie


def _data(name: str) -> dict[str, list[str]]:
    loaded: dict[str, list[str]] = json.loads(resources.files("utils.privacy").joinpath(f"data/{name}").read_text("utf-8"))
    return loaded


_OWN, _DISGUISED = _data("unmarked_values.json"), _data("disguised_values.json")
_PRESENTING = sorted({w.casefold() for w in (*_OWN["presenting"], *_DISGUISED["handing"])}, key=len, reverse=True)
_DERIVING = tuple(sorted({w.casefold() for w in _OWN["deriving"]}))

_MIN, _MAX = 8, 48
_MIN_DIGITS = 2
"""Digits in a compound: a sequel's or a team's one ("Spider-Man-2", "Velvet-Tundra-3") is a title."""
_SEPARATORS = re.compile(r"[-_.#!$%&*+~]")
_LETTER_PARTS = re.compile(r"[^\W\d_]+")
_CAMEL_WORD = re.compile(r"[A-Z][a-z]{2,}")
_NOT_A_VALUE = re.compile(r"[/:=@\\]|^v?\d+(?:\.\d+)+$")
"""A path, a URL, an assignment, an address or a version: read by the rules that know them, none a compound."""


def passphrase_like(token: str, *, glued: bool = False) -> bool:
    """Two words or more and a number in one token, joined by separators ("Brezel_Senf_81", "Maracuja-Doce-2024",
    "Hongshao_Rou88!") or, where ``glued`` is allowed, by capitals ("BasaltCove19"), with a lower-case letter and its
    number at an end: a code in capitals ("LIGA-MADRID-24", "SW-4183-9902-7719") is a code to share, one word and a
    year a coupon, a number inside the name a model's ("Redmi-Note-13-Pro")."""
    if not _MIN <= len(token) <= _MAX or _NOT_A_VALUE.search(token):
        return False
    if sum(c.isdigit() for c in token) < _MIN_DIGITS or not any(c.islower() for c in token):
        return False
    letters = _LETTER_PARTS.findall(token)
    if any(len(part) >= 2 and part.isupper() for part in letters):
        return False  # "RTX-4070-Super", "TatuBola-BR1": a product's or a region's capitals
    pieces = [piece for piece in _SEPARATORS.split(token) if piece]
    if any(any(c.isdigit() for c in piece) for piece in pieces[1:-1]):
        return False  # "Redmi-Note-13-Pro", "Keychron-Q1-Pro", "Left-4-Dead-2": a model's number inside its name
    if _SEPARATORS.search(token) and sum(len(part) >= 3 for part in letters) >= 2:
        return True
    return glued and len(_CAMEL_WORD.findall(token)) >= 2


_WRAPPED = re.compile(
    r"\|\|[ \t]*(?P<spoiler>[^\s|]{8,48})[ \t]*\|\|"
    r"|(?<!`)`(?P<code>[^`\s]{8,48})`(?!`)"
    r"|```[\w-]*[ \t]*\n[ \t]*(?P<block>[^\s`]{8,48})[ \t]*\n[ \t]*```"
)


class _WrappedRule(Rule):
    """A spoiler, a code span or a code block that holds one compound alone."""

    def spans(self, text: str) -> Iterator[Span]:
        for match in self.pattern.finditer(text):
            if match.group() == text.strip():
                return  # a message of the value alone: the conversation holds it back whole (a later one may name it)
            group = match.lastgroup or "spoiler"
            if passphrase_like(match.group(group), glued=True):
                yield *match.span(group), self.kind


_TOKEN = re.compile(r"(?<![\w@.+/-])(?P<secret>[^\s`|\"'«»“”()]{8,48})(?![^\s`|\"'«»“”()])")
"""A whole token of eight to 48 characters: a longer run (a key, a blob, a URL) holds no compound."""
_PRESENTED = re.compile(
    r"(?i)(?:(?<![^\W\d_])" + literal_trie(_PRESENTING) + r"(?![^\W\d_])[ \t]*[:：,]?[ \t]*(?:→|->|↓)?|→|->|↓)"
    r"\s*[`*_|\"']*\Z"
)
_REACH = 40
_TRAILING = ".,;:)"


def _handed(match: re.Match[str]) -> bool | tuple[int, int]:
    """A compound in a text that names a password anywhere (an e-mail's subject, a remark three clauses before:
    "parolă … e simplu: Pisica-Verde-2211"), or handed over by the words just before it in a text of several lines (a
    notice forwarded with its subject and instructions). A one-line "voilà : Cerf-Volant_2981" is a lone value after
    a label, which the log alone leaves out (:func:`utils.privacy.conversation.with_lone_value`)."""
    start, end = match.span("secret")
    while end > start and match.string[end - 1] in _TRAILING:
        end -= 1
    if not passphrase_like(match.string[start:end]):
        return False
    text = match.string
    if ("\n" in text.strip() and _PRESENTED.search(text, max(0, start - _REACH), start)) or _names_a_password(text):
        return start, end
    return False


def _names_a_password(text: str) -> bool:
    """A word for a password, a PIN, a Wi-Fi key or a login (an ambiguous one too: the compound looks like a secret)."""
    return any(vocabulary.PLACEHOLDERS.get(word.kind) == "password" for word in vocabulary.find(text))


_ACCOUNT = re.compile(r"[^\s@]+@[^\s@]+\.\w+|[a-z][a-z0-9]*(?:[._][a-z0-9]+)+")
_CELL_VALUE = re.compile(r"\d{4,8}|(?=\S*[^\W\d_])(?=\S*[\d\W])\S{6,48}")


class _RowRule(Rule):
    """The cell after an account in a tab-separated row ("Telekom⇥k.mueller⇥Rheinwiese_58")."""

    def spans(self, text: str) -> Iterator[Span]:
        position = 0
        for line in text.split("\n"):
            if line.count("\t") >= 2:
                yield from self._row(line, position)
            position += len(line) + 1

    def _row(self, line: str, position: int) -> Iterator[Span]:
        cells, offset = [], position
        for cell in line.split("\t"):
            cells.append((offset, cell))
            offset += len(cell) + 1
        for (_at, account), (at, value) in pairwise(cells):
            stripped = value.strip()
            if _ACCOUNT.fullmatch(account.strip()) and _CELL_VALUE.fullmatch(stripped) and not _ACCOUNT.fullmatch(stripped):
                start = at + value.index(stripped)
                yield start, start + len(stripped), self.kind


_RECIPE_END = re.compile(
    r"(?:[:：=]|→|->)[ \t]*[`'\"]*(?P<secret>[^\s,;`'\"]{5,48}?)[`'\"]*(?=[ \t]*(?:$|[,;(—–]|[.!?]?[ \t]*$))", re.M
)


_RECIPE_WORD = re.compile(r"(?i)(?<![\w-])" + literal_trie(list(_DERIVING)) + r"(?![-_])")
"""A recipe's word in prose: in an identifier ("keyboard_layout", "letter-spacing") it names a setting."""
_JOINERS = "-_.'’"


def _recipe_result(match: re.Match[str]) -> bool:
    """A token with a letter and a digit or a symbol (a hyphen or a dot joins words) after a recipe told in words."""
    token = match.group("secret")
    if _NOT_A_VALUE.search(token) or not any(c.islower() for c in token) or not any(c.isalpha() for c in token):
        return False
    if not any(c.isdigit() or (not c.isalpha() and c not in _JOINERS) for c in token):
        return False
    return _RECIPE_WORD.search(match.string, 0, match.start()) is not None


_SETTING = re.compile(r"^[ \t]*[\w.-]+[ \t]*:[ \t]*\S+[ \t]*$", re.M)
"""A line of a YAML or an INI-like block ("porta: 25565" is a server's port, "door" in Italian and Portuguese too)."""


_THREE_DIGITS = re.compile(r"\d(?:[ -]?\d){2}")
_A_PLACE_AFTER = re.compile(r"[ \t]+[A-ZÀ-Þ][^\W\d_]*[a-zß-ÿ]")
"""A number followed by a capitalised name is a postcode or a street number ("Brandenburger Tor, 10117 Berlin")."""


class _LockedRule(Rule):
    """A code beside the lock or the place it opens, in one line ("kapı: 6813", "cadenas de la cave : 9328"); not in
    code, a ``key=value`` or a block of settings, where a word and a number are a key and its value ("porta", "Tor"
    and "gate" name a port or a gateway there)."""

    def spans(self, text: str) -> Iterator[Span]:
        if len(text) > SHORT_MESSAGE_CHARS or not _THREE_DIGITS.search(text):
            return  # the cheap gate: a long post, or no three digits in a row, is no message beside its lock
        if "`" in text or ("\n" in text and len(_SETTING.findall(text)) >= 2):
            return  # code, or a block of settings: "`porta=8080`", "porta: 25565" under "server.yaml:"
        for code, _kind in given_beside(text):
            at = text.find(code)
            if at >= 0 and not _A_PLACE_AFTER.match(text, at + len(code)) and not text[:at].rstrip().endswith("="):
                yield at, at + len(code), self.kind


RULES: tuple[Rule, ...] = (
    _WrappedRule("password", _WRAPPED, ("||", "`")),
    Rule("password", _TOKEN, digits=1, min_token=_MIN, accept=_handed, in_one_run=True),
    _RowRule("password", re.compile("\t"), ("\t",), digits=1),
    Rule("password", _RECIPE_END, _DERIVING, digits=0, accept=_recipe_result),
    _LockedRule("code", re.compile(r"\d"), digits=3),
    *told_values.RULES,
)
"""The readings above, each behind its gate: a spoiler's or a code span's marks, a token of eight characters with a
digit, a tab, a recipe's word, three digits in a run."""
