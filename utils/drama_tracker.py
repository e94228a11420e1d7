"""DramaTracker: per-member state kept in RAM, loaded from UserState and flushed back in batches.

The chat and the behaviour monitor both change member state (the profile lives in
`UserState.UserNotes`); changes mark the member dirty and a periodic flush writes
only those, so nothing accepted is lost on a clean stop and a database outage only
delays the write.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, datetime

from utils.database import Database, DatabaseUnavailable
from utils.records import UserStateRecord
from utils.schema import PROFILE_MAX

logger = logging.getLogger(__name__)

LEGACY_NOTES_MAX = 4000
"""`UserNotes` is NVARCHAR(MAX); the monitor's appended note lines are kept within this many characters."""


class DramaTracker:
    def __init__(self) -> None:
        self._users: dict[int, UserStateRecord] = {}
        self._dirty: set[int] = set()

    def load(self, records: list[UserStateRecord], *, keep_dirty: bool = True) -> None:
        """Take state loaded from the database; members changed in RAM meanwhile keep their changes."""
        for record in records:
            if keep_dirty and record.user_id in self._dirty:
                continue
            self._users[record.user_id] = record

    def get_user(self, user_id: int) -> UserStateRecord:
        user = self._users.get(user_id)
        if user is None:
            user = self._users[user_id] = UserStateRecord(user_id=user_id)
        return user

    def known_user_ids(self) -> list[int]:
        return list(self._users)

    def mark_dirty(self, user_id: int) -> None:
        self._dirty.add(user_id)

    def get_user_notes(self, user_id: int) -> str:
        user = self._users.get(user_id)
        return user.user_notes if user else ""

    def update_user_notes(self, user_id: int, note: str, now: datetime | None = None) -> None:
        """Append a timestamped observation line; the oldest lines go first when over the bound."""
        moment = (now or datetime.now(UTC)).astimezone(UTC)
        line = f"[{moment:%Y-%m-%d %H:%M}] {' '.join(note.split())}"[:LEGACY_NOTES_MAX]
        user = self.get_user(user_id)
        lines = [existing for existing in user.user_notes.splitlines() if existing.strip()] + [line]
        while len("\n".join(lines)) > LEGACY_NOTES_MAX and len(lines) > 1:
            lines.pop(0)
        user.user_notes = "\n".join(lines)
        self._dirty.add(user_id)

    def set_user_profile(self, user_id: int, profile: str) -> None:
        """Replace the member's profile summary (the permanent memory layer)."""
        self.get_user(user_id).user_notes = profile[:PROFILE_MAX]
        self._dirty.add(user_id)

    async def flush(self, db: Database) -> int:
        """Write dirty members; on failure they stay dirty for the next flush."""
        if not self._dirty or not db.available:
            return 0
        user_ids = list(self._dirty)
        snapshot = [replace(self._users[uid]) for uid in user_ids if uid in self._users]
        self._dirty.difference_update(user_ids)
        try:
            await db.save_user_states(snapshot)
        except DatabaseUnavailable as exc:
            self._dirty.update(user_ids)
            logger.warning("State flush of %d members postponed: %s", len(snapshot), exc)
            return 0
        return len(snapshot)
