"""EmbeddingWorker: embeddings for retrieval and dedup, kept off the reply path.

On the reply path: at most one embedding request per incoming message (the message
itself), with its own short deadline, and none at all when the member has no memory
with a vector yet; any failure means that message is ranked by words alone.

In the background: after memories are written, and at start, live rows with no vector
from the configured model (none yet, another model's, or one of another size than the
model's latest answer: the model changed under its name) are embedded in batches and
stored with the model's name. A message whose vector cannot be compared with a stored
one of this model sets that off at once. A failed batch is retried on the next write or at the
next periodic nudge, never in a tight loop. Nothing here keeps a copy of a memory's text or vector:
they live in the `UserMemory` row, so erasing the row erases them.

A refreshed memory keeps the vector of its earlier wording: a refresh only ever
replaces a text by a near-duplicate of it, which means the same.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Sequence

from utils.background import BackgroundTasks
from utils.llm import MAX_BATCH, EmbeddingClient, Vector, cosine, similarities, stored_vectors, to_bytes
from utils.storage import embeddings as sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import MemoryRecord

logger = logging.getLogger(__name__)

BACKGROUND_TIMEOUT_SECONDS = 30.0
"""A batch of memories may take longer than one message; it is never on the reply path."""
EMBED_EVERY_SECONDS = 600.0
"""How often the background looks for rows without a vector anyway (start-up, model changed, endpoint back)."""


class EmbeddingWorker:
    def __init__(
        self,
        client: EmbeddingClient | None,
        db: Database,
        tasks: BackgroundTasks,
        *,
        on_embedded: Callable[[Iterable[int]], None] = lambda _users: None,
    ) -> None:
        self.client = client
        self._db = db
        self._tasks = tasks
        self._on_embedded = on_embedded
        """Told which members' rows got vectors, so their cached reads are dropped."""
        self._wanted = asyncio.Event()
        self._worker: asyncio.Task[None] | None = None
        self._stopping = False
        self.requests_on_reply_path = 0

    @property
    def enabled(self) -> bool:
        return self.client is not None

    # ------------------------------------------------------------------ reply path
    async def similarities(self, text: str, memories: Sequence[MemoryRecord]) -> dict[int, float] | None:
        """Cosine of the message with each memory that has a vector of this model; None means rank by words.

        No request at all when no memory has a usable vector (nothing to compare with).
        """
        client = self.client
        if client is None or not any(m.embedding_model == client.model and m.embedding for m in memories):
            return None
        self.requests_on_reply_path += 1
        query = await client.embed_one(text)
        if query is None:
            return None
        comparable = stored_vectors(memories, client.model, query.size)
        if len(comparable) < sum(1 for m in memories if m.embedding_model == client.model and m.embedding):
            self.embed_soon()  # stored under this name with another size (or broken): the model changed, embed again
        return similarities(query, comparable) or None

    # ------------------------------------------------------------------ background
    async def embed_texts(self, texts: Sequence[str]) -> list[Vector] | None:
        """Vectors for texts about to be written (dedup); background path only, but under the member's lock,
        so with the short deadline: a forget never waits long behind a slow endpoint."""
        if self.client is None or not texts:
            return None
        return await self.client.embed(texts)

    def similarity(self, vector: Vector | None, memory: MemoryRecord) -> float | None:
        """Cosine of a new text's vector with a stored memory's, when both exist and come from this model."""
        if vector is None or self.client is None:
            return None
        stored = stored_vectors([memory], self.client.model, vector.size).get(memory.id)
        return None if stored is None else cosine(vector, stored)

    def embed_soon(self) -> None:
        """Memories were written (or time passed): embed what lacks a vector, in the background, one worker at a time."""
        if self.client is None or self._stopping:
            return
        self._wanted.set()
        if self._worker is None or self._worker.done():
            self._worker = self._tasks.spawn(self._work(), name="embed-memories")

    async def _work(self) -> None:
        """Until nothing is wanted; a failure ends the worker, the next write or the periodic nudge starts it again."""
        while self._wanted.is_set() and not self._stopping:
            self._wanted.clear()
            try:
                if not await self.backfill():
                    return
            except DatabaseError as exc:
                logger.warning("Memory embedding postponed: %s", exc)
                return

    def stop(self) -> None:
        """No new batch from now on (shutdown): the batch in flight finishes, the worker ends."""
        self._stopping = True

    async def close(self) -> None:
        self.stop()
        if self.client is not None:
            await self.client.close()

    async def backfill(self) -> bool:
        """Embed live rows lacking a vector from this model of its current size, oldest first, batch by batch.

        True when none is left; False when the endpoint failed (try again later) or the worker stopped.
        """
        client = self.client
        if client is None:
            return True
        previous: set[int] = set()
        embedded = False
        while not self._stopping:
            rows = await self._db.run(sql.memories_missing_embedding, client.model, MAX_BATCH, client.dimensions)
            if not rows and not embedded:
                # Nothing to do by what is known: embed the oldest stored row again, which tells the model's
                # current size (size 0 matches no stored vector); a changed size then finds every stale row.
                rows = await self._db.run(sql.memories_missing_embedding, client.model, 1, 0)
            if not rows:
                return True
            if self._stopping:
                return False  # stopped while the rows were read: no request after stop()
            if {r.id for r in rows} <= previous:
                logger.error("Embeddings of memories %s were not stored; backfill stopped.", sorted(previous)[:5])
                return False
            previous = {r.id for r in rows}
            vectors = await client.embed([r.memory for r in rows], timeout=BACKGROUND_TIMEOUT_SECONDS)
            if vectors is None:
                return False
            await self._db.run(
                sql.set_memory_embeddings, [(r.id, client.model, to_bytes(v)) for r, v in zip(rows, vectors, strict=True)]
            )
            self._on_embedded({r.user_id for r in rows})
            embedded = True
        return False
