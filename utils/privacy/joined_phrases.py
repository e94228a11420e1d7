"""Passphrases of joined words with no digit, given with no secret word: a generator's output handed over.

Bitwarden, 1Password, KeePassXC, diceware and xkcdpass make passphrases of four or more dictionary words, joined by
one separator (``cape_king_decaf_cash``, ``héritage,honoriez,fresques,filin``) or by their capitals
(``CahootsUnwindShoreSmother``). No character class tells them from words, and with a digit among them the shape
rules (:mod:`utils.privacy.credential_shapes`) already read them; without one, what tells them is the line: a value
handed over to be used right before it ("just use …", "loga com …", "c'est … maintenant"), a password manager or a
generator named in the line, or a secret word anywhere in it. A run of joined words elsewhere — a clip's slug, an
exception's name, a host name, a list typed without spaces — stays. The words are data (``data/joined_phrases.json``).

Cost: read only on a line with a run of twelve characters or more, and there only when one of its words holds a run;
one regex pass finds the runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources

from utils.privacy import vocabulary
from utils.privacy.rule import Rule, Span

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/joined_phrases.json").read_text(encoding="utf-8"))
_MIN_WORDS = 4
_NAMED_WORDS = 3
"""Bitwarden's default is three words: enough where the line names the maker or a secret, four where it only hands
a value over."""
_MAX_WORDS = 7
_CAMEL_RUN = re.compile(r"(?<![\w#@/$.,-])[^\W\d_]{12,64}(?![\w/@])")
_SEPARATED_RUN = re.compile(r"(?<![\w#@/$.,-])[^\W\d_]{3,}([-_.,])[^\W\d_]{3,}(?:\1[^\W\d_]{3,}){1,6}(?![\w/@]|[-_.,]\w)")


def _alternation(phrases: list[str]) -> str:
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in sorted(phrases, key=len, reverse=True))


_HANDED = re.compile(r"(?i)(?:^|[^\w'’])(?:" + _alternation(_DATA["handing"]) + r")[\s:*_`\"'“«]{0,4}$")
_MAKER = re.compile(r"(?i)(?<![^\W\d_])(?:" + _alternation(_DATA["makers"]) + r")")
_IDENTIFIER_ENDINGS = frozenset(_DATA["identifier_endings"])
_IDENTIFIER_PARTS = frozenset(_DATA["identifier_parts"])
_BEFORE = 40


def _camel_words(run: str) -> list[str] | None:
    """The capitalised words of ``run`` ("Cahoots", "Unwind", …), or None unless every piece is one."""
    words: list[str] = []
    for char in run:
        if char.isupper():
            words.append(char)
        elif not words or not char.islower():
            return None
        else:
            words[-1] += char
    return words if all(len(word) >= 3 for word in words) else None


_SHORTEST_RUN = 11
"""The fewest characters either run holds: three words of three letters and their two separators."""


def _may_hold_a_run(text: str) -> bool:
    """Whether either run may be found in ``text``: each lies inside one of its words (it holds no whitespace, and the
    whitespace around a word passes the runs' lookarounds as the ends of a text do), so the distinct words long
    enough to hold one are searched, not each of a long post's characters (two regexes tried at every one of them
    were the most costly reading of a 4,000-character post that holds no run)."""
    return any(_CAMEL_RUN.search(word) or _SEPARATED_RUN.search(word) for word in set(text.split()) if len(word) >= _SHORTEST_RUN)


def _candidates(text: str) -> Iterator[tuple[int, int, list[str]]]:
    for match in _CAMEL_RUN.finditer(text):
        words = _camel_words(match.group())
        if words is not None and _NAMED_WORDS <= len(words) <= _MAX_WORDS:
            yield match.start(), match.end(), words
    for match in _SEPARATED_RUN.finditer(text):
        words = match.group().split(match.group(1))
        one_case = all(w.islower() for w in words) or all(w[0].isupper() and w[1:].islower() for w in words)
        if one_case and not (match.group(1) == "." and len(words[-1]) <= 3):  # a host name ends in its domain
            yield match.start(), match.end(), words


def _handed_over(text: str, start: int) -> bool:
    return bool(_HANDED.search(text[max(0, start - _BEFORE) : start]))


@dataclass(frozen=True)
class _JoinedPhraseRule(Rule):
    """Joined words with no digit, read as a passphrase where the line hands a value over or names its maker."""

    def spans(self, text: str) -> Iterator[Span]:
        if not _may_hold_a_run(text):
            return
        named: bool | None = None
        for start, end, words in _candidates(text):
            if words[-1].casefold() in _IDENTIFIER_ENDINGS or any(w.casefold() in _IDENTIFIER_PARTS for w in words):
                continue  # an exception's or a field's name: "ModuleNotFoundError", "password_min_length"
            if named is None:
                named = bool(_MAKER.search(text)) or any(w.kind in ("password", "wifi", "login") for w in vocabulary.find(text))
            if (named and len(words) >= _NAMED_WORDS) or (len(words) >= _MIN_WORDS and _handed_over(text, start)):
                yield start, end, self.kind


RULES: tuple[Rule, ...] = (_JoinedPhraseRule("password", re.compile("(?!)"), min_token=12),)
