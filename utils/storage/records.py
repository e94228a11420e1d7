"""Plain records passed between storage and logic; no SQL, no discord, no LLM here."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import ClassVar

IMPORTANCE_RANK = {"low": 1, "medium": 2, "high": 3}
SOURCE_TRUST = {"chat": 3, "passive": 1, "migration": 1}
"""What the member said outranks what the bot noticed or migrated (the support-desk rule)."""


@dataclass(slots=True)
class UserStateRecord:
    """One `UserState` row: the behaviour monitor's per-member state, and `UserNotes` (profile and note lines)."""

    user_id: int
    offense_count: int = 0
    immune: bool = False
    off_topic_count: int = 0
    baseline_coherence: float = 0.85
    toxicity_score: float = 0.0
    user_notes: str = ""
    warned: bool = False
    last_offense_at: datetime | None = None


@dataclass(slots=True, frozen=True)
class MemoryRecord:
    """One live `UserMemory` row as the logic sees it (topics already split)."""

    id: int
    user_id: int
    memory: str
    topics: tuple[str, ...]
    importance: str
    expires_at: datetime
    source: str
    created_at: datetime
    guild_id: int | None = None
    """Where it was learned: a server's id, or None for direct messages."""
    slot_key: str | None = None
    superseded_at: datetime | None = None
    embedding: bytes | None = None
    """float32 vector bytes from `embedding_model`, or None until one is computed."""
    embedding_model: str | None = None


@dataclass(slots=True, frozen=True)
class NewMemory:
    """A memory accepted by validation and redaction, ready to be inserted."""

    user_id: int
    memory: str
    topics: tuple[str, ...]
    importance: str
    expires_at: datetime
    source: str
    guild_id: int | None = None
    slot_key: str | None = None


@dataclass(slots=True, frozen=True)
class MemoryRefresh:
    """An existing memory said again: newer wording, later expiry, higher importance."""

    memory_id: int
    memory: str
    topics: tuple[str, ...]
    expires_at: datetime
    importance: str
    source: str | None = None
    """The more trusted of the old and the new source (None: unchanged)."""
    slot_key: str | None = None
    """A slot the new statement named, when the old row had none (None: unchanged)."""


@dataclass(slots=True, frozen=True)
class AuditEntry:
    """One `MemoryAudit` row: what happened, never the content."""

    action: str
    user_id: int
    actor: str
    memory_id: int | None = None
    source: str | None = None


@dataclass(slots=True, frozen=True)
class MemoryScope:
    """Where a member's memories may surface.

    Unrestricted (MEMORY_SCOPE=global) means everywhere; restricted means only those
    learned in ``guild_id`` — with ``guild_id=None`` standing for direct messages.
    """

    restricted: bool = False
    guild_id: int | None = None

    GLOBAL: ClassVar[MemoryScope]

    @classmethod
    def for_place(cls, mode: str, guild_id: int | None) -> MemoryScope:
        return cls(restricted=True, guild_id=guild_id) if mode == "guild" else cls.GLOBAL

    def admits(self, guild_id: int | None) -> bool:
        return not self.restricted or guild_id == self.guild_id


MemoryScope.GLOBAL = MemoryScope()


@dataclass(slots=True)
class MemoryBatch:
    """Everything one extraction (or one passive note) changes, applied in one transaction.

    ``actor`` is written to every audit row the batch produces ("member", "admin:<id>",
    "system"); ``audit`` holds extra entries such as ``redacted`` or ``refused_sensitive``.
    """

    user_id: int
    actor: str = "system"
    inserts: list[NewMemory] = field(default_factory=list)
    refreshes: list[MemoryRefresh] = field(default_factory=list)
    supersede_ids: list[int] = field(default_factory=list)
    forget_ids: list[int] = field(default_factory=list)
    audit: list[AuditEntry] = field(default_factory=list)
    cap: int = 50
    profile: str | None = None
    """A new profile learned by the same extraction: written in the same transaction (None: unchanged)."""

    def is_empty(self) -> bool:
        return not (
            self.inserts or self.refreshes or self.supersede_ids or self.forget_ids or self.audit or self.profile is not None
        )


@dataclass(slots=True, frozen=True)
class MemoryPreferenceRecord:
    """A member's say over their memory: opted out entirely, or writes paused until a time."""

    user_id: int
    opted_out: bool = False
    paused_until: datetime | None = None


@dataclass(slots=True, frozen=True)
class AuditRecord:
    """A stored `MemoryAudit` row, for export."""

    action: str
    memory_id: int | None
    source: str | None
    actor: str
    created_at: datetime


@dataclass(slots=True, frozen=True)
class LlmCallRecord:
    """One `LlmLog` row: a single call to the LLM, successful or not."""

    kind: str
    model: str
    latency_ms: int
    success: bool
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    request_excerpt: str | None = None
    response_excerpt: str | None = None
    error: str | None = None
    created_at: datetime | None = None
    user_id: int | None = None
    """The member the call was about, so forgetting them can blank its excerpts."""
    way: str | None = None
    """How a tool's arguments were asked for and read (`utils.llm.ways.Way`); None for plain completions."""


@dataclass(slots=True, frozen=True)
class ToolWayRecord:
    """One `LlmToolWay` row: which way of getting tool arguments a model on an endpoint answers."""

    endpoint: str
    model: str
    way: str | None
    """The way that worked last; None while none has."""
    refused: str = ""
    """The ways the model refused, comma-separated ``way:http`` (an HTTP error) or ``way:ignored`` (no arguments)."""
