"""SQL of member state: the behaviour monitor's `UserState` columns (`MemoryPreference` is `utils.storage.control`).

Plain functions of a connection, run with ``await db.run(fn, *args)``. The monitor
owns the observation lines of `UserNotes`; the profile part belongs to memory
(`utils.storage.profiles`), so a state flush keeps whatever profile is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from utils.storage.control import locked_epochs
from utils.storage.engine import reads, writes
from utils.storage.locks import lock_members
from utils.storage.records import SET_STATE_FIELDS, STATE_COUNTERS, SavedStates, UserStateChange, UserStateRecord
from utils.storage.schema import record_columns, record_values, user_state
from utils.storage.user_notes import observation_lines, with_added_observations, with_observations

READ_CHUNK_IDS = 1000
"""SQL Server takes at most 2100 bound parameters per statement."""


@reads
def load_user_states(conn: sa.Connection) -> list[UserStateRecord]:
    """Every member's state; ``user_notes`` holds the whole column (profile and observation lines)."""
    rows = conn.execute(sa.select(*record_columns(user_state, UserStateRecord)))
    return [replace(record, user_notes=record.user_notes or "") for record in (UserStateRecord(**r._mapping) for r in rows)]


@writes
def save_user_states(
    conn: sa.Connection, states: Sequence[UserStateRecord | UserStateChange], now: datetime | None = None
) -> SavedStates:
    """Write many members' monitor state in one transaction (UPDATE, then INSERT where missing).

    A :class:`UserStateRecord` is the whole row (tools, tests, one writer): every field
    as given, its ``user_notes`` the member's observation lines, replacing those stored. A
    :class:`UserStateChange` is what one of several processes changed, merged into what
    is stored now (see :func:`_apply_change`); the members' erase epochs are read first,
    under lock, so no erasure commits between that read and the write, and a observation line
    added under an older epoch than the stored one is dropped (counted in the result).
    Either way the stored profile part of `UserNotes` is kept, so a flush never undoes a
    profile memory wrote meanwhile.
    """
    if not states:
        return SavedStates()
    moment = now or datetime.now(UTC)
    lock_members(conn, [s.user_id for s in states])  # T-SQL engines: memory's profile writes wait, and erasures
    changes = [s.user_id for s in states if isinstance(s, UserStateChange)]
    epochs = locked_epochs(conn, changes) if changes else {}
    stored = _locked_rows(conn, [s.user_id for s in states])
    saved = SavedStates()
    dropped = 0
    for state in states:
        if isinstance(state, UserStateChange):
            after, lost = _apply_change(conn, state, stored.get(state.user_id), epochs.get(state.user_id, 0), moment)
            saved.stored[state.user_id] = replace(after)
            dropped += lost
        else:
            after = replace(state, user_notes=with_observations(_user_notes(stored.get(state.user_id)), [state.user_notes]))
            values = {**record_values(after, user_state, without=("user_id",)), "updated_at": moment}
            values["user_notes"] = after.user_notes or None
            if state.user_id in stored:
                conn.execute(sa.update(user_state).where(user_state.c.user_id == state.user_id).values(**values))
            else:
                conn.execute(sa.insert(user_state).values(user_id=state.user_id, **values))
        stored[state.user_id] = after
    return replace(saved, dropped_lines=dropped)


def _user_notes(row: UserStateRecord | None) -> str | None:
    return None if row is None else row.user_notes


def _locked_rows(conn: sa.Connection, user_ids: Sequence[int]) -> dict[int, UserStateRecord]:
    """The stored rows of ``user_ids`` (``user_notes`` the whole column); the caller holds their members' locks."""
    stored: dict[int, UserStateRecord] = {}
    ids = list(dict.fromkeys(user_ids))
    for start in range(0, len(ids), READ_CHUNK_IDS):
        chunk = ids[start : start + READ_CHUNK_IDS]
        query = sa.select(*record_columns(user_state, UserStateRecord)).where(user_state.c.user_id.in_(chunk))
        for r in conn.execute(query):
            record = UserStateRecord(**r._mapping)
            stored[record.user_id] = replace(record, user_notes=record.user_notes or "")
    return stored


def _apply_change(
    conn: sa.Connection, change: UserStateChange, row: UserStateRecord | None, epoch: int, moment: datetime
) -> tuple[UserStateRecord, int]:
    """Merge one process's change into the stored row; returns the row after it and the observation lines dropped.

    The counters are added to what is stored (``SET X = X + delta``, never below 0), so
    increments counted by two processes both count (a counter that started again here:
    :meth:`UserStateChange.counted`); only the fields the change names are
    set, so a field this process did not touch keeps what another wrote; the observation lines
    are appended to those stored (never replacing them), except those added under an erase
    epoch that is no longer the member's: what an erasure took back is not written back.
    """
    unknown = {*change.values} - {*SET_STATE_FIELDS} | {*change.deltas, *change.reset_from} - {*STATE_COUNTERS}
    if unknown:
        raise ValueError(f"not a field a state change sets or counts: {sorted(unknown)}")
    kept = [line for line, added_under in change.lines if added_under == epoch]
    before = row or UserStateRecord(change.user_id)
    after = change.applied_to(before)
    if kept:
        after.user_notes = with_added_observations(before.user_notes, kept)
    if row is None:
        row_values = {**record_values(after, user_state, without=("user_id",)), "user_notes": after.user_notes or None}
        conn.execute(sa.insert(user_state).values(user_id=change.user_id, updated_at=moment, **row_values))
        return after, len(change.lines) - len(kept)
    values: dict[str, Any] = {**change.values, "updated_at": moment}
    for name in STATE_COUNTERS:
        if (expression := _counted(name, change)) is not None:
            values[name] = expression
    if kept:
        values["user_notes"] = after.user_notes or None
    conn.execute(sa.update(user_state).where(user_state.c.user_id == change.user_id).values(**values))
    return after, len(change.lines) - len(kept)


def _counted(name: str, change: UserStateChange) -> sa.ColumnElement[int] | None:
    """The SQL of :meth:`UserStateChange.counted` for one counter (None: it does not change)."""
    column = user_state.c[name]
    delta = change.deltas.get(name, 0)
    if name in change.reset_from:
        base = change.reset_from[name]
        return sa.case((column >= base, column - base), else_=column) + max(delta, 0)
    if not delta:
        return None
    return sa.case((column + delta < 0, 0), else_=column + delta)


@reads
def get_user_notes(conn: sa.Connection, user_id: int) -> str:
    value = conn.execute(sa.select(user_state.c.user_notes).where(user_state.c.user_id == user_id)).scalar()
    return value or ""


@writes
def drop_observation_lines(conn: sa.Connection, user_id: int, keep: Callable[[str], bool]) -> int:
    """The monitor's observation lines of a member that ``keep`` refuses leave `UserNotes` (a later message showed they
    hold a secret); the profile stays. Returns how many went."""
    lock_members(conn, [user_id])
    user_notes = get_user_notes(conn, user_id)
    lines = observation_lines(user_notes)
    kept = [line for line in lines if keep(line)]
    if len(kept) == len(lines):
        return 0
    after = with_observations(user_notes, kept) or None
    changed = sa.update(user_state).where(user_state.c.user_id == user_id)
    conn.execute(changed.values(user_notes=after, updated_at=datetime.now(UTC)))
    return len(lines) - len(kept)
