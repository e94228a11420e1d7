"""How the layer tables' tests count a part against its floors and check its third aside (tests/support/
layer_tables.py), on rows made up here: a floor below which a part falls fails, a floor of a label no row has fails
(it could never fail otherwise), a wrong tune row is printed and a wrong aside row never is."""

from __future__ import annotations

from typing import Any

import layer_tables
import pytest
from layer_tables import EVERY, a_third_of_each, at_floors, figures, third_aside


def _rows(*kinds_and_texts: tuple[str, str]) -> list[dict[str, Any]]:
    return [{"id": f"t-{n}", "kind": kind, "text": text} for n, (kind, text) in enumerate(kinds_and_texts)]


ROWS = _rows(("a", "right one"), ("a", "wrong one"), ("b", "right two"), ("b", "right three"))


def _right(row: dict[str, Any]) -> bool:
    return str(row["text"]).startswith("right")


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layer_tables, "load", lambda name, part: list(ROWS))


def test_a_part_is_counted_per_label_and_in_all() -> None:
    got = figures(ROWS, "tune", _right, label="kind")
    assert (got.right, got.rows) == ({"a": 1, "b": 2}, {"a": 2, "b": 2})
    assert got.short({"a": 1, "b": 2}) == [] and got.short(3) == []
    assert got.short({"a": 2, "b": 2}) == ["a 1/2"]
    assert got.short({EVERY: 4}) == got.short(4) == ["all 3/4"]


@pytest.mark.usefixtures("table")
def test_a_part_below_a_floor_fails() -> None:
    at_floors("made_up", "tune", _right, {"a": 1, "b": 2}, label="kind")
    with pytest.raises(AssertionError, match="a 1/2"):
        at_floors("made_up", "tune", _right, {"a": 2, "b": 2}, label="kind")
    with pytest.raises(AssertionError, match="all 3/4"):
        at_floors("made_up", "aside", _right, 4, label="kind")


@pytest.mark.usefixtures("table")
def test_a_floor_of_a_label_no_row_has_fails() -> None:
    with pytest.raises(AssertionError, match="'c'"):
        at_floors("made_up", "tune", _right, {"a": 1, "c": 0}, label="kind")


def test_a_wrong_tune_row_is_printed_and_a_wrong_aside_row_never(capsys: pytest.CaptureFixture[str]) -> None:
    figures(ROWS, "tune", _right, label="kind")
    assert "wrong (a): wrong one" in capsys.readouterr().out
    figures(ROWS, "aside", _right, label="kind")
    printed = capsys.readouterr().out
    assert "aside a: 1/2 right" in printed and "aside all: 3/4" in printed
    assert "wrong one" not in printed


def test_a_third_aside_with_no_line_in_both(monkeypatch: pytest.MonkeyPatch) -> None:
    tune = _rows(("a", "one"), ("a", "two"), ("b", "three"), ("b", "four"), ("a", "probe"))
    tune[-1]["id"] = "t-b2-probe"
    aside = _rows(("a", "five"), ("b", "six"))
    parts = {"tune": tune, "aside": aside}
    monkeypatch.setattr(layer_tables, "load", lambda name, part: parts[part])
    split = third_aside("made_up", probes="-b2-", share=(0.3, 0.36))
    assert split.first == tune[:4] and split.aside == aside
    a_third_of_each(third_aside("made_up", probes="-b2-", share=(0.25, 0.36)))
    with pytest.raises(AssertionError, match="aside of"):
        third_aside("made_up", share=(0.3, 0.36))  # the probe counted: 2 of 7
    aside.append({"id": "t-9", "kind": "b", "text": "three"})
    with pytest.raises(AssertionError, match="in both parts"):
        third_aside("made_up", probes="-b2-", share=(0.3, 0.45))
