"""Each server's own monitor and chat settings: `.env` gives every server's default, moderators change their server's.

A server's values live in `GuildSetting` (`utils.storage.guild_settings`). Each process keeps them in
RAM — only for servers that changed something, so the memory is bounded by the servers that did — and
follows the other processes' changes by polling the change numbers every `COHERENCE_POLL_SECONDS`, as
it follows members' control rows: an index range read that returns nothing while nothing changed. A
change made here applies here at once; elsewhere at the next poll. A value is checked by the same
rules as its `.env` setting (`utils.config.Settings`), so `/mod settings set` accepts what `.env` would.
The monitor (`settings_for`) and the chat's channel check (`cogs/chat.py`) read a server's values from that
RAM map: no reply or batch waits on the database for them. A direct message has no server: `.env` applies.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from pydantic import ValidationError

from utils.config import Settings
from utils.storage import guild_settings as sql
from utils.storage.engine import Database, DatabaseError
from utils.storage.records import GuildSettingRecord

logger = logging.getLogger(__name__)

DEFAULT = "default"
"""What a moderator types to give their server the `.env` value again."""


@dataclass(frozen=True)
class ServerSetting:
    name: str
    """What moderators type (`/mod settings set mode propose`)."""
    field: str
    """The `Settings` field it overrides, whose `.env` value is every server's default."""
    meaning: str


SERVER_SETTINGS = (
    ServerSetting("mode", "monitor_mode", "act (do it), propose (ask moderators first) or observe (only log it)"),
    ServerSetting("channels", "sentiment_channel_ids", "channels the monitor watches (none: off)"),
    ServerSetting("mod_log_channel", "mod_log_channel_id", "where actions and proposals are posted (0: nowhere)"),
    ServerSetting("toxicity_threshold", "toxicity_threshold", "toxicity (0-1) that makes a message an offense"),
    ServerSetting("min_confidence", "sentiment_min_confidence", "how sure (0-1) the model must be to act"),
    ServerSetting("timeout_after_offenses", "timeout_after_offenses", "offenses in a row that earn a timeout (0: never)"),
    ServerSetting("timeout_minutes", "timeout_minutes", "length of a timeout, in minutes"),
    ServerSetting("offense_window_minutes", "offense_window_minutes", "quiet minutes after which offenses stop adding up"),
    ServerSetting("off_topic_threshold", "off_topic_threshold", "off-topic messages in a row before a nudge (0: never)"),
    ServerSetting("public_warnings", "sentiment_public_warnings", "warn in the channel (true) or only in the mod log"),
    ServerSetting("chat_channels", "chat_allowed_channel_ids", "channels where the bot chats (none: everywhere)"),
    ServerSetting("chat_blocked_channels", "chat_blocked_channel_ids", "channels where the bot never chats"),
)
BY_NAME = {setting.name: setting for setting in SERVER_SETTINGS}
CHANNEL_LISTS = frozenset({"sentiment_channel_ids", "chat_allowed_channel_ids", "chat_blocked_channel_ids"})
"""Fields holding channels, where `none` means the empty list (threads follow their parent's)."""
_MENTION = re.compile(r"<#(\d+)>")


class SettingRefused(ValueError):
    """A value the setting's rules refuse; the message says why, in one line."""


def checked_value(name: str, raw: str) -> str | None:
    """The text stored for ``raw`` (None: back to the default); raises :class:`SettingRefused` when it is invalid."""
    setting = BY_NAME.get(name)
    if setting is None:
        raise SettingRefused(f"There is no setting {name!r}; the settings are: {', '.join(BY_NAME)}.")
    text = _MENTION.sub(r"\1", raw.strip())
    if text.casefold() == DEFAULT:
        return None
    if setting.field in CHANNEL_LISTS and text.casefold() == "none":
        text = ""
    try:
        value = getattr(Settings.model_validate({setting.field: text}), setting.field)
    except ValidationError as exc:
        problem = exc.errors()[0]["msg"] if exc.errors() else "invalid"
        raise SettingRefused(f"{name} cannot be {raw!r}: {problem}.") from exc
    return _as_text(value)


def _as_text(value: object) -> str:
    if isinstance(value, list):
        return ",".join(str(item) for item in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class GuildSettings:
    """The effective settings of each server (monitor and chat): the defaults, and what the server changed."""

    def __init__(self, db: Database, defaults: Settings) -> None:
        self._db = db
        self._defaults = defaults
        self._changed: dict[int, dict[str, str]] = {}
        """By server, by `Settings` field: the server's own values, as stored."""
        self._effective: dict[int, Settings] = {}
        self.change_seq = 0
        """The newest change this process has applied."""

    def for_guild(self, guild_id: int | None) -> Settings:
        """The settings a server runs with (the defaults themselves for a server that changed nothing)."""
        if guild_id is None or guild_id not in self._changed:
            return self._defaults
        effective = self._effective.get(guild_id)
        if effective is None:
            values = Settings.model_validate(self._changed[guild_id])
            update = {field: getattr(values, field) for field in self._changed[guild_id]}
            effective = self._effective[guild_id] = self._defaults.model_copy(update=update)
        return effective

    def own_values(self, guild_id: int) -> dict[str, str]:
        """The server's own values, by setting name (the rest are the defaults)."""
        own = self._changed.get(guild_id, {})
        return {s.name: own[s.field] for s in SERVER_SETTINGS if s.field in own}

    async def set(self, guild_id: int, name: str, raw: str, changed_by: str) -> Settings:
        """Check and store a server's value; it applies here at once (other processes: at their next poll)."""
        value = checked_value(name, raw)
        row = await self._db.run(sql.set_guild_setting, guild_id, BY_NAME[name].field, value, changed_by)
        self._apply([row])
        return self.for_guild(guild_id)

    async def poll(self) -> int:
        """Take the changes made since the last poll (in any process); returns how many."""
        if not self._db.available:
            return 0
        try:
            rows = await self._db.run(sql.guild_settings_since, self.change_seq)
        except DatabaseError as exc:
            logger.debug("Server settings poll skipped: %s", exc)
            return 0
        self._apply(rows)
        return len(rows)

    def _apply(self, rows: list[GuildSettingRecord]) -> None:
        for row in rows:
            own = self._changed.setdefault(row.guild_id, {})
            if row.value is None:
                own.pop(row.name, None)
            else:
                own[row.name] = row.value
            if not own:
                del self._changed[row.guild_id]
            self._effective.pop(row.guild_id, None)
            self.change_seq = max(self.change_seq, row.change_seq)


def settings_text(guild_settings: GuildSettings, guild_id: int) -> str:
    """`/mod settings show`: every setting, its value here, and whether it is this server's or the default."""
    effective = guild_settings.for_guild(guild_id)
    own = guild_settings.own_values(guild_id)
    lines = ["**Monitor and chat settings of this server**"]
    for setting in SERVER_SETTINGS:
        value = _shown(setting, getattr(effective, setting.field))
        source = "set here" if setting.name in own else "default"
        lines.append(f"`{setting.name}` = {value} ({source}) — {setting.meaning}")
    lines.append(f"Change one with `/mod settings set`; `{DEFAULT}` gives it the default again.")
    return "\n".join(lines)


def _shown(setting: ServerSetting, value: object) -> str:
    if setting.field in CHANNEL_LISTS:
        return ", ".join(f"<#{c}>" for c in value) if isinstance(value, list) and value else "none"
    if setting.field == "mod_log_channel_id":
        return f"<#{value}>" if value else "none"
    return _as_text(value)
