"""MemberService: a member's say over what the bot keeps of them — forget, opt out, pause, see, export.

It owns the member's control row in RAM (`MemberPreferences`), the holders of their data (the
database's, `utils.storage.member_data`, and the copies held in RAM, `utils.members.holders`),
and what other processes on the same database did to them (`Coherence`). Memory
(`MemoryService`) keeps only its own jobs: recalling, learning, expiring.

:meth:`MemberService.erase` is the one door for every forget: a command, a moderator, the
opt-out, a request in plain words. Under the member's lock it halts what is being learned, has
every stored holder forget in one transaction (the epoch moves first), has every copy in RAM
follow, makes SQLite drop the deleted bytes from its file, waits up to a second for the other
processes to confirm, and answers with a :class:`Receipt`: what went, by kind, never the text.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from utils.members._coherence import Coherence
from utils.members.erasure import (
    MAX_RECENT_MINUTES,
    EraseWhat,
    Erasure,
    ForgetAll,
    ForgetFacts,
    ForgetIds,
    ForgetRecent,
    OptOut,
    Receipt,
)
from utils.members.holders import HeldCopies
from utils.members.preferences import MemoryPreferences, Moved
from utils.members.processes import ProcessRoster
from utils.memory.fact_history import FactHistory, fact_histories
from utils.storage import member_data
from utils.storage import memories as memory_sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import AuditEntry, MemoryPreferenceRecord, MemoryRecord, MemoryScope
from utils.storage.user_notes import profile_facts, profile_part

if TYPE_CHECKING:
    from utils.memory.service import MemoryService

logger = logging.getLogger(__name__)

MAX_PAUSE_MINUTES = 7 * 24 * 60


@dataclass(frozen=True)
class MemberOverview:
    """What `/memory show` shows: the profile (fact by fact), the live memories, and the member's say."""

    user_id: int
    profile: str
    memories: tuple[MemoryRecord, ...]
    opted_out: bool
    paused_until: datetime | None

    @property
    def facts(self) -> list[str]:
        return profile_facts(self.profile)


class MemberService:
    def __init__(self, db: Database, memory: MemoryService, preferences: MemoryPreferences) -> None:
        self._db = db
        self._memory = memory
        self.preferences = preferences
        self.held = HeldCopies()
        """The copies of members this process holds in RAM besides memory's own; `Services` registers each."""
        self.processes = ProcessRoster(db)
        self.coherence = Coherence(db, preferences, self._changed_elsewhere, on_polled=self.processes.seen)
        """Polled by the runtime: what other processes on the same database changed about members."""
        memory.watch_members(observe=self.observe, forget_said=self.erase)

    # ------------------------------------------------------------------ the one erase operation
    async def erase(
        self,
        user_id: int,
        what: EraseWhat,
        *,
        actor: str,
        scope: MemoryScope = MemoryScope.GLOBAL,
        epoch: tuple[int, int] | None = None,
    ) -> Receipt:
        """Take back what ``what`` names, everywhere the bot keeps a copy: the only way anything is forgotten.

        ``epoch``: the work that asks for it started under this epoch (a request said in plain words,
        read by an extraction); if the member was erased or paused since, nothing is done
        (``found`` False). An opt-out flips the preference first and is stored with the erasure
        (restored if that fails).
        """
        request = await self._request(user_id, what, scope)
        if request is None:
            return Receipt(found=False)
        before = self.preferences.get(user_id)
        if isinstance(what, OptOut):
            if before.opted_out:
                return Receipt(changed=False)
            self.preferences.set(replace(before, opted_out=True))  # reads stop now; the erasure stores it
        action = None if not request.everything or request.scope.restricted else "opted_out" if request.opt_out else "forgotten"
        async with self._memory.lock(user_id):
            if epoch is not None and self._memory.epoch(user_id) != epoch:
                return Receipt(found=False)
            dropped = self._memory.halt(user_id)
            try:
                data = await self._db.run(member_data.erase_member_data, user_id, request, actor=actor, action=action)
            except DatabaseError:
                self.preferences.set(before)
                self.held.forget(Erasure(user_id, everything=False, since=request.since))
                raise
            self._memory.halt(user_id)
            self._memory.erased(user_id, data.control, data.profile)
            texts = (*data.memory_texts, *request.profile_facts)
            everything = request.everything and not request.scope.restricted
            held = self.held.forget(Erasure(user_id, everything, request.since, texts))
        await self._db.forget_deleted_bytes()
        removed = _merged(data.removed, held, {"queued learning": dropped})
        others = await self.processes.confirm(data.control.change_seq)
        return Receipt(removed, others, profile_restored=data.profile_restored)

    async def _request(self, user_id: int, what: EraseWhat, scope: MemoryScope) -> member_data.ForgetRequest | None:
        """What the stored holders are asked to forget, or None when ``what`` names nothing of the member's."""
        match what:
            case ForgetIds(ids=ids):
                mine = {m.id for m in await self._db.run(memory_sql.get_all_memories, user_id) if scope.admits(m.guild_id)}
                if not ids or not set(ids) <= mine:
                    return None
                return member_data.ForgetRequest(memory_ids=tuple(ids), scope=scope)
            case ForgetFacts(numbers=numbers, texts=texts):
                facts = profile_facts(self._memory.profile(user_id))
                if scope.restricted or any(not 1 <= n <= len(facts) for n in numbers) or not (numbers or texts):
                    return None
                named = tuple(dict.fromkeys([*(facts[n - 1] for n in numbers), *texts]))
                return member_data.ForgetRequest(profile_facts=named, scope=scope)
            case ForgetRecent(minutes=minutes):
                since = datetime.now(UTC) - timedelta(minutes=max(1, min(minutes, MAX_RECENT_MINUTES)))
                return member_data.ForgetRequest(since=since, scope=scope)
            case ForgetAll():
                return member_data.ForgetRequest(everything=True, scope=scope)
            case OptOut():
                return member_data.ForgetRequest(everything=True, opt_out=True)

    async def expire_history(self, days: float) -> dict[str, int]:
        """What the holders keep only for a while (log excerpts, earlier profiles) goes once older than ``days``."""
        if not self._db.available:
            return {}
        before = datetime.now(UTC) - timedelta(days=days)
        try:
            expired = await self._db.run(member_data.expire_member_data, before)
        except DatabaseError as exc:
            logger.warning("Could not delete what is past its retention: %s", exc)
            return {}
        if any(expired.values()):
            logger.info("Deleted what was older than %g days: %s.", days, ", ".join(f"{n} {k}" for k, n in expired.items() if n))
            await self._db.forget_deleted_bytes()
        return expired

    # ------------------------------------------------------------------ what other processes did
    def observe(self, row: MemoryPreferenceRecord) -> None:
        """A control row read or refused with here: another process's write or erasure is acted on now."""
        moved = self.preferences.adopt(row)
        if moved:
            self._changed_elsewhere(row, moved, None, user_notes_read=False)

    def _changed_elsewhere(
        self, row: MemoryPreferenceRecord, moved: Moved, stored_user_notes: str | None, *, user_notes_read: bool = True
    ) -> None:
        """Another process wrote, erased, opted out or paused the member: this process follows at once.

        An erasure there halts the member's work here exactly as a local one does (queued
        turns, postponed writes, an extraction in flight), and every copy held in RAM drops
        what it no longer may hold: the chat context, unwritten LlmLog excerpts, and the
        monitor's observation lines as the database now has them.
        """
        user_id = row.user_id
        if moved.wrote or moved.erased:
            self._memory.changed_elsewhere(user_id, profile_part(stored_user_notes) if user_notes_read else None)
        if moved.erased:
            self._memory.halt(user_id)
            everything = user_notes_read and not (stored_user_notes or "").strip()
            self.held.forget(
                Erasure(user_id, everything=everything, stored_user_notes=stored_user_notes if user_notes_read else None)
            )
            logger.info("Member %s was erased or paused by another process; their pending work here was dropped.", user_id)
        elif moved.say and not self._memory.may_learn(user_id):
            self._memory.halt(user_id)

    # ------------------------------------------------------------------ the rest of the member's say
    def paused_until(self, user_id: int) -> datetime | None:
        return self.preferences.paused_until(user_id)

    async def pause(self, user_id: int, minutes: int) -> datetime:
        """Learn nothing new for ``minutes`` (reading goes on): what is queued or running is dropped too; returns the end."""
        until = datetime.now(UTC) + timedelta(minutes=max(1, min(minutes, MAX_PAUSE_MINUTES)))
        await self.preferences.save(user_id, paused_until=until, erase=True)  # work started before the pause drops
        self._memory.halt(user_id)
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

    async def overview(self, user_id: int, *, scope: MemoryScope = MemoryScope.GLOBAL) -> MemberOverview:
        """The profile and every live memory within ``scope`` (a member sees all of theirs), newest first."""
        memories = tuple(await self._db.run(memory_sql.get_recent_memories, user_id, None, scope=scope))
        profile = self._memory.profile(user_id) if not scope.restricted else ""
        return MemberOverview(user_id, profile, memories, self.preferences.opted_out(user_id), self.paused_until(user_id))

    async def history(self, user_id: int, *, scope: MemoryScope = MemoryScope.GLOBAL) -> list[FactHistory]:
        """The member's facts that changed, each with what it replaced and when (`/memory history`)."""
        return fact_histories(await self._db.run(memory_sql.get_fact_history, user_id, scope=scope))

    async def export(self, user_id: int, *, actor: str) -> dict[str, Any]:
        """Everything kept about the member, holder by holder, as JSON-ready data (the export is itself audited)."""
        await self._db.run(memory_sql.write_audit, [AuditEntry("exported", user_id, actor)])
        preference = self.preferences.get(user_id)
        paused_until = self.paused_until(user_id)
        stored = await self._db.run(member_data.export_member_data, user_id)
        audit = await self._db.run(memory_sql.get_audit, user_id)
        return {
            "member_id": str(user_id),
            "exported_at": datetime.now(UTC).isoformat(),
            "memory_settings": {"opted_out": preference.opted_out, "paused_until": paused_until and paused_until.isoformat()},
            "profile": stored["profile facts"]["profile"],
            "profile_facts": stored["profile facts"]["profile_facts"],
            "earlier_profiles": stored["earlier profiles"],
            "notes_before_migration": stored["notes from before the upgrade"],
            "memories": stored["memories"],
            "llm_calls": stored["log excerpts"],
            "moderation_cases": stored["case excerpts"],
            **self.held.export(user_id),
            "audit": [{**asdict(a), "created_at": a.created_at.isoformat()} for a in audit],
        }


def _merged(*counts: dict[str, int] | Any) -> dict[str, int]:
    """Counts by kind, added up (a kind both stored and held — log excerpts — counts once each place)."""
    merged: dict[str, int] = {}
    for part in counts:
        for kind, count in part.items():
            merged[kind] = merged.get(kind, 0) + count
    return merged
