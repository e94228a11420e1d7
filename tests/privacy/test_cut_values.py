"""A value a later message revealed was a secret, scrubbed out of a copy an earlier screen had already cut part of,
measured on a layer table written before the rule (tests/privacy/layer_tables: ``cut_values``).

The log's screen, the message's screen, a memory's screen each replace what they find by their shape (a phone, a card,
an e-mail, a long number) and leave the rest: "new one is Tulip-0176-445588-Rose" is logged "new one is
Tulip-[redacted:phone]-Rose". When the member's next message says that was their password, every copy is scrubbed
with the value — and the copy no longer holds it whole. A ``cut`` row is right when, scrubbed with the value (`Seen`),
none of its ``pieces`` is left (in the row as written, and in each string of a JSON excerpt), the line's own ``kept``
words stay and the value's placeholder is there; a ``lookalike`` row when it is scrubbed unchanged. A third of each
kind is in the ``.aside.jsonl`` file, never tuned on: its figure is printed, its rows never.

On arrival (before the rule): tune cut 0/76, lookalike 33/33; aside cut 0/38, lookalike 16/16. After it (`Seen` reads a
value through the placeholders, :func:`utils.privacy.placeholders.cut_value_spans`): tune cut 76/76, lookalike 33/33;
aside cut 38/38, lookalike 16/16.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from layer_tables import PARTS, a_third_of_each, at_floors, third_aside

from utils.privacy.screen import Screened, Seen

NAME = "cut_values"
SHAPES = {"start", "middle", "end", "two", "glued", "spaced", "script", "repeated", "case", "json", "limit"}

RIGHT_AT_LEAST = {
    "tune": {"cut": 76, "lookalike": 33},
    "aside": {"cut": 38, "lookalike": 16},
}
"""Rows right per kind and part: the figures measured when the rule was done."""


def _seen(row: dict[str, Any]) -> Seen:
    value = (row["value"], row["value_kind"])
    return Seen([Screened("", False, (row["value_kind"],), (value,))])


def _strings(text: str) -> list[str]:
    """The row as written and, for a JSON excerpt, each of its strings decoded (a piece may hide behind an escape)."""
    try:
        decoded = json.loads(text) if text[:1] in "[{" else None
    except ValueError:
        decoded = None
    strings = [text]
    stack = [decoded]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings.append(item)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return strings


def right(row: dict[str, Any]) -> bool:
    text = row["text"]
    scrubbed = _seen(row).scrub(text)
    if row["kind"] == "lookalike":
        return scrubbed == text
    readings = [reading.casefold() for reading in _strings(scrubbed)]
    gone = not any(piece.casefold() in reading for piece in row["pieces"] for reading in readings)
    kept = all(word in scrubbed for word in row["kept"])
    return gone and kept and f"[redacted:{row['value_kind']}]" in scrubbed


@pytest.mark.parametrize("part", PARTS)
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right, RIGHT_AT_LEAST[part], label="kind", shown=lambda row: (row["id"], row["text"]))


def test_a_third_is_aside_and_every_row_can_fail() -> None:
    split = third_aside(NAME)
    every = split.tune + split.aside
    a_third_of_each(split)
    assert {row["kind"] for row in every} == {"cut", "lookalike"}
    assert {row["shape"] for row in every if row["kind"] == "cut"} == SHAPES
    assert len({row["id"] for row in every}) == len(every) >= 150
    assert len({row["lang"] for row in every}) >= 20
    assert sum(row["kind"] == "lookalike" for row in every) >= 0.25 * len(every)
    for row in every:
        text = row["text"]
        assert row["value"] not in text and row["source"], row["id"]  # a screen already cut it
        assert bool(row["pieces"]) is (row["kind"] == "cut"), row["id"]
        assert all(any(piece in s for s in _strings(text)) for piece in row["pieces"]), row["id"]  # a remainder to go
        assert all(word in text for word in row["kept"]), row["id"]
        if row["shape"] not in ("limit", "first-word"):  # a row cut at its length, and its look-alike, hold none
            assert "[redacted:" in text, row["id"]
