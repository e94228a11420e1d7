"""The vocabulary of ``data/others.json`` and the word-gated search the shapes of :mod:`utils.privacy.others` and
:mod:`utils.privacy.roles` run with: a line is searched only around the words a shape needs."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from itertools import chain
from pathlib import Path
from typing import Any

_DATA = Path(__file__).with_name("data") / "others.json"


LETTER_RUN = re.compile(r"[^\W\d_]+")
UNSPACED_SCRIPT = re.compile("[\u0600-\u06ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
"""Arabic, kana, CJK ideographs, Hangul: words attach to each other, so no word gate applies."""


_NOT_A_LETTER = {code: " " for code in range(128) if not chr(code).isalpha()}
"""Every ASCII character but a letter, as a space: in ASCII, where a letter is [A-Za-z], the runs of letters are
what is left between spaces."""


def line_words(text: str) -> frozenset[str]:
    """A line's runs of letters, case-folded (``frozenset(LETTER_RUN.findall(text.casefold()))``), read once and
    shared by the layers; an ASCII line (most chat) by a translation and a split, in C, rather than a regex."""
    if text.isascii():
        return frozenset(text.lower().translate(_NOT_A_LETTER).split())
    return frozenset(LETTER_RUN.findall(text.casefold()))


_COMMON = frozenset("the a an this that here there time out me my to of in on is it and".split())
"""Words too common to gate on: "the guy" is found by "guy", "ping here" by "ping"."""


def needles(phrases: Iterable[str]) -> frozenset[str]:
    """One word of each phrase (its longest, not a common one): a line without it cannot hold the phrase."""
    needles = set()
    for phrase in phrases:
        runs = sorted(LETTER_RUN.findall(phrase.casefold()), key=len, reverse=True)
        if runs:
            needles.add(next((run for run in runs if run not in _COMMON), runs[0]))
    return frozenset(needles)


@cache
def vocabulary() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(_DATA.read_text(encoding="utf-8"))
    return loaded


def words_of(key: str) -> frozenset[str]:
    return frozenset(vocabulary()[key].split())


def alternation(phrases: Iterable[str]) -> str:
    """Literal phrases (spaces: any spacing) as one regex, factored by their common beginnings.

    A list of 300 words tried one after another at every character of a 4,000-character message costs
    milliseconds; as a trie ("b(?:oss|rother)") each position tries the few words that start with its letter.
    The longest phrase wins where one is the beginning of another ("best friend" over "best")."""
    trie: dict[str, Any] = {}
    for phrase in {" ".join(p.lower().split()) for p in phrases if p.strip()}:
        node = trie
        for char in phrase:
            node = node.setdefault(char, {})
        node[""] = {}
    return "(?:" + _trie_regex(trie) + ")"


def first_letters(phrases: Iterable[str]) -> str:
    """A lookahead for the characters :func:`alternation` of these phrases may start with: put before a lookbehind, it
    lets ``re`` skip in C to where a match may start instead of trying the lookbehind at every character."""
    return _starting_with({" ".join(p.lower().split())[0] for p in phrases if p.strip()})


def _starting_with(firsts: Iterable[str]) -> str:
    return "(?=[" + "".join(re.escape(char) for char in sorted(firsts)) + "])"


def _trie_regex(node: dict[str, Any]) -> str:
    branches = [(r"\s+" if char == " " else re.escape(char)) + _trie_regex(child) for char, child in node.items() if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" in node:
        return f"(?:{body})?" if len(branches) == 1 else body + "?"
    return body


_WORD_RUN = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def letter_runs(text: str) -> list[str]:
    """Runs of letters (any script; apostrophes and hyphens inside a word are part of it)."""
    return _WORD_RUN.findall(text)


def words_before(text: str, end: int, words: frozenset[str]) -> tuple[str | None, bool]:
    """The first of the :func:`letter_runs` of ``text[:end]`` (None for none), and whether each of them, case-folded,
    is one of ``words``: read up to the first that is not, not through a long text's whole beginning."""
    runs = (match.group() for match in _WORD_RUN.finditer(text, 0, end))
    first = next(runs, None)
    return first, first is None or all(word.casefold() in words for word in chain((first,), runs))


_BEFORE, _AFTER = 64, 40
"""How far before and after one of its words a shape is looked for ("Mentioned to the bot that their best friend"
before "friend"; a name and a verb after it)."""


def windows(text: str, present: frozenset[str], needles: frozenset[str], everywhere: bool) -> list[tuple[int, int]]:
    """The parts of ``text`` around its words in ``needles``, merged; the whole text when ``everywhere``.

    ``present``: the line's words, case-folded. A shape's regex then runs on a few short windows, not along a
    whole 4,000-character message; most lines have none of a shape's words and cost no regex at all."""
    if everywhere:
        return [(0, len(text))]
    found = present & needles
    if not found:
        return []
    windows: list[tuple[int, int]] = []
    ascii = text.isascii() and "".join(found).isascii()  # "ı" matches "i" case-blind: not a lower-case match
    for word_start, word_end in _ascii_words(text, found) if ascii else _words(text, found):
        start, end = max(0, word_start - _BEFORE), min(len(text), word_end + _AFTER)
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], end)
        else:
            windows.append((start, end))
    return windows


def _words(text: str, found: frozenset[str]) -> list[tuple[int, int]]:
    """Where the words ``found`` stand in ``text`` as whole runs of letters, in any case, in order."""
    words, firsts = "|".join(map(re.escape, found)), _starting_with(word[0] for word in found)
    return [m.span() for m in re.finditer(rf"{firsts}(?<![^\W\d_])(?:{words})(?![^\W\d_])", text, re.IGNORECASE)]


def _ascii_words(text: str, found: frozenset[str]) -> list[tuple[int, int]]:
    """:func:`_words` for a text all in ASCII, where a letter is [A-Za-z] and a case-blind match is one in lower case:
    each word is found by ``str.find`` rather than by a regex built for this line's words."""
    lowered, spans = text.lower(), []
    for word in found:
        size, at = len(word), lowered.find(word)
        while at != -1:
            end = at + size
            if not (at and lowered[at - 1].isalpha()) and not (end < len(lowered) and lowered[end].isalpha()):
                spans.append((at, end))
                at = lowered.find(word, end)
            else:
                at = lowered.find(word, at + 1)
    spans.sort()
    return spans


def search(pattern: re.Pattern[str], text: str, windows: list[tuple[int, int]]) -> re.Match[str] | None:
    for start, end in windows:
        match = pattern.search(text, start, end)
        if match:
            return match
    return None


_LONG_ENOUGH_FOR_AN_ENDING = 4
"""A relation takes any ending when it has this many letters ("svåger" + "n"), a three-letter one only an ending of
three letters or more ("isä" + "nsä"), a shorter one none ("ma" + "n" is no relation)."""


@cache
def relation_alternation() -> str:
    """The relations as one regex, each also with a kin prefix before it ("Stiefvater", "stepsister", "styvpappa")
    and, when long enough, an ending that makes it definite or possessed ("svågern", "eniştesi", "isänsä")."""
    v = vocabulary()
    forms = v["relation_forms"]
    relations = v["relations"]
    long = [r for r in relations if len(r) >= _LONG_ENOUGH_FOR_AN_ENDING]
    short = [r for r in relations if len(r) == _LONG_ENOUGH_FOR_AN_ENDING - 1]
    tiny = [r for r in relations if len(r) < _LONG_ENOUGH_FOR_AN_ENDING - 1]
    long_endings = [e for e in forms["endings"] if len(e) >= _LONG_ENOUGH_FOR_AN_ENDING - 1]
    # each relation in one trie only: a line's position tries each relation once
    return (
        rf"(?:{alternation(forms['prefixes'])}-?)?"
        rf"(?:{alternation(long)}(?:{alternation(forms['endings'])}(?![^\W\d_]))?"
        rf"|{alternation(short)}(?:{alternation(long_endings)}(?![^\W\d_]))?|{alternation(tiny)})"
    )


@cache
def _kin_word() -> re.Pattern[str]:
    return re.compile(relation_alternation(), re.IGNORECASE)


@cache
def _affixes() -> tuple[tuple[str, ...], tuple[str, ...]]:
    forms = vocabulary()["relation_forms"]
    return tuple(p.rstrip("-") for p in forms["prefixes"]), tuple(forms["endings"])


def kin_words(present: frozenset[str]) -> frozenset[str]:
    """The words of a line that are a relation with a kin prefix or an ending ("stiefvater", "eniştesi"): the
    relation shapes are tried around them as around a listed relation. Most words start and end with neither, and
    only those that do are matched."""
    prefixes, endings = _affixes()
    return frozenset(
        word
        for word in present
        if len(word) > _LONG_ENOUGH_FOR_AN_ENDING + 1
        and (word.startswith(prefixes) or word.endswith(endings))
        and _kin_word().fullmatch(word)
    )


_CLAUSE_END = re.compile(r"[,.;:!?()\[\]—–\n]")


def _by_language(key: str) -> list[str]:
    return [words for language, words in vocabulary()[key].items() if language != "_about"]


@cache
def _bond_words() -> frozenset[str]:
    v = vocabulary()
    phrases = [*v["relations"], *v["possessors"], *v["relation_adjectives"]]
    phrases += [*_by_language("bond_only_words"), *_by_language("bond_play_words"), *_by_language("bond_time_words")]
    return frozenset(word for phrase in phrases for word in letter_runs(phrase.casefold()))


@cache
def _play_words() -> frozenset[str]:
    return frozenset(word for phrase in _by_language("bond_play_words") for word in letter_runs(phrase.casefold()))


def only_a_bond(text: str, start: int) -> bool:
    """Whether the clause from ``start`` to its end says only where a relative or friend is, that they play with the
    member, or how they know each other ("… también está en el server", "… is my IRL friend from school"): every
    word of it (but a name among its first two, and a game's title after a word of play) one of ``bond_only_words``,
    ``bond_play_words`` or ``bond_time_words`` (since when and how they play: "depuis la saison 3", "desde o ano
    passado"), a relation, a possessor or a relation's adjective. A clause with any other
    word ("… está en rehabilitación", "… on the server is bipolar") is not. Read word by word up to the first other
    word: a long text without a clause's end is not read to its end from each relative."""
    words, position, played = 0, start, False
    for index, match in enumerate(_WORD_RUN.finditer(text, start)):
        if _CLAUSE_END.search(text, position, match.start()):
            break  # the clause ended in the gap before this word (no word holds a clause's end)
        position, word = match.end(), match.group()
        if index < 2 and word[:1].isupper():
            continue  # the relative's name ("fratele meu Andrei e și el pe server")
        folded = word.casefold()
        played = played or folded in _play_words()
        if folded not in _bond_words() and not (played and word[:1].isupper()):
            return False  # after a word of play, a capitalised word is the game played ("jugamos al Mario Kart")
        words += 1
    return words > 0
