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
times) before any list is looked up; chat without such a repetition costs that one pass. A text with one is walked once
per joiner width however long it is (:class:`_Chains`): a post of one word pair repeated thousands of times is no
thousand walks to its end.
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
    lists = [_lists(word) for _, _, word in words]
    chains = [_Chains(text, words, lists, width) for width in _JOINER_WIDTHS]
    taken_to = 0
    for index in range(len(words)):
        if words[index][0] < taken_to or not lists[index]:
            continue
        for widths in chains:
            chain = widths.phrase_from(index)
            if chain is not None:
                start, end = words[chain[0]][0], words[chain[1]][1]
                yield start, end, "seed-phrase"
                taken_to = end
                break


class _Chains:
    """The chains of one joiner width, from each first word in turn: its first and last word when it is a phrase.

    A chain from a later word of a chain, with the same joiner, goes at least as far (fewer lists to share, the same
    joins), so each chain resumes where the one before it on its track (every ``width + 1``-th word) stopped, and its
    words are counted as they enter and leave: a long post of repeated words ("hello world hello world …") costs one
    walk, not one per word. Each chain is the one the walk word by word finds (:meth:`_extends`).
    """

    def __init__(self, text: str, words: list[tuple[int, int, str]], lists: list[int], width: int) -> None:
        self._text, self._words, self._lists, self._width = text, words, lists, width
        self._folded: str | None = None
        self._tracks: dict[int, _Track] = {}

    def phrase_from(self, first: int) -> tuple[int, int] | None:
        """The chain from ``words[first]`` (a list word) as its first and last word, when it is a phrase; ``first``
        only grows from call to call."""
        step = self._width + 1
        track = self._tracks.get(first % step)
        if track is None or first > track.last:
            track = self._tracks[first % step] = _Track(first, self._words[first][2], self._lists[first])
        else:
            while track.first < first:
                track.drop_first(self._words[track.first][2], self._lists[track.first], step)
        while self._extends(track):
            track.append(self._words[track.last + step][2], self._lists[track.last + step], step)
        length = (track.last - track.first) // step + 1
        if length >= FULL_RUN and track.distinct >= length * 2 // 3:
            return track.first, track.last
        if length >= ANNOUNCED_CHAIN and track.distinct == length:
            opening = self._words[first][0]
            if self._folded is None:
                self._folded = self._text.casefold()
            if _announcing().search(self._folded, max(0, opening - _ANNOUNCE_REACH), opening):
                return track.first, track.last
        return None

    def _extends(self, track: _Track) -> bool:
        """Whether the chain goes on past its last word: the same joiner as after its first (any after the first
        itself), only light punctuation around it, and a next word of a list every word so far is in."""
        position, width, words = track.last, self._width, self._words
        following = position + width + 1
        if following >= len(words) or not track.lists & self._lists[following]:
            return False
        if position != track.first:
            between = [word for _, _, word in words[position + 1 : following]]
            joiner = [word for _, _, word in words[position - width : position]]
            if between != joiner:
                return False
        return _joined(self._text, words, position, width)


class _Track:
    """One chain being walked: its first and last word, the lists all its words share, its distinct words."""

    def __init__(self, first: int, word: str, lists: int) -> None:
        self.first = self.last = first
        self.lists = lists
        self._words: dict[str, int] = {word: 1}
        self._bits = [lists >> bit & 1 for bit in range(lists.bit_length())]

    @property
    def distinct(self) -> int:
        return len(self._words)

    def append(self, word: str, lists: int, step: int) -> None:
        self.last += step
        self.lists &= lists
        self._words[word] = self._words.get(word, 0) + 1
        self._count(lists, 1)

    def drop_first(self, word: str, lists: int, step: int) -> None:
        self.first += step
        if self._words[word] == 1:
            del self._words[word]
        else:
            self._words[word] -= 1
        self._count(lists, -1)
        length = (self.last - self.first) // step + 1  # the lists every word left shares
        self.lists = sum(1 << bit for bit, count in enumerate(self._bits) if count == length)

    def _count(self, lists: int, change: int) -> None:
        if lists.bit_length() > len(self._bits):
            self._bits += [0] * (lists.bit_length() - len(self._bits))
        for bit in range(lists.bit_length()):
            if lists >> bit & 1:
                self._bits[bit] += change


def _joined(text: str, words: list[tuple[int, int, str]], position: int, width: int) -> bool:
    """Whether only spaces and light punctuation stand between the word, its joiner and the next word (no digit, no
    line break: "step 1 then step 2" is no chain)."""
    for left, right in zip(range(position, position + width + 1), range(position + 1, position + width + 2), strict=True):
        gap = text[words[left][1] : words[right][0]]
        if len(gap) > GAP or "\n" in gap or not _BETWEEN.fullmatch(gap):
            return False
    return True
