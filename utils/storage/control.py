"""SQL of the member's control row (`MemoryPreference`): how several bot processes agree on a member.

Every process may write the same member. A write of memories, the profile or observation lines
*claims* the member first, in the same transaction: one conditional UPDATE that moves
``WriteVersion`` only if it is still the version the write was planned against, the
``EraseEpoch`` is still the one the work started under, and the member has neither opted
out nor paused. Nothing else can then slip between the plan and the write: on a T-SQL
engine the transaction holds the member's application lock (`utils.storage.locks`) from
before the claim until it commits, on SQLite the first write statement takes the one write
lock. A claim that fails raises :class:`ClaimRefused` with the row as it now stands, so the
caller plans again (another write landed) or drops the write (an erasure, opt-out or pause
landed).

An erasure, opt-out or pause moves the epoch with its first statement, in the same
transaction as its deletes. Each change also moves ``ChangeSeq``, which the processes
poll (:func:`changes_since`) to drop caches and halt work: SQL Server's ROWVERSION, read
only below ``MIN_ACTIVE_ROWVERSION()`` so a poll never steps past a change still being
committed; on SQLite the next number under the write lock, which commits in order.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from types import EllipsisType
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

from utils.storage.audit import write_audit
from utils.storage.engine import reads, writes
from utils.storage.kinds import SqlKind, sql_kind
from utils.storage.locks import RaceLost, lock_members
from utils.storage.records import AuditEntry, MemoryPreferenceRecord
from utils.storage.schema import memory_preference, record_columns, user_state

READ_CHUNK_IDS = 1000
"""SQL Server takes at most 2100 bound parameters per statement."""
POLL_ROWS = 500
CONTROL_COLUMNS = record_columns(memory_preference, MemoryPreferenceRecord)


class min_active_rowversion(FunctionElement):  # noqa: N801 - reads like the SQL function it renders
    """SQL Server's lowest ROWVERSION of a transaction still open: changes below it are all committed."""

    type = sa.LargeBinary()
    inherit_cache = True


@compiles(min_active_rowversion, "mssql")
def _min_active_rowversion(element: min_active_rowversion, compiler: Any, **kw: Any) -> str:
    return "MIN_ACTIVE_ROWVERSION()"


class oldest_active_transaction(FunctionElement):  # noqa: N801 - reads like the SQL function it renders
    """Babelfish's stand-in for MIN_ACTIVE_ROWVERSION(): there a ROWVERSION is the id of the PostgreSQL transaction
    that wrote the row, so the lowest id still running (the current snapshot's xmin) bounds what is all committed."""

    type = sa.BigInteger()
    inherit_cache = True


@compiles(oldest_active_transaction, "mssql")
def _oldest_active_transaction(element: oldest_active_transaction, compiler: Any, **kw: Any) -> str:
    # xid8 has no T-SQL type: through its text to BIGINT.
    return "CAST(CAST(pg_snapshot_xmin(pg_current_snapshot()) AS VARCHAR(30)) AS BIGINT)"


@dataclass(frozen=True)
class Claim:
    """What a write was planned under: the member's write version (None: not planned against their
    memories, such as observation lines) and erase epoch."""

    version: int | None
    epoch: int


class ClaimRefused(RuntimeError):
    """Another write or an erasure came first; ``current`` is the control row as it now stands."""

    def __init__(self, user_id: int, claim: Claim, current: MemoryPreferenceRecord, now: datetime) -> None:
        self.user_id = user_id
        self.claim = claim
        self.current = current
        self.reason = refusal_reason(claim, current, now)
        super().__init__(f"write for {user_id} refused: {self.reason}")

    @property
    def replannable(self) -> bool:
        """Only another write landed: plan again against what is stored now."""
        return self.reason == "version"


def refusal_reason(claim: Claim, current: MemoryPreferenceRecord, now: datetime) -> str:
    """Why a claim fails against ``current``: erased, opted_out, paused, version — or "" when it holds."""
    if current.erase_epoch != claim.epoch:
        return "erased"
    if current.opted_out:
        return "opted_out"
    if current.paused(now):
        return "paused"
    if claim.version is not None and current.write_version != claim.version:
        return "version"
    return ""


def _sequenced(dialect: str, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` plus the next ChangeSeq where the code sets it (SQL Server stamps ROWVERSION itself)."""
    if dialect == "mssql":
        return values
    latest = sa.select(sa.func.coalesce(sa.func.max(memory_preference.c.change_seq), 0) + 1).scalar_subquery()
    return {**values, "change_seq": latest}


def claim_statement(dialect: str, *, checks_version: bool = True) -> sa.Update:
    """The conditional UPDATE of a claim, with the row as it leaves it (also built per dialect by the T-SQL proof).

    Built once per dialect and shape: a claim runs with every memory write, and building
    the statement cost more than running it. Parameters: ``claim_user``, ``claim_epoch``,
    ``claim_now`` and (``checks_version``) ``claim_version``.
    """
    return _claim_statement(dialect, checks_version)


@functools.cache
def _claim_statement(dialect: str, checks_version: bool) -> sa.Update:
    table = memory_preference.c
    conditions = [
        table.user_id == sa.bindparam("claim_user"),
        table.erase_epoch == sa.bindparam("claim_epoch"),
        table.opted_out == sa.false(),
        sa.or_(table.paused_until.is_(None), table.paused_until <= sa.bindparam("claim_now")),
    ]
    if checks_version:
        conditions.append(table.write_version == sa.bindparam("claim_version"))
    values = _sequenced(dialect, {"write_version": table.write_version + 1})
    return sa.update(memory_preference).where(*conditions).values(**values).returning(*CONTROL_COLUMNS)


def insert_statement(dialect: str, record: MemoryPreferenceRecord) -> sa.Insert:
    """A member's first control row (also built per dialect by the T-SQL proof)."""
    values = {
        "user_id": record.user_id,
        "opted_out": record.opted_out,
        "paused_until": record.paused_until,
        "write_version": record.write_version,
        "erase_epoch": record.erase_epoch,
    }
    return sa.insert(memory_preference).values(**_sequenced(dialect, values))


def _read(conn: sa.Connection, user_id: int) -> MemoryPreferenceRecord | None:
    row = conn.execute(sa.select(*CONTROL_COLUMNS).where(memory_preference.c.user_id == user_id)).first()
    return MemoryPreferenceRecord(**row._mapping) if row is not None else None


def claim_member(conn: sa.Connection, user_id: int, claim: Claim, now: datetime | None = None) -> MemoryPreferenceRecord:
    """Claim the member for one write in the caller's transaction; returns the row after the claim.

    Must be the transaction's first statement (on SQLite it takes the write lock, so what
    the write then reads is what is stored). Raises :class:`ClaimRefused` otherwise.
    """
    moment = now or datetime.now(UTC)
    dialect = conn.dialect.name
    lock_members(conn, [user_id])
    parameters = {"claim_user": user_id, "claim_epoch": claim.epoch, "claim_now": moment, "claim_version": claim.version}
    row = conn.execute(claim_statement(dialect, checks_version=claim.version is not None), parameters).first()
    if row is not None:
        return MemoryPreferenceRecord(**row._mapping)
    current = _read(conn, user_id)  # under the member's lock (SQLite: the write lock): no one changes it meanwhile
    if current is None:
        current = MemoryPreferenceRecord(user_id)
        if not refusal_reason(claim, current, moment):
            return _inserted(conn, insert_statement(dialect, MemoryPreferenceRecord(user_id, write_version=1)))
    raise ClaimRefused(user_id, claim, current, moment)


def _returned(conn: sa.Connection, statement: sa.Update | sa.Insert) -> MemoryPreferenceRecord | None:
    """Run an UPDATE or INSERT of one control row and return the row as written (RETURNING / OUTPUT), if any."""
    row = conn.execute(statement.returning(*CONTROL_COLUMNS)).first()
    return MemoryPreferenceRecord(**row._mapping) if row is not None else None


def _inserted(conn: sa.Connection, statement: sa.Insert) -> MemoryPreferenceRecord:
    """Insert a member's first control row; a duplicate key means another transaction made it first.

    The member's lock keeps that from happening where it is taken, but a bare write or a
    tool elsewhere does not take it: the transaction then runs again from its start and
    finds the row (a claim is then planned again against what the other one wrote).
    """
    try:
        inserted = _returned(conn, statement)
    except sa.exc.IntegrityError as exc:
        raise RaceLost(f"another transaction created the control row first ({exc.orig})") from exc
    assert inserted is not None
    return inserted


def change_member(
    conn: sa.Connection,
    user_id: int,
    *,
    erase: bool,
    wrote: bool = False,
    opted_out: bool | None = None,
    paused_until: datetime | EllipsisType | None = ...,
    now: datetime | None = None,
) -> MemoryPreferenceRecord:
    """Change the member's say (opt-out, pause), with ``erase`` move their epoch, with ``wrote`` their write
    version (a write that did not claim); returns the new row.

    An erasure calls this first in its own transaction, so the epoch moves together with
    the deletes: a write claimed under the old epoch either committed before (and is
    deleted) or is refused after.
    """
    table = memory_preference.c
    moment = now or datetime.now(UTC)
    dialect = conn.dialect.name
    lock_members(conn, [user_id])
    values: dict[str, Any] = {"updated_at": moment}
    if erase:
        values["erase_epoch"] = table.erase_epoch + 1
    if erase or wrote:
        values["write_version"] = table.write_version + 1
    if opted_out is not None:
        values["opted_out"] = opted_out
    if not isinstance(paused_until, EllipsisType):
        values["paused_until"] = paused_until
    update = sa.update(memory_preference).where(table.user_id == user_id).values(**_sequenced(dialect, values))
    changed = _returned(conn, update)
    if changed is None:
        first = MemoryPreferenceRecord(
            user_id,
            opted_out=bool(opted_out),
            paused_until=None if isinstance(paused_until, EllipsisType) else paused_until,
            write_version=int(erase or wrote),
            erase_epoch=int(erase),
        )
        changed = _inserted(conn, insert_statement(dialect, first))
    assert changed is not None
    return changed


def read_control_and_notes(conn: sa.Connection, user_id: int) -> tuple[MemoryPreferenceRecord, str | None] | None:
    """The member's control row and stored `UserNotes` in one read (None: no control row)."""
    row = conn.execute(_with_user_notes().where(memory_preference.c.user_id == user_id)).first()
    return None if row is None else _control_and_user_notes(row)


def _with_user_notes() -> sa.Select[Any]:
    """Control rows joined with the member's stored `UserNotes` (for the profile)."""
    query = sa.select(*CONTROL_COLUMNS, user_state.c.user_notes.label("user_notes")).select_from(
        memory_preference.outerjoin(user_state, user_state.c.user_id == memory_preference.c.user_id)
    )
    return query  # type: ignore[return-value]  # many columns; callers read rows by key


def _control_and_user_notes(row: sa.Row[Any]) -> tuple[MemoryPreferenceRecord, str | None]:
    values = dict(row._mapping)
    user_notes = values.pop("user_notes")
    return MemoryPreferenceRecord(**values), user_notes


@reads
def load_controls(conn: sa.Connection) -> list[MemoryPreferenceRecord]:
    """Every member's control row."""
    return [MemoryPreferenceRecord(**r._mapping) for r in conn.execute(sa.select(*CONTROL_COLUMNS))]


@reads
def settled_change_seq(conn: sa.Connection) -> int:
    """Where a poll may start so that it misses no change: every change at or below it is committed.

    Read before the rows are loaded. On SQL Server a transaction still open can hold a
    ROWVERSION below the highest one already visible, so the start is just below
    ``MIN_ACTIVE_ROWVERSION()``; SQLite commits in the order it numbers.
    """
    return int(conn.execute(settled_statement(sql_kind(conn))).scalar_one())


def settled_statement(kind: SqlKind) -> sa.Select[Any]:
    if kind == "mssql":
        return sa.select(sa.cast(min_active_rowversion(), sa.BigInteger) - 1)
    if kind == "babelfish":
        return sa.select(oldest_active_transaction() - 1)
    return sa.select(sa.func.coalesce(sa.func.max(memory_preference.c.change_seq), 0))


def changes_statement(kind: SqlKind, after: int, limit: int = POLL_ROWS, after_user: int | None = None) -> sa.Select[Any]:
    """The rows changed after ``after``, oldest change first, with the stored `UserNotes` (for the profile).

    With ``after_user``, also the rest of change ``after`` past that member: on Babelfish every row
    one transaction changed carries the same number, so a page can end inside one change.
    """
    table = memory_preference.c
    later = table.change_seq > sa.bindparam("after", after, type_=sa.BigInteger)
    if after_user is not None:
        same = sa.and_(
            table.change_seq == sa.bindparam("at", after, type_=sa.BigInteger),
            table.user_id > sa.bindparam("after_user", after_user, type_=sa.BigInteger),
        )
        later = sa.or_(later, same)
    settled = [later]
    if kind == "mssql":
        settled.append(table.change_seq < min_active_rowversion())
    elif kind == "babelfish":
        settled.append(table.change_seq < oldest_active_transaction())
    return _with_user_notes().where(*settled).order_by(table.change_seq, table.user_id).limit(limit)


@reads
def changes_since(
    conn: sa.Connection, after: int, limit: int = POLL_ROWS, after_user: int | None = None
) -> list[tuple[MemoryPreferenceRecord, str | None]]:
    """What changed after ``after`` (a ChangeSeq; with ``after_user``, the rest of that change past that member), each
    row with the member's stored `UserNotes`."""
    return [_control_and_user_notes(r) for r in conn.execute(changes_statement(sql_kind(conn), after, limit, after_user))]


def locked_epochs(conn: sa.Connection, user_ids: Iterable[int]) -> dict[int, int]:
    """The erase epoch of each member in ``user_ids`` (0 without a row), read so that no erasure of those
    members can commit until this transaction ends.

    For writes that do not claim (LlmLog rows, observation lines): call first in the transaction.
    SQLite takes its one write lock at the first write statement, so an empty UPDATE comes
    first; on a T-SQL engine the members' locks are taken (an erasure takes them too).
    """
    ids = list(dict.fromkeys(user_ids))
    if conn.dialect.name == "mssql":
        lock_members(conn, ids)
    else:
        conn.execute(sa.update(memory_preference).where(sa.false()).values(write_version=memory_preference.c.write_version))
    epochs = dict.fromkeys(ids, 0)
    for start in range(0, len(ids), READ_CHUNK_IDS):
        chunk = ids[start : start + READ_CHUNK_IDS]
        query = sa.select(memory_preference.c.user_id, memory_preference.c.erase_epoch).where(
            memory_preference.c.user_id.in_(chunk)
        )
        epochs.update((r.user_id, r.erase_epoch) for r in conn.execute(query))
    return epochs


@writes
def set_memory_preference(
    conn: sa.Connection,
    user_id: int,
    *,
    opted_out: bool | None = None,
    paused_until: datetime | EllipsisType | None = ...,
    erase: bool = False,
    audit: AuditEntry | None = None,
) -> MemoryPreferenceRecord:
    """Store the member's say (and with ``erase`` move their epoch: a pause halts what was learning); returns the row."""
    changed = change_member(conn, user_id, erase=erase, opted_out=opted_out, paused_until=paused_until)
    if audit is not None:
        write_audit(conn, [audit])
    return changed
