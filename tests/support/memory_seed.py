"""Helpers the memory tests share: two members, a stored memory as if learned earlier, a `/memory` command, a bounded poll."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from storage_calls import storage

from utils.members.commands import run_memory_command
from utils.memory.service import MemoryService
from utils.runtime import Services
from utils.storage.records import MemoryBatch, MemoryRecord, MemoryScope, NewMemory

ALICE, BOB = 42, 7


async def seed_memory(
    services: Services,
    user_id: int,
    text: str,
    *topics: str,
    ago: timedelta = timedelta(0),
    expires_at: datetime | None = None,
    importance: str = "medium",
    source: str = "chat",
    guild_id: int | None = None,
    slot_key: str | None = None,
) -> int:
    """Store a memory through the storage functions as if learned ``ago`` (by default it expires a week from now)."""
    now = datetime.now(UTC)
    expires = expires_at if expires_at is not None else now + timedelta(days=7)
    new = NewMemory(user_id, text, topics, importance, expires, source, guild_id=guild_id, slot_key=slot_key)
    [memory_id] = await storage(services.db).apply_memory_batch(MemoryBatch(user_id=user_id, inserts=[new]), now=now - ago)
    invalidate(services.memory, user_id)
    return memory_id


async def live_memories(memory: MemoryService, user_id: int, scope: MemoryScope) -> tuple[MemoryRecord, ...]:
    """The member's live memories in ``scope``, read as retrieval reads them (through the store's cache)."""
    return await memory.store.live_memories(user_id, scope)


def invalidate(memory: MemoryService, user_id: int) -> None:
    """Drop the store's cached read of the member: the next read goes to the database (as after a write elsewhere)."""
    memory.store.invalidate(user_id)


async def cmd(services: Services, text: str, user_id: int = ALICE) -> str:
    """A `/memory` command as the terminal chat sends it (the same parser as the slash commands)."""
    return await run_memory_command(services, user_id, text)


async def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """The database's background reconnect has no event to await: poll for it, bounded."""
    for _ in range(int(timeout / 0.02)):
        if condition():
            return True
        await asyncio.sleep(0.02)
    return condition()
