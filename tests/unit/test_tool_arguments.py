"""Tool arguments as small models really write them: raw control characters, fences, prose around the JSON."""

from __future__ import annotations

import json

import pytest

from utils.llm import parse_arguments

GOOD = {"memories": [{"memory": "Likes tea\nand cake", "topics": ["tea"]}], "forget": []}

LENIENT = [
    ('{"memories": [{"memory": "Likes tea\nand cake", "topics": ["tea"]}], "forget": []}', GOOD),
    ('{"memories": [{"memory": "Likes tea\\nand cake", "topics": ["tea"]}], "forget": []}', GOOD),
    ('```json\n{"memories": [{"memory": "Likes tea\nand cake", "topics": ["tea"]}], "forget": []}\n```', GOOD),
    ('```\n{"memories": [{"memory": "Likes tea\\nand cake", "topics": ["tea"]}], "forget": []}```', GOOD),
    ('Sure! Here it is: {"memories": [{"memory": "Likes tea\\nand cake", "topics": ["tea"]}], "forget": []} Hope it helps', GOOD),
    ('{"memories": [{"memory": "Likes tea\\nand cake", "topics": ["tea"]}], "forget": []}\n{"memories": []}', GOOD),
    ('  \t{"a": "tab\there"}  ', {"a": "tab\there"}),
    ('{"a": "carriage\rreturn"}', {"a": "carriage\rreturn"}),
    ('note {broken} then {"a": 1}', {"a": 1}),
    ("[1, 2]", [1, 2]),
    ('"just a string"', "just a string"),
]


@pytest.mark.parametrize(("raw", "parsed"), LENIENT)
def test_lenient_arguments(raw: str, parsed: object) -> None:
    assert parse_arguments(raw) == parsed


@pytest.mark.parametrize("raw", ["", "   ", "no json at all", '{"memories": [{"memory": "Likes tea", ', "```json\n```", "{"])
def test_no_json_object_is_still_an_error(raw: str) -> None:
    with pytest.raises(json.JSONDecodeError):
        parse_arguments(raw)
