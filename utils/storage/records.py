"""Plain records passed between storage and logic; no SQL, no discord, no LLM here."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from utils.privacy.screen import Seen

IMPORTANCE_RANK = {"low": 1, "medium": 2, "high": 3}
SOURCE_TRUST = {"chat": 3, "passive": 1, "migration": 1}
"""What the member said outranks what the bot noticed or migrated: people are the authority on themselves."""


@dataclass(slots=True)
class UserStateRecord:
    """One `UserState` row: the behaviour monitor's per-member state, and `UserNotes` (profile and observation lines)."""

    user_id: int
    offense_count: int = 0
    immune: bool = False
    off_topic_count: int = 0
    baseline_coherence: float = 0.85
    toxicity_score: float = 0.0
    user_notes: str = ""
    warned: bool = False
    last_offense_at: datetime | None = None


STATE_COUNTERS = ("offense_count", "off_topic_count")
"""The `UserState` counters a state change adds to (several processes count the same member)."""
SET_STATE_FIELDS = ("immune", "warned", "last_offense_at", "toxicity_score", "baseline_coherence")
"""The `UserState` fields a state change sets to a value, when the process changed them."""


@dataclass(frozen=True, slots=True)
class UserStateChange:
    """What one process changed of a member's monitor state since it last loaded or flushed it (its baseline).

    Several processes write the same members, so a flush says what changed rather than
    how the whole row looks: the counters as deltas (``deltas``, added to what is
    stored), only the fields this process set (``values``), and the observation lines it added,
    each with the member's erase epoch when it was added (a line whose member was erased
    since is not written).

    A counter in ``reset_from`` started again here (an offense run that went quiet, an
    on-topic message): its value there is what this process knew at its baseline, taken
    back once, and its delta is what was counted since the restart. What other processes
    counted after that baseline stays. A stored count below ``reset_from`` means the run
    started again elsewhere too, after this baseline: what is stored is that new run,
    kept whole. So the stored count becomes ``stored - reset_from + delta`` when
    ``stored >= reset_from``, else ``stored + delta``.
    """

    user_id: int
    deltas: dict[str, int] = field(default_factory=dict)
    """By counter (keys of :data:`STATE_COUNTERS`)."""
    reset_from: dict[str, int] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    """By field (keys of :data:`SET_STATE_FIELDS`): only those this process changed."""
    lines: tuple[tuple[str, int], ...] = ()
    """(observation line, erase epoch it was added under), oldest first."""

    def counted(self, name: str, stored: int) -> int:
        """The counter ``name`` after this change, from the ``stored`` value (never below 0)."""
        delta = self.deltas.get(name, 0)
        if name in self.reset_from:
            base = self.reset_from[name]
            return (stored - base if stored >= base else stored) + max(delta, 0)
        return max(stored + delta, 0)

    def applied_to(self, stored: UserStateRecord) -> UserStateRecord:
        """``stored`` with the counters and fields of this change (the observation lines are the storage's to merge)."""
        after = replace(
            stored,
            offense_count=self.counted("offense_count", stored.offense_count),
            off_topic_count=self.counted("off_topic_count", stored.off_topic_count),
        )
        for name, value in self.values.items():
            setattr(after, name, value)
        return after


@dataclass(frozen=True, slots=True)
class SavedStates:
    """What a state flush stored: each changed member's row after the write, and the observation lines it did not write."""

    stored: dict[int, UserStateRecord] = field(default_factory=dict)
    """By member; ``user_notes`` is the whole column (profile and observation lines), as `load_user_states` gives it."""
    dropped_lines: int = 0
    """Note lines of members erased (in any process) after the lines were added: not written."""


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

    def status(self, now: datetime) -> str:
        """ "live", "superseded" (a newer statement took its slot) or "expired" (not yet pruned)."""
        if self.superseded_at is not None:
            return "superseded"
        return "expired" if self.expires_at <= now else "live"

    def exported(self, now: datetime) -> dict[str, Any]:
        """The memory as the member's export shows it: every field but the vector, ids as strings, times as ISO.

        Derived from the fields, so a new column reaches the export without an edit here.
        """
        entry: dict[str, Any] = {}
        for name in (f.name for f in fields(self) if f.name not in _NOT_EXPORTED):
            value = getattr(self, name)
            if isinstance(value, datetime):
                value = value.isoformat()
            elif isinstance(value, tuple):
                value = list(value)
            elif name in _EXPORTED_AS_TEXT and value is not None:
                value = str(value)
            entry[_EXPORTED_NAMES.get(name, name)] = value
        entry["status"] = self.status(now)
        return entry


_NOT_EXPORTED = frozenset({"user_id", "embedding", "embedding_model"})
_EXPORTED_NAMES = {"created_at": "learned_at", "slot_key": "slot"}
_EXPORTED_AS_TEXT = frozenset({"guild_id"})
"""Discord ids over 2**53 would be rounded by a JavaScript reader: the export gives them as strings."""


@dataclass(slots=True, frozen=True)
class NewMemory:
    """A memory as it is written: a new row, or (with ``memory_id``) the new values of an existing one.

    What every source proposes (chat extraction, the monitor, the migration, scripts)
    and what the planned batch inserts or refreshes are this one shape, so a field
    added here and to :class:`MemoryRecord` flows from the proposal to the row.
    """

    user_id: int
    memory: str
    topics: tuple[str, ...]
    importance: str
    expires_at: datetime
    source: str
    guild_id: int | None = None
    slot_key: str | None = None
    memory_id: int | None = None
    """The row a refresh overwrites (an existing memory said again); None for a new row."""
    replaces_id: int | None = None
    """A live row this new fact replaces (vetted: same slot or same subject); it becomes an earlier value."""


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
    refreshes: list[NewMemory] = field(default_factory=list)
    """Existing rows said again (each names its ``memory_id``): newer wording, later expiry, higher importance."""
    supersede_ids: list[int] = field(default_factory=list)
    slot_of_replaced: dict[int, str] = field(default_factory=dict)
    """A superseded row that held no slot (the extractor said a new fact replaces it) → the slot it joins."""
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
    write_version: int = 0
    """Moves with every write of the member's memories, profile or observation lines, in any process."""
    erase_epoch: int = 0
    """Moves with every erasure, opt-out and pause: work started before it must not be written."""
    change_seq: int = 0
    """Where this row's last change stands in the database-wide order the processes poll."""

    def paused(self, now: datetime) -> bool:
        return self.paused_until is not None and self.paused_until > now


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
    """How a tool's arguments were asked for and read (a `utils.llm.modes.ToolMode`); None for plain completions."""
    member_ids: tuple[int, ...] = ()
    """Other members whose words the excerpts hold (a monitor batch's authors, a chat call's channel context):
    forgetting any of them blanks the row too (`LlmLogMember`)."""
    seen: Seen | None = field(default=None, compare=False, repr=False)
    """What the screen took out of the members' messages for this call, never written: the log's screening
    takes it out of the request, the answer and the error too (a model or a server repeats it bare)."""

    def mentions(self, user_id: int) -> bool:
        """Whether this row holds words of ``user_id``: it is about them, or quotes them."""
        return self.user_id == user_id or user_id in self.member_ids

    @property
    def members(self) -> tuple[int, ...]:
        """Every member whose words the row may hold, its own first."""
        own = () if self.user_id is None else (self.user_id,)
        return own + tuple(m for m in self.member_ids if m != self.user_id)


@dataclass(slots=True, frozen=True)
class ToolWayRecord:
    """One `LlmToolWay` row: which way of getting tool arguments a model on an endpoint answers."""

    endpoint: str
    model: str
    way: str | None
    """The way that worked last; None while none has."""
    refused: str = ""
    """The ways the model refused, comma-separated ``way:http`` (an HTTP error) or ``way:ignored`` (no arguments)."""


@dataclass(slots=True, frozen=True)
class NewCase:
    """A case as the monitor opens it; the database numbers it within its server."""

    guild_id: int
    user_id: int
    action: str
    """``warn`` or ``timeout``."""
    category: str
    reason: str
    excerpt: str | None
    """The member's words, already screened."""
    state: str
    decided_by: str
    channel_id: int | None = None
    message_id: int | None = None
    timeout_seconds: int | None = None
    offenses: int = 1
    """How many of the member's offenses the case answers (a batch may hold several): what undoing it takes back."""
    expires_at: datetime | None = None
    """When an unanswered proposal lapses (None: nothing waits on anyone)."""


@dataclass(slots=True, frozen=True, kw_only=True)
class ModerationCaseRecord(NewCase):
    """One `ModerationCase` row: the case as opened, and what the database and later decisions added to it."""

    id: int
    number: int
    created_at: datetime | None = None
    undone_at: datetime | None = None
    undone_by: str | None = None


@dataclass(slots=True, frozen=True)
class GuildSettingRecord:
    """One `GuildSetting` row: a server's own value of one setting, as text."""

    guild_id: int
    name: str
    value: str | None
    """None: the server uses the `.env` value again."""
    changed_by: str = "system"
    change_seq: int = 0
