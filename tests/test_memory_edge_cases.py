"""Edge cases of memory privacy and consistency found in review: races, outages, slots, scope, retrieval."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from conftest import SettingsFactory, converse, extraction_input, memory, query, remembers, system_prompt
from storage_calls import storage

from breehavior.conversation.messages import IncomingMessage
from breehavior.memory.commands import run_memory_command
from breehavior.runtime import Services
from breehavior.storage.records import MemoryBatch, NewMemory
from breehavior.testing.fake_llm import Body, FakeLLM

ALICE, BOB = 42, 7


async def seed(
    services: Services, user_id: int, text: str, *topics: str, source: str = "chat", ago: timedelta = timedelta(0)
) -> int:
    """Store a memory as if learned ``ago`` (it expires a week from now)."""
    new = NewMemory(user_id, text, topics, "medium", datetime.now(UTC) + timedelta(days=7), source)
    [mid] = await storage(services.db).apply_memory_batch(
        MemoryBatch(user_id=user_id, inserts=[new]), now=datetime.now(UTC) - ago
    )
    services.memory.invalidate(user_id)
    return mid


async def cmd(services: Services, text: str, user_id: int = ALICE) -> str:
    return await run_memory_command(services.memory_control, user_id, text)


async def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    """The database's background reconnect has no event to await: poll for it, bounded."""
    for _ in range(int(timeout / 0.02)):
        if condition():
            return True
        await asyncio.sleep(0.02)
    return condition()


async def test_opt_out_holds_when_database_is_down_at_start(make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path):
    folder = tmp_path / "data"
    db_file = folder / "bot.db"
    first = Services(make_settings(db_connection_string=f"sqlite:///{db_file}"))
    await first.start()
    assert "Opted out" in await run_memory_command(first.memory_control, ALICE, "optout")
    await first.close()

    hidden = tmp_path / "hidden"
    folder.rename(hidden)
    folder.write_text("blocker")
    services = Services(make_settings(db_connection_string=f"sqlite:///{db_file}", db_reconnect_seconds=0.05))
    await services.start()
    try:
        fake_llm.tools["extract_memories"] = remembers(memory("Plays Factorio.", "factorio"), profile="Alice builds megabases.")
        await converse(services, "I love Factorio")
        assert fake_llm.tool_requests("extract_memories") == []
        folder.unlink()
        hidden.rename(folder)
        assert await wait_until(lambda: services.db.available)
        await services.flush_state()
        stored = query(db_file, "SELECT Memory FROM UserMemory WHERE UserId = ?", ALICE)
        notes = query(db_file, "SELECT UserNotes FROM UserState WHERE UserId = ?", ALICE)
    finally:
        await services.close()
    assert stored == [], f"memories stored for an opted-out member: {stored}"
    assert notes in ([], [(None,)], [("",)]), notes


async def test_forget_recent_brings_back_the_superseded_slot_value(services: Services, fake_llm: FakeLLM, db_path: Path):
    old = NewMemory(
        ALICE, "Main game is Dota 2.", ("dota",), "medium", datetime.now(UTC) + timedelta(days=7), "chat", 1, "main_game"
    )
    await storage(services.db).apply_memory_batch(
        MemoryBatch(user_id=ALICE, inserts=[old]), now=datetime.now(UTC) - timedelta(hours=3)
    )
    services.memory.invalidate(ALICE)
    fake_llm.tools["extract_memories"] = remembers(memory("Main game is now League.", "league", key="main_game"))
    await converse(services, "switched my main game to League")
    assert query(db_path, "SELECT Memory, SupersededAt IS NULL FROM UserMemory ORDER BY Id") == [
        ("Main game is Dota 2.", 0),
        ("Main game is now League.", 1),
    ]
    await cmd(services, "forget recent 10")
    assert query(db_path, "SELECT Memory, SupersededAt IS NULL FROM UserMemory") == [("Main game is Dota 2.", 1)]


async def test_notes_rollback_does_not_resurrect_forgotten_notes(services: Services, db_path: Path):
    await services.memory.set_profile(ALICE, "[2024-01-01 10:00] was rude in #general; lives in Lyon")
    await services.flush_state()
    old = services.tracker.get_user_notes(ALICE)
    assert await storage(services.db).migrate_user_notes(ALICE, old, "Lives in Lyon.")
    await services.memory.set_profile(ALICE, "Lives in Lyon.")
    await services.flush_state()
    await cmd(services, "forget all")
    await services.flush_state()  # the periodic flush writes the tracker's "" profile
    await storage(services.db).rollback_notes_migration()
    assert query(db_path, "SELECT Notes FROM NotesBackup") == []
    assert query(db_path, "SELECT UserNotes FROM UserState WHERE UserId = ?", ALICE) in ([(None,)], [("",)])


async def test_guild_scope_batched_turns_keep_their_server(make_settings: SettingsFactory, fake_llm: FakeLLM, db_path: Path):
    services = Services(make_settings(memory_scope="guild", memory_extraction_delay_seconds=0.3))
    await services.start()
    try:

        def extractor(body: Body) -> dict:
            party = "surprise party" in extraction_input(body)
            return {"memories": [memory("Is planning a surprise party for Sam.", "party")] if party else []}

        fake_llm.tools["extract_memories"] = extractor
        await services.chat.respond(
            IncomingMessage(ALICE, "Alice", 100, "general", "planning a surprise party for Sam", guild_id=1)
        )
        await services.chat.respond(IncomingMessage(ALICE, "Alice", 200, "general", "hello there server two friends", guild_id=2))
        await services.tasks.drain(10)
        rows = query(db_path, "SELECT Memory, GuildId FROM UserMemory")
    finally:
        await services.close()
    assert rows == [("Is planning a surprise party for Sam.", 1)], rows


async def test_pause_keeps_the_conversation_context(services: Services, fake_llm: FakeLLM):
    await converse(services, "my favourite colour is teal by the way")
    await cmd(services, "pause 30")
    await converse(services, "what did I just say?")
    msgs = fake_llm.chat_requests()[-1]["messages"]
    assert any("teal" in str(m["content"]) for m in msgs[1:-1]), "pausing erased the channel history"


async def test_forget_all_blanks_llm_log_rows_not_yet_flushed(services: Services, fake_llm: FakeLLM, db_path: Path):
    fake_llm.tools["extract_memories"] = remembers(memory("Has a dog called Biscuit.", "dog"))
    await converse(services, "my dog Biscuit ate my homework")
    await cmd(services, "forget all")
    await services.llm_log.flush()
    rows = query(db_path, "SELECT Kind, RequestExcerpt FROM LlmLog WHERE UserId = ? AND RequestExcerpt LIKE '%Biscuit%'", ALICE)
    assert rows == [], rows


async def test_member_statement_matching_a_passive_note_is_not_then_overwritten_by_passive(
    services: Services, fake_llm: FakeLLM, db_path: Path
):
    await services.memory.save_passive(
        user_id=ALICE, note="Mostly plays Valorant ranked.", topic="valorant", guild_id=1, key="main_game"
    )
    fake_llm.tools["extract_memories"] = remembers(memory("Mostly plays Valorant ranked.", "valorant", key="main_game"))
    await converse(services, "yeah I mostly play valorant ranked")
    await services.memory.save_passive(
        user_id=ALICE, note="Seems to play Fortnite now.", topic="fortnite", guild_id=1, key="main_game"
    )
    live = query(db_path, "SELECT Memory, Source FROM UserMemory WHERE SupersededAt IS NULL")
    assert ("Mostly plays Valorant ranked.", "chat") in live, live


async def test_topic_with_inner_stop_word_matches(services: Services, fake_llm: FakeLLM):
    for i in range(6):
        await seed(services, ALICE, f"Filler memory number {i} about cooking pasta.", "cooking", ago=timedelta(minutes=10 - i))
    await seed(services, ALICE, "Grinding prestige in COD with the squad.", "call of duty", ago=timedelta(days=3))
    await converse(services, "anyone up for call of duty tonight?")
    assert "COD" in system_prompt(fake_llm)


async def test_a_topic_never_shrinks_to_a_common_word(services: Services, fake_llm: FakeLLM):
    for i in range(6):
        await seed(services, ALICE, f"Filler memory number {i} about cooking pasta.", "cooking", ago=timedelta(minutes=10 - i))
    await seed(services, ALICE, "Cried at the ending of TLOU.", "the last of us", ago=timedelta(days=3))
    await converse(services, "last night I went bowling")
    assert "TLOU" not in system_prompt(fake_llm)


async def test_passive_general_topic_not_hit_by_general_channel(services: Services, fake_llm: FakeLLM):
    for i in range(6):
        await seed(services, ALICE, f"Filler memory number {i} about cooking pasta.", "cooking", ago=timedelta(minutes=10 - i))
    await seed(services, ALICE, "Was heated in an argument about politics.", "general", source="passive", ago=timedelta(days=3))
    await converse(services, "what should I cook tonight?", channel="general")
    assert "argument" not in system_prompt(fake_llm)


async def test_forget_all_while_an_extraction_is_in_flight_leaves_nothing(services: Services, fake_llm: FakeLLM, db_path: Path):
    fake_llm.tools["extract_memories"] = remembers(
        memory("Plays Factorio nightly.", "factorio"), profile="Alice builds megabases."
    )
    await services.chat.respond(IncomingMessage(ALICE, "Alice", 100, "general", "I love Factorio, I build megabases", guild_id=1))
    fake_llm.gate = threading.Event()
    fake_llm.arrived.clear()
    assert await asyncio.get_running_loop().run_in_executor(None, fake_llm.arrived.wait, 10)
    await cmd(services, "forget all")
    fake_llm.gate.set()
    await services.tasks.drain(10)
    await services.flush_state()
    assert query(db_path, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    assert services.tracker.get_user_notes(ALICE) == ""


async def test_opt_out_retry_after_failed_erase_still_erases(make_settings: SettingsFactory, db_path: Path):
    first = Services(make_settings())
    await first.start()
    await seed(first, ALICE, "Plays chess on weekends.", "chess")
    await first.db.close()
    assert "unavailable" in await cmd(first, "optout")
    await first.close()

    second = Services(make_settings())
    await second.start()
    try:
        assert "Opted out" in await cmd(second, "optout")
    finally:
        await second.close()
    assert query(db_path, "SELECT COUNT(*) FROM UserMemory WHERE UserId = ?", ALICE) == [(0,)]


async def test_forgotten_fact_not_folded_into_profile_from_the_same_message(services: Services, fake_llm: FakeLLM, db_path: Path):
    await seed(services, ALICE, "Plays GTA Online with friends.", "gta")

    def extractor(body: Body) -> dict:
        text = extraction_input(body)
        number = next(line.split(".")[0] for line in text.splitlines() if "GTA Online" in line)
        return {"memories": [memory("Plays GTA Online.", "gta", expiration="permanent")], "forget": [int(number)]}

    fake_llm.tools["extract_memories"] = extractor
    await converse(services, "please forget that I play GTA")
    assert query(db_path, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    assert "GTA" not in services.tracker.get_user_notes(ALICE)
