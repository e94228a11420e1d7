"""Values told around their word rather than after it, read from the order a member tells them in.

"<word>: <value>" is the order the other readings know. Chat also tells a value in five others, and each is read
here from the words that make the order, never from a format of the value:

* the value first and its word after it, topic first ("Gr3enT34!pot — that's the new wifi password", "Bocian77! to
  hasło do komputera", "hoasen1975 là mật khẩu wifi", "4471 is the code for the side door"): a value that opens a line
  and holds a digit, then within a few words a link of any language (secret_words.json's ``links`` and
  ``loose_links``, the ``pointing`` words of ``data/told_values.json``) or a dash, then a word for a password, a PIN or
  a code (or, with no link, an ``owned`` word, which carries its owner in its ending: Turkish "Kedi2020 şifrem");
  a ``judging`` word between them ("is a weak password") or a code meant to be shared ("is the error code") is none;
* the value in pieces after its word, in one message ("door code starts 447, ends 193", "密码前四位是6621，后两位是05",
  "비번 앞은 hana 뒤는 0912 붙여서"): after a word for a password, a PIN or a code, two parts or more each told by a
  ``pieces`` word (first, then, the last two, the front half) or listed after a ``parts`` phrase ("in two parts:"),
  one of them with digits; a part of letters alone counts when it is capitalised or the message says the parts are
  ``joined`` ("todo pegado"), so "first the API then the tests" tells no value;
* the value after an e-mail address and a ``pairing`` word ("usa joana.silva@gmail.com e Pipoca#2022"): a token
  with letters, a digit and a symbol or an inner capital, the way a login is handed over with no word for it;
* a token of letters and digits typed to get in: an ``entering`` word of ``data/locked_things.json`` ("type",
  "tippe", "wpisz") before it, or before a short word before it ("tippe einfach kaffee2020 ein"), in a text saying
  it lets one in (``opening``: "log in", "unlock", "hit enter");
* a column of a password manager's export (Chrome's "name,url,username,password,note", Bitwarden's
  "login_password", RoboForm's "Pwd"): a comma- or semicolon-separated header whose whole cell is a word for a
  password, and under it the rows' cells in that column.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from itertools import pairwise

from utils.privacy import vocabulary
from utils.privacy.rule import Rule, Span, literal_trie

_DATA: dict[str, list[str]] = json.loads(resources.files("utils.privacy").joinpath("data/told_values.json").read_text("utf-8"))
_SECRET_KINDS = frozenset({"password", "wifi", "pin", "code"})
"""Words whose value a member tells in these orders: a password, a Wi-Fi key, a PIN, a code."""


def _words(text: str) -> list[vocabulary.Word]:
    return [word for word in vocabulary.find(text) if word.entry.kind in _SECRET_KINDS]


def _whole_words(words: list[str]) -> re.Pattern[str]:
    return re.compile(r"(?i)(?<![^\W_])" + literal_trie(sorted({w.casefold() for w in words})) + r"(?![^\W_])")


# --- the value first, its word after it

_LINKS = _whole_words(
    [link for links in vocabulary.LINKS.values() for link in links if any(c.isalpha() for c in link)]
    + list(vocabulary.LOOSE_LINKS)
    + _DATA["pointing"]
)
_FIRST = re.compile(r"^[ \t>*_`\"'«“„]*(?P<secret>[^\s\"'`«»“”]{4,48}?)[*_`\"'»”]*(?=[,;:]?(?:[ \t]|$))", re.M)
_DASH = re.compile(r"^[ \t]*(?:[,—–]|-(?=[ \t]))")
_MAX_GAP_WORDS = 6
_MAX_GAP = 60
_GAP_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_NOT_A_VALUE = re.compile(r"[/@\\]|://|^v?\d+(?:\.\d+)+$|^(?:19|20)\d\d$")
"""A path, an address, a link, a version or a year: none a password said first."""
_DIGITS = re.compile(r"\d{4,10}")
_JUDGING = _whole_words(_DATA["judging"])
_OWNED = re.compile(r"(?i)(?<![^\W_])" + literal_trie(sorted({w.casefold() for w in _DATA["owned"]})) + r"\Z")
"""An ``owned`` form ending the word ("şifrem", and "wifi şifresi", a phrase the vocabulary reads as one word)."""
_OWNED_GAP, _OWNED_VALUE = 2, 6
"""An ``owned`` word closes a sentence after the value and at most two words ("Lale1453 modemin şifresi"), a value
of six characters or more: a product's short name is read as the thing whose password it is ("Win11 şifresi")."""
_PUBLIC_AFTER = re.compile(
    r"(?i)[ \t]*(?:(?:de|di|du|da|do|del|della|des|d'|of|na|van|für)[ \t]*)?"
    + _whole_words(_DATA["public_after"]).pattern.removeprefix("(?i)")
)
"""A code word followed by what makes it one to share: "é o código de rastreio", "c'est le code d'erreur"."""


def _value_first(value: str) -> bool:
    """A token that holds a digit and reads as a value: a run of four to ten digits, or letters and digits with more
    than one class ("Gr3enT34!pot", "Lale1453"); never a path, a version or a year."""
    if _NOT_A_VALUE.search(value) or not any(c.isdigit() for c in value):
        return False
    return bool(_DIGITS.fullmatch(value)) or any(c.isalpha() for c in value)


_AFTER_WORD = re.compile(r"[ \t]*(?P<glue>-?)(?P<next>[^\W\d_]+(?:['’][^\W\d_]+)?)?")
_QUALIFIERS = frozenset(q.casefold() for q in vocabulary.QUALIFIERS)
_AFTERTHOUGHTS = frozenset(w.casefold() for w in (*_DATA["afterthoughts"], *_DATA["opened"]))


def _closes(text: str, word: vocabulary.Word, starts: frozenset[int]) -> bool:
    """Whether the word a value said first ends with closes its noun: the clause ends, or a qualifier ("for the side
    door", "della carta"), another secret word (``starts``: where the text's secret words start), what it opens ("mật
    khẩu wifi") or an afterthought ("btw") follows; a word glued by a hyphen or any other word makes a compound
    ("Code-Review", "pin limit")."""
    after = _AFTER_WORD.match(text, word.end)
    if after is None or after.group("next") is None:
        return True
    if after.group("glue"):
        return False
    following = after.group("next").casefold()
    return following in _QUALIFIERS or following in _AFTERTHOUGHTS or after.start("next") in starts


def _first_spans(text: str, words: list[vocabulary.Word]) -> Iterator[tuple[int, int]]:
    """The text's secret words are read once (``words``), each value's line reading the first after it."""
    starts = frozenset(w.start for w in words)
    for match in _FIRST.finditer(text):
        value = match.group("secret")
        if not _value_first(value):
            continue
        line_end = text.find("\n", match.end())
        line_end = len(text) if line_end < 0 else line_end
        word = next((w for w in words if match.end() <= w.start < line_end), None)
        if word is None or word.start - match.end() > _MAX_GAP:
            continue
        gap = text[match.end() : word.start]
        tokens = [token.casefold() for token in _GAP_TOKEN.findall(gap)]
        if any(c.isdigit() or c in ".!?,;" for c in gap.lstrip(" \t,;—–-")) or len(tokens) > _MAX_GAP_WORDS:
            continue  # "8080 is the port, the password is in the vault": the word in another clause
        if not _closes(text, word, starts):
            continue  # "5000 is the pin limit on this card": the word leads a compound that names something else
        if word.entry.kind == "code" and not _DIGITS.fullmatch(value):
            continue  # "1080p is the only code I know": a code said first is digits ("4471 is the code for the door")
        if _JUDGING.search(gap) or vocabulary.public_code_before(gap) or _PUBLIC_AFTER.match(text, word.end):
            continue  # "Summer2024 is a weak password", "1603 is the error code", "… é o código de rastreio"
        owned = (
            len(tokens) <= _OWNED_GAP and len(value) >= _OWNED_VALUE and _OWNED.search(text[word.start : word.end]) is not None
        )
        if _DASH.match(gap) or _LINKS.search(gap) or owned:
            yield match.span("secret")


# --- the value in pieces after its word

_PIECES = _whole_words(_DATA["pieces"])
_PIECES_UNSPACED = re.compile(literal_trie(sorted(_DATA["pieces_unspaced"])))
_PARTS = _whole_words(_DATA["parts"])
_JOINED = _whole_words(_DATA["joined"])
_REACH = 200
_PIECE = re.compile(r"[^\s,;:.?。、，！？()\"'«»“”]+")
"""A token up to a space or punctuation: a letter's combining marks (Devanagari's vowel signs) stay inside it."""
_PIECE_STEPS = 3
_LIST_STEPS = 6
_CLAUSE_END = re.compile(r"[.!?\n。！？]")


_MEASURED = re.compile(r"[:h.,]\d|[ \t]?(?:%|[$€£¥₹])")
"""A time, a decimal, a share or a price goes on after the number ("14:00", "2.5", "10 %"): no part of a value."""


def _a_piece(token: str, joined: bool) -> bool:
    """Digits (two or more), letters and digits, or, where the parts are said to be joined or the part is
    capitalised, a word of letters: a number word ("the last two") or a filler ("then the") is no part."""
    if any(c in "%$€£¥₹" for c in token):
        return False
    if any(c.isdigit() for c in token):
        return sum(c.isdigit() for c in token) >= 2 or any(c.isalpha() for c in token)
    return len(token) >= 3 and (joined or (token[0].isupper() and token[1:].islower()))


def _told_after(text: str, at: int, joined: bool, steps: int) -> Iterator[tuple[int, int]]:
    """The parts in the few tokens after a piece word ending at ``at``, in its clause: the first one, or, after a
    ``parts`` phrase (``steps`` longer), each."""
    end = _CLAUSE_END.search(text, at)
    for number, token in enumerate(_PIECE.finditer(text, at, end.start() if end else len(text))):
        if number >= steps:
            return
        if _a_piece(token.group(), joined) and not _MEASURED.match(text, token.end()):
            yield token.span()
            if steps == _PIECE_STEPS:
                return


def _piece_spans(text: str) -> Iterator[tuple[int, int]]:
    words = _words(text)
    if not words:
        return
    start = words[0].end
    region = text[start : start + _REACH]
    joined = _JOINED.search(text) is not None
    found: list[tuple[int, int]] = []
    for match in (*_PIECES.finditer(region), *_PIECES_UNSPACED.finditer(region)):
        found.extend(_told_after(text, start + match.end(), joined, _PIECE_STEPS))
    for match in _PARTS.finditer(region):
        found.extend(_told_after(text, start + match.end(), joined, _LIST_STEPS))
    spans = sorted(set(found))
    if len(spans) >= 2 and any(any(c.isdigit() for c in text[s:e]) for s, e in spans):
        yield from spans


# --- a password column of an export

_CELL = re.compile(r'"(?:[^"\n]|"")*"|[^,;\n]*')
_MIN_CELLS = 3


def _cells(line: str) -> list[tuple[int, int]]:
    """A comma- or semicolon-separated line's cells as spans, a quoted cell's span inside its quotes."""
    cells, at = [], 0
    while at <= len(line):
        match = _CELL.match(line, at)
        start, end = match.span() if match else (at, at)
        if end - start >= 2 and line[start] == '"' and line[end - 1] == '"':
            start, end = start + 1, end - 1
        cells.append((start, end))
        at = (match.end() if match else at) + 1
    return cells


def _password_columns(line: str, position: int, cells: list[tuple[int, int]], spans: set[tuple[int, int]]) -> list[int]:
    """The columns whose header cell is wholly a word for a password (``spans``: the text's such words)."""
    columns = []
    for index, (start, end) in enumerate(cells):
        cell = line[start:end]
        stripped = cell.strip()
        if stripped:
            at = position + start + cell.index(stripped)
            if (at, at + len(stripped)) in spans:
                columns.append(index)
    return columns


def _column_spans(text: str, words: list[vocabulary.Word]) -> Iterator[tuple[int, int]]:
    spans = {(w.start, w.end) for w in words if w.entry.kind != "code"}
    columns: list[int] = []
    width = 0
    position = 0
    for line in text.split("\n"):
        cells = _cells(line) if ("," in line or ";" in line) else []
        if len(cells) >= _MIN_CELLS and (header := _password_columns(line, position, cells, spans)):
            columns, width = header, len(cells)
        elif columns and len(cells) >= width - 1:
            for index in columns:
                if index < len(cells):
                    start, end = cells[index]
                    cell = line[start:end].strip()
                    if cell and cell.casefold() not in vocabulary.NOT_SECRETS:
                        yield position + start, position + end  # "yes", "none", "n/a" under "pin" hold no value
        else:
            columns = []
        position += len(line) + 1


# --- an account and the value that logs in with it

_PAIRED = re.compile(
    r"(?<![^\s(])[^\s@()<>]+@[^\s@()<>]+\.[^\W\d_]{2,}[ \t]*(?:[,/+&][ \t]*|[ \t]+"
    + _whole_words(_DATA["pairing"]).pattern.removeprefix("(?i)")
    + r"[ \t]+)[`\"'«“]*(?P<secret>[^\s`\"'«»“”]{6,48}?)[`\"'»”]*(?=[.,;!?)]?[ \t]*(?:\n|$))",
    re.I,
)


_LOGIN_SYMBOLS = frozenset("!#$%&*?+=^~")


def _a_login_value(value: str) -> bool:
    """Letters, a digit and a password's symbol or a capital inside a word ("Pipoca#2022", "Couch!Potato22"), ending
    its line: no link, path or second address, no name joined by a hyphen ("Projekt-2024"), no product ("iPhone15")."""
    if (
        value[0] in "#@"
        or "@" in value
        or "/" in value
        or not any(c.isdigit() for c in value)
        or not any(c.isalpha() for c in value)
    ):
        return False
    inner = any(a.islower() and b.isupper() for a, b in pairwise(value[1:]))
    return not _LOGIN_SYMBOLS.isdisjoint(value) or inner


def _paired_spans(text: str) -> Iterator[tuple[int, int]]:
    if "@" not in text:
        return
    for match in _PAIRED.finditer(text):
        if _a_login_value(match.group("secret")):
            yield match.span("secret")


# --- a value typed to get in

_LOCKED_DATA: dict[str, object] = json.loads(
    resources.files("utils.privacy").joinpath("data/locked_things.json").read_text("utf-8")
)
_ENTERING = [str(w) for w in _LOCKED_DATA["entering"]] if isinstance(_LOCKED_DATA["entering"], list) else []
_OPENING = re.compile(r"(?i)" + literal_trie(sorted({w.casefold() for w in _DATA["opening"]})))
_TYPED = re.compile(
    _whole_words(_ENTERING).pattern
    + r"[ \t]+(?:[^\W\d_]{1,8}[ \t]+)?[`\"'«“]?(?P<secret>[^\s`\"'«»“”,;:]{6,48}?)[`\"'»”]?(?=[.,;!?)]?(?:\s|$))"
)


def _a_typed_value(value: str) -> bool:
    """Letters with a small one and digits ("sunflower42"): no command, path, address, version or code in capitals."""
    if value[0] in "/!#@$" or _NOT_A_VALUE.search(value) or "@" in value:
        return False
    return any(c.isdigit() for c in value) and any(c.islower() for c in value)


_TYPED_CHARS = 400
"""A value typed to get in is told in a chat message; a longer text (a log, a pasted page) is no such instruction."""


def _typed_spans(text: str) -> Iterator[tuple[int, int]]:
    if len(text) > _TYPED_CHARS or _OPENING.search(text) is None:
        return
    for match in _TYPED.finditer(text):
        if _a_typed_value(match.group("secret")):
            yield match.span("secret")


class _ToldRule(Rule):
    """The orders above: an account's value behind an "@", the others behind a word for a secret in the text."""

    def spans(self, text: str) -> Iterator[Span]:
        if not any(c.isdigit() for c in text):
            return
        for start, end in (*_paired_spans(text), *_typed_spans(text)):
            yield start, end, self.kind
        words = _words(text)
        if not words:
            return
        for start, end in (*_first_spans(text, words), *_piece_spans(text), *_column_spans(text, words)):
            yield start, end, self.kind


RULES: tuple[Rule, ...] = (_ToldRule("password", re.compile(r"\d"), digits=1),)
"""One rule, read only in a text with a digit."""
