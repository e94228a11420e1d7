"""All the screen's rules over one line: which of them may match it, and where each is tried.

A line is read once for what every rule's gate asks (its longest digit run, its longest
token, the needle words in it: all of every rule's found in one pass of ``re`` over each distinct word, not one pass
a needle, and a word's kept for the next line that holds it); only the rules those allow run, in their order. A rule
whose match must hold a digit (:mod:`utils.privacy.digit_anchor`) is tried only just before
the line's digits, and not at all in a line without one: chat is mostly words, and a
paragraph with two numbers in it is two short stretches for the number rules, not the
whole paragraph eighteen times. Where a rule starts is read off its regex: one that starts on
a number's first digit is tried at those alone, found once for all of them; the stretches
before the digits are found once for the rules that start a few characters earlier, and a rule searches only those
holding as many digits as each of its matches does (a card's thirteen, not a paragraph's "14 times"); a rule
for one long run without spaces (a token) reads only the line's runs that long.

Which rules a pair of (digit run, longest token) lets through does not depend on the line,
so it is worked out once per pair and kept (a few hundred pairs at most, never the text).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress

from utils.privacy.digit_anchor import (
    MERGED_GAP,
    candidate_starts,
    digits_in,
    least_digits,
    number_starts_of,
    starts_a_number,
)
from utils.privacy.line_reading import close_reading, open_reading
from utils.privacy.rule import Rule, Span, literal_trie

_DIGITS = re.compile(r"\d+")
_NEAR_DIGITS_FROM = 200
"""A shorter line is read whole by each number rule: one regex call in C costs less than finding its stretches."""
_SHARED_LEAD = 8
"""Number rules whose match starts at most this far before a digit share one list of stretches to search."""
_DISTINCT_WORDS_FROM = 600
"""A longer line's needles without whitespace are looked for in its distinct words, once each (a long post repeats
its words): such a needle is inside one of them or nowhere."""


def _runs_without_whitespace(text: str, shortest: int) -> list[tuple[int, int]]:
    """Where the runs of ``shortest`` characters or more without whitespace stand (``(start, end)``, in order): the
    line's words are split off in C and only the long ones are looked for, each from where the one before it ended (the
    words between are shorter, and whitespace stands around them, so none holds it), not found with a search that
    tries each whitespace of a long post and reads the word after it."""
    found: list[tuple[int, int]] = []
    position = 0
    words = text.split()
    for word in compress(words, map(shortest.__le__, map(len, words))):
        start = text.find(word, position)
        position = start + len(word)
        found.append((start, position))
    return found


def distinct_words(lowered: str) -> str:
    """A long line's distinct words joined by spaces (the line itself when short): what holds no whitespace is inside
    one of them or nowhere, and a long post repeats its words."""
    return " ".join(set(lowered.split())) if len(lowered) >= _DISTINCT_WORDS_FROM else lowered


@dataclass(frozen=True)
class _Plan:
    """The rules a line's digit run and token length let through: those with no needle, and the others by needle."""

    always: tuple[int, ...]
    beyond_ascii: dict[str, tuple[str, ...]]
    """The needles without whitespace written with a character beyond ASCII, by the first such character: looked for
    only in a line holding it (a line in ASCII holds none, one in another script few of the others' characters)."""
    spaced: dict[str, tuple[str, ...]]
    """The needles holding whitespace, which a line's words cut, by their longest piece without whitespace
    (:func:`_piece`), which a line holding the needle holds inside one of its words: each is looked for in the line
    itself only where its piece is. Pieces :class:`_Needles` finds are read off what it found; the others
    (:attr:`spaced_alone`) are looked for one by one."""
    spaced_alone: tuple[tuple[str, str], ...]
    rules_of: dict[str, tuple[int, ...]]


class _Needles:
    """Which needles in ASCII without whitespace (of every rule) a line holds, read word by word and kept per word.

    Such a needle lies inside one of the line's words (its runs without whitespace) or nowhere, so what a line holds
    is what its distinct words hold, and what a word holds depends on the word alone: it is read once per process
    (:data:`_WORDS_KEPT` words at most, the least recently met dropped first) and a line of words met before costs a
    look-up a word, where a search of the whole line tried the trie at each of its letters (a third of a paragraph's
    scanning). A word is read with one search of them all as a trie, which finds, where one starts, the longest one
    there; the shorter ones that start there are its beginnings. Searched again from the next character, it finds
    them all.
    """

    def __init__(self, needles: set[str]) -> None:
        self._search = re.compile(literal_trie(sorted(needles))).search
        self._beginnings = {
            needle: tuple(needle[:end] for end in range(1, len(needle) + 1) if needle[:end] in needles) for needle in needles
        }
        self._in_word = lru_cache(maxsize=_WORDS_KEPT)(self.read)

    def read(self, words: str) -> frozenset[str]:
        """The needles ``words`` holds, read with the trie along all of it (the reading each word's is kept of)."""
        found: set[str] = set()
        position = 0
        while (match := self._search(words, position)) is not None:
            found.update(self._beginnings[match.group()])
            position = match.start() + 1
        return frozenset(found) if found else _NONE

    def found_in(self, words: str) -> set[str]:
        """The needles ``words`` (a line, or its distinct words joined by spaces) holds."""
        return set().union(*map(self._in_word, set(words.split())))


_NONE: frozenset[str] = frozenset()
_WORDS_KEPT = 1 << 15
"""Distinct words whose needles are kept: a server's chat vocabulary, a few megabytes at most."""


def _spaced(needle: str) -> bool:
    return any(char.isspace() for char in needle)


def _piece(needle: str) -> str:
    """A needle's longest piece without whitespace ("enough" of "strong enough"; empty for whitespace alone): a line
    holding the needle holds it inside one of its words."""
    return max(needle.split(), key=len, default="")


_FOUND_PIECE = 3
"""A piece this long is looked for with the needles (:class:`_Needles`); a shorter one ("/" of " / "), frequent in
chat, costs less looked for alone."""


class Scanner:
    """The rules, read in one pass of their gates; :meth:`spans` is what running every rule on the line finds."""

    def __init__(self, rules: tuple[Rule, ...]) -> None:
        self._rules = rules
        self._anchored = tuple(rule.digit_anchor is not None for rule in rules)
        self._digit_first = tuple(rule.digit_first is not None for rule in rules)
        self._number_first = tuple(rule.digit_anchor is not None and starts_a_number(rule.pattern) for rule in rules)
        self._shortest_run = min((rule.min_token for rule in rules if rule.in_one_run and rule.min_token), default=0)
        """The shortest run a rule read in the line's runs asks for: the runs that long are found once for all."""
        self._shared = tuple(
            rule.digit_anchor is not None and rule.digit_anchor.lead <= _SHARED_LEAD and rule.digit_first is None
            for rule in rules
        )
        self._least_digits = tuple(
            least_digits(rule.pattern)
            if shared and rule.digit_anchor and rule.digit_anchor.reach is not None and rule.digit_anchor.reach <= MERGED_GAP
            else 0
            for rule, shared in zip(rules, self._shared, strict=True)
        )
        """Digits every match of a shared rule holds, where the stretch a match starts in is all its search reaches (no
        other digit is within ``MERGED_GAP`` of a stretch's last one): a stretch with fewer is not searched for it."""
        self._shared_lead = max(
            (rule.digit_anchor.lead for rule, shared in zip(rules, self._shared, strict=True) if shared and rule.digit_anchor),
            default=0,
        )
        self._digit_steps = sorted({0, 1, *(rule.digits for rule in rules)})
        """The digit runs at which a rule comes in (1: the first digit lets the anchored rules in): a line's plan is
        the one of the longest step its run reaches, so a few plans serve every line."""
        self._token_steps = sorted({0, *(rule.min_token for rule in rules)})
        self._plans: dict[int, _Plan] = {step: self._plan(step, 0, long_tokens=False) for step in self._digit_steps}
        """By digit step, the rules that ask no long token (nearly all their needles): built once, at start."""
        self._long_plans: dict[tuple[int, int], _Plan] = {}
        """By digit and token step, the few rules that ask a token that long: cheap to build when a line first needs one."""
        plain = {n for rule in rules for n in rule.needles if n.isascii() and n and not _spaced(n)}
        pieces = {_piece(n) for rule in rules for n in rule.needles if _spaced(n)}
        self._needles = _Needles(plain | {piece for piece in pieces if piece.isascii() and len(piece) >= _FOUND_PIECE})

    def spans(self, text: str, lowered: str, digit_run: int, longest_token: int, words: str | None = None) -> list[Span]:
        """``lowered``: ``text`` case-folded; ``digit_run``: its longest run of digits and separators;
        ``longest_token``: its longest run without whitespace; ``words``: :func:`distinct_words` of ``lowered``, when
        the caller has read them. What several rules ask of the line is read once for them (:mod:`line_reading`)."""
        words = distinct_words(lowered) if words is None else words
        reading = open_reading(text, words)
        try:
            return self._spans(text, lowered, digit_run, longest_token, words)
        finally:
            close_reading(reading)

    def _spans(self, text: str, lowered: str, digit_run: int, longest_token: int, words: str) -> list[Span]:
        chosen = self._chosen_rules(lowered, digit_run, longest_token, words)
        digit_runs: list[tuple[int, int]] | None = None
        number_starts: list[int] | None = None
        stretches: list[tuple[int, int]] | None = None
        stretch_digits: list[int] = []
        long_runs: dict[int, list[tuple[int, int]]] = {}
        runs: list[tuple[int, int]] | None = None
        found: list[Span] = []
        for index in sorted(chosen):
            rule = self._rules[index]
            if not self._anchored[index]:
                if rule.in_one_run and rule.min_token and len(text) >= _NEAR_DIGITS_FROM:
                    if rule.min_token not in long_runs:
                        runs = _runs_without_whitespace(text, self._shortest_run) if runs is None else runs
                        long_runs[rule.min_token] = [run for run in runs if run[1] - run[0] >= rule.min_token]
                    found.extend(rule.spans_in_runs(text, long_runs[rule.min_token]))
                else:
                    found.extend(rule.spans(text))
                continue
            if self._number_first[index]:
                if digit_runs is None:
                    digit_runs = [match.span() for match in _DIGITS.finditer(text)]
                if number_starts is None:
                    number_starts = number_starts_of(text, digit_runs)
                found.extend(rule.spans_from(text, number_starts))
                continue
            if self._digit_first[index]:
                found.extend(rule.spans_digit_first(text))
                continue
            if len(text) < _NEAR_DIGITS_FROM:
                found.extend(rule.spans(text))
                continue
            if digit_runs is None:
                digit_runs = [match.span() for match in _DIGITS.finditer(text)]
            if self._shared[index]:
                if stretches is None:
                    stretches = candidate_starts(digit_runs, self._shared_lead, MERGED_GAP)
                    stretch_digits = digits_in(stretches, digit_runs)
                least = self._least_digits[index]
                if least:
                    held = [stretch for stretch, count in zip(stretches, stretch_digits, strict=True) if count >= least]
                    found.extend(rule.spans_in_stretches(text, held))
                else:
                    found.extend(rule.spans_in_stretches(text, stretches))
                continue
            found.extend(rule.spans_near_digits(text, digit_runs))
        return found

    def _chosen_rules(self, lowered: str, digit_run: int, longest_token: int, words: str) -> set[int]:
        """The indices of the rules the line asks for: its digit run and longest token let them in, and it holds one of
        their needles (or they have none)."""
        digit_step = self._digit_steps[bisect_right(self._digit_steps, digit_run) - 1]
        token_step = self._token_steps[bisect_right(self._token_steps, longest_token) - 1]
        present = self._needles.found_in(words)
        chosen = _chosen(self._plans[digit_step], present, words, lowered)
        if token_step:
            key = (digit_step, token_step)
            long_plan = self._long_plans.get(key) or self._long_plans.setdefault(key, self._plan(*key, long_tokens=True))
            chosen |= _chosen(long_plan, present, words, lowered)
        return chosen

    def _plan(self, digit_run: int, longest_token: int, *, long_tokens: bool) -> _Plan:
        """The plan of the rules a line with this digit run and longest token lets through, of those that ask a long
        token (``long_tokens``) or of those that ask none: a line's rules are the two plans' together."""
        always: list[int] = []
        rules_of: dict[str, list[int]] = {}
        for index, rule in enumerate(self._rules):
            if (rule.min_token > 0) != long_tokens:
                continue
            if rule.digits > digit_run or rule.min_token > longest_token or (digit_run == 0 and self._anchored[index]):
                continue  # a line without a digit: no rule whose match holds one, nor its needles looked for
            if not rule.needles or "" in rule.needles:  # an empty needle is in every line
                always.append(index)
            for needle in rule.needles:
                rules_of.setdefault(needle, []).append(index)
        spaced: dict[str, list[str]] = {}
        alone: list[tuple[str, str]] = []
        beyond: dict[str, list[str]] = {}
        for needle in rules_of:
            if _spaced(needle):
                piece = _piece(needle)
                if piece.isascii() and len(piece) >= _FOUND_PIECE:
                    spaced.setdefault(piece, []).append(needle)
                else:
                    alone.append((piece, needle))
            elif not needle.isascii():
                beyond.setdefault(next(char for char in needle if not char.isascii()), []).append(needle)
        return _Plan(
            tuple(always),
            {char: tuple(needles) for char, needles in beyond.items()},
            {piece: tuple(needles) for piece, needles in spaced.items()},
            tuple(alone),
            {needle: tuple(indices) for needle, indices in rules_of.items()},
        )


def _chosen(plan: _Plan, present: set[str], words: str, lowered: str) -> set[int]:
    """The rules of ``plan`` a line asks for: those with no needle and those whose needle it holds (``present``: the
    needles in ASCII without whitespace its words hold, which the plan's other needles are read beside)."""
    chosen = set(plan.always)
    rules_of = plan.rules_of
    held = set(present)
    if not words.isascii():  # the plan's characters the line holds, read off the line's own (a few, not hundreds)
        for char in plan.beyond_ascii.keys() & set(words):
            held.update(needle for needle in plan.beyond_ascii[char] if needle in words)
    for needle in held:
        if needle in rules_of:
            chosen.update(rules_of[needle])
    for piece in plan.spaced.keys() & held:
        chosen.update(index for needle in plan.spaced[piece] if needle in lowered for index in rules_of[needle])
    for piece, needle in plan.spaced_alone:
        if piece in words and needle in lowered:
            chosen.update(rules_of[needle])
    return chosen
