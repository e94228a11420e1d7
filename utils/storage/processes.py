"""SQL of `BotProcess`: which bot processes run on this database, and the newest member change each has acted on.

Plain functions of a connection, run with ``await db.run(fn, *args)``; the roster that keeps a
process's row and reads the others' for an erasure's receipt is `utils.members.processes`.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from utils.storage.engine import reads, writes
from utils.storage.schema import bot_process


@writes
def report_seen(conn: sa.Connection, process_id: str, seen_change_seq: int, now: datetime | None = None) -> None:
    """This process is alive and has acted on every member change up to ``seen_change_seq``."""
    moment = now or datetime.now(UTC)
    values = {"seen_change_seq": seen_change_seq, "seen_at": moment}
    updated = conn.execute(sa.update(bot_process).where(bot_process.c.process_id == process_id).values(**values))
    if not updated.rowcount:
        conn.execute(sa.insert(bot_process).values(process_id=process_id, **values))


@reads
def others_behind(conn: sa.Connection, process_id: str, change_seq: int, alive_since: datetime) -> tuple[int, int]:
    """(other processes alive since ``alive_since``, how many of them have not yet acted on ``change_seq``)."""
    others = sa.and_(bot_process.c.process_id != process_id, bot_process.c.seen_at >= alive_since)
    behind = sa.case((bot_process.c.seen_change_seq < change_seq, 1), else_=0)
    row = conn.execute(sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(behind), 0)).where(others)).one()
    return int(row[0]), int(row[1])


@writes
def leave(conn: sa.Connection, process_id: str) -> None:
    """This process stops: it holds no copy of anyone any more."""
    conn.execute(sa.delete(bot_process).where(bot_process.c.process_id == process_id))
