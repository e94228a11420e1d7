"""Hearsay, party and people frames and their look-alikes (tests/privacy/layer_tables/hearsay_frames.*.jsonl),
written before the rules of their round from sources no rule was written from (each row's ``source``): reported-speech
and evidential grammar of many languages with a named third person, party names of national parliaments with
membership, candidacy, vote and canvassing wording, peoples and minorities said as "we are / my family is"; beside
them what must pass: hearsay about patches and seasons, a line set inside a named game, the weather and the news,
public parties in the news, fans of a team, club memberships and bare relationships.

A refused family's row is right when the line is refused as a memory; a kept family's row when it is kept as a memory
and left unchanged as a message. Every third row of each family is in ``aside``: never tuned on, counted only.

Before the rules: tune 82/104, aside 37/50 — aside claim 7/12, politics 6/9, ethnicity 6/9, gaming 8/9, harmless 6/7,
relationship 4/4. After the hearsay, party, people and game-frame rules: tune 101/104, aside 45/50 — aside claim 12/12,
politics 7/9, ethnicity 8/9, gaming 8/9, harmless 6/7, relationship 4/4.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, right_as_memory_and_message, third_aside

REFUSED = ("claim", "politics", "ethnicity")
KEPT = ("relationship", "gaming", "harmless")

RIGHT_AT_LEAST = {
    "tune": {"claim": 24, "politics": 20, "ethnicity": 18, "relationship": 9, "gaming": 19, "harmless": 11},
    "aside": {"claim": 12, "politics": 7, "ethnicity": 8, "relationship": 4, "gaming": 8, "harmless": 6},
}
"""Rows right per family and part, the figures measured when the round of rules was done."""


@pytest.mark.parametrize("part", PARTS)
def test_each_family_stays_at_its_measured_figure(part: str) -> None:
    at_floors("hearsay_frames", part, right_as_memory_and_message, RIGHT_AT_LEAST[part])


def test_a_third_is_aside_in_many_languages_and_no_line_is_in_both() -> None:
    split = third_aside("hearsay_frames", share=(0.3, 0.36))
    every = split.tune + split.aside
    assert len({row["lang"] for row in every}) >= 15
    assert {row["form"] for row in every} == {"chat", "memory"}
    for name in (*REFUSED, *KEPT):
        assert len([row for row in every if row["kind"] == name]) >= 13, name


def test_the_measure_can_fail() -> None:
    assert not right_as_memory_and_message({"kind": "gaming", "text": "my healer takes insulin every day"})
    assert right_as_memory_and_message({"kind": "claim", "text": "Sam said he's in debt to a loan shark."})
