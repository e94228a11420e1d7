"""MemoryService: what the bot knows about members, how it learns it, and how it forgets.

Reading (the hot path, before every reply): the profile and the member's live
memories from `MemoryStore` — one database round trip the first time, none afterwards.

Learning (after the reply, never before it): turns wait in `TurnQueues`, one
extraction per member at a time. What the extractor proposes is written by
`MemoryStore` under the member's lock, after checking that no forget, opt-out or
pause happened meanwhile, with the profile of the same extraction in the same
transaction.

The member's say: :meth:`MemoryService.erase` is the one front door for every forget,
forget-recent, forget-all, opt-out and admin erase; `overview`, `export`, `pause`,
`resume` and `opt_in` are the rest of what `/memory` does (`utils.memory.commands`).
What else keeps a copy of a member (chat context, LlmLog, the monitor's note lines)
subscribes with :meth:`MemoryService.on_erase`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection, Iterable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from utils.background import BackgroundTasks
from utils.config import Settings
from utils.llm.client import LLMClient
from utils.llm.embeddings import EmbeddingClient
from utils.memory.coherence import Coherence
from utils.memory.embedding_worker import EmbeddingWorker
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
    ExtractionTurn,
)
from utils.memory.extraction_rules import worth_extracting
from utils.memory.learning import ChatLearning
from utils.memory.memory_block import build_memory_block
from utils.memory.preferences import MemoryPreferences, Moved
from utils.memory.quality import ModelQuality
from utils.memory.ranking import Query, rank_relevant
from utils.memory.store import MemoryStore, prune_expired_in_batches
from utils.memory.turns import TurnQueues
from utils.privacy.screen import Seen, screen
from utils.storage import llm_log as log_sql
from utils.storage import memories as sql
from utils.storage import notes as notes_sql
from utils.storage import profiles as profile_sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import AuditEntry, MemoryPreferenceRecord, MemoryRecord, MemoryScope, NewMemory
from utils.storage.user_notes import profile_part

logger = logging.getLogger(__name__)

BOT_REPLY_SHOWN_CHARS = 300
"""The extractor learns about the member, not the bot: the start of each reply is context enough."""
MAX_PAUSE_MINUTES = 7 * 24 * 60


@dataclass(frozen=True)
class MemoryContext:
    """The memory block for one prompt and what went into it (for tests, logs and benchmarks)."""

    block: str
    recent: tuple[MemoryRecord, ...] = ()
    relevant: tuple[MemoryRecord, ...] = ()


@dataclass(frozen=True)
class MemoryOverview:
    """What `/memory show` shows: the profile, the live memories, and the member's say."""

    user_id: int
    profile: str
    memories: tuple[MemoryRecord, ...]
    opted_out: bool
    paused_until: datetime | None


class MemoryService:
    def __init__(
        self,
        settings: Settings,
        db: Database,
        llm: LLMClient,
        tasks: BackgroundTasks,
        preferences: MemoryPreferences | None = None,
    ) -> None:
        """``preferences`` is shared with whoever else must honour an opt-out (the LlmLog buffer)."""
        self._settings = settings
        self._db = db
        self._llm = llm
        self.preferences = preferences or MemoryPreferences(db)
        self.meaning = EmbeddingWorker(EmbeddingClient.from_settings(settings), db, tasks, on_embedded=self._embedded)
        self.store = MemoryStore(
            db,
            cap=settings.memory_max_per_user,
            cache_members=settings.memory_cache_members,
            meaning=self.meaning,
            preferences=self.preferences,
            observe=self._observe,
        )
        self.coherence = Coherence(db, self.preferences, self._changed_elsewhere)
        """Polled by the runtime: what other processes on the same database changed about members."""
        self.quality = ModelQuality()
        """Per extraction model: how many calls fail and how many proposals are junk (one WARNING when too many)."""
        self._learning = ChatLearning(
            settings,
            llm,
            self.store,
            may_learn=self.may_learn,
            scope_for=self.scope_for,
            tell=self._tell,
            quality=self.quality,
        )
        self._turns = TurnQueues(settings, tasks, self._learning.extract_and_save)
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
        """Call ``listener(erasure)`` after every erasure (chat context, LlmLog buffer, monitor notes drop their copies)."""
        self._erase_listeners.append(listener)

    def _observe(self, row: MemoryPreferenceRecord) -> None:
        """A control row the store read or was refused with: another process's write or erasure is acted on now."""
        moved = self.preferences.adopt(row)
        if moved:
            self._changed_elsewhere(row, moved, None, notes_read=False)

    def _changed_elsewhere(
        self, row: MemoryPreferenceRecord, moved: Moved, stored_notes: str | None, *, notes_read: bool = True
    ) -> None:
        """Another process wrote, erased, opted out or paused the member: this process follows at once.

        An erasure there halts the member's work here exactly as a local one does (queued
        turns, postponed writes, an extraction in flight; chat context, unwritten LlmLog
        excerpts and — when nothing of the member is stored any more — the note lines).
        """
        user_id = row.user_id
        if moved.wrote or moved.erased:
            self.store.changed_elsewhere(user_id, profile_part(stored_notes) if notes_read else None)
        if moved.erased:
            self._halt(user_id)
            # Nothing stored any more (a forget-all or opt-out blanks `UserNotes`): the note lines go here too.
            self._tell(Erasure(user_id, everything=notes_read and not (stored_notes or "").strip()))
            logger.info("Member %s was erased or paused by another process; their pending work here was dropped.", user_id)
        elif moved.say and not self.may_learn(user_id):
            self._halt(user_id)

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
            self.preferences.set(replace(before, opted_out=True))  # reads stop now; the erase stores it
        since = None
        if isinstance(what, ForgetRecent):
            since = datetime.now(UTC) - timedelta(minutes=max(1, min(what.minutes, MAX_RECENT_MINUTES)))
        everything = isinstance(what, OptOut) or (isinstance(what, ForgetAll) and not scope.restricted)
        erased_everything = False
        async with self.store.lock(user_id):
            self._halt(user_id)
            try:
                if everything:
                    action = "opted_out" if isinstance(what, OptOut) else "forgotten"
                    opt_out = isinstance(what, OptOut)
                    removed = await self.store.erase_member(user_id, actor=actor, action=action, opt_out=opt_out)
                    result = Erased(removed)
                    erased_everything = True
                else:
                    ids = what.ids if isinstance(what, ForgetIds) else ()
                    removed, restored = await self.store.forget(user_id, actor=actor, scope=scope, since=since, ids=ids)
                    result = Erased(removed, restored)
            except DatabaseError:
                self.preferences.set(before)
                raise
            finally:
                self._halt(user_id)
                self._tell(Erasure(user_id, erased_everything, since))
        return result

    def _halt(self, user_id: int) -> None:
        """Drop queued turns and postponed writes; an extraction already running gives up before it writes."""
        self.store.halt(user_id)
        self._turns.drop(user_id)

    def _tell(self, erasure: Erasure) -> None:
        self.store.invalidate(erasure.user_id)
        for listener in self._erase_listeners:
            listener(erasure)

    async def pause(self, user_id: int, minutes: int) -> datetime:
        """Learn nothing new for ``minutes`` (reading goes on): what is queued or running is dropped too; returns the end."""
        until = datetime.now(UTC) + timedelta(minutes=max(1, min(minutes, MAX_PAUSE_MINUTES)))
        await self.preferences.save(user_id, paused_until=until, erase=True)  # work started before the pause drops
        self._halt(user_id)
        return until

    async def resume(self, user_id: int) -> bool:
        """End a pause; False when there was none."""
        if self.paused_until(user_id) is None:
            return False
        await self.preferences.save(user_id, paused_until=None)
        return True

    async def opt_in(self, user_id: int) -> bool:
        """Remember again after an opt-out; False when the member had not opted out."""
        if not self.preferences.opted_out(user_id):
            return False
        await self.preferences.save(user_id, opted_out=False, audit=AuditEntry("opted_in", user_id, "member"))
        return True

    async def overview(self, user_id: int, *, scope: MemoryScope = MemoryScope.GLOBAL) -> MemoryOverview:
        """The profile and every live memory within ``scope`` (a member sees all of theirs), newest first."""
        memories = tuple(await self._db.run(sql.get_recent_memories, user_id, None, scope=scope))
        return MemoryOverview(
            user_id=user_id,
            profile=self.profile(user_id) if not scope.restricted else "",
            memories=memories,
            opted_out=self.preferences.opted_out(user_id),
            paused_until=self.paused_until(user_id),
        )

    async def export(self, user_id: int, *, actor: str) -> dict[str, Any]:
        """Everything memory stores about the member, as JSON-ready data (the export is itself audited).

        The monitor's part is added by whoever runs both (`Services.export`).
        """
        await self._db.run(sql.write_audit, [AuditEntry("exported", user_id, actor)])
        now = datetime.now(UTC)
        preference = self.preferences.get(user_id)
        paused_until = self.paused_until(user_id)
        return {
            "member_id": str(user_id),
            "exported_at": now.isoformat(),
            "memory_settings": {"opted_out": preference.opted_out, "paused_until": paused_until and paused_until.isoformat()},
            "profile": self.profile(user_id),
            "earlier_profiles": [
                {"profile": text, "replaced_at": at.isoformat()}
                for text, at in await self._db.run(profile_sql.get_profile_history, user_id)
            ],
            "notes_before_migration": await self._db.run(notes_sql.get_notes_backup, user_id),
            "memories": [m.exported(now) for m in await self._db.run(sql.get_all_memories, user_id)],
            "llm_calls": [
                {**asdict(r), "created_at": r.created_at and r.created_at.isoformat()}
                for r in await self._db.run(log_sql.get_member_llm_logs, user_id)
            ],
            "audit": [{**asdict(a), "created_at": a.created_at.isoformat()} for a in await self._db.run(sql.get_audit, user_id)],
        }

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
        name = screen(member_name, "name").text  # the display name is shown to the extractor
        said = screen(user_text, "message")
        reply = screen(bot_reply, "message", seen=Seen([said]), limit=BOT_REPLY_SHOWN_CHARS)  # a reply may restate it bare
        self._turns.add(user_id, name, guild_id, ExtractionTurn(said.text, reply.text), message_id, said)

    def message_deleted(self, message_ids: Collection[int]) -> int:
        """Members deleted messages: turns from them still waiting for extraction are dropped, never learned.

        A member who deletes a message (say, one holding something private) within the
        extraction delay takes it back before anything was extracted from it.
        """
        return self._turns.deleted(message_ids)

    def message_edited(self, message_id: int, user_text: str) -> bool:
        """A member edited a message: a turn from it still waiting for extraction takes the new text.

        The bot's answer to the old text is dropped from that turn: it may repeat what the member took back.
        """
        return self._turns.edited(message_id, screen(user_text, "message"))

    async def set_profile(self, user_id: int, profile: str) -> bool:
        """Replace the profile (as `set_user_profile` stores it), refusing one that holds a secret.

        Written through the store like any memory: the previous profile is kept in
        ProfileHistory in the same transaction, so `/memory forget recent` can put it back.
        """
        async with self.store.lock(user_id):
            screened = self._learning.screen_profile(user_id, profile)
            if screened is None:
                return " ".join(profile.split()) == self.store.profile(user_id)
            await self.store.store(user_id, MemoryScope.GLOBAL, [], actor="member", profile=screened)
        return True

    # ------------------------------------------------------------------ learning from the monitor
    async def save_passive(
        self, *, user_id: int, note: str, topic: str | None, guild_id: int | None, key: str | None = None
    ) -> None:
        """A behaviour-monitor observation as a 7-day medium memory: noticed, not said, so it is kept briefly.

        With a slot ``key`` it competes with what the member said themself, and loses:
        a passive observation never supersedes a `chat` memory in the same slot.
        """
        async with self.store.lock(user_id):
            if self.may_learn(user_id):
                expires_at = datetime.now(UTC) + EXPIRATIONS["7d"]
                topics = ((topic or "general").casefold(),)
                note_memory = NewMemory(user_id, note, topics, "medium", expires_at, "passive", guild_id, key)
                await self.store.store(user_id, self.scope_for(guild_id), [note_memory], actor="system")

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
