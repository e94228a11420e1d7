"""A database that is down at start, or goes away: the bot answers, keeps what it accepted, and recovers."""

from __future__ import annotations

from pathlib import Path

from conftest import SettingsFactory, converse, memory, query, remembers, system_prompt
from fake_llm import FakeLLM
from memory_seed import wait_until

from utils.runtime import Services


async def test_unreachable_database_at_start_then_recovery(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the database folder should be")
    db_file = blocker / "bot.db"
    services = Services(make_settings(db_connection_string=f"sqlite:///{db_file}", db_reconnect_seconds=0.05))
    await services.start()
    try:
        assert not services.db.available
        fake_llm.tools["extract_memories"] = remembers(memory("Plays Factorio.", "factorio"))
        reply = await converse(services, "I love Factorio")
        assert reply.startswith("echo:")
        assert fake_llm.tool_requests("extract_memories") == [], "memory is off (fail closed) until opt-outs are known"
        services.tracker.update_user_notes(42, "Talks about factory games a lot.")

        blocker.unlink()
        blocker.mkdir()
        assert await wait_until(lambda: services.db.available and services.memory.preferences.loaded)
        await services.flush_state()
        assert "Talks about factory games" in query(db_file, "SELECT UserNotes FROM UserState")[0][0]
        await converse(services, "I love Factorio, megabase time")
        assert query(db_file, "SELECT Memory FROM UserMemory") == [("Plays Factorio.",)]
        await converse(services, "factorio tips?")
        assert "Plays Factorio." in system_prompt(fake_llm)
    finally:
        await services.close()
    assert query(db_file, "SELECT COUNT(*) FROM LlmLog") == [(5,)], "calls made while the database was down are logged too"
