"""One contract for a tool's arguments, whichever way the server gives them.

The request is asked the model's way (`WayBook`); the answer is read the same way
whatever the way (a tool call's arguments, the structured content, or the arguments
found in the reply's text), validated by the same pydantic model, logged as one
`LlmLog` row per request with the way used, under the client's one total deadline
per request. When the way fails — the server refuses it, or the reply carries no
arguments — the request is asked once more the next way, and the refusal is
remembered, so the member's memory is not what pays for the discovery. Arguments
that are there but broken (truncated, invalid) fail the call cleanly and are not
held against the way: the server did answer that way, and a good model truncates now
and then; asking again would double the cost of every bad answer.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from pydantic import ValidationError

from utils.llm.arguments import arguments_in_text, parse_arguments
from utils.llm.call import Call, Usage, WayRefused, usage_of
from utils.llm.tools import LLMError, Message, ModelT, ToolSpec
from utils.llm.ways import Way, shaped
from utils.text import valid_text, valid_tree

if TYPE_CHECKING:
    from utils.llm.client import LLMClient

IGNORES_TOOLS = "the server ignores forced tool calls"


class WayFailed(LLMError):
    """This way gave no arguments at all: the server refused it, or answered without them."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


async def call_tool(
    client: LLMClient,
    messages: Sequence[Message],
    tool: ToolSpec[ModelT],
    call: Call,
    temperature: float | None,
    max_tokens: int,
    only: Way | None,
) -> tuple[ModelT, Usage]:
    """See the module docstring; ``only`` asks that way and no other (the doctor's probe)."""
    asking = _Request(client, messages, tool, call, temperature, max_tokens)
    book = client.ways
    way = only or book.way_for(call.model)
    try:
        return await _attempt(asking, way)
    except WayFailed as failed:
        book.refuse(call.model, way, failed.reason)
        following = None if only is not None else book.fallback(call.model, way)
        if following is None:
            raise LLMError(failed.reason) from None
        first = failed
    try:
        return await _attempt(asking, following)
    except WayFailed as failed:
        book.refuse(call.model, following, failed.reason)
        raise LLMError(f"{first.reason}; asked as {following.value}: {failed.reason}") from None


@dataclass(frozen=True, slots=True)
class _Request(Generic[ModelT]):
    """One tool request as its caller put it; each attempt asks it one way."""

    client: LLMClient
    messages: Sequence[Message]
    tool: ToolSpec[ModelT]
    call: Call
    temperature: float | None
    max_tokens: int


async def _attempt(asking: _Request[ModelT], way: Way) -> tuple[ModelT, Usage]:
    client, tool, call = asking.client, asking.tool, asking.call
    asked, fields = shaped(asking.messages, tool, way)
    try:
        response, elapsed_ms, request = await client._create(asked, call, asking.temperature, asking.max_tokens, fields, way)
    except WayRefused as exc:
        raise WayFailed(str(exc)) from None
    usage = usage_of(response)
    message = response.choices[0].message
    content = valid_text(message.content) if message.content else None
    raw, used = _arguments(message, content, tool, way)
    if raw is None:
        error = f"no {tool.name} tool call" if way is Way.TOOLS else f"no {tool.name} arguments in the reply"
        client._record(call, elapsed_ms, False, request, content, usage, error, way)
        raise WayFailed(f"the model did not call {tool.name}" if way is Way.TOOLS else error)
    logged = raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False)
    try:
        parsed = tool.arguments_model.model_validate(valid_tree(parse_arguments(raw) if isinstance(raw, str) else raw))
    except (json.JSONDecodeError, ValidationError) as exc:
        error = f"invalid {tool.name} arguments: {str(exc).splitlines()[0]}"
        client._record(call, elapsed_ms, False, request, logged, usage, error, used)
        raise LLMError(error) from None
    client._record(call, elapsed_ms, True, request, logged, usage, None, used)
    if used is not way:
        client.ways.refuse(call.model, way, IGNORES_TOOLS)
    client.ways.confirm(call.model, used)
    return parsed, usage


def _arguments(message: Any, content: str | None, tool: ToolSpec[Any], way: Way) -> tuple[str | dict[str, Any] | None, Way]:
    """The raw arguments and how they came: the tool call first, else what the text holds.

    A tool call for another function is no call. Under ``tools``, arguments found in
    the text mean the server answered in prose instead of calling (Ollama's OpenAI
    layer ignores ``tool_choice``): they are used, and recorded as the ``text`` way.
    """
    for tool_call in getattr(message, "tool_calls", None) or []:
        function = getattr(tool_call, "function", None)
        if function is not None and function.name == tool.name:
            return valid_text(function.arguments or ""), Way.TOOLS
    found = arguments_in_text(content, tool.name)
    if found is None:
        return None, way
    return found, (Way.TEXT if way is Way.TOOLS else way)
