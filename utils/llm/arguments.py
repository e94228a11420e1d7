"""A tool's arguments read out of what a model wrote, whichever way it wrote them.

A tool call's ``arguments`` string, a structured-output reply, or the text of a reply
from a server that ignored both: a fenced ```json block, a bare object in prose,
Hermes/Qwen ``<tool_call>{"name": ..., "arguments": ...}</tool_call>`` tags, a Llama
``{"name": ..., "parameters": ...}`` object, Mistral's ``[TOOL_CALLS] [...]``. Small
models write raw newlines inside strings and double-encode the arguments; both are read.
"""

from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"^\s*```[\w-]*\s*\n?(.*?)\n?\s*```\s*$", re.DOTALL)
_ANY_FENCE = re.compile(r"```[\w-]*\s*\n?(.*?)\n?\s*```", re.DOTALL)
_TOOL_CALL_TAG = re.compile(
    r"<(?:tool_call|function_call|\|tool_call\|)>\s*(.*?)\s*(?:</(?:tool_call|function_call)>|<\|/tool_call\|>|$)", re.DOTALL
)
_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*(.*)", re.DOTALL)
_WRAPPER_KEYS = ("arguments", "parameters", "args", "input")


def parse_arguments(raw: str) -> Any:
    """A tool call's arguments, read the way small models write them.

    Raw newlines and tabs inside strings are accepted (``strict=False``), a code fence
    around the JSON is taken off, and when there is prose before or after it, the first
    JSON object in the text is used. Raises ``json.JSONDecodeError`` when there is none.
    """
    text = raw.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1).strip()
    try:
        return _decoded_twice(json.loads(text, strict=False))
    except json.JSONDecodeError as first_error:
        found = _first_object(text)
        if found is None:
            raise first_error from None
        return found


def arguments_in_text(text: str | None, tool_name: str) -> dict[str, Any] | None:
    """The arguments of ``tool_name`` found in a reply's text, or None when there are none.

    Tagged calls are looked at first (they say which function they are for), then fenced
    blocks, then the first JSON object anywhere. A wrapper naming another function is
    not taken for this one.
    """
    if not text or "{" not in text:
        return None
    candidates: list[str] = [m.group(1) for m in _TOOL_CALL_TAG.finditer(text)]
    candidates += [m.group(1) for m in _MISTRAL.finditer(text)]
    candidates += [m.group(1) for m in _ANY_FENCE.finditer(text)]
    candidates.append(text)
    for candidate in candidates:
        try:
            value = parse_arguments(candidate)
        except json.JSONDecodeError:
            continue
        unwrapped = _unwrapped(value, tool_name)
        if unwrapped is not None:
            return unwrapped
    return None


def _unwrapped(value: Any, tool_name: str) -> dict[str, Any] | None:
    """The arguments inside a ``{"name": ..., "arguments": ...}`` wrapper (or a list of them), or the object itself."""
    if isinstance(value, list):
        for item in value:
            found = _unwrapped(item, tool_name)
            if found is not None:
                return found
        return None
    if not isinstance(value, dict):
        return None
    function = value.get("function")
    inner = function if isinstance(function, dict) else value
    name = inner.get("name")
    if isinstance(name, str):
        for key in _WRAPPER_KEYS:
            if key in inner:
                if name != tool_name:
                    return None
                arguments = _decoded_twice(inner[key])
                return arguments if isinstance(arguments, dict) else None
    return value


def _decoded_twice(value: Any) -> Any:
    """Arguments some servers send as a JSON string inside the JSON ("{\\"memories\\": ...}")."""
    if isinstance(value, str) and value.strip().startswith("{"):
        try:
            return json.loads(value, strict=False)
        except json.JSONDecodeError:
            return value
    return value


def _first_object(text: str) -> Any | None:
    decoder = json.JSONDecoder(strict=False)
    start = text.find("{")
    while start != -1:
        try:
            return _decoded_twice(decoder.raw_decode(text, start)[0])
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
    return None
