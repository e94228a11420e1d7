"""What one LLM request is and what it cost: shared by the client and the tool-call ways."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from utils.llm.tools import LLMError


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


def usage_of(response: Any) -> Usage:
    usage = getattr(response, "usage", None)
    if usage is None:
        return Usage()
    return Usage(getattr(usage, "prompt_tokens", None), getattr(usage, "completion_tokens", None))
