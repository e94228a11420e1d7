"""The shape of the credential-token table (tests/privacy/layer_tables/credential_tokens.*.jsonl): passwords and
keys said in chat with no keyword or a disguised one, and the look-alikes members type that must pass.

Only the table is checked here, never a rule: the table was written before the rule and a third of it stays
aside, so what a rule makes of it is measured elsewhere. A row whose value is not in its line, or an id written
twice, would make any figure measured on the table wrong without anyone seeing it.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

TABLES = Path(__file__).resolve().parent / "layer_tables"
REMOVED_KINDS = frozenset({"generated", "token", "encoded", "short"})
"""Kinds whose value must be taken out of the line; ``lookalike`` lines must pass unchanged."""
KINDS = REMOVED_KINDS | {"lookalike"}
FIELDS = {"id", "text", "kind", "value", "lang", "source"}


def _load(part: str) -> list[dict[str, Any]]:
    with (TABLES / f"credential_tokens.{part}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


TUNE = _load("tune")
ASIDE = _load("aside")


@pytest.mark.parametrize("row", TUNE, ids=[row["id"] for row in TUNE])
def test_a_tuned_row_has_its_fields_and_its_value_in_its_line(row: dict[str, Any]) -> None:
    _check_row(row)


def test_every_aside_row_has_its_fields_and_its_value_in_its_line() -> None:
    for row in ASIDE:
        _check_row(row)


def _check_row(row: dict[str, Any]) -> None:
    assert set(row) == FIELDS, row.get("id")
    assert all(isinstance(row[field], str) for field in FIELDS), row["id"]
    assert row["id"].startswith("cred-"), row["id"]
    assert row["kind"] in KINDS, row["id"]
    assert row["text"].strip() and row["lang"] and row["source"], row["id"]
    if row["kind"] in REMOVED_KINDS:
        assert len(row["value"]) >= 6, row["id"]
        assert row["value"] in row["text"], row["id"]
    else:
        assert row["value"] == "", row["id"]


def test_ids_and_lines_are_unique_across_both_parts() -> None:
    rows = [*TUNE, *ASIDE]
    assert len({row["id"] for row in rows}) == len(rows)
    assert len({row["text"] for row in rows}) == len(rows)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_about_a_third_of_each_kind_is_aside(kind: str) -> None:
    tune = Counter(row["kind"] for row in TUNE)[kind]
    aside = Counter(row["kind"] for row in ASIDE)[kind]
    print(f"\n{kind}: {tune} tune, {aside} aside")
    assert tune + aside >= 30, kind
    assert 0.28 <= aside / (tune + aside) <= 0.38, kind


def test_the_table_spans_many_languages() -> None:
    rows = [*TUNE, *ASIDE]
    removed = {row["lang"].split("-")[0] for row in rows if row["kind"] in REMOVED_KINDS}
    kept = {row["lang"].split("-")[0] for row in rows if row["kind"] == "lookalike"}
    assert len(removed) >= 25, sorted(removed)
    assert len(kept) >= 20, sorted(kept)
