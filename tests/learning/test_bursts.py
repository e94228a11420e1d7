"""A burst of messages is extracted in fewer calls, each turn exactly once."""

from __future__ import annotations

from fake_llm import FakeLLM
from llm_requests import extraction_input
from memory_seed import ALICE
from settings_factory import SettingsFactory

from utils.runtime import Services


async def test_burst_costs_fewer_calls_and_each_turn_is_extracted_once(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    fake_llm.chat = lambda body: "nice"
    services = Services(make_settings(memory_extraction_delay_seconds=0.2))
    await services.start()
    try:
        from utils.conversation.messages import IncomingMessage

        for word in ("apples", "bananas", "cherries", "dates"):
            await services.chat.respond(IncomingMessage(ALICE, "Alice", 100, "general", f"I really like {word}", guild_id=1))
        await services.tasks.drain(10)
    finally:
        await services.close()
    requests = [extraction_input(r) for r in fake_llm.tool_requests("extract_memories")]
    assert len(requests) == 1
    for word in ("apples", "bananas", "cherries", "dates"):
        assert sum(r.count(f"I really like {word}") for r in requests) == 1
