"""A database that is down at start, or goes away: the bot answers, keeps what it accepted, and recovers.

On SQLite the database is down while a file stands where its folder should be; on a server run
(MSSQL_TEST_URL) the bot is given a port where nothing answers yet, which then forwards to the server.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from forwarder import Forwarder
from llm_requests import system_prompt
from memory_seed import wait_until
from settings_factory import SettingsFactory
from shared_database import ON_SERVER, query

from utils.runtime import Services


@dataclass
class Outage:
    url: str
    """What the bot is given: unreachable until :attr:`end` is called."""
    stored: str
    """Where the test reads what the bot stored."""
    end: Callable[[], None]


@contextmanager
def database_down(tmp_path: Path, database_url: str) -> Iterator[Outage]:
    if not ON_SERVER:
        blocker = tmp_path / "not-a-directory"
        blocker.write_text("a file where the database folder should be")
        url = f"sqlite:///{blocker / 'bot.db'}"

        def end() -> None:
            blocker.unlink()
            blocker.mkdir()

        yield Outage(url, url, end)
        return
    server = sa.make_url(database_url)
    forwarder = Forwarder((server.host or "127.0.0.1", server.port or 1433))
    try:
        yield Outage(server.set(port=forwarder.port).render_as_string(hide_password=False), database_url, forwarder.open)
    finally:
        forwarder.close()


async def test_unreachable_database_at_start_then_recovery(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path, database_url: str
) -> None:
    with database_down(tmp_path, database_url) as outage:
        services = Services(make_settings(db_connection_string=outage.url, db_reconnect_seconds=0.05))
        await services.start()
        try:
            assert not services.db.available
            fake_llm.tools["extract_memories"] = remembers(memory("Plays Factorio.", "factorio"))
            reply = await converse(services, "I love Factorio")
            assert reply.startswith("echo:")
            assert fake_llm.tool_requests("extract_memories") == [], "memory is off (fail closed) until opt-outs are known"
            services.monitor_state.add_observation(42, "Talks about factory games a lot.")

            outage.end()
            assert await wait_until(lambda: services.db.available and services.memory.preferences.loaded)
            await services.flush_state()
            assert "Talks about factory games" in query(outage.stored, "SELECT UserNotes FROM UserState")[0][0]
            await converse(services, "I love Factorio, megabase time")
            assert query(outage.stored, "SELECT Memory FROM UserMemory") == [("Plays Factorio.",)]
            await converse(services, "factorio tips?")
            assert "Plays Factorio." in system_prompt(fake_llm)
        finally:
            await services.close()
        assert query(outage.stored, "SELECT COUNT(*) FROM LlmLog") == [(5,)], (
            "calls made while the database was down are logged too"
        )
