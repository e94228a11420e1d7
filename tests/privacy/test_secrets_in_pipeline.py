"""Secrets through the real pipeline: never sent to the extractor or stored; contact details kept redacted and audited."""

from __future__ import annotations

import json

from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from shared_database import query

from utils.runtime import Services


async def test_card_numbers_and_passwords_never_reach_the_extractor_or_the_table(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        memory("Their card number is 4111 1111 1111 1111.", "payment"),
        memory("Their steam password is hunter2hunter2.", "steam"),
        memory("Is saving up for a new GPU.", "hardware"),
    )
    await converse(services, "my card is 4111 1111 1111 1111 and my password is hunter2hunter2, saving for a GPU")
    sent = json.dumps(fake_llm.tool_requests("extract_memories"))
    assert "4111" not in sent and "hunter2" not in sent
    stored = json.dumps(query(database_url, "SELECT Memory, Topics FROM UserMemory"))
    assert "4111" not in stored and "hunter2" not in stored
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Is saving up for a new GPU.",)]
    assert len(query(database_url, "SELECT * FROM MemoryAudit WHERE Action = 'refused_sensitive'")) == 2
    assert "4111" not in json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt FROM LlmLog"))


async def test_a_memory_with_contact_details_is_kept_redacted_and_audited(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        memory("Runs the community newsletter and asked members to send tips to news@guild.example.org.", "newsletter")
    )
    await converse(services, "I run the newsletter now, send tips to news@guild.example.org")
    assert query(database_url, "SELECT Memory FROM UserMemory") == [
        ("Runs the community newsletter and asked members to send tips to [redacted:email].",)
    ]
    assert query(database_url, "SELECT Action FROM MemoryAudit ORDER BY Id") == [("redacted",), ("saved",)]
