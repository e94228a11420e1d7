"""Each member's say over their memory — opted out, or paused until a time — kept in RAM.

It fails closed: until the preferences have been read from the database, nobody
counts as willing to be remembered, so an opt-out holds even when the database is
down at start.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from utils.storage import members as sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import AuditEntry, MemoryPreferenceRecord

logger = logging.getLogger(__name__)


class MemoryPreferences:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._by_member: dict[int, MemoryPreferenceRecord] = {}
        self.loaded = False

    async def load(self) -> bool:
        """Read every stored preference (at start and after a reconnect)."""
        try:
            self._by_member = {p.user_id: p for p in await self._db.run(sql.load_memory_preferences)}
        except DatabaseError as exc:
            logger.warning("Could not load memory preferences; memory stays off: %s", exc)
            return False
        self.loaded = True
        return True

    def get(self, user_id: int) -> MemoryPreferenceRecord:
        return self._by_member.get(user_id) or MemoryPreferenceRecord(user_id)

    def set(self, preference: MemoryPreferenceRecord) -> None:
        """Change it in RAM only (what is read from here on); :meth:`save` stores it."""
        self._by_member[preference.user_id] = preference

    async def save(self, preference: MemoryPreferenceRecord, *, audit: AuditEntry | None = None) -> None:
        """Store it, then hold it in RAM (nothing changes if the database refuses)."""
        await self._db.run(sql.save_memory_preference, preference, audit=audit)
        self.set(preference)

    def opted_out(self, user_id: int) -> bool:
        return self.get(user_id).opted_out

    def paused_until(self, user_id: int, now: datetime | None = None) -> datetime | None:
        until = self.get(user_id).paused_until
        return until if until is not None and until > (now or datetime.now(UTC)) else None

    def may_read(self, user_id: int) -> bool:
        return self.loaded and not self.opted_out(user_id)

    def may_learn(self, user_id: int) -> bool:
        return self.may_read(user_id) and self.paused_until(user_id) is None
