"""All the screen's rules over one line: which of them may match it, and where each is tried.

A line is read once for what every rule's gate asks (its longest digit run, its longest
token, the needle words in it); only the rules those allow run, in their order. A rule
whose match must hold a digit (:mod:`utils.privacy.digit_anchor`) is tried only just before
the line's digits, and not at all in a line without one: chat is mostly words, and a
paragraph with two numbers in it is two short stretches for the number rules, not the
whole paragraph eighteen times.

Which rules a pair of (digit run, longest token) lets through does not depend on the line,
so it is worked out once per pair and kept (a few hundred pairs at most, never the text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from utils.privacy.rule import Rule, Span

_DIGITS = re.compile(r"\d+")
_NEAR_DIGITS_FROM = 200
"""A shorter line is read whole by each number rule: one regex call in C costs less than finding its stretches."""


@dataclass(frozen=True)
class _Plan:
    """The rules a line's digit run and token length let through: those with no needle, and the others by needle."""

    always: tuple[int, ...]
    needles: tuple[str, ...]
    rules_of: dict[str, tuple[int, ...]]


class Scanner:
    """The rules, read in one pass of their gates; :meth:`spans` is what running every rule on the line finds."""

    def __init__(self, rules: tuple[Rule, ...]) -> None:
        self._rules = rules
        self._anchored = tuple(rule.digit_anchor is not None for rule in rules)
        self._digit_first = tuple(rule.digit_first is not None for rule in rules)
        self._most_digits = max((rule.digits for rule in rules), default=0)
        self._longest_asked = max((rule.min_token for rule in rules), default=0)
        self._plans: dict[tuple[int, int], _Plan] = {}

    def spans(self, text: str, lowered: str, digit_run: int, longest_token: int) -> list[Span]:
        """``lowered``: ``text`` case-folded; ``digit_run``: its longest run of digits and separators;
        ``longest_token``: its longest run without whitespace."""
        key = (min(digit_run, self._most_digits), min(longest_token, self._longest_asked))
        plan = self._plans.get(key) or self._plan(*key)
        chosen = set(plan.always)
        for needle in plan.needles:
            if needle in lowered:
                chosen.update(plan.rules_of[needle])
        digit_runs: list[tuple[int, int]] | None = None
        found: list[Span] = []
        for index in sorted(chosen):
            rule = self._rules[index]
            if not self._anchored[index]:
                found.extend(rule.spans(text))
                continue
            if self._digit_first[index]:
                found.extend(rule.spans_digit_first(text))
                continue
            if len(text) < _NEAR_DIGITS_FROM:
                found.extend(rule.spans(text))
                continue
            if digit_runs is None:
                digit_runs = [match.span() for match in _DIGITS.finditer(text)]
            found.extend(rule.spans_near_digits(text, digit_runs))
        return found

    def _plan(self, digit_run: int, longest_token: int) -> _Plan:
        always: list[int] = []
        rules_of: dict[str, list[int]] = {}
        for index, rule in enumerate(self._rules):
            if rule.digits > digit_run or rule.min_token > longest_token or (digit_run == 0 and self._anchored[index]):
                continue  # a line without a digit: no rule whose match holds one, nor its needles looked for
            if not rule.needles:
                always.append(index)
            for needle in rule.needles:
                rules_of.setdefault(needle, []).append(index)
        plan = _Plan(tuple(always), tuple(rules_of), {needle: tuple(indices) for needle, indices in rules_of.items()})
        self._plans[(digit_run, longest_token)] = plan
        return plan
