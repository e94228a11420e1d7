"""Shared fixtures: a loopback OpenAI-compatible server, settings on a real SQLite file, running services.

Fixtures only: the helpers tests call live in tests/support, in modules named for what they hold."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from fake_llm import FakeLLM, FakeLLMServer
from settings_factory import SettingsFactory
from shared_database import ON_SERVER, shared_database_url

from utils.config import Settings
from utils.privacy.memoised_lines import forget_memoised_lines
from utils.runtime import Services

pytest_plugins = ["simcord_world"]
"""The simcord bot fixture (tests/support/simcord_world.py)."""

os.environ["BREEHAVIOR_ENV_FILE"] = ""
"""The developer's own .env (read wherever the bot starts) never reaches a test or a process a test starts."""


def pytest_configure(config: pytest.Config) -> None:
    """On a server run the tests share its one database: one at a time, whatever ``-n`` says."""
    if ON_SERVER:
        config.option.numprocesses = 0
        config.option.dist = "no"
        config.option.tx = []


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``sqlite_only("why")`` is skipped on a server run, with its reason (never silently)."""
    marker = item.get_closest_marker("sqlite_only")
    if marker is None:
        return
    if not marker.args or not str(marker.args[0]).strip():
        raise pytest.UsageError(f"{item.nodeid}: sqlite_only needs a reason, e.g. @pytest.mark.sqlite_only('reads the file')")
    if ON_SERVER:
        pytest.skip(f"SQLite only: {marker.args[0]}")


@pytest.fixture(autouse=True)
def _members_lines_read_afresh() -> Iterator[None]:
    """Each test reads members' lines afresh: the screen memoises its readings of a line (its screen per field among
    them), so a test that switches a rule off must neither find the readings of a test before it nor leave its own."""
    forget_memoised_lines()
    yield
    forget_memoised_lines()


@pytest.fixture(autouse=True)
def _sqlite_on_a_server_run(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """On a server run, a test that opens a SQLite database without saying why fails: it would pass on SQLite alone."""
    if not ON_SERVER or request.node.get_closest_marker("sqlite_only") is not None:
        yield
        return
    opened: list[str] = []
    real_connect = sqlite3.connect

    def connect(database: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        if str(database) != ":memory:":
            opened.append(str(database))
        return real_connect(database, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", connect)
    yield
    if opened:
        pytest.fail(
            f"MSSQL_TEST_URL is set, and this test opened SQLite ({opened[0]}): use the database_url fixture "
            "(make_settings and query do), or mark it @pytest.mark.sqlite_only('why')"
        )


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
def make_settings(
    db_path: Path, database_url: str, llm_server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> SettingsFactory:
    """Settings for a test: its own database (a SQLite file, or MSSQL_TEST_URL emptied), the loopback LLM, no retries,
    no waiting."""
    monkeypatch.chdir(db_path.parent)

    def build(**overrides: object) -> Settings:
        values: dict[str, object] = {
            "discord_token": "",
            "db_connection_string": database_url,
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


@pytest_asyncio.fixture
async def batching(make_settings: SettingsFactory) -> AsyncIterator[Services]:
    """Services whose extraction waits a moment, as in production: what a member says next (another message of a
    burst, an edit, a reveal) comes before the turn is extracted."""
    running = Services(make_settings(memory_extraction_delay_seconds=0.3))
    await running.start()
    yield running
    await running.close()
