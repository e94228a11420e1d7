"""A later message reveals an earlier one held a secret, and a screen had already cut part of that value out of a copy
by its shape (a phone number, an e-mail inside a password): the reveal still takes the rest of the value out of every
copy — the written and the waiting log rows, the queued turn and the extractor's input, a memory learned before the
reveal, the monitor's waiting batch and its request, the chat context — through the real pipeline.

"new one is Walnut-0176-445588-Oyster" is logged "new one is Walnut-[redacted:phone]-Oyster"; "that was my steam
password btw" reveals "Walnut-0176-445588-Oyster", which no copy holds whole any more: "Walnut" and "Oyster" must go."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from chat_turn import converse
from extractor_answers import memory
from fake_llm import FakeLLM
from monitor_fakes import Analyst, said
from settings_factory import SettingsFactory
from shared_database import query

from utils.conversation.messages import IncomingMessage
from utils.runtime import Services

REVEAL = "that was my steam password btw"
CASES = [
    ("new one is Walnut-0176-445588-Oyster and its fine", "Walnut-0176-445588-Oyster"),
    ("logged in w walnut:ana.k@example.com:oyster ok", "walnut:ana.k@example.com:oyster"),
]
"""A member's message whose value a screen cuts part of by its shape (a phone, an e-mail), and the value."""
REMAINDER = ("walnut", "oyster")


def _left(trace: str) -> list[str]:
    return [piece for piece in REMAINDER if piece in trace.casefold()]


def _log(database_url: str) -> str:
    return json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"), ensure_ascii=False)


def _nothing(_body: dict) -> dict:
    return {"memories": [], "profile_update": None, "forget": []}


@pytest_asyncio.fixture
async def batching(make_settings: SettingsFactory) -> AsyncIterator[Services]:
    """Services whose extraction waits a moment, as in production: the reveal comes while the turn is queued."""
    running = Services(make_settings(memory_extraction_delay_seconds=0.5))
    await running.start()
    yield running
    await running.close()


@pytest.mark.parametrize(("first", "value"), CASES)
async def test_a_written_log_row_the_logs_screen_cut_into_loses_the_rest_of_the_value(
    services: Services, fake_llm: FakeLLM, database_url: str, first: str, value: str
) -> None:
    fake_llm.chat = lambda body: "Okay!"
    fake_llm.tools["extract_memories"] = _nothing
    await converse(services, first)
    await services.llm_log.flush()
    written = _log(database_url)
    assert value not in written and _left(written) == list(REMAINDER)  # the log's screen cut part of it, then
    await converse(services, REVEAL)
    await services.llm_log.flush()
    logged = _log(database_url)
    assert _left(logged) == [] and "[redacted:password]" in logged
    requests = [row[0] for row in query(database_url, "SELECT RequestExcerpt FROM LlmLog")]
    assert len(requests) >= 2 and all(requests)  # the rows are there; their sentence withheld as a screened one's is


@pytest.mark.parametrize(("first", "value"), CASES)
async def test_a_queued_turn_and_the_extractors_input_lose_the_rest_of_the_value(
    batching: Services, fake_llm: FakeLLM, database_url: str, first: str, value: str
) -> None:
    """The reveal comes before the extraction: the turn waiting for it holds the message as screened (cut), and so
    does the extraction request and its waiting log row; the chat context of the next message too."""
    fake_llm.chat = lambda body: "Okay!"
    fake_llm.tools["extract_memories"] = _nothing
    for number, text in enumerate([first, REVEAL]):
        await batching.chat.respond(IncomingMessage(42, "Alice", 100, "general", text, guild_id=1, message_id=700 + number))
    await batching.tasks.drain(10)
    await converse(batching, "anyway, what should I play tonight?")
    await batching.llm_log.flush()
    extraction = json.dumps(fake_llm.tool_requests("extract_memories"), ensure_ascii=False)
    assert fake_llm.tool_requests("extract_memories")
    assert _left(extraction) == []
    assert _left(json.dumps(fake_llm.chat_requests()[-1]["messages"], ensure_ascii=False)) == []
    assert _left(_log(database_url)) == []


@pytest.mark.parametrize(("first", "value"), CASES)
async def test_a_memory_learned_before_the_reveal_with_the_value_cut_is_forgotten(
    services: Services, fake_llm: FakeLLM, database_url: str, first: str, value: str
) -> None:
    """The model repeated the value; the memory's screen cut part of it and kept the line ("Uses
    Walnut-[redacted:phone]-Oyster on Steam."): the reveal forgets it as it forgets one holding the value whole."""
    fake_llm.tools["extract_memories"] = lambda body: {
        "memories": [memory(f"Uses {value} on Steam.", "steam"), memory("Plays on Steam most evenings.", "steam")],
        "profile_update": None,
        "forget": [],
    }
    await converse(services, first)
    fake_llm.tools["extract_memories"] = _nothing
    await converse(services, REVEAL)
    await services.tasks.drain(10)
    memories = json.dumps(query(database_url, "SELECT Memory, Topics FROM UserMemory"), ensure_ascii=False)
    assert _left(memories) == [] and "Plays on Steam" in memories


@pytest.mark.parametrize(("first", "value"), CASES)
async def test_the_monitors_waiting_batch_loses_the_rest_of_the_value(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str, first: str, value: str
) -> None:
    fake_llm.tools["report_analysis"] = Analyst()
    services = Services(make_settings(sentiment_channel_ids=[500], sentiment_batch_size=3, sentiment_batch_seconds=60))
    await services.start()
    try:
        services.monitor.observe(said(first))
        services.monitor.observe(said(REVEAL))
        services.monitor.observe(said("gg everyone", author_id=7, name="Bob"))
        await services.tasks.drain(10)
        await services.llm_log.flush()
    finally:
        await services.close()
    [request] = fake_llm.tool_requests("report_analysis")
    assert _left(json.dumps(request, ensure_ascii=False)) == []
    assert _left(_log(database_url)) == []


@pytest.mark.parametrize(("first", "value"), CASES)
async def test_a_profile_fact_learned_before_the_reveal_with_the_value_cut_is_forgotten(
    services: Services, fake_llm: FakeLLM, database_url: str, first: str, value: str
) -> None:
    """The profile's screen cut part of the value and kept the sentence ("… named her guild Walnut-[redacted:phone]-
    Oyster."): the reveal forgets that fact through the member's door."""
    fake_llm.tools["extract_memories"] = lambda body: {
        "memories": [memory("Plays on Steam most evenings.", "steam")],
        "profile_update": f"Alice plays on Steam most evenings and named her guild {value}.",
        "forget": [],
    }
    await converse(services, first)
    fake_llm.tools["extract_memories"] = _nothing
    await converse(services, REVEAL)
    await services.tasks.drain(10)
    profile = json.dumps(query(database_url, "SELECT UserNotes FROM UserState"), ensure_ascii=False)
    history = json.dumps(query(database_url, "SELECT PreviousProfile FROM ProfileHistory"), ensure_ascii=False)
    assert _left(profile) == [] and _left(services.memory.store.profile(42)) == []
    assert _left(history) == []  # the profile it replaced is not kept as history either
