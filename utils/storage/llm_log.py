"""SQL of `LlmLog`: one row per LLM call, with excerpts that forgetting blanks.

Plain functions of a connection, run with ``await db.run(fn, *args)``; the buffer
that batches rows in front of them is `utils.llm.log.LlmLogBuffer`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime

import sqlalchemy as sa

from utils.storage.control import locked_epochs
from utils.storage.engine import reads, writes
from utils.storage.records import LlmCallRecord
from utils.storage.schema import llm_log, llm_log_member, record_columns, record_values


@writes
def insert_llm_logs(
    conn: sa.Connection, records: Sequence[LlmCallRecord], epochs: Sequence[Mapping[int, int]] | None = None
) -> int:
    """Insert the rows (the columns cut what is too long) with the other members they quote; returns how many were
    blanked.

    ``epochs``: per record, the erase epoch of each member it holds words of, when it was made.
    Read again first in this transaction under those members' locks, a member erased since (in
    any process) gets the row without excerpts: what the erasure took back is not written back
    by a buffer that missed it.
    """
    if not records:
        return 0
    now = datetime.now(UTC)
    blanked = 0
    if epochs is not None:
        stored = locked_epochs(conn, [m for r in records for m in r.members])
        fresh = []
        for record, made_under in zip(records, epochs, strict=True):
            stale = any(stored.get(m, 0) != made_under.get(m, 0) for m in record.members)
            stale = stale and any(text is not None for text in (record.request_excerpt, record.response_excerpt, record.error))
            blanked += stale
            fresh.append(replace(record, request_excerpt=None, response_excerpt=None, error=None) if stale else record)
        records = fresh
    rows = [{**record_values(r, llm_log), "created_at": r.created_at or now} for r in records]
    plain = [row for row, r in zip(rows, records, strict=True) if not r.member_ids]
    if plain:
        conn.execute(sa.insert(llm_log), plain)
    for row, record in zip(rows, records, strict=True):
        if record.member_ids:  # few (monitor batches, chat calls with context): one insert each, for the id
            log_id = conn.execute(sa.insert(llm_log).values(row)).inserted_primary_key[0]  # type: ignore[index]
            quoted = [m for m in dict.fromkeys(record.member_ids) if m != record.user_id]
            conn.execute(sa.insert(llm_log_member), [{"log_id": log_id, "user_id": m} for m in quoted])
    return blanked


def about(user_id: int) -> sa.ColumnElement[bool]:
    """The LlmLog rows holding words of ``user_id``: about them, or quoting them (`LlmLogMember`)."""
    quoting = sa.select(llm_log_member.c.log_id).where(llm_log_member.c.user_id == user_id)
    return sa.or_(llm_log.c.user_id == user_id, llm_log.c.id.in_(quoting))


@reads
def get_member_llm_logs(conn: sa.Connection, user_id: int) -> list[LlmCallRecord]:
    """Every LlmLog row holding words of a member, oldest first (for their export).

    A row that only quotes them (a monitor batch, another member's chat with them in its
    context) comes without its excerpts: those hold other members' words too.
    """
    columns = record_columns(llm_log, LlmCallRecord)
    query = sa.select(*columns).where(about(user_id)).order_by(llm_log.c.id)
    rows = [LlmCallRecord(**r._mapping) for r in conn.execute(query)]
    return [r if r.user_id == user_id else replace(r, request_excerpt=None, response_excerpt=None, error=None) for r in rows]


HOLDS_TEXT = sa.or_(llm_log.c.request_excerpt.is_not(None), llm_log.c.response_excerpt.is_not(None), llm_log.c.error.is_not(None))
"""A row still holding words: an excerpt, or an error (some servers repeat the request in their errors)."""
BLANK = {"request_excerpt": None, "response_excerpt": None, "error": None}


@writes
def blank_member_excerpts(conn: sa.Connection, user_id: int, since: datetime | None = None) -> int:
    """Blank every row holding words of a member (all, or those written since ``since``); returns how many rows
    held any."""
    which = sa.and_(about(user_id), HOLDS_TEXT)
    if since is not None:
        which = sa.and_(which, llm_log.c.created_at >= since)
    return conn.execute(sa.update(llm_log).where(which).values(**BLANK)).rowcount or 0


WORDS = ("request_excerpt", "response_excerpt", "error")


@writes
def scrub_member_excerpts(conn: sa.Connection, user_id: int, since: datetime, scrub: Callable[[str | None], str | None]) -> int:
    """Screen again the words of the rows holding a member's words written since ``since``, with ``scrub``; returns how
    many changed.

    A later message can show that an earlier one was a secret ("that was my bank pin btw"): the rows already
    written with it are screened with what it showed, in one transaction.
    """
    which = sa.and_(about(user_id), HOLDS_TEXT, llm_log.c.created_at >= since)
    changed = 0
    for row in conn.execute(sa.select(llm_log.c.id, *(llm_log.c[name] for name in WORDS)).where(which)).all():
        was = {name: row._mapping[llm_log.c[name]] for name in WORDS}
        differs = {name: scrubbed for name in WORDS if (scrubbed := scrub(was[name])) != was[name]}
        if differs:
            conn.execute(sa.update(llm_log).where(llm_log.c.id == row._mapping[llm_log.c.id]).values(**differs))
            changed += 1
    return changed


@writes
def expire_excerpts(conn: sa.Connection, before: datetime) -> int:
    """Blank the words of every row written before ``before`` (the retention); the call's metadata stays."""
    which = sa.and_(llm_log.c.created_at < before, HOLDS_TEXT)
    return conn.execute(sa.update(llm_log).where(which).values(**BLANK)).rowcount or 0
