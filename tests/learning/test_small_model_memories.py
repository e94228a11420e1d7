"""A small model's junk through the real pipeline: nothing stored, the real profile kept, the owner told once."""

from __future__ import annotations

import logging

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from memory_seed import ALICE
from shared_database import query

from utils.runtime import Services

SMOLLM2_ANSWERS = [
    # what SmolLM2-135M and Gemma 3 270M proposed, as llama.cpp's chatml-function-calling returned it
    {"memories": [memory("30d"), memory("7d"), memory("3d")], "profile_update": "peak_camping_museum.jpg"},
    {"memories": [memory("2e89467f5cdeaaebcaabcdccdddceadzx.txt")], "profile_update": "<|im_end|>"},
    {"memories": [memory("4. We&amp;#39;re planning a camping trip")], "profile_update": "I am an AI language model."},
    {
        "memories": [memory("I&amp;#39;d love to hear more about it with your sister!")],
        "profile_update": "Sure! Here are the memories:",
    },
]


@pytest.mark.parametrize("answer", SMOLLM2_ANSWERS)
async def test_junk_is_not_stored_and_the_real_profile_stays(
    answer: dict, services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    await services.memory.set_profile(ALICE, "Alice is a nurse from Lyon.")
    fake_llm.tools["extract_memories"] = lambda body: answer
    await converse(services, "we're planning a camping trip with my sister, I'm so excited")
    assert services.memory.store.profile(ALICE) == "Alice is a nurse from Lyon."
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]


async def test_escaped_entities_are_stored_decoded(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        memory("Is planning a camping trip with their sister&amp;#39;s dog.", "camping")
    )
    await converse(services, "camping trip with my sister's dog soon")
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Is planning a camping trip with their sister's dog.",)]


async def test_a_model_proposing_only_junk_earns_one_warning_with_the_fix(
    services: Services, fake_llm: FakeLLM, caplog: pytest.LogCaptureFixture
) -> None:
    answers = iter(SMOLLM2_ANSWERS * 10)
    fake_llm.tools["extract_memories"] = lambda body: next(answers)
    with caplog.at_level(logging.WARNING, logger="utils.memory.quality"):
        for i in range(12):
            await converse(services, f"we're planning a camping trip, day {i}")
    warnings = [r.getMessage() for r in caplog.records if r.name == "utils.memory.quality"]
    assert len(warnings) == 1, warnings
    assert "'test-model'" in warnings[0] and "refused as junk" in warnings[0] and "LLM_EXTRACTION_MODEL" in warnings[0]
    assert "7B" in warnings[0] and services.memory.quality.junk_share("test-model") == 1.0


async def test_failed_extraction_calls_earn_one_warning(services: Services, fake_llm: FakeLLM, caplog) -> None:
    fake_llm.tools["extract_memories"] = lambda body: None  # the model answers without a tool call
    with caplog.at_level(logging.WARNING, logger="utils.memory.quality"):
        for i in range(12):
            await converse(services, f"I main Mercy, game {i}")
    warnings = [r.getMessage() for r in caplog.records if r.name == "utils.memory.quality"]
    assert len(warnings) == 1 and "calls (100%) failed" in warnings[0]
