"""Generated values the run model did not read (tests/privacy/layer_tables/generated_more.*.jsonl): runs with no
digit, lowercase groups (app passwords, authenticator setup keys, hex recovery codes), Apple's pronounceable strong
passwords, Latin passwords typed on a Cyrillic, Hebrew or Greek keyboard layout, and runs in styled Unicode letters;
beside what members type that must pass: shouting, acronyms and brands, Scottish and Irish names, identifiers,
lowercase words of many languages, words of other scripts with numbers, keyboard mash, public ids, stretched words.

The table was written before the rules for these families; a third of each family is aside and only counted here,
never printed row by row.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from layer_tables import PARTS, figures, load, value_gone_or_line_unchanged

FIELDS = {"id", "text", "kind", "value", "lang", "source"}
TUNE = load("generated_more", "tune")
ASIDE = load("generated_more", "aside")

RIGHT_AT_LEAST = {
    ("tune", "generated"): 83,
    ("aside", "generated"): 42,
    ("tune", "lookalike"): 143,
    ("aside", "lookalike"): 64,
}
"""Floors at the figures measured when the rules were done; before them: generated 46/86 tune, 21/44 aside, look-alikes
127/130 and 64/65 (the same look-alikes were wrong before and after: other rules' doing). Tune counts 21 probes written
after the first round (ids with ``-b2-``): 3 generated (pasted query results), all gone; 18 look-alikes, 16 pass (a hex
dump's offset and a MySQL table's rule lines after "pass" are redacted by other rules, before and after)."""


def family(row: dict[str, Any]) -> str:
    return str(row["id"]).split("-")[1]


def test_every_row_has_its_fields_and_its_value_in_its_line() -> None:
    rows = [*TUNE, *ASIDE]
    for row in rows:
        assert set(row) == FIELDS, row.get("id")
        assert row["kind"] in {"generated", "lookalike"}, row["id"]
        assert (row["value"] in row["text"] and len(row["value"]) >= 7) if row["kind"] == "generated" else not row["value"]
    assert len({row["id"] for row in rows}) == len(rows)
    assert len({row["text"] for row in rows}) == len(rows)
    first = [row for row in TUNE if "-b2-" not in row["id"]]  # probes written after the rules stand outside the third
    for name in {family(row) for row in rows}:
        aside = sum(family(row) == name for row in ASIDE)
        assert 0.25 <= aside / (aside + sum(family(row) == name for row in first)) <= 0.4, name
    assert len({row["lang"] for row in rows if row["kind"] == "generated"}) >= 12
    assert len({row["lang"] for row in rows if row["kind"] == "lookalike"}) >= 12


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("kind", ["generated", "lookalike"])
def test_generated_values_are_gone_and_look_alikes_pass(part: str, kind: str) -> None:
    rows = [row for row in (TUNE if part == "tune" else ASIDE) if row["kind"] == kind]
    got = figures(rows, part, value_gone_or_line_unchanged, label="source").right.total()
    wrong = Counter(family(row) for row in rows if not value_gone_or_line_unchanged(row))
    print(f"{part} {kind} wrong by family: {dict(wrong)} of {dict(Counter(map(family, rows)))}")
    assert got >= RIGHT_AT_LEAST[part, kind], f"{part} {kind} {got}/{len(rows)}"
