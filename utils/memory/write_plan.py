"""The write plan: what one write of a member's memory changes, given what is stored and what is proposed.

Pure: no database, no awaits, no I/O. `MemoryStore` reads the member, embeds the
admitted texts, and applies the batch this module plans; everything it decides
(what is refused or redacted, what is a new row, which stored row a repeat refreshes,
which slot holder is superseded, how a profile made from an older profile lands) is
decided here, so a table of cases can hold it without a database.

Two versions of one memory (a stored row and its repeat, or two repeats in one batch)
merge by one rule, :func:`merged_versions`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from utils.llm import Vector
from utils.memory.deduplication import near_duplicate
from utils.privacy.screen import screen, screen_key, screen_topics
from utils.storage.records import (
    IMPORTANCE_RANK,
    SOURCE_TRUST,
    AuditEntry,
    MemoryBatch,
    MemoryRecord,
    MemoryScope,
    NewMemory,
)
from utils.storage.schema import MEMORY_TEXT_MAX, PROFILE_MAX

logger = logging.getLogger(__name__)

Epoch = tuple[int, int]
"""Where a member's work started: (local halts, the member's erase epoch in the database)."""

Similarity = Callable[[Vector | None, MemoryRecord], float | None]
"""The cosine of a proposed text's vector with a stored memory's (None: not known, words decide)."""


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


@dataclass
class Admitted:
    """What the privacy screen let through of a write's proposed memories, and the audit lines it left."""

    memories: list[NewMemory] = field(default_factory=list)
    """Redacted, cut to the column, topics and slot keys screened, lifetimes starting when planned."""
    audit: list[AuditEntry] = field(default_factory=list)


# ---------------------------------------------------------------------------- the merge rule
def trust(source: str) -> int:
    return SOURCE_TRUST.get(source, 0)


def more_important(a: str, b: str) -> str:
    return max(a, b, key=lambda i: IMPORTANCE_RANK.get(i, 0))


def merged_versions(
    older: MemoryRecord | NewMemory, newer: NewMemory, *, memory_id: int | None, slot_key: str | None
) -> NewMemory:
    """One memory said twice, as the refresh of row ``memory_id``: the rule every merge of two versions follows.

    The newer wording and source win unless the older source is more trusted (a member
    repeating what the monitor noticed makes it theirs, never the reverse); topics are
    joined, the later expiry and the higher importance kept. The slot is the caller's:
    taking one may supersede other holders.
    """
    newer_wins = trust(newer.source) >= trust(older.source)
    return replace(
        newer,
        memory_id=memory_id,
        memory=newer.memory if newer_wins else older.memory,
        topics=tuple(dict.fromkeys(older.topics + newer.topics)),
        expires_at=max(older.expires_at, newer.expires_at),
        importance=more_important(older.importance, newer.importance),
        source=newer.source if newer_wins else older.source,
        slot_key=slot_key,
    )


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


# ---------------------------------------------------------------------------- planning
def admitted(write: Write, now: datetime) -> Admitted:
    """The proposed memories the privacy screen lets through, each screened once, then cut to the column.

    A topic or slot key holding a secret is dropped, not kept half-redacted; a write
    planned after an outage starts its memories' lifetimes ``now``, not when it was asked.
    """
    result = Admitted()
    for candidate in write.memories:
        cleaned = screen(candidate.memory, "memory", limit=MEMORY_TEXT_MAX)
        if cleaned.refused:
            result.audit.append(AuditEntry("refused_sensitive", write.user_id, write.actor, source=candidate.source))
            continue
        if cleaned.changed:
            result.audit.append(AuditEntry("redacted", write.user_id, write.actor, source=candidate.source))
        result.memories.append(
            replace(
                candidate,
                memory=cleaned.text,
                topics=screen_topics(candidate.topics),
                slot_key=screen_key(candidate.slot_key) if candidate.slot_key else None,
                expires_at=candidate.expires_at + (now - write.at),
            )
        )
    return result


def planned_batch(
    write: Write,
    admitted: Admitted,
    *,
    stored_memories: Sequence[MemoryRecord],
    stored_profile: str,
    now: datetime,
    cap: int,
    vectors: Sequence[Vector | None] | None = None,
    similarity: Similarity | None = None,
) -> MemoryBatch:
    """The batch for ``write`` against what the database held when it was read.

    ``vectors`` are the admitted texts' embeddings, in order (None: words only);
    ``similarity`` compares one with a stored memory. The cap is the storage's to
    enforce when the batch is applied.
    """
    forget_ids = list(write.forget_ids)
    profile = rebased_profile(write.profile, write.profile_base, stored_profile) if write.profile is not None else None
    batch = MemoryBatch(write.user_id, actor=write.actor, cap=cap, forget_ids=forget_ids, profile=profile)
    batch.audit.extend(admitted.audit)
    live = [m for m in stored_memories if m.expires_at > now and m.id not in forget_ids]
    for candidate, vector in zip(admitted.memories, vectors or [None] * len(admitted.memories), strict=True):
        _plan_memory(batch, live, candidate, vector, similarity)
    return batch


def _plan_memory(
    batch: MemoryBatch,
    live: list[MemoryRecord],
    candidate: NewMemory,
    vector: Vector | None = None,
    similarity: Similarity | None = None,
) -> None:
    """Refresh a near-duplicate, respect a more trusted slot holder, or insert (superseding the slot)."""
    text, source = candidate.memory, candidate.source
    duplicate = next(
        (m for m in live if near_duplicate(m.memory, text, similarity=similarity(vector, m) if similarity else None)),
        None,
    )
    if duplicate is not None:
        slot_key = duplicate.slot_key or (
            candidate.slot_key if _take_slot(batch, live, candidate.slot_key, source, duplicate.id) else None
        )
        _add_refresh(batch, merged_versions(duplicate, candidate, memory_id=duplicate.id, slot_key=slot_key))
        return
    if any(near_duplicate(n.memory, text) for n in batch.inserts):
        return
    candidate = _replacing(batch, live, candidate)
    if candidate.slot_key and not _take_slot(batch, live, candidate.slot_key, source):
        return
    batch.inserts.append(candidate)


def _add_refresh(batch: MemoryBatch, refresh: NewMemory) -> None:
    """Add ``refresh``, merged into an earlier refresh of the same memory in this batch.

    Two candidates of one batch can repeat the same memory; both are planned from the old
    row, so applying both would let the second erase the first's importance and topics.
    """
    for index, prior in enumerate(batch.refreshes):
        if prior.memory_id == refresh.memory_id:
            slot_key = prior.slot_key or refresh.slot_key
            batch.refreshes[index] = merged_versions(prior, refresh, memory_id=prior.memory_id, slot_key=slot_key)
            return
    batch.refreshes.append(refresh)


def _replacing(batch: MemoryBatch, live: list[MemoryRecord], candidate: NewMemory) -> NewMemory:
    """A new fact said to replace a live memory (already vetted) takes that memory's slot, so the old one
    becomes its earlier value; a memory that held no slot joins the new one's (or one named after it).

    A replaced memory more trusted than the new fact stays: the new fact is still written, beside it.
    """
    old = next((m for m in live if m.id == candidate.replaces_id), None)
    if old is None:
        return replace(candidate, replaces_id=None)
    slot = old.slot_key or candidate.slot_key or f"fact_{old.id}"
    if old.slot_key is None:
        if trust(old.source) > trust(candidate.source):
            return replace(candidate, replaces_id=None)
        if old.id not in batch.supersede_ids:
            batch.supersede_ids.append(old.id)
        batch.slot_of_replaced[old.id] = slot
    return replace(candidate, slot_key=slot)


def _take_slot(
    batch: MemoryBatch, live: list[MemoryRecord], slot_key: str | None, source: str, keep_id: int | None = None
) -> bool:
    """Make ``slot_key`` free for a statement from ``source``: supersede its holders, or refuse (False).

    A slot has one live holder, so whoever takes it (an insert or a refresh of a
    slot-less memory) supersedes the others, unless one of them is more trusted.
    """
    if not slot_key:
        return False
    holders = [m for m in live if m.slot_key == slot_key and m.id != keep_id]
    if any(trust(h.source) > trust(source) for h in holders):
        logger.info("Kept the more trusted %s memory in slot %s.", holders[0].source, slot_key)
        return False
    batch.supersede_ids.extend(h.id for h in holders if h.id not in batch.supersede_ids)
    batch.inserts = [n for n in batch.inserts if n.slot_key != slot_key]
    return True
