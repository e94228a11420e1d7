"""What one LLM request is and what it cost: shared by the client and the tool-call ways."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from utils.llm.tools import LLMError
from utils.privacy.screen import Seen, cut_screened, screen
from utils.text import valid_text


@dataclass(frozen=True)
class Call:
    """What one call is, for its LlmLog row."""

    kind: str
    model: str
    user_id: int | None
    asked_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When the call was asked for, its request built from what was known then (the row's CreatedAt)."""
    member_ids: tuple[int, ...] = ()
    """Other members whose words the request holds (`LlmCallRecord.member_ids`)."""
    seen: Seen | None = None
    """What the screen took out of those members' messages (`LlmCallRecord.seen`): screened out of the error
    text at once, and out of every logged field when the log is written."""


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


@dataclass(frozen=True)
class ChatResult:
    text: str
    usage: Usage


class WayRefused(LLMError):
    """The server refused the way the request was asked (HTTP 400 for ``tools``, 500 for ``json_schema``)."""


ERROR_TEXT_CHARS = 300
"""Of an error's text, in the log row, the warning and the raised error: the server's words, which may repeat the request."""
_ERROR_SCREEN_MARGIN = 400
"""Screened past the cut, so a key across it is still whole when the screen reads it."""


def screened_error(text: str, seen: Seen | None = None) -> str:
    """An error's text as it may be logged or raised: screened whole (``seen`` included), then cut.

    A server's error can repeat the request: vLLM's validation errors quote the input, a
    proxy echoes the body. The text leaves here already screened, because the warning line
    and the caller's own log line print it at once; only its head, with a margin so a
    key across the cut is still whole, is screened, on an error path only.
    """
    head = valid_text(text)[: ERROR_TEXT_CHARS + _ERROR_SCREEN_MARGIN]
    return cut_screened(screen(head, "log", seen=seen).text, ERROR_TEXT_CHARS)


def usage_of(response: Any) -> Usage:
    usage = getattr(response, "usage", None)
    if usage is None:
        return Usage()
    return Usage(getattr(usage, "prompt_tokens", None), getattr(usage, "completion_tokens", None))
