"""As a new user would meet it: Ollama's OpenAI layer with a tool-less model and with one whose tool_choice is ignored.

Both must remember what members say and recall it through the real pipeline, the
monitor must get its verdicts, the doctor must exit 0 naming the way, and a restart
must not probe the server again (the way is read back from `LlmToolWay`).
"""

from __future__ import annotations

import io
import logging

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from llm_requests import system_prompt
from monitor_fakes import Analyst, said
from settings_factory import SettingsFactory
from shared_database import query

from utils.doctor import run_doctor
from utils.monitor.policy import ActionKind
from utils.runtime import Services

OLLAMA_LIKE = {
    "ollama-no-tools": "structured output (this server refuses forced tool calls)",
    "ollama-ignores-tool-choice": "structured output (this server ignores forced tool calls)",
}


@pytest.mark.parametrize("model", list(OLLAMA_LIKE))
async def test_a_member_is_remembered_and_recalled(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str, caplog: pytest.LogCaptureFixture, model: str
) -> None:
    fake_llm.models = [f"{model}:latest"]
    fake_llm.tools["extract_memories"] = remembers(memory("Has a cat called Miso.", "cat", "pets"))
    fake_llm.tools["report_analysis"] = Analyst()
    settings = make_settings(llm_model=model, sentiment_channel_ids=[500], sentiment_batch_size=3)
    services = Services(settings)
    await services.start()
    try:
        await converse(services, "I just adopted a cat called Miso!")
        assert query(database_url, "SELECT Memory FROM UserMemory WHERE UserId = 42") == [("Has a cat called Miso.",)]
        fake_llm.tools["extract_memories"] = remembers()
        await converse(services, "what is my cat called again?")
        assert "Has a cat called Miso." in system_prompt(fake_llm), "recalled in the memory block"
        outcome = await services.monitor.analyse([said("you idiot"), said("gg all", author_id=7, name="Bob")])
        assert [a.kind for a in outcome.actions] == [ActionKind.WARN]
    finally:
        await services.close()
    ways = fake_llm.requests_by_way()
    assert ways.count("tools") == 1, f"the forced call is tried once, then remembered: {ways}"

    code_out = io.StringIO()
    assert await run_doctor(settings, skip_discord=True, out=code_out) == 0, code_out.getvalue()
    assert f"chat and extraction ({model}): {OLLAMA_LIKE[model]}" in code_out.getvalue()

    before = len(fake_llm.requests)
    again = Services(settings)
    with caplog.at_level(logging.INFO, logger="utils.runtime"):
        await again.start()
    assert f"LLM tool arguments for {model} (LLM_MODEL): {OLLAMA_LIKE[model]}." in caplog.text, "the start-up line"
    try:
        fake_llm.tools["extract_memories"] = remembers(memory("Plays chess every evening.", "chess"))
        await converse(again, "I play chess every evening")
    finally:
        await again.close()
    assert [w for w in fake_llm.requests_by_way()[before:] if w != "chat"] == ["json_schema"], "a restart does not probe"
    assert ("Plays chess every evening.",) in query(database_url, "SELECT Memory FROM UserMemory")
    refused = "tools:http" if model == "ollama-no-tools" else "tools:ignored"
    assert query(database_url, "SELECT Way, Refused FROM LlmToolWay WHERE Model = ?", model) == [("json_schema", refused)]


async def test_a_forced_way_is_the_only_way_asked(make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str) -> None:
    """LLM_TOOL_MODE for an operator who knows their server: no probing, no fallback."""
    fake_llm.tools["extract_memories"] = remembers(memory("Has a cat called Miso.", "cat"))
    services = Services(make_settings(llm_model="ollama-no-tools", llm_tool_mode="json_object"))
    await services.start()
    try:
        await converse(services, "I just adopted a cat called Miso!")
    finally:
        await services.close()
    assert [w for w in fake_llm.requests_by_way() if w != "chat"] == ["json_object"]
    assert query(database_url, "SELECT Way FROM LlmLog WHERE Kind = 'memory_extraction'") == [("json_object",)]
