"""A code said as digit words or as digits standing alone, with no secret word before it: what the keypad, the lock
or the gate wants is told in words ("für das Tor einfach fünf fünf sieben acht eintippen", "opt doi cinci cinci",
"duo unus unus nihil").

Four digit words or more of one language in a row (``data/digit_words.json``), with nothing but spaces and light
punctuation between them, read as a number nobody writes out in prose. What stays prose: a count ("one, two, three,
four", "uno, dos, tres, cuatro, cinco"), a countdown, a chant ("two four six eight"), a microphone check ("one two one
two"), a run made mostly of digit words that are everyday words too (Vietnamese "không một năm ba": "no, one year,
three"; the language's ``ordinary`` words), and a number a word of counting names as a score, a count or a year
("sieben acht null drei Punkte": ``tallies``) or heads its sentence. Lines with fewer than two different digit
words are never read. Digits each standing alone ("PIN for the storage unit is 8 3 0 6") are read the same way, four
to eight of them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from itertools import pairwise

from utils.privacy.line_reading import ascii_letter_runs
from utils.privacy.rule import Rule, Span
from utils.privacy.spelled_digits import case_blind_letter, spelled_words

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/digit_words.json").read_text(encoding="utf-8"))
_VALUES: dict[str, dict[str, int]] = {
    lang: {word.casefold(): digit for digit, words in enumerate(by_digit) for word in words}
    for lang, by_digit in _DATA["by_digit"].items()
}
"""Each language's digit words, case-folded, with the digit each says."""
_ORDINARY: dict[str, frozenset[str]] = {lang: frozenset(w.casefold() for w in ws) for lang, ws in _DATA["ordinary"].items()}
_TALLIES = tuple(w.casefold() for w in _DATA["tallies"])
_TALLY_STEM = 4
"""A tally word this long or longer is matched as the start of a word ("punkte", "очков"); a shorter one whole."""
_HEADS = re.compile(r"(?:^|[.!?\n])[\s\"'“”«»„*_>()\[\]-]*\Z")
_AROUND = re.compile(r"[^\W\d_]+")
_ALL = frozenset(word for values in _VALUES.values() for word in values)
_SEPARATORS = r"[ \t,;:.\-–/]"
_ITEM = r"(?:" + spelled_words(_ALL, case_blind=True) + r")"
_RUN = re.compile(r"(?i)(?<![\w*_|`~'’-])" + _ITEM + r"(?:" + _SEPARATORS + r"{1,3}" + _ITEM + r"){3,11}(?![\w'’])")
"""Four to twelve digit words with spaces, commas or dashes between them."""
_WORDS = re.compile(r"[^\s,;:.!?\-–/()\"“”«»*_|`~]+")
"""A line's words for the gate, marks and apostrophes kept inside ("पाँच", "дев'ять")."""
_MIN_WORDS = 4


def _fold(word: str) -> str:
    return "".join(map(case_blind_letter, word.casefold()))


_FOLDED: dict[str, dict[str, int]] = {lang: {_fold(w): d for w, d in values.items()} for lang, values in _VALUES.items()}
_ORDINARY_FOLDED = {lang: frozenset(map(_fold, words)) for lang, words in _ORDINARY.items()}
_ALL_FOLDED = frozenset(word for values in _FOLDED.values() for word in values)


def said_code(words: list[str]) -> bool:
    """Whether digit words said in a row are a code: all of one language, not a steady count up or down (nor the same
    word again and again), not two words taking turns, and at most half of them everyday words of that language."""
    folded = [_fold(w) for w in words]
    for lang, values in _FOLDED.items():
        if not all(w in values for w in folded):
            continue
        if not _not_a_count([values[w] for w in folded]):
            continue
        ordinary = _ORDINARY_FOLDED.get(lang, frozenset())
        if 2 * sum(w in ordinary for w in folded) > len(folded):
            continue
        return True
    return False


def _not_a_count(digits: list[int]) -> bool:
    """Neither a steady count up or down (nor one digit again and again) nor two digits taking turns."""
    if len({b - a for a, b in pairwise(digits)}) == 1:
        return False  # "one two three four", "five four three two one", "two four six eight", "nul nul nul nul"
    return not all(digits[i] == digits[i + 2] for i in range(len(digits) - 2))  # "one two one two"


def _spaced_digits(match: re.Match[str]) -> bool:
    digits = [int(c) for c in match.group() if c.isdigit()]
    return _not_a_count(digits) and not _a_tally(match.string, match.start(), match.end())


def _may_hold_one(text: str) -> bool:
    """At least two different digit words in the line (a code of one digit said four times is no code here); an ASCII
    line's words are looked up all at once, in C (none of them is read beyond ASCII)."""
    if text.isascii():
        return len(ascii_letter_runs(text) & _ALL) >= 2
    words = frozenset(_WORDS.findall(text.casefold()))
    found = 0
    for word in words:
        if word in _ALL or (not word.isascii() and _fold(word) in _ALL_FOLDED):
            found += 1
            if found >= 2:
                return True
    return False


def _a_tally(text: str, start: int, end: int) -> bool:
    """Whether the run heads its sentence, or a word of counting stands within three words before it or four after it
    ("sieben acht null drei Punkte", "cinco cero siete ocho era el marcador", "the year count"): a code is handed over
    after what it opens ("набери …", "Spind: …"), a number heading a sentence is what the sentence is about."""
    if _HEADS.search(text, 0, start) is not None:
        return True
    before = _AROUND.findall(text[max(0, start - 25) : start].casefold())[-3:]
    after = _AROUND.findall(text[end : end + 40].casefold())[:4]
    return any(
        word == tally or (len(tally) >= _TALLY_STEM and word.startswith(tally)) for word in before + after for tally in _TALLIES
    )


_SPLIT = re.compile(_SEPARATORS.replace("[ \\t", "[\\s") + "+")
_FOUR = bytes(_MIN_WORDS * [1])


def _four_in_a_row(text: str) -> bool:
    """Whether four words of the line in a row are digit words (one split of the line; the pattern is read only then).
    An ASCII line's words are looked up in C, a digit word marked by a byte of 1."""
    if text.isascii():
        return _FOUR in bytes(map(_ALL.__contains__, _SPLIT.split(text.casefold())))
    run = 0
    for word in _SPLIT.split(text.casefold()):
        if word in _ALL or (not word.isascii() and _fold(word) in _ALL_FOLDED):
            run += 1
            if run >= _MIN_WORDS:
                return True
        else:
            run = 0
    return False


class _SpokenRule(Rule):
    """Reads the run pattern only in a line holding two different digit words."""

    def spans(self, text: str) -> Iterator[Span]:
        if len(text) < _MIN_WORDS * 2 or not _may_hold_one(text) or not _four_in_a_row(text):
            return
        at = 0
        while (match := self.pattern.search(text, at)) is not None:
            words = [w for w in re.split(_SEPARATORS + "+", match.group()) if w]
            if said_code(words) and not _a_tally(text, match.start(), match.end()):
                yield match.start(), match.end(), self.kind
                at = match.end()
            else:  # "du drei null neun sechs": the run may start at its next word ("du" is Esperanto's two)
                at = match.start() + len(words[0])


_SPACED = re.compile(r"(?<![\w.,:/+#-])(?<!\d[ \t])\d(?:[ \t]{1,2}\d){3,7}(?![\w.,:/%]| ?\d)")
"""Four to eight digits each standing alone ("8 3 0 6"), as a code is read out or typed so it is not one number; a
sudoku row (nine), a score after a word or a list of counts joined by other signs are not this shape."""
RULES: tuple[Rule, ...] = (
    _SpokenRule("pin", _RUN),
    Rule("pin", _SPACED, digits=7, accept=_spaced_digits),
)
"""A code said as four digit words or more, in one language, or as four digits or more each alone, with no secret
word before it."""


def digit_word(word: str) -> bool:
    """Whether ``word`` is a digit word of some language ("nine", "fünf", "ноль"), however its letters are cased."""
    return _fold(word) in _ALL_FOLDED
