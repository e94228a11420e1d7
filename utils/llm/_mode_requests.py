"""How each tool-call mode is asked of an OpenAI-compatible server, and how a server says it refuses one.

The modes (`utils.llm.modes`), in order of preference: a forced tool call (``tool_choice`` names the function);
structured output with the tool's JSON schema (``response_format`` ``json_schema``,
decoded under a grammar by Ollama >= 0.5, llama.cpp, vLLM, LM Studio and OpenAI);
JSON mode with the schema in the prompt (``json_object``, for servers that know only
that: llama-cpp-python also reads its ``schema`` key); and last, the arguments asked
for in the prompt and read from the reply's text. What each server refuses is read
from its error: Ollama answers 400 "<model> does not support tools" for a model
without a tool template, LM Studio 400 "'response_format.type' must be 'json_schema'",
llama.cpp's and llama-cpp-python's servers 500 for a ``json_schema`` they do not take.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import openai

from utils.llm.modes import ToolMode
from utils.llm.tool_spec import Message, ToolSpec

_REJECTED_STATUS = frozenset({400, 404, 405, 415, 422, 501})
"""Statuses that refuse the request's shape: asking again in the same mode cannot help."""
_FEATURE_WORDS = re.compile(r"tool|function|response_format|json_schema|json_object|schema|grammar|format", re.IGNORECASE)
_NOT_THE_MODE = re.compile(r"context|too long|maximum.*tokens|temperature|prompt is too|model .*not found", re.IGNORECASE)


def instruction(tool: ToolSpec[Any], mode: ToolMode) -> str:
    """What the prompt adds when the arguments come back as the reply's content.

    It names the function in backticks (the arguments of `name`) so a reader of the
    log sees which tool was asked; the schema is spelled out when no grammar holds
    the model to it.
    """
    head = f"Answer with one JSON object only, no prose: the arguments of `{tool.name}` ({tool.description})"
    if mode == "json_schema":
        return head + "."
    schema = json.dumps(tool.parameters, ensure_ascii=False, separators=(",", ":"))
    return f"{head}, following this JSON schema:\n{schema}"


def shaped(messages: Sequence[Message], tool: ToolSpec[Any], mode: ToolMode) -> tuple[list[Message], dict[str, Any]]:
    """The messages and the extra body fields that ask for ``tool``'s arguments in ``mode``."""
    if mode == "tools":
        fields = {"tools": [tool.as_openai()], "tool_choice": {"type": "function", "function": {"name": tool.name}}}
        return list(messages), fields
    asked = _with_instruction(messages, instruction(tool, mode))
    if mode == "json_schema":
        schema = {"name": tool.name, "description": tool.description, "schema": tool.parameters, "strict": False}
        return asked, {"response_format": {"type": "json_schema", "json_schema": schema}}
    if mode == "json_object":
        return asked, {"response_format": {"type": "json_object", "schema": tool.parameters}}
    return asked, {}


def _with_instruction(messages: Sequence[Message], text: str) -> list[Message]:
    """The instruction appended to the last user turn (templates without a system role keep it too)."""
    out = [dict(m) for m in messages]
    for message in reversed(out):
        if message.get("role") == "user" and isinstance(message.get("content"), str):
            message["content"] = f"{message['content']}\n\n{text}"
            return out
    return [*out, {"role": "user", "content": text}]


def refusal(mode: ToolMode, exc: BaseException) -> str | None:
    """Why the server refused ``mode`` (one line), or None when the error is not about the mode at all.

    A 400-like status refuses the request's shape unless it names something else
    (the context length, the temperature); a 500 counts only when it names the
    feature (llama-cpp-python's 500 for ``json_schema``), since a 500 is otherwise an outage.
    """
    if not isinstance(exc, openai.APIStatusError):
        return None
    message = str(exc.message)
    if _NOT_THE_MODE.search(message) and not _FEATURE_WORDS.search(message):
        return None
    if exc.status_code in _REJECTED_STATUS or (exc.status_code >= 500 and _FEATURE_WORDS.search(message)):
        return f"HTTP {exc.status_code}: {message[:160]}"
    return None
