"""The services one bot process runs, shared by `BCSBot` and the terminal chat.

Resources are created before anything talks to Discord (the RoboDanny way), the
periodic loops (state flush, LlmLog flush, memory pruning) start once in
:meth:`Services.start`, and :meth:`Services.close` stops them, waits for pending
background work (memory extraction), flushes what is buffered and closes the LLM
client and the database — in that order, so nothing accepted is lost.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from typing import Any

from utils.background import BackgroundTasks
from utils.config import Settings
from utils.conversation.service import ChatService
from utils.guild_settings import GuildSettings
from utils.llm import LLMClient, LlmLogBuffer
from utils.members.holders import HeldCopy
from utils.members.preferences import MemoryPreferences
from utils.members.service import MemberService
from utils.memory.embedding_worker import EMBED_EVERY_SECONDS
from utils.memory.service import MemoryService
from utils.monitor.cases import CaseBook
from utils.monitor.service import MonitorService
from utils.monitor.state import MonitorState
from utils.periodic import PeriodicTask
from utils.privacy import compile_rules
from utils.privacy.screen import Seen
from utils.prompts import preload_prompts
from utils.storage import members, tool_ways
from utils.storage.engine import Database, DatabaseError
from utils.storage.user_notes import profile_part

logger = logging.getLogger(__name__)

DRAIN_TIMEOUT_SECONDS = 60.0
PROPOSAL_EXPIRY_SECONDS = 300.0
"""How often unanswered proposals past their time are marked expired (a click on one is refused at any time)."""
GIL_SWITCH_SECONDS = 0.001
"""Database threads hand the GIL back to the event loop after 1 ms instead of Python's default 5 ms."""


def freeze_startup_heap() -> None:
    """Take what start-up built (modules, settings, pools, caches) out of the collector's sight.

    Those objects live as long as the process; left in the youngest generations, every
    full collection walks them again: 60-120 ms pauses on the event loop under load,
    measured by the benchmarks, against 5-10 ms once frozen. Call once per process.
    """
    gc.collect()
    gc.freeze()
    sys.setswitchinterval(GIL_SWITCH_SECONDS)


class Services:
    def __init__(self, settings: Settings, *, chat_cooldown_seconds: float | None = None) -> None:
        self.settings = settings
        self.db = Database(
            settings.db_connection_string,
            reconnect_seconds=settings.db_reconnect_seconds,
            migrate=settings.db_migrate_on_start,
        )
        preferences = MemoryPreferences(self.db, retry_seconds=settings.db_reconnect_seconds)
        self.llm_log = LlmLogBuffer(
            self.db, keeps_text_of=lambda user_id: not preferences.opted_out(user_id), epoch_of=preferences.epoch
        )
        self.llm = LLMClient.from_settings(
            settings,
            log_sink=self.llm_log.add,
            persist_mode=lambda record: self.db.run(tool_ways.save_tool_way, record),
        )
        self.tasks = BackgroundTasks()
        self.memory = MemoryService(settings, self.db, self.llm, self.tasks, preferences)
        self.members = MemberService(self.db, self.memory, preferences)
        """The member's say (forget, opt-out, pause, show, export): the one door every erasure goes through."""
        self.chat = ChatService(settings, self.llm, self.memory, cooldown_seconds=chat_cooldown_seconds)
        self.monitor_state = MonitorState(profile_of=self.memory.profile, epoch_of=preferences.epoch)
        # Every copy of a member this process holds in RAM drops what an erasure takes back, and shows in the export.
        self.members.held.register(HeldCopy("chat context", lambda erasure: self.chat.forget_member(erasure.user_id)))
        self.members.held.register(HeldCopy("log excerpts", lambda erasure: self.llm_log.forget(erasure.user_id)))
        self.members.held.register(HeldCopy.alongside("chat context", self.memory.conversation.forget))
        # A member's later message can show an earlier one held a secret: its log records are screened again.
        self.memory.on_secrets_found(
            lambda user_id, found: self.tasks.spawn(self.llm_log.scrub(user_id, Seen([found])), name=f"llm-log-scrub-{user_id}")
        )
        self.members.held.register(HeldCopy("monitor notes", self.monitor_state.forget, self.monitor_state.export))
        self.guild_settings = GuildSettings(self.db, settings)
        """Each server's own monitor and chat settings (`/mod settings`), the `.env` values their defaults."""
        self.monitor = MonitorService(
            settings, self.llm, self.monitor_state, self.memory, self.tasks, settings_for=self.guild_settings.for_guild
        )
        self.members.held.register(HeldCopy("monitor batch", lambda erasure: self.monitor.forget_member(erasure.user_id)))
        self.cases = CaseBook(self.db, self.monitor_state)
        """Every warning and timeout as a numbered case per server (`/mod warnings`, `/mod unwarn`)."""
        # What the monitor already noted and the cases opened on an earlier message lose what a later one showed.
        self.memory.on_secrets_found(
            lambda user_id, found: self.tasks.spawn(
                self._monitor_copies_scrubbed(user_id, Seen([found])), name=f"monitor-scrub-{user_id}"
            )
        )
        self._loops = [
            PeriodicTask("state-flush", settings.state_flush_seconds, self.flush_state),
            PeriodicTask("llm-log-flush", settings.llm_log_flush_seconds, self.llm_log.flush),
            PeriodicTask("member-coherence", settings.coherence_poll_seconds, self.members.coherence.poll),
            PeriodicTask("server-settings", settings.coherence_poll_seconds, self.guild_settings.poll),
        ]
        if settings.housekeeping:  # jobs for the whole database: one process runs them, not one per shard
            self._loops += [
                PeriodicTask("memory-prune", settings.memory_prune_hours * 3600, self._prune, run_at_start=True),
                PeriodicTask("memory-embed", EMBED_EVERY_SECONDS, self._embed_memories, run_at_start=True),
                PeriodicTask("proposal-expiry", PROPOSAL_EXPIRY_SECONDS, self.cases.expire_proposals),
            ]
        self._started = False
        self._closed = False
        preload_prompts()

    async def start(self) -> None:
        """Connect storage, load member state, start the loops. Safe to call once per process."""
        if self._started or self._closed:
            return
        self._started = True
        # The screen's rule tables compile on first use; a serving process builds them now, off the loop,
        # so the first member's message does not hold every reply and timer behind a second of compiling.
        await asyncio.to_thread(compile_rules)
        self.db.on_reconnect(self._after_reconnect)
        if await self.db.connect():
            await self.load_state()
            await self.load_tool_ways()
            await self.guild_settings.poll()
            # One poll now, not a poll interval from now: it puts this process on the roster (BotProcess), so an
            # erasure made elsewhere in the meantime counts it among the processes that must drop their copies.
            await self.members.coherence.poll()
        for loop in self._loops:
            loop.start()

    async def load_state(self) -> None:
        try:
            records = await self.db.run(members.load_user_states)
            self.monitor_state.load(records)
            self.memory.store.load_profiles({r.user_id: profile_part(r.user_notes) for r in records})
        except DatabaseError as exc:
            logger.warning("Could not load member state: %s", exc)
        await self.memory.preferences.load()

    async def export(self, user_id: int, *, actor: str) -> dict[str, Any]:
        """Everything kept about a member (`/memory export`): every holder's part."""
        return await self.members.export(user_id, actor=actor)

    async def load_tool_ways(self) -> None:
        """The ways earlier runs found for each model, so a restart does not probe the server again."""
        try:
            self.llm.modes.load(await self.db.run(tool_ways.load_tool_ways))
        except DatabaseError as exc:
            logger.warning("Could not load the LLM ways: %s", exc)
        setting = "LLM_EXTRACTION_MODEL" if self.settings.llm_extraction_model else "LLM_MODEL"
        logger.info("%s", self.llm.modes.summary(self.settings.extraction_model, setting))

    async def _after_reconnect(self) -> None:
        await self.load_state()
        await self.flush_state()

    async def flush_state(self) -> None:
        """Persist dirty member state (profiles included) and memory writes that waited for the database."""
        await self.monitor_state.flush(self.db)
        await self.memory.flush_unsaved()

    async def _monitor_copies_scrubbed(self, user_id: int, seen: Seen) -> None:
        """The member's observation lines holding a value they said was a secret go, as the screen drops such a note;
        their cases keep the words around it."""
        await self.monitor_state.drop_lines(self.db, user_id, lambda line: not seen.spans(line))
        await self.cases.scrub(user_id, seen)

    async def _prune(self) -> None:
        """Expired memories, and what is past its retention (log excerpts, earlier profiles), leave the database."""
        await self.memory.prune_expired()
        await self.members.expire_history(self.settings.history_retention_days)

    async def _embed_memories(self) -> None:
        """Rows without a vector of EMBEDDING_MODEL (switched on, model changed, endpoint back) get one in the background."""
        self.memory.embedding_worker.embed_soon()

    @property
    def loop_names(self) -> list[str]:
        """The periodic jobs this process runs (the housekeeping ones only where HOUSEKEEPING is on)."""
        return [loop.name for loop in self._loops]

    async def close(self) -> None:
        """Stop the loops, finish background work, flush, close clients. Idempotent."""
        if self._closed:
            return
        self._closed = True
        for loop in self._loops:
            await loop.stop()
        self.memory.embedding_worker.stop()
        if not await self.tasks.drain(DRAIN_TIMEOUT_SECONDS):
            logger.warning("Background work did not finish in %.0fs; cancelling it.", DRAIN_TIMEOUT_SECONDS)
            await self.tasks.cancel_all()
        await self.flush_state()
        await self.llm_log.flush()
        await self.members.processes.leave()  # this process holds no copy of anyone any more
        await self.llm.close()
        await self.memory.embedding_worker.close()
        await self.db.close()
