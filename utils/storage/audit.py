"""SQL of `MemoryAudit`: what happened to a member's memory, by whom — never the content."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa

from utils.storage.engine import writes
from utils.storage.records import AuditEntry
from utils.storage.schema import memory_audit


@writes
def write_audit(conn: sa.Connection, entries: Sequence[AuditEntry], now: datetime | None = None) -> None:
    if not entries:
        return
    moment = now or datetime.now(UTC)
    conn.execute(
        sa.insert(memory_audit),
        [
            {
                "action": e.action[:30],
                "user_id": e.user_id,
                "memory_id": e.memory_id,
                "source": e.source,
                "actor": e.actor[:40],
                "created_at": moment,
            }
            for e in entries
        ],
    )
