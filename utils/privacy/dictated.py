"""A value dictated after its secret word, as phone voice typing writes it: capitals, spaces and symbols said as words.

Voice typing that does not know a password writes what was said ("the password is capital t tiger comma space
underscore river nine nine exclamation point"): each piece is an ordinary word, and a reading of "<word> is
<value>" takes the first one alone. After a secret word, the words that say how a value is typed (a capital, a
space, a comma, a symbol: ``data/disguised_values.json`` ``dictation`` and ``symbol_words``), the digits said as
words (``data/digit_words.json``) and the letters and short words between them are one value, read to the last of
those words, when three of them at least are said. A rule about passwords ("use capital letters, a comma or two")
says two at most and no letter between them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources

from utils.privacy import vocabulary
from utils.privacy.line_reading import ascii_letter_runs
from utils.privacy.prose_marks import ascii_but_prose_marks
from utils.privacy.rule import Rule, Span, literal_trie

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/disguised_values.json").read_text(encoding="utf-8"))
_DIGIT_WORDS = json.loads(resources.files("utils.privacy").joinpath("data/digit_words.json").read_text(encoding="utf-8"))
_SAID = sorted(
    {w.casefold() for w in (*_DATA["dictation"]["capitals"], *_DATA["dictation"]["spoken"], *_DATA["symbol_words"])},
    key=len,
    reverse=True,
)
_DIGITS_SAID = frozenset(w.casefold() for words in _DIGIT_WORDS["spaced"].values() for w in words)
_GATE = re.compile(r"(?<![^\W\d_])(?:" + literal_trie([w for w in _SAID if " " not in w]) + r")(?![^\W\d_])")
"""A word for a capital, a space or a symbol (the first word of one said in two): most lines hold none."""
_FIRST_LETTERS = [re.match(r"[^\W\d_]+", w) for w in _SAID if " " not in w]
_GATE_RUNS = frozenset(m.group() for m in _FIRST_LETTERS if m) if all(_FIRST_LETTERS) else None
"""Each such word's first run of letters, which a line holding the word holds as a whole run of its letters: a line
of ASCII holding none of them fails the gate, read off the runs of letters the scanner's rules share."""
_TOKEN = re.compile(r"[^\s.,;!?]+")
_LINK = frozenset({"is", "ist", "es", "est", "c'est", "é", "è", "to", "je", "on", "er", "ist:", "="})
_MIN_SAID = 3
_MAX_PLAIN = 12
"""The letters of a plain word between said ones ("tiger", "river"): longer ones are prose."""
_MAX_PLAIN_IN_A_ROW = 1
_REACH = 12


def _said_at(tokens: list[re.Match[str]], at: int) -> int:
    """How many tokens from ``at`` a said word takes (a word said in two: "exclamation point", "guion bajo"), or 0."""
    for length in (3, 2, 1):
        phrase = " ".join(t.group().casefold() for t in tokens[at : at + length])
        if len(tokens) - at >= length and phrase in _SAID_SET:
            return length
    return 0


_SAID_SET = frozenset(_SAID)
_CAPITALS = frozenset(w.casefold() for w in _DATA["dictation"]["capitals"])
_SYMBOLS = frozenset(w.casefold() for w in _DATA["symbol_words"])
_FILLERS = frozenset(w.casefold() for w in _DATA["fillers"]) - _CAPITALS
_FIRST_SAID = frozenset(w.split()[0] for w in _SAID)
"""The first word of each word said for a capital, a space or a symbol: a token that is none of them starts none."""
_MIN_PIECES = 5
_MIN_DIGIT_RUN = 3
_UNANNOUNCED_REACH = 2_000
"""How far into a long post a value dictated with no secret word is looked for."""


def _dictated(text: str, end: int) -> tuple[int, int] | None:
    """The span of a value dictated after a secret word ending at ``end``."""
    tail = text[end : end + 400]
    stop = re.search(r"[.!?\n](?:\s|$)", tail)
    tokens = list(_TOKEN.finditer(tail, 0, stop.start() if stop else len(tail)))[: _REACH * 3]
    at = 0
    while at < len(tokens) and at < 2 and tokens[at].group().casefold().strip(":") in _LINK | {""}:
        at += 1
    read = _read(tokens, at)
    if read is None or read.said < _MIN_SAID:
        return None
    return end + tokens[read.first].start(), end + tokens[read.last].end()


@dataclass
class _Read:
    """A stretch of dictation: its first and last token, the words said in it (capitals, spaces, symbols, digits),
    the digits among them and the longest run of digits, the symbols, the letters said alone, and whether a capital
    is said of a letter ("capital B", "M majuscule")."""

    first: int
    last: int
    said: int = 0
    digits: int = 0
    digit_run: int = 0
    symbols: int = 0
    letters: int = 0
    capital_letter: bool = False


def _read(tokens: list[re.Match[str]], at: int) -> _Read | None:
    """The dictation read from token ``at`` to its last said word (None: nothing said)."""
    first, last, plain, run = None, None, 0, 0
    read = _Read(at, at)
    while at < len(tokens):
        token = tokens[at].group().casefold()
        taken = _said_at(tokens, at)
        if taken or token in _DIGITS_SAID or token.isdigit():
            read.said += 1
            plain = 0
            is_digit = not taken
            run = run + 1 if is_digit else 0
            read.digits += is_digit
            read.digit_run = max(read.digit_run, run)
            phrase = " ".join(t.group().casefold() for t in tokens[at : at + taken])
            read.symbols += phrase in _SYMBOLS
            if phrase in _CAPITALS and _a_letter_beside(tokens, at, taken):
                read.capital_letter = True
            taken = taken or 1
            last = at + taken - 1
        elif len(token) == 1 and token.isalpha():
            taken = 1  # the letter a capital is said of ("capital m"), or a letter said alone
            read.letters += 1
        elif token in _FILLERS:
            taken = 1  # "then", "dann", "en dan": what joins the pieces
        elif token.isalpha() and len(token) <= _MAX_PLAIN and plain < _MAX_PLAIN_IN_A_ROW:
            plain += 1
            taken = 1
        else:
            break
        first = at if first is None else first
        at += taken
    if first is None or last is None:
        return None
    read.first, read.last = first, last
    return read


def _a_letter_beside(tokens: list[re.Match[str]], at: int, taken: int) -> bool:
    """Whether a letter alone (or a word in capitals after "all caps") stands right before or after a capital."""
    after = tokens[at + taken].group() if at + taken < len(tokens) else ""
    before = tokens[at - 1].group() if at > 0 else ""
    return any(len(t) == 1 and t.isalpha() for t in (after, before)) or (len(after) > 1 and after.isupper())


def _unannounced(text: str) -> Iterator[tuple[int, int]]:
    """A value dictated with no secret word before it: a stretch that says a capital of a letter and five pieces or
    more ("capital B dash seven dash river"), or a symbol beside three digits said in a row ("four four two one then
    star then nine nine", "Delta dash echo dash four four seven"). A remark on case or on a sign ("capital of France",
    "minus five, then minus two") says neither."""
    for line in re.finditer(r"[^.!?\n]+", text[:_UNANNOUNCED_REACH]):
        tokens = list(_TOKEN.finditer(text, line.start(), line.end()))
        at = 0
        while at < len(tokens):
            folded = tokens[at].group().casefold()
            if folded not in _DIGITS_SAID and (folded not in _FIRST_SAID or not _said_at(tokens, at)):
                at += 1
                continue
            start = at
            while start > 0 and _a_piece(tokens[start - 1].group()):
                start -= 1  # "M majuscule", "four four two one then star": the pieces said before it
            read = _read(tokens, start)
            if read is None:
                at += 1
                continue
            if (read.capital_letter and read.said + read.letters >= _MIN_PIECES) or (
                read.symbols and read.digit_run >= _MIN_DIGIT_RUN and read.said >= _MIN_PIECES
            ):
                yield tokens[read.first].start(), tokens[read.last].end()
            at = max(read.last, at) + 1


def _a_piece(token: str) -> bool:
    folded = token.casefold()
    return (len(folded) == 1 and folded.isalpha()) or folded in _DIGITS_SAID or folded in _SAID_SET


class _DictatedRule(Rule):
    """Reads a line only when it holds a word for a capital, a space or a symbol (the scanner's one pass for every
    rule's needles finds the line's first; its own gate then asks for a whole word), and then after its secret words."""

    def spans(self, text: str) -> Iterator[Span]:
        if _GATE_RUNS is not None and ascii_but_prose_marks(text) and ascii_letter_runs(text).isdisjoint(_GATE_RUNS):
            return
        if _GATE.search(text.casefold()) is None:
            return
        for word in vocabulary.find(text):
            span = _dictated(text, word.end)
            if span is not None:
                yield span[0], span[1], self.kind
        for start, end in _unannounced(text):
            yield start, end, self.kind


_NEEDLES = tuple(sorted({w.split()[0] for w in _SAID}))
RULES: tuple[Rule, ...] = (_DictatedRule("password", _GATE, needles=_NEEDLES),)
"""A value dictated after its secret word, read to its last said capital, space, symbol or digit."""
