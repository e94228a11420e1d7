"""SQL of the memories' stored meaning: `UserMemory.Embedding` and `EmbeddingModel`.

Plain functions of a connection, run with ``await db.run(fn, *args)``; the worker that fills
them in the background is `utils.memory.embedding_worker`.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

from utils.storage.control import change_member
from utils.storage.engine import reads, writes
from utils.storage.locks import lock_members
from utils.storage.memories import DELETE_CHUNK_IDS, MEMORY_COLUMNS, live, utc_now
from utils.storage.records import MemoryRecord
from utils.storage.schema import byte_length, user_memory


@reads
def memories_missing_embedding(conn: sa.Connection, model: str, limit: int, dimensions: int | None = None) -> list[MemoryRecord]:
    """Live memories with no usable embedding from ``model`` (none, another model's, or — when ``dimensions``
    is known — one of another size: the model changed under its name), oldest first."""
    stale = sa.or_(user_memory.c.embedding.is_(None), user_memory.c.embedding_model.is_(None))
    stale = sa.or_(stale, user_memory.c.embedding_model != model)
    if dimensions is not None:
        stale = sa.or_(stale, byte_length(user_memory.c.embedding) != 4 * dimensions)
    query = sa.select(*MEMORY_COLUMNS).where(live(utc_now()), stale).order_by(user_memory.c.id).limit(limit)
    return [MemoryRecord(**row._mapping) for row in conn.execute(query)]


@writes
def set_memory_embeddings(conn: sa.Connection, rows: Sequence[tuple[int, str, bytes]]) -> int:
    """Store ``(memory id, model, float32 bytes)`` for each row; returns how many rows still existed.

    Each member whose rows got a vector moves their write version, so every process drops
    its cached copy of them and ranks them by meaning too (one process embeds for all).
    """
    ids = [memory_id for memory_id, _model, _vector in rows]
    owners: set[int] = set()
    for start in range(0, len(ids), DELETE_CHUNK_IDS):
        chunk = ids[start : start + DELETE_CHUNK_IDS]
        owners.update(conn.execute(sa.select(user_memory.c.user_id).where(user_memory.c.id.in_(chunk)).distinct()).scalars())
    lock_members(conn, owners)  # before any row is changed: the owners' writes and erasures take them first too
    done = 0
    for memory_id, model, vector in rows:
        result = conn.execute(
            sa.update(user_memory).where(user_memory.c.id == memory_id).values(embedding=vector, embedding_model=model)
        )
        done += result.rowcount or 0
    for owner in sorted(owners):
        change_member(conn, owner, erase=False, wrote=True)
    return done
