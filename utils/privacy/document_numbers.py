"""A plain number of seven digits or more a few words after a document's or a tax registration's own word: "driver
licence BC 7301948", "mon permis n° 7720315", "vergi kimlik no'm 1073203223", "мой паспорт 4509 123456".

:mod:`utils.privacy.named_numbers` takes a code of capitals and digits after such a word, and any number after a
word for *number* it can name; a licence, a passport or a tax registration is as often given as digits alone, its
word said and no *number* ("licence BC 7301948"). The word (``document_words`` of ``data/number_nouns.json``)
names an identity document or a tax id and nothing else, so a number of seven digits or more within a few words
after it is one. A short word ("ein", "nie", "tin", "btw", "iva" are words of their languages too) counts only
written as an acronym, in capitals. A date, a round figure, placeholder digits, an amount or a count (a currency or
a quantity word after it) are no document's number.

Cost: the scanner runs this rule on a line holding a document word and a run of seven digits; each number found is
judged by the few words before it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from itertools import pairwise

from utils.privacy._value_runs import vocabulary
from utils.privacy.rule import A_DATE, Rule, Span, literal_trie

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/number_nouns.json").read_text(encoding="utf-8"))
_SHORT = 3
_WORDS = [w for w in _DATA["document_words"] if len(w) > _SHORT]
_ACRONYMS = [w.upper() for w in _DATA["document_words"] if len(w) <= _SHORT]
_WORD_BEFORE = re.compile(
    r"(?:(?<![^\W\d_])(?i:" + literal_trie(_WORDS) + r")|(?<![^\W\d_])" + literal_trie(_ACRONYMS) + r"(?![^\W\d_]))"
    r"[^\d\n]{0,24}?$"
)
"""A document's word (an acronym in capitals), then the few characters to the number ("licence BC ", "permis n° ")."""
_NEEDLES = tuple(sorted({w.casefold() for w in _DATA["document_words"]}))
_NUMBER = re.compile(r"\d(?<![\w+(./:,-]\d)(?<!\d[ -]\d)(?:[ -]?\d){6,11}(?![\w/:+-]|[.,]\d| ?\d)")
"""Seven to twelve digits, plain or grouped by single spaces or hyphens, standing alone: read from the first digit,
what stands before it looked at after (``re`` skips to the digits of a long post in C)."""
_LOOK_BACK = 60
_WORD_AFTER = re.compile(r"\s*([^\W\d_]+|[$€£¥₽₹%])")
_ROUND = re.compile(r"[1-9]0{3,}$")


def _placeholder(digits: str) -> bool:
    return len({(int(b) - int(a)) % 10 for a, b in pairwise(digits)}) == 1


class _DocumentNumberRule(Rule):
    """Numbers first, then the few words before each for a document's word."""

    def spans(self, text: str) -> Iterator[Span]:
        for number in _NUMBER.finditer(text):
            digits = re.sub(r"\D", "", number.group())
            if _ROUND.search(digits) or _placeholder(digits) or A_DATE.search(number.group()):
                continue
            window = text[max(0, number.start() - _LOOK_BACK) : number.start()]
            if not _WORD_BEFORE.search(window):
                continue
            after = _WORD_AFTER.match(text, number.end())
            if after and (after.group(1) in "$€£¥₽₹%" or after.group(1).casefold() in vocabulary("quantity_words")):
                continue
            yield number.start(), number.end(), self.kind


RULES: tuple[Rule, ...] = (_DocumentNumberRule("id-number", re.compile("(?!)"), _NEEDLES, digits=7),)
