"""Every table that holds a member's words, as one contract: forget, export and retention, holder by holder.

A *holder* is a place the bot keeps something a member said or that was learned about them.
Each stored holder here says which table columns it covers, how it forgets each kind of
request (everything, some memories, some profile facts, what was learned since a time), what
it hands over in an export, and how long it keeps what it keeps. An erasure
(:func:`erase_member_data`) runs them all in one transaction, after moving the member's epoch,
and reports what each removed; `tests/erasure/test_holder_coverage.py` fails when a table or
column that can hold member text is covered by no holder here nor listed in
:data:`NO_MEMBER_TEXT`. The copies a running process holds in RAM are the member package's
(`utils.members.holders`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from utils.storage.audit import write_audit
from utils.storage.cases import blank_case_excerpts, export_cases
from utils.storage.control import change_member
from utils.storage.engine import reads, writes
from utils.storage.llm_log import blank_member_excerpts, expire_excerpts, get_member_llm_logs
from utils.storage.members import get_user_notes
from utils.storage.memories import forget_rows, get_all_memories, scope_filter, utc_now
from utils.storage.profiles import get_profile_history, write_profile
from utils.storage.records import AuditEntry, MemoryPreferenceRecord, MemoryScope
from utils.storage.schema import notes_backup, profile_history, user_memory, user_state
from utils.storage.user_notes import (
    fact_key,
    holds_fact,
    observation_lines,
    profile_facts,
    profile_part,
    with_observations,
    without_facts,
)


@dataclass(frozen=True)
class ForgetRequest:
    """What one erasure takes, as the stored holders read it."""

    everything: bool = False
    """Forget all (or opt-out): every holder empties what it keeps of the member (within ``scope``)."""
    memory_ids: tuple[int, ...] = ()
    profile_facts: tuple[str, ...] = ()
    since: datetime | None = None
    """What was learned from this time on (`/memory forget recent`): never what an erasure took before."""
    scope: MemoryScope = MemoryScope.GLOBAL
    opt_out: bool = False


@dataclass
class Forgetting:
    """One erasure in progress: what holders found, for the holders after them and for the receipt."""

    user_id: int
    request: ForgetRequest
    now: datetime
    actor: str
    memory_texts: list[str] = field(default_factory=list)
    audit: list[AuditEntry] = field(default_factory=list)
    profile_restored: bool = False


@dataclass(frozen=True)
class StoredHolder:
    """One table's (or column's) share of a member's data: how it forgets, exports and expires what it keeps."""

    name: str
    """What the receipt calls what it removes ("memories", "log excerpts")."""
    covers: Mapping[str, tuple[str, ...]]
    """The table columns holding member text that this holder answers for."""
    forget: Callable[[sa.Connection, Forgetting], int]
    export: Callable[[sa.Connection, int], Any]
    retention: str
    """How long it keeps what it keeps, in words (for the operator's notice)."""
    expire: Callable[[sa.Connection, datetime], int] | None = None
    """Drop what is older than the cut-off (None: it expires otherwise, or is kept until erased)."""


# ---------------------------------------------------------------------- memories
def _forget_memories(conn: sa.Connection, run: Forgetting) -> int:
    request = run.request
    if request.profile_facts and not (request.everything or request.memory_ids or request.since):
        return 0
    which = scope_filter(request.scope)
    old_versions = True
    if request.since is not None:
        old_versions = False  # taking back the new value brings back the one it superseded
        which = sa.and_(which, user_memory.c.created_at >= request.since)
        taken_back = sa.and_(user_memory.c.user_id == run.user_id, user_memory.c.superseded_at >= request.since)
        conn.execute(sa.update(user_memory).where(taken_back, scope_filter(request.scope)).values(superseded_at=None))
    elif request.memory_ids:
        which = sa.and_(which, user_memory.c.id.in_(list(request.memory_ids)))
    elif not request.everything:
        return 0
    gone = forget_rows(conn, run.user_id, run.actor, which, with_old_versions=old_versions, texts=run.memory_texts)
    run.audit += gone
    return len(gone)


def _export_memories(conn: sa.Connection, user_id: int) -> list[dict[str, Any]]:
    now = utc_now()
    return [m.exported(now) for m in get_all_memories(conn, user_id)]


# ---------------------------------------------------------------------- the profile and its history


def _forget_profile(conn: sa.Connection, run: Forgetting) -> int:
    """Facts of the profile that go: all of them, the ones named, or those learned since the time asked."""
    request = run.request
    profile = profile_part(get_user_notes(conn, run.user_id))
    if request.everything and not request.scope.restricted:
        after = ""
    elif request.profile_facts:
        after = without_facts(profile, request.profile_facts)
    elif request.since is not None:
        after = _profile_at(conn, run.user_id, request.since, profile)
        run.profile_restored = after != profile
    else:
        return 0
    if after == profile:
        return 0
    write_profile(conn, run.user_id, after, run.now)  # no history row: an erasure is not learning to take back
    kept = {fact_key(f) for f in profile_facts(after)}
    return sum(1 for fact in profile_facts(profile) if fact_key(fact) not in kept)


def _profile_at(conn: sa.Connection, user_id: int, since: datetime, profile: str) -> str:
    """The profile as it was at ``since`` (the history rows of the window are consumed); ``profile`` if unchanged.

    An erasure removes the earlier profiles holding what it took back, so nothing forgotten
    can come back from here.
    """
    window = sa.and_(profile_history.c.user_id == user_id, profile_history.c.changed_at >= since)
    first = conn.execute(sa.select(profile_history.c.previous_profile).where(window).order_by(profile_history.c.id).limit(1))
    row = first.first()
    if row is None:
        return profile
    conn.execute(sa.delete(profile_history).where(window))
    return row.previous_profile or ""


def _forget_history(conn: sa.Connection, run: Forgetting) -> int:
    """Earlier profiles: all of them when everything or a profile fact goes (an earlier profile may say the same fact
    in other words), else those holding a forgotten memory's text."""
    request = run.request
    mine = profile_history.c.user_id == run.user_id
    if (request.everything and not request.scope.restricted) or request.profile_facts:
        return conn.execute(sa.delete(profile_history).where(mine)).rowcount or 0
    forgotten = list(run.memory_texts)
    if not forgotten:
        return 0
    rows = conn.execute(sa.select(profile_history.c.id, profile_history.c.previous_profile).where(mine)).all()
    doomed = [r.id for r in rows if holds_fact(r.previous_profile, forgotten)]
    for start in range(0, len(doomed), 1000):
        conn.execute(sa.delete(profile_history).where(profile_history.c.id.in_(doomed[start : start + 1000])))
    return len(doomed)


def _export_profile(conn: sa.Connection, user_id: int) -> dict[str, Any]:
    profile = profile_part(get_user_notes(conn, user_id))
    return {"profile": profile, "profile_facts": profile_facts(profile)}


def _export_history(conn: sa.Connection, user_id: int) -> list[dict[str, Any]]:
    return [{"profile": text, "replaced_at": at.isoformat()} for text, at in get_profile_history(conn, user_id)]


def _expire_history(conn: sa.Connection, before: datetime) -> int:
    return conn.execute(sa.delete(profile_history).where(profile_history.c.changed_at < before)).rowcount or 0


# ---------------------------------------------------------------------- the monitor's observation lines
def _forget_observations(conn: sa.Connection, run: Forgetting) -> int:
    """The monitor's lines: all, those noted since the time asked, or those holding a forgotten memory's text."""
    request = run.request
    user_notes = get_user_notes(conn, run.user_id)
    lines = observation_lines(user_notes)
    if request.everything and not request.scope.restricted:
        kept: list[str] = []
    elif request.since is not None:
        stamp = f"[{request.since.astimezone(UTC):%Y-%m-%d %H:%M}]"
        kept = [line for line in lines if line[: len(stamp)] < stamp]
    elif run.memory_texts or request.profile_facts:
        kept = [line for line in lines if not holds_fact(line, [*run.memory_texts, *request.profile_facts])]
    else:
        return 0
    if len(kept) == len(lines):
        return 0
    after = with_observations(user_notes, kept) or None
    conn.execute(sa.update(user_state).where(user_state.c.user_id == run.user_id).values(user_notes=after, updated_at=run.now))
    return len(lines) - len(kept)


def _export_observations(conn: sa.Connection, user_id: int) -> list[str]:
    return observation_lines(get_user_notes(conn, user_id))


# ---------------------------------------------------------------------- the notes a migration replaced
def _forget_backup(conn: sa.Connection, run: Forgetting) -> int:
    if not (run.request.everything and not run.request.scope.restricted):
        return 0
    return conn.execute(sa.delete(notes_backup).where(notes_backup.c.user_id == run.user_id)).rowcount or 0


def _export_backup(conn: sa.Connection, user_id: int) -> str | None:
    return conn.execute(sa.select(notes_backup.c.notes).where(notes_backup.c.user_id == user_id)).scalar()


# ---------------------------------------------------------------------- the LLM log
def _forget_log(conn: sa.Connection, run: Forgetting) -> int:
    """Every excerpt holding the member's words goes with any forget (the words a memory came from, and every later
    call that quoted them, are among them); a forget-recent takes those of its window."""
    return blank_member_excerpts(conn, run.user_id, run.request.since)


def _export_log(conn: sa.Connection, user_id: int) -> list[dict[str, Any]]:
    return [
        {
            "kind": r.kind,
            "user_id": r.user_id,
            "model": r.model,
            "success": r.success,
            "created_at": r.created_at and r.created_at.isoformat(),
            "about_you": r.user_id == user_id,
            "request_excerpt": r.request_excerpt,
            "response_excerpt": r.response_excerpt,
            "error": r.error,
            "way": r.way,
        }
        for r in get_member_llm_logs(conn, user_id)
    ]


# ---------------------------------------------------------------------- moderation cases
SYSTEM_ACTOR = "system"
"""The actor of the forgets the screen asks for itself: what was learned from a message a later one showed held a
secret."""


def _forget_case_excerpts(conn: sa.Connection, run: Forgetting) -> int:
    """The member's words in their cases go with any forget, as the log's excerpts do (the words a forgotten memory
    came from may be among them; a forget-recent takes those of its window); the case itself (number, category,
    decision, the moderators' reason) is the server's record of what was done, and stays. A forget the system makes
    of what a member's later message showed was a secret leaves them to their own scrub (`scrub_case_excerpts`): the
    value goes there, and the words around it stay as the moderators' evidence."""
    request = run.request
    if run.actor == SYSTEM_ACTOR:
        return 0
    guilds: list[int] | None = None
    if request.scope.restricted:
        if request.scope.guild_id is None:  # direct messages: no case is ever opened there
            return 0
        guilds = [request.scope.guild_id]
    return blank_case_excerpts(conn, run.user_id, request.since, guilds)


KEPT_UNTIL_ERASED = "until the member forgets it (or opts out)"

STORED_HOLDERS: tuple[StoredHolder, ...] = (
    StoredHolder(
        "memories",
        {"UserMemory": ("Memory", "Topics", "SlotKey", "Embedding", "EmbeddingModel")},
        _forget_memories,
        _export_memories,
        "each memory, and up to three earlier values of each fact, until it expires (1 to 30 days), or until forgotten",
    ),
    StoredHolder("profile facts", {"UserState": ("UserNotes",)}, _forget_profile, _export_profile, KEPT_UNTIL_ERASED),
    StoredHolder(
        "earlier profiles",
        {"ProfileHistory": ("PreviousProfile",)},
        _forget_history,
        _export_history,
        "for the retention period (HISTORY_RETENTION_DAYS), so forget-recent can undo learning",
        _expire_history,
    ),
    StoredHolder(
        "monitor notes", {"UserState": ("UserNotes",)}, _forget_observations, _export_observations, "the newest 4,000 characters"
    ),
    StoredHolder(
        "notes from before the upgrade",
        {"NotesBackup": ("Notes",)},
        _forget_backup,
        _export_backup,
        "until the operator's rollback, or until the member forgets everything",
    ),
    StoredHolder(
        "log excerpts",
        {"LlmLog": ("RequestExcerpt", "ResponseExcerpt", "Error"), "LlmLogMember": ("UserId",)},
        _forget_log,
        _export_log,
        "for the retention period (HISTORY_RETENTION_DAYS); the call's time, kind and model stay",
        expire_excerpts,
    ),
    StoredHolder(
        "case excerpts",
        {"ModerationCase": ("Excerpt", "Reason")},
        _forget_case_excerpts,
        export_cases,
        "the excerpt until the member forgets everything (or opts out); the case's number, category and decision stay",
    ),
)

NO_MEMBER_TEXT: Mapping[str, Mapping[str, str]] = {
    "UserMemory": {"Importance": "one of low/medium/high", "Source": "which part of the bot wrote it"},
    "LlmLog": {"Kind": "the kind of call", "Model": "the model's name", "Way": "how a tool's arguments were read"},
    "MemoryAudit": {"Action": "what happened", "Source": "which part of the bot", "Actor": "member, system or admin:<id>"},
    "LlmToolWay": {
        "Endpoint": "the LLM's URL",
        "Model": "the model's name",
        "Way": "how it answers",
        "Refused": "ways it refused",
    },
    "BotProcess": {"ProcessId": "a running bot process"},
    "ModerationCase": {
        "Action": "warn or timeout",
        "Category": "the model's category names (insult, harassment, …)",
        "State": "what became of the case",
        "DecidedBy": "monitor or mod:<id>",
        "UndoneBy": "mod:<id>",
    },
    "GuildSetting": {"Name": "a setting's name", "Value": "a server's setting (ids, numbers, a mode)", "ChangedBy": "mod:<id>"},
}
"""Text columns that hold no member's words, each with why."""


@dataclass(frozen=True)
class ErasedData:
    """What an erasure removed from the database, per holder, and the member's rows after it."""

    removed: Mapping[str, int]
    control: MemoryPreferenceRecord
    profile: str
    memory_texts: tuple[str, ...]
    profile_restored: bool


@writes
def erase_member_data(
    conn: sa.Connection, user_id: int, request: ForgetRequest, *, actor: str, action: str | None = None
) -> ErasedData:
    """Every stored holder forgets what ``request`` names, in this one transaction; the epoch moves first.

    So no write claimed before can land after, and the other processes see the erasure at their next
    poll. ``action`` adds one audit row for the whole erasure ("forgotten", "opted_out"); the audit
    keeps what happened, never the content.
    """
    moment = utc_now()
    control = change_member(conn, user_id, erase=True, opted_out=True if request.opt_out else None, now=moment)
    run = Forgetting(user_id, request, moment, actor)
    removed: dict[str, int] = {}
    for holder in STORED_HOLDERS:
        removed[holder.name] = removed.get(holder.name, 0) + holder.forget(conn, run)
    if action is not None:
        run.audit.append(AuditEntry(action, user_id, actor))
    write_audit(conn, run.audit, moment)
    profile = profile_part(get_user_notes(conn, user_id))
    return ErasedData(removed, control, profile, tuple(run.memory_texts), run.profile_restored)


@reads
def export_member_data(conn: sa.Connection, user_id: int) -> dict[str, Any]:
    """What each stored holder keeps of the member, by holder name."""
    return {holder.name: holder.export(conn, user_id) for holder in STORED_HOLDERS}


@writes
def expire_member_data(conn: sa.Connection, before: datetime) -> dict[str, int]:
    """Each holder with a retention drops what is older than ``before``; returns how much, by holder."""
    return {holder.name: holder.expire(conn, before) for holder in STORED_HOLDERS if holder.expire is not None}


def holder_names() -> Sequence[str]:
    return [holder.name for holder in STORED_HOLDERS]


def tables_covered() -> dict[str, set[str]]:
    """Every table column some stored holder answers for."""
    covered: dict[str, set[str]] = {}
    for holder in STORED_HOLDERS:
        for table, columns in holder.covers.items():
            covered.setdefault(table, set()).update(columns)
    return covered
