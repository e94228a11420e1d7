"""Configuration as an operator writes it: environment variables, a `.env` file, `.env.example`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from breehavior.config import ConfigError, Settings, load_settings

EXAMPLE = Path(__file__).resolve().parent.parent / ".env.example"
NAMES = {name.upper() for name in Settings.model_fields}
ID_LISTS = [name for name, field in Settings.model_fields.items() if field.annotation == list[int]]


@pytest.fixture(autouse=True)
def no_ambient_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting from the runner's environment or a stray .env leaks into these tests."""
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def example_entries() -> dict[str, tuple[str, str]]:
    """NAME -> (comment line above it, value) for every assignment in .env.example."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    entries: dict[str, tuple[str, str]] = {}
    for above, line in zip(["", *lines], lines, strict=False):
        if match := re.fullmatch(r"([A-Z0-9_]+)=(.*)", line):
            entries[match[1]] = (above, match[2])
    return entries


def test_env_example_lists_every_setting_with_its_description() -> None:
    entries = example_entries()
    compose_only = {name for name in entries if name.startswith("MSSQL_")}
    assert set(entries) - compose_only == NAMES
    for name, field in Settings.model_fields.items():
        comment, _value = entries[name.upper()]
        assert comment == f"# {field.description}", name


def test_env_example_values_are_the_defaults() -> None:
    """Copying .env.example to .env changes nothing until the operator fills something in."""
    assert load_settings(_env_file=EXAMPLE) == Settings(_env_file=None)


def test_comma_separated_id_lists_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHAT_ALLOWED_CHANNEL_IDS", "111, 222,333")
    monkeypatch.setenv("CHAT_BLOCKED_USER_IDS", "444;555")
    monkeypatch.setenv("BOT_OWNER_IDS", "  666  ")
    monkeypatch.setenv("CHAT_BLOCKED_ROLE_IDS", "")
    settings = load_settings(_env_file=None)

    assert settings.chat_allowed_channel_ids == [111, 222, 333]
    assert settings.chat_blocked_user_ids == [444, 555]
    assert settings.bot_owner_ids == [666]
    assert settings.chat_blocked_role_ids == []
    assert {"chat_allowed_channel_ids", "chat_blocked_user_ids", "bot_owner_ids", "chat_blocked_role_ids"} <= set(ID_LISTS)


def test_settings_are_read_from_the_env_file_in_the_working_directory(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("LLM_MODEL=qwen3:8b\nCHAT_BLOCKED_CHANNEL_IDS=1,2\nLLM_VISION=true\n", encoding="utf-8")
    settings = load_settings()

    assert settings.llm_model == "qwen3:8b"
    assert settings.chat_blocked_channel_ids == [1, 2]
    assert settings.llm_vision is True


@pytest.mark.parametrize(
    ("name", "value", "culprit"),
    [
        ("LLM_TIMEOUT_SECONDS", "abc", "abc"),
        ("LLM_TIMEOUT_SECONDS", "0", "0"),
        ("LLM_MAX_RETRIES", "-1", "-1"),
        ("CHAT_BLOCKED_USER_IDS", "12,not-a-number", "not-a-number"),
        ("BOT_OWNER_IDS", "1.5", "1.5"),
        ("LOG_LEVEL", "LOUD", "LOUD"),
        ("MEMORY_SCOPE", "planet", "planet"),
        ("SYNC_COMMANDS_ON_START", "maybe", "maybe"),
    ],
)
def test_an_invalid_value_raises_a_one_line_error_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, culprit: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings(_env_file=None)

    message = str(caught.value)
    assert name in message and culprit in message
    assert "\n" not in message


def test_an_invalid_value_in_the_env_file_is_reported_the_same_way(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("MEMORY_MAX_PER_USER=lots\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="MEMORY_MAX_PER_USER"):
        load_settings()
