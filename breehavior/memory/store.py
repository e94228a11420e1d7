"""MemoryStore: the memory rows as the logic sees them — a per-member read cache and the write rules.

Reads: a member's live memories come from one query, then from a cache dropped on
every write of theirs (a version counter keeps a read that raced a write out of it).

Writes: every candidate, from any source, goes through redaction, dedup against
live memories (a repeat refreshes instead of adding a row), slot supersession by
source trust, and the cap — applied as one batch in one transaction. A batch the
database cannot take now waits in a bounded queue and is retried; one it rejects
for good is logged and dropped. Writes and erasures of a member are serialised by
a per-member lock, and a member's epoch (bumped by every forget, opt-out or pause)
lets a write that started before one of those notice it and give up.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from breehavior.memory.retrieval import near_duplicate
from breehavior.privacy.screen import is_about_a_secret, redact
from breehavior.storage.database import Database, DatabaseError, DatabaseUnavailable
from breehavior.storage.records import (
    IMPORTANCE_RANK,
    SOURCE_TRUST,
    AuditEntry,
    MemoryBatch,
    MemoryRecord,
    MemoryRefresh,
    MemoryScope,
    NewMemory,
)

logger = logging.getLogger(__name__)

MAX_PENDING_BATCHES = 1000


@dataclass(frozen=True)
class Candidate:
    """A memory about to be stored, from any source."""

    memory: str
    topics: tuple[str, ...]
    importance: str
    lifetime: timedelta
    slot_key: str | None = None


def _trust(source: str) -> int:
    return SOURCE_TRUST.get(source, 0)


class MemoryStore:
    def __init__(self, db: Database, *, cap: int, cache_members: int) -> None:
        self._db = db
        self._cap = cap
        self._cache_members = cache_members
        self._cache: OrderedDict[tuple[int, MemoryScope], tuple[MemoryRecord, ...]] = OrderedDict()
        self._versions: dict[int, int] = {}
        self._epochs: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._unsaved: deque[MemoryBatch] = deque(maxlen=MAX_PENDING_BATCHES)
        self.round_trips = 0
        """Database reads made for retrieval; benchmarks and tests watch it."""

    # ------------------------------------------------------------------ reading
    async def live_memories(self, user_id: int, scope: MemoryScope, now: datetime | None = None) -> tuple[MemoryRecord, ...]:
        """A member's live memories, newest first: from the cache, or one query that fills it."""
        moment = now or datetime.now(UTC)
        key = (user_id, scope)
        cached = self._cache.get(key)
        if cached is None:
            version = self._versions.get(user_id, 0)
            self.round_trips += 1
            cached = tuple(await self._db.get_recent_memories(user_id, None, scope=scope, now=moment))
            if self._versions.get(user_id, 0) == version and self._cache_members > 0:
                self._cache[key] = cached
                while len(self._cache) > self._cache_members:
                    self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return tuple(m for m in cached if m.expires_at > moment)

    def invalidate(self, user_id: int) -> None:
        """Forget every cached read of this member (all scopes); called on each write."""
        self._versions[user_id] = self._versions.get(user_id, 0) + 1
        for key in [k for k in self._cache if k[0] == user_id]:
            del self._cache[key]

    # ------------------------------------------------------------------ serialising a member's writes
    def lock(self, user_id: int) -> asyncio.Lock:
        """Held around every write and erasure of one member, so they never interleave."""
        lock = self._locks.get(user_id)
        if lock is None:
            lock = self._locks[user_id] = asyncio.Lock()
        return lock

    def epoch(self, user_id: int) -> int:
        return self._epochs.get(user_id, 0)

    def bump_epoch(self, user_id: int) -> None:
        """Anything learned before now must not be written any more (forget, opt-out, pause)."""
        self._epochs[user_id] = self.epoch(user_id) + 1

    def drop_unsaved(self, user_id: int) -> None:
        self._unsaved = deque((b for b in self._unsaved if b.user_id != user_id), maxlen=MAX_PENDING_BATCHES)

    # ------------------------------------------------------------------ writing (caller holds lock(user_id))
    async def store(
        self,
        user_id: int,
        guild_id: int | None,
        scope: MemoryScope,
        candidates: Sequence[Candidate],
        *,
        source: str,
        actor: str,
        forget_ids: Sequence[int] = (),
    ) -> None:
        """Plan and apply one batch for ``user_id``; the caller holds :meth:`lock` and checked the epoch."""
        now = datetime.now(UTC)
        batch = MemoryBatch(user_id=user_id, actor=actor, cap=self._cap, forget_ids=list(forget_ids))
        try:
            live = [m for m in await self.live_memories(user_id, scope, now) if m.id not in forget_ids]
        except DatabaseError:
            live = []
        for candidate in candidates:
            cleaned = redact(candidate.memory)
            if (cleaned.changed and is_about_a_secret(cleaned.text)) or is_about_a_secret(candidate.memory):
                batch.audit.append(AuditEntry("refused_sensitive", user_id, actor, source=source))
                continue
            if cleaned.changed:
                batch.audit.append(AuditEntry("redacted", user_id, actor, source=source))
            topics = tuple(redact(t).text for t in candidate.topics)
            self._plan_write(batch, live, candidate, cleaned.text, topics, source, guild_id, now)
        if not batch.is_empty():
            await self._apply(batch)

    def _plan_write(
        self,
        batch: MemoryBatch,
        live: list[MemoryRecord],
        candidate: Candidate,
        text: str,
        topics: tuple[str, ...],
        source: str,
        guild_id: int | None,
        now: datetime,
    ) -> None:
        """Refresh a near-duplicate, respect a more trusted slot holder, or insert (superseding the slot).

        A refresh keeps the more trusted of the two sources and the slot either had, so
        a member repeating what the monitor noticed makes it theirs, never the reverse.
        """
        expires_at = now + candidate.lifetime
        duplicate = next((m for m in live if near_duplicate(m.memory, text)), None)
        if duplicate is not None:
            old_wins = _trust(duplicate.source) > _trust(source)
            batch.refreshes.append(
                MemoryRefresh(
                    memory_id=duplicate.id,
                    memory=duplicate.memory if old_wins else text,
                    topics=tuple(dict.fromkeys(duplicate.topics + topics)),
                    expires_at=max(duplicate.expires_at, expires_at),
                    importance=max(duplicate.importance, candidate.importance, key=lambda i: IMPORTANCE_RANK.get(i, 0)),
                    source=duplicate.source if old_wins else source,
                    slot_key=duplicate.slot_key or candidate.slot_key,
                )
            )
            return
        if any(near_duplicate(n.memory, text) for n in batch.inserts):
            return
        if candidate.slot_key:
            holders = [m for m in live if m.slot_key == candidate.slot_key]
            if any(_trust(h.source) > _trust(source) for h in holders):
                logger.info("Kept the more trusted %s memory in slot %s.", holders[0].source, candidate.slot_key)
                return
            batch.supersede_ids.extend(h.id for h in holders)
            batch.inserts = [n for n in batch.inserts if n.slot_key != candidate.slot_key]
        batch.inserts.append(
            NewMemory(batch.user_id, text, topics, candidate.importance, expires_at, source, guild_id, candidate.slot_key)
        )

    async def _apply(self, batch: MemoryBatch) -> None:
        self.invalidate(batch.user_id)
        try:
            await self._db.apply_memory_batch(batch)
        except DatabaseUnavailable as exc:
            logger.warning("Memory write for %s postponed: %s", batch.user_id, exc)
            self._unsaved.append(batch)
        except DatabaseError as exc:
            logger.error("Memory write for %s rejected by the database and dropped: %s", batch.user_id, exc)
        finally:
            self.invalidate(batch.user_id)

    async def flush_unsaved(self) -> int:
        """Retry writes that failed while the database was away; returns how many landed."""
        landed = 0
        while self._unsaved and self._db.available:
            batch = self._unsaved[0]
            async with self.lock(batch.user_id):
                if not self._unsaved or self._unsaved[0] is not batch:
                    continue
                try:
                    await self._db.apply_memory_batch(batch)
                    landed += 1
                except DatabaseUnavailable:
                    break
                except DatabaseError as exc:
                    logger.error("Postponed memory write for %s rejected and dropped: %s", batch.user_id, exc)
                self._unsaved.popleft()
                self.invalidate(batch.user_id)
        return landed
