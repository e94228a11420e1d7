"""Slot keys: a member's own statement outranks and outlives a passive note on the same slot."""

from __future__ import annotations

from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from llm_requests import system_prompt
from memory_seed import ALICE, cmd
from shared_database import query

from utils.runtime import Services


async def test_member_statement_matching_a_passive_note_is_not_then_overwritten_by_passive(
    services: Services, fake_llm: FakeLLM, database_url: str
):
    await services.memory.save_passive(
        user_id=ALICE, observation="Mostly plays Valorant ranked.", topic="valorant", guild_id=1, key="main_game"
    )
    fake_llm.tools["extract_memories"] = remembers(memory("Mostly plays Valorant ranked.", "valorant", key="main_game"))
    await converse(services, "yeah I mostly play valorant ranked")
    await services.memory.save_passive(
        user_id=ALICE, observation="Seems to play Fortnite now.", topic="fortnite", guild_id=1, key="main_game"
    )
    live = query(database_url, "SELECT Memory, Source FROM UserMemory WHERE SupersededAt IS NULL")
    assert ("Mostly plays Valorant ranked.", "chat") in live, live


async def test_chat_memory_outranks_a_passive_one_in_the_same_slot(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Main game is Dota 2.", "dota", key="main_game"))
    await converse(services, "my main game is Dota 2 these days")
    await services.memory.save_passive(
        user_id=ALICE, observation="Seems to mostly play Fortnite.", topic="fortnite", guild_id=1, key="main_game"
    )
    assert query(database_url, "SELECT Memory, Source FROM UserMemory") == [("Main game is Dota 2.", "chat")]

    fake_llm.tools["extract_memories"] = remembers(memory("Main game is now League of Legends.", "league", key="main_game"))
    await converse(services, "switched to League of Legends as my main game")
    rows = query(database_url, "SELECT Memory, CASE WHEN SupersededAt IS NULL THEN 1 ELSE 0 END FROM UserMemory ORDER BY Id")
    assert rows == [("Main game is Dota 2.", 0), ("Main game is now League of Legends.", 1)]
    await converse(services, "what is my main game? dota or league?")
    assert "Dota" not in system_prompt(fake_llm) and "League of Legends" in system_prompt(fake_llm)

    [(newest,)] = query(database_url, "SELECT Id FROM UserMemory WHERE SupersededAt IS NULL")
    await cmd(services, f"forget {newest}")
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
