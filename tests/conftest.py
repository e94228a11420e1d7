"""Shared fixtures: a loopback OpenAI-compatible server, settings on a real SQLite file, running services."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from fake_llm import FakeLLM, FakeLLMServer
from shared_database import shared_database_url

from utils.config import Settings
from utils.runtime import Services

SettingsFactory = Callable[..., Settings]

pytest_plugins = ["simcord_world"]
"""The simcord bot fixture (tests/support/simcord_world.py)."""

os.environ["BREEHAVIOR_ENV_FILE"] = ""
"""The developer's own .env (read wherever the bot starts) never reaches a test or a process a test starts."""


@pytest.fixture
def llm_server() -> Iterator[FakeLLMServer]:
    server = FakeLLMServer().start()
    yield server
    server.stop()


@pytest.fixture
def fake_llm(llm_server: FakeLLMServer) -> FakeLLM:
    return llm_server.llm


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "bot.db"


@pytest.fixture
def database_url(db_path: Path) -> str:
    """The database of the tests about several processes: this test's SQLite file, or MSSQL_TEST_URL."""
    return shared_database_url(db_path)


@pytest.fixture
def make_settings(db_path: Path, llm_server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> SettingsFactory:
    """Settings for a test: its own SQLite file, the loopback LLM, no retries, no waiting."""
    monkeypatch.chdir(db_path.parent)

    def build(**overrides: object) -> Settings:
        values: dict[str, object] = {
            "discord_token": "",
            "db_connection_string": f"sqlite:///{db_path}",
            "llm_base_url": llm_server.base_url,
            "llm_api_key": "test",
            "llm_model": "test-model",
            "llm_max_retries": 0,
            "llm_timeout_seconds": 5,
            "memory_extraction_delay_seconds": 0,
            "chat_cooldown_seconds": 0,
            "sync_commands_on_start": False,
            "coherence_poll_seconds": 30,  # simcord settles only between polls; tests poll explicitly or run real processes
            "shard_count": 1,  # what Discord recommends to a bot in a handful of servers (simcord needs it said)
        }
        values.update(overrides)
        return Settings(_env_file=None, **values)

    return build


@pytest_asyncio.fixture
async def services(make_settings: SettingsFactory) -> AsyncIterator[Services]:
    running = Services(make_settings())
    await running.start()
    yield running
    await running.close()


def query(db_path: Path, sql: str, *params: object) -> list[tuple]:
    """Read the test's SQLite file directly, as an operator would."""
    with sqlite3.connect(db_path) as conn:
        return conn.execute(sql, params).fetchall()


async def converse(
    services: Services,
    text: str,
    *,
    user_id: int = 42,
    name: str = "Alice",
    guild_id: int | None = 1,
    channel: str = "general",
    channel_id: int = 100,
) -> str:
    """One message through the real pipeline, then wait for its background extraction."""
    from utils.conversation.messages import IncomingMessage

    reply = await services.chat.respond(IncomingMessage(user_id, name, channel_id, channel, text, guild_id=guild_id))
    await services.tasks.drain(10)
    return reply.text


def system_prompt(fake: FakeLLM) -> str:
    """The system message of the latest chat request (where the memory block lives)."""
    return fake.chat_requests()[-1]["messages"][0]["content"]


def extraction_input(body: dict) -> str:
    """The user part of an extract_memories request: profile, known memories, conversation."""
    return body["messages"][-1]["content"]


def remembers(*memories: dict, profile: str | None = None, forget: list | None = None) -> Callable[[dict], dict]:
    """An extractor script that always answers with these memories."""
    answer = {"memories": list(memories), "profile_update": profile, "forget": forget or []}
    return lambda body: answer


def memory(text: str, *topics: str, expiration: str = "30d", importance: str = "medium", key: str | None = None) -> dict:
    item = {"memory": text, "topics": list(topics), "expiration": expiration, "importance": importance}
    if key:
        item["key"] = key
    return item
