"""Application locks on T-SQL engines: the one way this code serialises work there without table hints.

SQL Server honours `UPDLOCK, HOLDLOCK` on a read; Babelfish (Aurora PostgreSQL's SQL Server
compatibility) parses those hints and ignores them, so a "locking read" there locks nothing. An
application lock (`sp_getapplock`, owned by the transaction and released with it) is granted the
same way by both, so whatever must not interleave — two schema upgrades, an erasure and a write
of the same member — takes one first, before any row lock, always in the same order.

The lock is asked for in one batch whose first statement is ``SET NOCOUNT ON`` (so the
procedure's own row counts never reach the driver as results) and whose last but one is ``SET
NOCOUNT OFF``: a SET in a batch stays in force for the session, and a pooled connection left
with NOCOUNT on reports no row counts to whoever uses it next (Alembic's version UPDATE then
"matched 0 rows"). A batch that fails midway takes its connection out of the pool.

On SQLite nothing is asked: the file has one writer at a time, which serialises everything.
"""

from __future__ import annotations

from collections.abc import Iterable

import sqlalchemy as sa

MEMBER_LOCK_TIMEOUT_MS = 10_000
"""How long a member's write waits for another transaction of that member (SQLite's busy timeout is the same)."""
_MEMBER_RESOURCE = "BreehaviorMonitor.member.{}"
NOCOUNT_OPTION = 512
"""The bit of ``@@OPTIONS`` that is set while NOCOUNT is on."""


class RaceLost(RuntimeError):
    """Another transaction created the row this one meant to create: run this one again from the start.

    Raised by a storage function at its first write, so nothing else of the transaction is lost;
    `Database.run` runs the function again in a new transaction, which then finds the row.
    """


class LockNotGranted(RuntimeError):
    """An application lock was not granted in time (or the request was chosen as a deadlock victim)."""


def take_application_lock(conn: sa.Connection, resource: str, timeout_ms: int) -> int:
    """Take one exclusive lock owned by ``conn``'s transaction; returns sp_getapplock's status (below 0: not granted)."""
    return _take(conn, [resource], timeout_ms)


def lock_members(conn: sa.Connection, user_ids: Iterable[int], timeout_ms: int = MEMBER_LOCK_TIMEOUT_MS) -> None:
    """Hold each member's lock until the transaction ends (T-SQL engines; nothing on SQLite).

    Call it first in the transaction, before any statement that locks rows: every writer of a
    member and every erasure take their members' locks in ascending id order, so two of them
    wait for each other instead of deadlocking.
    """
    if conn.dialect.name != "mssql":
        return
    held = _held_by_this_transaction(conn)
    ids = sorted({int(user_id) for user_id in user_ids} - held)
    for start in range(0, len(ids), _PER_BATCH):
        chunk = ids[start : start + _PER_BATCH]
        status = _take(conn, [_MEMBER_RESOURCE.format(user_id) for user_id in chunk], timeout_ms)
        if status < 0:
            raise LockNotGranted(f"another transaction held a member's lock for {timeout_ms / 1000:g} s (status {status})")
        held.update(chunk)


def _held_by_this_transaction(conn: sa.Connection) -> set[int]:
    """The members whose locks ``conn``'s current transaction already holds (asked for once per transaction)."""
    transaction = conn.get_transaction()
    entry = conn.info.get(_HELD_KEY)
    if entry is None or entry[0] is not transaction:
        entry = conn.info[_HELD_KEY] = (transaction, set())
    return entry[1]


_HELD_KEY = "breehavior_member_locks"


_PER_BATCH = 500
"""Resources asked for in one batch (each is one bound parameter; SQL Server takes at most 2100)."""


def _take(conn: sa.Connection, resources: list[str], timeout_ms: int) -> int:
    """Ask for every resource in one round trip; returns the lowest status (0 or 1 when all were granted)."""
    asks = "".join(
        "IF @lowest >= 0 BEGIN EXEC @status = sp_getapplock @Resource = ?, @LockMode = N'Exclusive', "
        f"@LockOwner = N'Transaction', @LockTimeout = {int(timeout_ms)}; IF @status < @lowest SET @lowest = @status END; "
        for _ in resources
    )
    batch = f"SET NOCOUNT ON; DECLARE @status int = 0, @lowest int = 1; {asks}SET NOCOUNT OFF; SELECT @lowest AS status;"
    try:
        return int(conn.exec_driver_sql(batch, tuple(resources)).scalar_one())
    except BaseException:
        conn.invalidate()  # NOCOUNT may still be on for this session: never hand it back to the pool
        raise
