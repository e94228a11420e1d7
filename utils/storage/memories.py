"""SQL of the memory tables: UserMemory and MemoryAudit (the profile's SQL is `utils.storage.profiles`).

Plain functions of a connection, run with ``await db.run(fn, *args)``; each runs in
one transaction. Every write is scoped to one member in SQL (an id of another member
is simply not touched) and audited without its content. The profile is a memory: a
batch writes it in the same transaction as the memories of the same extraction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from utils.storage.audit import write_audit
from utils.storage.control import Claim, change_member, claim_member, read_control_and_notes
from utils.storage.engine import reads, writes
from utils.storage.profiles import get_profile, set_user_profile
from utils.storage.records import (
    IMPORTANCE_RANK,
    AuditEntry,
    AuditRecord,
    MemoryBatch,
    MemoryPreferenceRecord,
    MemoryRecord,
    MemoryScope,
    NewMemory,
)
from utils.storage.schema import (
    SOURCE_MAX,
    memory_audit,
    record_columns,
    record_values,
    user_memory,
)
from utils.storage.user_notes import profile_part

DELETE_CHUNK_IDS = 1000
"""SQL Server takes at most 2100 bound parameters per statement; id lists stay well under it."""
PRUNE_BATCH_ROWS = 2000
HISTORY_PER_SLOT = 3
"""Earlier values kept per slot: enough to answer "where did I live before?" and to show the member what changed.

They are not counted against the cap of live memories (a member who corrects a fact often must not
lose what the bot knows now to what was true before); at most the cap's worth of them is kept in all,
so a member never has more than twice the cap of rows, and each still expires when it would have."""
MEMORY_COLUMNS = record_columns(user_memory, MemoryRecord)


def utc_now() -> datetime:
    return datetime.now(UTC)


def live(now: datetime) -> sa.ColumnElement[bool]:
    return sa.and_(user_memory.c.expires_at > now, user_memory.c.superseded_at.is_(None))


def scope_filter(scope: MemoryScope) -> sa.ColumnElement[bool]:
    if not scope.restricted:
        return sa.true()
    if scope.guild_id is None:
        return user_memory.c.guild_id.is_(None)
    return user_memory.c.guild_id == scope.guild_id


def beyond_cap(rows: Sequence[Any], cap: int) -> list[Any]:
    """The rows of one member that are not kept: live ones beyond ``cap``, and earlier values beyond their share.

    Live rows fit under ``cap`` by importance, then newest. Superseded rows (earlier values of
    a slot) are kept apart: the :data:`HISTORY_PER_SLOT` most recently replaced of each slot,
    and no more than ``cap`` of them in all.
    """
    current = [r for r in rows if r.superseded_at is None]
    earlier = [r for r in rows if r.superseded_at is not None]
    by_value = sorted(current, key=lambda r: (IMPORTANCE_RANK.get(r.importance, 0), r.created_at, r.id), reverse=True)
    doomed = by_value[cap:]
    per_slot: dict[str, int] = {}
    kept = 0
    for row in sorted(earlier, key=lambda r: (r.superseded_at, r.id), reverse=True):
        slot = row.slot_key or f"#{row.id}"
        per_slot[slot] = per_slot.get(slot, 0) + 1
        if per_slot[slot] > HISTORY_PER_SLOT or kept >= cap:
            doomed.append(row)
        else:
            kept += 1
    return doomed


# ---------------------------------------------------------------------- reads
@reads
def get_recent_memories(
    conn: sa.Connection,
    user_id: int,
    limit: int | None = 5,
    *,
    scope: MemoryScope = MemoryScope.GLOBAL,
    now: datetime | None = None,
) -> list[MemoryRecord]:
    """Live memories of one member, newest first (all of them when ``limit`` is None), embeddings included.

    Expired and superseded rows are never returned. Retrieval calls this once per
    member with ``limit=None`` and ranks in Python: one round trip per message.
    """
    query = (
        sa.select(*MEMORY_COLUMNS)
        .where(user_memory.c.user_id == user_id, live(now or utc_now()), scope_filter(scope))
        .order_by(user_memory.c.created_at.desc(), user_memory.c.id.desc())
    )
    if limit is not None:
        query = query.limit(limit)
    return [MemoryRecord(**row._mapping) for row in conn.execute(query)]


@dataclass(frozen=True)
class MemberRead:
    """What a write is planned against: the member's control row, read first, then their profile and live memories.

    Read in that order, a write landing in between can only make the version older than
    the rows (the claim then fails and the write is planned again), never newer.
    """

    control: MemoryPreferenceRecord
    profile: str
    memories: tuple[MemoryRecord, ...]

    @property
    def version(self) -> int:
        return self.control.write_version


@reads
def read_member(conn: sa.Connection, user_id: int, scope: MemoryScope, now: datetime | None = None) -> MemberRead:
    """The member's control row, profile and live memories in ``scope`` (newest first), in that order."""
    found = read_control_and_notes(conn, user_id)
    if found is None:  # never written: no control row yet (its notes may predate memory)
        control, profile = MemoryPreferenceRecord(user_id), get_profile(conn, user_id)
    else:
        control, profile = found[0], profile_part(found[1])
    rows = get_recent_memories(conn, user_id, None, scope=scope, now=now)
    return MemberRead(control, profile, tuple(rows))


@reads
def get_all_memories(conn: sa.Connection, user_id: int) -> list[MemoryRecord]:
    """Every row stored for a member — live, superseded or expired-not-yet-pruned — oldest first."""
    query = sa.select(*MEMORY_COLUMNS).where(user_memory.c.user_id == user_id).order_by(user_memory.c.id)
    return [MemoryRecord(**row._mapping) for row in conn.execute(query)]


@reads
def get_fact_history(
    conn: sa.Connection, user_id: int, *, scope: MemoryScope = MemoryScope.GLOBAL, now: datetime | None = None
) -> list[MemoryRecord]:
    """Every unexpired row of the member that holds a slot, current and earlier values alike, newest first.

    Read only when someone asks what changed (`/memory history`, a message about the past),
    never on the ordinary path; the slots' chains are put together in Python.
    """
    query = (
        sa.select(*MEMORY_COLUMNS)
        .where(
            user_memory.c.user_id == user_id,
            user_memory.c.slot_key.is_not(None),
            user_memory.c.expires_at > (now or utc_now()),
            scope_filter(scope),
        )
        .order_by(user_memory.c.created_at.desc(), user_memory.c.id.desc())
    )
    return [MemoryRecord(**row._mapping) for row in conn.execute(query)]


@reads
def get_audit(conn: sa.Connection, user_id: int) -> list[AuditRecord]:
    query = (
        sa.select(*record_columns(memory_audit, AuditRecord)).where(memory_audit.c.user_id == user_id).order_by(memory_audit.c.id)
    )
    return [AuditRecord(**row._mapping) for row in conn.execute(query)]


# ---------------------------------------------------------------------- writes
@writes
def save_memory(
    conn: sa.Connection,
    user_id: int,
    memory: str,
    topics: Sequence[str],
    importance: str,
    expires_at: datetime,
    source: str,
    *,
    guild_id: int | None = None,
    slot_key: str | None = None,
    cap: int = 50,
) -> int:
    """Insert one memory (cut to its columns) and enforce the member's cap; returns its id.

    The bare write, kept for scripts and tests: it applies no dedup, trust or
    redaction. The bot itself writes through `MemoryStore`, which plans a batch
    with those rules and hands it to :func:`apply_memory_batch`.
    """
    batch = MemoryBatch(
        user_id=user_id,
        inserts=[NewMemory(user_id, memory, tuple(topics), importance, expires_at, source, guild_id, slot_key)],
        cap=cap,
    )
    return apply_memory_batch(conn, batch)[0]


@writes
def apply_memory_batch(
    conn: sa.Connection, batch: MemoryBatch, now: datetime | None = None, claim: Claim | None = None
) -> list[int]:
    """Apply forgets, supersessions, refreshes, inserts and the profile of one member; audit; enforce the cap.

    The member is claimed first (`utils.storage.control`): with ``claim``, only if nothing
    was written or erased since the batch was planned (else :class:`ClaimRefused`, and
    nothing is written); without, unconditionally (scripts), so other processes still see
    that the member changed. Returns the ids of the inserted rows, in order.
    """
    return _apply_batch(conn, batch, now or utc_now(), claim)[0]


def _apply_batch(
    conn: sa.Connection, batch: MemoryBatch, moment: datetime, claim: Claim | None
) -> tuple[list[int], MemoryPreferenceRecord]:
    """:func:`apply_memory_batch`, also returning the member's control row as the claim left it."""
    if claim is None:
        claimed = change_member(conn, batch.user_id, erase=False, wrote=True, now=moment)
    else:
        claimed = claim_member(conn, batch.user_id, claim, moment)
    audit: list[AuditEntry] = list(batch.audit)
    owned = user_memory.c.user_id == batch.user_id
    if batch.forget_ids:
        audit += forget_rows(conn, batch.user_id, batch.actor, user_memory.c.id.in_(batch.forget_ids))
    if batch.supersede_ids:
        old = conn.execute(
            sa.select(user_memory.c.id, user_memory.c.source, user_memory.c.slot_key).where(
                owned, user_memory.c.id.in_(batch.supersede_ids), user_memory.c.superseded_at.is_(None)
            )
        ).all()
        if old:
            conn.execute(
                sa.update(user_memory).where(owned, user_memory.c.id.in_([o.id for o in old])).values(superseded_at=moment)
            )
        for o in old:  # a fact replaced in words joins the slot of what replaced it, so its history follows the slot
            slot = batch.slot_of_replaced.get(o.id)
            if slot and o.slot_key is None:
                conn.execute(sa.update(user_memory).where(owned, user_memory.c.id == o.id).values(slot_key=slot))
        audit += [AuditEntry("superseded", batch.user_id, batch.actor, o.id, o.source) for o in old]
    for refresh in batch.refreshes:
        # Where it was learned stays; a refresh naming no slot keeps the row's.
        changes = record_values(refresh, user_memory, without=("user_id", "guild_id"))
        if refresh.slot_key is None:
            del changes["slot_key"]
        done = conn.execute(sa.update(user_memory).where(owned, user_memory.c.id == refresh.memory_id).values(**changes))
        if done.rowcount:
            audit.append(AuditEntry("refreshed", batch.user_id, batch.actor, refresh.memory_id))
    inserted: list[int] = []
    for new in batch.inserts:
        new_id = insert_memory(conn, batch.user_id, new, moment)
        inserted.append(new_id)
        audit.append(AuditEntry("saved", batch.user_id, batch.actor, new_id, new.source[:SOURCE_MAX]))
    if batch.inserts:
        audit += prune_excess_rows(conn, batch.user_id, batch.cap, moment)
    if batch.profile is not None:
        set_user_profile(conn, batch.user_id, batch.profile, now=moment)
    write_audit(conn, audit, moment)
    return inserted, claimed


@writes
def apply_memory_batch_and_read(
    conn: sa.Connection, batch: MemoryBatch, scope: MemoryScope, now: datetime | None = None, claim: Claim | None = None
) -> tuple[MemoryPreferenceRecord, list[MemoryRecord]]:
    """:func:`apply_memory_batch`, then the member's control row and live memories in ``scope`` as they now stand.

    One transaction instead of a write and, on the member's next message, a read: the
    caller keeps the result as its cache, so the reply after an extraction does not wait
    on the database. (The profile needs no read: a claim that held means nothing changed
    since the caller read it, except what this batch wrote.)
    """
    moment = now or utc_now()
    _inserted, claimed = _apply_batch(conn, batch, moment, claim)
    return claimed, get_recent_memories(conn, batch.user_id, None, scope=scope, now=moment)


def insert_memory(conn: sa.Connection, user_id: int, new: NewMemory, created_at: datetime) -> int:
    """Insert one memory of ``user_id`` (the columns cut what is too long); returns its id."""
    result = conn.execute(
        sa.insert(user_memory).values({**record_values(new, user_memory), "user_id": user_id, "created_at": created_at})
    )
    return int(result.inserted_primary_key[0])  # type: ignore[index]  # typed optional for executemany; one row has a key


@writes
def prune_excess_memories(conn: sa.Connection, user_id: int, max_memories: int = 50, now: datetime | None = None) -> int:
    """Keep at most ``max_memories`` live rows for a member (low importance, then oldest, go first) and a bounded
    history of earlier values (:func:`beyond_cap`)."""
    moment = now or utc_now()
    pruned = prune_excess_rows(conn, user_id, max_memories, moment)
    write_audit(conn, pruned, moment)
    return len(pruned)


def prune_excess_rows(conn: sa.Connection, user_id: int, cap: int, now: datetime) -> list[AuditEntry]:
    rows = conn.execute(
        sa.select(
            user_memory.c.id,
            user_memory.c.importance,
            user_memory.c.created_at,
            user_memory.c.source,
            user_memory.c.superseded_at,
            user_memory.c.slot_key,
        ).where(user_memory.c.user_id == user_id, user_memory.c.expires_at > now)
    ).all()
    doomed = beyond_cap(rows, cap)
    if not doomed:
        return []
    ids = [r.id for r in doomed]
    for start in range(0, len(ids), DELETE_CHUNK_IDS):
        chunk = ids[start : start + DELETE_CHUNK_IDS]
        conn.execute(sa.delete(user_memory).where(user_memory.c.user_id == user_id, user_memory.c.id.in_(chunk)))
    return [AuditEntry("pruned_cap", user_id, "system", r.id, r.source) for r in doomed]


@writes
def prune_expired_memories(
    conn: sa.Connection, *, now: datetime | None = None, after: int = 0, batch_rows: int = PRUNE_BATCH_ROWS
) -> tuple[int, int]:
    """Delete one batch of expired memories with ids above ``after``; returns ``(deleted, last id)``.

    The caller runs batches until one comes back short, each its own short transaction,
    so chat keeps its share of the database. Batches walk the table in Id order from
    where the last one stopped (keyset), so each is a short range read.
    """
    moment = now or utc_now()
    batch = (
        sa.select(user_memory.c.id)
        .where(user_memory.c.expires_at <= moment, user_memory.c.id > after)
        .order_by(user_memory.c.id)
        .limit(batch_rows)
    )
    # One statement deletes and reports what *it* deleted (OUTPUT on SQL Server, RETURNING on SQLite):
    # two pruners by mistake (two housekeeping processes) never audit the same row twice.
    rows = conn.execute(
        sa.delete(user_memory)
        .where(user_memory.c.id.in_(batch.scalar_subquery()))
        .returning(user_memory.c.id, user_memory.c.user_id, user_memory.c.source)
    ).all()
    if not rows:
        return 0, after
    rows = sorted(rows, key=lambda row: row.id)
    write_audit(conn, [AuditEntry("pruned_expired", r.user_id, "system", r.id, r.source) for r in rows], moment)
    return len(rows), rows[-1].id


def forget_rows(
    conn: sa.Connection,
    user_id: int,
    actor: str,
    which: sa.ColumnElement[bool],
    *,
    with_old_versions: bool = True,
    texts: list[str] | None = None,
) -> list[AuditEntry]:
    """Delete a member's rows matching ``which`` and (by default) the superseded versions of their slots.

    Deletes by predicate rather than by a list of ids, so erasing a member with
    thousands of rows stays within SQL Server's 2100-parameter limit.
    """
    owned = user_memory.c.user_id == user_id
    columns = (user_memory.c.id, user_memory.c.source, user_memory.c.slot_key, user_memory.c.memory)
    gone = conn.execute(sa.select(*columns).where(owned, which)).all()
    slots = {g.slot_key for g in gone if g.slot_key}
    if with_old_versions and slots:
        which = sa.or_(which, sa.and_(user_memory.c.slot_key.in_(slots), user_memory.c.superseded_at.is_not(None)))
        gone = conn.execute(sa.select(*columns).where(owned, which)).all()
    if gone:
        conn.execute(sa.delete(user_memory).where(owned, which))
    if texts is not None:
        texts.extend(g.memory for g in gone)
    return [AuditEntry("forgotten", user_id, actor, g.id, g.source) for g in gone]
