"""Memories expire and are capped: expired rows never reach a prompt and are pruned, the cap keeps the most important."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from llm_requests import system_prompt
from memory_seed import ALICE, seed_memory
from settings_factory import SettingsFactory
from shared_database import query

from utils.runtime import Services


async def test_expired_rows_are_never_injected_and_are_pruned_at_start(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    first = Services(make_settings())
    await first.start()
    await seed_memory(
        first,
        ALICE,
        "Was tilted from ranked losses.",
        "mood",
        ago=timedelta(days=3),
        expires_at=datetime.now(UTC) - timedelta(hours=1),
    )
    await converse(first, "how am I doing today, tilted?")
    assert "tilted from ranked" not in system_prompt(fake_llm)
    await first.close()

    second = Services(make_settings())
    await second.start()
    for _ in range(100):
        if not query(database_url, "SELECT COUNT(*) FROM UserMemory")[0][0]:
            break
        await asyncio.sleep(0.02)
    await second.close()
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    assert query(database_url, "SELECT Action FROM MemoryAudit WHERE Action = 'pruned_expired'") == [("pruned_expired",)]


async def test_cap_of_fifty_keeps_the_most_important(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    services = Services(make_settings(memory_max_per_extraction=50))
    await services.start()
    try:
        await seed_memory(services, ALICE, "Their wedding is on June 12.", "wedding", ago=timedelta(days=40), importance="high")
        many = [memory(f"Likes snack{i}a with dip{i}b and tea{i}c.", f"snack{i}", importance="low") for i in range(50)]
        fake_llm.tools["extract_memories"] = remembers(*many)
        await converse(services, "so many snacks today, here is my list of snacks")
    finally:
        await services.close()
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory WHERE UserId = ?", ALICE) == [(50,)]
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory WHERE Memory LIKE '%wedding%'") == [(1,)]
    assert query(database_url, "SELECT COUNT(*) FROM MemoryAudit WHERE Action = 'pruned_cap'") == [(1,)]
