"""A password described by its parts after a secret word: a name and the numbers joined to it.

Members give a password by saying what it is made of ("the password is the name of our dog, Bello, and 1234! after
it", "hasło to imię mojego chomika Fistaszek i 2020 na końcu", "lösenordet är min första hunds namn Sixten följt av
2011"): no part has a secret's look, and the value as typed is nowhere in the line. The parts are what gives it away:
a word naming a part (a name, a surname, a street, a team: ``data/described_parts.json``), its owner in a few words,
then the part itself — capitalised, or set off by commas, brackets or quotes — and, where a mark says something is
joined to it (then, plus, at the end), the numbers the sentence adds. Read only after a secret word, in its sentence.
"""

from __future__ import annotations

import json
import re
from importlib import resources

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/described_parts.json").read_text(encoding="utf-8"))


def _alternation(phrases: list[str]) -> str:
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in sorted(set(phrases), key=len, reverse=True))


_NOUN = re.compile(r"(?i)(?:(?<![^\W\d_])(?:" + _alternation(_DATA["nouns"]) + r")(?![^\W\d_])|名前|名字|이름)")
_WORD = re.compile(r"[^\W\d_][^\W\d_'’]*")
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")
"""A letter of a script written without spaces (kana, CJK, Hangul, Thai): a Latin word right after it is set off."""
_OPENING = frozenset(',("“«:')
_CLOSING = frozenset(',)"”»')
_OWNER_WORDS = 5
"""The words of the part's owner before the part ("of our first car", "mojego chomika"), the part among them."""


def _set_off(window: str, word: re.Match[str], noun_end: int) -> bool:
    """A word between commas, in brackets or quotes, or in Latin letters right after a noun of another script
    ("名前 pochi")."""
    before, after = window[: word.start()].rstrip()[-1:], window[word.end() :].lstrip()[:1]
    if word.start() - noun_end <= 1 and _UNSPACED.match(window, noun_end - 1) and word.group().isascii():
        return True
    return before in _OPENING and (after in _CLOSING or not after)


def _part(window: str, start: int) -> re.Match[str] | None:
    """The part after a noun: the first of a few words set off by commas, brackets or quotes (", juve,",
    "(Larkspur)"), or else the first capitalised one ("Fistaszek"; a German noun is capitalised too, so a set-off
    word is looked for first)."""
    words: list[re.Match[str]] = []
    for word in _WORD.finditer(window, start):
        if len(words) >= _OWNER_WORDS or _SENTENCE_END.search(window, start, word.start()):
            break
        words.append(word)
    words = [w for w in words if len(w.group()) >= 3]
    set_off = next((w for w in words if _set_off(window, w, start)), None)
    if set_off is not None:
        return set_off
    return next((w for w in words if w.group()[0].isupper() and not w.group().isupper()), None)


_MARK = re.compile(r"(?i)(?:^|(?<![^\W\d_]))(?:" + _alternation(_DATA["marks"]) + r")(?![^\W\d_])")
_NUMBER = re.compile(r"(?<![\w.,])\d{2,8}(?![\d.,]\d)")
_SENTENCE_END = re.compile(r"[.!?。！？\n](?:\s|$)")
_REACH = 160


def part_spans(text: str, end: int) -> list[tuple[int, int]]:
    """The parts a description right after a secret word (ending at ``end``) names: the part, and the numbers a
    mark joins to it in the same sentence."""
    window = text[end : end + _REACH]
    stop = _SENTENCE_END.search(window)
    window = window[: stop.start()] if stop else window
    noun = _NOUN.search(window)
    if noun is None:
        return []
    part = _part(window, noun.end())
    if part is None:
        return []
    rest = window[part.end() :]
    spans = [(end + part.start(), end + part.end())]
    if _MARK.search(rest):
        offset = end + part.end()
        spans += [(offset + m.start(), offset + m.end()) for m in _NUMBER.finditer(rest)]
    return spans
