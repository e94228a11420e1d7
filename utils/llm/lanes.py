"""Replies first: how many requests go to one endpoint at once, and who goes first.

A local server (llama.cpp, llama-cpp-python, Ollama with one slot) computes one
request at a time; a reply sent while a 1,024-token extraction runs waits for it
(60-75 s measured on a CPU). So a chat reply takes a chat slot at once, and a
background call (memory extraction, monitor analysis, notes migration, embedding
backfill) starts only when no reply waits for a slot and fewer than
``background_slots`` requests, replies included, are in flight: with the default of
1 it starts only on an idle server, and a server with more slots is given a larger
number (LLM_BACKGROUND_CONCURRENCY). A background call already running is not
cancelled: the server would keep computing it anyway (llama.cpp does not stop
abandoned requests), so a reply can still wait for one in flight, never for one queued.

One :class:`EndpointLanes` per endpoint and event loop (:func:`lanes_for`), so the
chat client and the embedding client share it when they talk to the same server.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary


@dataclass
class LaneStats:
    """Counts for the benchmarks: how often a background call had to wait for replies."""

    chat_calls: int = 0
    background_calls: int = 0
    background_waits: int = 0


@dataclass
class EndpointLanes:
    chat_slots: int = 4
    background_slots: int = 1
    replies_first: bool = True
    """False: background calls only respect their own slots, replies or not (the bench's "before")."""
    stats: LaneStats = field(default_factory=LaneStats)
    _chat_busy: int = 0
    _chat_waiting: int = 0
    _background_busy: int = 0
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    @asynccontextmanager
    async def chat(self) -> AsyncIterator[None]:
        self.stats.chat_calls += 1
        async with self._changed:
            self._chat_waiting += 1
            try:
                await self._changed.wait_for(lambda: self._chat_busy < self.chat_slots)
            finally:
                self._chat_waiting -= 1
            self._chat_busy += 1
        try:
            yield
        finally:
            async with self._changed:
                self._chat_busy -= 1
                self._changed.notify_all()

    @asynccontextmanager
    async def background(self) -> AsyncIterator[None]:
        self.stats.background_calls += 1
        async with self._changed:
            if not self._may_start_background():
                self.stats.background_waits += 1
            await self._changed.wait_for(self._may_start_background)
            self._background_busy += 1
        try:
            yield
        finally:
            async with self._changed:
                self._background_busy -= 1
                self._changed.notify_all()

    def _may_start_background(self) -> bool:
        if not self.replies_first:
            return self._background_busy < self.background_slots
        return self._chat_waiting == 0 and self._chat_busy + self._background_busy < self.background_slots


_by_loop: WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, EndpointLanes]] = WeakKeyDictionary()


def lanes_for(base_url: str, *, chat_slots: int = 4, background_slots: int = 1, replies_first: bool = True) -> EndpointLanes:
    """The lanes of ``base_url`` on the running loop (created by the first caller, whose sizes win)."""
    loop = asyncio.get_running_loop()
    endpoints = _by_loop.setdefault(loop, {})
    key = base_url.rstrip("/")
    if key not in endpoints:
        endpoints[key] = EndpointLanes(chat_slots, background_slots, replies_first)
    return endpoints[key]
