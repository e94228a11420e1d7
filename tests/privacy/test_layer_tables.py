"""The tuned part of the layer tables (tests/privacy/layer_tables): each special-category line, claim about
someone else and role asserted in chat is refused; each bare relationship, gaming line and harmless line is kept.

The tables were written from outside sources before the rules were changed for them; a third of each family
is aside in ``*.aside.jsonl`` and measured only as shares (``test_layer_tables_aside.py``).
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import load, must_refuse, refused, third_aside


def _cases(part: str) -> list[Any]:
    rows = [*load("special", part), *load("others", part), *load("lookalikes", part)]
    return [pytest.param(row["text"], must_refuse(row), id=row["id"]) for row in rows]


PROBE_BATCH = "-b2-"
"""Rows written after the first round of rules to probe its reach (tuned on, outside the split)."""


@pytest.mark.parametrize(("text", "is_refused"), _cases("tune"))
def test_a_tuned_row_is_refused_or_kept_as_its_family_says(text: str, is_refused: bool) -> None:
    assert refused(text) is is_refused, text


def test_the_tables_hold_a_third_aside() -> None:
    for name in ("special", "others", "lookalikes"):
        third_aside(name, probes=PROBE_BATCH)
