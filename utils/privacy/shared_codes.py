"""Codes a game publishes for sharing, named as such: a friend code, a trainer code, a Dream Address, a course or level
id, a lobby, room or party code, an island or map code, a Workshop code, a UID, a player tag.

"my Switch friend code is SW-4107-2268-9351, add me", "código de la sala de Among Us: QWXTRF", "Steam-vriendcode
402719385": the game prints the code so that others can type it; it gives access to nothing but a friend request or a
seat in a match. Where each field stands:

- the **message** (what the conversation screen and the chat model read) and a display name keep it: "add me" needs
  the code in the answer's context, and a one-time-code or an identity rule that read it as a secret ("codice
  allenatore 3092 7714 6058", a run of nine digits) took the point of the line away;
- the **log**, the **extractor's input** and every kept field (memory, profile, note, topic, slot key) hold it as a
  long number, ``[redacted:number]``: the log is kept as long as a memory and is no weaker than the store, the extractor
  need not read a value the store cannot keep, and a memory keeps the fact ("has a Switch friend code to share"), not
  the code. A number is no credential, so the line is not refused for it.

A name is read only with a code in capitals and digits a few words after it ("QWXTRF", "7XG-M2K-QRF", "#2YQ9LPV8C",
"3092 7714 6058"), and never across a secret's word ("friend code and my PIN 4821" is a PIN). A string a game prints
to share a deck, a blueprint, a crosshair or a world ("Hearthstone deck code: AAECAR8G…", "Valheim world seed:
3kD9XqP2aB") is read the same way after its own names, in letters of both cases, digits and a few signs. The names are
data (``data/shared_codes.json``), in 25 languages.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from stdnum import luhn

from utils.privacy.memoised_lines import memoised
from utils.privacy.rule import Span, literal_trie
from utils.privacy.withheld import names_a_secret

_DATA = Path(__file__).with_name("data") / "shared_codes.json"
NUMBER = "number"

_GAP = re.compile(r"[^\w\n.!?]{0,3}(?:(?:[^\W\d_][\w'’-]*|\d{1,2})[^\w\n.!?]{1,3}){0,4}")
"""Between a name and its code: punctuation and at most four words (a game's name, a link: "de Among Us:", "är",
"c'est"), no sentence's end."""
_CODE = re.compile(
    r"(?<![\w-])#?(?:[A-Z]{2}-)?(?=[A-Z0-9]*\d|[A-Z]{4})[A-Z0-9]{3,12}(?:[ -](?=[A-Z0-9]*\d|[A-Z]{3})[A-Z0-9]{3,5}){0,4}(?![\w-])"
)
"""A code as games print it: capitals and digits, 4 capitals at least or a digit, in up to five groups joined by a
space or a dash, after an optional "#" (a player tag) or a two-letter prefix ("SW-", "DA-")."""
_STRING = re.compile(r"(?<![\w+/=;-])(?=[\w+/=.-]*\d)(?=[\w+/=.-]*[A-Za-z])[A-Za-z0-9+/=_.-]{8,400}(?<!\.)(?![\w+/=;-])")
"""A shared string as games print it (a deck code, a blueprint, a seed): letters, digits and "+/=_.-", a digit and a
letter at least; a string of settings joined by ";" (a Valorant crosshair) is no value and is left as it is."""
_MAX_GAP = 32
_LONGEST_CODE = 48
_SHORT_NAME = 5
_ENDING = 4
"""Letters a name may end with in a compound's inflection ("turneringskoden", "arkadaş kodum")."""
"""How far after a name its code may start, and how long a code may be: a name's words are read no further."""


@dataclass(frozen=True)
class _Names:
    pattern: re.Pattern[str]
    heads: tuple[str, ...]
    ascii_heads: tuple[str, ...]
    before: int
    """How far before its head a name may start, and after it end (with an ending: "turneringskoden")."""
    after: int
    beginnings: dict[str, dict[int, frozenset[str]]]
    """For each head, the letters a name holding it has before its first one, by their number: where a name can
    start, read off each place the head stands."""
    strings: tuple[str, ...]
    """The names of shared strings, whose code is :data:`_STRING`-shaped."""


@cache
def _data() -> _Names:
    loaded = json.loads(_DATA.read_text(encoding="utf-8"))
    strings = tuple(name.casefold() for name in loaded.get("strings", ()))
    every = [*(name.casefold() for words in loaded["names"].values() for name in words), *strings]
    names = sorted(set(every), key=len, reverse=True)
    heads = tuple(head.casefold() for head in [*loaded["heads"], *loaded.get("string_heads", ())])
    where = [(name, name.find(head)) for name in names for head in heads if head in name]
    assert {name for name, _ in where} == set(names), "every name holds a head"
    beginnings: dict[str, dict[int, set[str]]] = {head: {} for head in heads}
    for name in names:
        for head in heads:
            if head in name:
                at = name.find(head)
                beginnings[head].setdefault(at, set()).add(name[:at])
    return _Names(
        re.compile(r"(?:" + literal_trie(names) + r")[^\W\d_]{0," + str(_ENDING) + r"}(?![^\W\d_])"),
        heads,
        tuple(head for head in heads if head.isascii()),
        max(at for _, at in where),
        max(len(name) - at for name, at in where) + _ENDING,
        {head: {at: frozenset(firsts) for at, firsts in by_at.items()} for head, by_at in beginnings.items()},
        strings,
    )


def _names_in(text: str) -> list[re.Match[str]]:
    """The names in ``text``, looked for only around the heads it holds (a search of the whole line tried the names
    at each of its characters: a long post's worth of cost)."""
    names = _data()
    pattern = names.pattern
    lowered = text.lower()  # the names are read in lower case, at the same places ("İ" alone lengthens a text)
    if len(lowered) != len(text):
        return list(pattern.finditer(lowered.replace("i̇", "i")))
    starts: set[int] = set()
    firsts: set[int] = set()  # where a name can start: a head's place less the letters some name has before it
    for head in names.ascii_heads if lowered.isascii() else names.heads:
        at = lowered.find(head)
        if at == -1:
            continue
        beginnings = names.beginnings[head].items()
        while at != -1:
            starts.add(at)
            firsts.update(at - ahead for ahead, begun in beginnings if ahead <= at and lowered[at - ahead : at] in begun)
            at = lowered.find(head, at + 1)
    if not starts:
        return []
    # What the names' search finds around each head, tried only where a name can start: every name holds a head, and
    # starts that many letters before one with its own letters there (a search tried the trie at each character).
    tried = sorted(firsts)
    found: dict[int, re.Match[str]] = {}
    covered = -1
    for at in sorted(starts):
        if at < covered:
            continue
        start, end = max(0, at - names.before), min(len(text), at + names.after)
        position = start
        for first in tried[bisect_left(tried, start) : bisect_left(tried, end)]:
            if first < position:
                continue
            name = pattern.match(lowered, first, end)
            if name is not None:
                found.setdefault(name.start(), name)
                covered = max(covered, name.end())
                position = name.end()
    return [found[start] for start in sorted(found)]


def spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` (its matching form) holds a code a game publishes, named as such; sorted, not overlapping."""
    found: list[tuple[int, int]] = []
    for name in _names_in(text):
        if name.end() - name.start() < _SHORT_NAME and name.start() and text[name.start() - 1].isalpha():
            continue  # "uid" in "fluid"; a longer name may close a compound ("Steam-vriendcode", "turneringskoden")
        shape, longest = (_STRING, 400) if name.group().startswith(_data().strings) else (_CODE, _LONGEST_CODE)
        window = shape.finditer(text, name.end(), min(len(text), name.end() + _MAX_GAP + longest))
        code = next((c for c in window if _its_code(text, name.end(), c.start())), None)
        if code is None or _names_a_secret(_after(text, code.end())) or _a_card(code.group()):
            continue  # "world seed: Hunter22x is my steam password": the secret's word says what it is
        if not found or code.start() >= found[-1][1]:
            found.append(code.span())
    return found


def _a_card(code: str) -> bool:
    """A card's number by the card's own check (13 to 19 digits from a card network's first digit, Luhn's digit
    right): no game prints one to share ("friend code 4539 1488 0343 6467" is a card, whatever names it; a friend code's
    twelve digits and a UID's nine are never that long)."""
    digits = "".join(c for c in code if c.isdigit())
    return 13 <= len(digits) <= 19 and digits[0] in "23456" and luhn.is_valid(digits)


_AFTER = re.compile(r"[^\n.!?]{0,24}")
"""The clause's few words after a code: where "is my password" would say it is one."""


def _after(text: str, end: int) -> str:
    clause = _AFTER.match(text, end)
    return clause.group() if clause else ""


def _its_code(text: str, after: int, start: int) -> bool:
    """Whether the code-shaped token at ``start`` is the code of the name that ends at ``after`` (the first such
    token is taken: a later one is past the gap's words or its length)."""
    gap = text[after:start]
    return len(gap) <= _MAX_GAP and _GAP.fullmatch(gap) is not None and not _names_a_secret(gap)


@memoised(1024)
def _names_a_secret(gap: str) -> bool:
    return names_a_secret(gap)  # a post of friend codes repeats its few gaps


def settled(found: list[Span], shared: list[tuple[int, int]], *, kept: bool) -> list[Span]:
    """``found`` without the spans inside a shared code; where the field is ``kept`` (not a message or a name), with
    each shared code as a long number instead."""
    outside = [s for s in found if not any(start <= s[0] and s[1] <= end for start, end in shared)]
    return [*outside, *((start, end, NUMBER) for start, end in shared)] if kept else outside
