"""The special categories' vocabulary is parsed once per process, by one owner, for the categories and the script gate.

The gate is imported by the categories, so it once read the file again on its own; both now ask
:mod:`utils.privacy.special_categories_data`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from utils.privacy import categories, script_gate, special_categories_data

_PRIVACY = Path(special_categories_data.__file__).parent


@pytest.fixture
def fresh_readings() -> Iterator[None]:
    """Both readers as a new process has them, and again afterwards (nothing this test counted stays cached)."""
    special_categories_data.special_vocabulary.cache_clear()
    script_gate._another_script.cache_clear()
    yield
    special_categories_data.special_vocabulary.cache_clear()
    script_gate._another_script.cache_clear()


def test_the_gate_and_the_categories_share_one_parse_of_the_file(fresh_readings: None, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[int] = []
    real_loads = json.loads

    def counting_loads(text: str | bytes) -> object:
        parsed.append(len(text))
        return real_loads(text)

    monkeypatch.setattr(special_categories_data.json, "loads", counting_loads)
    assert script_gate.another_script("Пароль") and not script_gate.another_script("gg — 🎉 “ok”")
    vocabulary = categories._vocabulary()
    assert vocabulary is special_categories_data.special_vocabulary()
    assert "categories" in vocabulary
    assert len(parsed) == 1, "the file was parsed again"


def test_no_other_module_opens_the_file() -> None:
    owners = [
        path.name for path in sorted(_PRIVACY.glob("*.py")) if '"special_categories.json"' in path.read_text(encoding="utf-8")
    ]
    assert owners == ["special_categories_data.py"]
