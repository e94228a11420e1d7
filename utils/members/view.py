"""How memories are shown to the people they are about (terminal text and Discord embeds alike)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from utils.members.service import MemberOverview
from utils.storage.records import MemoryRecord
from utils.wording import plural

PAGE_SIZE = 10
PAGE_CHARS = 3800
"""An embed description holds 4096 characters; a page never needs cutting."""


def expires_phrase(moment: datetime, now: datetime | None = None) -> str:
    seconds = (moment - (now or datetime.now(UTC))).total_seconds()
    if seconds <= 0:
        return "expired"
    hours = seconds / 3600
    if hours < 1:
        return "expires within the hour"
    if hours < 48:
        return f"expires in {plural(round(hours), 'hour')}"
    return f"expires in {plural(round(hours / 24), 'day')}"


def memory_line(memory: MemoryRecord, now: datetime | None = None) -> str:
    topics = ", ".join(memory.topics) or "no topics"
    slot = f" · slot {memory.slot_key}" if memory.slot_key else ""
    return (
        f"#{memory.id} {memory.memory} — {topics} · {memory.importance} · from {memory.source}{slot} · "
        f"{expires_phrase(memory.expires_at, now)}"
    )


def pages(memories: tuple[MemoryRecord, ...], size: int = PAGE_SIZE, chars: int = PAGE_CHARS) -> list[tuple[MemoryRecord, ...]]:
    """Memories in pages of at most ``size`` entries and ``chars`` characters of lines."""
    result: list[tuple[MemoryRecord, ...]] = []
    page: list[MemoryRecord] = []
    used = 0
    for memory in memories:
        length = len(memory_line(memory)) + 1
        if page and (len(page) == size or used + length > chars):
            result.append(tuple(page))
            page, used = [], 0
        page.append(memory)
        used += length
    if page or not result:
        result.append(tuple(page))
    return result


def status_line(overview: MemberOverview) -> str:
    if overview.opted_out:
        return "Memory is off for you (opted out). /memory optin turns it back on."
    if overview.paused_until is not None:
        return f"Memory is paused until {overview.paused_until:%Y-%m-%d %H:%M} UTC (reading goes on)."
    return f"{plural(len(overview.memories), 'memory', 'memories')} kept."


def profile_text(overview: MemberOverview) -> str:
    """The profile fact by fact, each with the number `/memory forget fact <n>` takes (P1, P2, …)."""
    facts = overview.facts
    if not facts:
        return "(none)"
    return "\n".join(f"P{number} {fact}" for number, fact in enumerate(facts, start=1))


def overview_text(overview: MemberOverview) -> str:
    profile = profile_text(overview)
    lines = [status_line(overview), f"Profile: {profile}" if "\n" not in profile and not overview.facts else "Profile:"]
    if overview.facts:
        lines += profile.splitlines()
    lines += [memory_line(m) for m in overview.memories] or ["No memories."]
    return "\n".join(lines)


def export_json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
