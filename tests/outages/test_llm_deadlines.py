"""The LLM boundary: a total deadline on every call, a row in LlmLog for every call, only valid text sent."""

from __future__ import annotations

import asyncio
import socket
import threading

import pytest
from chat_turn import converse
from fake_llm import FakeLLM
from settings_factory import SettingsFactory
from shared_database import query

from utils.conversation.service import FALLBACK_REPLY
from utils.llm import LLMClient, LLMError
from utils.runtime import Services
from utils.storage.records import LlmCallRecord


async def test_an_endpoint_trickling_its_body_is_cut_at_the_deadline(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    """A byte every 50 ms never trips the SDK's per-read timeout; only a total deadline ends the call."""
    fake_llm.trickle_seconds = 30
    services = Services(make_settings(llm_timeout_seconds=1, llm_max_retries=0))
    await services.start()
    try:
        assert await converse(services, "are you there?") == FALLBACK_REPLY
        fake_llm.trickle_seconds = 0
        assert await converse(services, "and now?") == "echo: Alice: and now?"
    finally:
        await services.close()
    rows = query(database_url, "SELECT Success, Error, RequestExcerpt FROM LlmLog WHERE Kind = 'chat' ORDER BY Id")
    assert [(ok, error) for ok, error, _ in rows] == [(0, "deadline exceeded"), (1, None)]
    assert "are you there?" in rows[0][2]


async def test_a_refused_connection_is_logged_as_one_not_as_a_timeout() -> None:
    """The SDK's aiohttp transport reports a refused connection as a connect timeout: the log line
    and LlmLog must still tell an operator that nothing listens at LLM_BASE_URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    records: list[LlmCallRecord] = []
    client = LLMClient(
        base_url=f"http://127.0.0.1:{port}/v1", api_key="x", model="m", timeout=2, max_retries=0, log_sink=records.append
    )
    try:
        with pytest.raises(LLMError, match=r"^connection error"):
            await client.chat([{"role": "user", "content": "hello"}])
    finally:
        await client.close()
    assert records[0].error is not None and records[0].error.startswith("connection error")


def test_the_deadline_covers_every_retry() -> None:
    client = LLMClient(base_url="http://127.0.0.1:9/v1", api_key="x", model="m", timeout=3, max_retries=2)
    assert client.deadline_seconds == 9


async def test_a_cancelled_call_still_leaves_its_llmlog_row(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    """Shutdown or a cancelled reply cancels the call in flight: the row says so instead of vanishing."""
    fake_llm.gate = threading.Event()
    fake_llm.arrived.clear()
    call = asyncio.create_task(services.llm.chat([{"role": "user", "content": "hello"}], user_id=42))
    await asyncio.get_running_loop().run_in_executor(None, fake_llm.arrived.wait, 10)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    fake_llm.gate.set()
    await services.llm_log.flush()
    assert query(database_url, "SELECT UserId, Success, Error FROM LlmLog") == [(42, 0, "cancelled")]


async def test_a_request_holding_a_lone_surrogate_is_sent_not_failed(services: Services, fake_llm: FakeLLM) -> None:
    """Whatever a caller builds (a monitor batch with a display name read from Discord) reaches the model."""
    fake_llm.chat = lambda body: "fine"
    messages = [{"role": "system", "content": "batch of \udce9"}, {"role": "user", "content": "name\ud83d: hi"}]
    assert (await services.llm.chat(messages)).text == "fine"
    sent = fake_llm.chat_requests()[-1]["messages"]
    assert [m["content"] for m in sent] == ["batch of \ufffd", "name\ufffd: hi"]
