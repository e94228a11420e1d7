"""One decoding step for the disguises that hide a value's characters: the line re-assembled into the plain forms
they hide, judged by the readings that already exist, and every span found mapped back to the characters as written.

A member who hides a password from a glance rarely invents a cipher; they re-arrange what they type. The value is
given as an array of characters (``["K","e","s","t","r","e","l","7","7"]``), one character per list item, upside down
(``88uoɔlɐɟ``), as Roman numerals standing for its digits (``IV-IX-II-VII``), as two words interleaved letter by
letter in alternating case (``lTiIgGhEtR``), or after a short form of a secret word (Chinese chat's ``mm`` for 密码).
A code's digits are given in another notation: the squares of a board (``g1 f3 b8 c6``), clock faces (``🕓🕖🕐🕘``),
tally marks, a time or a date "without the colon"; a word is mirrored (``77ɿɘƚƨdo⅃``) or drawn in Fraktur; a password
is a sentence's initials with the sentence beside it; a recovery phrase has each word back to front.
No reading sees a value there, and a reading per disguise grows without end; so each disguise is decoded here, behind a
gate that a plain line fails at the cost of one search, into *regions*: where it stands and what it reads as.

Two judges, both existing: the line with its regions written plain goes through the screen's own readings (a span
there that touches a region covers the region as written), and a region whose plain form is a value (four
characters with a digit, or six letters) is taken where the line names a secret (:func:`vocabulary.find`). A line
naming none keeps its team list down a column, its ``["S","A","B","C"]`` tiers, its "Final Fantasy XIV" and its
"sUrE jAn". Digits of other numeral systems are not decoded here: :func:`normalise` reads them as ASCII digits once,
for every rule.

A value the line gives twice, the second time glued to other characters ("5519 … mg5519"), is taken whole too: the
token holding a found secret is part of it.
"""

from __future__ import annotations

import itertools
import json
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources

from utils.privacy import decoded_months, decoded_notations, decoded_spelled, vocabulary
from utils.privacy._secret_values import a_time_of_day
from utils.privacy.decoded_region import MIN_LETTERS_ONLY, MIN_VALUE, Region, a_value
from utils.privacy.normalise import Normalised
from utils.privacy.rule import Span

Find = Callable[[str], list[Span]]
"""The screen's readings of a line: its spans, each ``(start, end, kind)``."""

_DATA = json.loads(resources.files("utils.privacy").joinpath("data/decoding.json").read_text(encoding="utf-8"))
_TURNED: dict[str, str] = {
    **{unicodedata.normalize("NFKC", glyph): shown for glyph, shown in _DATA["upside_down"].items()},
    **_DATA["upside_down"],
}
"""Each turned glyph as written and in the matching form, which is NFKC (the Hangul letter drawn for a turned 2)."""
_TURNED_ONLY = frozenset(glyph for glyph in _TURNED if not glyph.isascii())
"""Glyphs only upside-down text uses: a token needs two of them to be read turned."""
_ABBREVIATIONS: dict[str, dict[str, str]] = _DATA["abbreviations"]

_KIND = "password"


# Arrays of single characters: ["K","a","t","e"] or ['M','a','u','s'].
_ARRAY_GATE = re.compile(r"\[\s*[\"'][^\"'\s][\"']\s*,")
_ARRAY = re.compile(r"\[\s*(?P<items>[\"'][^\"'\s][\"'](?:\s*,\s*[\"'][^\"'\s][\"']){3,63})\s*,?\s*\]")
_ITEM = re.compile(r"[\"']([^\"'\s])[\"']")


def _arrays(text: str) -> Iterator[Region]:
    if _ARRAY_GATE.search(text) is None:
        return
    for match in _ARRAY.finditer(text):
        yield Region(match.start(), match.end(), "".join(_ITEM.findall(match.group("items"))))


# One character per item of a Markdown list ("- K", "* a", "• t", "1. e"), four items at least.
_LISTED = re.compile(r"(?m)^[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+([^\W_]|[!#$%&*+?@])[ \t]*$")


def _lists(text: str) -> Iterator[Region]:
    if "\n" not in text:
        return
    run: list[re.Match[str]] = []
    for match in [*_LISTED.finditer(text), None]:
        if match is not None and (not run or text[run[-1].end() : match.start()] == "\n"):
            run.append(match)
            continue
        if len(run) >= MIN_VALUE:
            yield Region(run[0].start(), run[-1].end(), "".join(m.group(1) for m in run))
        run = [match] if match is not None else []


# Upside-down text: turned glyphs, read back to front.
_TOKEN = re.compile(r"\S+")


def _upside_down(text: str) -> Iterator[Region]:
    if text.isascii() or _TURNED_GLYPH.search(text) is None:
        return
    for match in _TOKEN.finditer(text):
        token = match.group().rstrip(".,;:!?")
        if sum(c in _TURNED_ONLY for c in token) >= 2 and all(c in _TURNED for c in token):
            yield Region(match.start(), match.start() + len(token), "".join(_TURNED[c] for c in reversed(token)))


# Mirrored text: the mirror glyphs of its letters, read back to front ("77ɿɘƚƨdo⅃").
_MIRRORED: dict[str, str] = _DATA["mirrored"]
_MIRROR_ONLY = frozenset(glyph for glyph in _MIRRORED if not glyph.isascii())


def _mirrored(text: str) -> Iterator[Region]:
    if text.isascii() or not any(glyph in text for glyph in _MIRROR_ONLY):
        return
    for match in _TOKEN.finditer(text):
        token = match.group().rstrip(".,;:!?")
        mirrored = sum(c in _MIRROR_ONLY for c in token)
        if (
            mirrored >= 2
            and sum(c in _TURNED_ONLY for c in token) < mirrored
            and all(c in _MIRRORED or c.isascii() for c in token)
        ):
            yield Region(match.start(), match.start() + len(token), "".join(_MIRRORED.get(c, c) for c in reversed(token)))


# Roman numerals I–IX standing for a code's digits, four at least, one separator between them.
_ROMAN_DIGIT = r"(?:IX|IV|VI{0,3}|I{1,3})"
_ROMAN = re.compile(rf"(?<![\w-]){_ROMAN_DIGIT}(?P<sep>[-. /·]){_ROMAN_DIGIT}(?:(?P=sep){_ROMAN_DIGIT}){{2,11}}(?![\w-])")
_ROMAN_GATE = re.compile(r"(?<![\w-])[IVX]{1,4}[-. /·][IVX]{1,4}[-. /·][IVX]")
_ROMAN_VALUES = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9}


def _roman(text: str) -> Iterator[Region]:
    if _ROMAN_GATE.search(text) is None:
        return
    for match in _ROMAN.finditer(text):
        numerals = match.group().split(match.group("sep"))
        yield Region(match.start(), match.end(), "".join(str(_ROMAN_VALUES[n]) for n in numerals))


# Letters in strictly alternating case ("lTiIgGhEtR", two words interleaved, or a word in "mocking" case).
_ALTERNATING_GATE = re.compile(r"[a-z][A-Z][a-z][A-Z]|[A-Z][a-z][A-Z][a-z][A-Z]")
_WORD = re.compile(r"(?<![^\W_])[^\W_]{6,40}(?![^\W_])")
_MIN_MEME = 2
"""Two alternating tokens in a line are a meme's voice ("sUrE jAn"), not a value."""


def _alternates(token: str) -> bool:
    letters = [c for c in token if c.isalpha()]
    if len(letters) < MIN_LETTERS_ONLY or not all(c.isupper() or c.islower() for c in letters):
        return False
    return all(a.isupper() != b.isupper() for a, b in itertools.pairwise(letters))


def _alternating(text: str) -> Iterator[Region]:
    if _ALTERNATING_GATE.search(text) is None:
        return
    found = [m for m in _WORD.finditer(text) if _alternates(m.group())]
    short = sum(1 for m in re.finditer(r"[^\W\d_]{3,}", text) if _alternates_short(m.group()))
    if len(found) == 1 and short <= 1 and not vocabulary.find(found[0].group()):
        yield Region(found[0].start(), found[0].end(), found[0].group())


def _alternates_short(word: str) -> bool:
    return any(c.isupper() for c in word[1:]) and all(a.isupper() != b.isupper() for a, b in itertools.pairwise(word))


# A short form of a secret word beside a letter of the script whose word it stands for.
_ABBREVIATION_PATTERNS = tuple(
    (
        re.compile(
            rf"(?<=[{spec['script'][1:-1]}])\s?{re.escape(short)}(?![A-Za-z])|(?<![A-Za-z]){re.escape(short)}(?=\s?{spec['script']})"
        ),
        spec["word"],
    )
    for short, spec in _ABBREVIATIONS.items()
)


def _abbreviations(text: str) -> Iterator[Region]:
    if text.isascii():
        return
    for pattern, word in _ABBREVIATION_PATTERNS:
        for match in pattern.finditer(text):
            yield Region(match.start(), match.end(), word, judged=False)


DECODERS: tuple[Callable[[str], Iterator[Region]], ...] = (
    _arrays,
    _lists,
    _upside_down,
    _mirrored,
    _roman,
    _alternating,
    _abbreviations,
    decoded_notations.clocks,
)
CHAT_DECODERS: tuple[Callable[[str], Iterator[Region]], ...] = (
    decoded_notations.squares,
    decoded_notations.tallies,
    decoded_notations.moments,
    decoded_notations.initials,
    decoded_notations.reversed_words,
    decoded_spelled.spelled_words,
    decoded_months.months,
)
"""Decoders read only in a chat line, each behind a gate of its own (two squares, "| |", a time, a digit between
letters, twelve words, words spelled apart, four month names)."""


_GATES = (
    r"\[\s*[\"'][^\"'\s][\"']\s*,|[IVX][-. /·][IVX]|[a-z][A-Z][a-z][A-Z]|[A-Z][a-z][A-Z][a-z][A-Z]"
    r"|\n[ \t]*(?:[-*+•]|\d{1,2}[.)])[ \t]+\S[ \t]*\n"
)
_ASCII_GATE = re.compile(_GATES)
"""Every decoder's gate in one search: an ASCII line that fails it, most of chat, holds nothing to decode."""
_TURNED_GLYPH = re.compile("[" + "".join(sorted(map(re.escape, _TURNED_ONLY))) + "]")
_GATE = re.compile(
    _GATES
    + "|"
    + _TURNED_GLYPH.pattern
    + "|"
    + "|".join(map(re.escape, _ABBREVIATIONS))
    + "|[\U0001f550-\U0001f567"
    + "".join(sorted(_MIRROR_ONLY))
    + "]"
)
"""The same for a line in other scripts, with the upside-down glyphs and the short forms of secret words."""
_LIST_GATE = re.compile(r"\n[ \t]*(?:[-*+•]|\d{1,2}[.)])[ \t]+\S[ \t]*\n")
_ROMAN_PAIR = re.compile(r"[IVX][-. /·][IVX]")
_CAPITAL_SMALL_CAPITAL = re.compile(r"[A-Z][a-z][A-Z]")
"""Inside every stretch in alternating case: where it stands, the gate for alternating case is tried."""


def _may_decode(text: str) -> bool:
    """Whether a decoder of :data:`DECODERS` may find something in ``text``: the ASCII gate's searches one by one, each
    skipping in C to the character it starts with ("[", a line break, a capital), where the whole gate is tried at
    every character of a paragraph."""
    if not text.isascii():
        return _GATE.search(text) is not None
    if ("[" in text and _ARRAY_GATE.search(text)) or ("\n" in text and _LIST_GATE.search(text)) or _ROMAN_PAIR.search(text):
        return True
    hit = _CAPITAL_SMALL_CAPITAL.search(text)
    while hit is not None:
        at = hit.start()
        if _ALTERNATING_GATE.match(text, max(0, at - 1)) or _ALTERNATING_GATE.match(text, at):
            return True
        hit = _CAPITAL_SMALL_CAPITAL.search(text, at + 1)
    return False


def regions(text: str) -> list[Region]:
    """The disguised stretches of ``text`` (the matching form) and what each reads as, in order, none overlapping."""
    decoders = DECODERS if _may_decode(text) else ()
    if len(text) <= decoded_notations.CHAT_LINE:
        decoders += CHAT_DECODERS
    found = sorted((r for decode in decoders for r in decode(text)), key=lambda r: (r.start, -r.end))
    kept: list[Region] = []
    for region in found:
        if a_time_of_day(text, region.start, region.end):
            continue  # "at 14:00" is a time as written, not digits disguised by a colon
        if not kept or region.start >= kept[-1].end:
            kept.append(region)
    return kept


@dataclass(frozen=True)
class _Plain:
    """A line with its regions written plain; for each plain character, the characters of the line behind it."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def back(self, start: int, end: int) -> tuple[int, int] | None:
        """A span of the plain line in the line as written: a span touching a region covers all of it."""
        if start >= end:
            return None
        return min(self.starts[start:end]), max(self.ends[start:end])


def _plain(text: str, found: list[Region]) -> _Plain:
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    position = 0
    for region in [*found, Region(len(text), len(text), "")]:
        pieces += [text[position : region.start], region.plain]
        starts += range(position, region.start)
        ends += range(position + 1, region.start + 1)
        starts += [region.start] * len(region.plain)
        ends += [region.end] * len(region.plain)
        position = region.end
    return _Plain("".join(pieces), tuple(starts), tuple(ends))


# Letters drawn in the styles of the mathematical alphanumerics ("𝔊𝔯𝔦𝔪𝔪𝔢𝔩", "𝓜𝓸𝓸𝓷", "𝕊𝕦𝕟") and the letterlike symbols
# filling their holes ("ℭ", "ℌ"): the matching form already reads them plain, but a word someone took the trouble
# to draw in another alphabet in a line naming a secret is the secret, though it has no digit and stands far from its
# word ("password in Fraktur because style: …").
_STYLED = re.compile("[\U0001d400-\U0001d7ff\u2102-\u2134]")


def styled_regions(written: Normalised) -> list[Region]:
    """The runs of ``written``'s matching form drawn in mathematical letters, each read as it is."""
    if written.origin is None or _STYLED.search(written.original) is None:
        return []
    styled = [
        c.isalnum() and _STYLED.match(written.original[i]) is not None for c, i in zip(written.text, written.origin, strict=True)
    ]
    found: list[Region] = []
    start = None
    for position, drawn in enumerate([*styled, False]):
        if drawn and start is None:
            start = position
        elif not drawn and start is not None:
            found.append(Region(start, position, written.text[start:position]))
            start = None
    return found


def decoded_spans(text: str, find: Find, written: Normalised | None = None) -> list[Span]:
    """Spans of ``text`` (the matching form) that hold a value written in a disguise this step decodes; ``written``
    (the normalised line ``text`` is the matching form of) shows which of its letters were drawn styled."""
    found = regions(text)
    styled = styled_regions(written) if written is not None else []
    if styled:
        found += [r for r in styled if all(r.end <= f.start or f.end <= r.start for f in found)]
        found.sort(key=lambda r: r.start)
    if not found:
        return []
    spans: list[Span] = []
    plain = _plain(text, found)
    for start, end, kind in find(plain.text):
        back = plain.back(start, end)
        if back is not None:
            spans.append((back[0], back[1], kind))
    judged = [r for r in found if r.judged and a_value(r.plain)]
    if judged and (all(r.certain for r in judged) or vocabulary.find(text)):
        spans += [(r.start, r.end, _KIND) for r in judged]
    else:
        spans += [(r.start, r.end, _KIND) for r in judged if r.certain]
    return spans


_GLUED = re.compile(r"[^\s\"'“”«»()\[\]]+")


def echoed_spans(text: str, found: list[Span], secret_kinds: frozenset[str]) -> list[Span]:
    """Tokens of ``text`` that hold a secret found elsewhere in the line glued to other characters ("5519" and
    "mg5519"): the value given again in a longer form is the same secret. So is a value given again with a character
    or two changed, or its halves swapped ("zapravo je Tulip45" after "je Tulip44", "2387Wombat → Wombat2387"): a
    correction or a second try says the same secret again."""
    values = {text[s:e].casefold() for s, e, k in found if k in secret_kinds and e - s >= MIN_VALUE}
    if not values:
        return []
    spans: list[Span] = []
    folded = text.casefold()
    for value in values:
        at = folded.find(value)
        while at != -1:
            if any(s <= at < e for s, e, _ in found):  # the value where it was found, not given again
                at = folded.find(value, at + 1)
                continue
            token = next((m for m in _GLUED.finditer(text, max(0, at - 40)) if m.start() <= at < m.end()), None)
            if token is not None:
                spans.append((token.start(), token.end(), _KIND))
            at = folded.find(value, at + 1)
    return spans + _variants(text, found, {v for v in values if len(v) >= _MIN_VARIED and " " not in v})


_MIN_VARIED = 6
_SIZED = r"[^\s\"'“”«»()\[\]]{{{shortest},}}"
"""A token as :data:`_GLUED` reads one, as long as a varied value at least (the short words of prose are skipped in C)."""
_MAX_CHANGED = 2
_EDGE = ".,;:!?)»”'\"`*|"


def _variants(text: str, found: list[Span], values: set[str]) -> list[Span]:
    """Tokens outside what was found that are a found value with at most two characters changed in place, or its two
    halves swapped; each keeps the value's length and the value's mix of letters and digits."""
    if not values:
        return []
    lengths = {len(value) for value in values}
    near = _near_index(values)
    shortest, longest = min(lengths), max(lengths) + len(_EDGE)
    spans: list[Span] = []
    for token in re.finditer(_SIZED.format(shortest=shortest), text):  # compiled once per length by ``re``
        if token.end() - token.start() > longest:
            continue
        word = token.group().rstrip(_EDGE)
        folded = word.casefold()  # "ß" folds to two letters: a token as long as a value need not fold as long
        if len(word) not in lengths or len(folded) != len(word):
            continue  # most tokens: no found value is as long
        if not any(folded != v and _a_variant(folded, v) for v in _near_values(folded, near)):
            continue
        start, end = token.start(), token.start() + len(word)
        if not any(s < end and start < e for s, e, _ in found):
            spans.append((start, end, _KIND))
    return spans


def _near_keys(word: str) -> Iterator[tuple[int, int, str]]:
    """What a word shares with each value it may be a variant of: two characters changed leave one of its thirds as
    it was, in its place, and swapped halves leave its characters (sorted) as they were. A blob of long lines, each a
    found value, compares each line with the few values sharing a key, not with every value as long."""
    third = len(word) // 3
    yield len(word), 0, word[:third]
    yield len(word), 1, word[third : 2 * third]
    yield len(word), 2, word[2 * third :]
    yield len(word), 3, "".join(sorted(word))


def _near_index(values: set[str]) -> dict[tuple[int, int, str], list[str]]:
    index: dict[tuple[int, int, str], list[str]] = {}
    for value in values:
        for key in _near_keys(value):
            index.setdefault(key, []).append(value)
    return index


def _near_values(word: str, index: dict[tuple[int, int, str], list[str]]) -> set[str]:
    """The values as long as ``word`` that may be a variant of it (every other one differs in a character of each
    third, three or more, and holds other characters than its halves swapped would)."""
    return {value for key in _near_keys(word) for value in index.get(key, ())}


def _a_variant(word: str, value: str) -> bool:
    changed = sum(a != b for a, b in zip(word, value, strict=True))
    if changed <= _MAX_CHANGED:
        return changed <= len(value) // 4 and all(a.isdigit() == b.isdigit() for a, b in zip(word, value, strict=True))
    return halves_swapped(word, value)


def halves_swapped(word: str, value: str) -> bool:
    """``word`` is ``value`` with its halves swapped, each half two characters or more (not for a value of digits
    alone): found in the value written twice, one search instead of building every cut (a blob of long tokens as long
    as a found value had made this the costliest reading of a long post)."""
    if value.isdigit():
        return False
    at = (value + value).find(word, 2)  # the first cut at 2 or later
    return at != -1 and at <= len(value) - 2
