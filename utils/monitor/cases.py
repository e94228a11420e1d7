"""Cases: every warning and timeout as a numbered record moderators can list, undo, reset and annotate.

The monitor decides per message; moderators read per member. So one batch becomes at most one
decision per member (:func:`one_decision_per_member`): the strongest action the batch earned
(a timeout over a warning), the warning reply on the latest offending message, and one case
answering for every offense of the batch. A case's excerpt is the member's words, screened like
the log (`utils.privacy`) before it is stored; an erasure blanks it and keeps the case
(`utils.storage.member_data`).

Undoing a case (or resetting a member) also takes its offenses back from the member's count in
`MonitorState`, which flushes the change as a delta like every other count, so other processes
add it up rather than overwrite it. Nothing here touches Discord.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial

from utils.monitor.messages import ObservedMessage
from utils.monitor.policy import Action, ActionKind, warning_text
from utils.monitor.state import MonitorState
from utils.privacy.screen import Seen, screen
from utils.storage import cases as sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import ModerationCaseRecord, NewCase
from utils.storage.schema import CASE_EXCERPT_MAX, CASE_REASON_MAX
from utils.wording import plural

logger = logging.getLogger(__name__)

ACTED = "acted"
OBSERVED = "observed"
PROPOSED = sql.PROPOSED
CONFIRMED = "confirmed"
DISMISSED = sql.DISMISSED
EXPIRED = sql.EXPIRED
MONITOR = "monitor"
DISCORD_TEXT_MAX = 1900
PROPOSAL_LIFETIME = timedelta(hours=1)
"""How long a proposal waits for a moderator: a warning or timeout long after the message no longer answers it."""
MODES = ("act", "propose", "observe")
DISCORD_EPOCH = datetime(2015, 1, 1, tzinfo=UTC)
"""No case is older than Discord: a scrub since then reads every case of the member."""


def moderator(user_id: int) -> str:
    """How a case names the moderator who decided or undid it."""
    return f"mod:{user_id}"


@dataclass(frozen=True)
class MemberDecision:
    """What the monitor does about one member after one batch: one case, one mod-log entry, one reply."""

    warnings: tuple[Action, ...]
    """Every warning the batch earned the member, oldest first (at least one)."""
    timeout: Action | None = None

    @property
    def kind(self) -> ActionKind:
        return ActionKind.TIMEOUT if self.timeout is not None else ActionKind.WARN

    @property
    def warning(self) -> Action:
        """The reply the member gets: the latest warning, on the latest offending message."""
        return self.warnings[-1]

    @property
    def message(self) -> ObservedMessage:
        return self.warning.message

    @property
    def offenses(self) -> int:
        return len(self.warnings)

    @property
    def reason(self) -> str:
        if self.offenses == 1:
            return self.warning.reason
        return f"{plural(self.offenses, 'message')} over the line in one batch; the latest: {self.warning.reason}"

    @property
    def category(self) -> str:
        seen: dict[str, None] = {}
        for action in self.warnings:
            seen.update(dict.fromkeys(part.strip() for part in action.category.split(",") if part.strip()))
        return ", ".join(seen)

    def excerpt(self) -> str:
        """The offending messages as an excerpt (secrets out, the words around them kept as evidence), cut to the column."""
        said = " / ".join(action.message.content for action in self.warnings)
        return screen(said, "excerpt", limit=CASE_EXCERPT_MAX).text


def one_decision_per_member(actions: list[Action]) -> tuple[list[MemberDecision], list[Action]]:
    """(one decision per member the batch earned a warning, the other actions: redirects), in the batch's order."""
    warnings: dict[int, list[Action]] = {}
    timeouts: dict[int, Action] = {}
    others: list[Action] = []
    for action in actions:
        member = action.message.author_id
        if action.kind is ActionKind.WARN:
            warnings.setdefault(member, []).append(action)
        elif action.kind is ActionKind.TIMEOUT:
            timeouts[member] = action
        else:
            others.append(action)
    decisions = [MemberDecision(tuple(found), timeouts.get(member)) for member, found in warnings.items()]
    return decisions, others


def new_case(decision: MemberDecision, state: str, *, expires_at: datetime | None = None) -> NewCase:
    message = decision.message
    duration = decision.timeout.duration if decision.timeout is not None else None
    return NewCase(
        guild_id=message.guild_id or 0,
        user_id=message.author_id,
        action=decision.kind.value,
        category=decision.category,
        reason=decision.reason,
        excerpt=decision.excerpt() or None,
        state=state,
        decided_by=MONITOR,
        channel_id=message.channel_id,
        message_id=message.message_id,
        timeout_seconds=int(duration.total_seconds()) if duration is not None else None,
        offenses=decision.offenses,
        expires_at=expires_at,
    )


def _scrubbed_excerpt(seen: Seen, excerpt: str | None) -> str | None:
    """An excerpt screened again with what a later message showed: the value goes, the words around it (the evidence)
    stay; unchanged when it holds none of them."""
    if excerpt is None or not seen.spans(excerpt):
        return excerpt
    return screen(excerpt, "excerpt", seen=seen, limit=CASE_EXCERPT_MAX).text


def proposal_expiry(now: datetime | None = None) -> datetime:
    return (now or datetime.now(UTC)) + PROPOSAL_LIFETIME


def decision_from_case(case: ModerationCaseRecord, member_name: str, *, public: bool) -> MemberDecision:
    """What a confirmed proposal does: the reply and the timeout the monitor proposed, rebuilt from the case
    (any process may take the click, so nothing of the proposal is kept in RAM)."""
    message = ObservedMessage(
        message_id=case.message_id or 0,
        channel_id=case.channel_id or 0,
        channel_name="",
        author_id=case.user_id,
        author_name=member_name,
        content=case.excerpt or "",
        created_at=case.created_at or datetime.now(UTC),
        guild_id=case.guild_id,
    )
    text = warning_text(member_name, case.offenses)
    warning = Action(ActionKind.WARN, message, case.reason, text, public, category=case.category)
    timeout = None
    if case.action == ActionKind.TIMEOUT and case.timeout_seconds:
        timeout = Action(ActionKind.TIMEOUT, message, case.reason, duration=timedelta(seconds=case.timeout_seconds))
    return MemberDecision((warning,), timeout)


@dataclass(frozen=True)
class CaseChange:
    """A moderator's change of one case: the case after it, and whether this change made it (not an earlier one)."""

    case: ModerationCaseRecord | None
    changed: bool
    offenses_now: int = 0


class CaseBook:
    """The cases of every server this process serves, and what undoing them does to the members' counts."""

    def __init__(self, db: Database, monitor_state: MonitorState) -> None:
        self._db = db
        self._monitor_state = monitor_state

    async def open(
        self, decision: MemberDecision, state: str, *, expires_at: datetime | None = None
    ) -> ModerationCaseRecord | None:
        """Store the decision as a case; None when the database cannot take it now (the action still happens)."""
        try:
            return await self._db.run(sql.open_case, new_case(decision, state, expires_at=expires_at))
        except DatabaseError as exc:
            logger.warning("Could not store the case of %s: %s", decision.message.author_id, exc)
            return None

    async def scrub(self, user_id: int, seen: Seen) -> int:
        """A later message of the member showed values were secrets: the excerpts of every case of theirs, in any
        server, lose them (a value said again days before is the same secret); the cases stay. Returns how many
        changed."""
        try:
            scrubbed = partial(_scrubbed_excerpt, seen)
            return int(await self._db.run(sql.scrub_case_excerpts, user_id, DISCORD_EPOCH, scrubbed))
        except DatabaseError as exc:
            logger.warning("Could not screen %s's case excerpts again: %s", user_id, exc)
            return 0

    async def member_cases(self, guild_id: int, user_id: int) -> list[ModerationCaseRecord]:
        return await self._db.run(sql.member_cases, guild_id, user_id)

    async def case(self, case_id: int) -> ModerationCaseRecord | None:
        return await self._db.run(sql.case_by_id, case_id)

    async def unwarn(self, guild_id: int, number: int, moderator_id: int) -> CaseChange:
        """Undo one case: it stays listed, marked undone, and its offenses leave the member's count."""
        case, changed = await self._db.run(sql.undo_case, guild_id, number, moderator(moderator_id))
        if case is None or not changed:
            return CaseChange(case, False)
        return CaseChange(case, True, self._monitor_state.take_back_offenses(case.user_id, case.offenses))

    async def reset(self, guild_id: int, user_id: int, moderator_id: int) -> int:
        """Undo every case of the member here and start their offense count again; returns the cases undone."""
        undone = await self._db.run(sql.undo_member_cases, guild_id, user_id, moderator(moderator_id))
        self._monitor_state.reset_offenses(user_id)
        return int(undone)

    async def set_reason(self, guild_id: int, number: int, text: str) -> ModerationCaseRecord | None:
        """A moderator's words for why, screened as an excerpt (a pasted secret does not stay in the case)."""
        reason = screen(text, "excerpt", limit=CASE_REASON_MAX).text
        return await self._db.run(sql.set_reason, guild_id, number, reason)

    async def decide(self, case_id: int, *, confirm: bool, moderator_id: int) -> CaseChange:
        """Confirm or dismiss a proposal once; a dismissal takes its offenses back from the member's count."""
        state = CONFIRMED if confirm else DISMISSED
        case, changed = await self._db.run(sql.decide_proposal, case_id, state, moderator(moderator_id))
        if case is None or not changed:
            return CaseChange(case, False)
        if not confirm:
            return CaseChange(case, True, self._monitor_state.take_back_offenses(case.user_id, case.offenses))
        return CaseChange(case, True)

    async def expire_proposals(self) -> int:
        try:
            return int(await self._db.run(sql.expire_proposals))
        except DatabaseError as exc:
            logger.debug("Could not expire proposals: %s", exc)
            return 0


# ---------------------------------------------------------------------- what moderators read
STATE_WORDS = {
    ACTED: "done by the monitor",
    OBSERVED: "observed only",
    PROPOSED: "proposed, waiting for a moderator",
    CONFIRMED: "confirmed by {who}",
    DISMISSED: "dismissed by {who}",
    EXPIRED: "proposal expired, nothing done",
}


def _who(decided_by: str) -> str:
    return f"<@{decided_by[4:]}>" if decided_by.startswith("mod:") else decided_by


def case_line(case: ModerationCaseRecord) -> str:
    """One case in one line: number, action, category, when, what became of it, why."""
    action = "warning"
    if case.action == ActionKind.TIMEOUT:
        minutes = f"{(case.timeout_seconds or 0) / 60:g}"
        action = f"timeout {minutes} min"
    when = f"{case.created_at:%Y-%m-%d %H:%M} UTC" if case.created_at else "?"
    state = STATE_WORDS.get(case.state, case.state).format(who=_who(case.decided_by))
    if case.undone_at is not None:
        state += f"; undone by {_who(case.undone_by or '')}"
    return f"`#{case.number}` {action} · {case.category or 'toxicity'} · {when} · {state} — {case.reason}"


def cases_text(name: str, cases: list[ModerationCaseRecord], limit: int = DISCORD_TEXT_MAX) -> str:
    """`/mod warnings`: the member's cases here, newest first, as many as fit in one message."""
    if not cases:
        return f"{name} has no warnings or timeouts here."
    counted = [c for c in cases if c.undone_at is None and c.state != DISMISSED]
    lines = [f"**Cases of {name}** ({len(counted)} standing of {plural(len(cases), 'listed case')}, newest first)"]
    used = len(lines[0])
    for case in cases:
        line = case_line(case)
        if used + len(line) + 1 > limit:
            lines.append("(older cases not shown)")
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines)
