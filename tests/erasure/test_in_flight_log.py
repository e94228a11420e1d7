"""An LLM call about a member still in flight when the member is erased: its LlmLog row comes back blank.

The erasure blanks the rows already written and those buffered; a call that began
before it and answers after it (an extraction held on a slow model) brings a record
whose request holds what was just taken back, with the epoch of after the erasure.
"""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta
from typing import cast

import pytest
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from memory_seed import ALICE, cmd
from shared_database import query

from utils.conversation.messages import IncomingMessage
from utils.llm import LlmLogBuffer
from utils.runtime import Services
from utils.storage.engine import Database
from utils.storage.records import LlmCallRecord

LEAKED = "SELECT Kind FROM LlmLog WHERE RequestExcerpt LIKE '%Biscuit%' OR ResponseExcerpt LIKE '%Biscuit%'"


@pytest.mark.parametrize("erasure", ["forget all", "forget recent 60"])
async def test_an_extraction_in_flight_at_the_erasure_is_logged_without_its_excerpts(
    services: Services, fake_llm: FakeLLM, database_url: str, erasure: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Has a dog called Biscuit.", "dog"))
    fake_llm.tool_gate = threading.Event()
    fake_llm.arrived.clear()
    await services.chat.respond(IncomingMessage(ALICE, "Alice", 100, "general", "my dog Biscuit ate my homework", guild_id=1))
    loop = asyncio.get_running_loop()
    while not fake_llm.tool_requests("extract_memories"):
        fake_llm.arrived.clear()
        assert await loop.run_in_executor(None, fake_llm.arrived.wait, 10)
    await cmd(services, erasure)
    fake_llm.tool_gate.set()
    await services.tasks.drain(10)
    await services.llm_log.flush()
    assert query(database_url, "SELECT Kind FROM LlmLog WHERE UserId = ? ORDER BY Id", ALICE) == [
        ("chat",),
        ("memory_extraction",),
    ]
    assert query(database_url, LEAKED) == []


async def test_a_call_begun_after_the_erasure_keeps_its_excerpts(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    await cmd(services, "forget all")
    await services.chat.respond(IncomingMessage(ALICE, "Alice", 100, "general", "my dog Biscuit is back", guild_id=1))
    await services.tasks.drain(10)
    await services.llm_log.flush()
    assert query(database_url, LEAKED) != []


@pytest.mark.parametrize(
    ("asked_seconds_ago", "answered_in_ms", "blanked"),
    [(5.0, 10, True), (5.0, 4900, True), (0.0, 10, False), (None, 60_000, True), (None, 10, False)],
)
def test_a_call_asked_before_the_erasure_is_blank_even_if_it_waited_for_a_slot(
    asked_seconds_ago: float | None, answered_in_ms: int, blanked: bool
) -> None:
    """A request is built when the call is asked for; it may then wait for a free LLM slot before its latency
    starts. The erasure 1 s ago: only calls asked for after it keep their excerpts."""
    buffer = LlmLogBuffer(cast(Database, None))
    buffer.forget(ALICE)
    buffer._erased_at[ALICE] -= timedelta(seconds=1)
    asked = None if asked_seconds_ago is None else datetime.now(UTC) - timedelta(seconds=asked_seconds_ago)
    buffer.add(LlmCallRecord("memory_extraction", "m", answered_in_ms, True, 1, 1, "Biscuit", "ok", None, asked, ALICE))
    [(record, _epoch)] = list(buffer._pending)
    assert (record.request_excerpt is None) is blanked
