"""Ordinary lines that only look like a secret, an identity or a special category, beside their risky twins
(tests/privacy/layer_tables/ordinary_w11.*.jsonl).

A secret word followed by where the secret is kept ("the password is on the sticker", "my seed phrase is on paper in
a safe") or by a rule about it ("must be at least 8 characters") holds no value; a DOI, an arXiv id, a URN, an order
or a match number is a public reference; a game's world ("in Frostpunk", "in his Dragon Age save") frames the special
word; a relative named only as the one who reacted ("he got angry", "my grandma quotes it") is no claim about them.
Each must pass whole. The twins must stay caught: a value after the same words goes, a relative's illness, faith or
arrest is refused.

Written before the rules, from sources they were not written from (each row's ``source``), in 18 languages; every
third row of each kind is in ``aside`` and never tuned on, counted only.
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import load, right_count

from utils.privacy.screen import screen

RIGHT_AT_LEAST = {"tune": 0, "aside": 0}
"""Rows right per part: the figures measured when the round of rules was done."""


def _right(row: dict[str, Any]) -> bool:
    text = row["text"]
    message, memory = screen(text, "message"), screen(text, "memory")
    if row["expect"] == "kept":
        return message.text == text and not memory.refused and memory.text == " ".join(text.split())
    if row["expect"] == "refused":
        return memory.refused
    value = row["value"]
    memory_clean = memory.refused or value not in memory.text
    if row["expect"] == "message":  # an order number: a message keeps it, a memory loses it (someone's transaction)
        return message.text == text and memory_clean
    return value not in message.text and memory_clean


@pytest.mark.parametrize("part", ["tune", "aside"])
def test_ordinary_lines_pass_and_their_twins_are_caught(part: str) -> None:
    assert right_count(load("ordinary_w11", part), _right, "kind", part) >= RIGHT_AT_LEAST[part]


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    tune, aside = load("ordinary_w11", "tune"), load("ordinary_w11", "aside")
    assert 0.28 <= len(aside) / (len(tune) + len(aside)) <= 0.36
    assert not {row["text"] for row in tune} & {row["text"] for row in aside}
    assert {row["kind"] for row in aside} == {row["kind"] for row in tune}
    assert len({row["lang"] for row in tune + aside}) >= 8
    assert {row["expect"] for row in tune + aside} == {"kept", "message", "redacted", "refused"}


def test_the_measure_can_fail() -> None:
    assert not _right({"text": "my password is Kettle-Harbor-91", "expect": "kept"})
    assert not _right({"text": "went fishing today", "expect": "refused"})
    assert not _right({"text": "order number 30021947", "expect": "redacted", "value": "30021947"})
