"""Forgetting (`/memory forget`, forget-recent, forget-all, by asking): every copy goes, in-flight work included."""

from __future__ import annotations

import asyncio
import json
import threading
from datetime import UTC, datetime, timedelta

from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import Body, FakeLLM
from llm_requests import extraction_input, system_prompt
from memory_seed import ALICE, BOB, cmd, invalidate, seed_memory
from settings_factory import SettingsFactory
from shared_database import query
from storage_calls import storage

from utils.conversation.messages import IncomingMessage
from utils.runtime import Services
from utils.storage.records import MemoryBatch, NewMemory


async def test_forget_recent_brings_back_the_superseded_slot_value(services: Services, fake_llm: FakeLLM, database_url: str):
    old = NewMemory(
        ALICE, "Main game is Dota 2.", ("dota",), "medium", datetime.now(UTC) + timedelta(days=7), "chat", 1, "main_game"
    )
    await storage(services.db).apply_memory_batch(
        MemoryBatch(user_id=ALICE, inserts=[old]), now=datetime.now(UTC) - timedelta(hours=3)
    )
    invalidate(services.memory, ALICE)
    fake_llm.tools["extract_memories"] = remembers(memory("Main game is now League.", "league", key="main_game"))
    await converse(services, "switched my main game to League")
    assert query(database_url, "SELECT Memory, CASE WHEN SupersededAt IS NULL THEN 1 ELSE 0 END FROM UserMemory ORDER BY Id") == [
        ("Main game is Dota 2.", 0),
        ("Main game is now League.", 1),
    ]
    await cmd(services, "forget recent 10")
    assert query(database_url, "SELECT Memory, CASE WHEN SupersededAt IS NULL THEN 1 ELSE 0 END FROM UserMemory") == [
        ("Main game is Dota 2.", 1)
    ]


async def test_notes_rollback_does_not_resurrect_forgotten_notes(services: Services, database_url: str):
    await services.memory.set_profile(ALICE, "[2024-01-01 10:00] was rude in #general; lives in Lyon")
    await services.flush_state()
    old = services.monitor_state.get_user_notes(ALICE)
    assert await storage(services.db).migrate_user_notes(ALICE, old, "Lives in Lyon.")
    await services.memory.set_profile(ALICE, "Lives in Lyon.")
    await services.flush_state()
    await cmd(services, "forget all")
    await services.flush_state()  # the periodic flush writes the monitor_state's "" profile
    await storage(services.db).rollback_notes_migration()
    assert query(database_url, "SELECT Notes FROM NotesBackup") == []
    assert query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = ?", ALICE) in ([(None,)], [("",)])


async def test_forget_all_blanks_llm_log_rows_not_yet_flushed(services: Services, fake_llm: FakeLLM, database_url: str):
    fake_llm.tools["extract_memories"] = remembers(memory("Has a dog called Biscuit.", "dog"))
    await converse(services, "my dog Biscuit ate my homework")
    await cmd(services, "forget all")
    await services.llm_log.flush()
    rows = query(
        database_url, "SELECT Kind, RequestExcerpt FROM LlmLog WHERE UserId = ? AND RequestExcerpt LIKE '%Biscuit%'", ALICE
    )
    assert rows == [], rows


async def test_forget_all_while_an_extraction_is_in_flight_leaves_nothing(
    services: Services, fake_llm: FakeLLM, database_url: str
):
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
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    assert services.monitor_state.get_user_notes(ALICE) == ""


async def test_forgotten_fact_not_folded_into_profile_from_the_same_message(
    services: Services, fake_llm: FakeLLM, database_url: str
):
    await seed_memory(services, ALICE, "Plays GTA Online with friends.", "gta")

    def extractor(body: Body) -> dict:
        text = extraction_input(body)
        number = next(line.split(".")[0] for line in text.splitlines() if "GTA Online" in line)
        return {"memories": [memory("Plays GTA Online.", "gta", expiration="permanent")], "forget": [int(number)]}

    fake_llm.tools["extract_memories"] = extractor
    await converse(services, "please forget that I play GTA")
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    assert "GTA" not in services.monitor_state.get_user_notes(ALICE)


async def test_forget_one_removes_it_from_the_table_and_the_next_prompt(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    gta = await seed_memory(services, ALICE, "Plays GTA every night.", "gta")
    chess = await seed_memory(services, ALICE, "Plays chess on weekends.", "chess")
    await converse(services, "gta or chess tonight?")
    assert "Plays GTA every night" in system_prompt(fake_llm)
    assert (await cmd(services, f"forget {gta}")).startswith(f"Forgot memory #{gta}. Gone: 1 memory")
    await converse(services, "gta or chess tonight?")
    assert "Plays GTA" not in system_prompt(fake_llm) and "Plays chess" in system_prompt(fake_llm)
    assert query(database_url, "SELECT Id FROM UserMemory") == [(chess,)]


async def test_forget_all_erases_memories_profile_history_and_context_but_not_others(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    await seed_memory(services, ALICE, "Is learning Japanese.", "japanese")
    await seed_memory(services, ALICE, "Main game is Apex.", "apex", slot_key="main_game")
    bobs = await seed_memory(services, BOB, "Bob is learning Japanese too.", "japanese")
    await services.memory.set_profile(ALICE, "Alice lives in Osaka.")
    await converse(services, "ohayo! my teacher says my kanji is improving")
    await cmd(services, "forget all")
    await converse(services, "what do you know about me?")
    prompt_messages = json.dumps(fake_llm.chat_requests()[-1]["messages"])
    assert "Japanese" not in prompt_messages and "Osaka" not in prompt_messages and "kanji" not in prompt_messages
    assert query(database_url, "SELECT Id FROM UserMemory") == [(bobs,)]
    await services.flush_state()
    assert query(database_url, "SELECT COALESCE(UserNotes, '') FROM UserState WHERE UserId = ?", ALICE) in ([("",)], [])


async def test_forget_recent_takes_back_memories_and_profile(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    old = NewMemory(ALICE, "Has a cat called Miso.", ("cat",), "medium", datetime.now(UTC) + timedelta(days=7), "chat")
    three_hours_ago = datetime.now(UTC) - timedelta(hours=3)
    await storage(services.db).apply_memory_batch(
        MemoryBatch(user_id=ALICE, inserts=[old], profile="Alice likes cats."), now=three_hours_ago
    )
    services.memory.store.load_profiles({ALICE: "Alice likes cats."})
    fake_llm.tools["extract_memories"] = remembers(
        memory("Is moving to Berlin.", "moving"), profile="Alice likes cats and is moving to Berlin."
    )
    await converse(services, "big news, I'm moving to Berlin")
    assert services.monitor_state.get_user_notes(ALICE) == "Alice likes cats and is moving to Berlin."
    reply = await cmd(services, "forget recent 10")
    assert reply.startswith("Forgot 1 memory from the last 10 minutes. The profile is back to how it was. Gone: 1 memory")
    assert services.monitor_state.get_user_notes(ALICE) == "Alice likes cats."
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Has a cat called Miso.",)]
    await services.flush_state()
    assert query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = ?", ALICE) == [("Alice likes cats.",)]


async def test_forgetting_by_asking(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    gta = await seed_memory(services, ALICE, "Plays GTA Online with friends.", "gta")
    await seed_memory(services, ALICE, "Has a cat called Miso.", "cat")

    def extractor(body: dict) -> dict:
        text = extraction_input(body)
        number = next(line.split(".")[0] for line in text.splitlines() if "GTA Online" in line)
        return {"memories": [memory("Plays GTA Online.", "gta")], "forget": [int(number), 999, -1, "x"]}

    fake_llm.tools["extract_memories"] = extractor
    await converse(services, "please forget that I play GTA")
    rows = query(database_url, "SELECT Memory FROM UserMemory")
    assert rows == [("Has a cat called Miso.",)]
    assert query(database_url, "SELECT MemoryId FROM MemoryAudit WHERE Action = 'forgotten'") == [(gta,)]
    await converse(services, "what games do I play?")
    assert "GTA" not in json.dumps(fake_llm.chat_requests()[-1]["messages"][:-1])


async def test_forget_all_during_one_servers_extraction_drops_the_other_servers_turns_too(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    """The worker takes a member's turns of several servers at once; an erasure while the first server's are
    extracted must drop the rest it already took, not extract them under the new epoch."""
    services = Services(make_settings(memory_extraction_delay_seconds=0.2))
    await services.start()
    try:
        fake_llm.tools["extract_memories"] = remembers(memory("Plays Factorio nightly.", "factorio"))
        for guild_id, text in [(1, "I love Factorio"), (2, "Factorio again tonight"), (1, "megabase time")]:
            services.memory.remember_turn(user_id=ALICE, member_name="Alice", guild_id=guild_id, user_text=text, bot_reply="")
        fake_llm.gate = threading.Event()
        fake_llm.arrived.clear()
        assert await asyncio.get_running_loop().run_in_executor(None, fake_llm.arrived.wait, 10)
        await cmd(services, "forget all")
        fake_llm.gate.set()
        await services.tasks.drain(10)
        assert len(fake_llm.tool_requests("extract_memories")) == 1, "the other server's turns were never extracted"
        assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    finally:
        await services.close()
