"""SQL of the one-time notes migration (`utils.notes_migration`): legacy `UserNotes` into profiles, reversibly."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa

from utils.storage.control import change_member
from utils.storage.engine import reads, writes
from utils.storage.locks import lock_members
from utils.storage.memories import forget_rows, insert_memory, prune_excess_rows, write_audit
from utils.storage.records import AuditEntry, NewMemory
from utils.storage.schema import SOURCE_MAX, notes_backup, user_memory, user_state


@reads
def get_all_user_notes(conn: sa.Connection) -> dict[int, str | None]:
    """Every member's raw ``UserNotes`` by id (NULL stays None): what the one-time migration reads."""
    query = sa.select(user_state.c.user_id, user_state.c.user_notes).order_by(user_state.c.user_id)
    return {r.user_id: r.user_notes for r in conn.execute(query)}


@reads
def get_notes_backups(conn: sa.Connection) -> dict[int, str | None]:
    """The notes kept by the migration before it overwrote them, by member id."""
    query = sa.select(notes_backup.c.user_id, notes_backup.c.notes).order_by(notes_backup.c.user_id)
    return {r.user_id: r.notes for r in conn.execute(query)}


@reads
def get_notes_backup(conn: sa.Connection, user_id: int) -> str | None:
    """The notes a migration replaced, if one did (for export)."""
    return conn.execute(sa.select(notes_backup.c.notes).where(notes_backup.c.user_id == user_id)).scalar()


@writes
def migrate_user_notes(
    conn: sa.Connection,
    user_id: int,
    old_notes: str,
    profile: str,
    memories: Sequence[tuple[datetime, NewMemory]] = (),
    *,
    actor: str = "migration",
    cap: int = 50,
    now: datetime | None = None,
) -> bool:
    """Replace a member's legacy notes by ``profile``, keeping the old notes in NotesBackup first.

    One transaction: the backup, the new profile and the migrated memories (each
    ``(observed_at, memory)``, stored with the time it was observed) land together or
    not at all. Compare-and-set: ``False`` and nothing written when the member already
    has a backup or their notes are no longer ``old_notes`` (the bot changed them
    meanwhile), so the caller never overwrites what it did not read. (SQL Server's
    ``=`` ignores trailing spaces and, in the default collation, case; the bot only
    ever appends lines, which the check sees.)
    """
    moment = now or datetime.now(UTC)
    change_member(conn, user_id, erase=False, wrote=True, now=moment)  # first: bot processes see the member changed
    backed_up = conn.execute(sa.select(notes_backup.c.user_id).where(notes_backup.c.user_id == user_id)).first()
    if backed_up is not None:
        return False
    updated = conn.execute(
        sa.update(user_state)
        .where(user_state.c.user_id == user_id, user_state.c.user_notes == old_notes)
        .values(user_notes=profile, updated_at=moment)
    )
    if updated.rowcount == 0:
        return False
    conn.execute(sa.insert(notes_backup).values(user_id=user_id, notes=old_notes, backed_up_at=moment))
    audit: list[AuditEntry] = []
    for observed_at, new in memories:
        new_id = insert_memory(conn, user_id, new, observed_at)
        audit.append(AuditEntry("saved", user_id, actor, new_id, new.source[:SOURCE_MAX]))
    if memories:
        audit += prune_excess_rows(conn, user_id, cap, moment)
    write_audit(conn, audit, moment)
    return True


@writes
def rollback_notes_migration(conn: sa.Connection, *, source: str = "migration", actor: str = "migration") -> tuple[int, int]:
    """Put every backed-up member's old notes back, byte for byte, and drop their ``source`` memories.

    One transaction. A member whose notes were erased since (NULL: they asked to be
    forgotten) gets nothing back; their backup is dropped all the same. Returns
    ``(restored, dropped)``.
    """
    moment = datetime.now(UTC)
    restored = dropped = 0
    audit: list[AuditEntry] = []
    backups = conn.execute(sa.select(notes_backup.c.user_id, notes_backup.c.notes)).all()
    lock_members(conn, [b.user_id for b in backups])
    for backup in backups:
        change_member(conn, backup.user_id, erase=False, wrote=True, now=moment)  # bot processes see the member changed
        put_back = conn.execute(
            sa.update(user_state)
            .where(user_state.c.user_id == backup.user_id, user_state.c.user_notes.is_not(None))
            .values(user_notes=backup.notes, updated_at=moment)
        )
        if put_back.rowcount:
            restored += 1
            audit += forget_rows(conn, backup.user_id, actor, user_memory.c.source == source)
        else:
            dropped += 1
        conn.execute(sa.delete(notes_backup).where(notes_backup.c.user_id == backup.user_id))
    write_audit(conn, audit, moment)
    return restored, dropped
