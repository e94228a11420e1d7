"""What the bot learns about members from chat, remembers, recalls for a prompt and lets expire.

`service.MemoryService` is the package's door: the runtime, the conversation pipeline,
the monitor and `utils/members` go through it (and `MemoryContext`, what it puts in a
prompt). `store.MemoryStore` is the only writer of memories and the profile; the rest
(extraction, vetting, ranking, deduplication, fact history, the embedding worker) is
its machinery. Other packages use the names below — the door, and the few helpers the
doctor, the monitor, the member view and the bench share with it. Nothing here imports
discord, and no module of the package imports this file, so re-exporting makes no cycle.
"""

from utils.memory.deduplication import near_duplicate
from utils.memory.embedding_worker import BACKGROUND_TIMEOUT_SECONDS, EMBED_EVERY_SECONDS
from utils.memory.extraction import MEMORY_EXTRACTION_TOOL, ExtractionResult, ExtractionTurn, build_extraction_messages
from utils.memory.fact_history import FactHistory, day, fact_histories
from utils.memory.junk import clean, junk_reason
from utils.memory.ranking import SIMILARITY_FLOOR, Query, rank_relevant
from utils.memory.service import MemoryContext, MemoryService
from utils.memory.vetting import says_something, vet

__all__ = [
    "BACKGROUND_TIMEOUT_SECONDS",
    "EMBED_EVERY_SECONDS",
    "MEMORY_EXTRACTION_TOOL",
    "SIMILARITY_FLOOR",
    "ExtractionResult",
    "ExtractionTurn",
    "FactHistory",
    "MemoryContext",
    "MemoryService",
    "Query",
    "build_extraction_messages",
    "clean",
    "day",
    "fact_histories",
    "junk_reason",
    "near_duplicate",
    "rank_relevant",
    "says_something",
    "vet",
]
