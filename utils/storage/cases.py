"""SQL of `ModerationCase`: the monitor's warnings and timeouts as numbered cases, and what became of each.

Plain functions of a connection, run with ``await db.run(fn, *args)``; the logic that decides when a
case opens, is undone or is confirmed is `utils.monitor.cases`. A case is numbered within its server
(``MAX + 1`` under a unique index: two processes numbering the same server at once lose a race, and
the loser's transaction runs again). Every write of a member's case takes the member's lock first.
A proposal is decided by one conditional UPDATE (still proposed, not lapsed): of two clicks, in one
process or two, exactly one changes the row, and only that one acts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from utils.storage.engine import reads, writes
from utils.storage.locks import RaceLost, lock_members
from utils.storage.records import ModerationCaseRecord, NewCase
from utils.storage.schema import moderation_case, record_columns, record_values

CASE_COLUMNS = record_columns(moderation_case, ModerationCaseRecord)
PROPOSED = "proposed"
DISMISSED = "dismissed"
EXPIRED = "expired"
LISTED_CASES = 25


def _now(now: datetime | None) -> datetime:
    return now or datetime.now(UTC)


def _record(row: Any) -> ModerationCaseRecord | None:
    return ModerationCaseRecord(**row._mapping) if row is not None else None


def _by_number(conn: sa.Connection, guild_id: int, number: int) -> ModerationCaseRecord | None:
    table = moderation_case.c
    return _record(conn.execute(sa.select(*CASE_COLUMNS).where(table.guild_id == guild_id, table.number == number)).first())


@writes
def open_case(conn: sa.Connection, case: NewCase) -> ModerationCaseRecord:
    """Store a new case under the next number of its server; returns it as stored."""
    lock_members(conn, [case.user_id])
    table = moderation_case.c
    number = conn.execute(sa.select(sa.func.coalesce(sa.func.max(table.number), 0) + 1).where(table.guild_id == case.guild_id))
    values = {**record_values(case, moderation_case), "number": int(number.scalar_one())}
    try:
        row = conn.execute(sa.insert(moderation_case).values(**values).returning(*CASE_COLUMNS)).first()
    except sa.exc.IntegrityError as exc:
        raise RaceLost(f"another transaction took case number {values['number']} first ({exc.orig})") from exc
    opened = _record(row)
    assert opened is not None
    return opened


@reads
def get_case(conn: sa.Connection, guild_id: int, number: int) -> ModerationCaseRecord | None:
    return _by_number(conn, guild_id, number)


@reads
def case_by_id(conn: sa.Connection, case_id: int) -> ModerationCaseRecord | None:
    return _record(conn.execute(sa.select(*CASE_COLUMNS).where(moderation_case.c.id == case_id)).first())


@reads
def member_cases(conn: sa.Connection, guild_id: int, user_id: int, limit: int = LISTED_CASES) -> list[ModerationCaseRecord]:
    """The member's cases in this server, newest first."""
    table = moderation_case.c
    rows = conn.execute(
        sa.select(*CASE_COLUMNS)
        .where(table.guild_id == guild_id, table.user_id == user_id)
        .order_by(table.number.desc())
        .limit(limit)
    )
    return [ModerationCaseRecord(**row._mapping) for row in rows]


@writes
def undo_case(
    conn: sa.Connection, guild_id: int, number: int, actor: str, now: datetime | None = None
) -> tuple[ModerationCaseRecord | None, bool]:
    """Mark a case undone: (the case after, whether this call undid it). A dismissed or undone case stays as it is."""
    case = _by_number(conn, guild_id, number)
    if case is None:
        return None, False
    lock_members(conn, [case.user_id])
    table = moderation_case.c
    changed = conn.execute(
        sa.update(moderation_case)
        .where(table.id == case.id, table.undone_at.is_(None), table.state != DISMISSED)
        .values(undone_at=_now(now), undone_by=actor)
    ).rowcount
    return _by_number(conn, guild_id, number), bool(changed)


@writes
def undo_member_cases(conn: sa.Connection, guild_id: int, user_id: int, actor: str, now: datetime | None = None) -> int:
    """Every counted case of the member in this server is undone (a reset); returns how many."""
    lock_members(conn, [user_id])
    table = moderation_case.c
    undone = sa.update(moderation_case).where(
        table.guild_id == guild_id, table.user_id == user_id, table.undone_at.is_(None), table.state != DISMISSED
    )
    return conn.execute(undone.values(undone_at=_now(now), undone_by=actor)).rowcount or 0


@writes
def set_reason(conn: sa.Connection, guild_id: int, number: int, reason: str) -> ModerationCaseRecord | None:
    """A moderator's own words for why; returns the case after (None: no such case)."""
    case = _by_number(conn, guild_id, number)
    if case is None:
        return None
    lock_members(conn, [case.user_id])
    conn.execute(sa.update(moderation_case).where(moderation_case.c.id == case.id).values(reason=reason))
    return _by_number(conn, guild_id, number)


@writes
def decide_proposal(
    conn: sa.Connection, case_id: int, state: str, actor: str, now: datetime | None = None
) -> tuple[ModerationCaseRecord | None, bool]:
    """Confirm or dismiss a proposal, once: (the case after, whether this call decided it).

    One conditional UPDATE: only a case still proposed and not lapsed changes, so two clicks (in any
    processes) cannot both act.
    """
    case = _record(conn.execute(sa.select(*CASE_COLUMNS).where(moderation_case.c.id == case_id)).first())
    if case is None:
        return None, False
    lock_members(conn, [case.user_id])
    table = moderation_case.c
    moment = _now(now)
    changed = conn.execute(
        sa.update(moderation_case)
        .where(table.id == case_id, table.state == PROPOSED, table.expires_at > moment)
        .values(state=state, decided_by=actor)
    ).rowcount
    return case_by_id(conn, case_id), bool(changed)


@writes
def expire_proposals(conn: sa.Connection, now: datetime | None = None) -> int:
    """Proposals nobody answered in time lapse: nothing is done about them; returns how many."""
    table = moderation_case.c
    lapsed = sa.update(moderation_case).where(table.state == PROPOSED, table.expires_at <= _now(now))
    return conn.execute(lapsed.values(state=EXPIRED)).rowcount or 0


# ---------------------------------------------------------------------- the member's data
def blank_case_excerpts(conn: sa.Connection, user_id: int, since: datetime | None, guild_ids: Iterable[int] | None) -> int:
    """The member's words go from their cases (all, those since ``since``, only in ``guild_ids``); the cases stay."""
    table = moderation_case.c
    which = [table.user_id == user_id, table.excerpt.is_not(None)]
    if since is not None:
        which.append(table.created_at >= since)
    if guild_ids is not None:
        which.append(table.guild_id.in_(list(guild_ids)))
    return conn.execute(sa.update(moderation_case).where(*which).values(excerpt=None)).rowcount or 0


@writes
def scrub_case_excerpts(conn: sa.Connection, user_id: int, since: datetime, scrub: Callable[[str | None], str | None]) -> int:
    """Screen again the excerpts of the member's cases opened since ``since``, in every server, with ``scrub``; returns
    how many changed. A later message can show that an earlier one held a secret ("that was my bank pin"): the value
    leaves the excerpt, the case and the words around the value (the moderators' evidence) stay."""
    lock_members(conn, [user_id])
    table = moderation_case.c
    which = [table.user_id == user_id, table.excerpt.is_not(None), table.created_at >= since]
    changed = 0
    for row in conn.execute(sa.select(table.id, table.excerpt).where(*which)).all():
        if (scrubbed := scrub(row.excerpt)) != row.excerpt:
            conn.execute(sa.update(moderation_case).where(table.id == row.id).values(excerpt=scrubbed))
            changed += 1
    return changed


def export_cases(conn: sa.Connection, user_id: int) -> list[dict[str, Any]]:
    """The member's cases in every server, oldest first, ids as strings (a JavaScript reader rounds big numbers)."""
    table = moderation_case.c
    rows = conn.execute(sa.select(*CASE_COLUMNS).where(table.user_id == user_id).order_by(table.id))
    exported = []
    for row in rows:
        case = ModerationCaseRecord(**row._mapping)
        exported.append(
            {
                "server": str(case.guild_id),
                "case": case.number,
                "action": case.action,
                "category": case.category,
                "reason": case.reason,
                "excerpt": case.excerpt,
                "state": case.state,
                "decided_by": case.decided_by,
                "at": case.created_at.isoformat() if case.created_at else None,
                "undone_at": case.undone_at.isoformat() if case.undone_at else None,
            }
        )
    return exported
