"""Where `Database` used to live: the engine is `breehavior.storage.engine`, the SQL the table-group modules.

Kept so ``from breehavior.storage.database import Database, DatabaseError`` still works.
"""

from breehavior.storage.engine import (
    MIGRATIONS_DIR,
    Database,
    DatabaseError,
    DatabasePermanentError,
    DatabaseUnavailable,
    alembic_config,
)

__all__ = ["MIGRATIONS_DIR", "Database", "DatabaseError", "DatabasePermanentError", "DatabaseUnavailable", "alembic_config"]
