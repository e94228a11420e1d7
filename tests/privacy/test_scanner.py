"""The scanner finds what running every rule on the whole line finds, only cheaper.

Its gates are precomputed and its number rules are tried only near a line's digits
(utils/privacy/digit_anchor.py): both must leave every span as it was. The comparison runs on
the dev tables' messages, the redaction bench's lines, and long posts built from them (the
stretches between digits only matter in a long line), against the plain reading: each rule
whose gates let it through, run with ``finditer`` over the whole text.
"""

from __future__ import annotations

import random
import re

import pytest
from privacy_tables import load

from bench.redaction import ORDINARY, PARAGRAPH, SECRETS
from utils.privacy import screen as screen_module
from utils.privacy.digit_anchor import anchor_of, digit_first, matches_near_digits
from utils.privacy.normalise import normalise
from utils.privacy.rule import Span

_DIGIT_RUN = re.compile(r"\d(?:[\s.()/+-]{0,3}\d)*")
_DIGITS = re.compile(r"\d+")


def _every_rule_on_the_whole_line(text: str) -> list[Span]:
    lowered = text.casefold()
    digit_run = max(map(len, _DIGIT_RUN.findall(text)), default=0)
    longest_token = max(map(len, text.split()), default=0)
    possible = [r for r in screen_module.RULES if r.digits <= digit_run and r.min_token <= longest_token]
    present = frozenset(n for rule in possible for n in rule.needles if n in lowered)
    return [span for rule in possible if rule.may_match(present, digit_run, longest_token) for span in rule.spans(text)]


def _scanned(text: str) -> list[Span]:
    digit_run = max(map(len, _DIGIT_RUN.findall(text)), default=0)
    longest_token = max(map(len, text.split()), default=0)
    return screen_module._SCANNER.spans(text, text.casefold(), digit_run, longest_token)


def _table_lines() -> list[str]:
    lines: list[str] = []
    for name in ("secrets", "harmless", "gaming", "others", "special"):
        for row in load(name, "dev"):
            lines += [m for m in row.get("messages", ()) if isinstance(m, str)]
            lines += [row[k] for k in ("text", "line", "memory") if isinstance(row.get(k), str)]
    return lines


def _long_posts(lines: list[str], count: int) -> list[str]:
    """Posts of 200-4,000 characters: lines with a secret, a number or neither, joined as members paste them."""
    rng = random.Random(28)
    posts = []
    for _ in range(count):
        parts = [rng.choice(lines) for _ in range(rng.randint(3, 30))]
        posts.append(rng.choice([" ", "\n", " — "]).join(parts)[:4000])
    return posts


_LINES = _table_lines() + ORDINARY + SECRETS + [PARAGRAPH]


def test_the_tables_are_there_to_compare_on() -> None:
    assert len(_LINES) > 500


@pytest.mark.parametrize("chunk", range(8))
def test_the_scanner_finds_what_every_rule_finds(chunk: int) -> None:
    texts = _LINES[chunk::8] + _long_posts(_LINES, 600)[chunk::8]
    differing = []
    for text in texts:
        matching = normalise(text).text
        if _scanned(matching) != _every_rule_on_the_whole_line(matching):
            differing.append(text[:120])
    assert differing == []


@pytest.mark.parametrize(
    ("pattern", "lead", "reach"),
    [
        (r"\d{3}-\d{4}", 0, 8 + 1),  # widest match 8, a \b or $ after it: one more
        (r"(?<![\w-])\d{17}[\dXx](?![\w-])", 0, 18 + 1 + 1),
        (r"(?i)\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}", 2, 64 + 1),
        (r"(?:card|pin)\s?:?\s?\d{4}", 7, 11 + 1),
        (r"(?:\+\d{1,3}|0)\d{9}", 1, 13 + 1),
        (r"(?:card|pin)\s*\d{4}", None, None),  # any number of spaces before the digit: no lead
        (r"\d{1,5}\s+\w+\s+street", 0, None),  # unbounded: no reach, tried from each stretch
    ],
)
def test_an_anchor_is_read_off_the_regex(pattern: str, lead: int | None, reach: int | None) -> None:
    anchor = anchor_of(re.compile(pattern))
    assert (anchor.lead, anchor.reach) == (lead, reach) if anchor else lead is None


@pytest.mark.parametrize(
    "pattern",
    [
        r"[a-z]+@[a-z]+\.com",  # no digit at all
        r"(?:\d{4}|code)-\w+",  # one branch holds none
        r"\d*[a-z]{5}",  # zero digits allowed
        r"(?=\d)\w+",  # a lookahead is no certain digit
        r"(a)\1\d",  # a back-reference before the digit: its width is not read
    ],
)
def test_a_rule_that_may_match_without_a_digit_has_no_anchor(pattern: str) -> None:
    assert anchor_of(re.compile(pattern)) is None


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        (r"(?<![\w-])\d{3}-\d{4}(?![\w-])", "call 555-1234 or x555-1234 or 555-12345, 555-9876"),
        (r"\b\d{4}\b", "a" * 300 + " 2024 " + "b" * 300 + "2025 5"),
        (r"(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-])", "cpf 111.222.333-44x and 111.222.333-44"),
        (r"(?i)\bpin\s?:?\s?\d{4}(?!\d)", "PIN: 1234, pin 99999, " + "x " * 200 + "pin:4321"),
        (r"\d{1,5}\s+\w+\s+street", "lives at 42 baker street and " + "z" * 400 + " 7 elm street"),
        (r"\d+(?=\s*(?:€|eur))", "costs 12 € then " + "word " * 100 + "40eur and 7 usd"),
        (r"\d\d", "1 2 3 45 6789 0"),
    ],
)
def test_matches_near_digits_are_those_of_the_whole_text(pattern: str, text: str) -> None:
    compiled = re.compile(pattern)
    anchor = anchor_of(compiled)
    assert anchor is not None
    runs = [m.span() for m in _DIGITS.finditer(text)]
    near = [m.span() for m in matches_near_digits(compiled, anchor, text, runs)]
    assert near == [m.span() for m in compiled.finditer(text)]
    assert near  # each case has matches to compare


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        (r"(?<![\w-])\d{3}-\d{4}(?![\w-])", "555-1234 x555-1234 -555-1234 555-12345 (555-9876)"),
        (r"(?<![\w.-])(?P<secret>\d{3}([ .-])\d{2}\2\d{4})", "ssn 123-45-6789, 123 45 6789, a123-45-6789, 123-45 6789"),
        (r"(?i)(?<![\w.,:-])\d{1,5}[a-z]?\s+\w+", "12b Baker, x12 no, 3 ways, 123456 long, ,7 after"),
        (r"(?<![\d/])(?<!x)9\d{2}", "900 x900 1900 /900 9000"),
        (r"\d{2,}?x", "1x 12x 123x"),
    ],
)
def test_a_regex_read_from_its_first_digit_finds_the_same(pattern: str, text: str) -> None:
    compiled = re.compile(pattern)
    rewritten = digit_first(compiled)
    assert rewritten is not None
    assert [(m.span(), m.groups()) for m in rewritten.finditer(text)] == [(m.span(), m.groups()) for m in compiled.finditer(text)]
    assert rewritten.groupindex == compiled.groupindex


@pytest.mark.parametrize("pattern", [r"[A-Z]{2}\d{2}", r"\b\d{4}", r"(?=\d)\d+", r"(a)(?<!\1)\d", r"\s*\d"])
def test_a_regex_not_led_by_a_digit_is_left_as_it_is(pattern: str) -> None:
    assert digit_first(re.compile(pattern)) is None
