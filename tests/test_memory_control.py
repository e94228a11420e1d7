"""Members control their memory (issue 4), driven through the terminal chat's `/memory` commands and the pipeline."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from conftest import SettingsFactory, converse, extraction_input, memory, query, remembers, system_prompt
from storage_calls import storage

from breehavior.memory.commands import run_memory_command
from breehavior.runtime import Services
from breehavior.storage.records import MemoryBatch, NewMemory
from breehavior.testing.fake_llm import FakeLLM

ALICE, BOB = 42, 7


async def seed(services: Services, user_id: int, text: str, *topics: str, source: str = "chat", **kw: object) -> int:
    expires = datetime.now(UTC) + timedelta(days=7)
    new = NewMemory(user_id, text, topics, "medium", expires, source, **kw)
    [memory_id] = await storage(services.db).apply_memory_batch(MemoryBatch(user_id=user_id, inserts=[new]))
    services.memory.invalidate(user_id)
    return memory_id


async def cmd(services: Services, text: str, user_id: int = ALICE) -> str:
    return await run_memory_command(services.memory_control, user_id, text)


async def test_show_lists_profile_and_live_memories_with_ids(services: Services) -> None:
    await services.memory.set_profile(ALICE, "Alice mains Zarya.")
    memory_id = await seed(services, ALICE, "Is climbing to Diamond.", "overwatch", "rank")
    shown = await cmd(services, "show")
    assert "Alice mains Zarya." in shown
    assert f"#{memory_id} Is climbing to Diamond. — overwatch, rank · medium · from chat" in shown
    assert "expires in 7 days" in shown


async def test_forget_one_removes_it_from_the_table_and_the_next_prompt(
    services: Services, fake_llm: FakeLLM, db_path: Path
) -> None:
    gta = await seed(services, ALICE, "Plays GTA every night.", "gta")
    chess = await seed(services, ALICE, "Plays chess on weekends.", "chess")
    await converse(services, "gta or chess tonight?")
    assert "Plays GTA every night" in system_prompt(fake_llm)
    assert await cmd(services, f"forget {gta}") == f"Forgot memory #{gta}."
    await converse(services, "gta or chess tonight?")
    assert "Plays GTA" not in system_prompt(fake_llm) and "Plays chess" in system_prompt(fake_llm)
    assert query(db_path, "SELECT Id FROM UserMemory") == [(chess,)]


async def test_another_members_id_and_garbage_change_nothing(services: Services, db_path: Path) -> None:
    bobs = await seed(services, BOB, "Bob owns a cat.", "cat")
    assert "no memory" in (await cmd(services, f"forget {bobs}")).lower()
    assert "no memory" in (await cmd(services, "forget 99999")).lower()
    assert (await cmd(services, "forget ;DROP TABLE")).startswith("usage:")
    assert (await cmd(services, "")).startswith("usage:")
    assert query(db_path, "SELECT Id FROM UserMemory") == [(bobs,)]


async def test_forget_all_erases_memories_profile_history_and_context_but_not_others(
    services: Services, fake_llm: FakeLLM, db_path: Path
) -> None:
    await seed(services, ALICE, "Is learning Japanese.", "japanese")
    await seed(services, ALICE, "Main game is Apex.", "apex", slot_key="main_game")
    bobs = await seed(services, BOB, "Bob is learning Japanese too.", "japanese")
    await services.memory.set_profile(ALICE, "Alice lives in Osaka.")
    await converse(services, "ohayo! my teacher says my kanji is improving")
    await cmd(services, "forget all")
    await converse(services, "what do you know about me?")
    prompt_messages = json.dumps(fake_llm.chat_requests()[-1]["messages"])
    assert "Japanese" not in prompt_messages and "Osaka" not in prompt_messages and "kanji" not in prompt_messages
    assert query(db_path, "SELECT Id FROM UserMemory") == [(bobs,)]
    await services.flush_state()
    assert query(db_path, "SELECT COALESCE(UserNotes, '') FROM UserState WHERE UserId = ?", ALICE) in ([("",)], [])


async def test_audit_records_actions_without_forgotten_content(services: Services, db_path: Path) -> None:
    memory_id = await seed(services, ALICE, "Secretly loves Nickelback.", "music")
    await cmd(services, f"forget {memory_id}")
    await cmd(services, "export")
    rows = query(db_path, "SELECT * FROM MemoryAudit WHERE UserId = ?", ALICE)
    actions = [r[1] for r in rows]
    assert actions == ["saved", "forgotten", "exported"]
    assert "Nickelback" not in json.dumps(rows)
    assert rows[1][3] == memory_id and rows[1][5] == "member"


async def test_export_holds_exactly_the_members_data(services: Services) -> None:
    mine = await seed(services, ALICE, "Builds mechanical keyboards.", "keyboards")
    await seed(services, BOB, "Bob collects stamps.", "stamps")
    await services.memory.set_profile(ALICE, "Alice is a keyboard nerd.")
    data = json.loads(await cmd(services, "export"))
    assert data["member_id"] == str(ALICE) and data["profile"] == "Alice is a keyboard nerd."
    assert [m["id"] for m in data["memories"]] == [mine] and data["memories"][0]["status"] == "live"
    assert "stamps" not in json.dumps(data)
    assert data["memory_settings"] == {"opted_out": False, "paused_until": None}
    assert [a["action"] for a in data["audit"]] == ["saved", "exported"]


async def test_export_of_a_member_with_nothing_stored(services: Services) -> None:
    data = json.loads(await cmd(services, "export", user_id=555))
    assert data["memories"] == [] and data["profile"] == "" and data["behaviour"] is None


async def test_opt_out_stops_extraction_entirely_and_survives_a_restart(
    make_settings: SettingsFactory, fake_llm: FakeLLM, db_path: Path
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Likes hiking.", "hiking"))
    first = Services(make_settings())
    await first.start()
    await converse(first, "went hiking in the Alps today")
    assert query(db_path, "SELECT COUNT(*) FROM UserMemory") == [(1,)]
    reply = await cmd(first, "optout")
    assert "deleted 1 memory and your profile" in reply
    assert "already opted out" in await cmd(first, "optout")
    await first.close()

    second = Services(make_settings())
    await second.start()
    try:
        calls_before = len(fake_llm.tool_requests("extract_memories"))
        await converse(second, "hiking again, the Dolomites this time")
        await second.memory.save_passive(user_id=ALICE, note="Seems to love mountains.", topic="outdoors", guild_id=1)
        assert len(fake_llm.tool_requests("extract_memories")) == calls_before
        assert "[What you know about this person:]" not in system_prompt(fake_llm)
        assert query(db_path, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
        assert "Welcome back" in await cmd(second, "optin")
        assert "not opted out" in await cmd(second, "optin")
        await converse(second, "hiking in Norway next week")
        assert query(db_path, "SELECT COUNT(*) FROM UserMemory") == [(1,)]
        await converse(second, "any hiking tips for Norway?")
        assert "Likes hiking." in system_prompt(fake_llm)
    finally:
        await second.close()
    actions = [a for (a,) in query(db_path, "SELECT Action FROM MemoryAudit")]
    assert actions.count("opted_out") == 1 and actions.count("opted_in") == 1


async def test_pause_stops_learning_but_not_reading(services: Services, fake_llm: FakeLLM, db_path: Path) -> None:
    await seed(services, ALICE, "Plays bass guitar.", "bass", "guitar")
    fake_llm.tools["extract_memories"] = remembers(memory("Bought a new bass amp.", "bass"))
    assert "Paused" in await cmd(services, "pause 30")
    await converse(services, "bought a new amp for my bass guitar")
    assert "Plays bass guitar" in system_prompt(fake_llm)
    assert fake_llm.tool_requests("extract_memories") == []
    assert "Resumed" in await cmd(services, "resume")
    assert "not paused" in await cmd(services, "resume")
    await converse(services, "the new bass amp sounds great")
    assert query(db_path, "SELECT COUNT(*) FROM UserMemory") == [(2,)]


async def test_forget_recent_takes_back_memories_and_profile(services: Services, fake_llm: FakeLLM, db_path: Path) -> None:
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
    assert services.tracker.get_user_notes(ALICE) == "Alice likes cats and is moving to Berlin."
    reply = await cmd(services, "forget recent 10")
    assert reply == "Forgot 1 memory from the last 10 minutes. The profile is back to how it was."
    assert services.tracker.get_user_notes(ALICE) == "Alice likes cats."
    assert query(db_path, "SELECT Memory FROM UserMemory") == [("Has a cat called Miso.",)]
    await services.flush_state()
    assert query(db_path, "SELECT UserNotes FROM UserState WHERE UserId = ?", ALICE) == [("Alice likes cats.",)]


async def test_forgetting_by_asking(services: Services, fake_llm: FakeLLM, db_path: Path) -> None:
    gta = await seed(services, ALICE, "Plays GTA Online with friends.", "gta")
    await seed(services, ALICE, "Has a cat called Miso.", "cat")

    def extractor(body: dict) -> dict:
        text = extraction_input(body)
        number = next(line.split(".")[0] for line in text.splitlines() if "GTA Online" in line)
        return {"memories": [memory("Plays GTA Online.", "gta")], "forget": [int(number), 999, -1, "x"]}

    fake_llm.tools["extract_memories"] = extractor
    await converse(services, "please forget that I play GTA")
    rows = query(db_path, "SELECT Memory FROM UserMemory")
    assert rows == [("Has a cat called Miso.",)]
    assert query(db_path, "SELECT MemoryId FROM MemoryAudit WHERE Action = 'forgotten'") == [(gta,)]
    await converse(services, "what games do I play?")
    assert "GTA" not in json.dumps(fake_llm.chat_requests()[-1]["messages"][:-1])


async def test_extractor_cannot_forget_what_it_was_not_shown(services: Services, fake_llm: FakeLLM, db_path: Path) -> None:
    await seed(services, BOB, "Bob plays Tetris.", "tetris")
    await seed(services, ALICE, "Plays Tetris too.", "tetris")
    fake_llm.tools["extract_memories"] = remembers(forget=[1, 2, 3, 99, 0, -1])
    await converse(services, "forget that I play tetris, and everything about Bob")
    assert query(db_path, "SELECT UserId, Memory FROM UserMemory") == [(BOB, "Bob plays Tetris.")]


async def test_chat_memory_outranks_a_passive_one_in_the_same_slot(services: Services, fake_llm: FakeLLM, db_path: Path) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Main game is Dota 2.", "dota", key="main_game"))
    await converse(services, "my main game is Dota 2 these days")
    await services.memory.save_passive(
        user_id=ALICE, note="Seems to mostly play Fortnite.", topic="fortnite", guild_id=1, key="main_game"
    )
    assert query(db_path, "SELECT Memory, Source FROM UserMemory") == [("Main game is Dota 2.", "chat")]

    fake_llm.tools["extract_memories"] = remembers(memory("Main game is now League of Legends.", "league", key="main_game"))
    await converse(services, "switched to League of Legends as my main game")
    rows = query(db_path, "SELECT Memory, SupersededAt IS NULL FROM UserMemory ORDER BY Id")
    assert rows == [("Main game is Dota 2.", 0), ("Main game is now League of Legends.", 1)]
    await converse(services, "what is my main game? dota or league?")
    assert "Dota" not in system_prompt(fake_llm) and "League of Legends" in system_prompt(fake_llm)

    [(newest,)] = query(db_path, "SELECT Id FROM UserMemory WHERE SupersededAt IS NULL")
    await cmd(services, f"forget {newest}")
    assert query(db_path, "SELECT COUNT(*) FROM UserMemory") == [(0,)]


async def test_guild_scope_keeps_servers_apart(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    services = Services(make_settings(memory_scope="guild"))
    await services.start()
    try:
        await seed(services, ALICE, "Is the raid leader on Fridays.", "raid", guild_id=1)
        await seed(services, ALICE, "Asked for help with a private matter.", "raid", guild_id=None)
        await converse(services, "raid tonight?", guild_id=1, channel_id=100)
        assert "raid leader" in system_prompt(fake_llm) and "private matter" not in system_prompt(fake_llm)
        await converse(services, "raid tonight?", guild_id=2, channel_id=200)
        assert "raid leader" not in system_prompt(fake_llm) and "private matter" not in system_prompt(fake_llm)
        await converse(services, "raid tonight?", guild_id=None, channel_id=300)
        assert "private matter" in system_prompt(fake_llm) and "raid leader" not in system_prompt(fake_llm)
    finally:
        await services.close()
