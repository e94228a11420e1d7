"""What the monitor sees of a message: plain data, made by the cog or the replay script."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from utils.privacy.screen import screen
from utils.text import valid_text

CUT_MARK = " …[cut]"


@dataclass(frozen=True, slots=True)
class ObservedMessage:
    """One member message waiting for (or past) analysis.

    ``channel_id`` is where the message was posted (a thread keeps its own id, so a
    batch is one conversation); ``content`` is already cleaned, redacted and cut.
    """

    message_id: int
    channel_id: int
    channel_name: str
    author_id: int
    author_name: str
    content: str
    created_at: datetime
    guild_id: int | None = None
    channel_topic: str = ""
    parent_id: int | None = None
    """The channel a thread was opened from: the author's messages there and in the thread are one conversation to the
    privacy screen (the batch stays the thread's)."""


def prepare_content(text: str, extras: tuple[str, ...] = (), *, max_chars: int) -> str | None:
    """The text the model will score, or ``None`` when there is none (only attachments or stickers).

    Attachments and stickers cannot be scored as text, so they only show as a short
    marker next to real words; secrets are redacted; very long messages are cut.
    """
    words = " ".join(valid_text(text).split())
    if not words:
        return None
    cleaned = screen(words, "message").text
    if len(cleaned) > max_chars:
        cleaned = cleaned[: max_chars - len(CUT_MARK)].rstrip() + CUT_MARK
    if extras:
        cleaned = f"{cleaned} [{', '.join(extras[:5])}]"
    return cleaned
