"""Guild scope: memories learned in one server stay in that server, batched turns keep their server."""

from __future__ import annotations

from chat_turn import converse
from extractor_answers import memory
from fake_llm import Body, FakeLLM
from llm_requests import extraction_input, system_prompt
from memory_seed import ALICE, seed_memory
from settings_factory import SettingsFactory
from shared_database import query

from utils.conversation.messages import IncomingMessage
from utils.runtime import Services


async def test_guild_scope_batched_turns_keep_their_server(make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str):
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
        rows = query(database_url, "SELECT Memory, GuildId FROM UserMemory")
    finally:
        await services.close()
    assert rows == [("Is planning a surprise party for Sam.", 1)], rows


async def test_guild_scope_keeps_servers_apart(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    services = Services(make_settings(memory_scope="guild"))
    await services.start()
    try:
        await seed_memory(services, ALICE, "Is the raid leader on Fridays.", "raid", guild_id=1)
        await seed_memory(services, ALICE, "Asked for help with a private matter.", "raid", guild_id=None)
        await converse(services, "raid tonight?", guild_id=1, channel_id=100)
        assert "raid leader" in system_prompt(fake_llm) and "private matter" not in system_prompt(fake_llm)
        await converse(services, "raid tonight?", guild_id=2, channel_id=200)
        assert "raid leader" not in system_prompt(fake_llm) and "private matter" not in system_prompt(fake_llm)
        await converse(services, "raid tonight?", guild_id=None, channel_id=300)
        assert "private matter" in system_prompt(fake_llm) and "raid leader" not in system_prompt(fake_llm)
    finally:
        await services.close()
