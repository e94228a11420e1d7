"""Opt-out and pause: learning stops (even with the database down at start), reading goes on, a failed erase is retried."""

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
from memory_seed import ALICE, cmd, seed_memory, wait_until
from settings_factory import SettingsFactory
from shared_database import ON_SERVER, query

from utils.members.commands import run_memory_command
from utils.runtime import Services


@dataclass
class Outage:
    url: str
    """The database, reachable: where the first run writes and the test reads."""
    down_url: str
    """What the bot is given once :attr:`begin` was called: unreachable until :attr:`end`."""
    begin: Callable[[], None]
    end: Callable[[], None]


@contextmanager
def database_outage(tmp_path: Path, database_url: str) -> Iterator[Outage]:
    """A database that goes down and comes back. On SQLite a file stands where its folder was (the folder is
    moved aside, then back); on a server run the bot is given a port where nothing answers yet, which then
    forwards to the server."""
    if not ON_SERVER:
        folder = tmp_path / "data"
        hidden = tmp_path / "hidden"
        url = f"sqlite:///{folder / 'bot.db'}"

        def begin() -> None:
            folder.rename(hidden)
            folder.write_text("blocker")

        def end() -> None:
            folder.unlink()
            hidden.rename(folder)

        yield Outage(url, url, begin, end)
        return
    server = sa.make_url(database_url)
    forwarder = Forwarder((server.host or "127.0.0.1", server.port or 1433))
    try:
        down = server.set(port=forwarder.port).render_as_string(hide_password=False)
        yield Outage(database_url, down, lambda: None, forwarder.open)
    finally:
        forwarder.close()


async def test_opt_out_holds_when_database_is_down_at_start(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path, database_url: str
):
    with database_outage(tmp_path, database_url) as outage:
        first = Services(make_settings(db_connection_string=outage.url))
        await first.start()
        assert "Opted out" in await run_memory_command(first, ALICE, "optout")
        await first.close()

        outage.begin()
        services = Services(make_settings(db_connection_string=outage.down_url, db_reconnect_seconds=0.05))
        await services.start()
        try:
            assert not services.db.available
            fake_llm.tools["extract_memories"] = remembers(
                memory("Plays Factorio.", "factorio"), profile="Alice builds megabases."
            )
            await converse(services, "I love Factorio")
            assert fake_llm.tool_requests("extract_memories") == []
            outage.end()
            assert await wait_until(lambda: services.db.available)
            await services.flush_state()
            stored = query(outage.url, "SELECT Memory FROM UserMemory WHERE UserId = ?", ALICE)
            notes = query(outage.url, "SELECT UserNotes FROM UserState WHERE UserId = ?", ALICE)
        finally:
            await services.close()
    assert stored == [], f"memories stored for an opted-out member: {stored}"
    assert notes in ([], [(None,)], [("",)]), notes


async def test_pause_keeps_the_conversation_context(services: Services, fake_llm: FakeLLM):
    await converse(services, "my favourite colour is teal by the way")
    await cmd(services, "pause 30")
    await converse(services, "what did I just say?")
    msgs = fake_llm.chat_requests()[-1]["messages"]
    assert any("teal" in str(m["content"]) for m in msgs[1:-1]), "pausing erased the channel history"


async def test_opt_out_retry_after_failed_erase_still_erases(make_settings: SettingsFactory, database_url: str):
    first = Services(make_settings())
    await first.start()
    await seed_memory(first, ALICE, "Plays chess on weekends.", "chess")
    await first.db.close()
    assert "unavailable" in await cmd(first, "optout")
    await first.close()

    second = Services(make_settings())
    await second.start()
    try:
        assert "Opted out" in await cmd(second, "optout")
    finally:
        await second.close()
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory WHERE UserId = ?", ALICE) == [(0,)]


async def test_opt_out_stops_extraction_entirely_and_survives_a_restart(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Likes hiking.", "hiking"))
    first = Services(make_settings())
    await first.start()
    await converse(first, "went hiking in the Alps today")
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(1,)]
    reply = await cmd(first, "optout")
    assert "deleted 1 memory and your profile" in reply
    assert "already opted out" in await cmd(first, "optout")
    await first.close()

    second = Services(make_settings())
    await second.start()
    try:
        calls_before = len(fake_llm.tool_requests("extract_memories"))
        await converse(second, "hiking again, the Dolomites this time")
        await second.memory.save_passive(user_id=ALICE, observation="Seems to love mountains.", topic="outdoors", guild_id=1)
        assert len(fake_llm.tool_requests("extract_memories")) == calls_before
        assert "[What you know about this person:]" not in system_prompt(fake_llm)
        assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
        assert "Welcome back" in await cmd(second, "optin")
        assert "not opted out" in await cmd(second, "optin")
        await converse(second, "hiking in Norway next week")
        assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(1,)]
        await converse(second, "any hiking tips for Norway?")
        assert "Likes hiking." in system_prompt(fake_llm)
    finally:
        await second.close()
    actions = [a for (a,) in query(database_url, "SELECT Action FROM MemoryAudit")]
    assert actions.count("opted_out") == 1 and actions.count("opted_in") == 1


async def test_pause_stops_learning_but_not_reading(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    await seed_memory(services, ALICE, "Plays bass guitar.", "bass", "guitar")
    fake_llm.tools["extract_memories"] = remembers(memory("Bought a new bass amp.", "bass"))
    assert "Paused" in await cmd(services, "pause 30")
    await converse(services, "bought a new amp for my bass guitar")
    assert "Plays bass guitar" in system_prompt(fake_llm)
    assert fake_llm.tool_requests("extract_memories") == []
    assert "Resumed" in await cmd(services, "resume")
    assert "not paused" in await cmd(services, "resume")
    await converse(services, "the new bass amp sounds great")
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(2,)]
