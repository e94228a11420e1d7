"""Deciding what the monitor does about a message: state changes in `MonitorState`, actions as plain data.

The escalation is: a message at or above the toxicity threshold is an offense and
earns a warning; offenses that follow each other within the window are counted, and
the one that reaches ``timeout_after_offenses`` also earns a timeout. Off-topic
messages in a row earn one gentle redirect when they reach the threshold. Immune
members are scored like anyone (their observations are kept) but never actioned.
The cog (or the replay script) carries the actions out; nothing here touches Discord.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import timedelta
from enum import StrEnum

from utils.config import Settings
from utils.monitor.analysis import MessageFinding, in_unit_range
from utils.monitor.messages import ObservedMessage
from utils.monitor.state import MonitorState
from utils.wording import plural


class ActionKind(StrEnum):
    WARN = "warn"
    TIMEOUT = "timeout"
    REDIRECT = "redirect"


@dataclass(frozen=True)
class Policy:
    toxicity_threshold: float = 0.7
    half_life_hours: float = 24.0
    offense_window: timedelta = timedelta(minutes=60)
    timeout_after_offenses: int = 3
    timeout: timedelta = timedelta(minutes=10)
    off_topic_threshold: int = 3
    public_warnings: bool = True
    min_confidence: float = 0.5

    @classmethod
    def from_settings(cls, settings: Settings) -> Policy:
        return cls(
            toxicity_threshold=settings.toxicity_threshold,
            half_life_hours=settings.toxicity_half_life_hours,
            offense_window=timedelta(minutes=settings.offense_window_minutes),
            timeout_after_offenses=settings.timeout_after_offenses,
            timeout=timedelta(minutes=settings.timeout_minutes),
            off_topic_threshold=settings.off_topic_threshold,
            public_warnings=settings.sentiment_public_warnings,
            min_confidence=settings.sentiment_min_confidence,
        )


@dataclass(frozen=True)
class Action:
    """One thing to do about one message. ``text`` is what the member sees (warnings, redirects)."""

    kind: ActionKind
    message: ObservedMessage
    reason: str
    text: str = ""
    public: bool = True
    duration: timedelta | None = None
    category: str = ""
    """The finding's categories, comma-separated ("insult, harassment"), for the case."""


@dataclass(frozen=True)
class Verdict:
    """What the monitor concluded about one message, and what it decided to do."""

    message: ObservedMessage
    finding: MessageFinding | None
    toxicity_score: float = 0.0
    offenses: int = 0
    actions: tuple[Action, ...] = ()
    observation: str | None = None
    """The finding's observation as kept in `UserNotes` (None: none, or not kept)."""
    remark: str = ""
    refused: str = ""
    """Why the model's finding was not trusted (empty: it was); a refused finding changes nothing."""


@dataclass
class BatchOutcome:
    """A batch after analysis: a verdict per message, or the reason the whole batch was dropped."""

    verdicts: list[Verdict] = field(default_factory=list)
    failed: str | None = None
    refused: str | None = None
    """Why the model's verdicts for the whole batch were not trusted (None: they were)."""

    @property
    def actions(self) -> list[Action]:
        return [a for v in self.verdicts for a in v.actions]


def warning_text(name: str, offenses: int) -> str:
    if offenses > 1:
        return f"{name}, that is {plural(offenses, 'message')} over the line in a short time. Please cool it down."
    return f"{name}, please keep it friendly: that message crossed the line."


def redirect_text(name: str, channel_name: str) -> str:
    return f"Friendly nudge, {name}: this is drifting away from #{channel_name}'s topic. Maybe take it to a better fit?"


def judge(policy: Policy, monitor_state: MonitorState, message: ObservedMessage, finding: MessageFinding) -> Verdict:
    """Fold one finding into the author's state and decide the actions it earns.

    The finding must have passed :mod:`utils.monitor.trust`; one off the 0..1 scale is
    refused here too, so no caller can turn a counter's 3.5 into an offense.
    """
    if not in_unit_range(finding.toxicity):
        return Verdict(message, finding, refused=f"toxicity {finding.toxicity:g} is off the 0..1 scale")
    uid, now = message.author_id, message.created_at
    score = monitor_state.record_toxicity(uid, finding.toxicity, now, policy.half_life_hours)
    if finding.coherence is not None:
        monitor_state.record_coherence(uid, finding.coherence)
    offense = finding.toxicity >= policy.toxicity_threshold
    offenses = monitor_state.offenses_in_window(uid, now, policy.offense_window)
    if monitor_state.is_immune(uid):
        return Verdict(message, finding, score, offenses, remark="immune: not actioned" if offense or finding.off_topic else "")
    actions: list[Action] = []
    if offense:
        offenses = monitor_state.record_offense(uid, now, policy.offense_window)
        monitor_state.mark_warned(uid)
        category = ", ".join(finding.categories) or "toxicity"
        reason = f"{category} {finding.toxicity:.2f} (recent offenses: {offenses})"
        warning = warning_text(message.author_name, offenses)
        actions.append(Action(ActionKind.WARN, message, reason, warning, policy.public_warnings, category=category))
        if policy.timeout_after_offenses and offenses >= policy.timeout_after_offenses:
            actions.append(Action(ActionKind.TIMEOUT, message, reason, duration=policy.timeout, category=category))
    drift = monitor_state.record_topic(uid, finding.off_topic)
    if not offense and policy.off_topic_threshold and drift >= policy.off_topic_threshold:
        monitor_state.reset_off_topic(uid)
        reason = f"{plural(drift, 'off-topic message')} in a row"
        actions.append(Action(ActionKind.REDIRECT, message, reason, redirect_text(message.author_name, message.channel_name)))
    return Verdict(message, finding, score, offenses, tuple(actions))


def one_redirect_per_batch(verdicts: list[Verdict]) -> list[Verdict]:
    """Several members drifting together get one nudge (on the latest message), not one each."""
    redirects = [i for i, v in enumerate(verdicts) if any(a.kind is ActionKind.REDIRECT for a in v.actions)]
    out = list(verdicts)
    for i in redirects[:-1]:
        kept = tuple(a for a in out[i].actions if a.kind is not ActionKind.REDIRECT)
        out[i] = replace(out[i], actions=kept, remark="redirected with the batch")
    return out
