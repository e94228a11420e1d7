"""What `/bcs status` (a member's own standing) and `/mod status` and `/mod notes` (for moderators) say, as plain text.

Ephemeral answers are short and readable; the member's own answer is in a member's words (what a warning
is, when it fades), the moderator's keeps the monitor's terms.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from utils.monitor.policy import Policy
from utils.monitor.state import MonitorState
from utils.wording import plural

DISCORD_TEXT_MAX = 1900


@dataclass(frozen=True)
class MemberStatus:
    offenses: int
    toxicity: float
    warned: bool
    immune: bool
    off_topic: int
    baseline_coherence: float
    last_offense_at: datetime | None


def member_status(monitor_state: MonitorState, policy: Policy, user_id: int, now: datetime) -> MemberStatus:
    user = monitor_state.get_user(user_id)
    return MemberStatus(
        offenses=monitor_state.offenses_in_window(user_id, now, policy.offense_window),
        toxicity=monitor_state.toxicity_now(user_id, now, policy.half_life_hours),
        warned=monitor_state.warned_in_window(user_id, now, policy.offense_window),
        immune=user.immune,
        off_topic=user.off_topic_count,
        baseline_coherence=user.baseline_coherence,
        last_offense_at=user.last_offense_at,
    )


def status_text(name: str, status: MemberStatus, policy: Policy) -> str:
    window = f"{policy.offense_window.total_seconds() / 60:g}"
    timeout = f"; a timeout at {policy.timeout_after_offenses}" if policy.timeout_after_offenses else ""
    redirect = f" (a nudge at {policy.off_topic_threshold})" if policy.off_topic_threshold else ""
    last = f"{status.last_offense_at:%Y-%m-%d %H:%M} UTC" if status.last_offense_at else "never"
    return "\n".join(
        [
            f"**Monitor status of {name}**",
            f"Recent offenses: {status.offenses} (the count restarts after {window} quiet minutes{timeout})",
            f"Recent toxicity: {status.toxicity:.2f} (halves every {policy.half_life_hours:g} h)",
            f"Warned: {'yes' if status.warned else 'no'}",
            f"Immune: {'yes' if status.immune else 'no'}",
            f"Off-topic in a row: {status.off_topic}{redirect}",
            f"Coherence baseline: {status.baseline_coherence:.2f}",
            f"Last offense: {last}",
        ]
    )


def own_status_text(status: MemberStatus, policy: Policy) -> str:
    """`/bcs status`: what a member needs to know of their own standing, in plain words."""
    minutes = policy.offense_window.total_seconds() / 60
    window = plural(minutes, "minute")
    lines = ["**Your standing with the behaviour monitor**"]
    if status.immune:
        lines.append("The monitor never warns you or times you out here.")
    if status.offenses:
        lines.append(f"Recent warnings: {status.offenses}. They are forgotten after {window} without another one.")
        if policy.timeout_after_offenses and not status.immune:
            lines.append(f"At {policy.timeout_after_offenses} in a row you are timed out for a while.")
    else:
        lines.append("Recent warnings: none. All good.")
    lines.append(f"How heated your recent messages read: {_heat(status.toxicity)} (this fades on its own).")
    if status.off_topic:
        lines.append(f"Off-topic messages in a row: {status.off_topic}.")
    return "\n".join(lines)


def _heat(toxicity: float) -> str:
    if toxicity >= 0.7:
        return "heated"
    if toxicity >= 0.4:
        return "a bit tense"
    return "calm"


def immunity_text(name: str, immune: bool) -> str:
    if immune:
        return f"{name} is now immune: the monitor still reads their messages but never actions them."
    return f"{name} is no longer immune: the monitor actions them like anyone else."


def user_notes_text(name: str, notes: str, limit: int = DISCORD_TEXT_MAX) -> str:
    """The member's notes, newest lines kept when they do not all fit in one message."""
    lines = [line for line in notes.splitlines() if line.strip()]
    if not lines:
        return f"Nothing is noted about {name}."
    header = f"**Notes about {name}**"
    shown: list[str] = []
    budget = limit - len(header) - 40
    for line in reversed(lines):
        if len(line) + 1 > budget:
            break
        shown.insert(0, line)
        budget -= len(line) + 1
    if not shown:
        shown = [lines[-1][:budget]]
    omitted = len(lines) - len(shown)
    parts = [header, *shown]
    if omitted:
        parts.insert(1, f"({omitted} older lines not shown)")
    return "\n".join(parts)
