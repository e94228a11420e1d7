"""Where the screen's placeholders stand in a text: what a rule finds inside one is not found again, overlapping finds
are replaced once, and a screened text is cut beside a placeholder, never inside one."""

from __future__ import annotations

import re
from dataclasses import dataclass

from utils.privacy.rule import Span

PLACEHOLDER = re.compile(r"\[redacted:([a-z-]+)\]")


def outside_placeholders(text: str, found: list[Span], *, whole: bool = False) -> list[Span]:
    """``found`` without the spans inside a placeholder or overlapping one; ``whole``: a span that holds whole
    placeholders stays (a value read through the ones an earlier screen cut into it, :func:`cut_value_spans`)."""
    if "[redacted:" in text:
        kept = [m.span() for m in PLACEHOLDER.finditer(text)]
        if whole:
            return [s for s in found if not any(start < s[0] < end or start < s[1] < end for start, end in kept)]
        found = [s for s in found if not any(s[0] < end and start < s[1] for start, end in kept)]
    return found


def merge_spans(found: list[Span]) -> list[tuple[int, int, list[str]]]:
    """Overlapping spans become one (a password that is also an API key is redacted once)."""
    merged: list[tuple[int, int, list[str]]] = []
    for start, end, kind in sorted(found, key=lambda s: (s[0], -s[1])):
        if merged and start < merged[-1][1]:
            last = merged[-1]
            merged[-1] = (last[0], max(last[1], end), [*last[2], kind])
        else:
            merged.append((start, end, [kind]))
    return merged


def cut_screened(text: str, limit: int) -> str:
    """``text`` (already screened) in at most ``limit`` characters, cut at a word and never inside a placeholder."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    opened = cut.rfind("[redacted:")
    if opened != -1 and "]" not in cut[opened:]:
        return cut[:opened].rstrip(" ,;:")
    space = cut.rfind(" ")
    return (cut[:space] if space > limit * 0.6 and not text[limit].isspace() else cut).rstrip(" ,;:")


_RUN = re.compile(r"[^\W_]+")
_CLOSE = 3
"""Characters at most between two runs of one value, or a run and a placeholder (as `Seen` matches a whole value)."""
MIN_REMAINDER = 3
"""Letters and digits of a value at least left beside the placeholders for the rest to count as the value's: two
shared digits beside a phone's placeholder ("[redacted:phone] 44 pts") are a score, not a password's tail."""
CUT_TEXT_CHARS = 120
"""A text shorter than this was not cut to its column's length: the shortest columns (300 characters) are cut at a word
past 60 % of it, so a short line that ends with a value's first words ("walk my dog") only says them."""
_DIGIT_KINDS = frozenset({"phone", "card", "number", "id-number", "bank-account"})
"""Placeholders of rules that find digits: the part of a value they stand for holds one."""


@dataclass(frozen=True)
class CutValue:
    """A value as it is matched through placeholders: its letters and digits folded and run together (``bare``),
    where its runs meet (``bounds``: a separator in the text may only stand there), where a space parts them
    (``spaces``: a text cut to its length is cut there), and its kind."""

    bare: str
    bounds: frozenset[int]
    spaces: frozenset[int]
    kind: str

    @classmethod
    def of(cls, form: str, kind: str) -> CutValue:
        runs = list(_RUN.finditer(form))
        bounds, spaces, at = {0}, set(), 0
        for run in runs:
            at += len(run.group().casefold())
            bounds.add(at)
            if form[run.end() : run.end() + 1].isspace():
                spaces.add(at)
        return cls("".join(run.group().casefold() for run in runs), frozenset(bounds), frozenset(spaces), kind)


_Token = tuple[int, int, str | None]
"""A run of letters and digits (start, end, folded) or a placeholder (start, end, None), in the text's order."""


def cut_value_spans(text: str, values: list[CutValue]) -> list[Span]:
    """Where a value stands in ``text`` though an earlier screen replaced part of it ("Tulip-[redacted:phone]-Rose",
    "[redacted:code] και μετά"), or the text was cut to its length inside it ("… correct horse"): a run of the text
    where the value's remaining pieces appear in order, separated only by placeholders, counts as the value.

    A later message may reveal that an earlier one was a secret, and the copies of it (a written log row, a queued
    turn, a memory) hold it as their own screen left it: the whole value is no longer there to find, and its rest
    would stay. Read as runs beside placeholders, each tried once per value: no pattern is built per text."""
    tokens = _tokens(text)
    marks = [index for index, token in enumerate(tokens) if token[2] is None]
    found: list[Span] = []
    for value in dict.fromkeys(v for v in values if len(v.bare) > MIN_REMAINDER):
        index = 0
        for mark in marks:
            if mark < index or not _beside(tokens, text, mark, value.bare):
                continue
            span, index = _chain_at(tokens, text, value, mark)
            if span is not None:
                found.append((*span, value.kind))
        if len(text) >= CUT_TEXT_CHARS and tokens and tokens[-1][2] is not None and str(tokens[-1][2]) in value.bare:
            found.extend((*span, value.kind) for span in _cut_at_the_end(tokens, text, value))
    return found


def _beside(tokens: list[_Token], text: str, mark: int, bare: str) -> bool:
    """The cheap gate: a run of the value's letters right before or after the placeholder (most have none)."""
    return any(
        0 <= at < len(tokens)
        and tokens[at][2] is not None
        and str(tokens[at][2]) in bare
        and _near(text, *sorted((mark, at)), tokens=tokens)
        for at in (mark - 1, mark + 1)
    )


def _tokens(text: str) -> list[_Token]:
    marks: list[_Token] = [(m.start(), m.end(), None) for m in PLACEHOLDER.finditer(text)] if "[redacted:" in text else []
    if not marks:  # only a cut at the text's end can hold a value: its last runs
        tail: list[_Token] = [(m.start(), m.end(), m.group().casefold()) for m in _RUN.finditer(text, max(0, len(text) - 200))]
        return tail[-12:]
    tokens: list[_Token] = []
    inside = iter(marks)
    mark = next(inside, None)
    for run in _RUN.finditer(text):
        while mark is not None and mark[1] <= run.start():
            tokens.append(mark)
            mark = next(inside, None)
        if mark is None or run.end() <= mark[0]:
            tokens.append((run.start(), run.end(), run.group().casefold()))
    if mark is not None:
        tokens += [mark, *inside]
    return tokens


def _near(text: str, first: int, second: int, *, tokens: list[_Token]) -> bool:
    start, end = tokens[first][1], tokens[second][0]
    return end - start <= _CLOSE and not _RUN.search(text, start, end)


def _fits(value: CutValue, at: int, text: str, runs: list[_Token], open_before: bool, open_after: bool) -> bool:
    """Whether ``runs`` (adjacent in the text) are the value's letters from ``at``, a separator in the text only where
    the value's runs meet; ``open_before``/``open_after``: a separator between them and the placeholder beside."""
    bare = "".join(str(run[2]) for run in runs)
    if value.bare[at : at + len(bare)] != bare or (open_before and at not in value.bounds):
        return False
    if open_after and at + len(bare) not in value.bounds:
        return False
    offset = at
    for run in runs[:-1]:
        offset += len(str(run[2]))
        if offset not in value.bounds:
            return False
    return True


def _runs_from(tokens: list[_Token], text: str, index: int, step: int, limit: int) -> list[_Token]:
    """The runs next to token ``index`` going ``step`` (-1 before it, 1 after), near each other, at most ``limit`` letters."""
    runs: list[_Token] = []
    at, total = index + step, 0
    while 0 <= at < len(tokens) and tokens[at][2] is not None:
        beside = at - step
        near = not 0 <= beside < len(tokens) or _near(text, *sorted((at, beside)), tokens=tokens)
        total += len(str(tokens[at][2]))
        if not near or total > limit:
            break
        runs.append(tokens[at])
        at += step
    return runs[::-1] if step < 0 else runs


def _open(first: _Token, second: _Token) -> bool:
    return first[1] < second[0]


def _chain_at(tokens: list[_Token], text: str, value: CutValue, first: int) -> tuple[tuple[int, int] | None, int]:
    """The value read from the placeholder at ``first`` on (its start may be the pieces before it); the span and the
    token after it, or None and ``first``."""
    before = _runs_from(tokens, text, first, -1, len(value.bare))
    for count in range(len(before), -1, -1):
        left = before[len(before) - count :]
        if left and not _fits(value, 0, text, left, False, _open(left[-1], tokens[first])):
            continue
        pos = sum(len(str(run[2])) for run in left)
        ahead = _ahead(tokens, text, value, first, pos)
        if ahead is None:
            continue
        end, after, pieces, gap_digits = ahead
        if pos + pieces >= MIN_REMAINDER and gap_digits:
            return ((left[0] if left else tokens[first])[0], end), after
    return None, first


def _ahead(tokens: list[_Token], text: str, value: CutValue, mark: int, pos: int) -> tuple[int, int, int, bool] | None:
    """From the placeholder at ``mark``, the value matched past ``pos`` letters: (end, next token, letters matched,
    whether the placeholders can stand for what they replaced), or None."""
    pieces, kinds = 0, []
    while True:
        kinds.append(text[tokens[mark][0] + len("[redacted:") : tokens[mark][1] - 1])
        group = _runs_from(tokens, text, mark, 1, len(value.bare))
        after = mark + len(group) + 1
        if after < len(tokens) and tokens[after][2] is None and _near(text, after - 1, after, tokens=tokens):
            if not group:
                mark = after
                continue
            at = _middle(value, text, tokens[mark], group, tokens[after], pos + 1)
            if at is not None:
                pos = at + sum(len(str(run[2])) for run in group)
                pieces += pos - at
                mark = after
                continue
        digit_marks = all(kind in _DIGIT_KINDS for kind in kinds)
        for count in range(len(group), 0, -1):
            right = group[:count]
            length = sum(len(str(run[2])) for run in right)
            start = len(value.bare) - length
            if start > pos and _fits(value, start, text, right, _open(tokens[mark], right[0]), False):
                gap = value.bare[pos:start]
                return right[-1][1], mark + count + 1, pieces + length, not digit_marks or _has_digit(gap)
        if pos < len(value.bare):
            return tokens[mark][1], mark + 1, pieces, not digit_marks or _has_digit(value.bare[pos:])
        return None


def _middle(value: CutValue, text: str, mark: _Token, group: list[_Token], following: _Token, start: int) -> int | None:
    bare = "".join(str(run[2]) for run in group)
    at = value.bare.find(bare, start)
    while at != -1 and at + len(bare) < len(value.bare):
        if _fits(value, at, text, group, _open(mark, group[0]), _open(group[-1], following)):
            return at
        at = value.bare.find(bare, at + 1)
    return None


def _has_digit(text: str) -> bool:
    return any(c.isdigit() for c in text)


def _cut_at_the_end(tokens: list[_Token], text: str, value: CutValue) -> list[tuple[int, int]]:
    """The value's first words ending the text, cut there at its length ("… the login is correct horse"): two words of
    it at least, or half its letters, ending where the value has a space (a text is cut at one)."""
    if not tokens or tokens[-1][2] is None or len(text) - tokens[-1][1] > _CLOSE:
        return []
    runs = _runs_from(tokens, text, len(tokens), -1, len(value.bare) - 1)
    for count in range(len(runs), 0, -1):
        piece = runs[len(runs) - count :]
        length = sum(len(str(run[2])) for run in piece)
        words = any(c.isspace() for c in text[piece[0][0] : piece[-1][1]])
        enough = (words or 2 * length >= len(value.bare)) and length >= MIN_REMAINDER and length in value.spaces
        if enough and _fits(value, 0, text, piece, False, False):
            return [(piece[0][0], piece[-1][1])]
    return []
