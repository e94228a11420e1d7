"""The memory block as the chat model sees it: what is remembered about the member, within a size budget."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime

from utils.memory.fact_history import month
from utils.privacy.normalise import normalise
from utils.prompts import load_prompt
from utils.storage.records import MemoryRecord
from utils.text import valid_text
from utils.wording import plural

MIN_LINES_BUDGET = 60
"""Below this, not even a short profile fits after the framing: better no block than a broken one."""
_BRACKETS = str.maketrans({"[": "(", "]": ")", "{": "(", "}": ")", "<": "(", ">": ")"})
_ROLE_PREFIX = re.compile(r"(?i)^\s*(system|assistant|user|developer)\s*:")


def format_relative_time(moment: datetime, now: datetime | None = None) -> str:
    """ "just now", "5 minutes ago", "3 hours ago", "yesterday", "3 days ago", "2 weeks ago", "4 months ago"."""
    current = now or datetime.now(UTC)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    seconds = max(0, int((current - moment).total_seconds()))
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400
    if minutes < 1:
        return "just now"
    if hours < 1:
        return f"{minutes} minute{'s' * (minutes != 1)} ago"
    if days < 1:
        return f"{hours} hour{'s' * (hours != 1)} ago"
    if days == 1:
        return "yesterday"
    if days < 14:
        return f"{plural(days, 'day')} ago"
    if days < 60:
        return f"{days // 7} weeks ago"
    return f"{days // 30} months ago"


def as_quoted_line(text: str) -> str:
    """One line of quoted note text that cannot pose as a header, a role or a new instruction block.

    A leading role word is recognised in the privacy screen's matching form (NFKC, invisible
    characters dropped, Cyrillic/Greek look-alikes read as Latin), because a model reads
    "ｓｙｓｔｅｍ:", "sys\u200btem:" and "ѕуѕtem:" as "system:" too; the note keeps the member's letters.
    """
    flat = " ".join(valid_text(text).split()).translate(_BRACKETS)
    seen = normalise(flat)
    role = _ROLE_PREFIX.match(seen.text)
    if role:
        word_start, word_end = seen.span_in_original(*role.span(1))
        _, prefix_end = seen.span_in_original(role.start(), role.end())
        flat = f"({flat[word_start:word_end]} said):{flat[prefix_end:]}"
    return '"' + flat.replace('"', "'") + '"'


def earlier_label(memory: MemoryRecord) -> str:
    """How a value that no longer holds is introduced: "Earlier, no longer true (2025-11 to 2026-03)"."""
    until = memory.superseded_at or memory.created_at
    return f"Earlier, no longer true ({month(memory.created_at)} to {month(until)})"


def build_memory_block(
    *,
    member_name: str,
    profile: str,
    recent: Sequence[MemoryRecord],
    relevant: Sequence[MemoryRecord],
    budget: int,
    now: datetime | None = None,
    earlier: Sequence[MemoryRecord] = (),
) -> str:
    """The block, never longer than ``budget`` characters; empty when there is nothing to say.

    Room is given in order of value: the profile, then the ``earlier`` values of facts
    (only when the message asks about the past), then memories relevant to the new
    message (strongest first), then the recent ones (newest first); what does not fit
    is left out whole. Shown: recent first (what is going on), then relevant (what bears
    on this message), then what was true before, each with when it held.
    """
    if not (profile or recent or relevant):
        return ""
    intro = load_prompt("memory_block").format(name=member_name)
    lines_budget = budget - len(intro) - 1
    if lines_budget < MIN_LINES_BUDGET:
        return ""
    used = 0
    profile_line = ""
    if profile:
        profile_line = f"Profile: {as_quoted_line(profile)}"
        if len(profile_line) + 1 > lines_budget:
            profile_line = profile_line[: max(0, lines_budget - 2)].rstrip() + '…"'
        used += len(profile_line) + 1

    def fitting(line: str) -> str | None:
        """The line when it still fits the budget (and then it is counted), else None."""
        nonlocal used
        if used + len(line) + 1 > lines_budget:
            return None
        used += len(line) + 1
        return line

    def fits(memory: MemoryRecord, label: str) -> str | None:
        return fitting(f"- {label}: {as_quoted_line(memory.memory)} ({format_relative_time(memory.created_at, now)})")

    def fits_earlier(memory: MemoryRecord) -> str | None:
        return fitting(f"- {earlier_label(memory)}: {as_quoted_line(memory.memory)}")

    earlier_lines = [line for m in earlier if (line := fits_earlier(m))]
    relevant_lines = [line for m in relevant if (line := fits(m, "Relevant"))]
    recent_lines = [line for m in recent if (line := fits(m, "Recent"))]
    body = [line for line in (profile_line, *recent_lines, *relevant_lines, *earlier_lines) if line]
    if not body:
        return ""
    return "\n".join([intro, *body])
