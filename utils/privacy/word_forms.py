"""How languages build a word out of a secret word: a clitic joined before it, an ending after it, a compound around it.

The secret vocabulary lists words, and every language's next form falls outside the list: Hebrew writes "and the
code" as one word (והקוד), "with the code" as בקוד; Arabic joins و ف ب ل ك and the article to the noun (فالرقم);
Finnish, Turkish, Hungarian, Estonian, Basque and Georgian add case and possessive endings (ovikoodimme "our door
code", şifremiz, jelszavunk, პაროლით); Indonesian and Malay add -nya (kata laluannya), Bengali a classifier
(পিনটা), Persian and Arabic a possessive (پسوردم, باسوردي); German, Dutch and the Nordic languages end a compound
with the word ("Garagentorcode", "fietsslotcode", "dørkoden"). This module reads a word as its language builds it:
the forms a word may be once a known clitic or ending is taken off (:func:`bare_forms`), each with the languages
whose grammar took it off, so the vocabulary can ask whether one of them is a word of such a language; whether a
word a vocabulary stem begins is that stem with its language's endings, not a compound it begins (:func:`inflects`:
"salasanani" is, "salasanavaatimukset", password requirements, is not); whether a compound ends in a code word after a
part naming what it opens (:func:`lock_compound`); and whether a genitive before a code names a lock
(:func:`names_a_lock`: "kapının kodu", the door's code, not "oyunun kodu", the game's). The affixes are data
(``data/word_forms.json``); a language is added there.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from importlib import resources
from itertools import filterfalse

from utils.privacy.keyword_form import keyword_form
from utils.privacy.memoised_lines import memoised

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/word_forms.json").read_text(encoding="utf-8"))

MIN_SPACED_STEM = 4
"""Letters a word in ASCII letters keeps once an ending is off: "pina" is not "pin" plus an ending (a pineapple)."""
MIN_OTHER_STEM = 2
"""Letters a word of another script keeps (Hebrew קוד is three; Bengali পিন, its vowel sign folded away, two)."""
MIN_LOCK = 4
"""Letters of a lock word that may end a longer first part ("Fahrrad" + "schloss"): shorter ones stand alone."""


def _fold(affix: str) -> set[str]:
    """An affix as members write it and as the keyword form reads it (case and accents folded)."""
    return {affix.casefold(), keyword_form(affix).text}


Groups = tuple[dict[str, frozenset[str]], ...]


def _groups(by_language: dict[str, list[list[str]]]) -> Groups:
    """The affix groups of every language merged by position: each affix with the languages it is one of."""
    depth = max(len(groups) for groups in by_language.values())
    merged: list[dict[str, set[str]]] = [{} for _ in range(depth)]
    for language, groups in by_language.items():
        for position, group in enumerate(groups):
            for affix in group:
                for form in _fold(affix):
                    if form:
                        merged[position].setdefault(form, set()).add(language)
    return tuple({affix: frozenset(languages) for affix, languages in group.items()} for group in merged)


PREFIXES = _groups(_DATA["prefixes"])
SUFFIXES = _groups(_DATA["suffixes"])
PREFIX_STARTS = frozenset(affix[0] for group in PREFIXES for affix in group)
"""The first letters of every clitic: a word starting otherwise has none to take off."""
_LONGEST_PREFIX = max(len(affix) for group in PREFIXES for affix in group)
_LONGEST_SUFFIX = max(len(affix) for group in SUFFIXES for affix in group)
STEMS: dict[str, tuple[str, frozenset[str]]] = {
    form: (keyword_form(word).text, frozenset({language}))
    for language, stems in _DATA["stems"].items()
    for stem, word in stems.items()
    for form in _fold(stem)
}
"""A stem an ending is joined to, as the vocabulary's word it is a form of, with its language."""
_HEADS = tuple(sorted({form for head in _DATA["compound_heads"] for form in _fold(head)}, key=len, reverse=True))
HEAD_TAILS = frozenset(head[-3:] for head in _HEADS)
"""The last three letters of every compound head, to rule most words out with one look-up."""
_LOCKS = frozenset(form for lock in _DATA["locks"] for form in _fold(lock))
_LONG_LOCKS = tuple(lock for lock in _LOCKS if len(lock) >= MIN_LOCK)
_LINKING = ("", *_DATA["linking"])
_GENITIVES = tuple(sorted({form for endings in _DATA["genitives"].values() for e in endings for form in _fold(e)}))


def _min_stem(word: str) -> int:
    return MIN_SPACED_STEM if word.isascii() else MIN_OTHER_STEM


def _strip_suffixes(word: str, languages: frozenset[str] | None) -> Iterator[tuple[str, frozenset[str]]]:
    """``word`` with endings taken off from the outermost group inwards, each group at most once."""
    forms: list[tuple[str, frozenset[str] | None]] = [(word, languages)]
    shortest = _min_stem(word)
    for group in reversed(SUFFIXES):
        more = []
        for form, langs in forms:
            for length in range(1, min(_LONGEST_SUFFIX, len(form) - shortest) + 1):
                of = group.get(form[-length:])
                if of is None:
                    continue
                joint = of if langs is None else of & langs
                if joint:
                    more.append((form[:-length], joint))
        forms += more
    for form, langs in forms[1:]:
        if langs is not None:
            yield form, langs


def _strip_prefixes(word: str) -> Iterator[tuple[str, frozenset[str]]]:
    """``word`` with clitics taken off from the outermost group inwards, each group at most once."""
    forms: list[tuple[str, frozenset[str] | None]] = [(word, None)]
    for group in PREFIXES:
        more = []
        for form, langs in forms:
            for length in range(1, min(_LONGEST_PREFIX, len(form) - MIN_OTHER_STEM) + 1):
                of = group.get(form[:length])
                if of is None:
                    continue
                joint = of if langs is None else of & langs
                if joint:
                    more.append((form[length:], joint))
        forms += more
    for form, langs in forms[1:]:
        if langs is not None:
            yield form, langs


@memoised(8192)
def bare_forms(word: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The forms ``word`` (one token, case-folded) may be with a clitic and an ending of a language taken off, each
    with the languages whose grammar took them off, a stem written for its word ("jelszav" → "jelszó"); nothing for
    a word with no known clitic or ending. A form is a word only if the vocabulary holds it in one of those
    languages: that is the caller's look-up."""
    found: list[tuple[str, frozenset[str]]] = []
    starts: list[tuple[str, frozenset[str] | None]] = [(word, None)]
    if word[:1] in PREFIX_STARTS:
        starts += _strip_prefixes(word)
    for start, prefixed in starts:
        if prefixed is not None:
            found.append((start, prefixed))
        found.extend(_strip_suffixes(start, prefixed))
    out = []
    for form, languages in found:
        stem = STEMS.get(form)
        if stem is not None and stem[1] & languages:
            out.append((stem[0], stem[1] & languages))
        out.append((form, languages))
    return tuple(dict.fromkeys(out))


_INFLECTING = frozenset(language for group in SUFFIXES for of in group.values() for language in of)


def inflects(word: str, stem: str, languages: frozenset[str]) -> bool:
    """Whether ``word``, which starts with ``stem`` (a vocabulary stem, "salasana", "şifre"), is that stem with
    endings of its language ("salasanani", "şifrenizi", "jelszavakat"), not a compound it begins ("salasanavaatimukset",
    password requirements) or another word ("şifreli", encrypted). A stem of a language with no endings here keeps
    matching every word it begins."""
    if word == stem or languages.isdisjoint(_INFLECTING):
        return True
    return any(form in (stem, stem[:-1]) and not of.isdisjoint(languages) for form, of in bare_forms(word))


LOCK_TAILS = frozenset((lock + linking + head)[-4:] for lock in _LOCKS for linking in _LINKING for head in _HEADS)
"""The last four letters of every compound of a lock and a code word: most words are ruled out by one look-up."""
_MIN_COMPOUND = 6


_MIN_DROPPED = 8


def dropped_letters(key: str) -> frozenset[str]:
    """A long password word with one inner letter dropped, as a hurried member types it ("kennwrt", "pasword",
    "contrasea"): a word of eight letters or more is no other word with one letter gone. A phrase keeps its letters."""
    if len(key) < _MIN_DROPPED or not key.isalpha():
        return frozenset()
    return frozenset(key[:at] + key[at + 1 :] for at in range(1, len(key) - 1))


def lock_compound(word: str) -> bool:
    """Whether ``word`` (one token, case-folded) is a compound ending in a code word after a part naming what the
    code opens ("garagentorcode", "fietsslotcode", "dørkoden", "tresorkombination"): a PIN, where "quellcode" or
    "rabattcode" name no secret."""
    if len(word) <= _MIN_COMPOUND or word[-3:] not in HEAD_TAILS:
        return False
    for head in _HEADS:
        if len(word) > len(head) and word.endswith(head):
            first = word[: -len(head)]
            for linking in _LINKING:
                if linking and not first.endswith(linking):
                    continue
                part = first[: len(first) - len(linking)] if linking else first
                if part in _LOCKS or (len(part) > MIN_LOCK and part.endswith(_LONG_LOCKS)):
                    return True
    return False


def opens_a_lock(word: str) -> bool:
    """Whether ``word`` (case-folded), or the word its ending was joined to, is a compound naming what its code opens
    ("ovikoodimme", our door code)."""
    return lock_compound(word) or any(lock_compound(form) for form, _languages in bare_forms(word))


def names_a_lock(word: str) -> bool:
    """Whether ``word`` (case-folded) names, in the genitive of a language that puts it first, what the next word's
    code opens ("kutxa gotorraren" kodea, "kapının" kodu, "კარის" კოდი): the game's or the site's code is no secret."""
    return any(word.endswith(ending) and word[: -len(ending)] in _LOCKS for ending in _GENITIVES)


_HEAD = 4
"""Letters a word is filed under: few English words begin as a word of a language with endings does."""
_ENGLISH_ENDINGS = frozenset(_DATA["english_endings"])


class Reader:
    """The vocabulary's words as languages build them: built once from the words, each with its languages."""

    def __init__(self, words: Mapping[str, frozenset[str]]) -> None:
        languages: dict[str, set[str]] = {}
        ends: dict[str, set[str]] = {}
        for key, of in words.items():
            for token in key.split(" "):
                languages.setdefault(token, set()).update(of)
            last = key.rsplit(" ", 1)[-1]
            if not of.isdisjoint(_INFLECTING) and len(last) >= _min_stem(last):
                ends.setdefault(last[:_HEAD], set()).add(last)
        for stem in STEMS:
            ends.setdefault(stem[:_HEAD], set()).add(stem)
        self._languages = {token: frozenset(of) for token, of in languages.items()}
        """Each token of the words with the languages it is part of a word of."""
        self._ends = {head: tuple(sorted(found)) for head, found in ends.items() if len(head) == _HEAD}
        """By their first four letters, the words (a phrase's last one) of a language with endings that an ending may
        be taken off; shorter ones (a word of another script, its vowel signs folded) in :attr:`_short_ends`."""
        short: dict[str, set[str]] = {}
        for head, found in ends.items():
            if len(head) < _HEAD:
                short.setdefault(head[:2], set()).update(found)
        self._short_ends = {head: tuple(sorted(found)) for head, found in short.items()}

    def bare(self, token: str) -> str | None:
        """The word (or a phrase's first or last word) ``token`` was built from, with a clitic or an ending of a
        language the word is a word of taken off ("והקוד" → "הקוד", "ovikoodimme" → "ovikoodi"); None if none."""
        for form, languages in bare_forms(token):
            known = self._languages.get(form)
            if known is None or known.isdisjoint(languages):
                continue
            if "en" in known and token.startswith(form) and token[len(form) :] in _ENGLISH_ENDINGS:
                continue  # "seeded" is the English verb, not Hungarian "seed" with "-ed" (your)
            return form
        return None

    def bare_tokens(self, distinct: set[str], ascii_only: bool, heads: set[str]) -> dict[str, str]:
        """The tokens of a text built from a word of the vocabulary, each with that word ("laluannya" → "laluan",
        "فالرقم" → "الرقم"): ``heads``, the tokens' first four letters, rule most of them out in one look-up."""
        maybe: list[str] = []
        if not self._ends.keys().isdisjoint(heads):
            maybe = [t for t in distinct if t[:_HEAD] in self._ends and t.startswith(self._ends[t[:_HEAD]])]
        if not ascii_only:  # clitics and short words are of other scripts: an ASCII token has neither
            others = filterfalse(str.isascii, distinct)
            maybe += [t for t in others if t[:1] in PREFIX_STARTS or t.startswith(self._short_ends.get(t[:2], ()))]
        bare = {}
        for token in maybe:
            if token not in self._languages and (form := self.bare(token)) is not None:  # a word's own token stays
                bare[token] = form
        return bare
