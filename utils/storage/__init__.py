"""Storage: the only package that speaks SQL.

`engine.Database` connects, reconnects, maps errors and runs storage functions
(``await db.run(fn, *args)``); the SQL is in one module per group of tables —
`memories` (UserMemory, MemoryAudit), `profiles` (the profile in UserNotes,
ProfileHistory), `members` (UserState, MemoryPreference), `llm_log` (LlmLog) and
`notes` (the one-time notes migration) — as plain functions of a connection;
`user_notes` owns the format of the column memory and the monitor share.

Other packages use the names below: the table modules whose functions they hand to
``db.run``, the records those functions take and return, the column limits, and the
database commands' helpers (backup, copy, migrate, the URL). The bench also reads a few
internals straight from their modules (``engine.reads``, ``schema.user_memory``) to time
them; those are not part of this surface. Storage imports no other package of the bot, so
re-exporting makes no cycle.
"""

from utils.storage import (
    cases,
    control,
    embeddings,
    guild_settings,
    llm_log,
    member_data,
    members,
    memories,
    notes,
    odbc,
    processes,
    schema,
    tool_ways,
)
from utils.storage.backup import BackupRefused, backup_sqlite, restore_sqlite
from utils.storage.control import Claim, ClaimRefused
from utils.storage.copy import CopyRefused, TableCount, copy_database, running_bots
from utils.storage.engine import (
    Database,
    DatabaseError,
    DatabasePermanentError,
    DatabaseUnavailable,
    create_engine_for,
    sqlite_path,
)
from utils.storage.errors import one_line
from utils.storage.member_data import SYSTEM_ACTOR
from utils.storage.memories import MemberRead
from utils.storage.migrate import MigrationFailed, migrate_to_head
from utils.storage.records import (
    IMPORTANCE_RANK,
    SET_STATE_FIELDS,
    SOURCE_TRUST,
    STATE_COUNTERS,
    AuditEntry,
    GuildSettingRecord,
    LlmCallRecord,
    MemoryBatch,
    MemoryPreferenceRecord,
    MemoryRecord,
    MemoryScope,
    ModerationCaseRecord,
    NewCase,
    NewMemory,
    ToolWayRecord,
    UserStateChange,
    UserStateRecord,
)
from utils.storage.schema import (
    CASE_EXCERPT_MAX,
    CASE_REASON_MAX,
    ERROR_MAX,
    EXCERPT_MAX,
    MEMORY_TEXT_MAX,
    PROFILE_MAX,
    SLOT_KEY_MAX,
    IdType,
    UtcDateTime,
    metadata,
    utcnow,
)
from utils.storage.url import DEFAULT_SQLITE_PATH, resolve_database_url
from utils.storage.user_notes import (
    holds_fact,
    observation_line,
    observation_lines,
    profile_facts,
    profile_part,
    with_added_observations,
    with_profile,
)

__all__ = [
    "CASE_EXCERPT_MAX",
    "CASE_REASON_MAX",
    "DEFAULT_SQLITE_PATH",
    "ERROR_MAX",
    "EXCERPT_MAX",
    "IMPORTANCE_RANK",
    "MEMORY_TEXT_MAX",
    "PROFILE_MAX",
    "SET_STATE_FIELDS",
    "SLOT_KEY_MAX",
    "SOURCE_TRUST",
    "STATE_COUNTERS",
    "SYSTEM_ACTOR",
    "AuditEntry",
    "BackupRefused",
    "Claim",
    "ClaimRefused",
    "CopyRefused",
    "Database",
    "DatabaseError",
    "DatabasePermanentError",
    "DatabaseUnavailable",
    "GuildSettingRecord",
    "IdType",
    "LlmCallRecord",
    "MemberRead",
    "MemoryBatch",
    "MemoryPreferenceRecord",
    "MemoryRecord",
    "MemoryScope",
    "MigrationFailed",
    "ModerationCaseRecord",
    "NewCase",
    "NewMemory",
    "TableCount",
    "ToolWayRecord",
    "UserStateChange",
    "UserStateRecord",
    "UtcDateTime",
    "backup_sqlite",
    "cases",
    "control",
    "copy_database",
    "create_engine_for",
    "embeddings",
    "guild_settings",
    "holds_fact",
    "llm_log",
    "member_data",
    "members",
    "memories",
    "metadata",
    "migrate_to_head",
    "notes",
    "observation_line",
    "observation_lines",
    "odbc",
    "one_line",
    "processes",
    "profile_facts",
    "profile_part",
    "resolve_database_url",
    "restore_sqlite",
    "running_bots",
    "schema",
    "sqlite_path",
    "tool_ways",
    "utcnow",
    "with_added_observations",
    "with_profile",
]
