"""Seed phrases between repeated labels ("Word #1:", "mot n°1", ``word: "…"``, a JSON object per word) or typed as a
sentence with "and" before the last word leave no three words in a row; look-alikes of the same shapes pass.

The rows in ``seed_tables/seed_labelled.*.jsonl`` were written by ``generate_seed_labelled.py`` before the rule that
reads them; ``aside`` is a third chosen by hash that the rule was not tuned on, its figures printed and held to a floor.
"""

from __future__ import annotations

import json

import pytest
from privacy_tables import load
from test_seed_forms import TABLES, caught, passes

from utils.privacy import seed_labelled
from utils.privacy.normalise import normalise

FLOORS = {"tune": 1.0, "aside": 1.0}
"""Phrases that left no trace, by part: on arrival (before the rule) tune 23/63, aside 10/33; after, every one."""
PROSE_FLOORS = {"tune": 1.0, "aside": 1.0}
"""Look-alikes let through, by part (16/16 and 8/8 before and after)."""


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


def _every_line() -> list[str]:
    lines = [str(row["text"]) for part in ("tune", "aside") for row in _rows(part)]
    for name in ("seed_forms.tune", "seed_forms.aside", "seed_separators.tune", "seed_separators.aside"):
        with (TABLES / f"{name}.jsonl").open(encoding="utf-8") as handle:
            lines += [str(json.loads(line)["text"]) for line in handle]
    lines += [message for row in load("secrets", "dev") for message in row["messages"]]
    lines += [str(row["text"]) for table in ("harmless", "gaming") for row in load(table, "dev")]
    return lines


def test_the_gate_lets_through_every_line_the_reading_finds_a_phrase_in() -> None:
    """The gate reads one byte per token; a line it turns away would be one whose phrase the reading finds."""
    found = 0
    for text in _every_line():
        matching = normalise(text).text
        read = list(seed_labelled.labelled_spans(matching))
        found += bool(read)
        assert list(seed_labelled.spans(matching, matching.casefold())) == read, text[:80]
    assert found >= 96  # every phrase of the labelled table, and more


@pytest.mark.parametrize(
    "text",
    [
        "Word #1: abandon\nWord #2: ability\nWord #3: able\nWord #4: about",
        "I bought apples, bananas, cherries, dates, eggs, figs and grapes today",
        "Step 1: open\nStep 2: close\nStep 3: save\nStep 4: quit\nStep 5: eat\nStep 6: sleep\nStep 7: wake",
    ],
)
def test_fewer_than_twelve_words_between_labels_are_no_phrase(text: str) -> None:
    matching = normalise(text).text
    assert not list(seed_labelled.spans(matching, matching.casefold()))
