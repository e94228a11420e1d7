"""Plain message types of the conversation pipeline (the cog and the terminal chat build these)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from utils.privacy.screen import Screened


@dataclass(frozen=True)
class Turn:
    """One line of conversation context."""

    speaker: str
    text: str
    from_bot: bool = False
    member_id: int | None = None
    """Whose exchange this line belongs to (the author, or the member a bot line answered)."""
    message_id: int | None = None
    """The member's Discord message this line is (or answered): deleting it takes both lines out."""
    said: Screened | None = field(default=None, compare=False, repr=False)
    """A member's line as the privacy screen read it: what it took out is kept out of the log of every call
    this line is part of (`LlmCallRecord.seen`), however a model or a server repeats it."""


@dataclass(frozen=True)
class IncomingMessage:
    """A message addressed to the bot, stripped of everything discord-specific."""

    author_id: int
    author_name: str
    channel_id: int
    channel_name: str
    content: str
    guild_id: int | None = None
    image_urls: tuple[str, ...] = ()
    other_attachments: tuple[str, ...] = ()
    reply_chain: tuple[Turn, ...] | None = None
    """When the member replied to the bot: the chain of messages above, oldest first."""
    message_id: int | None = None
    """The Discord message, so a later edit or delete reaches the chat context (None on the terminal)."""
    parent_id: int | None = None
    """The channel a thread or forum post (``channel_id``) was opened from: what the member named there and gives in
    the thread, or the reverse, is one conversation to the privacy screen. None elsewhere."""
    opened_by: int | None = None
    """Who opened the thread or forum post, under the name ``channel_name``: the title is read as their first line."""

    @property
    def is_dm(self) -> bool:
        return self.guild_id is None


@dataclass(frozen=True)
class ChatReply:
    """What to send back. ``skipped`` means the member is on cooldown and nothing is sent; ``withdrawn``
    means the member deleted the message while it was being answered, and nothing is sent either."""

    text: str = ""
    ok: bool = True
    skipped: bool = False
    withdrawn: bool = False
