"""Embeddings through the same OpenAI-compatible API as the chat (`/v1/embeddings`).

Ollama (`nomic-embed-text`, `all-minilm`), OpenAI (`text-embedding-3-small`), LM
Studio, vLLM and llama.cpp all serve it. Every request has its own short total
deadline and never raises: a failure, a timeout or an answer of the wrong shape is
None, and the caller falls back to lexical retrieval for that message. The first good
answer fixes the dimensions; a later answer of another size is refused (a model
swapped under the same name would mix incomparable vectors).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

import openai
from openai import AsyncOpenAI

from utils.config import Settings
from utils.llm.lanes import lanes_for
from utils.llm.vectors import Vector, normalized

logger = logging.getLogger(__name__)

MAX_BATCH = 64
"""Texts per request when embedding memories in the background (a backfill sends several)."""


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
        self.dimensions = dimensions
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
                    response = await self._client.embeddings.create(model=self.model, input=list(texts))
            vectors = self._checked(response.data, len(texts))
        except (TimeoutError, openai.OpenAIError, ValueError, TypeError, AttributeError) as exc:
            logger.warning("Embedding request failed (%s): %s", type(exc).__name__, str(exc)[:200])
            vectors = None
        self.stats.last_ms = (time.perf_counter() - started) * 1000
        if vectors is None:
            self.stats.failures += 1
        return vectors

    def _checked(self, data: Sequence[object], expected: int) -> list[Vector] | None:
        """The answer's vectors in input order, when there is one per text, all finite and all of one known size."""
        items = sorted(data, key=lambda item: getattr(item, "index", 0))
        if len(items) != expected:
            logger.warning("Embedding answer has %d vectors for %d texts; ignored.", len(items), expected)
            return None
        vectors = [normalized(getattr(item, "embedding", None) or []) for item in items]
        if any(v is None for v in vectors):
            logger.warning("Embedding answer has an empty or broken vector; ignored.")
            return None
        sizes = {v.size for v in vectors if v is not None}
        size = self.dimensions or next(iter(sizes))
        if sizes != {size}:
            logger.warning("Embedding answer of %s dimensions, expected %d; ignored.", sorted(sizes), size)
            return None
        self.dimensions = size
        return [v for v in vectors if v is not None]
