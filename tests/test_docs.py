"""The README is where operators look: it must document every setting the bot reads."""

from __future__ import annotations

from pathlib import Path

from breehavior.config import Settings

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_settings_table_lists_every_setting_with_its_description() -> None:
    text = README.read_text(encoding="utf-8")
    for name, field in Settings.model_fields.items():
        assert f"| `{name.upper()}` |" in text, name
        assert field.description in text, name


def test_readme_quick_start_has_the_run_and_test_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "python bot.py " in text and "python -m pytest -q" in text
