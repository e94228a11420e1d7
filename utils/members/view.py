"""How memories are shown to the people they are about (terminal text and Discord embeds alike)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from utils.members.service import MemberOverview
from utils.memory.fact_history import FactHistory, day
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


NO_HISTORY = "No fact of yours has changed yet: when a new value replaces an old one (a move, a new main), both show here."
HISTORY_HEADER = (
    "Facts that changed, newest change first (/memory forget <id> removes one value; its fact's earlier values go with it):"
)


def history_block(history: FactHistory) -> str:
    """One fact: what holds now and each value it replaced, with when each held."""
    lines = [history.slot.replace("_", " ")]
    if history.current is not None:
        lines.append(f"  now: #{history.current.id} {history.current.memory} (since {day(history.current.created_at)})")
    else:
        lines.append("  now: (no current value: it expired or was forgotten)")
    for old in history.earlier:
        until = old.superseded_at or old.created_at
        lines.append(f"  before: #{old.id} {old.memory} ({day(old.created_at)} → {day(until)})")
    return "\n".join(lines)


def history_pages(histories: list[FactHistory], chars: int = PAGE_CHARS) -> list[str]:
    """The member's fact histories as pages of whole facts, each page at most ``chars`` characters."""
    result: list[str] = []
    page: list[str] = []
    used = 0
    for block in (history_block(h) for h in histories):
        block = block[:chars]
        if page and used + len(block) + 1 > chars:
            result.append("\n".join(page))
            page, used = [], 0
        page.append(block)
        used += len(block) + 1
    if page:
        result.append("\n".join(page))
    return result or [NO_HISTORY]


def history_text(histories: list[FactHistory]) -> str:
    """Every fact's history at once (the terminal has no pages)."""
    if not histories:
        return NO_HISTORY
    return "\n".join([HISTORY_HEADER, *(history_block(h) for h in histories)])


def export_json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
