"""Kinds of evidence named by their own names (tests/privacy/layer_tables/evidence_kinds.*.jsonl), written before the
rules of their round from lists the rules were not tuned on (each row's ``source``): the WHO essential medicines and
ICD-11 chapter names, lists of pilgrimage sites and observances, of pride events, of political parties by country, of
ethnic groups, biometric enrolment notices, accusation verbs told of a named person, and Discord's own permission
names in its client localisations; beside them the same words in games and in public news and history. Memory lines
and member chat in 23 languages.

A refused family's row is right when the line is refused as a memory; a kept family's row when it is kept as a memory
and left unchanged as a message. Every third row of each family is in ``aside``: never tuned on, counted only.

Before the rules of the round (arrival): ARRIVAL. After: AFTER.
"""

from __future__ import annotations

import pytest
from layer_tables import load, right_as_memory_and_message, short_of_floors

REFUSED = ("health", "religion", "sexuality", "politics", "ethnicity", "biometrics", "claim", "role")
KEPT = ("gaming", "harmless")

RIGHT_AT_LEAST = {
    "tune": {name: 0 for name in (*REFUSED, *KEPT)},
    "aside": {name: 0 for name in (*REFUSED, *KEPT)},
}
"""Rows right per family and part, the figures measured when the round of rules was done."""


@pytest.mark.parametrize("part", ["tune", "aside"])
def test_each_family_stays_at_its_measured_figure(part: str) -> None:
    short = short_of_floors("evidence_kinds", part, (*REFUSED, *KEPT), RIGHT_AT_LEAST[part])
    assert not short, short


def test_a_third_is_aside_in_many_languages_and_no_line_is_in_both() -> None:
    tune, aside = load("evidence_kinds", "tune"), load("evidence_kinds", "aside")
    assert 0.3 <= len(aside) / (len(tune) + len(aside)) <= 0.36
    assert not {row["text"] for row in tune} & {row["text"] for row in aside}
    assert len({row["lang"] for row in tune + aside}) >= 20
    for name in (*REFUSED, *KEPT):
        assert len([row for row in tune + aside if row["kind"] == name]) >= 9, name


def test_the_measure_can_fail() -> None:
    assert not right_as_memory_and_message({"kind": "gaming", "text": "my healer takes insulin every day"})
    assert right_as_memory_and_message({"kind": "health", "text": "Takes insulin every morning."})
