"""Each member's say over their memory — opted out, or paused until a time — and their control row, in RAM.

It fails closed: until the rows have been read from the database, nobody counts as
willing to be remembered, so an opt-out holds even when the database is down at start.

The same rows carry what several processes agree on (`utils.storage.control`): the
member's write version and erase epoch. What this process knows of them comes from the
load at start, from its own writes and erasures (:meth:`adopt`), and from the rows other
processes changed (:meth:`observe`, fed by `utils.members._coherence`), which says what
moved so the caller can drop caches or halt the member's work.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from types import EllipsisType

from utils.storage import control as sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import AuditEntry, MemoryPreferenceRecord

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Moved:
    """What a control row seen from the database changes in this process's view of the member."""

    wrote: bool = False
    """Another write landed: cached memories and the profile are stale."""
    erased: bool = False
    """An erasure, opt-out or pause landed: the member's unfinished work must halt."""
    say: bool = False
    """The opt-out or pause changed."""

    def __bool__(self) -> bool:
        return self.wrote or self.erased or self.say


class MemoryPreferences:
    def __init__(self, db: Database, *, retry_seconds: float = 30.0) -> None:
        self._db = db
        self._by_member: dict[int, MemoryPreferenceRecord] = {}
        self.loaded = False
        self.retry_seconds = retry_seconds
        """How long after a failed load the next one may be tried (the coherence poll tries it)."""
        self._next_try = 0.0
        self.change_seq = 0
        """The newest change this process has seen (where the next poll starts)."""

    async def load(self) -> bool:
        """Read every stored row, once (at start, or at the first reconnect when the database was down then).

        Later changes arrive through the coherence poll, which starts where this load
        stood, so a change made while this process was cut off is acted on, not just adopted.
        """
        if self.loaded:
            return True
        self._next_try = time.monotonic() + self.retry_seconds
        try:
            cursor = await self._db.run(sql.settled_change_seq)
            rows = await self._db.run(sql.load_controls)
        except DatabaseError as exc:
            logger.warning(
                "Could not load memory preferences; memory stays off until they load (tried again every %.0f s): %s",
                self.retry_seconds,
                exc,
            )
            return False
        for row in rows:
            self.adopt(row)
        self.change_seq = cursor
        self.loaded = True
        return True

    async def load_when_due(self) -> bool:
        """:meth:`load` again after a failed one, at most every ``retry_seconds``: a failure at start is not for ever."""
        if self.loaded or time.monotonic() < self._next_try:
            return self.loaded
        return await self.load()

    def get(self, user_id: int) -> MemoryPreferenceRecord:
        return self._by_member.get(user_id) or MemoryPreferenceRecord(user_id)

    def set(self, preference: MemoryPreferenceRecord) -> None:
        """Change it in RAM only (what is read from here on); :meth:`save` stores it."""
        self._by_member[preference.user_id] = preference

    def adopt(self, row: MemoryPreferenceRecord) -> Moved:
        """Take a row read from the database unless this process already knows a newer one; says what moved."""
        known = self._by_member.get(row.user_id)
        if known is not None and row.change_seq < known.change_seq:
            return Moved()
        before = known or MemoryPreferenceRecord(row.user_id)
        self._by_member[row.user_id] = row
        return Moved(
            wrote=row.write_version != before.write_version,
            erased=row.erase_epoch != before.erase_epoch,
            say=(row.opted_out, row.paused_until) != (before.opted_out, before.paused_until),
        )

    async def save(
        self,
        user_id: int,
        *,
        opted_out: bool | None = None,
        paused_until: datetime | EllipsisType | None = ...,
        erase: bool = False,
        audit: AuditEntry | None = None,
    ) -> MemoryPreferenceRecord:
        """Store the member's say (with ``erase`` moving their epoch), then hold the stored row in RAM."""
        row = await self._db.run(
            sql.set_memory_preference, user_id, opted_out=opted_out, paused_until=paused_until, erase=erase, audit=audit
        )
        self.adopt(row)
        return row

    def epoch(self, user_id: int) -> int:
        return self.get(user_id).erase_epoch

    def opted_out(self, user_id: int) -> bool:
        return self.get(user_id).opted_out

    def paused_until(self, user_id: int, now: datetime | None = None) -> datetime | None:
        until = self.get(user_id).paused_until
        return until if until is not None and until > (now or datetime.now(UTC)) else None

    def may_read(self, user_id: int) -> bool:
        return self.loaded and not self.opted_out(user_id)

    def may_learn(self, user_id: int) -> bool:
        return self.may_read(user_id) and self.paused_until(user_id) is None
