"""SQL of the profile: the permanent memory layer, kept in `UserState.UserNotes`, and its ProfileHistory.

Plain functions of a connection, run with ``await db.run(fn, *args)``. The profile is
a memory: `apply_memory_batch` writes it in the same transaction as the memories of
the same extraction, beside the monitor's observation lines (kept as they are; the format
of the column is `utils.storage.user_notes`'s).
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from utils.storage.engine import reads, writes
from utils.storage.locks import lock_members
from utils.storage.members import get_user_notes
from utils.storage.records import UserStateRecord
from utils.storage.schema import PROFILE_MAX, profile_history, record_values, user_state
from utils.storage.user_notes import profile_part, with_profile


def write_profile(conn: sa.Connection, user_id: int, profile: str, now: datetime) -> None:
    """Replace the profile part of `UserNotes` (the observation lines stay), with no history row: the caller decides that."""
    user_notes = with_profile(get_user_notes(conn, user_id), profile) or None
    this_member = user_state.c.user_id == user_id
    updated = conn.execute(sa.update(user_state).where(this_member).values(user_notes=user_notes, updated_at=now))
    if updated.rowcount == 0:  # every value given: a table adopted from the old bot has no column defaults
        fresh = record_values(UserStateRecord(user_id), user_state, without=("user_id", "user_notes"))
        conn.execute(sa.insert(user_state).values(user_id=user_id, **fresh, user_notes=user_notes, updated_at=now))


@reads
def get_profile(conn: sa.Connection, user_id: int) -> str:
    """The member's stored profile (the UserNotes text that is not a observation line)."""
    return profile_part(get_user_notes(conn, user_id))


@reads
def get_profile_history(conn: sa.Connection, user_id: int) -> list[tuple[str, datetime]]:
    """Earlier profiles of a member with when each was replaced, oldest first (for export)."""
    query = (
        sa.select(profile_history.c.previous_profile, profile_history.c.changed_at)
        .where(profile_history.c.user_id == user_id)
        .order_by(profile_history.c.id)
    )
    return [(r.previous_profile or "", r.changed_at) for r in conn.execute(query)]


@writes
def set_user_profile(conn: sa.Connection, user_id: int, profile: str, *, now: datetime | None = None) -> bool:
    """Replace the member's profile (the permanent memory layer); the monitor's observation lines stay.

    The previous profile goes to ProfileHistory first, so `/memory forget recent` can
    put it back. Returns False when the profile was already this text.
    """
    moment = now or datetime.now(UTC)
    lock_members(conn, [user_id])  # the monitor's observation lines share the column: its flush waits, and so does ours
    profile = " ".join(profile.split())[:PROFILE_MAX]
    previous = profile_part(get_user_notes(conn, user_id))
    if previous == profile:
        return False
    conn.execute(sa.insert(profile_history).values(user_id=user_id, previous_profile=previous, changed_at=moment))
    write_profile(conn, user_id, profile, moment)
    return True
