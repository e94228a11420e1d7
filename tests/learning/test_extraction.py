"""What the extractor is shown and stores: refreshes, not duplicates; live memories numbered; image-only turns skipped."""

from __future__ import annotations

from datetime import timedelta

from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from llm_requests import extraction_input
from memory_seed import ALICE, BOB, seed_memory
from shared_database import query

from utils.conversation.messages import IncomingMessage
from utils.runtime import Services


async def test_repeated_extraction_refreshes_instead_of_duplicating(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Is grinding GTA to reach rank 500.", "gta", expiration="7d"))
    await converse(services, "grinding GTA again for rank 500")
    first_expiry = query(database_url, "SELECT ExpiresAt FROM UserMemory")[0][0]
    fake_llm.tools["extract_memories"] = remembers(
        memory("Grinding GTA to reach rank 500.", "gta", "rank", expiration="30d", importance="high")
    )
    await converse(services, "still grinding GTA for rank 500 lol")
    rows = query(database_url, "SELECT Memory, Topics, Importance, ExpiresAt FROM UserMemory")
    assert len(rows) == 1
    assert rows[0][2] == "high" and rows[0][3] > first_expiry and "rank" in rows[0][1]


async def test_image_only_messages_skip_extraction(services: Services, fake_llm: FakeLLM) -> None:

    await services.chat.respond(IncomingMessage(ALICE, "Alice", 100, "general", "", guild_id=1, image_urls=("http://x/cat.png",)))
    await services.tasks.drain(10)
    assert fake_llm.tool_requests("extract_memories") == []
    assert "cannot see images" in fake_llm.chat_requests()[-1]["messages"][-1]["content"]


async def test_the_extractor_sees_live_memories_numbered_not_by_id(services: Services, fake_llm: FakeLLM) -> None:
    for n in range(3):
        await seed_memory(services, BOB, f"Bob fact {n}.", "bob", ago=timedelta(days=3))
    memory_id = await seed_memory(services, ALICE, "Plays Valorant at Gold rank.", "valorant", ago=timedelta(days=2))
    await converse(services, "climbed to platinum in valorant today")
    text = extraction_input(fake_llm.tool_requests("extract_memories")[-1])
    assert memory_id >= 4, "three memories were stored before it"
    assert "1. Plays Valorant at Gold rank." in text and f"{memory_id}. Plays" not in text


async def test_extractor_cannot_forget_what_it_was_not_shown(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    await seed_memory(services, BOB, "Bob plays Tetris.", "tetris")
    await seed_memory(services, ALICE, "Plays Tetris too.", "tetris")
    fake_llm.tools["extract_memories"] = remembers(forget=[1, 2, 3, 99, 0, -1])
    await converse(services, "forget that I play tetris, and everything about Bob")
    assert query(database_url, "SELECT UserId, Memory FROM UserMemory") == [(BOB, "Bob plays Tetris.")]
