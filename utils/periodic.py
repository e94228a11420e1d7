"""A small periodic loop for plain-asyncio services (the terminal chat has no discord.ext.tasks)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

logger = logging.getLogger(__name__)


class PeriodicTask:
    """Run ``action`` every ``interval`` seconds (optionally once at start) until stopped.

    A failing run is logged and the loop goes on. :meth:`stop` cancels the sleep
    between runs but waits for a run in progress, so a flush is never cut in half.
    The wait is a plain ``asyncio.sleep`` so that simulated clocks (simcord) see a
    timer they can park and advance.
    """

    def __init__(
        self, name: str, interval: float, action: Callable[[], Awaitable[object]], *, run_at_start: bool = False
    ) -> None:
        self.name = name
        self.interval = interval
        self._action = action
        self._run_at_start = run_at_start
        self._task: asyncio.Task[None] | None = None
        self._in_action = False
        self._stopping = False

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._stopping = False
            self._task = asyncio.get_running_loop().create_task(self._loop(), name=self.name)

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def _loop(self) -> None:
        if self._run_at_start:
            await self._run_once()
        while not self._stopping:
            await asyncio.sleep(self.interval)
            await self._run_once()

    async def _run_once(self) -> None:
        self._in_action = True
        try:
            await self._action()
        except Exception:
            logger.exception("Periodic task %s failed; it will run again in %.0fs", self.name, self.interval)
        finally:
            self._in_action = False

    async def stop(self) -> None:
        self._stopping = True
        if self._task is None:
            return
        if not self._in_action:
            self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
