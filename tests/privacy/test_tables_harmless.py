"""Lines that hold no secret and no special fact pass the screen unchanged, as a message and as a memory.

The harmless table names the secret words or looks like a code (versions, hashes, ISBNs, dates, prices,
ports, world seeds); the gaming table says the special-category words in their game senses ("my healer",
"the tank died", "pray for RNG"); bare relationships ("plays duo with Jo") may be kept. A screen that
refused everything would hold every secret, so this is the other half of the measure: at most 2% of
the harmless and gaming lines may be altered, in each part. The ``held`` part is counted only, never printed.
"""

from __future__ import annotations

from typing import Any

import pytest
from privacy_tables import Part, load

from utils.privacy.screen import screen

ALTERED_SHARE_AT_MOST = 0.02
"""The issue's bound on harmless lines altered, per table and part."""
ALTERED_AT_MOST: dict[tuple[str, str], int] = {
    ("harmless", "dev"): 3,
    ("harmless", "held"): 3,
    ("gaming", "dev"): 1,
    ("gaming", "held"): 2,
    ("relationship", "dev"): 1,
    ("relationship", "held"): 1,
}
"""Floors at the figures measured when this test was written (with wave 7 in the tables; before that round of rules:
harmless 2 dev / 4 held, the rest the same), so that a rule that starts damaging ordinary lines fails here before it
shows in the share."""


def _rows(table: str, part: Part) -> list[dict[str, Any]]:
    if table == "relationship":
        return [row for row in load("others", part) if row["kind"] == "relationship"]
    return load(table, part)


def _altered(text: str) -> list[str]:
    """Where the line did not pass: changed as a message (what the extractor and the log see), changed or
    refused as a memory."""
    places = []
    if screen(text, "message").text != text:
        places.append("message")
    kept = screen(text, "memory")
    if kept.refused or kept.text != " ".join(text.split()):
        places.append("memory")
    return places


@pytest.mark.parametrize("part", ["dev", "held"])
@pytest.mark.parametrize("table", ["harmless", "gaming", "relationship"])
def test_ordinary_lines_pass_unchanged(table: str, part: Part) -> None:
    rows = _rows(table, part)
    altered = [(row["id"], where) for row in rows if (where := _altered(row["text"]))]
    count, shown = len(altered), altered if part == "dev" else "(held: counted only)"
    del altered  # an assertion's report must not list held rows
    print(f"\n{table} {part}: {count}/{len(rows)} altered {shown}")
    if table != "relationship":  # a handful of rows: one line is 3%; held to its own floor below
        assert count <= ALTERED_SHARE_AT_MOST * len(rows), f"{count}/{len(rows)} {shown}"
    assert count <= ALTERED_AT_MOST[(table, part)], f"{count}/{len(rows)} {shown}"


def test_the_measure_can_fail() -> None:
    """A line with a password in it is altered both ways; one with a health fact is refused as a memory."""
    assert _altered("my password is Kettle-Harbor-91") == ["message", "memory"]
    assert "memory" in _altered("I have type 1 diabetes")
    assert _altered("gg, the healer carried us") == []
