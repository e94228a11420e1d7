"""Replay a channel log through the behaviour monitor and print what it would have concluded and done.

    python scripts/replay_monitor.py transcript.jsonl [--dry-run] [--guild-id ID]

One JSON object per line: author_id, author_name, channel, content, timestamp.
Uses the bot's configuration (.env / environment), LLM and database; --dry-run
writes nothing. Exit status: 0 done, 1 a batch or the database failed, 2 bad input.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

if not __package__:  # run as `python scripts/NAME.py`: the project folder, not scripts/, must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
if __name__ == "__main__":  # before any third-party import: a fresh clone gets .venv (utils/bootstrap.py)
    from utils.bootstrap import ensure_environment

    ensure_environment("runtime")

from utils.config import ConfigError, load_settings
from utils.monitor.replay import replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="replay_monitor.py", description=__doc__.splitlines()[0])
    parser.add_argument("transcript", type=Path, help="JSON Lines file, one message per line")
    parser.add_argument("--dry-run", action="store_true", help="write nothing: no state, no memories, no LlmLog rows")
    parser.add_argument("--guild-id", type=int, default=None, help="server id the passive memories are filed under")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    try:
        with args.transcript.open(encoding="utf-8") as lines:
            return asyncio.run(replay(settings, list(lines), sys.stdout, dry_run=args.dry_run, guild_id=args.guild_id))
    except OSError as exc:
        print(f"error: cannot read {args.transcript}: {exc.strerror or exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
