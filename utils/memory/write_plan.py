"""What one write of a member's memory is, before and while it is planned: the operation and its merge rules.

`MemoryStore` plans each write against what is stored; these are the pieces that need no
database: the write as asked (kept as it is while the database is away), how two
refreshes of one memory in a batch merge, and how a profile made from an older profile
is rebased onto the one another process stored meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from utils.storage.records import IMPORTANCE_RANK, SOURCE_TRUST, MemoryBatch, MemoryScope, NewMemory
from utils.storage.schema import PROFILE_MAX

logger = logging.getLogger(__name__)

Epoch = tuple[int, int]
"""Where a member's work started: (local halts, the member's erase epoch in the database)."""


@dataclass
class Write:
    """One write as asked, before planning: what a postponed write keeps until it can be planned for real.

    Not a memory but the operation: whose, in which scope, by whom, the memories as
    proposed, and the forgets and profile that go with them.
    """

    user_id: int
    scope: MemoryScope
    memories: Sequence[NewMemory]
    actor: str
    epoch: Epoch
    forget_ids: Sequence[int] = ()
    profile: str | None = None
    profile_base: str = ""
    """The profile ``profile`` was made from: another process changing it meanwhile is seen and merged."""
    at: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When it was asked: a write planned later (after an outage) starts its memories' lifetimes then."""


def rebased_profile(profile: str, base: str, stored: str) -> str | None:
    """The profile to write when ``profile`` was made from ``base`` but ``stored`` is what the database holds now.

    Unchanged underneath, it is written as it is. When another process changed it
    meanwhile, what ``profile`` appended to its base is appended to the stored one (if it
    still fits); a rewrite made from an older profile is not written over a newer one
    (None: the profile stays as stored).
    """
    if stored == base or profile.startswith(stored):
        return profile  # unchanged underneath, or it already holds all that is stored
    if not profile.startswith(base):
        logger.info("Kept a profile another process wrote meanwhile over a rewrite made from the older one.")
        return None
    added = profile[len(base) :].strip()
    if not added or added in stored:
        return None
    merged = f"{stored} {added}".strip()
    return merged if len(merged) <= PROFILE_MAX else None


def trust(source: str) -> int:
    return SOURCE_TRUST.get(source, 0)


def more_important(a: str, b: str) -> str:
    return max(a, b, key=lambda i: IMPORTANCE_RANK.get(i, 0))


def add_refresh(batch: MemoryBatch, refresh: NewMemory) -> None:
    """Add ``refresh``, merged into an earlier refresh of the same memory in this batch.

    Two candidates of one batch can repeat the same memory; both are planned from the old
    row, so applying both would let the second erase the first's importance and topics.
    """
    for index, prior in enumerate(batch.refreshes):
        if prior.memory_id != refresh.memory_id:
            continue
        later_wins = trust(refresh.source) >= trust(prior.source)
        batch.refreshes[index] = replace(
            refresh,
            memory=refresh.memory if later_wins else prior.memory,
            topics=tuple(dict.fromkeys(prior.topics + refresh.topics)),
            expires_at=max(prior.expires_at, refresh.expires_at),
            importance=more_important(prior.importance, refresh.importance),
            source=refresh.source if later_wins else prior.source,
            slot_key=prior.slot_key or refresh.slot_key,
        )
        return
    batch.refreshes.append(refresh)
