"""Counts in what people read agree with their noun ("1 memory"), and `bench --tiny` claims no target."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.results import BenchResult, Row
from bench.table import render_text, summary_line
from utils.members.view import status_line
from utils.wording import plural

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = [ROOT / "bot.py", *(path for folder in ("utils", "cogs", "scripts") for path in (ROOT / folder).rglob("*.py"))]
NOUNS = "memories|members|messages|commands|minutes|hours|days|batches|warnings|timeouts|redirects|notes|calls|rows"
FIXED_PLURAL = re.compile(rf"\{{[^{{}}]+\}} ({NOUNS})\b")
"""`{count} memories` inside an f-string: "1 memories" whenever the count is 1."""


@pytest.mark.parametrize(
    ("count", "singular", "plural_form", "expected"),
    [
        (0, "memory", "memories", "0 memories"),
        (1, "memory", "memories", "1 memory"),
        (2, "memory", "memories", "2 memories"),
        (1, "member", None, "1 member"),
        (11, "member", None, "11 members"),
        (21, "minute", None, "21 minutes"),
        (1, "batch", "batches", "1 batch"),
        (3, "batch", "batches", "3 batches"),
        (-1, "day", None, "-1 days"),
        (1000000, "row", None, "1000000 rows"),
        (60.0, "minute", None, "60 minutes"),
        (1.0, "minute", None, "1 minute"),
        (0.5, "minute", None, "0.5 minutes"),
        (1.5, "hour", None, "1.5 hours"),
    ],
)
def test_plural(count: float, singular: str, plural_form: str | None, expected: str) -> None:
    assert plural(count, singular, plural_form) == expected


def test_no_user_facing_f_string_puts_a_count_before_a_fixed_plural() -> None:
    offenders = []
    for path in PRODUCT:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"\bf[\"']", line) and FIXED_PLURAL.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []
    assert FIXED_PLURAL.search('f"Forgot {removed} memories."'), "the scan finds the old form"


def test_the_member_sees_1_memory_kept() -> None:
    class Overview:
        opted_out = False
        paused_until = None
        memories = ("one",)

    assert status_line(Overview()) == "1 memory kept."  # type: ignore[arg-type]


def results() -> list[BenchResult]:
    rows = [Row("1 memory block", "warm p99", "0.1 ms", "", "< 1 ms", True), Row("2 pipeline", "errors", "0", "", "0", False)]
    return [BenchResult("x", rows)]


def test_a_tiny_bench_run_judges_no_target() -> None:
    assert summary_line(results(), tiny=False) == "Targets met: 1 of 2."
    tiny = summary_line(results(), tiny=True)
    assert "Targets met" not in tiny and "measured nothing" in tiny
    table = render_text(results(), judged=False)
    assert " yes" not in table and " NO" not in table
    assert " yes" in render_text(results()) and " NO" in render_text(results())
