"""Arguments found in a reply's text, as servers that ignore both tool calls and structured output leave them."""

from __future__ import annotations

import json

import pytest

from utils.llm import arguments_in_text

ARGS = {"memories": [{"memory": "Has a cat called Miso.", "topics": ["cat"]}]}
A = json.dumps(ARGS)
NAME = "extract_memories"

FOUND = [
    (f"```json\n{A}\n```", "a fenced json block (Ollama ignoring tool_choice)"),
    (f"Here is what I found:\n```json\n{A}\n```\nAnything else?", "a fence inside prose"),
    (f"```\n{A}\n```", "a fence without a language"),
    (f"Sure, the arguments: {A} Hope that helps!", "a bare object in prose"),
    (f'<tool_call>\n{{"name": "{NAME}", "arguments": {A}}}\n</tool_call>', "Hermes/Qwen tags"),
    (f'<tool_call>{{"name": "{NAME}", "arguments": {json.dumps(A)}}}</tool_call>', "tags with double-encoded arguments"),
    (f'<tool_call>\n{{"name": "{NAME}", "arguments": {A}}}', "an opening tag never closed (cut at max_tokens after the JSON)"),
    (f'{{"name": "{NAME}", "parameters": {A}}}', "Llama 3.1 style name/parameters"),
    (f'[TOOL_CALLS] [{{"name": "{NAME}", "arguments": {A}}}]', "Mistral [TOOL_CALLS]"),
    (f'{{"type": "function", "function": {{"name": "{NAME}", "arguments": {json.dumps(A)}}}}}', "an OpenAI tool call as text"),
    (f'<|tool_call|>{{"name": "{NAME}", "arguments": {A}}}<|/tool_call|>', "pipe tags"),
    (A.replace("Miso.", "Miso.\nShe is two."), "a raw newline inside a string"),
    (f"Thinking… {{broken}} then {A}", "a broken object before the real one"),
    ('{"memories": [{"memory": "Aime le thé vert.", "topics": ["thé"]}]}', "another language"),
]


@pytest.mark.parametrize(("text", "case"), FOUND, ids=[c for _, c in FOUND])
def test_arguments_are_found_in_the_text(text: str, case: str) -> None:
    found = arguments_in_text(text, NAME)
    assert isinstance(found, dict) and "memories" in found, case
    assert found["memories"][0]["memory"].split()[0] in {"Has", "Aime"}


NOT_FOUND = [
    ("Sure! I have noted that for you.", "prose"),
    ("", "empty"),
    (None, "no content"),
    ('{"memories": [{"memory": "Has a cat', "truncated"),
    ("{'memories': [{'memory': 'Has a cat'}]}", "Python-style quotes"),
    (f'<tool_call>{{"name": "report_analysis", "arguments": {A}}}</tool_call>', "a call to another function"),
    ("```json\n[1, 2, 3]\n```", "a list, not an object"),
]


@pytest.mark.parametrize(("text", "case"), NOT_FOUND, ids=[c for _, c in NOT_FOUND])
def test_nothing_is_made_up_from_text_without_the_arguments(text: str | None, case: str) -> None:
    assert arguments_in_text(text, NAME) is None, case
