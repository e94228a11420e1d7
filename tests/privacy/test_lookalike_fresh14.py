"""Lines that name a secret word or look like a value, beside their twins
(tests/privacy/layer_tables/lookalike_fresh14.*.jsonl).

A secret word followed by no value ("Passwort: keins", "password: none, it's an open lobby"), a documentation
placeholder (`curl -u USERNAME:PASSWORD`, `${DB_PASSWORD}`, `<your-token>`), a value masked as a log masks it
(`***`), a calendar or contact card's dates, a version or a published checksum, a bare relative: each must pass whole.
Their twins must stay caught: a real value after the same words and shapes goes, a relative's health or arrest is
refused. A game code meant to be shared stays in the message and leaves a memory (the fact is kept, not the code).

Written before the rules, from outside sources (each row's ``source``), in 25 languages; a third of each kind and
expectation is in ``aside`` and never tuned on, counted only.

On arrival: tune 75/118, aside 41/60.
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import load, right_by_expectation, right_count, split_is_honest

RIGHT_AT_LEAST = {"tune": 75, "aside": 41}
"""Rows right per part: the figures measured when the round of rules was done."""


def _right(row: dict[str, Any]) -> bool:
    return right_by_expectation(row)


@pytest.mark.parametrize("part", ["tune", "aside"])
def test_look_alikes_pass_and_their_twins_are_caught(part: str) -> None:
    assert right_count(load("lookalike_fresh14", part), _right, "kind", part) >= RIGHT_AT_LEAST[part]


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    split_is_honest("lookalike_fresh14", languages=15, expects={"kept", "message", "redacted", "refused"})


def test_the_measure_can_fail() -> None:
    assert not _right({"text": "password: Kettle-Harbor-91", "expect": "kept"})
    assert not _right({"text": "went fishing today", "expect": "redacted", "value": "fishing"})
    assert not _right({"text": "my sister plays support", "expect": "refused"})
