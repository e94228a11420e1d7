"""Coherence between bot processes on one database, by polling the members' control rows.

Each process runs one small periodic poll (`COHERENCE_POLL_SECONDS`) of the rows whose
change number moved since the last one (`utils.storage.control.changes_since`: an index
range read that returns nothing when nothing changed). For each member another process
touched: a newer write version drops this process's cached memories and takes the stored
profile; a newer erase epoch runs the same halt as a local erasure (queued turns,
postponed writes, an extraction in flight, chat context, unwritten LlmLog excerpts, note
lines); a changed opt-out or pause applies at once. No messaging service: the database
every process already shares is the channel, and the claim on each write keeps a
forgotten memory out even when a poll comes late.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from utils.members.preferences import MemoryPreferences, Moved
from utils.storage import control as sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import MemoryPreferenceRecord

logger = logging.getLogger(__name__)


@dataclass
class CoherenceStats:
    """What the polls cost and found, for the benchmark and the doctor."""

    polls: int = 0
    rows: int = 0
    halts: int = 0
    stale_reads: int = 0
    seconds: float = 0.0
    """Wall time spent waiting on poll queries."""


class Coherence:
    def __init__(
        self,
        db: Database,
        preferences: MemoryPreferences,
        on_change: Callable[[MemoryPreferenceRecord, Moved, str | None], None],
        on_polled: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        """``on_change(row, moved, stored_user_notes)`` runs for every member whose row moved in another process;
        ``on_polled(change_seq)`` after each poll, with every change up to that number acted on."""
        self._db = db
        self._preferences = preferences
        self._on_change = on_change
        self._on_polled = on_polled
        self.stats = CoherenceStats()

    async def poll(self) -> int:
        """Apply every change made since the last poll; returns how many members moved."""
        if not self._db.available or not await self._preferences.load_when_due():
            return 0
        moved = await self._apply_changes()
        if self._on_polled is not None:
            await self._on_polled(self._preferences.change_seq)
        return moved

    async def _apply_changes(self) -> int:
        moved_members = 0
        page_seq, page_user = self._preferences.change_seq, None
        while True:
            started = time.perf_counter()
            try:
                rows = await self._db.run(sql.changes_since, page_seq, after_user=page_user)
            except DatabaseError as exc:
                logger.debug("Coherence poll skipped: %s", exc)
                return moved_members
            finally:
                self.stats.seconds += time.perf_counter() - started
                self.stats.polls += 1
            self.stats.rows += len(rows)
            for row, user_notes in rows:
                moved = self._preferences.adopt(row)
                if moved:
                    moved_members += 1
                    self.stats.halts += moved.erased
                    self.stats.stale_reads += moved.wrote
                    self._on_change(row, moved, user_notes)
            if len(rows) < sql.POLL_ROWS:
                if rows:
                    self._preferences.change_seq = max(self._preferences.change_seq, rows[-1][0].change_seq)
                return moved_members
            # A full page: the next one starts after its last row. The cursor kept between polls moves only past
            # the changes read whole (on Babelfish the rows of one transaction share a number and can span pages).
            last = rows[-1][0]
            whole = [row.change_seq for row, _ in rows if row.change_seq < last.change_seq]
            if whole:
                self._preferences.change_seq = max(self._preferences.change_seq, max(whole))
            page_seq, page_user = last.change_seq, last.user_id
