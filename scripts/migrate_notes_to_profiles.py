"""One-time migration: turn old timestamped UserNotes into short profiles with the LLM.

    python scripts/migrate_notes_to_profiles.py --dry-run    # show old → new, write nothing
    python scripts/migrate_notes_to_profiles.py              # migrate (old notes kept in NotesBackup)
    python scripts/migrate_notes_to_profiles.py --rollback   # put the old notes back

Same configuration (.env / environment) and database as the bot; stop the bot first.
The logic is in breehavior/notes_migration.py; this file only sets up the process.
"""

from __future__ import annotations

import asyncio
import logging
import sys

from breehavior.notes_migration import EXIT_CANNOT_RUN, parse_args, run


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
