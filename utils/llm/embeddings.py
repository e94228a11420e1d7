"""Embeddings through the same OpenAI-compatible API as the chat (`/v1/embeddings`).

Ollama (`nomic-embed-text`, `all-minilm`), OpenAI (`text-embedding-3-small`), LM
Studio, vLLM and llama.cpp all serve it. Every request has its own short total
deadline and never raises: a failure, a timeout or an answer of the wrong shape is
None, and the caller falls back to lexical retrieval for that message.

Any good answer is used, whatever its size: a server that changes model, or a model
swapped under the same name, is followed at once. Vectors of different sizes are never
compared (`utils.llm.vectors`), and stored ones of an old size are embedded again by the
backfill (:attr:`EmbeddingClient.dimensions` says which size is current). An answer too
large to hold vectors of :data:`MAX_DIMENSIONS` numbers is refused while it is read,
before it is decoded; decoding a good one happens off the event loop.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import openai
from openai import AsyncOpenAI

from utils.llm.errors import screened_error
from utils.llm.lanes import lanes_for
from utils.llm.vectors import MAX_DIMENSIONS, Vector, read_vector

if TYPE_CHECKING:
    from utils.config import Settings

logger = logging.getLogger(__name__)

MAX_BATCH = 64
"""Texts per request when embedding memories in the background (a backfill sends several)."""
BYTES_PER_NUMBER = 32
"""Room for one number in a JSON answer ("-0.012345678901234567, " is 23 characters)."""
ANSWER_OVERHEAD_BYTES = 64 * 1024
"""Room for the rest of an answer (indexes, model name, usage) beyond its numbers."""


def answer_limit(texts: int) -> int:
    """The most bytes an answer for ``texts`` texts may have: more cannot be vectors of a sane size."""
    return texts * MAX_DIMENSIONS * BYTES_PER_NUMBER + ANSWER_OVERHEAD_BYTES


def decode_answer(body: bytes, expected: int, dimensions: int | None) -> list[Vector]:
    """The answer's unit vectors in input order, or ValueError: one per text, all good, all of one size
    (``dimensions`` when the client was built for one). Plain CPU work, run in a thread."""
    if body.count(b",") > expected * (MAX_DIMENSIONS + 16):  # a fast scan, before the parser holds the GIL on megabytes
        raise ValueError(f"the answer holds more numbers than {expected} vectors of {MAX_DIMENSIONS}")
    payload = json.loads(body)
    data = payload.get("data") if isinstance(payload, dict) else None
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise ValueError("the answer has no list of embeddings")
    if len(data) != expected:
        raise ValueError(f"the answer has {len(data)} vectors for {expected} texts")
    items = sorted(data, key=lambda item: item.get("index", 0) if isinstance(item.get("index"), int) else 0)
    vectors = [read_vector(item.get("embedding")) for item in items]
    sizes = sorted({v.size for v in vectors})
    if len(sizes) != 1 or (dimensions is not None and sizes != [dimensions]):
        raise ValueError(f"the answer has vectors of {sizes} numbers" + (f", expected {dimensions}" if dimensions else ""))
    return vectors


@dataclass
class EmbeddingStats:
    """What the client did, for the benchmarks and the logs."""

    requests: int = 0
    failures: int = 0
    last_ms: float = 0.0


class EmbeddingClient:
    """See the module docstring. ``model`` is what each stored vector records as its EmbeddingModel."""

    def __init__(self, *, base_url: str, api_key: str, model: str, timeout: float = 2.0, dimensions: int | None = None) -> None:
        self.model = model
        self._required = dimensions
        """A size asked for when the client is built: answers of any other size are refused."""
        self.dimensions = dimensions
        """The size of the last good answer: the current one, which stored vectors should have."""
        self.stats = EmbeddingStats()
        self._timeout = timeout
        self._base_url = base_url
        self._client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=timeout, max_retries=0)

    @classmethod
    def from_settings(cls, settings: Settings) -> EmbeddingClient | None:
        """The client when EMBEDDING_MODEL is set; None (lexical retrieval only) otherwise."""
        if not settings.embedding_model:
            return None
        return cls(
            base_url=settings.embedding_base_url or settings.llm_base_url,
            api_key=settings.embedding_api_key or settings.llm_api_key,
            model=settings.embedding_model,
            timeout=settings.embedding_timeout_seconds,
        )

    async def close(self) -> None:
        await self._client.close()

    async def embed_one(self, text: str, *, timeout: float | None = None) -> Vector | None:
        """One text's unit vector (the incoming message), or None."""
        vectors = await self.embed([text], timeout=timeout, background=False)
        return vectors[0] if vectors else None

    async def embed(self, texts: Sequence[str], *, timeout: float | None = None, background: bool = True) -> list[Vector] | None:
        """Unit vectors for ``texts`` in order (one request), or None when any of it is unusable.

        Storing memories' vectors is background work: on a server shared with the chat
        it waits until no reply does (`utils.llm.lanes`); the message's own vector does not.
        """
        if not texts:
            return []
        started = time.perf_counter()
        self.stats.requests += 1
        lanes = lanes_for(self._base_url)
        try:
            async with lanes.background() if background else lanes.chat():
                started = time.perf_counter()
                async with asyncio.timeout(timeout or self._timeout):
                    body = await self._read(texts)
            vectors: list[Vector] | None = await asyncio.to_thread(decode_answer, body, len(texts), self._required)
        except (TimeoutError, openai.OpenAIError, ValueError, TypeError, AttributeError, RecursionError) as exc:
            logger.warning("Embedding request failed (%s): %s", type(exc).__name__, screened_error(str(exc)))
            vectors = None
        if vectors:
            self.dimensions = vectors[0].size
        self.stats.last_ms = (time.perf_counter() - started) * 1000
        if vectors is None:
            self.stats.failures += 1
        return vectors

    async def _read(self, texts: Sequence[str]) -> bytes:
        """The answer's bytes, read no further than :func:`answer_limit` (ValueError beyond it)."""
        limit = answer_limit(len(texts))
        create = self._client.embeddings.with_streaming_response.create
        async with create(model=self.model, input=list(texts), encoding_format="float") as response:
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > limit:
                raise ValueError(f"the answer has {declared} bytes, more than vectors of {MAX_DIMENSIONS} numbers take")
            chunks: list[bytes] = []
            size = 0
            async for chunk in response.iter_bytes():
                size += len(chunk)
                if size > limit:
                    raise ValueError(
                        f"the answer is longer than {limit} bytes, more than vectors of {MAX_DIMENSIONS} numbers take"
                    )
                chunks.append(chunk)
        return b"".join(chunks)
