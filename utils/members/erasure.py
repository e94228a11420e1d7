"""What an erasure takes away, and the receipt it gives: the one vocabulary of every way a member forgets.

`MemberService.erase(user_id, what, actor=…, scope=…)` is the single operation (commands, the
cog's buttons, a moderator, a request said in plain words); these are its ``what``, the event
its holders in RAM receive, and its answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from utils.wording import plural

MAX_RECENT_MINUTES = 30 * 24 * 60


@dataclass(frozen=True)
class ForgetIds:
    """Some memories by id (and the versions they superseded)."""

    ids: tuple[int, ...]


@dataclass(frozen=True)
class ForgetFacts:
    """Some facts of the profile: by their number in `/memory show` (1 first), or as written."""

    numbers: tuple[int, ...] = ()
    texts: tuple[str, ...] = ()


@dataclass(frozen=True)
class ForgetRecent:
    """What was learned in the last ``minutes``: memories, and the profile as it was then (never what an erasure
    took back meanwhile)."""

    minutes: int


@dataclass(frozen=True)
class ForgetAll:
    """Every memory and the profile (within a restricted scope: that server's memories only)."""


@dataclass(frozen=True)
class OptOut:
    """Everything, and never learn again (until opt-in)."""


EraseWhat = ForgetIds | ForgetFacts | ForgetRecent | ForgetAll | OptOut


@dataclass(frozen=True)
class Erasure:
    """One erasure as the copies held in RAM see it (chat context, the LlmLog buffer, the monitor's state, queued
    learning), here or in another process."""

    user_id: int
    everything: bool
    """True once everything about the member was erased (forget all, opt-out); False for a part, or a failed erase."""
    since: datetime | None = None
    texts: tuple[str, ...] = ()
    """What was forgotten, as stored (memories' texts, profile facts): copies holding one go too."""
    stored_user_notes: str | None = None
    """`UserNotes` as the erasure left it (None: not read), for the monitor's view of its observation lines."""


# How the receipt names each kind of thing removed, in the order it lists them.
RECEIPT_ORDER = (
    "memories",
    "profile facts",
    "earlier profiles",
    "monitor notes",
    "notes from before the upgrade",
    "log excerpts",
    "case excerpts",
    "chat context",
    "queued learning",
)
_NOUNS = {
    "memories": ("memory", "memories"),
    "profile facts": ("profile fact", "profile facts"),
    "earlier profiles": ("earlier profile", "earlier profiles"),
    "monitor notes": ("monitor note", "monitor notes"),
    "notes from before the upgrade": ("old note", "old notes"),
    "log excerpts": ("log excerpt", "log excerpts"),
    "case excerpts": ("moderation case excerpt", "moderation case excerpts"),
    "chat context": ("line of chat context", "lines of chat context"),
    "queued learning": ("message waiting to be learned from", "messages waiting to be learned from"),
}


@dataclass(frozen=True)
class OtherProcesses:
    """What the other bot processes on the database did about an erasure, as far as this one knows."""

    running: int = 0
    confirmed: int = 0
    """Of those, how many said they had dropped what it took back, within the coherence promise."""

    def said(self) -> str:
        if not self.running:
            return "No other bot process holds a copy."
        if self.confirmed == self.running:
            who = "The other bot process" if self.running == 1 else f"The {self.running} other bot processes"
            return f"{who} confirmed within a second."
        left = self.running - self.confirmed
        return f"{plural(left, 'other bot process', 'other bot processes')} will drop it at their next poll (within a second)."


@dataclass(frozen=True)
class Receipt:
    """What an erasure removed, by kind (never the text), and whether the other processes followed."""

    removed: Mapping[str, int] = field(default_factory=dict)
    others: OtherProcesses = OtherProcesses()
    found: bool = True
    """False when what was named is not the member's (in that scope): nothing was done."""
    changed: bool = True
    """False for an opt-out of a member already opted out."""
    profile_restored: bool = False

    @property
    def memories_removed(self) -> int:
        return self.removed.get("memories", 0)

    def gone(self) -> str:
        """ "Gone: 2 memories, 1 profile fact and 12 log excerpts." — or that nothing was kept."""
        parts = [
            plural(self.removed[kind], *_NOUNS.get(kind, (kind, kind)))
            for kind in (*RECEIPT_ORDER, *sorted(set(self.removed) - set(RECEIPT_ORDER)))
            if self.removed.get(kind)
        ]
        if not parts:
            return "Nothing of it was kept anywhere."
        listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
        return f"Gone: {listed}."

    def said(self) -> str:
        """The receipt in two sentences: what went, and what the other processes did."""
        return f"{self.gone()} {self.others.said()}"
