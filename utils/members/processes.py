"""The bot processes on one database, as an erasure's receipt needs them: who runs, and who has followed.

Each process keeps one `BotProcess` row: alive (refreshed at least every :data:`HEARTBEAT_SECONDS`)
and the newest member change its coherence poll has acted on. After an erasure commits, the
process that made it waits up to the coherence promise (:data:`CONFIRM_SECONDS`) for every other
live process to have acted on the erasure's change, and says in the receipt which ones did. A
process that stopped cleanly removes its row; one that was killed drops out after
:data:`ALIVE_SECONDS` without a heartbeat.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from datetime import UTC, datetime, timedelta

from utils.members.erasure import OtherProcesses
from utils.storage import processes as sql
from utils.storage.engine import Database, DatabaseError

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 10.0
ALIVE_SECONDS = 30.0
CONFIRM_SECONDS = 1.0
"""The coherence promise: an erasure in one process is honoured by every other within a second."""
CONFIRM_POLL_SECONDS = 0.05


class ProcessRoster:
    def __init__(self, db: Database) -> None:
        self._db = db
        self.process_id = uuid.uuid4().hex
        self._reported = -1
        self._reported_at = 0.0

    async def seen(self, change_seq: int) -> None:
        """This process has acted on every change up to ``change_seq``: say so when it moved, or as a heartbeat."""
        if change_seq == self._reported and time.monotonic() - self._reported_at < HEARTBEAT_SECONDS:
            return
        try:
            await self._db.run(sql.report_seen, self.process_id, change_seq)
        except DatabaseError as exc:
            logger.debug("Could not report this process's place: %s", exc)
            return
        self._reported, self._reported_at = change_seq, time.monotonic()

    async def confirm(self, change_seq: int, within: float = CONFIRM_SECONDS) -> OtherProcesses:
        """Wait (at most ``within`` seconds) until every other live process has acted on ``change_seq``."""
        deadline = time.monotonic() + within
        running = behind = 0
        while True:
            alive_since = datetime.now(UTC) - timedelta(seconds=ALIVE_SECONDS)
            try:
                running, behind = await self._db.run(sql.others_behind, self.process_id, change_seq, alive_since)
            except DatabaseError as exc:
                logger.debug("Could not read the other processes' places: %s", exc)
                return OtherProcesses(running, running - behind)
            if not behind or time.monotonic() >= deadline:
                return OtherProcesses(running, running - behind)
            await asyncio.sleep(CONFIRM_POLL_SECONDS)

    async def leave(self) -> None:
        try:
            await self._db.run(sql.leave, self.process_id)
        except DatabaseError as exc:
            logger.debug("Could not remove this process's row: %s", exc)
