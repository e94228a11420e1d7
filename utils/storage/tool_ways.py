"""SQL of `LlmToolWay`: the way each model on each endpoint answers tool requests (see `utils.llm.mode_book`)."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from utils.storage.engine import reads, writes
from utils.storage.records import ToolWayRecord
from utils.storage.schema import llm_tool_way, record_columns, record_values


@reads
def load_tool_ways(conn: sa.Connection) -> list[ToolWayRecord]:
    query = sa.select(*record_columns(llm_tool_way, ToolWayRecord)).order_by(llm_tool_way.c.endpoint, llm_tool_way.c.model)
    return [ToolWayRecord(**r._mapping) for r in conn.execute(query)]


@writes
def save_tool_way(conn: sa.Connection, record: ToolWayRecord) -> None:
    """Insert or replace the row of (endpoint, model): an UPDATE, then an INSERT when there was none."""
    values = {"way": record.way, "refused": record.refused, "updated_at": datetime.now(UTC)}
    which = sa.and_(llm_tool_way.c.endpoint == record.endpoint, llm_tool_way.c.model == record.model)
    if conn.execute(sa.update(llm_tool_way).where(which).values(**values)).rowcount == 0:
        conn.execute(sa.insert(llm_tool_way).values(**record_values(record, llm_tool_way), updated_at=values["updated_at"]))
