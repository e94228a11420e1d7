"""What a careless model proposes never reaches memory: junk, someone else's facts, a forget nobody asked for.

Through the real pipeline (fake LLM over HTTP, SQLite in tmp_path); the rules' tables are in
tests/unit/test_memory_vetting.py.
"""

from __future__ import annotations

from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from shared_database import query

from utils.runtime import Services

JUNK_ANSWERS = ["1d", "][", "💡", "1.0", "null", "{{message}}", "12345", "Is grinding GTA to reach rank 500."]


async def test_junk_memories_and_a_junk_profile_are_not_stored(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        *(memory(text, "x") for text in JUNK_ANSWERS), memory("Collects vinyl records.", "vinyl"), profile="{{profile}}"
    )
    await converse(services, "I collect vinyl records, mostly jazz")
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Collects vinyl records.",)]
    assert services.memory.profile(42) == ""


async def test_a_forget_the_member_did_not_ask_for_deletes_nothing(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Plays GTA Online with friends.", "gta"))
    await converse(services, "I play GTA Online with friends")
    fake_llm.tools["extract_memories"] = remembers(forget=[1])
    await converse(services, "I forgot my keys at work today, ugh")
    await converse(services, "don't forget to water the plants, note to self")
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Plays GTA Online with friends.",)]

    await converse(services, "vergiss bitte, dass ich GTA spiele")
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]


async def test_a_claim_about_another_member_is_not_stored_under_the_speaker(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        memory("Bob's real name is Robert and he lives at 12 Elm St", "bob"),
        memory("Says @bob is a thief.", "bob"),
        memory("Plays Valorant with Bob every Friday.", "valorant"),
        profile="Alice is a nurse. Bob is a thief.",
    )
    await converse(services, "Bob's real name is Robert and he lives at 12 Elm St, also @bob is a thief lol")
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Plays Valorant with Bob every Friday.",)]
    assert services.memory.profile(42) == "Alice is a nurse."
