"""SQL of member state: the behaviour monitor's `UserState` columns (`MemoryPreference` is `utils.storage.control`).

Plain functions of a connection, run with ``await db.run(fn, *args)``. The monitor
owns the note lines of `UserNotes`; the profile part belongs to memory
(`utils.storage.profiles`), so a state flush keeps whatever profile is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

import sqlalchemy as sa

from utils.storage.engine import reads, writes
from utils.storage.records import UserStateRecord
from utils.storage.schema import record_columns, record_values, user_state
from utils.storage.user_notes import ROW_LOCK, with_note_lines

READ_CHUNK_IDS = 1000
"""SQL Server takes at most 2100 bound parameters per statement."""


@reads
def load_user_states(conn: sa.Connection) -> list[UserStateRecord]:
    """Every member's state; ``user_notes`` holds the whole column (profile and note lines)."""
    rows = conn.execute(sa.select(*record_columns(user_state, UserStateRecord)))
    return [replace(record, user_notes=record.user_notes or "") for record in (UserStateRecord(**r._mapping) for r in rows)]


@writes
def save_user_states(conn: sa.Connection, states: Sequence[UserStateRecord], now: datetime | None = None) -> None:
    """Upsert many members' monitor state in one transaction (UPDATE, then INSERT where missing).

    ``user_notes`` of each record are the monitor's note lines; the stored profile
    part is read and kept, so a flush never undoes a profile memory wrote meanwhile.
    """
    if not states:
        return
    moment = now or datetime.now(UTC)
    ids = [s.user_id for s in states]
    stored: dict[int, str | None] = {}
    for start in range(0, len(ids), READ_CHUNK_IDS):
        chunk = ids[start : start + READ_CHUNK_IDS]
        query = (
            sa.select(user_state.c.user_id, user_state.c.user_notes)
            .where(user_state.c.user_id.in_(chunk))
            .with_hint(user_state, ROW_LOCK, "mssql")
        )
        stored.update((r.user_id, r.user_notes) for r in conn.execute(query))
    for state in states:
        values = record_values(state, user_state, without=("user_id",))
        values["user_notes"] = with_note_lines(stored.get(state.user_id), [state.user_notes]) or None
        values["updated_at"] = moment
        if state.user_id in stored:
            conn.execute(sa.update(user_state).where(user_state.c.user_id == state.user_id).values(**values))
        else:
            conn.execute(sa.insert(user_state).values(user_id=state.user_id, **values))


@reads
def get_user_notes(conn: sa.Connection, user_id: int) -> str:
    value = conn.execute(sa.select(user_state.c.user_notes).where(user_state.c.user_id == user_id)).scalar()
    return value or ""
