"""What goes into an extraction and what may come out of it, decided before and after the model is asked.

Plain functions of text and records, so the rules are tested as tables without a model:
which turns are worth a call, which live memories the extractor is shown, and which new
memory only says again what the member just asked to forget.
"""

from __future__ import annotations

from collections.abc import Sequence

from utils.memory.deduplication import near_duplicate
from utils.memory.extraction import ExtractedMemory
from utils.memory.forget_requests import asks_to_forget
from utils.memory.ranking import GENERIC_TOPICS, Query, rank_relevant
from utils.memory.words import content_words
from utils.storage.records import MemoryRecord

SHOWN_TO_EXTRACTOR = 10
"""Live memories shown to the extractor (the matching ones first): enough to dedup and forget, cheap in tokens."""

CHAT_FILLERS = frozenset(
    content_words("haha hahaha lmao lmfao rofl xd same nice cool true fr brb gg ty thx np idk omg wow yep nope bruh")
)
"""Chat fillers that are not stopwords but carry nothing to remember: alone, they cost no extraction call."""


def worth_extracting(text: str) -> bool:
    """Skip the extractor for turns with nothing to learn ("lol", "ok", "same", "haha true", an image alone)."""
    return bool(content_words(text) - CHAT_FILLERS) or asks_to_forget([text])


def shown_to_extractor(live: Sequence[MemoryRecord], query: Query) -> list[MemoryRecord]:
    """What the extractor is told it already knows: the matching memories first, then the newest."""
    relevant = rank_relevant(live, query, limit=SHOWN_TO_EXTRACTOR)
    chosen = {m.id for m in relevant}
    rest = [m for m in live if m.id not in chosen]
    return (relevant + rest)[:SHOWN_TO_EXTRACTOR]


def repeats_forgotten(memory: ExtractedMemory, forgotten: Sequence[MemoryRecord]) -> bool:
    """True when a new memory says again what the member just asked to forget (so it is not stored or folded)."""
    return any(
        near_duplicate(memory.memory, old.memory) or (set(memory.topics) & set(old.topics)) - GENERIC_TOPICS for old in forgotten
    )
