"""Typed configuration, read once from the environment and `.env` files.

Every setting has a default and a one-line description (the description is what
`.env.example` and the README's table say). An invalid value is reported as one
line naming the variable, by :func:`load_settings`, instead of a traceback.

Where settings come from, strongest first: the environment, a `.env` in the current
directory, the `.env` next to `bot.py`. The project's `.env` is read whatever the
current directory is (systemd without WorkingDirectory, cron), like `data/bot.db`;
a `.env` in the current directory can override it for one run.
`BREEHAVIOR_ENV_FILE` names one file to read instead of both (empty: none).
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from dotenv import dotenv_values
from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from utils.llm.modes import ToolModeSetting  # the module, not the package: the client imports settings
from utils.paths import PROJECT_ROOT

IdList = Annotated[list[int], NoDecode]

ENV_FILE_VARIABLE = "BREEHAVIOR_ENV_FILE"
COMPOSE_ONLY = frozenset({"MSSQL_SA_PASSWORD", "MSSQL_DATABASE", "MSSQL_PID", "BOT_DB_PASSWORD", "DOCKER_LLM_BASE_URL"})
"""Keys `.env` may hold for docker-compose; the bot does not read them, and they are not typos."""


def env_files() -> tuple[Path, ...]:
    """The `.env` files to read, weakest first (pydantic-settings lets later files win)."""
    chosen = os.environ.get(ENV_FILE_VARIABLE)
    if chosen is not None:
        return (Path(chosen),) if chosen.strip() else ()
    project, here = PROJECT_ROOT / ".env", Path.cwd() / ".env"
    return (project,) if here.resolve() == project.resolve() else (project, here)


class ConfigError(Exception):
    """A setting has an invalid value; the message is one line naming the variable."""


class Settings(BaseSettings):
    """All settings of the bot, the terminal chat and the scripts."""

    model_config = SettingsConfigDict(env_file=None, env_file_encoding="utf-8", extra="ignore", case_sensitive=False)

    # --- Discord -----------------------------------------------------------------------------
    discord_token: str = Field("", description="Bot token from the Discord developer portal; required by `python3 bot.py`.")
    bot_owner_ids: IdList = Field(
        [], description="Comma-separated user ids allowed to run owner commands (in addition to the application owner)."
    )
    sync_commands_on_start: bool = Field(True, description="Sync slash commands once after start-up (never on reconnect).")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field("INFO", description="Log level for stderr logging.")
    log_file: str = Field(
        "",
        description="Also write the log to this file (relative: to the bot's folder), rotated at 10 MB with 5 old files "
        "kept; empty: stderr only (journalctl, docker logs).",
    )

    # --- Processes (sharding; one process with every shard unless set) -----------------------
    shard_count: int = Field(
        0,
        ge=0,
        le=10000,
        description="Shards of the whole bot, over all processes; 0 lets Discord recommend (one process runs them all).",
    )
    shard_ids: IdList = Field(
        [], description="Shards this process runs (comma-separated, counted from 0); empty means every shard of SHARD_COUNT."
    )
    housekeeping: bool = Field(
        True,
        description="This process prunes expired memories, embeds stored ones and syncs commands; set false on every process but one.",
    )
    coherence_poll_seconds: float = Field(
        0.25,
        ge=0.05,
        le=60,
        description="How often this process looks for members another process wrote, erased, opted out or paused (one small indexed query), in seconds.",
    )
    db_migrate_on_start: bool = Field(
        True,
        description="Bring the database schema up to date at start (under a database lock); false: only check it (`python3 bot.py migrate` updates it).",
    )

    # --- LLM ---------------------------------------------------------------------------------
    llm_base_url: str = Field(
        "http://localhost:11434/v1", description="OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio, vLLM, llama.cpp)."
    )
    llm_model: str = Field(
        "qwen2.5:7b-instruct",
        description="Model used for chat replies (and for memory and the monitor unless LLM_EXTRACTION_MODEL is set); "
        "forced tool calls are used where its server honours them, structured output otherwise.",
    )
    llm_extraction_model: str = Field("", description="Model for memory extraction and analysis; empty means LLM_MODEL.")
    llm_api_key: str = Field("not-needed", description="API key for the endpoint (local servers accept any value).")
    llm_timeout_seconds: float = Field(60.0, gt=0, description="Timeout of one LLM request, in seconds.")
    llm_max_retries: int = Field(
        2, ge=0, le=10, description="Retries with backoff on a refused connection, HTTP 429 and 5xx (never after a timeout)."
    )
    llm_max_concurrency: int = Field(4, ge=1, le=64, description="LLM requests in flight at once for chat replies.")
    llm_tool_mode: ToolModeSetting = Field(
        "auto",
        description="How tool arguments are asked for: auto finds the way per model; tools, json_schema, json_object or text "
        "forces one.",
    )
    llm_background_concurrency: int = Field(
        1,
        ge=1,
        le=64,
        description="Background LLM work (extraction, monitor) starts only while fewer requests than this, replies "
        "included, are in flight; 1 suits a one-slot local server.",
    )
    llm_no_think: bool = Field(False, description="Append /no_think to prompts (Qwen3-style reasoning models).")
    llm_vision: bool = Field(False, description="Pass image attachments to the model (it must support images).")
    llm_temperature: float = Field(
        0.8, ge=0, le=2, description="Sampling temperature for chat replies (left out for models that reject it)."
    )
    llm_max_reply_tokens: int = Field(700, ge=16, description="Upper bound on the tokens of one chat reply.")

    # --- Storage -----------------------------------------------------------------------------
    db_connection_string: str = Field(
        "", description="SQLAlchemy URL or raw ODBC string (with DRIVER=); empty means SQLite at data/bot.db."
    )
    db_reconnect_seconds: float = Field(30.0, gt=0, description="How often to retry an unreachable database, in seconds.")
    llm_log_flush_seconds: float = Field(10.0, gt=0, description="How often buffered LlmLog rows are written, in seconds.")
    state_flush_seconds: float = Field(
        300.0, gt=0, description="How often changed member state is written to UserState, in seconds."
    )

    # --- Chat --------------------------------------------------------------------------------
    chat_allowed_channel_ids: IdList = Field(
        [], description="If set, the bot chats only in these channels (threads follow their parent)."
    )
    chat_blocked_channel_ids: IdList = Field([], description="Channels where the bot never chats (threads follow their parent).")
    chat_allowed_role_ids: IdList = Field([], description="If set, only members with one of these roles can chat with the bot.")
    chat_blocked_role_ids: IdList = Field([], description="Members with one of these roles are ignored by the chat.")
    chat_blocked_user_ids: IdList = Field([], description="Users the chat ignores.")
    chat_history_turns: int = Field(20, ge=0, le=200, description="Messages per channel kept as conversation context.")
    chat_cooldown_seconds: float = Field(2.0, ge=0, description="Minimum seconds between two answered messages of one member.")
    chat_max_input_chars: int = Field(
        4000, ge=100, description="Longer messages are cut to this many characters before the model sees them."
    )

    # --- Memory ------------------------------------------------------------------------------
    memory_enabled: bool = Field(True, description="Remember members: extraction after replies and a memory block in the prompt.")
    memory_scope: Literal["global", "guild"] = Field(
        "global",
        description="global: one community; guild: expiring memories stay in the server they were learned in "
        "(DMs apart), but the profile is one per member, shown in every server and DM.",
    )
    memory_context_chars: int = Field(
        1500, ge=400, le=8000, description="Size budget of the memory block in the chat prompt, in characters."
    )
    memory_recent_count: int = Field(5, ge=0, le=20, description="Most recent memories always shown to the model.")
    memory_relevant_count: int = Field(
        5, ge=0, le=20, description="Memories matching the new message shown besides the recent ones."
    )
    memory_max_per_user: int = Field(
        50, ge=1, le=500, description="Live memories kept per member; over it, lowest importance then oldest go."
    )
    memory_max_per_extraction: int = Field(10, ge=1, le=50, description="Memories accepted from one extraction call.")
    memory_prune_hours: float = Field(6.0, gt=0, description="How often expired memories are deleted, in hours (also at start).")
    history_retention_days: float = Field(
        30.0,
        gt=0,
        le=3650,
        description="Days the LLM log's excerpts and earlier profiles are kept; older ones are deleted with the pruning.",
    )
    memory_extraction_delay_seconds: float = Field(
        5.0, ge=0, le=600, description="Wait this long after a reply before extracting, so a burst of messages costs one call."
    )
    memory_cache_members: int = Field(
        5000, ge=0, description="Members whose live memories are cached in RAM (0 disables the cache)."
    )

    # --- Embeddings (hybrid retrieval; off by default) ---------------------------------------
    embedding_model: str = Field(
        "",
        description="Embedding model served at /v1/embeddings (e.g. nomic-embed-text, all-minilm, text-embedding-3-small); empty turns embeddings off.",
    )
    embedding_base_url: str = Field("", description="OpenAI-compatible endpoint for embeddings; empty means LLM_BASE_URL.")
    embedding_api_key: str = Field("", description="API key for the embedding endpoint; empty means LLM_API_KEY.")
    embedding_timeout_seconds: float = Field(
        1.5,
        gt=0,
        le=30,
        description="Total deadline of one embedding request, in seconds; past it that message is ranked by words alone.",
    )
    embedding_min_similarity: float = Field(
        0.3,
        ge=-1,
        le=1,
        description="Cosine below which meaning alone never makes a memory relevant (0.3 suits all-minilm; raise it for models whose unrelated texts score higher).",
    )

    # --- Behaviour monitor -------------------------------------------------------------------
    sentiment_channel_ids: IdList = Field(
        [], description="Channels the behaviour monitor watches (threads follow their parent); empty means the monitor is off."
    )
    sentiment_batch_size: int = Field(
        10,
        ge=1,
        le=50,
        description="Messages of one channel analysed in one LLM call; a batch goes when full or SENTIMENT_BATCH_SECONDS after its first message.",
    )
    sentiment_batch_seconds: float = Field(
        5.0, gt=0, le=600, description="Longest wait, in seconds, before a channel's unfilled batch is analysed."
    )
    sentiment_max_message_chars: int = Field(
        500, ge=50, le=4000, description="Longer messages are cut to this many characters before analysis."
    )
    toxicity_threshold: float = Field(
        0.7, gt=0, le=1, description="A message scoring at least this toxicity (0-1) is an offense and gets a warning."
    )
    sentiment_min_confidence: float = Field(
        0.5,
        ge=0,
        le=1,
        description="A warning or timeout needs the model to be at least this sure of its verdict (0-1) when it says how sure it is; 0 turns the check off.",
    )
    toxicity_half_life_hours: float = Field(
        24.0, gt=0, description="A member's recent-toxicity score halves after this many hours without worse."
    )
    offense_window_minutes: float = Field(
        60.0, gt=0, description="Offenses count as repeated while each comes within this many minutes of the previous one."
    )
    timeout_after_offenses: int = Field(
        3,
        ge=0,
        le=100,
        description="Repeated offenses that earn a timeout (needs the Moderate Members permission); 0 turns timeouts off.",
    )
    timeout_minutes: float = Field(10.0, gt=0, le=40320, description="Length of a timeout, in minutes.")
    off_topic_threshold: int = Field(
        3, ge=0, le=100, description="Off-topic messages in a row before a gentle redirect; 0 turns redirects off."
    )
    sentiment_public_warnings: bool = Field(
        True, description="Warn the member with a reply in the channel; false: only the mod log hears of it."
    )
    mod_log_channel_id: int = Field(
        0, ge=0, description="Channel that gets an embed for every monitor action; 0 means none (actions are still logged)."
    )
    monitor_mode: Literal["act", "propose", "observe"] = Field(
        "act",
        description="What the monitor does about a warning or timeout in a server that has not chosen: act (do it), propose (ask the moderators in the mod log first) or observe (only log it).",
    )

    @field_validator(
        "bot_owner_ids",
        "chat_allowed_channel_ids",
        "chat_blocked_channel_ids",
        "chat_allowed_role_ids",
        "chat_blocked_role_ids",
        "chat_blocked_user_ids",
        "sentiment_channel_ids",
        "shard_ids",
        mode="before",
    )
    @classmethod
    def _split_ids(cls, value: object) -> object:
        """Accept `1,2,3` (the natural way to write ids in a .env file) as well as a list."""
        if isinstance(value, str):
            return [part.strip() for part in value.replace(";", ",").split(",") if part.strip()]
        if isinstance(value, int):
            return [value]
        return value

    @field_validator("shard_ids")
    @classmethod
    def _shards_of_the_count(cls, value: list[int], info: ValidationInfo) -> list[int]:
        """A shard id only means something against the whole bot's count, and each process must own distinct ones."""
        if not value:
            return value
        count = info.data.get("shard_count", 0)
        if not count:
            raise ValueError("needs SHARD_COUNT (the shards of the whole bot) to be set as well")
        if len(set(value)) != len(value) or any(not 0 <= shard < count for shard in value):
            raise ValueError(f"must be distinct shard numbers from 0 to {count - 1} (SHARD_COUNT={count})")
        return sorted(value)

    @field_validator("llm_base_url")
    @classmethod
    def _http_url(cls, value: str) -> str:
        """`localhost:11434/v1` would fail on the first message, far from its cause: refuse it here."""
        parts = urlsplit(value.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("must start with http:// or https:// and name a host, e.g. http://localhost:11434/v1")
        return value.strip()

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @property
    def extraction_model(self) -> str:
        return self.llm_extraction_model or self.llm_model


def load_settings(**overrides: Any) -> Settings:
    """Read the settings, turning a validation failure into a one-line :class:`ConfigError`."""
    overrides.setdefault("_env_file", env_files())
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        first = exc.errors()[0]
        name = str(first["loc"][0]).upper() if first.get("loc") else "configuration"
        raise ConfigError(f"invalid setting {name}: {first['msg']} (got {first.get('input')!r})") from None


def unknown_keys_warnings(files: tuple[Path, ...] | None = None) -> list[str]:
    """One line per key of a `.env` file that no setting reads (a typo such as DISCORD_TOKNE), with the closest name.

    Only files are checked: the environment holds many variables that are not ours.
    """
    known = {name.upper() for name in Settings.model_fields} | COMPOSE_ONLY
    lines = []
    for path in env_files() if files is None else files:
        if not path.is_file():
            continue
        for key in dotenv_values(path, encoding="utf-8"):
            if key.upper() in known or key == ENV_FILE_VARIABLE:
                continue
            close = difflib.get_close_matches(key.upper(), sorted(known), n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]}?" if close else "; no setting has this name (see .env.example)"
            lines.append(f"{path}: unknown setting {key}{hint}")
    return lines
