"""Storage: the only package that speaks SQL.

`engine.Database` connects, reconnects, maps errors and runs storage functions
(``await db.run(fn, *args)``); the SQL is in one module per group of tables —
`memories` (UserMemory, MemoryAudit), `profiles` (the profile in UserNotes,
ProfileHistory), `members` (UserState, MemoryPreference), `llm_log` (LlmLog) and
`notes` (the one-time notes migration) — as plain functions of a connection;
`user_notes` owns the format of the column memory and the monitor share.
"""

from utils.storage.engine import Database, DatabaseError, DatabasePermanentError, DatabaseUnavailable

__all__ = ["Database", "DatabaseError", "DatabasePermanentError", "DatabaseUnavailable"]
