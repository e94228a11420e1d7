"""One kind of secret as a regex with cheap pre-checks, and the span it reports.

Redaction runs on every message, so a rule first asks whether the line can hold its
secret at all (a needle word, enough digits, enough length) and most chat lines cost no
regex. A rule reports the span of its ``secret`` group when it has one (``password is
[redacted:password]`` keeps its lead-in) and may refuse a match through ``accept``
(a checksum, a stop word).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from utils.privacy.digit_anchor import DigitAnchor, anchor_of, digit_first, matches_in_stretches, matches_near_digits

Span = tuple[int, int, str]


A_DATE = re.compile(r"(?:19|20)\d\d[-./](?:0?[1-9]|1[0-2])[-./](?:0?[1-9]|[12]\d|3[01])(?!\d)|\d\d?[./]\d\d?[./](?:19|20)\d\d")
"""A date written in digits ("2026-10-25", "01.01.2026"): a rule for numbers leaves one, and its hour, alone."""


@dataclass(frozen=True)
class Rule:
    kind: str
    pattern: re.Pattern[str]
    needles: tuple[str, ...] = ()
    """Lower-case substrings of which one must be present (empty: no such check)."""
    digits: int = 0
    """At least this many characters in one run of digits and separators ("0151 23456789" is one run)."""
    min_token: int = 0
    """A run of at least this many characters without whitespace (keys and tokens are long)."""
    accept: Callable[[re.Match[str]], bool | tuple[int, int]] | None = None
    """False drops a match; a ``(start, end)`` pair narrows it (an IBAN followed by a word)."""
    in_one_run: bool = False
    """A match holds no whitespace and what decides it reads the end of its run as it reads a space (a lookahead
    for a word character, not for a space): it is found in the line's runs of ``min_token`` characters alone."""
    judged_by_its_text: bool = False
    """``accept`` reads the matched text alone and says only yes or no: a text a line repeats (a key pasted in a long
    post again and again) is judged once per reading of the line."""

    def may_match(self, present: frozenset[str], digit_run: int, longest_token: int) -> bool:
        """``present``: the needles of all rules found in the line (one pass over them for all rules)."""
        return (
            digit_run >= self.digits
            and longest_token >= self.min_token
            and (not self.needles or not present.isdisjoint(self.needles))
        )

    def spans(self, text: str) -> Iterator[Span]:
        return self._spans_of(self.pattern.finditer(text))

    @cached_property
    def digit_anchor(self) -> DigitAnchor | None:
        """Where a match can start relative to the line's digits (:mod:`utils.privacy.digit_anchor`); None: anywhere.

        Only for a rule that finds its spans with its pattern alone (a subclass that reads the line its own way
        has no anchor)."""
        return anchor_of(self.pattern) if type(self).spans is Rule.spans else None

    @cached_property
    def digit_first(self) -> re.Pattern[str] | None:
        """The pattern read from its first digit when it starts with one (:func:`~utils.privacy.digit_anchor.digit_first`):
        the same matches, and ``re`` skips to the line's digits by itself."""
        return digit_first(self.pattern) if self.digit_anchor is not None else None

    def spans_digit_first(self, text: str) -> Iterator[Span]:
        """:meth:`spans`, read with :attr:`digit_first` (a rule without one reads as :meth:`spans`)."""
        pattern = self.digit_first
        return self.spans(text) if pattern is None else self._spans_of(pattern.finditer(text))

    def spans_near_digits(self, text: str, digit_runs: list[tuple[int, int]]) -> Iterator[Span]:
        """:meth:`spans`, with the pattern tried only where a match may start (``digit_runs``: the ``\\d+`` runs)."""
        anchor = self.digit_anchor
        if anchor is None:
            return self.spans(text)
        return self._spans_of(matches_near_digits(self.pattern, anchor, text, digit_runs))

    def spans_in_runs(self, text: str, runs: Iterable[tuple[int, int]]) -> Iterator[Span]:
        """:meth:`spans` of an :attr:`in_one_run` rule, read only in ``runs`` (``(start, end)``, ascending: the
        line's runs without whitespace that are long enough for it)."""
        return self._spans_of(match for start, end in runs for match in self.pattern.finditer(text, start, end))

    def spans_in_stretches(self, text: str, stretches: list[tuple[int, int]]) -> Iterator[Span]:
        """:meth:`spans_near_digits` with the stretches worked out once for several rules (a ``lead`` at least this
        rule's: :func:`~utils.privacy.digit_anchor.matches_in_stretches`)."""
        anchor = self.digit_anchor
        if anchor is None:
            return self.spans(text)
        return self._spans_of(matches_in_stretches(self.pattern, anchor, text, stretches))

    def spans_from(self, text: str, starts: Iterable[int]) -> Iterator[Span]:
        """:meth:`spans` when a match can start only at one of ``starts`` (ascending): each is tried on its own."""
        return self._spans_of(_matches_from(self.pattern, text, starts))

    def _spans_of(self, matches: Iterable[re.Match[str]]) -> Iterator[Span]:
        secret = "secret" in self.pattern.groupindex
        judged: dict[str, bool | tuple[int, int]] | None = {} if self.judged_by_its_text else None
        for match in matches:
            if self.accept is None:
                verdict: bool | tuple[int, int] = True
            elif judged is None:
                verdict = self.accept(match)
            else:
                matched = match.group()
                verdict = judged[matched] if matched in judged else judged.setdefault(matched, self.accept(match))
            if not verdict:
                continue
            group = "secret" if secret and match.group("secret") is not None else 0
            start, end = verdict if isinstance(verdict, tuple) else match.span(group)
            if end > start:
                yield start, end, self.kind


def _matches_from(pattern: re.Pattern[str], text: str, starts: Iterable[int]) -> Iterator[re.Match[str]]:
    """What ``pattern.finditer(text)`` finds when no match can start elsewhere than at ``starts``."""
    taken_to = 0
    for start in starts:
        if start < taken_to:
            continue
        match = pattern.match(text, start)
        if match is not None:
            yield match
            taken_to = max(match.end(), start + 1)


def words(*alternatives: str) -> str:
    """A non-capturing alternation of literal words, longest first (so ``passwort`` wins over ``pass``)."""
    return "(?:" + "|".join(sorted(alternatives, key=len, reverse=True)) + ")"


def literal_trie(texts: list[str]) -> str:
    """Literal texts as one regex factored by their common beginnings, for asking *whether* one of them is in a line:
    a position tries the few texts that start with its character, where a flat alternation tries each in turn (which
    one matches first may differ from a flat alternation's; that one does is the same). An empty text matches
    anywhere, as it would in the alternation."""
    root: dict[str, dict] = {}
    for text in texts:
        node = root
        for char in text:
            node = node.setdefault(char, {})
        node[""] = {}

    def walk(node: dict[str, dict]) -> str:
        branches = [re.escape(char) + walk(child) for char, child in node.items() if char]
        if not branches:
            return ""
        body = "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return "(?:" + walk(root) + ")"


def words_pattern(words: list[str]) -> re.Pattern[str]:
    """Words as one case-blind pattern: ASCII ones bounded by no Latin letter ("aba" is no word of "abandon"), the
    others as stems (scripts without spaces, words that take endings)."""
    ascii_ones, others = [w for w in words if w.isascii()], [w for w in words if not w.isascii()]
    tries = [rf"(?<![A-Za-z]){literal_trie(ascii_ones)}(?![A-Za-z])"] if ascii_ones else []
    tries += [literal_trie(others)] if others else []
    return re.compile("|".join(tries), re.IGNORECASE)
