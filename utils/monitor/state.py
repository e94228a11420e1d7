"""MonitorState: per-member state kept in RAM, loaded from UserState and flushed back in batches.

The chat and the behaviour monitor both change member state; changes mark the
member dirty and a periodic flush writes only those, so nothing accepted is lost on
a clean stop and a database outage only delays the write.

`UserState.UserNotes` holds two things (one column, as existing deployments have it): the
member's profile (the permanent memory layer, owned and written by memory) and the
monitor's timestamped observation lines (`[2026-01-02 13:00] …`), which are kept here
and flushed with the rest of the state; the flush keeps the stored profile. Erasing a
member's memory erases these lines too: :meth:`MonitorState.forget` listens to memory's
erasures, as the chat context does.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from utils.monitor.scoring import blended, decayed, raised
from utils.storage import members as sql
from utils.storage.engine import Database, DatabaseError, DatabaseUnavailable
from utils.storage.records import UserStateRecord
from utils.storage.user_notes import note_line, note_lines, with_note_lines, with_profile

logger = logging.getLogger(__name__)


class MemoryErasure(Protocol):
    """What the monitor needs to know of an erasure of memory (`utils.memory.erasure.Erasure` is one)."""

    @property
    def user_id(self) -> int: ...

    @property
    def everything(self) -> bool: ...


def _no_profile(_user_id: int) -> str:
    return ""


class MonitorState:
    def __init__(self, profile_of: Callable[[int], str] = _no_profile) -> None:
        """``profile_of`` gives the member's profile, owned by memory, shown with the note lines to readers of `UserNotes`."""
        self._users: dict[int, UserStateRecord] = {}
        self._dirty: set[int] = set()
        self._toxicity_at: dict[int, datetime] = {}
        """When each member's toxicity score was last set; kept in RAM, so decay pauses while the bot is down."""
        self._flushing = asyncio.Lock()
        self._profile_of = profile_of

    def load(self, records: list[UserStateRecord], *, keep_dirty: bool = True) -> None:
        """Take state loaded from the database; members changed in RAM meanwhile keep their changes.

        Only the note lines of `UserNotes` are the monitor's; the profile is memory's.
        """
        loaded_at = datetime.now(UTC)
        for record in records:
            if keep_dirty and record.user_id in self._dirty:
                continue
            self._users[record.user_id] = replace(record, user_notes="\n".join(note_lines(record.user_notes)))
            self._toxicity_at.setdefault(record.user_id, loaded_at)

    def get_user(self, user_id: int) -> UserStateRecord:
        user = self._users.get(user_id)
        if user is None:
            user = self._users[user_id] = UserStateRecord(user_id=user_id)
        return user

    def known_user_ids(self) -> list[int]:
        return list(self._users)

    def note_lines(self, user_id: int) -> list[str]:
        """The monitor's timestamped observation lines about a member, oldest first."""
        user = self._users.get(user_id)
        return note_lines(user.user_notes) if user else []

    def get_user_notes(self, user_id: int) -> str:
        """`UserNotes` as legacy readers know it: the profile (memory's), then the monitor's note lines."""
        user = self._users.get(user_id)
        return with_profile(user.user_notes if user else "", self._profile_of(user_id))

    def update_user_notes(self, user_id: int, note: str, now: datetime | None = None) -> None:
        """Append a timestamped observation line; the oldest lines go first when over the bound."""
        user = self.get_user(user_id)
        user.user_notes = with_note_lines("", [*note_lines(user.user_notes), note_line(note, now or datetime.now(UTC))])
        self._dirty.add(user_id)

    def forget(self, erasure: MemoryErasure) -> None:
        """An erasure of everything (forget all, opt-out) takes the note lines too; the erasure removed the profile."""
        if erasure.everything:
            self.get_user(erasure.user_id).user_notes = ""
            self._dirty.add(erasure.user_id)

    def export(self, user_id: int) -> dict[str, Any]:
        """The monitor's part of a member's export: the note lines and the behaviour counters (None: never seen)."""
        state = self._users.get(user_id)
        return {
            "behaviour_notes": self.note_lines(user_id),
            "behaviour": None
            if state is None
            else {
                "offense_count": state.offense_count,
                "warned": state.warned,
                "immune": state.immune,
                "off_topic_count": state.off_topic_count,
                "last_offense_at": None if state.last_offense_at is None else state.last_offense_at.isoformat(),
            },
        }

    # ------------------------------------------------------------------ the behaviour monitor's state
    def toxicity_now(self, user_id: int, now: datetime, half_life_hours: float) -> float:
        """The member's recent-toxicity score, faded to ``now``."""
        user = self._users.get(user_id)
        if user is None or not user.toxicity_score:
            return 0.0
        return decayed(user.toxicity_score, self._toxicity_at.get(user_id, now), now, half_life_hours)

    def record_toxicity(self, user_id: int, toxicity: float, now: datetime, half_life_hours: float) -> float:
        """Fold one message's toxicity into the score (see `scoring.raised`); returns the new score."""
        score = raised(self.toxicity_now(user_id, now, half_life_hours), toxicity)
        self.get_user(user_id).toxicity_score = score
        self._toxicity_at[user_id] = now
        self._dirty.add(user_id)
        return score

    def offenses_in_window(self, user_id: int, now: datetime, window: timedelta) -> int:
        """Offenses in the member's current run: each within ``window`` of the one before, the last within it of now."""
        user = self._users.get(user_id)
        if user is None or user.last_offense_at is None or now - user.last_offense_at > window:
            return 0
        return user.offense_count

    def warned_in_window(self, user_id: int, now: datetime, window: timedelta) -> bool:
        user = self._users.get(user_id)
        return bool(user and user.warned and self.offenses_in_window(user_id, now, window))

    def record_offense(self, user_id: int, now: datetime, window: timedelta) -> int:
        """Count an offense; a run that went quiet for longer than ``window`` starts again (warning included)."""
        user = self.get_user(user_id)
        if not self.offenses_in_window(user_id, now, window):
            user.offense_count = 0
            user.warned = False
        user.offense_count += 1
        user.last_offense_at = now
        self._dirty.add(user_id)
        return user.offense_count

    def mark_warned(self, user_id: int) -> None:
        self.get_user(user_id).warned = True
        self._dirty.add(user_id)

    def is_immune(self, user_id: int) -> bool:
        user = self._users.get(user_id)
        return bool(user and user.immune)

    def toggle_immune(self, user_id: int) -> bool:
        """Flip the member's immunity (immune members are never actioned); returns the new value."""
        user = self.get_user(user_id)
        user.immune = not user.immune
        self._dirty.add(user_id)
        return user.immune

    def record_topic(self, user_id: int, off_topic: bool) -> int:
        """Count off-topic messages in a row (an on-topic one starts over); returns the count."""
        user = self.get_user(user_id)
        count = user.off_topic_count + 1 if off_topic else 0
        if count != user.off_topic_count:
            user.off_topic_count = count
            self._dirty.add(user_id)
        return count

    def reset_off_topic(self, user_id: int) -> None:
        """After a redirect the member starts from zero, so one drift earns one redirect."""
        self.record_topic(user_id, False)

    def record_coherence(self, user_id: int, coherence: float) -> float:
        """Nudge the member's coherence baseline towards this message's; returns the new baseline."""
        user = self.get_user(user_id)
        user.baseline_coherence = blended(user.baseline_coherence, coherence)
        self._dirty.add(user_id)
        return user.baseline_coherence

    async def flush(self, db: Database) -> int:
        """Write dirty members; on failure they stay dirty for the next flush.

        Flushes run one at a time, so when a flush returns, everything that was dirty
        when it was called is written (a concurrent one is waited for, not skipped).
        """
        async with self._flushing:
            return await self._flush(db)

    async def _flush(self, db: Database) -> int:
        if not self._dirty or not db.available:
            return 0
        user_ids = list(self._dirty)
        snapshot = [replace(self._users[uid]) for uid in user_ids if uid in self._users]
        self._dirty.difference_update(user_ids)
        try:
            await db.run(sql.save_user_states, snapshot)
        except DatabaseUnavailable as exc:
            self._dirty.update(user_ids)
            logger.warning("State flush of %d members postponed: %s", len(snapshot), exc)
            return 0
        except DatabaseError as exc:
            logger.error("State flush of %d members rejected by the database: %s", len(snapshot), exc)
            return 0
        return len(snapshot)
