"""Configuration as an operator writes it: environment variables, a `.env` file, `.env.example`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import utils.config
from utils.config import COMPOSE_ONLY, ENV_FILE_VARIABLE, ConfigError, Settings, load_settings, unknown_keys_warnings

EXAMPLE = Path(__file__).resolve().parents[2] / ".env.example"
NAMES = {name.upper() for name in Settings.model_fields}
ID_LISTS = [name for name, field in Settings.model_fields.items() if field.annotation == list[int]]


@pytest.fixture(autouse=True)
def no_ambient_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No setting from the runner's environment or a stray .env leaks into these tests.

    The working directory is tmp_path/cwd and the "project" (where bot.py lives) tmp_path/project.
    """
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv(ENV_FILE_VARIABLE, raising=False)
    (tmp_path / "cwd").mkdir()
    (tmp_path / "project").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    monkeypatch.setattr(utils.config, "PROJECT_ROOT", tmp_path / "project")
    return tmp_path


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
    compose_only = set(entries) & COMPOSE_ONLY
    assert compose_only == COMPOSE_ONLY, "every compose-only key is in .env.example"
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
    text = "LLM_MODEL=qwen3:8b\nCHAT_BLOCKED_CHANNEL_IDS=1,2\nLLM_VISION=true\n"
    (tmp_path / "cwd" / ".env").write_text(text, encoding="utf-8")
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
    (tmp_path / "cwd" / ".env").write_text("MEMORY_MAX_PER_USER=lots\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="MEMORY_MAX_PER_USER"):
        load_settings()


# ---------------------------------------------------------------------- where .env is read from
def test_the_project_env_file_is_read_whatever_the_working_directory(tmp_path: Path) -> None:
    """systemd without WorkingDirectory, cron: `python /path/bot.py` from elsewhere still reads /path/.env."""
    (tmp_path / "project" / ".env").write_text("LLM_MODEL=llama3.1:8b\nCHAT_HISTORY_TURNS=7\n", encoding="utf-8")
    settings = load_settings()

    assert (settings.llm_model, settings.chat_history_turns) == ("llama3.1:8b", 7)


def test_a_working_directory_env_file_overrides_the_project_one_and_the_environment_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "project" / ".env").write_text("LLM_MODEL=llama3.1:8b\nCHAT_HISTORY_TURNS=7\nLOG_LEVEL=DEBUG\n", encoding="utf-8")
    (tmp_path / "cwd" / ".env").write_text("LLM_MODEL=qwen2.5:14b\nLOG_LEVEL=WARNING\n", encoding="utf-8")
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    settings = load_settings()

    assert settings.llm_model == "qwen2.5:14b"  # the working directory's file beats the project's
    assert settings.chat_history_turns == 7  # what it does not set still comes from the project's
    assert settings.log_level == "ERROR"  # the environment beats both


def test_the_project_env_file_is_read_once_when_it_is_also_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "project" / ".env").write_text("DISCORD_TOKNE=x\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "project")
    assert utils.config.env_files() == (tmp_path / "project" / ".env",)
    assert len(unknown_keys_warnings()) == 1


def test_breehavior_env_file_names_the_one_file_to_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "project" / ".env").write_text("LLM_MODEL=from-project\n", encoding="utf-8")
    (tmp_path / "other.env").write_text("LLM_MODEL=from-other\n", encoding="utf-8")
    monkeypatch.setenv(ENV_FILE_VARIABLE, str(tmp_path / "other.env"))
    assert load_settings().llm_model == "from-other"
    monkeypatch.setenv(ENV_FILE_VARIABLE, "")
    assert load_settings().llm_model == Settings.model_fields["llm_model"].default


# ---------------------------------------------------------------------- defaults that work together
def test_the_defaults_are_one_working_recipe_ollama_with_a_tool_capable_model() -> None:
    """LLM_BASE_URL is Ollama's, so LLM_MODEL is an Ollama model that makes forced tool calls; .env.example says to pull it."""
    settings = Settings(_env_file=None)
    assert settings.llm_base_url == "http://localhost:11434/v1"
    assert settings.llm_model in {"qwen2.5:7b-instruct", "llama3.1:8b", "qwen3:8b", "mistral-nemo:12b"}
    example = EXAMPLE.read_text(encoding="utf-8")
    assert f"ollama pull {settings.llm_model}" in example
    assert "tool calls" in example and "tool calls" in Settings.model_fields["llm_model"].description


# ---------------------------------------------------------------------- LLM_BASE_URL
@pytest.mark.parametrize(
    "value",
    [
        "localhost:11434/v1",
        "127.0.0.1:1234/v1",
        "api.openai.com/v1",
        "ftp://example.com/v1",
        "http://",
        "//localhost:11434/v1",
        "htp://localhost:11434/v1",
        "",
        "   ",
        "ollama",
    ],
)
def test_an_llm_base_url_without_an_http_scheme_is_refused_naming_the_setting(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("LLM_BASE_URL", value)
    with pytest.raises(ConfigError) as caught:
        load_settings(_env_file=None)
    assert "LLM_BASE_URL" in str(caught.value) and "http://" in str(caught.value)


@pytest.mark.parametrize(
    "value",
    [
        "http://localhost:11434/v1",
        "https://api.openai.com/v1",
        "http://127.0.0.1:1234/v1",
        "http://host.docker.internal:11434/v1",
        "HTTPS://EXAMPLE.COM/v1",
        "http://[::1]:8000/v1",
        "  http://localhost:11434/v1  ",
    ],
)
def test_an_http_or_https_llm_base_url_is_accepted(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("LLM_BASE_URL", value)
    assert load_settings(_env_file=None).llm_base_url == value.strip()


# ---------------------------------------------------------------------- typos in .env
@pytest.mark.parametrize(
    ("typo", "meant"),
    [
        ("DISCORD_TOKNE", "DISCORD_TOKEN"),
        ("DISCORD_TOKENS", "DISCORD_TOKEN"),
        ("discord_tokne", "DISCORD_TOKEN"),
        ("LLM_BASEURL", "LLM_BASE_URL"),
        ("LLM_BASE_URI", "LLM_BASE_URL"),
        ("LLM_MODLE", "LLM_MODEL"),
        ("OPENAI_BASE_URL", "LLM_BASE_URL"),
        ("MEMORY_SCOPES", "MEMORY_SCOPE"),
        ("SENTIMENT_CHANNEL_ID", "SENTIMENT_CHANNEL_IDS"),
        ("CHAT_ALLOWED_CHANNELS", "CHAT_ALLOWED_CHANNEL_IDS"),
        ("BOT_DB_PASWORD", "BOT_DB_PASSWORD"),
        ("MSSQL_SA_PASSWRD", "MSSQL_SA_PASSWORD"),
    ],
)
def test_an_unknown_key_in_env_is_named_with_the_closest_setting(tmp_path: Path, typo: str, meant: str) -> None:
    (tmp_path / "project" / ".env").write_text(f"LLM_MODEL=qwen2.5:7b-instruct\n{typo}=value\n", encoding="utf-8")
    [line] = unknown_keys_warnings()
    assert typo in line and f"did you mean {meant}?" in line
    assert "value" not in line.replace(".env", ""), "the warning never shows the value (it may be a token)"
    load_settings()  # a typo is a warning, not a refusal


def test_a_key_like_no_setting_is_named_without_a_guess(tmp_path: Path) -> None:
    (tmp_path / "cwd" / ".env").write_text("COMPLETELY_UNRELATED=1\n", encoding="utf-8")
    [line] = unknown_keys_warnings()
    assert "COMPLETELY_UNRELATED" in line and "did you mean" not in line and ".env.example" in line


def test_known_and_compose_only_keys_raise_no_warning(tmp_path: Path) -> None:
    (tmp_path / "project" / ".env").write_text(EXAMPLE.read_text(encoding="utf-8") + "\nlog_level=debug\n", encoding="utf-8")
    assert unknown_keys_warnings() == []
