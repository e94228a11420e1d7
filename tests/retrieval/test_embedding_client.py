"""EmbeddingClient over real HTTP with the real SDK: good answers, and every failure is None (lexical fallback)."""

from __future__ import annotations

import asyncio
import socket
import time

import numpy as np
import pytest
from aiohttp import web
from fake_llm import EMBEDDING_DIMENSIONS, Failure, FakeLLM, FakeLLMServer, hashed_embedding

from utils.config import Settings
from utils.llm import EmbeddingClient


def client_for(server: FakeLLMServer, timeout: float = 2.0) -> EmbeddingClient:
    return EmbeddingClient(base_url=server.base_url, api_key="test", model="test-embed", timeout=timeout)


async def test_vectors_come_back_in_order_normalised(llm_server: FakeLLMServer, fake_llm: FakeLLM) -> None:
    client = client_for(llm_server)
    try:
        texts = ["Has a dog named Pixel.", "Plays guitar every day.", "Has a dog named Pixel."]
        vectors = await client.embed(texts)
        assert vectors is not None and len(vectors) == 3
        assert all(v.shape == (EMBEDDING_DIMENSIONS,) and v.dtype == np.float32 for v in vectors)
        assert all(float(np.linalg.norm(v)) == pytest.approx(1.0, abs=1e-5) for v in vectors)
        assert float(vectors[0] @ vectors[2]) == pytest.approx(1.0, abs=1e-5)
        assert float(vectors[0] @ vectors[1]) < 0.3
        expected = np.asarray(hashed_embedding(texts[1]), dtype=np.float32)
        assert np.allclose(vectors[1], expected / np.linalg.norm(expected), atol=1e-6)
        one = await client.embed_one("how's my pup")
        assert one is not None
        assert fake_llm.embedded_texts() == [*texts, "how's my pup"]
        assert [b["model"] for b in fake_llm.embedding_requests] == ["test-embed", "test-embed"]
        assert await client.embed([]) == []
        assert client.dimensions == EMBEDDING_DIMENSIONS and client.stats.failures == 0
        assert fake_llm.chat_requests() == [], "embedding requests are not chat requests"
    finally:
        await client.close()


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def test_endpoint_down_is_none_at_once() -> None:
    client = EmbeddingClient(base_url=f"http://127.0.0.1:{_closed_port()}/v1", api_key="x", model="m", timeout=2)
    try:
        assert await client.embed_one("hello") is None
        assert client.stats.failures == 1
    finally:
        await client.close()


async def test_slow_endpoint_is_cut_at_the_deadline(llm_server: FakeLLMServer, fake_llm: FakeLLM) -> None:
    fake_llm.embedding_seconds = 1.5
    client = client_for(llm_server, timeout=0.2)
    try:
        started = time.perf_counter()
        assert await client.embed_one("hello there") is None
        assert time.perf_counter() - started < 1.4, "cut by its own deadline, not by the server"
    finally:
        await client.close()


@pytest.mark.parametrize("status", [400, 404, 429, 500, 503])
async def test_error_status_is_none_without_retries(llm_server: FakeLLMServer, fake_llm: FakeLLM, status: int) -> None:
    fake_llm.embedding_failures.append(Failure(status, 5))
    client = client_for(llm_server)
    try:
        assert await client.embed_one("hello there") is None
        assert len(fake_llm.embedding_requests) == 1, "one request per message, never a retry on the reply path"
    finally:
        await client.close()


async def test_another_size_after_the_first_answer_is_used(llm_server: FakeLLMServer, fake_llm: FakeLLM) -> None:
    """A model swapped under the same name: its answers are used, and ``dimensions`` tells the backfill the new size."""
    client = client_for(llm_server)
    try:
        assert await client.embed_one("first") is not None
        fake_llm.embedding_dimensions = 32
        second = await client.embed_one("second")
        assert second is not None and second.size == 32 and client.dimensions == 32
        pair = await client.embed(["a", "b"])
        assert pair is not None and {v.size for v in pair} == {32}
        fake_llm.embedding_dimensions = EMBEDDING_DIMENSIONS
        assert await client.embed_one("third") is not None and client.dimensions == EMBEDDING_DIMENSIONS
    finally:
        await client.close()


async def test_expected_dimensions_are_checked_from_the_start(llm_server: FakeLLMServer) -> None:
    client = EmbeddingClient(base_url=llm_server.base_url, api_key="t", model="m", dimensions=384)
    try:
        assert await client.embed_one("hello") is None
    finally:
        await client.close()


async def test_garbage_answer_is_none() -> None:
    async def broken(request: web.Request) -> web.Response:
        body = await request.json()
        answers = {
            "html": web.Response(text="<html>oops</html>", content_type="text/html"),
            "short": web.json_response({"object": "list", "data": [], "model": "m"}),
            "empty": web.json_response({"object": "list", "data": [{"object": "embedding", "index": 0, "embedding": []}]}),
            "zero": web.json_response({"object": "list", "data": [{"object": "embedding", "index": 0, "embedding": [0.0, 0.0]}]}),
        }
        return answers[body["input"][0]]

    app = web.Application()
    app.router.add_post("/v1/embeddings", broken)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    client = EmbeddingClient(base_url=f"http://127.0.0.1:{port}/v1", api_key="t", model="m")
    try:
        for kind in ("html", "short", "empty", "zero"):
            assert await client.embed([kind]) is None, kind
        assert client.stats.failures == 4
    finally:
        await client.close()
        await runner.cleanup()


def test_settings_switch_it_on_and_default_to_the_llm_endpoint() -> None:
    off = Settings(_env_file=None)
    assert EmbeddingClient.from_settings(off) is None
    on = Settings(_env_file=None, embedding_model="nomic-embed-text", llm_base_url="http://llm:1/v1", llm_api_key="k")
    client = EmbeddingClient.from_settings(on)
    assert client is not None and client.model == "nomic-embed-text"
    assert str(client._client.base_url).startswith("http://llm:1/v1")
    asyncio.run(client.close())
    apart = Settings(_env_file=None, embedding_model="m", embedding_base_url="http://emb:2/v1", embedding_api_key="e")
    client = EmbeddingClient.from_settings(apart)
    assert client is not None and str(client._client.base_url).startswith("http://emb:2/v1") and client._client.api_key == "e"
    asyncio.run(client.close())
