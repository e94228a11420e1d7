"""Replay a channel log through the behaviour monitor and print what it would have concluded and done.

    python3 scripts/replay_monitor.py transcript.jsonl [--write] [--guild-id ID]

One JSON object per line: author_id, author_name, channel, content, timestamp.
Uses the bot's configuration (.env / environment), LLM and database. By default it
writes nothing (a dry run): the offenses of a replayed log land in live members'
records only with --write. --dry-run is accepted and changes nothing.
Exit status: 0 done, 1 a batch or the database failed, 2 bad input.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

if not __package__:  # run as `python3 scripts/NAME.py`: the project folder, not scripts/, must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
if __name__ == "__main__":  # before any third-party import: a fresh clone gets .venv (utils/bootstrap.py)
    from utils.bootstrap import ensure_environment

    ensure_environment("runtime")

from utils.config import ConfigError, load_settings
from utils.monitor.replay import replay


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line: ``write`` is true only with --write, since a replay into live records is never the default."""
    parser = argparse.ArgumentParser(prog="replay_monitor.py", description=__doc__.splitlines()[0])
    parser.add_argument("transcript", type=Path, help="JSON Lines file, one message per line")
    writing = parser.add_mutually_exclusive_group()
    writing.add_argument(
        "--write", action="store_true", help="write the replay's state, passive memories and LlmLog rows into the database"
    )
    writing.add_argument("--dry-run", action="store_true", help="write nothing (the default; kept for older scripts)")
    parser.add_argument("--guild-id", type=int, default=None, help="server id the passive memories are filed under")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    try:
        with args.transcript.open(encoding="utf-8") as lines:
            return asyncio.run(replay(settings, list(lines), sys.stdout, dry_run=not args.write, guild_id=args.guild_id))
    except OSError as exc:
        print(f"error: cannot read {args.transcript}: {exc.strerror or exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
