"""Two bot processes in one test: two `Services` stacks on one database, as two processes of a deployment run.

Only the first does housekeeping (pruning, retention), as in a deployment with one such process.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from utils.config import Settings
from utils.runtime import Services


@asynccontextmanager
async def service_pair(
    make_settings: Callable[..., Settings], database_url: str, **settings: Any
) -> AsyncIterator[tuple[Services, Services]]:
    first = Services(make_settings(db_connection_string=database_url, **settings))
    second = Services(make_settings(db_connection_string=database_url, housekeeping=False, **settings))
    await first.start()
    await second.start()
    try:
        yield first, second
    finally:
        await second.close()
        await first.close()
