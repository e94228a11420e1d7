"""How memories are shown to the people they are about (terminal text and Discord embeds alike)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from utils.memory.control import MemoryOverview
from utils.records import MemoryRecord

PAGE_SIZE = 10


def expires_phrase(moment: datetime, now: datetime | None = None) -> str:
    seconds = (moment - (now or datetime.now(UTC))).total_seconds()
    if seconds <= 0:
        return "expired"
    hours = seconds / 3600
    if hours < 1:
        return "expires within the hour"
    if hours < 48:
        return f"expires in {round(hours)} hours"
    return f"expires in {round(hours / 24)} days"


def memory_line(memory: MemoryRecord, now: datetime | None = None) -> str:
    topics = ", ".join(memory.topics) or "no topics"
    slot = f" · slot {memory.slot_key}" if memory.slot_key else ""
    return (
        f"#{memory.id} {memory.memory} — {topics} · {memory.importance} · from {memory.source}{slot} · "
        f"{expires_phrase(memory.expires_at, now)}"
    )


def pages(memories: tuple[MemoryRecord, ...], size: int = PAGE_SIZE) -> list[tuple[MemoryRecord, ...]]:
    return [memories[i : i + size] for i in range(0, len(memories), size)] or [()]


def status_line(overview: MemoryOverview) -> str:
    if overview.opted_out:
        return "Memory is off for you (opted out). /memory optin turns it back on."
    if overview.paused_until is not None:
        return f"Memory is paused until {overview.paused_until:%Y-%m-%d %H:%M} UTC (reading goes on)."
    return f"{len(overview.memories)} memories kept."


def overview_text(overview: MemoryOverview) -> str:
    lines = [status_line(overview), f"Profile: {overview.profile or '(none)'}"]
    lines += [memory_line(m) for m in overview.memories] or ["No memories."]
    return "\n".join(lines)


def export_json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
