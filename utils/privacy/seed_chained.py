"""A recovery phrase whose words are joined by a word: "absent then myself then act then online", "zumo luego pijama
luego nido …", "enjoy und dann sudden und dann …", "w1 然后 w2 然后 …".

:mod:`utils.privacy.seed` lets any run of non-letters join two list words, and ends a run at any other word: prose's
own small words are in no list. A member who dictates a phrase may put a word between every two of its words, the
same word (or two) each time; that repetition is the join, not prose. Such a chain counts as a run of list words:
twelve of one list make a phrase, as anywhere; four are enough when the line announces them as words or as a
phrase within a few words before ("the words go …", "las palabras son …", "die Wörter: …", "seed: …"), the way a
member sends a phrase in parts. A plan said the same way ("coffee then work then gym then dinner") names no words
and has fewer than twelve; a chain of a few list words with nothing announcing it passes.

Cost: a line is split once and its words compared with the word two or three places on (a joiner repeated three
times) before any list is looked up; chat without such a repetition costs that one pass.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from importlib import resources

from utils.privacy.rule import Span
from utils.privacy.seed import FULL_RUN, GAP, languages_of

_WORD = re.compile(r"(?:[^\W\d_]|[\u0300-\u036f\u3099\u309a])+")
_JOINER_WIDTHS = (1, 2)
"""A joiner is one word ("then", "luego", "然后") or two ("and then", "und dann")."""
ANNOUNCED_CHAIN = 4
"""The fewest chained words that are a phrase (or its part) when the line announces them."""
_ANNOUNCE_REACH = 40
"""How far before a chain's first word the words announcing it are looked for."""
_BETWEEN = re.compile(r"[\s,;:'\"“”«»]*")
"""What may stand between a chained word and its joiner besides spaces: a comma, quotes (dots end a chain: "then ...
wait")."""


@cache
def _announcing() -> re.Pattern[str]:
    """The words that announce list words (``word_nouns``: "words", "palabras", "Wörter"…) or name a phrase
    (``spaced``, ``unspaced``), from data/seed_words.json."""
    names = json.loads(resources.files("utils.privacy").joinpath("data/seed_words.json").read_text(encoding="utf-8"))
    nouns = [re.escape(word.casefold()) for word in names["word_nouns"]]
    return re.compile(r"(?<!\w)(?:" + "|".join([*nouns, *names["spaced"]]) + r")(?!\w)|" + "|".join(names["unspaced"]))


def _maybe_chained(tokens: list[str]) -> bool:
    """The cheap gate: a token repeated at two and four places on, or three and six (a joiner of two words)."""
    for width in _JOINER_WIDTHS:
        step = width + 1
        for index in range(len(tokens) - 2 * step):
            if tokens[index] == tokens[index + step] == tokens[index + 2 * step]:
                return True
    return False


def _lists(word: str) -> int:
    return languages_of().get(word.casefold(), 0)


def spans(text: str, lowered: str) -> Iterator[Span]:
    """Chains of one list's words joined by the same word each time (module docstring)."""
    if not _maybe_chained(lowered.split()):
        return
    words = [(m.start(), m.end(), m.group().casefold()) for m in _WORD.finditer(text)]
    taken_to = 0
    for index in range(len(words)):
        if words[index][0] < taken_to or not _lists(words[index][2]):
            continue
        for width in _JOINER_WIDTHS:
            chain = _chain(text, words, index, width)
            if chain is not None:
                start, end = words[chain[0]][0], words[chain[-1]][1]
                yield start, end, "seed-phrase"
                taken_to = end
                break


def _chain(text: str, words: list[tuple[int, int, str]], first: int, width: int) -> list[int] | None:
    """The chain of list words from ``words[first]`` with a joiner of ``width`` words, when it is a phrase."""
    lists = _lists(words[first][2])
    chain = [first]
    joiner: tuple[str, ...] | None = None
    position = first
    while position + width + 1 < len(words):
        between = tuple(word for _, _, word in words[position + 1 : position + 1 + width])
        following = words[position + width + 1]
        if joiner is None:
            joiner = between  # a list word may join too ("then" is one): its repetition says it is the join
        if between != joiner or not _joined(text, words, position, width) or not _lists(following[2]) & lists:
            break
        lists &= _lists(following[2])
        position += width + 1
        chain.append(position)
    distinct = len({words[index][2] for index in chain})
    if len(chain) >= FULL_RUN and distinct >= len(chain) * 2 // 3:
        return chain
    if len(chain) >= ANNOUNCED_CHAIN and distinct == len(chain):
        opening = words[first][0]
        if _announcing().search(text.casefold(), max(0, opening - _ANNOUNCE_REACH), opening):
            return chain
    return None


def _joined(text: str, words: list[tuple[int, int, str]], position: int, width: int) -> bool:
    """Whether only spaces and light punctuation stand between the word, its joiner and the next word (no digit, no
    line break: "step 1 then step 2" is no chain)."""
    for left, right in zip(range(position, position + width + 1), range(position + 1, position + width + 2), strict=True):
        gap = text[words[left][1] : words[right][0]]
        if len(gap) > GAP or "\n" in gap or not _BETWEEN.fullmatch(gap):
            return False
    return True
