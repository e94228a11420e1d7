"""The docs say what a crash (kill -9, power loss) can lose that a clean stop would have saved, bounded by real settings.

Each kind of in-memory state lost in a crash is named with the setting that bounds it, the
setting exists, and the process really uses it for that state: the docs cannot drift from the code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from settings_factory import SettingsFactory

from utils.config import Settings
from utils.runtime import Services

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = {name.upper() for name in Settings.model_fields}

# What a crash loses → the setting that bounds how much of it.
BOUNDS = {
    "turns": "MEMORY_EXTRACTION_DELAY_SECONDS",
    "extraction call in flight": "LLM_TIMEOUT_SECONDS",
    "`LlmLog` rows": "LLM_LOG_FLUSH_SECONDS",
    "Behaviour monitor state": "STATE_FLUSH_SECONDS",
    "Monitor batches": "SENTIMENT_BATCH_SECONDS",
}


def crash_section() -> str:
    text = (ROOT / "docs" / "how-it-works.md").read_text(encoding="utf-8")
    found = re.search(r"^### What a crash can lose\n(.*?)(?=^#)", text, re.S | re.M)
    assert found, "docs/how-it-works.md has a 'What a crash can lose' section"
    return found.group(1)


def bullet_naming(section: str, loss: str) -> str:
    bullets = re.split(r"\n- ", section)
    found = [b for b in bullets if loss in b]
    assert found, f"no bullet about {loss!r}"
    return " ".join(found[0].split())


@pytest.mark.parametrize(("loss", "setting"), BOUNDS.items())
def test_each_loss_is_named_with_the_setting_that_bounds_it(loss: str, setting: str) -> None:
    assert setting in SETTINGS, f"{setting} is a real setting"
    assert f"`{setting}`" in bullet_naming(crash_section(), loss)


def test_the_section_sets_a_crash_against_a_clean_stop_and_says_what_is_safe() -> None:
    section = " ".join(crash_section().split())
    assert "`kill -9`" in section and "power loss" in section and "SIGTERM" in section
    assert "committed transaction" in section and "WAL" in section
    named = set(re.findall(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b", section))
    assert named - {"SIGTERM"} <= SETTINGS, f"only real settings are named: {named - SETTINGS}"


def test_the_readme_start_section_points_to_it() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme[readme.index("## 5. Start the bot") :]
    start = start[: start.index("\n## ", 1)]
    assert "kill -9" in start and "(docs/how-it-works.md#what-a-crash-can-lose)" in start


async def test_the_flush_settings_are_the_periods_the_process_writes_at(make_settings: SettingsFactory) -> None:
    """The bound the docs give is the one the code keeps: the flush loops run every so many seconds of those settings."""
    services = Services(make_settings(llm_log_flush_seconds=7.5, state_flush_seconds=123.0))
    try:
        periods = {loop.name: loop.interval for loop in services._loops}
    finally:
        await services.close()
    assert periods["llm-log-flush"] == 7.5 and periods["state-flush"] == 123.0
