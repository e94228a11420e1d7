"""The tool-call modes: how a tool's arguments are asked of an OpenAI-compatible server.

One definition for the code and for the setting (``LLM_TOOL_MODE``, typed by
:data:`ToolModeSetting` in `utils.config`): in order of preference, a forced tool call
(``tools``), structured output with the tool's JSON schema (``json_schema``), JSON mode
with the schema in the prompt (``json_object``), and the arguments read from the reply's
text (``text``). ``auto`` is a setting, not a mode: it finds the mode per model.
"""

from __future__ import annotations

from typing import Literal, get_args

ToolMode = Literal["tools", "json_schema", "json_object", "text"]
"""A mode, as the setting, `LlmLog.Way` and `LlmToolWay` spell it; the order is the order of preference."""
ToolModeSetting = Literal["auto", ToolMode]
"""The values of LLM_TOOL_MODE: ``auto`` finds the mode per model, any other value forces that mode."""

MODES: tuple[ToolMode, ...] = get_args(ToolMode)
"""Every mode, best first: a model is asked the first one it has not refused."""
LABELS: dict[ToolMode, str] = {
    "tools": "forced tool call",
    "json_schema": "structured output",
    "json_object": "JSON mode with the schema in the prompt",
    "text": "arguments read from the reply's text",
}
WHY_NOT: dict[ToolMode, str] = {
    "tools": "forced tool calls",
    "json_schema": "structured output (json_schema)",
    "json_object": "JSON mode (json_object)",
    "text": "JSON written in the reply",
}


def mode_named(value: str | None) -> ToolMode | None:
    """The mode spelt ``value`` (a stored `LlmToolWay.Way`), or None when it names none."""
    return next((mode for mode in MODES if mode == value), None)
