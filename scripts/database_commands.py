"""`python3 bot.py backup`, `restore` and `copy-db`: what the owner is told, and the exit status.

The work is done in `utils.storage.backup` (SQLite files) and `utils.storage.copy` (any database
to any other); this module turns settings into their arguments and their results or refusals
into a few lines. Exit 0: done; 1: it failed or refused, and nothing was changed; 2: the
command does not apply here (a SQL Server database backs itself up on the server).
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

import sqlalchemy as sa

from utils.members.processes import ALIVE_SECONDS
from utils.storage.backup import BackupRefused, backup_sqlite, restore_sqlite
from utils.storage.copy import CopyRefused, TableCount, copy_database, running_bots
from utils.storage.engine import create_engine_for, sqlite_path
from utils.storage.errors import one_line
from utils.storage.migrate import MigrationFailed, migrate_to_head
from utils.storage.url import resolve_database_url
from utils.wording import plural

SERVER_BACKUP_DIR = "/var/opt/mssql/backup"
Done = TypeVar("Done")
BACKUP_ON_SERVER = (
    "the database is on a server ({backend}), which backs itself up: on the server run "
    "BACKUP DATABASE [{name}] TO DISK = N'{folder}/{name}.bak' WITH INIT (docs/operating.md, "
    "SQL Server), or copy it into an SQLite file with: python3 bot.py copy-db --to sqlite:///backup.db"
)
RESTORE_ON_SERVER = (
    "the database is on a server ({backend}): stop the bot, then on the server run "
    "RESTORE DATABASE [{name}] FROM DISK = N'{folder}/{name}.bak' WITH REPLACE (docs/operating.md)"
)


def quiet_storage_logs(level: str) -> None:
    """The commands print their own lines; the migration's log lines only at DEBUG."""
    if level != "DEBUG":
        for name in ("alembic", "utils.storage"):
            logging.getLogger(name).setLevel(logging.WARNING)


def error(line: str) -> None:
    print(f"error: {line}", file=sys.stderr)


def size_text(size_bytes: int) -> str:
    return f"{size_bytes / 1_000_000:.1f} MB" if size_bytes >= 100_000 else f"{size_bytes / 1000:.1f} kB"


def os_problem(exc: OSError) -> str:
    """A file the command cannot write, in one line: what and where (a backups folder owned by another user)."""
    where = f" ({exc.filename})" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def attempted(refusal: str, work: Callable[[], Done]) -> Done | None:
    """What ``work`` returned; None after telling the owner why it refused or could not write (``refusal``: the start)."""
    try:
        return work()
    except BackupRefused as exc:
        error(f"{refusal}: {exc}")
    except OSError as exc:
        error(f"{refusal}: {os_problem(exc)}")
    return None


def alive_since() -> datetime:
    return datetime.now(UTC) - timedelta(seconds=ALIVE_SECONDS)


def server_database_name(url: sa.URL) -> str:
    return url.database or "BreehaviorMonitor"


def sqlite_file(url: sa.URL, on_server: str) -> Path | None:
    """The SQLite file the command works on; None after telling the owner ``on_server``, what to run on a server."""
    database = sqlite_path(url)
    if database is None:
        name = server_database_name(url)
        error(on_server.format(backend=url.get_backend_name(), name=name, folder=SERVER_BACKUP_DIR))
    return database


def run_backup(connection_string: str, file: str | None) -> int:
    database = sqlite_file(resolve_database_url(connection_string), BACKUP_ON_SERVER)
    if database is None:
        return 2
    made = attempted("no backup made", lambda: backup_sqlite(database, Path(file) if file else None))
    if made is None:
        return 1
    print(
        f"Backed up {database} to {made.path} ({size_text(made.size_bytes)}; schema {made.facts.revision}; "
        f"{plural(made.facts.memories, 'memory', 'memories')})."
    )
    return 0


def run_restore(connection_string: str, file: str) -> int:
    url = resolve_database_url(connection_string)
    database = sqlite_file(url, RESTORE_ON_SERVER)
    if database is None:
        return 2
    backup = Path(file)
    if database.exists():
        engine = create_engine_for(url, 1)
        try:
            running = running_bots(engine, alive_since())
        except sa.exc.SQLAlchemyError as exc:
            running = 0
            print(f"note: could not read which bots run on {database} ({one_line(exc)})", file=sys.stderr)
        finally:
            engine.dispose()
        if running:
            error(
                f"nothing restored: {running} bot process(es) ran on {database} in the last {ALIVE_SECONDS:.0f} s; "
                "stop the bot first"
            )
            return 1
    restored = attempted("nothing restored", lambda: restore_sqlite(database, backup))
    if restored is None:
        return 1
    kept = f" The database it replaced is kept as {restored.previous}." if restored.previous else ""
    memories = plural(restored.facts.memories, "memory", "memories")
    print(f"Restored {database} from {backup} (schema {restored.facts.revision}; {memories}).{kept}")
    engine = create_engine_for(url, 1)
    try:
        state = migrate_to_head(engine)
    except (MigrationFailed, sa.exc.SQLAlchemyError) as exc:
        error(f"restored, but migrating it failed: {one_line(exc)}; the bot tries again when it starts")
        return 1
    finally:
        engine.dispose()
    if state.migrated:
        print(f"Database {state.describe()}.")
    return 0


def run_copy_db(connection_string: str, to: str) -> int:
    source = resolve_database_url(connection_string)
    try:
        target = resolve_database_url(to)
    except ValueError as exc:
        error(f"--to {to!r}: {str(exc).replace('DB_CONNECTION_STRING', 'it')}")
        return 2
    started = time.monotonic()
    try:
        counts = copy_database(source, target, alive_since=alive_since())
    except CopyRefused as exc:
        error(f"nothing copied: {exc}")
        return 1
    except (sa.exc.SQLAlchemyError, OSError) as exc:
        error(f"copy-db failed, nothing was kept in the target: {one_line(exc)}")
        return 1
    seconds = time.monotonic() - started
    print(f"Copied {shown(source)} to {shown(target)} in {seconds:.1f} s; rows per table (source -> target):")
    print(counts_table(counts))
    print("Every count matches. To run on the copy, set DB_CONNECTION_STRING to it and restart the bot.")
    return 0


def shown(url: sa.URL) -> str:
    """The database as the owner knows it, never with its password (an ODBC string carries it inside)."""
    database = sqlite_path(url)
    if database is not None:
        return str(database)
    if "odbc_connect" in url.query:
        return "the SQL Server of the ODBC connection string"
    return url.render_as_string(hide_password=True)


def counts_table(counts: list[TableCount]) -> str:
    width = max(len(c.table) for c in counts)
    return "\n".join(f"  {c.table:<{width}}  {c.source:>9,} -> {c.target:,}" for c in counts)
