"""What one LLM call is and what of it is logged: the call, its token usage, and the request and answer
excerpts kept for ``LlmLog`` (cut, never screened here: the log buffer screens off the event loop)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from utils.llm.tool_spec import Message
from utils.privacy.screen import Seen
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


def usage_of(response: Any) -> Usage:
    usage = getattr(response, "usage", None)
    if usage is None:
        return Usage()
    return Usage(getattr(usage, "prompt_tokens", None), getattr(usage, "completion_tokens", None))


SCREEN_MARGIN = 400
"""Kept past a cut until the screen has run: a key that straddles the cut is still whole when it is screened."""


def logged_excerpt(value: Any) -> str:
    """An excerpt as JSON (a request) or the answer's own text, whole: not cut, not screened here.

    Screening a 2,000-character prompt costs ~0.7 ms, twice per call, on the reply path.
    `LlmLogBuffer` — the only writer of `LlmLog` — screens every string of the excerpt
    as plain text off the event loop, then encodes it, then cuts it to its column: a
    JSON-encoded text hides a secret after ``\\n`` or inside ``\\"…\\"``, and a cut one is
    not recognised.
    """
    return valid_text(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str))


SYSTEM_EXCERPT_CHARS = 300
"""The head of the system prompt kept in a log row: which prompt it was; the rest is the bot's own text."""
LOGGED_TEXT_CHARS = 1200
"""Of the last message and of the answer: enough to debug a call, and the privacy screen's cost grows with length."""


def logged_request(request: Sequence[Message]) -> str:
    """The head of the system prompt and the last message only: earlier lines may be other members' words,
    which must not be kept under this member's id (their own erasure could not reach them)."""
    system = [_cut_content(m, SYSTEM_EXCERPT_CHARS) for m in request[:1] if m.get("role") == "system"]
    return logged_excerpt(system + [_cut_content(m, LOGGED_TEXT_CHARS + SCREEN_MARGIN) for m in request[-1:]])


def _cut_content(message: Message, chars: int) -> Message:
    content = message.get("content")
    return {**message, "content": content[:chars]} if isinstance(content, str) else message
