"""A value given beside the thing it opens, with no word for the code (:mod:`utils.privacy.conversation`).

Members name what a code opens or protects rather than the code: "the shed padlock" / "7093", "4471" / "that's for
the key box", "cadenas de la cave : 9328", "金庫 27-54-08". The things are data (``data/locked_things.json``), in two
groups that read a number differently. A *lock* — a padlock, a safe, a key box, an alarm panel, a keypad — is opened
only by its code: a number right after one, or a reply of three or four digits alone after naming one, is its code. A
*place* — a locker, a gate, a shed, a DVR, a wallet app — is also numbered and talked about ("my locker is number
12", "gate B12", "the shed took 4471 screws"): a number there is a code only where it is handed over (after a colon,
"opens with", "enter", "βάλε", a clause of its own), never where it numbers or measures the place. A value still has
the look of one: four to eight digits, spaced, dashed or dialled ("27-54-08"), not a price, a measure, a date or a
time, and the only one in the message.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from utils.privacy import vocabulary
from utils.privacy._conversation_words import ASKED, SHORT_MESSAGE_CHARS, STRIP, YEAR
from utils.privacy.memoised_lines import memoised
from utils.privacy.rule import literal_trie

_DATA = Path(__file__).with_name("data") / "locked_things.json"
LOCK, PLACE = "lock", "place"


@cache
def _data() -> dict[str, dict[str, list[str]] | list[str]]:
    loaded: dict[str, dict[str, list[str]] | list[str]] = json.loads(_DATA.read_text(encoding="utf-8"))
    return loaded


def _group(name: str) -> dict[str, list[str]]:
    group = _data()[name]
    assert isinstance(group, dict)
    return group


@cache
def _classes() -> dict[str, str]:
    """Each word or phrase (case-folded) and whether it names a lock or a place (a lock wins a word in both)."""
    classes: dict[str, str] = {}
    for group, kind in (("places", PLACE), ("locks", LOCK)):
        for words in _group(group).values():
            classes.update((word.casefold(), kind) for word in words)
    return classes


@cache
def _phrases() -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """Each word or phrase by its first word, longest first, with whether it names a lock or a place."""
    by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for phrase, kind in _classes().items():
        words = tuple(phrase.split())
        by_first.setdefault(words[0], []).append((words, kind))
    for candidates in by_first.values():
        candidates.sort(key=lambda candidate: len(candidate[0]), reverse=True)
    return by_first


@cache
def _ends() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The last words of compounds naming a lock, and those naming a place."""
    ends = _group("compound_ends")
    return tuple(ends["locks"]), tuple(ends["places"])


@cache
def _glued() -> re.Pattern[str]:
    """The unspaced scripts' words, each group named."""
    unspaced = _group("unspaced")
    return re.compile(rf"(?P<lock>{literal_trie(unspaced['locks'])})|(?P<place>{literal_trie(unspaced['places'])})")


_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_MIN_HEAD = 3
"""Letters before a compound's last word ("cykel|låset"): fewer is the word itself with an ending."""


def _compound(word: str) -> str | None:
    lock_ends, place_ends = _ends()
    for ends, kind in ((lock_ends, LOCK), (place_ends, PLACE)):
        if word.endswith(ends) and any(word.endswith(end) and len(word) - len(end) >= _MIN_HEAD for end in ends):
            return kind
    return None


def _phrase_at(tokens: list[re.Match[str]], index: int, word: str) -> tuple[int, str] | None:
    """The lock or place a phrase starting with ``word`` at ``tokens[index]`` names, and the index of its last word."""
    for words, kind in _phrases().get(word, ()):
        if len(words) == 1 or tuple(t.group() for t in tokens[index + 1 : index + len(words)]) == words[1:]:
            return index + len(words) - 1, kind
    return None


def _candidates(word: str) -> tuple[str, ...]:
    """The word, and its last part after a hyphen or an elided article ("hytte-alarmen", "l'allarme")."""
    for mark in ("-", "'", "’"):
        if mark in word:
            return word, word.rsplit(mark, 1)[-1]
    return (word,)


@cache
def _gate() -> tuple[frozenset[str], tuple[str, ...]]:
    """Every phrase's last word (rarer than its first: "safe", not "the"), and every compound's last word."""
    lock_ends, place_ends = _ends()
    return frozenset(phrase.rsplit(" ", 1)[-1] for phrase in _classes()), lock_ends + place_ends


def _may_name(words: list[str]) -> bool:
    """The cheap gate, a look-up or two a word: most lines name no lock and stop here."""
    lasts, ends = _gate()
    return any(word in lasts or word.endswith(ends) or "-" in word or "'" in word or "’" in word for word in words)


def things(folded: str) -> list[tuple[int, int, str]]:
    """Where ``folded`` (case-folded text) names a lock or a place, and which, in order: a word or phrase read word by
    word (a look-up each), the last part of a hyphenated or elided word ("hytte-alarmen", "l'allarme"), a compound's
    last word, and the unspaced scripts' words."""
    found: list[tuple[int, int, str]] = []
    if _may_name(_WORD.findall(folded)):
        tokens = list(_WORD.finditer(folded))
        covered = -1
        for index, token in enumerate(tokens):
            if index <= covered:
                continue  # a word of a phrase already read ("back gate": not "gate" again)
            word = token.group().rstrip("'’-")
            hit = next((h for c in _candidates(word) if (h := _phrase_at(tokens, index, c)) is not None), None)
            if hit is not None:
                covered = hit[0]
                found.append((token.start(), tokens[hit[0]].end(), hit[1]))
            elif (kind := _compound(word)) is not None:
                found.append((token.start(), token.end(), kind))
    if not folded.isascii():
        found += [(m.start(), m.end(), LOCK if m.group("lock") else PLACE) for m in _glued().finditer(folded)]
    return sorted(found)


@memoised(4096)
def named_thing(text: str) -> str | None:
    """:data:`LOCK` when a message names a lock, :data:`PLACE` when it names only a place, else None (cached: a message
    is read once as the earlier one, however many replies follow it)."""
    kinds = {kind for _start, _end, kind in things(text.casefold())}
    return LOCK if LOCK in kinds else (PLACE if kinds else None)


def first_thing(folded: str) -> tuple[int, int] | None:
    """The span of the first lock or place ``folded`` names."""
    found = things(folded)
    return (found[0][0], found[0][1]) if found else None


_CANDIDATE = re.compile(
    r"(?<![\w.,:/$€£¥₹#-])(?:\d{1,2}(?:-\d{1,2}){2,3}|\d(?:[ -]?\d){2,7})(?:\s?[#*])?(?![\w/%:°'’-]|\s?[.,]\d)"
)
"""Three to eight digits (spaced or dashed: "5 8 2 7", "0-5-8-2"), or a dial's numbers ("27-54-08"); a key pressed
after them ("3377#") is part of them. Glued to a letter, a unit, a decimal or a time's colon it is something else.
Three are a code only beside a lock (:data:`LOCK_DIGITS`)."""
LOCK_DIGITS, PLACE_DIGITS = 3, 4
"""The fewest digits of a code beside a lock (a luggage or a bike lock has three dials) and beside a place."""
_MEASURES = frozenset(ASKED["measures"]) | frozenset(
    ["mm", "l", "litres", "liters", "kilo", "kilos", "kr", "zł", "lei", "tl", "ribu", "rupaye", "baht", "บาท", "шекель",
     "שקל", "₹", "rs", "screws", "pieces", "times", "veces", "fois", "mal", "sztuk", "шт", "уг"]
)  # fmt: skip
"""Words after a number that say what it counts or measures."""
_STEPS = 3
"""Words between a number that opens a message and the thing named after it ("3847 für das Fahrradschloss")."""


@cache
def _handing() -> tuple[frozenset[str], frozenset[str], tuple[str, ...], tuple[str, ...]]:
    """The entering words, the linking ones (a lock's only), and the unspaced scripts' entering and linking words,
    which close the word before them ("キーボックスは 3917")."""
    entering, linking = _data()["entering"], _data()["linking"]
    glued, glued_links = _data()["entering_unspaced"], _data()["linking_unspaced"]
    assert isinstance(entering, list) and isinstance(linking, list)
    assert isinstance(glued, list) and isinstance(glued_links, list)
    return frozenset(w.casefold() for w in entering), frozenset(w.casefold() for w in linking), tuple(glued), tuple(glued_links)


def _handed(before: str, direct: str | None, lock_before: bool) -> bool:
    """Whether the text just before a number hands it over: a colon, a dash or "=", a clause's start, an entering word
    ("with", "enter", "βάλε"), the lock it follows directly (``direct``), or, after a lock named earlier
    (``lock_before``), a linking word ("the shed lock is 4471"; "my locker is 2210" says which locker)."""
    stripped = before.rstrip()
    if not stripped or stripped[-1] in ":=,—–-→>;" or stripped.endswith(("：", "，", "、")):
        return True
    if direct == LOCK:
        return True
    entering, linking, glued, glued_links = _handing()
    words = stripped.casefold().split()
    last, two = words[-1].strip(STRIP), " ".join(words[-2:])
    linked = last in linking or stripped.endswith(glued_links)
    return last in entering or two in entering or stripped.endswith(glued) or (lock_before and linked)


def given_beside(text: str) -> list[tuple[str, str]]:
    """The code one message gives beside the thing it opens ("cadenas de la cave : 9328", "fietsslot 3847 als je m
    leent", "kiln controller is locked, 8841 gets you in"): one value, handed over, never numbering the place."""
    if len(text) > SHORT_MESSAGE_CHARS or not any(c.isdigit() for c in text) or "[redacted:" in text:
        return []
    folded = text.casefold()
    named = things(folded)
    if not named or vocabulary.find(text):
        return []  # a line with a word for a secret is the screen's to read, in its ordinary senses too ("zip code")
    least = LOCK_DIGITS if any(kind == LOCK for _start, _end, kind in named) else PLACE_DIGITS
    found = [m for m in _CANDIDATE.finditer(text) if _a_code(m.group().strip(), text[m.end() :], least)]
    if len(found) != 1:
        return []  # "open 0700 to 1900": two numbers are hours, a price and a count; none is no code
    value = found[0]
    before = text[: value.start()]
    if not any(end <= value.start() for _start, end, _kind in named) and (
        before.strip() or not _thing_after(named, value.end(), folded)
    ):
        return []  # the thing named before the number, or right after a number that opens the message
    direct = next((kind for _start, end, kind in named if not folded[end : value.start()].strip()), None)
    if direct == PLACE:
        return []  # "locker 7311", "Spind 2204": the number names the place
    years_allowed = direct == LOCK or before.rstrip()[-1:] in (":", "：", "=")
    code = value.group().strip()
    if YEAR.fullmatch(code) and not years_allowed:
        return []
    if not _handed(before, direct, any(kind == LOCK and end <= value.start() for _start, end, kind in named)):
        return []
    return [(code, "code")]


def _thing_after(named: list[tuple[int, int, str]], end: int, folded: str) -> bool:
    """A number that opens the message and a thing named within a few words after it ("3847 für das Fahrradschloss")."""
    return any(start >= end and len(folded[end:start].split()) <= _STEPS for start, _end, _kind in named)


def _a_code(value: str, after: str, least: int) -> bool:
    digits = sum(c.isdigit() for c in value)
    if not least <= digits <= 8 and not (value.count("-") >= 2 and digits >= 5):
        return False
    if re.fullmatch(r"\d{1,4}[-.]\d{1,2}[-.]\d{1,4}", value) and any(YEAR.fullmatch(g) for g in re.split(r"[-.]", value)):
        return False  # a date
    following = after.strip().split()[:1]
    return not following or following[0].strip(STRIP).casefold() not in _MEASURES


def lone_code_after_lock(naming: str, text: str) -> str | None:
    """A reply of three or four digits alone after a message naming a lock ("gembok gudang" / "1956"): a lock's code,
    though a number that short, or one that looks like a year, is no value anywhere else."""
    stripped = text.strip()
    if not re.fullmatch(r"\d{3,4}", stripped) or named_thing(naming) != LOCK:
        return None
    if YEAR.fullmatch(stripped) and any(mark in naming for mark in ("?", "？", "؟")):
        return None  # "what year was the old padlock factory built?" / "1923": a year answers a question
    return stripped


_OPENS_WITH_DIGITS = re.compile(r"\s*\d{3,8}(?!\w)")


def answers_a_lock(question: str, text: str) -> bool:
    """An answer that opens with a code to another member's question about a lock, however long what follows is
    ("bike lock?" / "2649, turn them all the way", "l'allarme come si disattiva?" / "4190 e poi OFF")."""
    return _OPENS_WITH_DIGITS.match(text) is not None and named_thing(question) == LOCK
