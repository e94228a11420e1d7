"""Bench-only SQL: bulk seeding, counting and capping the whole UserMemory table.

Storage functions like those of `utils.storage` (run with ``await db.run(fn, *args)``),
kept out of the product because only the benchmarks need them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from utils.storage.engine import Database, reads, writes
from utils.storage.memories import DELETE_CHUNK_IDS, beyond_cap, live, write_audit
from utils.storage.records import AuditEntry, MemoryRecord
from utils.storage.schema import memory_audit, record_values, user_memory

BULK_CHUNK_ROWS = 50_000
CAP_BATCH_MEMBERS = 200


@writes
def bulk_insert_memories(conn: sa.Connection, records: Sequence[MemoryRecord], chunk_rows: int = BULK_CHUNK_ROWS) -> int:
    """Insert many memory rows as they are, in one transaction of executemany chunks; returns how many.

    The records' ids are ignored (the database numbers the rows) and nothing is
    deduplicated, capped or audited — the memory service does that for what members say.
    """
    rows = [record_values(r, user_memory, without=("id",)) for r in records]
    for start in range(0, len(rows), chunk_rows):
        conn.execute(sa.insert(user_memory), rows[start : start + chunk_rows])
    return len(rows)


@writes
def empty_memory_tables(conn: sa.Connection) -> None:
    """Delete every memory and its audit (the tests' scratch database, before the bench seeds it)."""
    conn.execute(sa.delete(memory_audit))
    conn.execute(sa.delete(user_memory))


@reads
def count_memories(conn: sa.Connection, now: datetime | None = None) -> tuple[int, int]:
    """``(live, expired)`` row counts of the whole UserMemory table (superseded rows are neither)."""
    moment = now or datetime.now(UTC)
    expired = user_memory.c.expires_at <= moment
    query = sa.select(
        sa.func.coalesce(sa.func.sum(sa.case((live(moment), 1), else_=0)), 0),
        sa.func.coalesce(sa.func.sum(sa.case((expired, 1), else_=0)), 0),
    ).select_from(user_memory)
    row = conn.execute(query).one()
    return int(row[0]), int(row[1])


@reads
def members_over_cap(conn: sa.Connection, max_memories: int, now: datetime) -> list[int]:
    query = (
        sa.select(user_memory.c.user_id)
        .where(user_memory.c.expires_at > now)
        .group_by(user_memory.c.user_id)
        .having(sa.func.count() > max_memories)
        .order_by(user_memory.c.user_id)
    )
    return list(conn.execute(query).scalars())


@writes
def cap_members(conn: sa.Connection, members: list[int], max_memories: int, now: datetime) -> int:
    """Enforce the cap for ``members`` in one transaction (audited as ``pruned_cap``); returns rows deleted."""
    rows = conn.execute(
        sa.select(
            user_memory.c.id,
            user_memory.c.user_id,
            user_memory.c.importance,
            user_memory.c.created_at,
            user_memory.c.source,
            user_memory.c.superseded_at,
            user_memory.c.slot_key,
        ).where(user_memory.c.user_id.in_(members), user_memory.c.expires_at > now)
    ).all()
    by_member: dict[int, list[Any]] = {}
    for row in rows:
        by_member.setdefault(row.user_id, []).append(row)
    doomed = [r for member_rows in by_member.values() for r in beyond_cap(member_rows, max_memories)]
    for start in range(0, len(doomed), DELETE_CHUNK_IDS):
        chunk = [r.id for r in doomed[start : start + DELETE_CHUNK_IDS]]
        conn.execute(sa.delete(user_memory).where(user_memory.c.id.in_(chunk)))
    write_audit(conn, [AuditEntry("pruned_cap", r.user_id, "system", r.id, r.source) for r in doomed], now)
    return len(doomed)


async def prune_all_excess_memories(
    db: Database, max_memories: int = 50, *, batch_members: int = CAP_BATCH_MEMBERS, now: datetime | None = None
) -> int:
    """Enforce the per-member cap for every member, ``batch_members`` members per transaction.

    One short transaction per batch and a yield between batches keep chat answering
    while it runs; returns rows deleted.
    """
    moment = now or datetime.now(UTC)
    over = await db.run(members_over_cap, max_memories, moment)
    total = 0
    for start in range(0, len(over), batch_members):
        total += await db.run(cap_members, over[start : start + batch_members], max_memories, moment)
        await asyncio.sleep(0)
    return total
