"""The database directory removed under a running bot: a clear ERROR, and nothing accepted is lost.

SQLite keeps writing to the unlinked file through its open connections, so before this
every later write went nowhere without a word.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from memory_seed import wait_until
from settings_factory import SettingsFactory
from shared_database import query

from utils.runtime import Services


@pytest.mark.sqlite_only("removes the SQLite file's folder under the running bot")
async def test_removed_database_directory_is_an_error_and_writes_wait_for_the_new_one(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "data"
    db_file = folder / "bot.db"
    services = Services(make_settings(db_connection_string=f"sqlite:///{db_file}", db_reconnect_seconds=0.05))
    await services.start()
    try:
        fake_llm.tools["extract_memories"] = remembers(memory("Plays the cello.", "cello"))
        await converse(services, "I play the cello")
        assert query(db_file, "SELECT Memory FROM UserMemory") == [("Plays the cello.",)]

        shutil.rmtree(folder)
        fake_llm.tools["extract_memories"] = remembers(
            memory("Is learning Bach's suites.", "bach"), profile="Alice plays the cello in an amateur orchestra."
        )
        with caplog.at_level(logging.ERROR, logger="utils.storage.engine"):
            await converse(services, "learning the Bach cello suites now")
        errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
        assert any(str(db_file) in e and "removed" in e for e in errors), errors

        assert await wait_until(lambda: db_file.exists() and services.db.available)
        assert await wait_until(lambda: services.memory.store.postponed() == 0)
        await services.flush_state()
        assert query(db_file, "SELECT Memory FROM UserMemory") == [("Is learning Bach's suites.",)]
        assert query(db_file, "SELECT UserNotes FROM UserState WHERE UserId = 42") == [
            ("Alice plays the cello in an amateur orchestra.",)
        ]
    finally:
        await services.close()
    assert query(db_file, "SELECT COUNT(*) FROM LlmLog WHERE Kind = 'memory_extraction'") >= [(1,)]
