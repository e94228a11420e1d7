"""A value given at the end of a line after a long description of how it is made, past a colon.

A member who explains a password before giving it ("the name of the street we grew up on with the house number, no
spaces: Elmwood42", "furaha sirta waa magaca geelka oo dib loo qoray: lamaG41") puts more words between the secret
word and the value than a reading of "<word> is <value>" reaches. The value ends the line after its last colon, has
a secret's look (a digit, a symbol, inner capitals) and stands in the same sentence as a secret word: "forgot my
password again lol. anyway, final score: 2431" names the secret in a sentence that has ended before the score.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

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


def _named_in_the_sentence(sentence: str) -> bool:
    """Whether a secret word stands in the sentence that the colon closes (``sentence``: its line up to the colon; the
    lines before it are not copied for each colon of a long paste)."""
    ends = [match.end() for match in _SENTENCE_END.finditer(sentence)]
    return any(word.start >= (ends[-1] if ends else 0) for word in vocabulary.find(sentence))


class _DescribedRule(Rule):
    """Reads a line only when it holds a colon, and its secret words only for a value with a secret's look."""

    def spans(self, text: str) -> Iterator[Span]:
        if ":" not in text and "：" not in text and "→" not in text and "->" not in text and "=>" not in text:
            return
        for match in self.pattern.finditer(text):
            value = match.group("secret")
            if _a_password(value) and _named_in_the_sentence(text[text.rfind(_LINE_START, 0, match.start()) + 1 : match.start()]):
                yield match.start("secret"), match.end("secret"), self.kind


RULES: tuple[Rule, ...] = (_DescribedRule("password", _GIVEN),)
"""A value given after the description of how it is made, at the line's end."""
