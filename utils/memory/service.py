"""MemoryService: what the bot knows about members, how it learns it, and how it forgets.

Reading (the hot path, before every reply): one database round trip for a member
the first time, none afterwards — their live memories are cached and the cache of
a member is dropped whenever something of theirs is written.

Learning (after the reply, never before it): turns are queued per member; one
extraction runs per member at a time and takes every turn queued meanwhile, so a
burst of messages costs one call and each turn is extracted exactly once.
Everything stored goes through redaction, validation, dedup, slot supersession by
source trust, and the per-member cap — chat memories and passive ones alike.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from utils.background import BackgroundTasks
from utils.config import Settings
from utils.database import Database, DatabaseUnavailable
from utils.drama_tracker import DramaTracker
from utils.llm_client import LLMClient, LLMError
from utils.memory.extraction import (
    EXPIRATIONS,
    MEMORY_EXTRACTION_TOOL,
    PERMANENT,
    ExtractedMemory,
    ExtractionTurn,
    build_extraction_messages,
    cut_at_word,
)
from utils.memory.formatting import build_memory_block
from utils.memory.redaction import is_about_a_secret, redact
from utils.memory.retrieval import Query, content_words, near_duplicate, rank_relevant
from utils.records import (
    IMPORTANCE_RANK,
    SOURCE_TRUST,
    AuditEntry,
    MemoryBatch,
    MemoryPreferenceRecord,
    MemoryRecord,
    MemoryRefresh,
    MemoryScope,
    NewMemory,
)
from utils.schema import PROFILE_MAX

logger = logging.getLogger(__name__)

SHOWN_TO_EXTRACTOR = 15
MAX_PENDING_BATCHES = 1000


@dataclass(frozen=True)
class MemoryContext:
    """The memory block for one prompt and what went into it (for tests, logs and benchmarks)."""

    block: str
    recent: tuple[MemoryRecord, ...] = ()
    relevant: tuple[MemoryRecord, ...] = ()


@dataclass
class _MemberQueue:
    name: str
    guild_id: int | None
    turns: list[ExtractionTurn] = field(default_factory=list)
    running: bool = False


@dataclass(frozen=True)
class Candidate:
    """A memory about to be stored, from any source."""

    memory: str
    topics: tuple[str, ...]
    importance: str
    lifetime: timedelta
    slot_key: str | None = None


class MemoryService:
    def __init__(
        self,
        settings: Settings,
        db: Database,
        llm: LLMClient,
        tracker: DramaTracker,
        tasks: BackgroundTasks,
    ) -> None:
        self._settings = settings
        self._db = db
        self._llm = llm
        self._tracker = tracker
        self._tasks = tasks
        self._cache: OrderedDict[tuple[int, MemoryScope], tuple[MemoryRecord, ...]] = OrderedDict()
        self._versions: dict[int, int] = {}
        self._queues: dict[int, _MemberQueue] = {}
        self._unsaved: deque[MemoryBatch] = deque(maxlen=MAX_PENDING_BATCHES)
        self._unsaved_lock = asyncio.Lock()
        self._preferences: dict[int, MemoryPreferenceRecord] = {}
        self._epochs: dict[int, int] = {}
        self._forget_listeners: list[Callable[[int], None]] = []
        self.round_trips = 0
        """Database reads made for retrieval; benchmarks and tests watch it."""

    @property
    def enabled(self) -> bool:
        return self._settings.memory_enabled

    def scope_for(self, guild_id: int | None) -> MemoryScope:
        return MemoryScope.for_place(self._settings.memory_scope, guild_id)

    # ------------------------------------------------------------------ the member's say
    async def load_preferences(self) -> None:
        """Opt-outs and pauses, read once at start (and after a reconnect); kept in RAM after that."""
        try:
            self._preferences = {p.user_id: p for p in await self._db.load_memory_preferences()}
        except DatabaseUnavailable as exc:
            logger.warning("Could not load memory preferences: %s", exc)

    def preference(self, user_id: int) -> MemoryPreferenceRecord:
        return self._preferences.get(user_id) or MemoryPreferenceRecord(user_id)

    def set_preference(self, preference: MemoryPreferenceRecord) -> None:
        self._preferences[preference.user_id] = preference

    async def is_opted_out(self, user_id: int) -> bool:
        return self.preference(user_id).opted_out

    def paused_until(self, user_id: int, now: datetime | None = None) -> datetime | None:
        until = self.preference(user_id).paused_until
        return until if until is not None and until > (now or datetime.now(UTC)) else None

    def may_learn(self, user_id: int) -> bool:
        """Nothing new is written for a member who opted out or paused memory."""
        return self.enabled and not self.preference(user_id).opted_out and self.paused_until(user_id) is None

    def on_forget(self, listener: Callable[[int], None]) -> None:
        """Call ``listener(user_id)`` whenever a member's memories are forgotten (e.g. to purge chat history)."""
        self._forget_listeners.append(listener)

    def _forgotten(self, user_id: int) -> None:
        self.invalidate(user_id)
        for listener in self._forget_listeners:
            listener(user_id)

    def drop_member(self, user_id: int) -> None:
        """Around a forget or an opt-out: no queued turn, cached row, running extraction or context line survives."""
        self._epochs[user_id] = self._epochs.get(user_id, 0) + 1
        queue = self._queues.get(user_id)
        if queue is not None:
            queue.turns.clear()
        self._unsaved = deque((b for b in self._unsaved if b.user_id != user_id), maxlen=MAX_PENDING_BATCHES)
        self._forgotten(user_id)

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
            if self._versions.get(user_id, 0) == version and self._settings.memory_cache_members > 0:
                self._cache[key] = cached
                while len(self._cache) > self._settings.memory_cache_members:
                    self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return tuple(m for m in cached if m.expires_at > moment)

    def invalidate(self, user_id: int) -> None:
        """Forget every cached read of this member (all scopes); called on each write."""
        self._versions[user_id] = self._versions.get(user_id, 0) + 1
        for key in [k for k in self._cache if k[0] == user_id]:
            del self._cache[key]

    async def build_context(
        self, *, user_id: int, member_name: str, guild_id: int | None, text: str, channel_name: str = ""
    ) -> MemoryContext:
        """Profile + most recent + most relevant memories as one budgeted block for the prompt."""
        if not self.enabled or self.preference(user_id).opted_out:
            return MemoryContext("")
        profile = self._tracker.get_user_notes(user_id)
        memories: tuple[MemoryRecord, ...] = ()
        if self._db.available:
            try:
                memories = await self.live_memories(user_id, self.scope_for(guild_id))
            except DatabaseUnavailable as exc:
                logger.warning("Memory read skipped for %s: %s", user_id, exc)
        recent = memories[: self._settings.memory_recent_count]
        relevant = rank_relevant(
            memories[self._settings.memory_recent_count :],
            Query.of(text, channel_name),
            limit=self._settings.memory_relevant_count,
        )
        block = build_memory_block(
            member_name=member_name,
            profile=profile,
            recent=recent,
            relevant=relevant,
            budget=self._settings.memory_context_chars,
        )
        return MemoryContext(block, tuple(recent), tuple(relevant))

    # ------------------------------------------------------------------ learning from chat
    def remember_turn(self, *, user_id: int, member_name: str, guild_id: int | None, user_text: str, bot_reply: str) -> None:
        """Queue one exchange for extraction; returns at once (the reply never waits)."""
        if not self.may_learn(user_id) or not worth_extracting(user_text):
            return
        queue = self._queues.get(user_id)
        if queue is None:
            queue = self._queues[user_id] = _MemberQueue(member_name, guild_id)
        queue.name, queue.guild_id = member_name, guild_id
        queue.turns.append(ExtractionTurn(redact(user_text).text, redact(bot_reply).text))
        if not queue.running:
            queue.running = True
            self._tasks.spawn(self._extraction_worker(user_id), name=f"extract-memories-{user_id}")

    async def _extraction_worker(self, user_id: int) -> None:
        queue = self._queues[user_id]
        try:
            if self._settings.memory_extraction_delay_seconds:
                await asyncio.sleep(self._settings.memory_extraction_delay_seconds)
            while queue.turns:
                turns, queue.turns = queue.turns, []
                try:
                    await self._extract_and_save(user_id, queue.name, queue.guild_id, turns)
                except Exception:
                    logger.exception("Memory extraction for %s failed; those turns are skipped.", user_id)
        finally:
            queue.running = False
            if not queue.turns:
                self._queues.pop(user_id, None)

    async def _extract_and_save(self, user_id: int, name: str, guild_id: int | None, turns: Sequence[ExtractionTurn]) -> None:
        """The plan's `_extract_and_save_memories`, with only the author's turns shown to the model."""
        epoch = self._epochs.get(user_id, 0)
        scope = self.scope_for(guild_id)
        try:
            live = await self.live_memories(user_id, scope)
        except DatabaseUnavailable:
            live = ()
        query = Query.of(" ".join(t.user_text for t in turns))
        shown = _shown_to_extractor(live, query)
        messages = build_extraction_messages(
            member_name=name, profile=self._tracker.get_user_notes(user_id), shown=shown, turns=turns
        )
        try:
            result, _usage = await self._llm.call_tool(
                messages,
                MEMORY_EXTRACTION_TOOL,
                kind="memory_extraction",
                model=self._settings.extraction_model,
                temperature=0.3,
                user_id=user_id,
            )
        except LLMError as exc:
            logger.warning("Memory extraction for %s failed: %s", user_id, exc)
            return
        if self._epochs.get(user_id, 0) != epoch or not self.may_learn(user_id):
            logger.info("Dropped an extraction for %s: their memory was erased or paused meanwhile.", user_id)
            return
        forget_ids = [shown[n - 1].id for n in dict.fromkeys(result.forget) if 1 <= n <= len(shown)]
        forgotten = [m for m in shown if m.id in forget_ids]
        accepted = result.memories[: self._settings.memory_max_per_extraction]
        if len(result.memories) > len(accepted):
            logger.info("Extractor proposed %d memories for %s; kept %d.", len(result.memories), user_id, len(accepted))
        candidates = [
            c for c in await self._fold_permanent(user_id, accepted, result.profile_update) if not _repeats(c, forgotten)
        ]
        if result.profile_update:
            await self.set_profile(user_id, result.profile_update)
        await self._store(user_id, guild_id, candidates, source="chat", actor="member", forget_ids=forget_ids)
        if forget_ids:
            self._forgotten(user_id)
        logger.info(
            "Extracted %d memories for %s (profile_update=%s, forgot=%d)",
            len(candidates),
            name,
            bool(result.profile_update),
            len(forget_ids),
        )

    async def _fold_permanent(
        self, user_id: int, memories: Sequence[ExtractedMemory], profile_update: str | None
    ) -> list[Candidate]:
        """Expiring memories become candidates; permanent ones belong in the profile.

        A permanent fact the model did not fold into a profile update is appended to the
        profile when it fits, else kept as a 30-day memory, so it is never silently lost.
        """
        candidates = []
        for m in memories:
            if m.expiration != PERMANENT:
                candidates.append(Candidate(m.memory, tuple(m.topics), m.importance, EXPIRATIONS[m.expiration], m.key))
                continue
            if profile_update:
                continue
            profile = self._tracker.get_user_notes(user_id)
            joined = f"{profile} {m.memory}".strip()
            if len(joined) <= PROFILE_MAX and not is_about_a_secret(redact(m.memory).text):
                await self.set_profile(user_id, joined)
            else:
                candidates.append(Candidate(m.memory, tuple(m.topics), "high", EXPIRATIONS["30d"], m.key))
        return candidates

    async def set_profile(self, user_id: int, profile: str) -> bool:
        """Replace the profile through `DramaTracker.set_user_profile`, refusing one that holds a secret.

        The previous profile is kept in ProfileHistory first, so `/memory forget recent`
        can put it back; if that record cannot be written the change still happens.
        """
        cleaned = redact(" ".join(profile.split()))
        if cleaned.changed and is_about_a_secret(cleaned.text):
            logger.info("Refused a profile update for %s: it carried a secret.", user_id)
            return False
        previous = self._tracker.get_user_notes(user_id)
        new_profile = cut_at_word(cleaned.text, PROFILE_MAX)
        if new_profile == previous:
            return True
        try:
            await self._db.record_profile_change(user_id, previous)
        except DatabaseUnavailable as exc:
            logger.warning("Profile history for %s not kept: %s", user_id, exc)
        self._tracker.set_user_profile(user_id, new_profile)
        return True

    # ------------------------------------------------------------------ learning from the monitor
    async def save_passive(
        self, *, user_id: int, note: str, topic: str | None, guild_id: int | None, key: str | None = None
    ) -> None:
        """A behaviour-monitor observation as a 7-day medium memory (the plan's task 6).

        With a slot ``key`` it competes with what the member said themself, and loses:
        a passive observation never supersedes a `chat` memory in the same slot.
        """
        if not self.may_learn(user_id):
            return
        candidate = Candidate(note, ((topic or "general").casefold(),), "medium", EXPIRATIONS["7d"], key)
        await self._store(user_id, guild_id, [candidate], source="passive", actor="system")

    # ------------------------------------------------------------------ storing
    async def _store(
        self,
        user_id: int,
        guild_id: int | None,
        candidates: Sequence[Candidate],
        *,
        source: str,
        actor: str,
        forget_ids: Sequence[int] = (),
    ) -> None:
        now = datetime.now(UTC)
        epoch = self._epochs.get(user_id, 0)
        batch = MemoryBatch(user_id=user_id, actor=actor, cap=self._settings.memory_max_per_user, forget_ids=list(forget_ids))
        try:
            live = [m for m in await self.live_memories(user_id, self.scope_for(guild_id), now) if m.id not in forget_ids]
        except DatabaseUnavailable:
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
        if batch.is_empty() or self._epochs.get(user_id, 0) != epoch:
            return
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
        """Refresh a near-duplicate, respect a more trusted slot holder, or insert (superseding the slot)."""
        expires_at = now + candidate.lifetime
        duplicate = next((m for m in live if near_duplicate(m.memory, text)), None)
        if duplicate is not None:
            keep_old_text = SOURCE_TRUST.get(duplicate.source, 0) > SOURCE_TRUST.get(source, 0)
            batch.refreshes.append(
                MemoryRefresh(
                    memory_id=duplicate.id,
                    memory=duplicate.memory if keep_old_text else text,
                    topics=tuple(dict.fromkeys(duplicate.topics + topics)),
                    expires_at=max(duplicate.expires_at, expires_at),
                    importance=max(duplicate.importance, candidate.importance, key=lambda i: IMPORTANCE_RANK.get(i, 0)),
                )
            )
            return
        if any(near_duplicate(n.memory, text) for n in batch.inserts):
            return
        if candidate.slot_key:
            holders = [m for m in live if m.slot_key == candidate.slot_key]
            if any(SOURCE_TRUST.get(h.source, 0) > SOURCE_TRUST.get(source, 0) for h in holders):
                logger.info("Kept the more trusted %s memory in slot %s.", holders[0].source, candidate.slot_key)
                return
            batch.supersede_ids.extend(h.id for h in holders)
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
        finally:
            self.invalidate(batch.user_id)

    async def flush_unsaved(self) -> int:
        """Retry writes that failed while the database was away; returns how many landed."""
        landed = 0
        async with self._unsaved_lock:
            while self._unsaved and self._db.available:
                batch = self._unsaved[0]
                try:
                    await self._db.apply_memory_batch(batch)
                except DatabaseUnavailable:
                    break
                if self._unsaved and self._unsaved[0] is batch:
                    self._unsaved.popleft()
                self.invalidate(batch.user_id)
                landed += 1
        return landed

    async def prune_expired(self) -> int:
        """The pruning loop's work: delete expired rows (reads already ignore them)."""
        if not self._db.available:
            return 0
        count = await self._db.prune_expired_memories()
        if count:
            logger.info("Pruned %d expired memories.", count)
        return count


def worth_extracting(text: str) -> bool:
    """Skip the extractor for turns with nothing to learn ("lol", "ok", an image alone)."""
    return bool(content_words(text)) or "forget" in text.casefold()


def _shown_to_extractor(live: Sequence[MemoryRecord], query: Query) -> list[MemoryRecord]:
    """What the extractor is told it already knows: the matching memories first, then the newest."""
    relevant = rank_relevant(live, query, limit=SHOWN_TO_EXTRACTOR)
    chosen = {m.id for m in relevant}
    rest = [m for m in live if m.id not in chosen]
    return (relevant + rest)[:SHOWN_TO_EXTRACTOR]


def _repeats(candidate: Candidate, forgotten: Sequence[MemoryRecord]) -> bool:
    """True when a new memory says again what the member just asked to forget."""
    return any(
        near_duplicate(candidate.memory, old.memory) or set(candidate.topics) & set(old.topics) - {"general", "personal"}
        for old in forgotten
    )
