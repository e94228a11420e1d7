"""MemoryStore: the only writer of UserMemory and of the profile — a per-member read cache and the write rules.

Reads: a member's live memories come from one query (with their write version and
profile), then from a cache dropped on every write of theirs, here or — seen by the
coherence poll — in another process (a local counter keeps a read that raced a write
out of it). Profiles are kept in RAM, loaded at start and refreshed by every read.

Writes: every proposed memory (a `NewMemory`), from any source, is planned by `write_plan` (redaction,
dedup against live memories — a repeat refreshes instead of adding a row —, slot
supersession by source trust) and applied here as one batch in one transaction, under
the cap, together with the profile the same extraction produced. A write the database cannot take now
waits in a bounded queue *unplanned*, and is planned again against the database
when it lands (so it cannot skip dedup); one it rejects for good is logged and
dropped. Writes and erasures of a member are serialised by a per-member lock, and a
member's epoch (bumped by every erasure or pause) makes a write that started — or
was postponed — before one of those give up.

Several processes may write the same member: each write claims the member in its own
transaction (`utils.storage.control`) under the version it was planned against and the
epoch its work started under. When another write landed first, the write is planned
again against what is now stored (dedup, slots, the cap and the profile); when an
erasure, opt-out or pause landed, it is dropped and the log says so.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter, OrderedDict, deque
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime

from utils.llm import Vector
from utils.members.preferences import MemoryPreferences
from utils.memory import write_plan
from utils.memory.embedding_worker import EmbeddingWorker
from utils.memory.write_plan import Epoch, Write
from utils.storage import memories as sql
from utils.storage.control import Claim, ClaimRefused
from utils.storage.engine import Database, DatabaseError, DatabaseUnavailable
from utils.storage.memories import MemberRead
from utils.storage.records import MemoryBatch, MemoryPreferenceRecord, MemoryRecord, MemoryScope, NewMemory

logger = logging.getLogger(__name__)

MAX_PENDING_WRITES = 1000
MAX_REPLANS = 20
REPLAN_BACKOFF_SECONDS = 0.002
"""The first random back-off before planning again after losing a race; it doubles with each loss (to 0.25 s)."""
"""Plans of one write when other processes keep writing the member first; then it waits like a postponed one."""


class MemoryStore:
    def __init__(
        self,
        db: Database,
        *,
        cap: int,
        cache_members: int,
        embedding_worker: EmbeddingWorker | None = None,
        preferences: MemoryPreferences | None = None,
        observe: Callable[[MemoryPreferenceRecord], object] | None = None,
    ) -> None:
        """``preferences`` holds the members' control rows (epochs); ``observe(row)`` takes a row this store read
        or was refused with, which may show another process's write or erasure (so the member's work can halt)."""
        self._db = db
        self.embedding_worker = embedding_worker
        """Embeddings for dedup by meaning, and the background embedding of what is written (None: words only)."""
        self._cap = cap
        self._cache_members = cache_members
        self._cache: OrderedDict[tuple[int, MemoryScope], MemberRead] = OrderedDict()
        self._versions: dict[int, int] = {}
        self._halts: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._postponed: deque[Write] = deque(maxlen=MAX_PENDING_WRITES)
        self._profiles: dict[int, str] = {}
        self.preferences = preferences or MemoryPreferences(db)
        self._observe = observe or self.preferences.adopt
        self.before_apply: Callable[[Write, int], Awaitable[None]] | None = None
        """Called between planning a write and applying it (with the plan's number): tests force the races here."""
        self.round_trips = 0
        """Database reads made for retrieval; benchmarks and tests watch it."""
        self.replans = 0
        """Writes planned again because another process wrote the member first."""
        self.refused: Counter[str] = Counter()
        """Writes dropped because the member was erased, opted out or paused meanwhile (elsewhere), by reason."""

    # ------------------------------------------------------------------ reading
    async def live_memories(self, user_id: int, scope: MemoryScope, now: datetime | None = None) -> tuple[MemoryRecord, ...]:
        """A member's live memories, newest first: from the cache, or one query that fills it."""
        moment = now or datetime.now(UTC)
        read = await self._read(user_id, scope, moment)
        return tuple(m for m in read.memories if m.expires_at > moment)

    async def fact_history(self, user_id: int, scope: MemoryScope, now: datetime | None = None) -> list[MemoryRecord]:
        """The member's slotted rows, current and earlier values (`sql.get_fact_history`): one query, never cached,
        made only when a message asks about the past."""
        self.round_trips += 1
        return await self._db.run(sql.get_fact_history, user_id, scope=scope, now=now)

    async def _read(self, user_id: int, scope: MemoryScope, now: datetime) -> MemberRead:
        key = (user_id, scope)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        version = self._versions.get(user_id, 0)
        self.round_trips += 1
        read = await self._db.run(sql.read_member, user_id, scope, now)
        raced = self._versions.get(user_id, 0) != version  # a write here while reading: the read may be older
        self._observe(read.control)  # may drop older cached reads: this one is newer than all of them
        if not raced:
            self._keep(user_id, scope, read)
        return read

    def _keep(self, user_id: int, scope: MemoryScope, read: MemberRead) -> None:
        """Cache a read of the member, dropping the least recently used member beyond the limit; the profile follows."""
        if not self._profile_pending(user_id):
            self._profiles[user_id] = read.profile
        if self._cache_members <= 0:
            return
        self._cache[(user_id, scope)] = read
        while len(self._cache) > self._cache_members:
            self._cache.popitem(last=False)

    def invalidate(self, user_id: int) -> None:
        """Forget every cached read of this member (all scopes); called on each write."""
        self._versions[user_id] = self._versions.get(user_id, 0) + 1
        for key in [k for k in self._cache if k[0] == user_id]:
            del self._cache[key]

    def changed_elsewhere(self, user_id: int, stored_profile: str | None) -> None:
        """Another process wrote the member: drop the cached reads, take the stored profile (None: unknown)."""
        self.invalidate(user_id)
        if stored_profile is not None and not self._profile_pending(user_id):
            self._profiles[user_id] = stored_profile

    def _profile_pending(self, user_id: int) -> bool:
        """A postponed write holds a profile for the member: RAM shows it until it lands, whatever is stored."""
        return any(w.user_id == user_id and w.profile is not None for w in self._postponed)

    def profile(self, user_id: int) -> str:
        """The member's profile (the permanent memory layer), from RAM."""
        return self._profiles.get(user_id, "")

    def load_profiles(self, profiles: dict[int, str]) -> None:
        """Take the stored profiles (at start, after a reconnect); a profile changed in RAM meanwhile wins."""
        pending = {w.user_id for w in self._postponed if w.profile is not None}  # one pass: many profiles at start
        self._profiles.update({uid: text for uid, text in profiles.items() if uid not in pending})

    # ------------------------------------------------------------------ serialising a member's writes
    def lock(self, user_id: int) -> asyncio.Lock:
        """Held around every write and erasure of one member, so they never interleave."""
        lock = self._locks.get(user_id)
        if lock is None:
            lock = self._locks[user_id] = asyncio.Lock()
        return lock

    def epoch(self, user_id: int) -> Epoch:
        """Where work on the member starts now; work that started under another epoch must not be written."""
        return self._halts.get(user_id, 0), self.preferences.epoch(user_id)

    def halt(self, user_id: int) -> int:
        """Anything learned before now must not be written any more (erasure, opt-out, pause); postponed writes go.

        Returns how many postponed writes went."""
        self._halts[user_id] = self._halts.get(user_id, 0) + 1
        before = len(self._postponed)
        self._postponed = deque((w for w in self._postponed if w.user_id != user_id), maxlen=MAX_PENDING_WRITES)
        return before - len(self._postponed)

    def postponed(self, user_id: int | None = None) -> int:
        """How many writes wait for the database (of one member, or all)."""
        return sum(1 for w in self._postponed if user_id is None or w.user_id == user_id)

    # ------------------------------------------------------------------ writing (caller holds lock(user_id))
    async def store(
        self,
        user_id: int,
        scope: MemoryScope,
        memories: Sequence[NewMemory],
        *,
        actor: str,
        forget_ids: Sequence[int] = (),
        profile: str | None = None,
    ) -> None:
        """Plan and apply one write for ``user_id``; the caller holds :meth:`lock` and checked the epoch.

        ``profile`` (already screened) replaces the member's profile in the same transaction.
        """
        write = Write(user_id, scope, memories, actor, self.epoch(user_id), forget_ids, profile, self.profile(user_id))
        try:
            await self._write(write)
        except DatabaseUnavailable as exc:
            logger.warning("Memory write for %s postponed: %s", user_id, exc)
            self._postpone(write)
        except DatabaseError as exc:
            logger.error("Memory write for %s rejected by the database and dropped: %s", user_id, exc)

    def _postpone(self, write: Write) -> None:
        self._postponed.append(write)
        if write.profile is not None:
            self._profiles[write.user_id] = write.profile  # shown meanwhile; the write lands when the database is back

    async def _write(self, write: Write) -> bool:
        """Plan ``write`` against what is stored, claim the member, apply; plan again while other processes write
        first. Returns False when it was dropped (an erasure, opt-out or pause elsewhere)."""
        for attempt in range(MAX_REPLANS):
            now = datetime.now(UTC)
            read = await self._read(write.user_id, write.scope, now)
            batch = await self._plan(write, read, now)
            if batch.is_empty():
                return True
            if self.before_apply is not None:
                await self.before_apply(write, attempt)
            try:
                await self._apply(batch, write.scope, Claim(read.version, write.epoch[1]), read)
                return True
            except ClaimRefused as refused:
                self.invalidate(write.user_id)
                self._observe(refused.current)
                if not refused.replannable:
                    self.refused[refused.reason] += 1
                    logger.info("Dropped a memory write for %s: %s elsewhere meanwhile.", write.user_id, refused.reason)
                    return False
                self.replans += 1
                # Back off a little, at random: the process that just won holds a fresh read and would win again.
                await asyncio.sleep(random.uniform(0, min(REPLAN_BACKOFF_SECONDS * 2**attempt, 0.25)))
        raise DatabaseUnavailable(f"other processes kept writing member {write.user_id} first ({MAX_REPLANS} plans)")

    async def _plan(self, write: Write, read: MemberRead, now: datetime) -> MemoryBatch:
        """The batch for ``write`` against ``read``, what the database held when it was read (`write_plan`)."""
        admitted = write_plan.admitted(write, now)
        vectors = await self._vectors([m.memory for m in admitted.memories])
        return write_plan.planned_batch(
            write,
            admitted,
            stored_memories=read.memories,
            stored_profile=read.profile,
            now=now,
            cap=self._cap,
            vectors=vectors,
            similarity=self.embedding_worker.similarity if self.embedding_worker is not None else None,
        )

    async def _vectors(self, texts: list[str]) -> list[Vector | None]:
        """The admitted texts' meaning for dedup: one background request, or none (words only) when off or failing."""
        worker = self.embedding_worker
        vectors = await worker.embed_texts(texts) if worker is not None and texts else None
        return list(vectors) if vectors is not None else [None] * len(texts)

    async def _apply(self, batch: MemoryBatch, scope: MemoryScope, claim: Claim, planned: MemberRead) -> None:
        """Apply one member's batch under ``claim``; what it leaves in ``scope`` becomes the cached read.

        The claim held, so the profile is the one ``planned`` read, unless this batch wrote one.
        """
        self.invalidate(batch.user_id)
        try:
            control, memories = await self._db.run(sql.apply_memory_batch_and_read, batch, scope, None, claim)
        finally:
            self.invalidate(batch.user_id)
        self.preferences.adopt(control)  # this write's own version: nothing to drop
        profile = planned.profile if batch.profile is None else batch.profile
        self._keep(batch.user_id, scope, MemberRead(control, profile, tuple(memories)))
        if self.embedding_worker is not None and (batch.inserts or batch.refreshes):
            self.embedding_worker.embed_soon()

    async def flush_unsaved(self) -> int:
        """Plan again and apply the writes postponed while the database was away; returns how many landed.

        A write whose member was erased or paused since (the epoch moved) is dropped:
        it must not bring back what the member took back.
        """
        landed = 0
        while self._postponed and self._db.available:
            write = self._postponed[0]
            async with self.lock(write.user_id):
                if not self._postponed or self._postponed[0] is not write:
                    continue
                if write.epoch == self.epoch(write.user_id):
                    try:
                        landed += await self._write(write)
                    except DatabaseUnavailable:
                        break
                    except DatabaseError as exc:
                        logger.error("Postponed memory write for %s rejected and dropped: %s", write.user_id, exc)
                if self._postponed and self._postponed[0] is write:  # a halt meanwhile already took it
                    self._postponed.popleft()
        return landed

    # ------------------------------------------------------------------ after an erasure (caller holds lock(user_id))
    def erased(self, user_id: int, control: MemoryPreferenceRecord, profile: str) -> None:
        """The member's rows were erased (`utils.storage.member_data`): this store holds what is stored now."""
        self.invalidate(user_id)
        self.preferences.adopt(control)
        if profile:
            self._profiles[user_id] = profile
        else:
            self._profiles.pop(user_id, None)


async def prune_expired_in_batches(db: Database, *, now: datetime | None = None, batch_rows: int = sql.PRUNE_BATCH_ROWS) -> int:
    """Delete every expired memory, one short transaction per batch (chat keeps its share); returns how many."""
    moment = now or datetime.now(UTC)
    total, after = 0, 0
    while True:
        deleted, after = await db.run(sql.prune_expired_memories, now=moment, after=after, batch_rows=batch_rows)
        total += deleted
        if deleted < batch_rows:  # a pruner beside this one may have taken part of the batch: the next run finds the rest
            return total
        await asyncio.sleep(0)
