"""Where a rule's match can start, read off its regex: near a digit, or anywhere.

Most rules for numbers (phones, cards, national ids, house numbers) cannot match without a
digit, and chat has few digits. Run on the whole line, each of them still tries every
position of it: a 4,000-character post costs about 200 µs a rule. A rule whose every match
holds a digit among its first few characters needs to be tried only just before the line's
digits, and it finds there what it would have found in the whole line:

- ``lead``: at most this many characters come before the first digit a match must hold, so a
  match starts within ``lead`` characters before a digit, or on one;
- ``reach``: at most this many characters after its start can decide a match (its widest
  match, what a lookahead looks at beyond it, and one for a ``\\b`` or ``$``); a search cut
  there gives the answer the whole line gives. ``None``: no bound (a ``+`` or ``*``).

The bounds come from the regex's own parse tree (the standard library's), not from a list:
a rule added tomorrow is read the same way, or left to scan the whole line when its regex
says nothing certain (a lookahead of unbounded width, a back-reference before the digit).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any

_parser: Any = importlib.import_module("re._parser")
"""The standard library's regex parser (``sre_parse`` before 3.11): the tree ``re.compile`` itself builds on."""

_UNBOUNDED = 1 << 16
_REPEATS = frozenset({_parser.MAX_REPEAT, _parser.MIN_REPEAT, _parser.POSSESSIVE_REPEAT})
_ZERO_WIDTH = frozenset({_parser.ASSERT, _parser.ASSERT_NOT, _parser.AT})
_ZERO, _NINE = ord("0"), ord("9")
MERGED_GAP = 64
"""Stretches this close are searched as one: re crosses 64 characters in C for less than a second Python call costs."""


@dataclass(frozen=True)
class DigitAnchor:
    lead: int
    reach: int | None


def anchor_of(pattern: re.Pattern[str]) -> DigitAnchor | None:
    """The rule's digit anchor, or None when a match need not hold a digit (or the tree says nothing certain)."""
    try:
        tree = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # noqa: BLE001 - a pattern the parser reads differently is scanned whole
        return None
    lead = _lead(list(tree.data), tree.state)
    if lead is None:
        return None
    widest = tree.getwidth()[1]
    beyond = _lookahead_width(list(tree.data), tree.state)
    reach = None if widest >= _UNBOUNDED or beyond is None else widest + beyond + 1
    return DigitAnchor(lead, reach)


def _digit_item(op: Any, value: Any) -> bool:
    """One character that must be a digit: ``5``, ``[0-9]``, ``\\d``, ``[\\d]``."""
    if op is _parser.LITERAL:
        return bool(_ZERO <= value <= _NINE)
    if op is not _parser.IN or any(o is _parser.NEGATE for o, _ in value):
        return False
    return all(
        (o is _parser.LITERAL and _ZERO <= v <= _NINE)
        or (o is _parser.RANGE and _ZERO <= v[0] <= v[1] <= _NINE)
        or (o is _parser.CATEGORY and v is _parser.CATEGORY_DIGIT)
        for o, v in value
    )


def _width(item: tuple[Any, Any], state: Any) -> int:
    return int(_parser.SubPattern(state, [item]).getwidth()[1])


def _lead(sequence: list[tuple[Any, Any]], state: Any) -> int | None:
    """At most how many characters a match of ``sequence`` has before its first certain digit (None: no certain one)."""
    before = 0
    for op, value in sequence:
        inner = _inner_lead(op, value, state)
        if inner is not None:
            return before + inner
        if op is _parser.GROUPREF or op is _parser.GROUPREF_EXISTS:
            return None  # its width depends on what a group took: not read further
        before += 0 if op in _ZERO_WIDTH else _width((op, value), state)
        if before >= _UNBOUNDED:
            return None
    return None


def _inner_lead(op: Any, value: Any, state: Any) -> int | None:
    """For one item of a sequence: how far into it its certain digit stands, or None when it need not hold one."""
    if _digit_item(op, value):
        return 0
    if op is _parser.SUBPATTERN:
        return _lead(list(value[3]), state)
    if op is _parser.ATOMIC_GROUP:
        return _lead(list(value), state)
    if op in _REPEATS and value[0] >= 1:
        return _lead(list(value[2]), state)
    if op is _parser.BRANCH:
        leads = [_lead(list(branch), state) for branch in value[1]]
        return None if any(lead is None for lead in leads) else max(lead for lead in leads if lead is not None)
    return None


def _lookahead_width(sequence: list[tuple[Any, Any]], state: Any) -> int | None:
    """How far past a position its lookaheads may look, summed over all of them (None: no bound)."""
    total = 0
    for op, value in sequence:
        nested = _item_lookahead_width(op, value, state)
        if nested is None:
            return None
        total += nested
    return total if total < _UNBOUNDED else None


def _item_lookahead_width(op: Any, value: Any, state: Any) -> int | None:
    if op in (_parser.ASSERT, _parser.ASSERT_NOT):
        direction, inner = value
        nested = _lookahead_width(list(inner), state)
        return None if nested is None else nested + (int(inner.getwidth()[1]) if direction == 1 else 0)
    if op is _parser.SUBPATTERN:
        return _lookahead_width(list(value[3]), state)
    if op is _parser.ATOMIC_GROUP:
        return _lookahead_width(list(value), state)
    if op in _REPEATS:
        return _lookahead_width(list(value[2]), state)
    if op is _parser.BRANCH:
        widths = [_lookahead_width(list(branch), state) for branch in value[1]]
        return None if any(w is None for w in widths) else max(w for w in widths if w is not None)
    if op is _parser.GROUPREF_EXISTS:
        return None
    return 0


def least_digits(pattern: re.Pattern[str]) -> int:
    """How many digits every match of the pattern holds at least, read off its parse tree (0 when it says nothing
    certain): a stretch of a line with fewer digits in reach cannot hold one."""
    try:
        tree = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # noqa: BLE001 - a pattern the parser reads differently is searched wherever it may start
        return 0
    return _least_digits(list(tree.data))


def _least_digits(sequence: list[tuple[Any, Any]]) -> int:
    total = 0
    for op, value in sequence:
        if _digit_item(op, value):
            total += 1
        elif op is _parser.SUBPATTERN:
            total += _least_digits(list(value[3]))
        elif op is _parser.ATOMIC_GROUP:
            total += _least_digits(list(value))
        elif op in _REPEATS:
            total += value[0] * _least_digits(list(value[2]))
        elif op is _parser.BRANCH:
            total += min(_least_digits(list(branch)) for branch in value[1])
    return total  # a lookaround takes no character, a back-reference nothing certain: none counted


def digits_in(stretches: list[tuple[int, int]], digit_runs: list[tuple[int, int]]) -> list[int]:
    """How many digits each stretch (:func:`candidate_starts` of ``digit_runs``) holds."""
    counts = [0] * len(stretches)
    index = 0
    for start, end in digit_runs:
        while stretches[index][1] < start:
            index += 1
        counts[index] += end - start
    return counts


def candidate_starts(digit_runs: list[tuple[int, int]], lead: int, gap: int = 0) -> list[tuple[int, int]]:
    """The stretches ``[first, last]`` in which a match of a rule with this ``lead`` may start, merged (and across
    ``gap`` characters or fewer: one longer search costs less than two calls)."""
    stretches: list[tuple[int, int]] = []
    for start, end in digit_runs:
        first, last = max(0, start - lead), end - 1
        if stretches and first <= stretches[-1][1] + 1 + gap:
            stretches[-1] = (stretches[-1][0], last)
        else:
            stretches.append((first, last))
    return stretches


def matches_near_digits(
    pattern: re.Pattern[str], anchor: DigitAnchor, text: str, digit_runs: list[tuple[int, int]]
) -> list[re.Match[str]]:
    """What ``pattern.finditer(text)`` finds, tried only where a match may start (``digit_runs``: the ``\\d+`` runs).

    A search from a position still sees the text before it (a lookbehind, ``\\b``); one cut at
    ``reach`` past the last possible start decides every start before it as the whole text would,
    and a position in no stretch cannot start a match, so stretches a little apart are searched as one.
    Without a bound a search runs on to the end of the text: it resumes only at the next stretch.
    """
    if anchor.reach is None:
        return _searched_from_stretches(pattern, text, candidate_starts(digit_runs, anchor.lead))
    return matches_in_stretches(pattern, anchor, text, candidate_starts(digit_runs, anchor.lead, max(anchor.reach, MERGED_GAP)))


def matches_in_stretches(
    pattern: re.Pattern[str], anchor: DigitAnchor, text: str, stretches: list[tuple[int, int]]
) -> list[re.Match[str]]:
    """As :func:`matches_near_digits`, given the stretches (:func:`candidate_starts`) with a ``lead`` of at least the
    anchor's: wider stretches hold every start the rule's own would, and a position no match can start at adds none.
    Several rules share one list of stretches."""
    if anchor.reach is None:
        return _searched_from_stretches(pattern, text, stretches)
    found: list[re.Match[str]] = []
    taken_to = 0  # matches do not overlap: the next starts where the last ended
    for first, last in stretches:
        if last < taken_to:
            continue
        for match in pattern.finditer(text, max(first, taken_to), min(len(text), last + anchor.reach)):
            if match.start() > last:
                break
            found.append(match)
            taken_to = match.end()
    return found


def _searched_from_stretches(pattern: re.Pattern[str], text: str, stretches: list[tuple[int, int]]) -> list[re.Match[str]]:
    """Matches of an unbounded pattern: one search from the first possible start finds the leftmost match of the
    whole rest of the text; the next one starts from where it ended, or the next stretch after that."""
    found: list[re.Match[str]] = []
    index, position = 0, 0
    while index < len(stretches):
        first, last = stretches[index]
        if position > last:
            index += 1
            continue
        match = pattern.search(text, max(first, position))
        if match is None:
            break
        found.append(match)
        position = max(match.end(), match.start() + 1)
    return found


def starts_a_number(pattern: re.Pattern[str]) -> bool:
    """Whether every match starts on a digit that follows no word character: the pattern's first character is a
    certain digit and a leading lookbehind rules out a ``\\w`` before it (``(?<![\\w.-])\\d{3}…``).

    Such a rule can start only where :data:`NUMBER_STARTS` matches, a few places in a line, and is tried there
    alone. Unicode patterns only: an ASCII ``\\w`` lets a start follow "é", which the shared search would skip.
    """
    if pattern.flags & (re.ASCII | re.LOCALE):
        return False
    try:
        tree = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # noqa: BLE001 - a pattern the parser reads differently is scanned whole
        return False
    if _lead(list(tree.data), tree.state) != 0:
        return False
    for op, value in tree.data:
        if op not in _ZERO_WIDTH:
            return False
        if op is _parser.ASSERT_NOT and value[0] == -1 and _rules_out_a_word_character(list(value[1])):
            return True
    return False


def _rules_out_a_word_character(inner: list[tuple[Any, Any]]) -> bool:
    """A lookbehind's body that is one class of characters holding ``\\w`` (``[\\w.-]``, ``\\w``)."""
    if len(inner) != 1 or inner[0][0] is not _parser.IN:
        return False
    items = inner[0][1]
    return not any(o is _parser.NEGATE for o, _ in items) and any(
        o is _parser.CATEGORY and v is _parser.CATEGORY_WORD for o, v in items
    )


NUMBER_STARTS = re.compile(r"\d(?<!\w\d)")
"""Where a rule of :func:`starts_a_number` may start: a digit with no word character before it (the digit read first,
then what stands before it, so ``re`` skips in C to the digits of a long post)."""


def number_starts_of(text: str, digit_runs: list[tuple[int, int]]) -> list[int]:
    """What :data:`NUMBER_STARTS` finds, read off the line's runs of digits (``\\d+``, found once for several uses):
    such a digit follows no word character, so no digit either, and starts a run; a run starts a number when what
    stands before it is not a word character as ``re`` reads one (alphanumeric, or ``_``)."""
    starts = []
    for start, _ in digit_runs:
        before = text[start - 1] if start else ""
        if not (before.isalnum() or before == "_"):
            starts.append(start)
    return starts


_compiler: Any = importlib.import_module("re._compiler")
_LOOKBEHINDS = frozenset({_parser.ASSERT, _parser.ASSERT_NOT})


def digit_first(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """The same regex with its first digit read first, or None when it does not start with one.

    ``(?<![\\w-])\\d{3}…`` makes ``re`` try every position of a line, since a lookbehind tells it nothing of the
    first character; written ``\\d(?<![\\w-]\\d)\\d{2}…`` (the lookbehind moved past the digit and widened by it) it
    matches the same text at the same places, and ``re`` skips from digit to digit in C. Groups are kept.
    """
    try:
        tree = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # noqa: BLE001 - a pattern the parser reads differently is left as it is
        return None
    data = _digit_first(list(tree.data), [])
    if data is None:
        return None
    try:
        return _compiler.compile(_parser.SubPattern(tree.state, data), tree.state.flags)
    except Exception:  # noqa: BLE001 - a rewrite re does not take is not used
        return None


def _digit_first(sequence: list[tuple[Any, Any]], behind: list[tuple[Any, Any]]) -> list[tuple[Any, Any]] | None:
    """``sequence`` with its leading lookbehinds (and ``behind``, carried from outside a group) after its first digit."""
    index = 0
    while index < len(sequence) and sequence[index][0] in _LOOKBEHINDS and sequence[index][1][0] == -1:
        index += 1
    behind = behind + sequence[:index]
    if index == len(sequence) or any(_has_group_reference(list(item[1][1])) for item in behind):
        return None
    op, value = sequence[index]
    rest = sequence[index + 1 :]
    if op is _parser.SUBPATTERN:
        inner = _digit_first(list(value[3]), behind)
        if inner is None:
            return None
        group, add_flags, del_flags, _ = value
        return [(op, (group, add_flags, del_flags, _parser.SubPattern(value[3].state, inner))), *rest]
    if _digit_item(op, value):
        return [(op, value), *_widened(behind, (op, value)), *rest]
    if op in _REPEATS and value[0] >= 1 and len(value[2]) == 1 and _digit_item(*value[2][0]):
        low, high, item = value
        digit = item[0]
        remaining = high if high == _parser.MAXREPEAT else high - 1
        repeat = [(op, (low - 1, remaining, item))] if remaining else []
        return [digit, *_widened(behind, digit), *repeat, *rest]
    return None


def _widened(lookbehinds: list[tuple[Any, Any]], digit: tuple[Any, Any]) -> list[tuple[Any, Any]]:
    """Lookbehinds read one character later: each looks at what it looked at, then the digit just read."""
    return [(op, (-1, _parser.SubPattern(inner.state, [*inner.data, digit]))) for op, (_, inner) in lookbehinds]


def _has_group_reference(sequence: list[tuple[Any, Any]]) -> bool:
    return any(op is _parser.GROUPREF or op is _parser.GROUPREF_EXISTS for op, _ in sequence)
