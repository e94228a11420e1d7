"""Replies first on a one-slot server: background work never queues ahead of a reply, and a timeout is not sent twice.

Deterministic through the fake's gate (a request held in flight until the test lets
it go) and its one-at-a-time mode (requests computed strictly in arrival order, like
a single-slot llama.cpp or llama-cpp-python server); no timing is asserted.
"""

from __future__ import annotations

import asyncio
import threading

import pytest
from extractor_answers import memory, remembers
from fake_llm import FakeLLM, way_of
from settings_factory import SettingsFactory

from utils.llm import LLMClient, LLMError
from utils.memory.extraction import MEMORY_EXTRACTION_TOOL
from utils.runtime import Services

ASK = [{"role": "user", "content": "hello"}]


async def until(condition, tries: int = 10_000) -> None:  # type: ignore[no-untyped-def]
    """Let the loop run until ``condition()`` holds (an event-driven wait, not a clock)."""
    for _ in range(tries):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never held")


async def wait_for_arrival(fake: FakeLLM, count: int) -> None:
    loop = asyncio.get_running_loop()
    while len(fake.requests) < count:
        fake.arrived.clear()
        if len(fake.requests) >= count:
            break
        await loop.run_in_executor(None, fake.arrived.wait, 10)


async def extract(services: Services) -> object:
    return await services.llm.call_tool(ASK, MEMORY_EXTRACTION_TOOL, kind="memory_extraction", user_id=42)


async def test_an_extraction_waits_while_a_reply_is_in_flight(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Has a cat.", "cat"))
    fake_llm.gate = threading.Event()
    services = Services(make_settings())
    await services.start()
    try:
        reply = asyncio.create_task(services.llm.chat(ASK, user_id=42))
        await wait_for_arrival(fake_llm, 1)
        background = asyncio.create_task(extract(services))
        await until(lambda: services.llm.lanes.stats.background_waits == 1)
        assert [way_of(r) for r in fake_llm.requests] == ["chat"], "the extraction is not sent behind the reply"
        fake_llm.gate.set()
        await reply
        await background
    finally:
        fake_llm.gate.set()
        await services.close()
    assert [way_of(r) for r in fake_llm.requests] == ["chat", "tools"]


async def test_on_a_one_slot_server_a_reply_goes_before_queued_background_work(
    make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    """One extraction computing, another queued, then a reply: the server computes the reply second, not third."""
    fake_llm.one_at_a_time = True
    fake_llm.tools["extract_memories"] = remembers(memory("Has a cat.", "cat"))
    fake_llm.gate = threading.Event()
    services = Services(make_settings())
    await services.start()
    try:
        first = asyncio.create_task(extract(services))
        await wait_for_arrival(fake_llm, 1)
        second = asyncio.create_task(extract(services))
        await until(lambda: services.llm.lanes.stats.background_waits == 1)
        reply = asyncio.create_task(services.llm.chat(ASK, user_id=7))
        await wait_for_arrival(fake_llm, 2)
        assert [way_of(r) for r in fake_llm.requests] == ["tools", "chat"], "the queued extraction is still held back"
        fake_llm.gate.set()
        await asyncio.gather(first, second, reply)
    finally:
        fake_llm.gate.set()
        await services.close()
    assert [way_of(r) for r in fake_llm.served] == ["tools", "chat", "tools"]


async def test_without_replies_first_the_queued_extraction_goes_ahead_of_the_reply(fake_llm: FakeLLM, llm_server) -> None:  # type: ignore[no-untyped-def]
    """The old behaviour, kept as the bench's baseline: proves the test above can fail."""
    fake_llm.one_at_a_time = True
    fake_llm.gate = threading.Event()
    client = LLMClient(
        base_url=llm_server.base_url, api_key="x", model="m", max_retries=0, replies_first=False, background_concurrency=4
    )
    try:
        first = asyncio.create_task(client.call_tool(ASK, MEMORY_EXTRACTION_TOOL, kind="memory_extraction"))
        second = asyncio.create_task(client.call_tool(ASK, MEMORY_EXTRACTION_TOOL, kind="memory_extraction"))
        await wait_for_arrival(fake_llm, 2)
        reply = asyncio.create_task(client.chat(ASK))
        await wait_for_arrival(fake_llm, 3)
        fake_llm.gate.set()
        await asyncio.gather(first, second, reply)
    finally:
        fake_llm.gate.set()
        await client.close()
    assert [way_of(r) for r in fake_llm.served] == ["tools", "tools", "chat"]


async def test_a_timed_out_request_is_not_sent_again(fake_llm: FakeLLM, llm_server) -> None:  # type: ignore[no-untyped-def]
    """llama.cpp keeps computing a request its client gave up on: a retry would queue a second copy behind it."""
    fake_llm.gate = threading.Event()
    client = LLMClient(base_url=llm_server.base_url, api_key="x", model="m", timeout=0.3, max_retries=2)
    try:
        with pytest.raises(LLMError, match="timeout"):
            await client.chat(ASK)
    finally:
        fake_llm.gate.set()
        await client.close()
    assert len(fake_llm.requests) == 1 and client.requests_sent == 1


@pytest.mark.parametrize("status", [429, 500, 502, 503])
async def test_an_overloaded_or_failing_server_is_still_asked_again(fake_llm: FakeLLM, llm_server, status: int) -> None:  # type: ignore[no-untyped-def]
    fake_llm.fail(status)
    client = LLMClient(base_url=llm_server.base_url, api_key="x", model="m", max_retries=2)
    try:
        assert (await client.chat(ASK)).text.startswith("echo:")
    finally:
        await client.close()
    assert len(fake_llm.requests) == 2


async def test_embedding_stored_memories_waits_while_a_reply_is_in_flight(fake_llm: FakeLLM, llm_server) -> None:  # type: ignore[no-untyped-def]
    """The embedding backfill is background work on the same server; the message's own vector is not."""
    from utils.llm import EmbeddingClient

    fake_llm.gate = threading.Event()
    client = LLMClient(base_url=llm_server.base_url, api_key="x", model="m", max_retries=0)
    embedder = EmbeddingClient(base_url=llm_server.base_url, api_key="x", model="nomic-embed-text", timeout=10)
    try:
        reply = asyncio.create_task(client.chat(ASK))
        await wait_for_arrival(fake_llm, 1)
        backfill = asyncio.create_task(embedder.embed(["has a cat called Miso", "plays chess"]))
        await until(lambda: client.lanes.stats.background_waits == 1)
        assert await embedder.embed_one("what is my cat called?") is not None, "the message's vector goes at once"
        assert [len(b["input"]) if isinstance(b["input"], list) else 1 for b in fake_llm.embedding_requests] == [1]
        fake_llm.gate.set()
        await reply
        assert await backfill is not None
    finally:
        fake_llm.gate.set()
        await client.close()
        await embedder.close()
    assert len(fake_llm.embedding_requests) == 2
