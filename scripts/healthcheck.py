"""Docker HEALTHCHECK of the bot's container: healthy while the configured database answers.

The bot keeps running when its database goes away (memory off, state kept in RAM), so
Docker would call it healthy anyway; this check makes the outage visible in
`docker compose ps`. It never migrates, so it is safe to run beside the starting bot.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

if not __package__:  # run as `python3 scripts/NAME.py`: the project folder, not scripts/, must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
if __name__ == "__main__":  # before any third-party import: a fresh clone gets .venv (utils/bootstrap.py)
    from utils.bootstrap import ensure_environment

    ensure_environment("runtime")

from utils.config import ConfigError, load_settings
from utils.storage.engine import Database


async def check() -> int:
    try:
        db = Database(load_settings().db_connection_string)
    except (ConfigError, ValueError) as exc:
        print(f"unhealthy: {exc}")
        return 1
    try:
        healthy = await db.ping()
    finally:
        await db.close()
    print("healthy: the database answers" if healthy else f"unhealthy: the database does not answer ({db.last_error})")
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(check()))
