"""The privacy tables keep their shape: every row has its fields, every secret is really in its messages.

A row whose secret is not in the member's messages would pass any screen, so it could never fail;
a held part far from a third would mean the split drifted. Only the shape is read here, never
judged against the screen, so looking at the held rows' fields does not tune anything on them.
"""

from __future__ import annotations

from typing import Any

import pytest
from privacy_tables import TABLE_NAMES, load

_FIELDS: dict[str, dict[str, type]] = {
    "secrets": {"id": str, "family": str, "messages": list, "secrets": list, "lang": str, "source": str},
    "special": {"id": str, "text": str, "category": str, "lang": str, "source": str},
    "gaming": {"id": str, "text": str, "lang": str, "source": str},
    "others": {"id": str, "text": str, "kind": str, "lang": str, "source": str},
    "harmless": {"id": str, "text": str, "lang": str, "source": str},
}
_LABELS = {
    "secrets": ("family", {"split", "disguised", "config", "identity", "seed"}),
    "special": (
        "category",
        {"health", "religion", "sexuality", "ethnicity", "politics", "union", "biometrics"},
    ),
    "others": ("kind", {"claim", "relationship", "role"}),
}
_MINIMUM_ROWS = {"secrets": 350, "special": 150, "gaming": 120, "others": 150, "harmless": 300}


def _rows(name: str) -> list[dict[str, Any]]:
    return load(name, "all")


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_every_row_has_its_fields_and_nothing_else(name: str) -> None:
    expected = _FIELDS[name]
    for row in _rows(name):
        assert set(row) == set(expected), row.get("id")
        for field, kind in expected.items():
            assert isinstance(row[field], kind), (row["id"], field)
            assert row[field], (row["id"], field)


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_ids_are_unique_across_parts(name: str) -> None:
    ids = [row["id"] for row in _rows(name)]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("name", sorted(_LABELS))
def test_labels_come_from_the_known_set(name: str) -> None:
    field, allowed = _LABELS[name]
    assert {row[field] for row in _rows(name)} <= allowed


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_a_table_holds_enough_rows(name: str) -> None:
    assert len(_rows(name)) >= _MINIMUM_ROWS[name]


def test_every_secret_occurs_in_its_messages() -> None:
    for row in _rows("secrets"):
        assert all(isinstance(message, str) and message for message in row["messages"]), row["id"]
        assert all(isinstance(secret, str) and secret for secret in row["secrets"]), row["id"]
        for secret in row["secrets"]:
            assert any(secret in message for message in row["messages"]), (row["id"], secret)


def test_a_split_row_spreads_over_several_messages() -> None:
    for row in _rows("secrets"):
        if row["family"] == "split":
            assert 2 <= len(row["messages"]) <= 3, row["id"]


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_about_a_third_is_held_aside(name: str) -> None:
    """Wave 4 rows (ids `-w4-`) are dev only: they were written to tune on, after the split was fixed."""
    held = len(load(name, "held"))
    everything = len([row for row in _rows(name) if "-w4-" not in row["id"]])
    assert abs(held / everything - 1 / 3) < 0.05, (held, everything)


@pytest.mark.parametrize("wave", ["-w7-", "-w8-", "-w9-", "-w10-", "-w11-", "-w12-", "-w13-"])
@pytest.mark.parametrize("name", TABLE_NAMES)
def test_the_newest_waves_hold_a_third_of_every_label(name: str, wave: str) -> None:
    """Waves 7 to 13 (ids `-w7-` … `-w13-`) were each split per family, category and kind, so none is measured
    on a handful of held rows while its dev rows pile up; a whole-table third could hide that."""
    field = _LABELS[name][0] if name in _LABELS else None
    counts: dict[str, list[int]] = {}
    for part, index in (("dev", 0), ("held", 1)):
        for row in load(name, part):
            if wave in row["id"]:
                counts.setdefault(row[field] if field else "", [0, 0])[index] += 1
    assert counts, name
    for label, (dev, held) in counts.items():
        assert abs(held / (dev + held) - 1 / 3) < 0.05, (label, dev, held)


def _what_a_row_gives_away(name: str, row: dict[str, Any]) -> list[str]:
    return list(row["secrets"]) if name == "secrets" else [row["text"]]


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_no_text_or_secret_is_in_both_parts(name: str) -> None:
    """A value seen in dev would make its held twin a case the rules were tuned on. The failure names only the
    dev rows (a set comparison's message would print held text)."""
    held = {each for row in load(name, "held") for each in _what_a_row_gives_away(name, row)}
    shared = [row["id"] for row in load(name, "dev") if held.intersection(_what_a_row_gives_away(name, row))]
    assert shared == [], f"dev rows whose text or secret is also in held: {shared}"


def test_an_unknown_table_is_refused() -> None:
    with pytest.raises(ValueError, match="no privacy table"):
        load("passwords", "dev")
