"""Topics match the way members write: inflections, multi-word topics, inner stop words, never a common word alone."""

from __future__ import annotations

from datetime import timedelta

from chat_turn import converse
from fake_llm import FakeLLM
from llm_requests import system_prompt
from memory_seed import ALICE, seed_memory

from utils.runtime import Services


async def test_inflected_and_multi_word_topics_match(services: Services, fake_llm: FakeLLM) -> None:
    await seed_memory(services, ALICE, "Has a dog named Biscuit.", "dog", "pets", ago=timedelta(days=25))
    await seed_memory(services, ALICE, "Wants to platinum Elden Ring.", "elden ring", ago=timedelta(days=24))
    for day in range(5):
        await seed_memory(services, ALICE, f"Filler memory {day}.", "filler", ago=timedelta(days=day))
    await converse(services, "my DOGS keep barking at the mailman", channel="elden-ring-help")
    prompt = system_prompt(fake_llm)
    assert "Biscuit" in prompt and "platinum Elden Ring" in prompt


async def test_topic_with_inner_stop_word_matches(services: Services, fake_llm: FakeLLM):
    for i in range(6):
        await seed_memory(
            services, ALICE, f"Filler memory number {i} about cooking pasta.", "cooking", ago=timedelta(minutes=10 - i)
        )
    await seed_memory(services, ALICE, "Grinding prestige in COD with the squad.", "call of duty", ago=timedelta(days=3))
    await converse(services, "anyone up for call of duty tonight?")
    assert "COD" in system_prompt(fake_llm)


async def test_a_topic_never_shrinks_to_a_common_word(services: Services, fake_llm: FakeLLM):
    for i in range(6):
        await seed_memory(
            services, ALICE, f"Filler memory number {i} about cooking pasta.", "cooking", ago=timedelta(minutes=10 - i)
        )
    await seed_memory(services, ALICE, "Cried at the ending of TLOU.", "the last of us", ago=timedelta(days=3))
    await converse(services, "last night I went bowling")
    assert "TLOU" not in system_prompt(fake_llm)


async def test_passive_general_topic_not_hit_by_general_channel(services: Services, fake_llm: FakeLLM):
    for i in range(6):
        await seed_memory(
            services, ALICE, f"Filler memory number {i} about cooking pasta.", "cooking", ago=timedelta(minutes=10 - i)
        )
    await seed_memory(
        services, ALICE, "Was heated in an argument about politics.", "general", source="passive", ago=timedelta(days=3)
    )
    await converse(services, "what should I cook tonight?", channel="general")
    assert "argument" not in system_prompt(fake_llm)
