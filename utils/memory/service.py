"""MemoryService: what the bot knows about members, how it learns it, and how it forgets.

Reading (the hot path, before every reply): the profile and the member's live
memories from `MemoryStore` — one database round trip the first time, none afterwards.

Learning (after the reply, never before it): turns are queued per member; one
extraction runs per member at a time and takes every turn queued meanwhile, so a
burst of messages costs one call and each turn is extracted exactly once. Turns
from different servers are extracted separately, so each memory records where it
was learned. What the extractor proposes is written by `MemoryStore` under the
member's lock, after checking that no forget, opt-out or pause happened meanwhile,
with the profile of the same extraction in the same transaction.

Forgetting: :meth:`MemoryService.erase` is the one front door for every forget,
forget-recent, forget-all, opt-out and admin erase.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from itertools import groupby

from utils.background import BackgroundTasks
from utils.config import Settings
from utils.llm.client import LLMClient, LLMError
from utils.llm.embeddings import EmbeddingClient
from utils.memory.erasure import (
    MAX_RECENT_MINUTES,
    Erased,
    EraseWhat,
    Erasure,
    ForgetAll,
    ForgetIds,
    ForgetRecent,
    OptOut,
)
from utils.memory.extraction import (
    EXPIRATIONS,
    MEMORY_EXTRACTION_TOOL,
    PERMANENT,
    ExtractedMemory,
    ExtractionTurn,
    build_extraction_messages,
)
from utils.memory.extraction_rules import repeats_forgotten, shown_to_extractor, worth_extracting
from utils.memory.meaning import MemoryMeaning
from utils.memory.notes_for_model import build_memory_block
from utils.memory.preferences import MemoryPreferences
from utils.memory.retrieval import Query, rank_relevant
from utils.memory.store import Candidate, MemoryStore, prune_expired_in_batches
from utils.memory.vetting import vet
from utils.monitor.state import MonitorState
from utils.privacy.screen import Screened, Seen, screen, screen_profile
from utils.storage import memories as sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import MemoryPreferenceRecord, MemoryRecord, MemoryScope
from utils.storage.schema import PROFILE_MAX

logger = logging.getLogger(__name__)

BOT_REPLY_SHOWN_CHARS = 300
"""The extractor learns about the member, not the bot: the start of each reply is context enough."""


@dataclass(frozen=True)
class MemoryContext:
    """The memory block for one prompt and what went into it (for tests, logs and benchmarks)."""

    block: str
    recent: tuple[MemoryRecord, ...] = ()
    relevant: tuple[MemoryRecord, ...] = ()


@dataclass(frozen=True)
class _QueuedTurn:
    guild_id: int | None
    turn: ExtractionTurn
    message_id: int | None = None
    """The Discord message the turn came from: a delete or an edit of it reaches the queue too."""
    said: Screened | None = None
    """The member's message as screened: its secrets are screened out of what the model returns too."""


@dataclass
class _MemberQueue:
    name: str
    turns: list[_QueuedTurn] = field(default_factory=list)
    running: bool = False


class MemoryService:
    def __init__(
        self,
        settings: Settings,
        db: Database,
        llm: LLMClient,
        tracker: MonitorState,
        tasks: BackgroundTasks,
    ) -> None:
        self._settings = settings
        self._db = db
        self._llm = llm
        self._tracker = tracker
        self._tasks = tasks
        self.preferences = MemoryPreferences(db)
        self.meaning = MemoryMeaning(EmbeddingClient.from_settings(settings), db, tasks, on_embedded=self._embedded)
        self.store = MemoryStore(
            db, cap=settings.memory_max_per_user, cache_members=settings.memory_cache_members, meaning=self.meaning
        )
        self._queues: dict[int, _MemberQueue] = {}
        self._erase_listeners: list[Callable[[Erasure], None]] = []

    @property
    def enabled(self) -> bool:
        return self._settings.memory_enabled

    @property
    def round_trips(self) -> int:
        """Database reads made for retrieval; benchmarks and tests watch it."""
        return self.store.round_trips

    def scope_for(self, guild_id: int | None) -> MemoryScope:
        return MemoryScope.for_place(self._settings.memory_scope, guild_id)

    async def live_memories(self, user_id: int, scope: MemoryScope) -> tuple[MemoryRecord, ...]:
        return await self.store.live_memories(user_id, scope)

    def invalidate(self, user_id: int) -> None:
        self.store.invalidate(user_id)

    def _embedded(self, user_ids: Iterable[int]) -> None:
        for user_id in user_ids:
            self.store.invalidate(user_id)

    # ------------------------------------------------------------------ the member's say
    def paused_until(self, user_id: int) -> datetime | None:
        return self.preferences.paused_until(user_id)

    def may_learn(self, user_id: int) -> bool:
        """Nothing new is written for a member who opted out or paused (or before preferences are known)."""
        return self.enabled and self.preferences.may_learn(user_id)

    def on_erase(self, listener: Callable[[Erasure], None]) -> None:
        """Call ``listener(erasure)`` after every erasure (chat context, LlmLog buffer drop their copies)."""
        self._erase_listeners.append(listener)

    def member_lock(self, user_id: int) -> asyncio.Lock:
        return self.store.lock(user_id)

    def profile(self, user_id: int) -> str:
        """The member's profile, the permanent memory layer (kept by the store)."""
        return self.store.profile(user_id)

    # ------------------------------------------------------------------ the one erase operation
    async def erase(self, user_id: int, what: EraseWhat, *, actor: str, scope: MemoryScope = MemoryScope.GLOBAL) -> Erased:
        """Take back what ``what`` names, everywhere the bot keeps a copy: the only way anything is forgotten.

        Under the member's lock: queued turns are dropped and the epoch moves (an
        extraction already running, and every postponed write, gives up), the rows and
        their LlmLog excerpts go in one transaction, the cache and profile in RAM follow,
        and the listeners drop the chat context and unwritten LlmLog rows. An opt-out
        flips the preference first and stores it after the erase (restored if it fails).
        """
        if isinstance(what, ForgetIds):
            mine = {m.id for m in await self._db.run(sql.get_all_memories, user_id) if scope.admits(m.guild_id)}
            if not what.ids or not set(what.ids) <= mine:
                return Erased(found=False)
        before = self.preferences.get(user_id)
        if isinstance(what, OptOut):
            if before.opted_out:
                return Erased(changed=False)
            self.preferences.set(MemoryPreferenceRecord(user_id, opted_out=True))
        since = None
        if isinstance(what, ForgetRecent):
            since = datetime.now(UTC) - timedelta(minutes=max(1, min(what.minutes, MAX_RECENT_MINUTES)))
        everything = isinstance(what, OptOut) or (isinstance(what, ForgetAll) and not scope.restricted)
        async with self.store.lock(user_id):
            self._halt(user_id)
            try:
                if everything:
                    action = "opted_out" if isinstance(what, OptOut) else "forgotten"
                    result = Erased(await self.store.erase_member(user_id, actor=actor, action=action))
                    self._tracker.clear_notes(user_id)
                else:
                    ids = what.ids if isinstance(what, ForgetIds) else ()
                    removed, restored = await self.store.forget(user_id, actor=actor, scope=scope, since=since, ids=ids)
                    result = Erased(removed, restored)
                if isinstance(what, OptOut):
                    await self.preferences.save(MemoryPreferenceRecord(user_id, opted_out=True))
            except DatabaseError:
                self.preferences.set(before)
                raise
            finally:
                self._halt(user_id)
                self._tell(Erasure(user_id, everything, since))
        return result

    def _halt(self, user_id: int) -> None:
        """Drop queued turns and postponed writes; an extraction already running gives up before it writes."""
        self.store.bump_epoch(user_id)
        queue = self._queues.get(user_id)
        if queue is not None:
            queue.turns.clear()

    def _tell(self, erasure: Erasure) -> None:
        self.store.invalidate(erasure.user_id)
        for listener in self._erase_listeners:
            listener(erasure)

    async def pause(self, user_id: int, until: datetime) -> None:
        """Learn nothing new until ``until``: what is queued or running for the member is dropped too."""
        await self.preferences.save(MemoryPreferenceRecord(user_id, self.preferences.opted_out(user_id), until))
        self._halt(user_id)

    # ------------------------------------------------------------------ reading
    async def build_context(
        self, *, user_id: int, member_name: str, guild_id: int | None, text: str, channel_name: str = ""
    ) -> MemoryContext:
        """Profile + most recent + most relevant memories as one budgeted block for the prompt."""
        if not self.enabled or not self.preferences.may_read(user_id):
            return MemoryContext("")
        profile = self.store.profile(user_id)
        memories: tuple[MemoryRecord, ...] = ()
        if self._db.available:
            try:
                memories = await self.store.live_memories(user_id, self.scope_for(guild_id))
            except DatabaseError as exc:
                logger.warning("Memory read skipped for %s: %s", user_id, exc)
        recent, older = memories[: self._settings.memory_recent_count], memories[self._settings.memory_recent_count :]
        relevant = rank_relevant(
            memories,
            Query.of(text, channel_name),
            exclude_ids=frozenset(m.id for m in recent),
            limit=self._settings.memory_relevant_count,
            # The newest memories' cosines too: shown anyway, they are still the others a relevant one must stand out from.
            similarity=await self.meaning.similarities(text, memories) if older else None,
            floor=self._settings.embedding_min_similarity,
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
    def remember_turn(
        self,
        *,
        user_id: int,
        member_name: str,
        guild_id: int | None,
        user_text: str,
        bot_reply: str,
        message_id: int | None = None,
    ) -> None:
        """Queue one exchange for extraction; returns at once (the reply never waits)."""
        if not self.may_learn(user_id) or not worth_extracting(user_text):
            return
        queue = self._queues.get(user_id)
        if queue is None:
            queue = self._queues[user_id] = _MemberQueue(member_name)
        queue.name = screen(member_name, "name").text  # the display name is shown to the extractor
        said = screen(user_text, "message")
        reply = screen(bot_reply, "message", seen=Seen([said]), limit=BOT_REPLY_SHOWN_CHARS)  # a reply may restate it bare
        turn = ExtractionTurn(said.text, reply.text)
        queue.turns.append(_QueuedTurn(guild_id, turn, message_id, said))
        if not queue.running:
            queue.running = True
            self._tasks.spawn(self._extraction_worker(user_id), name=f"extract-memories-{user_id}")

    def message_deleted(self, message_ids: Collection[int]) -> int:
        """Members deleted messages: turns from them still waiting for extraction are dropped, never learned.

        A member who deletes a message (say, one holding something private) within the
        extraction delay takes it back before anything was extracted from it.
        """
        gone, dropped = set(message_ids), 0
        for queue in self._queues.values():
            kept = [queued for queued in queue.turns if queued.message_id is None or queued.message_id not in gone]
            dropped += len(queue.turns) - len(kept)
            queue.turns[:] = kept
        return dropped

    def message_edited(self, message_id: int, user_text: str) -> bool:
        """A member edited a message: a turn from it still waiting for extraction takes the new text.

        The bot's answer to the old text is dropped from that turn: it may repeat what the member took back.
        """
        for queue in self._queues.values():
            for index, queued in enumerate(queue.turns):
                if queued.message_id == message_id:
                    said = screen(user_text, "message")
                    queue.turns[index] = replace(queued, turn=ExtractionTurn(said.text, ""), said=said)
                    return True
        return False

    async def _extraction_worker(self, user_id: int) -> None:
        queue = self._queues[user_id]
        try:
            if self._settings.memory_extraction_delay_seconds:
                await asyncio.sleep(self._settings.memory_extraction_delay_seconds)
            while queue.turns:
                pending, queue.turns = queue.turns, []
                for guild_id, grouped in groupby(pending, key=lambda q: q.guild_id):
                    group = list(grouped)
                    seen = Seen(q.said for q in group if q.said is not None)
                    try:
                        await self._extract_and_save(user_id, queue.name, guild_id, [q.turn for q in group], seen)
                    except Exception:
                        logger.exception("Memory extraction for %s failed; those turns are skipped.", user_id)
        finally:
            queue.running = False
            if not queue.turns:
                self._queues.pop(user_id, None)

    async def _extract_and_save(
        self, user_id: int, name: str, guild_id: int | None, turns: Sequence[ExtractionTurn], seen: Seen
    ) -> None:
        """The plan's `_extract_and_save_memories`, with only the author's turns shown to the model."""
        epoch = self.store.epoch(user_id)
        scope = self.scope_for(guild_id)
        try:
            live = await self.store.live_memories(user_id, scope)
        except DatabaseError:
            live = ()
        shown = shown_to_extractor(live, Query.forget_request(" ".join(t.user_text for t in turns)))
        profile = self.store.profile(user_id)
        messages = build_extraction_messages(member_name=name, profile=profile, shown=shown, turns=turns)
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
        result = vet(result, member_name=name, member_texts=[t.user_text for t in turns], profile=profile)
        forget_ids = [shown[n - 1].id for n in dict.fromkeys(result.forget) if 1 <= n <= len(shown)]
        forgotten = [m for m in shown if m.id in forget_ids]
        accepted = [m for m in result.memories[: self._settings.memory_max_per_extraction] if not repeats_forgotten(m, forgotten)]
        if len(result.memories) > self._settings.memory_max_per_extraction:
            logger.info("Extractor proposed %d memories for %s; kept at most %d.", len(result.memories), user_id, len(accepted))
        async with self.store.lock(user_id):
            if self.store.epoch(user_id) != epoch or not self.may_learn(user_id):
                logger.info("Dropped an extraction for %s: their memory was erased or paused meanwhile.", user_id)
                return
            candidates, profile = self._fold_permanent(user_id, accepted, result.profile_update, seen)
            await self.store.store(
                user_id, guild_id, scope, candidates, source="chat", actor="member", forget_ids=forget_ids, profile=profile
            )
        if forget_ids:
            self._tell(Erasure(user_id, everything=False))
        logger.info(
            "Extracted %d memories for %s (profile_update=%s, forgot=%d)",
            len(candidates),
            name,
            bool(result.profile_update),
            len(forget_ids),
        )

    def _fold_permanent(
        self, user_id: int, memories: Sequence[ExtractedMemory], profile_update: str | None, seen: Seen | None = None
    ) -> tuple[list[Candidate], str | None]:
        """Expiring memories become candidates; permanent ones belong in the profile.

        Returns the candidates and the new profile (None: unchanged), written together.
        A permanent fact the model did not fold into a profile update is appended to the
        profile when it fits, else kept as a 30-day memory, so it is never silently lost.
        """
        profile = self.screen_profile(user_id, profile_update, seen) if profile_update else None
        candidates = []
        scrub = seen.scrub if seen else str
        for m in memories:
            # What the member said and the model restates bare is marked here; the store's screen refuses it.
            text, topics, key = scrub(m.memory), tuple(map(scrub, m.topics)), m.key and scrub(m.key)
            if m.expiration != PERMANENT:
                candidates.append(Candidate(text, topics, m.importance, EXPIRATIONS[m.expiration], key))
                continue
            if profile_update:
                continue
            joined = f"{profile or self.store.profile(user_id)} {text}".strip()
            if len(joined) <= PROFILE_MAX and not screen(text, "memory").refused:
                profile = self.screen_profile(user_id, joined, seen) or profile
            else:
                candidates.append(Candidate(text, topics, "high", EXPIRATIONS["30d"], key))
        return candidates, profile

    def screen_profile(self, user_id: int, profile: str, seen: Seen | None = None) -> str | None:
        """The profile as it may be stored (screened, then cut at a word), or None when it carries a secret or changes nothing."""
        cleaned = screen_profile(profile, seen=seen, limit=PROFILE_MAX)
        if cleaned.refused:
            logger.info("Refused a profile update for %s: it carried a secret.", user_id)
            return None
        return None if cleaned.text == self.store.profile(user_id) else cleaned.text

    async def set_profile(self, user_id: int, profile: str) -> bool:
        """Replace the profile (the plan's `set_user_profile`), refusing one that holds a secret.

        Written through the store like any memory: the previous profile is kept in
        ProfileHistory in the same transaction, so `/memory forget recent` can put it back.
        """
        async with self.store.lock(user_id):
            screened = self.screen_profile(user_id, profile)
            if screened is None:
                return " ".join(profile.split()) == self.store.profile(user_id)
            await self.store.store(user_id, None, MemoryScope.GLOBAL, [], source="chat", actor="member", profile=screened)
        return True

    # ------------------------------------------------------------------ learning from the monitor
    async def save_passive(
        self, *, user_id: int, note: str, topic: str | None, guild_id: int | None, key: str | None = None
    ) -> None:
        """A behaviour-monitor observation as a 7-day medium memory (the plan's task 6).

        With a slot ``key`` it competes with what the member said themself, and loses:
        a passive observation never supersedes a `chat` memory in the same slot.
        """
        candidate = Candidate(note, ((topic or "general").casefold(),), "medium", EXPIRATIONS["7d"], key)
        async with self.store.lock(user_id):
            if self.may_learn(user_id):
                scope = self.scope_for(guild_id)
                await self.store.store(user_id, guild_id, scope, [candidate], source="passive", actor="system")

    # ------------------------------------------------------------------ housekeeping
    async def flush_unsaved(self) -> int:
        return await self.store.flush_unsaved()

    async def prune_expired(self) -> int:
        """The pruning loop's work: delete expired rows (reads already ignore them), one short transaction per batch."""
        if not self._db.available:
            return 0
        count = await prune_expired_in_batches(self._db)
        if count:
            logger.info("Pruned %d expired memories.", count)
        return count
