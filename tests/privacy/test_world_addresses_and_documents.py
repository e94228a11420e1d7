"""Postal addresses in many scripts, country-prefixed tax numbers, document numbers after a document word, and
values in config lines, measured on the tables written before their rules: ``world_addresses`` and
``document_values`` in tests/privacy/layer_tables (a third of each family aside, never tuned on).

A value is gone when no part of it that holds a digit stays in the screened line: a house number, a postcode, a
flat or a group of a tax number left behind is a trace. A look-alike (a game's room or lobby, a route, a score,
a version, a Discord tag) must pass unchanged.

Figures (message field): before the rules, addresses 5/32 tune and 2/16 aside gone, documents and config values
17/20 and 5/8; after, 29/32 and 13/16, 19/20 and 6/8; no look-alike altered before or after (0/15, 0/7, 0/6, 0/2).
With the acronym probes (``-b2-``, ``-b3-``), written before the acronym rule: documents 35/36 tune and 11/16 aside
before it, 35/36 and 13/16 after; look-alikes 0/12 and 0/5 altered.
Kept on purpose: a Sinhala address with one street word and no postcode, a Mongolian khoroo whose number and word
the normaliser reads as Latin ("1-p xopoo"), an English flat before its street ("flat 4b, 27 Marlowe Road": the
street is gone, "4b" stays), and ``mysql -p'…'`` (a line with neither "=" nor ":" is not read for config values).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from layer_tables import load

from utils.privacy.screen import screen

GONE_AT_LEAST = {
    ("world_addresses", "tune"): 29,
    ("world_addresses", "aside"): 13,
    ("document_values", "tune"): 35,
    ("document_values", "aside"): 13,
}
ALTERED_AT_MOST = {
    ("world_addresses", "tune"): 0,
    ("world_addresses", "aside"): 0,
    ("document_values", "tune"): 0,
    ("document_values", "aside"): 0,
}
_PART = re.compile(r"[^\s,،、،፣၊]+")


def _gone(row: dict[str, Any]) -> bool:
    kept = screen(row["text"], "message").text
    if row["value"] in kept:
        return False
    words = set(_PART.findall(kept))
    return not any(any(c.isdigit() for c in part) and part.strip(".") in words for part in _PART.findall(row["value"]))


@pytest.mark.parametrize("part", ["tune", "aside"])
@pytest.mark.parametrize("name", ["world_addresses", "document_values"])
def test_a_value_leaves_the_line(name: str, part: str) -> None:
    rows = [row for row in load(name, part) if row["kind"] != "lookalike"]
    missed = [row["id"] for row in rows if not _gone(row)]
    gone = len(rows) - len(missed)
    print(f"\n{name} {part}: {gone}/{len(rows)} gone" + (f"; missed {missed}" if part == "tune" else ""))
    assert gone >= GONE_AT_LEAST[(name, part)], f"{gone}/{len(rows)}"


@pytest.mark.parametrize("part", ["tune", "aside"])
@pytest.mark.parametrize("name", ["world_addresses", "document_values"])
def test_a_look_alike_passes_unchanged(name: str, part: str) -> None:
    rows = [row for row in load(name, part) if row["kind"] == "lookalike"]
    altered = [row["id"] for row in rows if screen(row["text"], "message").text != row["text"]]
    print(f"\n{name} {part} look-alikes: {len(altered)}/{len(rows)} altered" + (f"; {altered}" if part == "tune" else ""))
    assert len(altered) <= ALTERED_AT_MOST[(name, part)], f"{len(altered)}/{len(rows)}"


COUNTED_AFTER_A_COMMA = [  # probes written after the rules, from the misses of a first draft: kept unchanged
    "Level 50, 1000 Gold and a sword",
    "Wave 20, 500 Zombies left",
    "Chapter 12, 300 Pages in",
    "Team Liquid 2, 100 Thieves 1",
    "at Level 7, 120 Kills so far",
    "got my passport back, flight BA2490 tomorrow",
    "my licence expires 2027, renewing it",
]


@pytest.mark.parametrize("text", COUNTED_AFTER_A_COMMA)
def test_a_count_or_another_clause_passes(text: str) -> None:
    assert screen(text, "message").text == text


def test_the_tables_hold_a_third_aside() -> None:
    for name in ("world_addresses", "document_values"):
        tune, aside = load(name, "tune"), load(name, "aside")
        assert 0.25 <= len(aside) / (len(tune) + len(aside)) <= 0.36, name
