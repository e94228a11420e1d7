"""Seed phrases written with nothing between their words: the lists of scripts that need no spaces.

A Chinese list word is one character, and a member copies a phrase as the wallet's grid reads, so
"尘卷区栏…" is twelve words; Japanese and Korean phrases lose their spaces the same way. Such a run is
cut into list words (a Chinese run by its characters, a kana or Hangul run by the longest cover of list
words). Ordinary Chinese text is mostly made of the 2,048 commonest characters, so an unspaced Chinese
run counts only after a seed word or, without one, when it is exactly a phrase's length and its checksum
holds (one run in 16 to 256 by chance). A kana or Hangul run that splits entirely into twelve list words
is no sentence.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache

from mnemonic import Mnemonic

from utils.privacy.secret_places import says_where_kept

LENGTHS = frozenset({12, 15, 18, 21, 24})
FULL_WORDS = 12
MIN_WORDS = 6
"""The shortest run taken: half a phrase, after a seed word."""
_HAN = re.compile(r"[\u3400-\u9fff]{12,}")
_KANA_OR_HANGUL = re.compile(r"[\u3041-\u309f\u30fc\uac00-\ud7a3\u1100-\u11ff]{12,}")
"""Six list words after a seed word are the shortest phrase taken, and no Japanese word is under three kana nor
Korean one under two syllables: twelve letters in a row before any look-up."""
_SPACED = ("japanese", "korean")
_HAN_LISTS = ("chinese_simplified", "chinese_traditional")


@cache
def _words(language: str) -> frozenset[str]:
    """A list's words composed and decomposed (a phone may send the dakuten or the jamo apart)."""
    words = Mnemonic(language).wordlist
    return frozenset(unicodedata.normalize("NFC", word) for word in words) | {unicodedata.normalize("NFD", w) for w in words}


@cache
def _longest(language: str) -> int:
    return max(map(len, _words(language)))


@cache
def _checker(language: str) -> Mnemonic:
    return Mnemonic(language)


def _checksum_holds(language: str, words: list[str]) -> bool:
    return len(words) in LENGTHS and _checker(language).check(" ".join(words))


def spans(text: str, announced: Callable[[], bool]) -> Iterator[tuple[int, int]]:
    """Where ``text`` holds an unspaced phrase: a Chinese run of a phrase's length whose checksum holds, or after a
    seed word twelve characters or more with at most one drawn twice (a seed's are drawn at random from 2,048,
    a sentence repeats its 不 and 要); a kana or Hangul run cut into twelve list words, six after a seed word.
    ``announced`` is asked only when a run would need it."""
    for language in _HAN_LISTS:
        for match in _run_of(language).finditer(text):
            characters = list(match.group())
            if _checksum_holds(language, characters) or (
                len(characters) - len(set(characters)) <= 1 and not says_where_kept(match.group()) and announced()
            ):
                yield match.span()
    for match in _KANA_OR_HANGUL.finditer(text):
        for language in _SPACED:
            words = _cover(match.group(), language)
            if words is None or len(words) < MIN_WORDS:
                continue
            varied = len(set(words)) >= len(words) * 2 // 3  # a seed's words are drawn at random
            if varied and (len(words) >= FULL_WORDS or announced()):
                yield match.span()
                break


@cache
def _run_of(language: str) -> re.Pattern[str]:
    """A run of twelve or more of a Chinese list's characters, found in one C scan: half a phrase of unspaced
    characters is any Chinese clause, even after a seed word ("助记词一定要保存好")."""
    return re.compile("[" + "".join(sorted(_words(language))) + "]{" + str(FULL_WORDS) + ",}")


def _cover(run: str, language: str) -> list[str] | None:
    """``run`` cut into list words (fewest words, so longer words win), or None where no cut covers it."""
    known, longest = _words(language), _longest(language)
    best: list[list[str] | None] = [[]] + [None] * len(run)
    for end in range(1, len(run) + 1):
        for start in range(max(0, end - longest), end):
            before = best[start]
            if before is not None and run[start:end] in known:
                candidate = [*before, run[start:end]]
                current = best[end]
                if current is None or len(candidate) < len(current):
                    best[end] = candidate
    return best[-1]


def has_run(text: str) -> bool:
    """Whether ``text`` holds a run long enough to be cut (one C scan: most messages stop here)."""
    return _HAN.search(text) is not None or _KANA_OR_HANGUL.search(text) is not None
