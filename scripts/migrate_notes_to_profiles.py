"""One-time migration: turn old timestamped UserNotes into short profiles with the LLM.

    python3 scripts/migrate_notes_to_profiles.py --dry-run    # show old → new, write nothing
    python3 scripts/migrate_notes_to_profiles.py              # migrate (old notes kept in NotesBackup)
    python3 scripts/migrate_notes_to_profiles.py --rollback   # put the old notes back

Same configuration (.env / environment) and database as the bot; stop the bot first.
The logic is in utils/notes_migration.py; this file is the command line: arguments,
the database (read-only for --dry-run: it changes no byte and creates nothing), the report.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

if not __package__:  # run as `python3 scripts/NAME.py`: the project folder, not scripts/, must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
if __name__ == "__main__":  # before any third-party import: a fresh clone gets .venv (utils/bootstrap.py)
    from utils.bootstrap import ensure_environment

    ensure_environment("runtime")

from tqdm import tqdm

from utils.config import ConfigError, Settings, load_settings
from utils.llm import LLMClient, LlmLogBuffer
from utils.notes_migration import (
    ACTOR,
    EXIT_CANNOT_RUN,
    EXIT_OK,
    EXIT_SOME_FAILED,
    MEMORY_SOURCE,
    MigrationAborted,
    NotesMigration,
    Options,
    Status,
    summary_line,
)
from utils.storage import notes as sql
from utils.storage.engine import Database, DatabaseUnavailable
from utils.wording import plural


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="migrate_notes_to_profiles.py",
        description="Turn old timestamped UserNotes into short profiles with the LLM (old notes are backed up).",
    )
    add = parser.add_argument
    add("--dry-run", action="store_true", help="print old → new for each member and write nothing")
    add("--rollback", action="store_true", help="put the backed-up notes back and remove migrated memories")
    add("--memories", action="store_true", help="also turn recent observations into expiring memories")
    add(
        "--memory-days",
        type=int,
        default=30,
        metavar="N",
        help="observations of the last N days become memories, expiring N days after they were made (default 30)",
    )
    add("--guild-id", type=int, default=None, help="server the migrated memories belong to (for MEMORY_SCOPE=guild)")
    add("--concurrency", type=int, default=None, metavar="N", help="members migrated at once (default LLM_MAX_CONCURRENCY)")
    add("--progress", action=argparse.BooleanOptionalAction, default=None, help="progress bar (default: if stderr is a terminal)")
    add("-v", "--verbose", action="store_true", help="log what the database and LLM clients do")
    args = parser.parse_args(list(argv))
    if args.memory_days < 1:
        parser.error("--memory-days must be at least 1")
    if args.concurrency is not None and not 1 <= args.concurrency <= 32:
        parser.error("--concurrency must be between 1 and 32")
    if args.rollback and args.memories:
        parser.error("--rollback and --memories do not go together")
    return args


async def run(args: argparse.Namespace, *, settings: Settings | None = None, out: TextIO, err: TextIO) -> int:
    """The whole command: exit 0 when nothing failed, 1 when some members failed, 2 when it could not run."""
    try:
        settings = settings or load_settings()
    except ConfigError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_CANNOT_RUN
    try:
        db = Database(settings.db_connection_string, reconnect_seconds=settings.db_reconnect_seconds, read_only=args.dry_run)
    except ValueError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_CANNOT_RUN
    try:
        if not await db.connect():
            print(f"error: cannot reach the database ({db.last_error}); nothing was changed.", file=err)
            return EXIT_CANNOT_RUN
        if args.rollback:
            return await _rollback(db, dry_run=args.dry_run, out=out)
        return await _migrate(settings, db, args, out=out, err=err)
    except DatabaseUnavailable as exc:
        print(f"error: lost the database ({exc}); nothing more was changed.", file=err)
        return EXIT_CANNOT_RUN
    finally:
        await db.close()


async def _migrate(settings: Settings, db: Database, args: argparse.Namespace, *, out: TextIO, err: TextIO) -> int:
    options = Options(
        dry_run=args.dry_run,
        with_memories=args.memories,
        memory_days=args.memory_days,
        guild_id=args.guild_id,
        concurrency=args.concurrency or settings.llm_max_concurrency,
    )
    show_progress = err.isatty() if args.progress is None else args.progress
    llm_log = None if options.dry_run else LlmLogBuffer(db)
    llm = LLMClient.from_settings(settings, log_sink=None if llm_log is None else llm_log.add)

    def report(line: str) -> None:
        tqdm.write(line, file=out)

    try:
        migration = NotesMigration(settings, db, llm, options, report, progress_to=err if show_progress else None)
        outcomes = await migration.run()
    except MigrationAborted as exc:
        print(f"error: {exc}", file=err)
        return EXIT_CANNOT_RUN
    finally:
        await llm.close()
        if llm_log is not None:
            await llm_log.flush()
    print(summary_line(outcomes, dry_run=options.dry_run), file=out)
    return EXIT_SOME_FAILED if any(o.status is Status.FAILED for o in outcomes) else EXIT_OK


async def _rollback(db: Database, *, dry_run: bool, out: TextIO) -> int:
    if dry_run:
        backups = await db.run(sql.get_notes_backups)
        for user_id, notes in backups.items():
            print(f"member {user_id}: would get back {len(notes or '')} characters of old notes", file=out)
        print(f"Dry run: would restore {plural(len(backups), 'member')}. Nothing was written.", file=out)
        return EXIT_OK
    restored, dropped = await db.run(sql.rollback_notes_migration, source=MEMORY_SOURCE, actor=ACTOR)
    line = f"Restored the old notes of {plural(restored, 'member')} and removed their migrated memories."
    if dropped:
        erased = f"{plural(dropped, 'member')} {'was' if dropped == 1 else 'were'}"
        line += f" {erased} erased since the migration: their backups were dropped, nothing restored."
    print(line, file=out)
    return EXIT_OK


def main() -> int:
    args = parse_args(sys.argv[1:])
    logging.basicConfig(level=logging.INFO if args.verbose else logging.CRITICAL, stream=sys.stderr)
    try:
        return asyncio.run(run(args, out=sys.stdout, err=sys.stderr))
    except KeyboardInterrupt:
        print("interrupted: members already migrated are complete; run again to continue.", file=sys.stderr)
        return EXIT_CANNOT_RUN


if __name__ == "__main__":
    sys.exit(main())
