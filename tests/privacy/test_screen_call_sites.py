"""The screen at the memory's call sites: what a model returns as topics or a slot key, and a display name shown to
the extractor, pass through it: a secret never survives as a slot key, a topic or a name the extractor sees."""

from __future__ import annotations

import json

from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from shared_database import query

from utils.runtime import Services


async def test_a_topic_or_slot_key_holding_a_secret_is_not_stored(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        memory("Plays chess in a club every Tuesday evening", "chess", "password Hunter22", key="wifi_password_blueberry77")
    )
    await converse(services, "I play chess at the club on Tuesdays")
    [(topics, slot)] = query(database_url, "SELECT Topics, SlotKey FROM UserMemory")
    assert "Hunter22" not in topics and "chess" in topics
    assert slot is None


async def test_a_display_name_that_is_an_address_never_reaches_the_extractor(services: Services, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Plays chess in a club every Tuesday evening", "chess"))
    await converse(services, "I play chess at the club on Tuesdays", name="alice.smith@gmail.com")
    [request] = fake_llm.tool_requests("extract_memories")
    assert "alice.smith@gmail.com" not in json.dumps(request, ensure_ascii=False)
