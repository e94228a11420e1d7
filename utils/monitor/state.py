"""MonitorState: per-member state kept in RAM, loaded from UserState and flushed back in batches.

The chat and the behaviour monitor both change member state; changes mark the
member dirty and a periodic flush writes only those, so nothing accepted is lost on
a clean stop and a database outage only delays the write.

`UserState.UserNotes` holds two things (one column, as existing deployments have it): the
member's profile (the permanent memory layer, owned and written by memory) and the
monitor's timestamped observation lines (`[2026-01-02 13:00] …`), which are kept here
and flushed with the rest of the state; the flush keeps the stored profile. Erasing a
member erases what of these lines the erasure takes: :meth:`MonitorState.forget` is one of the
member's holders held in RAM (`utils.members.holders`), as the chat context is.

Several bot processes may write the same member, so a flush writes what this process
changed since it last loaded or flushed the member (its *baseline*), never the whole row:
the counters as deltas, only the fields it changed, and the observation lines it added, appended
to those stored (see `utils.storage.members.save_user_states`). Each added line keeps the
member's erase epoch as this process knew it then; the flush drops a line whose member's
epoch has moved since (an erasure, opt-out or pause, here or in another process, told
here yet or not), so what an erasure took back is never written back. After a flush the
member's state here is what is stored, plus what changed here during the flush.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from utils.monitor.scoring import blended, decayed, raised
from utils.storage import members as sql
from utils.storage.engine import Database, DatabaseError, DatabaseUnavailable
from utils.storage.records import SET_STATE_FIELDS, STATE_COUNTERS, UserStateChange, UserStateRecord
from utils.storage.user_notes import holds_fact, observation_line, observation_lines, with_added_observations, with_profile

logger = logging.getLogger(__name__)


class MemoryErasure(Protocol):
    """What the monitor needs to know of an erasure of memory (`utils.members.erasure.Erasure` is one)."""

    @property
    def user_id(self) -> int: ...

    @property
    def everything(self) -> bool: ...

    @property
    def since(self) -> datetime | None: ...

    @property
    def texts(self) -> tuple[str, ...]: ...


def _no_profile(_user_id: int) -> str:
    return ""


def _epoch_zero(_user_id: int) -> int:
    return 0


FLUSH_MEMBERS_PER_TRANSACTION = 500
"""Members written per transaction of a state flush. Each holds its member's lock to the end of its transaction, and
a T-SQL engine's lock table is finite (Babelfish's default fits about 12,800 at once, across every session)."""


class MonitorState:
    def __init__(self, profile_of: Callable[[int], str] = _no_profile, epoch_of: Callable[[int], int] = _epoch_zero) -> None:
        """``profile_of`` gives the member's profile, owned by memory, shown with the observation lines to readers of `UserNotes`;
        ``epoch_of`` the member's erase epoch as this process knows it (`MemoryPreferences.epoch`)."""
        self._users: dict[int, UserStateRecord] = {}
        self._stored: dict[int, UserStateRecord] = {}
        """The baseline: each member as this process last loaded or flushed them (``user_notes``: the observation lines)."""
        self._pending: dict[int, list[tuple[str, int]]] = {}
        """Note lines added since the baseline, each with the erase epoch it was added under."""
        self._resets: dict[tuple[int, str], int] = {}
        """How many times each (member, counter) started again here; the baseline remembers the number it saw."""
        self._based_on: dict[tuple[int, str], int] = {}
        self._dirty: set[int] = set()
        self._in_flight: set[int] = set()
        self._forgotten: dict[int, int] = {}
        """How many erasures of everything each member had: one during a flush means the stored lines it read are gone."""
        self._toxicity_at: dict[int, datetime] = {}
        """When each member's toxicity score was last set; kept in RAM, so decay pauses while the bot is down."""
        self._flushing = asyncio.Lock()
        self._profile_of = profile_of
        self._epoch_of = epoch_of
        self.dropped_lines = 0
        """Note lines never written because their member was erased (in any process) after they were added."""

    def load(self, records: list[UserStateRecord], *, keep_dirty: bool = True) -> None:
        """Take state loaded from the database as the baseline; members changed in RAM meanwhile keep their changes
        (on top of what was loaded: deltas, fields changed, observation lines added).

        Only the observation lines of `UserNotes` are the monitor's; the profile is memory's. A
        member whose flush is running is left to that flush, which takes what it stored.
        """
        loaded_at = datetime.now(UTC)
        for record in records:
            uid = record.user_id
            if uid in self._in_flight:
                continue
            loaded = _lines_only(record)
            if keep_dirty and (uid in self._dirty or self._pending.get(uid)):
                self._rebase(uid, loaded, since=self._baseline(uid), resets=self._resets_at_baseline(uid))
            else:
                self._pending.pop(uid, None)
                self._based_on.update(self._resets_now(uid))
                self._users[uid] = replace(loaded)
                self._stored[uid] = loaded
            self._toxicity_at.setdefault(uid, loaded_at)

    def _baseline(self, user_id: int) -> UserStateRecord:
        return self._stored.get(user_id) or UserStateRecord(user_id)

    def _resets_now(self, user_id: int) -> dict[tuple[int, str], int]:
        return {(user_id, name): self._resets.get((user_id, name), 0) for name in STATE_COUNTERS}

    def _resets_at_baseline(self, user_id: int) -> dict[tuple[int, str], int]:
        return {(user_id, name): self._based_on.get((user_id, name), 0) for name in STATE_COUNTERS}

    def _restarted(self, user_id: int, name: str, resets: dict[tuple[int, str], int]) -> bool:
        """Whether the counter started again here after the moment ``resets`` was taken."""
        return self._resets.get((user_id, name), 0) != resets[(user_id, name)]

    def _rebase(
        self,
        user_id: int,
        stored: UserStateRecord,
        *,
        since: UserStateRecord,
        resets: dict[tuple[int, str], int],
        lines_gone: bool = False,
    ) -> None:
        """``stored`` becomes the baseline; the member here is it plus what changed here after ``since`` (when the
        counters' restarts numbered ``resets``), merged as a flush would merge it."""
        now = self._users.get(user_id) or since
        change = self._change_between(user_id, now, since, resets)
        after = change.applied_to(stored)
        self._stored[user_id] = replace(stored, user_notes="") if lines_gone else stored
        self._based_on.update(self._resets_now(user_id))
        self._users[user_id] = after
        self._show_lines(user_id)

    def _change_between(
        self, user_id: int, now: UserStateRecord, since: UserStateRecord, resets: dict[tuple[int, str], int]
    ) -> UserStateChange:
        restarted = [name for name in STATE_COUNTERS if self._restarted(user_id, name, resets)]
        return UserStateChange(
            user_id,
            deltas={
                name: getattr(now, name) if name in restarted else getattr(now, name) - getattr(since, name)
                for name in STATE_COUNTERS
            },
            reset_from={name: getattr(since, name) for name in restarted},
            values={name: getattr(now, name) for name in SET_STATE_FIELDS if getattr(now, name) != getattr(since, name)},
            lines=tuple(self._pending.get(user_id, ())),
        )

    def _show_lines(self, user_id: int) -> None:
        """The member's lines here: the stored ones, then those added since (the newest within the bound)."""
        pending = self._pending.get(user_id, [])
        shown = with_added_observations(self._baseline(user_id).user_notes, [line for line, _epoch in pending])
        self.get_user(user_id).user_notes = shown
        if pending:  # what the bound pushed out is not written either
            kept = set(observation_lines(shown))
            self._pending[user_id] = [entry for entry in pending if entry[0] in kept]

    def get_user(self, user_id: int) -> UserStateRecord:
        user = self._users.get(user_id)
        if user is None:
            user = self._users[user_id] = UserStateRecord(user_id=user_id)
        return user

    def observations(self, user_id: int) -> list[str]:
        """The monitor's timestamped observation lines about a member, oldest first."""
        user = self._users.get(user_id)
        return observation_lines(user.user_notes) if user else []

    def get_user_notes(self, user_id: int) -> str:
        """`UserNotes` as legacy readers know it: the profile (memory's), then the monitor's observation lines."""
        user = self._users.get(user_id)
        return with_profile(user.user_notes if user else "", self._profile_of(user_id))

    def add_observation(self, user_id: int, observation: str, now: datetime | None = None) -> None:
        """Append a timestamped observation line; the oldest lines go first when over the bound."""
        line = observation_line(observation, now or datetime.now(UTC))
        self._pending.setdefault(user_id, []).append((line, self._epoch_of(user_id)))
        self._show_lines(user_id)
        self._dirty.add(user_id)

    def forget(self, erasure: MemoryErasure) -> int:
        """What an erasure took goes from the observation lines here too; returns how many lines went.

        Everything (forget all, opt-out): every line, written or not (the erasure removed the profile).
        Any erasure: the unwritten lines added before it (the flush would drop them), and the stored
        lines it removed from the database (those noted since its time, or holding what it forgot).
        """
        uid = erasure.user_id
        before = len(self.observations(uid))
        if erasure.everything:
            self._pending.pop(uid, None)
            self._stored[uid] = replace(self._baseline(uid), user_notes="")
            self._forgotten[uid] = self._forgotten.get(uid, 0) + 1
            self.get_user(uid).user_notes = ""
            self._dirty.add(uid)
            return before
        if uid in self._pending:
            epoch = self._epoch_of(uid)
            self._pending[uid] = [entry for entry in self._pending[uid] if entry[1] == epoch]
        if uid in self._stored and (erasure.texts or erasure.since is not None):
            self._keep_stored_lines(uid, lambda line: not _taken_by(line, erasure))
        if uid in self._users:
            self._show_lines(uid)
        return before - len(self.observations(uid))

    async def drop_lines(self, db: Database, user_id: int, keep: Callable[[str], bool]) -> None:
        """The member's observation lines ``keep`` refuses go from `UserNotes` and from here, written or not, no flush
        running meanwhile (one that was writing them is done first): a later message showed they hold a secret."""
        async with self._flushing:
            try:
                await db.run(sql.drop_observation_lines, user_id, keep)
            except DatabaseError as exc:
                logger.warning("Could not drop %s's noted lines holding what they said was a secret: %s", user_id, exc)
            if user_id in self._pending:
                self._pending[user_id] = [entry for entry in self._pending[user_id] if keep(entry[0])]
            self._keep_stored_lines(user_id, keep)
            if user_id in self._users:
                self._show_lines(user_id)

    def _keep_stored_lines(self, user_id: int, keep: Callable[[str], bool]) -> None:
        """The baseline's observation lines ``keep`` refuses go (the database no longer holds them either)."""
        if (stored := self._stored.get(user_id)) is not None:
            kept = [line for line in observation_lines(stored.user_notes) if keep(line)]
            self._stored[user_id] = replace(stored, user_notes="\n".join(kept))

    def export(self, user_id: int) -> dict[str, Any]:
        """The monitor's part of a member's export: the observation lines and the behaviour counters (None: never seen)."""
        state = self._users.get(user_id)
        return {
            "behaviour_notes": self.observations(user_id),
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
            self._restart(user_id, "offense_count")
            user.warned = False
        user.offense_count += 1
        user.last_offense_at = now
        self._dirty.add(user_id)
        return user.offense_count

    def _restart(self, user_id: int, counter: str) -> None:
        """The counter starts again from 0 here (see :meth:`change` for what that does to the stored count)."""
        setattr(self.get_user(user_id), counter, 0)
        self._resets[(user_id, counter)] = self._resets.get((user_id, counter), 0) + 1

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

    def take_back_offenses(self, user_id: int, count: int) -> int:
        """A moderator undid a case: its offenses no longer count (flushed as a negative delta); returns the count."""
        user = self.get_user(user_id)
        user.offense_count = max(user.offense_count - max(count, 0), 0)
        if not user.offense_count:
            user.warned = False
        self._dirty.add(user_id)
        return user.offense_count

    def reset_offenses(self, user_id: int) -> None:
        """A moderator reset the member: the offense run starts again from 0, warning included."""
        self._restart(user_id, "offense_count")
        self.get_user(user_id).warned = False
        self._dirty.add(user_id)

    def record_topic(self, user_id: int, off_topic: bool) -> int:
        """Count off-topic messages in a row (an on-topic one starts over); returns the count."""
        user = self.get_user(user_id)
        count = user.off_topic_count + 1 if off_topic else 0
        if count != user.off_topic_count:
            if count:
                user.off_topic_count = count
            else:
                self._restart(user_id, "off_topic_count")
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

    def change(self, user_id: int) -> UserStateChange:
        """What this process changed of the member since its baseline, as the flush writes it.

        The counters go as deltas, so what two processes count adds up. A counter that
        started again here (a quiet window ends the offense run, an on-topic message the
        off-topic run) takes back, once, the count this process knew at its baseline and
        adds what it counted since; what other processes counted after that baseline stays
        (it is recent: part of the new run, as far as anyone here can tell), and so does a
        run that started again elsewhere meanwhile (`UserStateChange.counted`). Never
        below 0. With one process that is exactly the value set here.
        """
        user = self.get_user(user_id)
        return self._change_between(user_id, user, self._baseline(user_id), self._resets_at_baseline(user_id))

    async def _flush(self, db: Database) -> int:
        if not self._dirty or not db.available:
            return 0
        user_ids = [uid for uid in self._dirty if uid in self._users]
        self._dirty.clear()
        written = 0
        for start in range(0, len(user_ids), FLUSH_MEMBERS_PER_TRANSACTION):
            chunk = user_ids[start : start + FLUSH_MEMBERS_PER_TRANSACTION]
            done = await self._flush_members(db, chunk)
            if done is None:  # the database went away: this chunk and the rest wait for the next flush
                self._dirty.update(user_ids[start:])
                return written
            written += done
        return written

    async def _flush_members(self, db: Database, user_ids: list[int]) -> int | None:
        """One transaction of the flush; None when the database is unavailable (the caller keeps them dirty)."""
        sent = {uid: replace(self._users[uid]) for uid in user_ids}
        changes = [self.change(uid) for uid in user_ids]
        forgotten = {uid: self._forgotten.get(uid, 0) for uid in user_ids}
        resets = {uid: self._resets_now(uid) for uid in user_ids}
        self._in_flight.update(user_ids)
        try:
            saved = await db.run(sql.save_user_states, changes)
        except DatabaseUnavailable as exc:
            logger.warning("State flush of %d members postponed: %s", len(changes), exc)
            return None
        except DatabaseError as exc:
            logger.error("State flush of %d members rejected by the database: %s", len(changes), exc)
            return 0
        finally:
            self._in_flight.difference_update(user_ids)
        for change in changes:
            uid = change.user_id
            gone = self._forgotten.get(uid, 0) != forgotten[uid]
            if not gone:
                self._written(uid, change.lines)
            self._rebase(uid, _lines_only(saved.stored[uid]), since=sent[uid], resets=resets[uid], lines_gone=gone)
        if saved.dropped_lines:
            self.dropped_lines += saved.dropped_lines
            logger.info("State flush dropped %d observation lines of members erased since they were noted.", saved.dropped_lines)
        return len(changes)

    def _written(self, user_id: int, lines: tuple[tuple[str, int], ...]) -> None:
        """The lines a flush wrote (or dropped) are no longer pending; those added during the flush still are."""
        left = Counter(lines)
        pending = []
        for entry in self._pending.get(user_id, []):
            if left[entry]:
                left[entry] -= 1
            else:
                pending.append(entry)
        if pending:
            self._pending[user_id] = pending
        else:
            self._pending.pop(user_id, None)


def _lines_only(record: UserStateRecord) -> UserStateRecord:
    """A stored row as the monitor holds it: `UserNotes` without the profile (memory's)."""
    return replace(record, user_notes="\n".join(observation_lines(record.user_notes)))


def _taken_by(line: str, erasure: MemoryErasure) -> bool:
    """Whether an erasure took this observation line from the database: noted since its time, or holding what it forgot."""
    if erasure.since is not None and line[:18] >= f"[{erasure.since.astimezone(UTC):%Y-%m-%d %H:%M}]":
        return True
    return holds_fact(line, erasure.texts)
