"""MemoryService: what the bot knows about members, how it learns it, and how it expires.

Reading (the hot path, before every reply): the profile and the member's live
memories from `MemoryStore` — one database round trip the first time, none afterwards.

Learning (after the reply, never before it): turns wait in `TurnQueues`, one
extraction per member at a time. What the extractor proposes is written by
`MemoryStore` under the member's lock, after checking that no forget, opt-out or
pause happened meanwhile, with the profile of the same extraction in the same
transaction. A forget the member asks for in plain words goes through the member's
own door (`utils.members.service.MemberService.erase`), like every other forget.

The member's say — forget, opt-out, pause, show, export — is `utils.members`'; it uses
:meth:`lock`, :meth:`halt` and :meth:`erased` here to keep memory's copies in step.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Protocol

from utils.background import BackgroundTasks
from utils.config import Settings
from utils.llm import EmbeddingClient, LLMClient
from utils.members.erasure import EraseWhat, ForgetFacts, ForgetIds, Receipt
from utils.members.preferences import MemoryPreferences
from utils.memory.embedding_worker import EmbeddingWorker
from utils.memory.extraction import (
    EXPIRATIONS,
    ExtractionTurn,
)
from utils.memory.extraction_rules import worth_extracting
from utils.memory.fact_history import FactHistory, asks_about_past, earlier_values, fact_histories
from utils.memory.learning import ChatLearning
from utils.memory.memory_block import build_memory_block
from utils.memory.quality import ModelQuality
from utils.memory.ranking import Query, rank_relevant
from utils.memory.store import MemoryStore, prune_expired_in_batches
from utils.memory.turns import TurnQueues
from utils.memory.write_plan import Epoch
from utils.privacy.conversation import WINDOW_SECONDS, ConversationScreen
from utils.privacy.screen import Screened, Seen, screen
from utils.storage import SYSTEM_ACTOR
from utils.storage import memories as memory_sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import MemoryPreferenceRecord, MemoryRecord, MemoryScope, NewMemory
from utils.storage.user_notes import profile_facts

logger = logging.getLogger(__name__)

BOT_REPLY_SHOWN_CHARS = 300
PAST_SLOTS_SHOWN = 3
"""Facts whose earlier values a message about the past brings into the block (two earlier values each)."""
"""The extractor learns about the member, not the bot: the start of each reply is context enough."""


@dataclass(frozen=True)
class MemoryContext:
    """The memory block for one prompt and what went into it (for tests, logs and benchmarks)."""

    block: str
    recent: tuple[MemoryRecord, ...] = ()
    relevant: tuple[MemoryRecord, ...] = ()


SecretsFound = Callable[[int, Screened], object]
"""``found(user_id, values)``: a member's conversation showed that values in their messages are secrets (announced in
one message and given in the next, or revealed afterwards); ``values`` is a `Screened` holding only them."""

Confirm = Callable[[int, int | None, Receipt], None]
"""``confirm(user_id, channel_id, receipt)``: tell a member, where they asked in plain words, what their forget took."""


class ForgetSaid(Protocol):
    """The member's door (`MemberService.erase`), as learning calls it for a forget asked for in plain words."""

    async def __call__(self, user_id: int, what: EraseWhat, *, actor: str, epoch: Epoch | None = None) -> Receipt: ...


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
        self._tasks = tasks
        self.preferences = preferences or MemoryPreferences(db)
        self.embedding_worker = EmbeddingWorker(EmbeddingClient.from_settings(settings), db, tasks, on_embedded=self._embedded)
        self.store = MemoryStore(
            db,
            cap=settings.memory_max_per_user,
            cache_members=settings.memory_cache_members,
            embedding_worker=self.embedding_worker,
            preferences=self.preferences,
            observe=self._observe,
        )
        self.quality = ModelQuality()
        """Per extraction model: how many calls fail and how many proposals are junk (one WARNING when too many)."""
        self._learning = ChatLearning(
            settings,
            llm,
            self.store,
            may_learn=self.may_learn,
            scope_for=self.scope_for,
            forget=self._forget_said,
            quality=self.quality,
            confirm=self._confirm,
        )
        self._turns = TurnQueues(settings, tasks, self._learning.extract_and_save)
        self.conversation = ConversationScreen()
        """Each member's last few messages, read with the next one: a secret split over two messages is found."""
        self._secrets_found: list[SecretsFound] = []
        self._members: tuple[Callable[[MemoryPreferenceRecord], None], ForgetSaid] | None = None
        self._confirmations: list[Confirm] = []

    @property
    def enabled(self) -> bool:
        return self._settings.memory_enabled

    def scope_for(self, guild_id: int | None) -> MemoryScope:
        return MemoryScope.for_place(self._settings.memory_scope, guild_id)

    def _embedded(self, user_ids: Iterable[int]) -> None:
        for user_id in user_ids:
            self.store.invalidate(user_id)

    def may_learn(self, user_id: int) -> bool:
        """Nothing new is written for a member who opted out or paused (or before preferences are known)."""
        return self.enabled and self.preferences.may_learn(user_id)

    def profile(self, user_id: int) -> str:
        """The member's profile, the permanent memory layer (kept by the store)."""
        return self.store.profile(user_id)

    # ------------------------------------------------------------------ what the member's door uses
    def watch_members(self, *, observe: Callable[[MemoryPreferenceRecord], None], forget_said: ForgetSaid) -> None:
        """``observe(row)``: a control row this store read or was refused with (another process may have moved it);
        ``forget_said``: the member's door, for a forget they asked for in plain words."""
        self._members = (observe, forget_said)

    def _observe(self, row: MemoryPreferenceRecord) -> None:
        if self._members is not None:
            self._members[0](row)
        else:
            self.preferences.adopt(row)

    async def _forget_said(self, user_id: int, what: EraseWhat, epoch: Epoch) -> Receipt | None:
        if self._members is None:
            return None
        return await self._members[1](user_id, what, actor="member", epoch=epoch)

    def on_forgotten_said(self, listener: Confirm) -> None:
        """``listener(user_id, channel_id, receipt)`` after a forget a member asked for in plain words: whoever can
        speak to the member there (the chat) tells them what went, as a command would."""
        self._confirmations.append(listener)

    def on_secrets_found(self, listener: SecretsFound) -> None:
        """``listener(user_id, values)`` when a member's conversation shows values in their messages were secrets:
        whoever holds a copy of those messages (the chat context, the LlmLog) screens them out of it."""
        self._secrets_found.append(listener)

    def _confirm(self, user_id: int, channel_id: int | None, receipt: Receipt) -> None:
        for listener in self._confirmations:
            listener(user_id, channel_id, receipt)

    def lock(self, user_id: int) -> asyncio.Lock:
        """Held around every write and erasure of one member, so they never interleave."""
        return self.store.lock(user_id)

    def epoch(self, user_id: int) -> Epoch:
        return self.store.epoch(user_id)

    def halt(self, user_id: int) -> int:
        """Drop queued turns and postponed writes; an extraction already running gives up before it writes.

        Returns how many turns and writes went (an erasure's receipt counts them)."""
        return self.store.halt(user_id) + self._turns.drop(user_id)

    def erased(self, user_id: int, control: MemoryPreferenceRecord, profile: str) -> None:
        """The member's stored rows were erased: the cache and the profile in RAM follow."""
        self.store.erased(user_id, control, profile)

    def changed_elsewhere(self, user_id: int, stored_profile: str | None) -> None:
        self.store.changed_elsewhere(user_id, stored_profile)

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
            similarity=await self.embedding_worker.similarities(text, memories) if older else None,
            floor=self._settings.embedding_min_similarity,
        )
        earlier: list[MemoryRecord] = []
        if asks_about_past(text) and self._db.available:
            histories = await self._past_of(user_id, guild_id, Query.of(text, channel_name))
            shown = {m.id for m in (*recent, *relevant)}
            # What holds now goes with what held before, so an earlier value is never read as the current one.
            relevant = [h.current for h in histories if h.current and h.current.id not in shown] + relevant
            earlier = [old for old, _newer in earlier_values(histories)]
        block = build_memory_block(
            member_name=member_name,
            profile=profile,
            recent=recent,
            relevant=relevant,
            budget=self._settings.memory_context_chars,
            earlier=earlier,
        )
        return MemoryContext(block, tuple(recent), tuple(relevant))

    async def _past_of(self, user_id: int, guild_id: int | None, query: Query) -> list[FactHistory]:
        """The facts whose history bears on a message about the past: the slots it names (by any of their values),
        else the ones that changed last; at most :data:`PAST_SLOTS_SHOWN`."""
        try:
            rows = await self.store.fact_history(user_id, self.scope_for(guild_id))
        except DatabaseError as exc:
            logger.warning("Fact history read skipped for %s: %s", user_id, exc)
            return []
        histories = fact_histories(rows)
        named = {m.slot_key for m in rank_relevant(rows, query, limit=len(rows))}
        picked = [h for h in histories if h.slot in named] or histories
        return picked[:PAST_SLOTS_SHOWN]

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
        channel_id: int | None = None,
        parent_id: int | None = None,
        title: tuple[int, str] | None = None,
    ) -> None:
        """Queue one exchange for extraction; returns at once (the reply never waits).

        The message is screened with the member's messages just before it (`ConversationScreen`), whether or not
        it is learned from: a value it gives after "my PIN", or one an earlier message gave that it reveals ("that
        was my password"), leaves the turns waiting here and every copy the listeners of `on_secrets_found` hold. In a
        thread or forum post, ``parent_id`` is the channel it was opened from (one conversation with it) and ``title``
        who opened it and its name (read as their first line there).
        """
        if title is not None and channel_id is not None:
            self.conversation.opened(title[0], channel_id, title[1], parent=parent_id)
        in_context = self.conversation.take(user_id, channel_id, user_text, message_id=message_id, parent=parent_id)
        found, said = in_context.found, in_context.said
        if found.values:
            self.secrets_found(user_id, found)
            said = replace(said, values=(*said.values, *found.values))  # what the model returns for this turn too
        if not self.may_learn(user_id) or not worth_extracting(user_text) or in_context.lone_value:
            return
        name = screen(member_name, "name").text  # the display name is shown to the extractor
        shown = [said, *([screen(title[1], "message")] if title is not None else [])]  # the prompt names a thread by its title
        reply = screen(bot_reply, "message", seen=Seen(shown), limit=BOT_REPLY_SHOWN_CHARS)  # a reply may restate it bare
        self._turns.add(user_id, name, guild_id, ExtractionTurn(said.text, reply.text, channel_id), message_id, said)

    def secrets_found(self, user_id: int, found: Screened) -> None:
        """A conversation (this one, or the monitor's) showed ``found`` were secrets: the turns waiting, every copy the
        listeners hold and what was learned since lose them."""
        self._turns.scrub(user_id, found)
        for listener in self._secrets_found:
            listener(user_id, found)
        self._tasks.spawn(self._forget_learned(user_id, Seen([found])), name=f"forget-learned-secret-{user_id}")

    async def _forget_learned(self, user_id: int, seen: Seen) -> None:
        """What was learned from an earlier message before a later one showed it held a secret — a memory or a
        profile fact written since the conversation's window opened that holds the value — is erased through the
        member's door, as the screen would have refused it had it known."""
        if self._members is None or not self._db.available:
            return
        since = datetime.now(UTC) - timedelta(seconds=WINDOW_SECONDS + self._settings.memory_extraction_delay_seconds)
        try:
            rows = await self._db.run(memory_sql.get_all_memories, user_id)
        except DatabaseError as exc:
            logger.warning("Could not read %s's memories to forget a secret they revealed: %s", user_id, exc)
            return
        recent = [m for m in rows if _aware(m.created_at) >= since]
        ids = tuple(m.id for m in recent if seen.spans(m.memory) or any(seen.spans(topic) for topic in m.topics))
        facts = tuple(fact for fact in profile_facts(self.store.profile(user_id)) if seen.spans(fact))
        for what in ([ForgetIds(ids)] if ids else []) + ([ForgetFacts(texts=facts)] if facts else []):
            try:
                await self._members[1](user_id, what, actor=SYSTEM_ACTOR)
            except DatabaseError as exc:
                logger.warning("Could not forget what %s revealed was a secret: %s", user_id, exc)

    def message_deleted(self, message_ids: Collection[int]) -> int:
        """Members deleted messages: turns from them still waiting for extraction are dropped, never learned.

        A member who deletes a message (say, one holding something private) within the
        extraction delay takes it back before anything was extracted from it.
        """
        self.conversation.deleted(message_ids)
        return self._turns.deleted(message_ids)

    def message_edited(self, message_id: int, user_text: str) -> bool:
        """A member edited a message: a turn from it still waiting for extraction takes the new text, read in its
        conversation (`ConversationScreen.edited`: "wifi pw" / "Koala-Drift-55" edited to "Koala-Drift-56", "3391"
        edited to "3391 ← bike lock"); what that reading found leaves every copy of the member's messages, the old
        text's and the new one's, as a later reveal does.

        The bot's answer to the old text is dropped from that turn: it may repeat what the member took back.
        """
        user_id = self.conversation.author_of(message_id)
        in_context = self.conversation.edited(message_id, user_text)
        if in_context is None or user_id is None:
            return self._turns.edited(message_id, screen(user_text, "message"))
        said, found = in_context.said, in_context.found
        if found.values:
            said = replace(said, values=(*said.values, *found.values))
        changed = self._turns.edited(message_id, said)
        if found.values:
            self.secrets_found(user_id, found)
        return changed

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
        self, *, user_id: int, observation: str, topic: str | None, guild_id: int | None, key: str | None = None
    ) -> None:
        """A behaviour-monitor observation as a 7-day medium memory: noticed, not said, so it is kept briefly.

        With a slot ``key`` it competes with what the member said themself, and loses:
        a passive observation never supersedes a `chat` memory in the same slot.
        """
        async with self.store.lock(user_id):
            if self.may_learn(user_id):
                expires_at = datetime.now(UTC) + EXPIRATIONS["7d"]
                topics = ((topic or "general").casefold(),)
                noticed = NewMemory(user_id, observation, topics, "medium", expires_at, "passive", guild_id, key)
                await self.store.store(user_id, self.scope_for(guild_id), [noticed], actor="system")

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


def _aware(moment: datetime) -> datetime:
    """A stored time as UTC (SQLite hands it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
