"""A message that only hands a value over after a short label is not learned from (``InContext.lone_value``), as a
lone value is not: a later message may still show it was a secret ("is that strong enough?", the next part), and by
then the extractor would have read it. A label followed by an ordinary fact about the member is learned from.

The probe table (tests/privacy/layer_tables/handed_over.probe.jsonl) was written after the rule, in 14 languages:
it guards the rule's reach and its restraint, and is no honest held-out figure.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from layer_tables import TABLES

from utils.privacy.conversation import ConversationScreen


def _rows() -> list[dict[str, Any]]:
    with (TABLES / "handed_over.probe.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("row", _rows(), ids=lambda row: row["id"])
def test_a_handed_over_value_is_not_learned_and_a_labelled_fact_is(row: dict[str, Any]) -> None:
    taken = ConversationScreen().take(7, 100, row["text"])
    if row["kind"] == "handed":  # kept from the extractor: held back whole, or its value already taken out
        assert taken.lone_value or "[redacted:" in taken.said.text, row["text"]
    else:
        assert not taken.lone_value and taken.said.text == row["text"], row["text"]


def test_the_probe_table_is_well_formed() -> None:
    rows = _rows()
    assert len({row["id"] for row in rows}) == len(rows)
    assert {row["kind"] for row in rows} == {"handed", "learned"}
    assert len({row["lang"] for row in rows}) >= 10
