"""SQL of `LlmLog`: one row per LLM call, with excerpts that forgetting blanks.

Plain functions of a connection, run with ``await db.run(fn, *args)``; the buffer
that batches rows in front of them is `utils.llm.log.LlmLogBuffer`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

import sqlalchemy as sa

from utils.storage.control import locked_epochs
from utils.storage.engine import reads, writes
from utils.storage.records import LlmCallRecord
from utils.storage.schema import llm_log, record_columns, record_values


@writes
def insert_llm_logs(conn: sa.Connection, records: Sequence[LlmCallRecord], epochs: Sequence[int] | None = None) -> int:
    """Insert many rows in one executemany (the columns cut what is too long); returns how many were blanked.

    ``epochs``: each record's member's erase epoch when it was made. Read first in this
    transaction, a member erased since (in any process) gets the row without excerpts:
    what the erasure took back is not written back by a buffer that missed it.
    """
    if not records:
        return 0
    now = datetime.now(UTC)
    blanked = 0
    if epochs is not None:
        stored = locked_epochs(conn, [r.user_id for r in records if r.user_id is not None])
        fresh = []
        for record, epoch in zip(records, epochs, strict=True):
            stale = record.user_id is not None and stored.get(record.user_id, 0) != epoch
            stale = stale and (record.request_excerpt is not None or record.response_excerpt is not None)
            blanked += stale
            fresh.append(replace(record, request_excerpt=None, response_excerpt=None) if stale else record)
        records = fresh
    rows = [{**record_values(r, llm_log), "created_at": r.created_at or now} for r in records]
    conn.execute(sa.insert(llm_log), rows)
    return blanked


@reads
def get_member_llm_logs(conn: sa.Connection, user_id: int) -> list[LlmCallRecord]:
    """Every LlmLog row about a member, oldest first (for their export)."""
    query = sa.select(*record_columns(llm_log, LlmCallRecord)).where(llm_log.c.user_id == user_id).order_by(llm_log.c.id)
    return [LlmCallRecord(**r._mapping) for r in conn.execute(query)]


@writes
def blank_member_excerpts(conn: sa.Connection, user_id: int, since: datetime | None = None) -> int:
    """Blank the excerpts of a member's rows (all, or those written since ``since``); returns how many rows."""
    which = llm_log.c.user_id == user_id
    if since is not None:
        which = sa.and_(which, llm_log.c.created_at >= since)
    result = conn.execute(sa.update(llm_log).where(which).values(request_excerpt=None, response_excerpt=None))
    return result.rowcount or 0


def spellings(text: str) -> set[str]:
    """How a text can appear in an excerpt: as written, or inside the JSON of a tool answer (escaped either way)."""
    return {text, json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1]}


def mentions(excerpt: str | None, texts: Sequence[str]) -> bool:
    """Whether an excerpt holds one of ``texts`` (case-insensitive, in any of its :func:`spellings`)."""
    if not excerpt:
        return False
    folded = excerpt.casefold()
    return any(s.casefold() in folded for t in texts if t.strip() for s in spellings(t))


@writes
def blank_excerpts_mentioning(conn: sa.Connection, user_id: int, texts: Sequence[str]) -> int:
    """Blank the excerpts of a member's rows that hold one of ``texts`` (forgotten memories); returns how many."""
    texts = [t for t in texts if t]
    if not texts:
        return 0
    query = sa.select(llm_log.c.id, llm_log.c.request_excerpt, llm_log.c.response_excerpt).where(
        llm_log.c.user_id == user_id,
        sa.or_(llm_log.c.request_excerpt.is_not(None), llm_log.c.response_excerpt.is_not(None)),
    )
    ids = [r.id for r in conn.execute(query) if mentions(r.request_excerpt, texts) or mentions(r.response_excerpt, texts)]
    for start in range(0, len(ids), 1000):
        chunk = ids[start : start + 1000]
        conn.execute(sa.update(llm_log).where(llm_log.c.id.in_(chunk)).values(request_excerpt=None, response_excerpt=None))
    return len(ids)
