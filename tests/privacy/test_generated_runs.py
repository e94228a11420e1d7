"""Machine-generated runs said with no format a rule knows (tests/privacy/layer_tables/generated_runs.*.jsonl):
passwords, backup and recovery codes, app passwords, invite tokens and short keys as their generators write them,
in chat of many languages, code and config; beside the runs members type that mix letters and digits and must pass
(gamertags, identifiers, model numbers, file names, commits, formulas, postcodes, flights, plates, versions, Pinyin).

The table was written before the rule that reads how generated a run is (``utils/privacy/generated_runs.py``); a
third of each kind is aside and only counted here, never printed row by row.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, figures, load, value_gone_or_line_unchanged

FIELDS = {"id", "text", "kind", "value", "lang", "source"}
TUNE = load("generated_runs", "tune")
ASIDE = load("generated_runs", "aside")

RIGHT_AT_LEAST = {
    ("tune", "generated"): 42,
    ("aside", "generated"): 19,
    ("tune", "lookalike"): 116,
    ("aside", "lookalike"): 58,
}
"""Floors at the figures measured when the rule was done; before it: generated 20/48 tune, 8/24 aside, look-alikes
116/121 and 58/61 (the same look-alikes were wrong before and after: other rules' doing). The rules for runs without
a digit, lowercase groups and recovery codes (``utils/privacy/unread_runs.py``) brought generated to 42 and 19."""


def test_every_row_has_its_fields_and_its_value_in_its_line() -> None:
    rows = [*TUNE, *ASIDE]
    for row in rows:
        assert set(row) == FIELDS, row.get("id")
        assert row["kind"] in {"generated", "lookalike"}, row["id"]
        assert (row["value"] in row["text"] and len(row["value"]) >= 8) if row["kind"] == "generated" else not row["value"]
    assert len({row["id"] for row in rows}) == len(rows)
    assert len({row["text"] for row in rows}) == len(rows)
    for kind in ("generated", "lookalike"):
        aside = sum(row["kind"] == kind for row in ASIDE)
        assert 0.30 <= aside / (aside + sum(row["kind"] == kind for row in TUNE)) <= 0.36, kind
    assert len({row["lang"] for row in rows if row["kind"] == "generated"}) >= 12


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("kind", ["generated", "lookalike"])
def test_generated_runs_are_gone_and_look_alikes_pass(part: str, kind: str) -> None:
    rows = [row for row in (TUNE if part == "tune" else ASIDE) if row["kind"] == kind]
    got = figures(rows, part, value_gone_or_line_unchanged, label="source").right.total()
    assert got >= RIGHT_AT_LEAST[part, kind], f"{part} {kind} {got}/{len(rows)}"
