"""Storage: the only package that speaks SQL.

`engine.Database` connects, reconnects, maps errors and runs storage functions
(``await db.run(fn, *args)``); the SQL is in one module per group of tables —
`memories` (UserMemory, MemoryAudit, ProfileHistory, the profile in UserNotes),
`members` (UserState, MemoryPreference), `llm_log` (LlmLog) and `notes` (the
one-time notes migration) — as plain functions of a connection.
"""

from utils.storage.engine import Database, DatabaseError, DatabasePermanentError, DatabaseUnavailable

__all__ = ["Database", "DatabaseError", "DatabasePermanentError", "DatabaseUnavailable"]
