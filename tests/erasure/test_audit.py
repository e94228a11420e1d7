"""The memory audit records each action without the forgotten content."""

from __future__ import annotations

import json

from memory_seed import ALICE, cmd, seed_memory
from shared_database import query

from utils.runtime import Services


async def test_audit_records_actions_without_forgotten_content(services: Services, database_url: str) -> None:
    memory_id = await seed_memory(services, ALICE, "Secretly loves Nickelback.", "music")
    await cmd(services, f"forget {memory_id}")
    await cmd(services, "export")
    rows = query(database_url, "SELECT * FROM MemoryAudit WHERE UserId = ? ORDER BY Id", ALICE)
    actions = [r[1] for r in rows]
    assert actions == ["saved", "forgotten", "exported"]
    assert "Nickelback" not in json.dumps(rows, default=str)  # CreatedAt: text on SQLite, a datetime on a server
    assert rows[1][3] == memory_id and rows[1][5] == "member"
