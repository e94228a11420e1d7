"""What the monitor's Discord side says in words, as plain text: the answers of `/mod unwarn`, `/mod reset`,
`/mod reason` and `/mod settings set`, a proposal's confirmed or dismissed line, what a timeout came to, and the
fields of a mod-log entry (`cogs/monitor.py` puts them in messages and embeds)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from utils.monitor.cases import CaseChange
from utils.monitor.messages import ObservedMessage
from utils.monitor.policy import ActionKind
from utils.storage.records import ModerationCaseRecord
from utils.wording import plural

EXCERPT_CHARS = 300
TITLES = {ActionKind.WARN: "Warning", ActionKind.TIMEOUT: "Timeout", ActionKind.REDIRECT: "Off-topic redirect"}
REFUSAL = "You need the Manage Server permission for that."
OBSERVE_RESULT = "nothing done: this server's monitor only observes (mode observe)"


def extras(attachments: Iterable[tuple[str | None, str]], stickers: Iterable[str]) -> tuple[str, ...]:
    """A message's attachments (content type, file name) and stickers (names), as the monitor reads them."""
    files = tuple(
        f"{'image' if (content_type or '').startswith('image/') else 'file'} {name}" for content_type, name in attachments
    )
    return files + tuple(f"sticker {name}" for name in stickers)


def timed_out_text(duration: timedelta) -> str:
    minutes = f"{duration.total_seconds() / 60:g}"
    return f"timed out for {minutes} minute{'' if minutes == '1' else 's'}"


def proposal_outcome(moderator_mention: str, result: str | None) -> str:
    """What became of a proposal, for its mod-log entry's Result field: ``result`` of confirming it, None if dismissed."""
    if result is not None:
        return f"confirmed by {moderator_mention}: {result}"
    return f"dismissed by {moderator_mention}: nothing done, and the offense no longer counts"


def unwarn_text(case: int, change: CaseChange, lifted: str) -> str:
    """The answer to `/mod unwarn`; ``lifted``: what became of the member's timeout, if the case was one."""
    if change.case is None:
        return f"There is no case #{case} here."
    if not change.changed:
        return f"Case #{case} was already undone or dismissed; nothing changed."
    return (
        f"Case #{case} undone: <@{change.case.user_id}>'s recent offenses are down by "
        f"{change.case.offenses} (now {change.offenses_now}).{lifted}"
    )


def reset_text(name: str, undone: int) -> str:
    return f"{name}'s offenses are reset: {plural(undone, 'case')} undone, recent offenses 0."


def reason_text(case: int, changed: ModerationCaseRecord | None) -> str:
    return f"There is no case #{case} here." if changed is None else f"Case #{case}'s reason is now: {changed.reason}"


def setting_text(name: str, now: str | None) -> str:
    """The answer to `/mod settings set`: the server's own value now, or the default again (``now`` is None)."""
    return f"`{name}` is now {now or 'none'} here." if now is not None else f"`{name}` is back to the default here."


def mod_log_fields(m: ObservedMessage, result: str, case: ModerationCaseRecord | None) -> list[tuple[str, str, bool]]:
    """A mod-log entry's fields, in order: (name, value, inline)."""
    fields = [("Member", f"<@{m.author_id}> ({m.author_name})", True), ("Channel", f"<#{m.channel_id}>", True)]
    if case is not None:
        fields.append(("Case", f"#{case.number}", True))
    return [*fields, ("Result", result, False), ("Message", m.content[:EXCERPT_CHARS], False)]


def message_link(m: ObservedMessage) -> str | None:
    return f"https://discord.com/channels/{m.guild_id}/{m.channel_id}/{m.message_id}" if m.guild_id else None
