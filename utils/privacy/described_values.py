"""A value given at the end of a line after a long description of how it is made, past a colon.

A member who explains a password before giving it ("the name of the street we grew up on with the house number, no
spaces: Elmwood42", "furaha sirta waa magaca geelka oo dib loo qoray: lamaG41") puts more words between the secret
word and the value than a reading of "<word> is <value>" reaches. The value ends the line after its last colon, has
a secret's look (a digit, a symbol, inner capitals) and stands in the same sentence as a secret word: "forgot my
password again lol. anyway, final score: 2431" names the secret in a sentence that has ended before the score.

A hint's own word opens such a line as a secret word does ("Tipp: Omas Geburtsjahr und Hausnummer, also 193817"), and
a word that hands the value over takes the colon's place ("pin is the year we met backwards, so 1102", "подсказка:
кличка кота и год — Барсик2011"): both are data (data/described_values.json). A handover is read only as the word
before a line's last token, so a line costs one split from its end; a year after it ("…, so 2024") is a date.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources

from utils.privacy import vocabulary
from utils.privacy._secret_values import looks_like_a_secret
from utils.privacy.rule import Rule, Span

_GIVEN = re.compile(
    r"(?::[ \t]+|：[ \t]*|(?:→|->|=>)[ \t]*)"
    r"[`*_\"'|]*(?P<secret>[^\s`*\"'|:：]{4,64}(?:[ \t]\d{1,6})?)[`*_\"'|.!)]*[ \t]*(?=\n|$)"
)
"""What ends a line after its last colon and a space, or an arrow: one token, or a word and a number ("koedoes
88"); a colon inside a token is a port's or a time's ("play.example.net:25565")."""
_SENTENCE_END = re.compile(r"[.!?。！？\n](?:\s|$)|[.!?。！？]{2,}")
_LINE_START = "\n"
_MIN_PIN, _MAX_PIN, _MIN_LETTERS = 4, 8, 2
YEAR_ALONE = re.compile(r"(?:19|20)\d\d")
_VERSION = re.compile(r"(?i)v?\d+(?:\.\d+)+[a-z]?")
"""A version or a rating ("v2.4", "1.20.4", "4.5"): what a colon hands over in notes and reviews, never a password."""


def _a_password(value: str) -> bool:
    """A PIN's four to eight digits, or letters with a digit among them (not a version, not a name with inner
    capitals: "McLaren", "iPhone" are what a colon hands over in chat about anything)."""
    digits = sum(c.isdigit() for c in value)
    if value.isdigit():
        return _MIN_PIN <= digits <= _MAX_PIN
    letters = sum(c.isalpha() for c in value)
    return digits > 0 and letters >= _MIN_LETTERS and looks_like_a_secret(value) and not _VERSION.fullmatch(value)


_DATA = json.loads(resources.files("utils.privacy").joinpath("data/described_values.json").read_text(encoding="utf-8"))
_HINTS = frozenset(word.casefold() for word in _DATA["hints"])
_UNSPACED_HINTS = tuple(_DATA["unspaced_hints"])
_HANDOVERS = frozenset(word.casefold() for word in _DATA["handovers"])
_LONGEST_HANDOVER = max(len(word.split()) for word in _HANDOVERS)
_TAIL = 96
"""Characters read back from a line's end for its last token and the words before it (a token is at most 64)."""
_A_WORD = re.compile(r"[^\W\d_]+")
_LAST_TOKEN = re.compile(r"[`*_\"'|]*(?P<secret>[^\s`*\"'|:：]{4,64})[`*_\"'|.!)]*[ \t]*$")


def _named_in_the_sentence(sentence: str) -> bool:
    """Whether a secret word or a hint's word stands in the sentence that the colon closes (``sentence``: its line up
    to the colon; the lines before it are not copied for each colon of a long paste)."""
    ends = [match.end() for match in _SENTENCE_END.finditer(sentence)]
    last = sentence[ends[-1] if ends else 0 :]
    if any(word.start >= (ends[-1] if ends else 0) for word in vocabulary.find(sentence)):
        return True
    folded = last.casefold()
    return not _HINTS.isdisjoint(_A_WORD.findall(folded)) or any(hint in folded for hint in _UNSPACED_HINTS)


def _handed_over(line: str, offset: int) -> Span | None:
    """The value a handover word gives at the end of ``line`` (at ``offset`` in the text), when the sentence before the
    word names a secret or a hint."""
    last = _LAST_TOKEN.search(line, max(0, len(line) - _TAIL))  # a long line is read from its end only
    if last is None or last.start() == 0 or not line[last.start() - 1].isspace():
        return None
    words = line[max(0, last.start() - _TAIL) : last.start()].rstrip().rstrip(",").split()
    counts = [n for n in range(1, min(_LONGEST_HANDOVER, len(words)) + 1) if " ".join(words[-n:]).casefold() in _HANDOVERS]
    if not counts:
        return None
    said = line[: line.rfind(words[-counts[-1]], 0, last.start())]  # "i.e." ends no sentence: it is read up to it
    value = last.group("secret")
    if not _a_password(value) or YEAR_ALONE.fullmatch(value) or not _named_in_the_sentence(said):
        return None
    return offset + last.start("secret"), offset + last.end("secret"), "password"


class _DescribedRule(Rule):
    """Reads a line only when it holds a colon, and its secret words only for a value with a secret's look."""

    def spans(self, text: str) -> Iterator[Span]:
        offset = 0
        for line in text.split("\n"):
            if (handed := _handed_over(line, offset)) is not None:
                yield handed
            offset += len(line) + 1
        if ":" not in text and "：" not in text and "→" not in text and "->" not in text and "=>" not in text:
            return
        for match in self.pattern.finditer(text):
            value = match.group("secret")
            if _a_password(value) and _named_in_the_sentence(text[text.rfind(_LINE_START, 0, match.start()) + 1 : match.start()]):
                yield match.start("secret"), match.end("secret"), self.kind


RULES: tuple[Rule, ...] = (_DescribedRule("password", _GIVEN),)
"""A value given after the description of how it is made, at the line's end."""
