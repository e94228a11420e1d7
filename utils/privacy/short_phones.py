"""Phone numbers of seven digits, said after a phone word: "my cell is 622-0890", "namba yangu ya simu 321 09 47",
"call me pon 609 6510".

Most of the world dials eight digits or more, and :mod:`utils.privacy.contact` takes eight to fifteen after a phone
word; a few dozen regions (Iceland, Guyana, the Comoros, the Maldives, Fiji, Samoa, most of the Pacific and the
Caribbean's smaller islands) dial seven. Seven digits alone are anything (a score, an order, a seed), so two kinds
of evidence must agree: a phone word of any language (``data/phone_words.json``) a few words before, and the digits
grouped as a local number is (``609 6510``, ``622-0890``, ``321 09 47``, ``74 23118``, ``2 513 710``) or written
plain. A time, a date, a decimal or a longer figure the digits belong to is none; a count ("7 301 948 points")
has its word after it.

Cost: one pass for seven-digit runs over a line with a phone word in it (the scanner's needles), then a short
window before each for the word.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources

from utils.privacy._value_runs import vocabulary
from utils.privacy.phone_words import may_hold_a_phone_word
from utils.privacy.rule import Rule, Span, literal_trie

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/phone_words.json").read_text(encoding="utf-8"))
_SPACED = [w for ws in _DATA["spaced"].values() for w in ws]
_UNSPACED = [w for ws in _DATA["unspaced"].values() for w in ws]
_WORD_BEFORE = re.compile(
    r"(?i)(?:(?<![^\W\d_])" + literal_trie(_SPACED) + r"(?![^\W\d_])|" + literal_trie(_UNSPACED) + r")[^\d\n+]{0,24}?$"
)
"""A phone word, then the few characters to the number ("my cell is ", "namba yangu ya simu ", "call me pon ")."""
_NEEDLES = tuple(sorted({w.casefold().rstrip(".") for w in (*_SPACED, *_UNSPACED)}))
_SEVEN = re.compile(
    r"\d(?<![\w+(./:,-]\d)(?<!\d[ -]\d)"
    r"(?:\d\d([ -])\d{4}|\d\d([ -])\d\d\2\d\d|\d ?\d{5}| \d{3} \d{3}|\d{6})"
    r"(?![\w/:+-]|[.,]\d| ?\d)"
)
"""Seven digits as local numbers are grouped (3-4, 3-2-2, 2-5, 1-3-3) or plain, standing alone: read from the first
digit, what stands before it looked at after (``re`` skips to the digits of a long post in C)."""
_LOOK_BACK = 60
_WORD_AFTER = re.compile(r"\s*([^\W\d_]+)")


class _ShortPhoneRule(Rule):
    """Seven-digit runs first, then the few words before each for a phone word."""

    def spans(self, text: str) -> Iterator[Span]:
        if not may_hold_a_phone_word(text):  # a needle inside a word, no phone word (phone_words.py)
            return
        for number in _SEVEN.finditer(text):
            window = text[max(0, number.start() - _LOOK_BACK) : number.start()]
            if not _WORD_BEFORE.search(window):
                continue
            after = _WORD_AFTER.match(text, number.end())
            if after and after.group(1).casefold() in vocabulary("quantity_words"):
                continue  # "call me when I hit 1 234 567 points"
            yield number.start(), number.end(), self.kind


RULES: tuple[Rule, ...] = (_ShortPhoneRule("phone", re.compile("(?!)"), _NEEDLES, digits=7),)
