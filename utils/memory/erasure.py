"""What an erasure takes away: the one vocabulary of every forget, forget-recent, forget-all, opt-out and admin path.

`MemoryService.erase(user_id, what, actor=…, scope=…)` is the single operation; these
are its ``what`` and its answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

MAX_RECENT_MINUTES = 30 * 24 * 60


@dataclass(frozen=True)
class ForgetIds:
    """Some memories by id (and the versions they superseded)."""

    ids: tuple[int, ...]


@dataclass(frozen=True)
class ForgetRecent:
    """What was learned in the last ``minutes``: memories, and the profile as it was then."""

    minutes: int


@dataclass(frozen=True)
class ForgetAll:
    """Every memory and the profile (within a restricted scope: that server's memories only)."""


@dataclass(frozen=True)
class OptOut:
    """Everything, and never learn again (until opt-in)."""


EraseWhat = ForgetIds | ForgetRecent | ForgetAll | OptOut


@dataclass(frozen=True)
class Erasure:
    """One erasure as its listeners see it (chat context, LlmLog buffer, the monitor's note lines)."""

    user_id: int
    everything: bool
    """True once everything about the member was erased (forget all, opt-out); False for a part, or a failed erase."""
    since: datetime | None = None


@dataclass(frozen=True)
class Erased:
    """What an erasure did."""

    memories_removed: int = 0
    profile_restored: bool = False
    found: bool = True
    """False when the ids asked for are not the member's (in that scope): nothing was done."""
    changed: bool = True
    """False for an opt-out of a member already opted out."""
