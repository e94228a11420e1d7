"""What members (and admins) can do with what the bot remembers: see, forget, export, opt out, pause.

The `/memory` cog and the terminal chat both call this (through the typed actions of
`utils.memory.commands`), so a command behaves the same everywhere. Every
forget goes through the one erase operation, `MemoryService.erase`, which reaches
every copy (rows, profile, caches, queued and postponed writes, chat context,
LlmLog excerpts). The audit trail records every action without any of the
forgotten content.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from utils.memory.erasure import Erased, ForgetAll, ForgetIds, ForgetRecent, OptOut
from utils.memory.service import MemoryService
from utils.monitor.state import MonitorState
from utils.storage import llm_log as log_sql
from utils.storage import memories as sql
from utils.storage import notes as notes_sql
from utils.storage.engine import Database
from utils.storage.records import AuditEntry, MemoryPreferenceRecord, MemoryRecord, MemoryScope

MAX_PAUSE_MINUTES = 7 * 24 * 60


@dataclass(frozen=True)
class MemoryOverview:
    user_id: int
    profile: str
    memories: tuple[MemoryRecord, ...]
    opted_out: bool
    paused_until: datetime | None


@dataclass(frozen=True)
class TakeBack:
    memories_removed: int
    profile_restored: bool


def member_actor(user_id: int, acting_user_id: int) -> str:
    """ "member" when people act on their own memory, "admin:<id>" when someone else does."""
    return "member" if user_id == acting_user_id else f"admin:{acting_user_id}"


class MemoryControl:
    def __init__(self, db: Database, memory: MemoryService, tracker: MonitorState) -> None:
        self._db = db
        self._memory = memory
        self._tracker = tracker

    async def overview(self, user_id: int, *, scope: MemoryScope = MemoryScope.GLOBAL) -> MemoryOverview:
        """The profile and every live memory within ``scope`` (a member sees all of theirs), newest first."""
        memories = tuple(await self._db.run(sql.get_recent_memories, user_id, None, scope=scope))
        return MemoryOverview(
            user_id=user_id,
            profile=self._memory.profile(user_id) if not scope.restricted else "",
            memories=memories,
            opted_out=self._memory.preferences.opted_out(user_id),
            paused_until=self._memory.paused_until(user_id),
        )

    async def forget_one(self, user_id: int, memory_id: int, *, actor: str, scope: MemoryScope = MemoryScope.GLOBAL) -> bool:
        """Delete one memory of ``user_id`` (and the versions it superseded); False if it is not theirs."""
        return (await self._memory.erase(user_id, ForgetIds((memory_id,)), actor=actor, scope=scope)).found

    async def forget_all(self, user_id: int, *, actor: str, scope: MemoryScope = MemoryScope.GLOBAL) -> int:
        """Delete every memory and the profile (or, for one server, its memories); returns how many memories."""
        return (await self._memory.erase(user_id, ForgetAll(), actor=actor, scope=scope)).memories_removed

    async def forget_recent(self, user_id: int, minutes: int, *, actor: str) -> TakeBack:
        """Take back what was learned in the last ``minutes``: memories, and the profile as it was then."""
        erased = await self._memory.erase(user_id, ForgetRecent(minutes), actor=actor)
        return TakeBack(erased.memories_removed, erased.profile_restored)

    async def export(self, user_id: int, *, actor: str) -> dict[str, Any]:
        """Everything stored about the member, as JSON-ready data (the export is itself audited)."""
        await self._db.run(sql.write_audit, [AuditEntry("exported", user_id, actor)])
        now = datetime.now(UTC)
        memories = await self._db.run(sql.get_all_memories, user_id)
        state = self._tracker.get_user(user_id) if user_id in self._tracker.known_user_ids() else None
        preference = self._memory.preferences.get(user_id)
        return {
            "member_id": str(user_id),
            "exported_at": now.isoformat(),
            "memory_settings": {
                "opted_out": preference.opted_out,
                "paused_until": _iso(self._memory.paused_until(user_id)),
            },
            "profile": self._memory.profile(user_id),
            "behaviour_notes": self._tracker.note_lines(user_id),
            "earlier_profiles": [
                {"profile": text, "replaced_at": at.isoformat()}
                for text, at in await self._db.run(sql.get_profile_history, user_id)
            ],
            "notes_before_migration": await self._db.run(notes_sql.get_notes_backup, user_id),
            "memories": [_exported(m, now) for m in memories],
            "behaviour": None
            if state is None
            else {
                "offense_count": state.offense_count,
                "warned": state.warned,
                "immune": state.immune,
                "off_topic_count": state.off_topic_count,
                "last_offense_at": _iso(state.last_offense_at),
            },
            "llm_calls": [
                {**asdict(r), "created_at": _iso(r.created_at)} for r in await self._db.run(log_sql.get_member_llm_logs, user_id)
            ],
            "audit": [{**asdict(a), "created_at": a.created_at.isoformat()} for a in await self._db.run(sql.get_audit, user_id)],
        }

    async def opt_out(self, user_id: int) -> tuple[bool, int]:
        """Erase everything and stop remembering; (changed, memories removed)."""
        erased: Erased = await self._memory.erase(user_id, OptOut(), actor="member")
        return erased.changed, erased.memories_removed

    async def opt_in(self, user_id: int) -> bool:
        if not self._memory.preferences.opted_out(user_id):
            return False
        preference = MemoryPreferenceRecord(user_id, opted_out=False)
        await self._memory.preferences.save(preference, audit=AuditEntry("opted_in", user_id, "member"))
        return True

    async def pause(self, user_id: int, minutes: int) -> datetime:
        """Stop writing anything new for ``minutes`` (reading goes on); returns when it ends."""
        until = datetime.now(UTC) + timedelta(minutes=max(1, min(minutes, MAX_PAUSE_MINUTES)))
        await self._memory.pause(user_id, until)
        return until

    async def resume(self, user_id: int) -> bool:
        if self._memory.paused_until(user_id) is None:
            return False
        await self._memory.preferences.save(MemoryPreferenceRecord(user_id, self._memory.preferences.opted_out(user_id), None))
        return True


def memory_status(memory: MemoryRecord, now: datetime) -> str:
    if memory.superseded_at is not None:
        return "superseded"
    return "expired" if memory.expires_at <= now else "live"


def _exported(memory: MemoryRecord, now: datetime) -> dict[str, Any]:
    return {
        "id": memory.id,
        "memory": memory.memory,
        "topics": list(memory.topics),
        "importance": memory.importance,
        "source": memory.source,
        "status": memory_status(memory, now),
        "learned_at": memory.created_at.isoformat(),
        "expires_at": memory.expires_at.isoformat(),
        "guild_id": None if memory.guild_id is None else str(memory.guild_id),
        "slot": memory.slot_key,
        "superseded_at": _iso(memory.superseded_at),
    }


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()
