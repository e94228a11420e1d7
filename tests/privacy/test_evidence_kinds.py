"""Kinds of evidence named by their own names (tests/privacy/layer_tables/evidence_kinds.*.jsonl), written before the
rules of their round from lists the rules were not tuned on (each row's ``source``): the WHO essential medicines and
ICD-11 chapter names, lists of pilgrimage sites and observances, of pride events, of political parties by country, of
ethnic groups, biometric enrolment notices, accusation verbs told of a named person, and Discord's own permission
names in its client localisations; beside them the same words in games and in public news and history. Memory lines
and member chat in 23 languages.

A refused family's row is right when the line is refused as a memory; a kept family's row when it is kept as a memory
and left unchanged as a message. Every third row of each family is in ``aside``: never tuned on, counted only.

Before the rules of the round (arrival): tune 58/69 — religion 4/7, sexuality 3/6, ethnicity 5/7, role 6/7, harmless
5/7, every other family all right; aside 23/30. After the round's data (``data/semantic_fields.json``: medicines and
conditions, pilgrimages, pride events and going to them, coming out with a partner, parties and peoples from broad
lists, enrolment acts, misdeeds told of a named person, Discord's permission names, a bot owner in the configuration;
``data/special_categories.json``: medicine, condition and genetic-test names): tune 65/69, aside 25/30. Still wrong in
tune: a promise walked to Fátima (a given name as much as a shrine), and two public lines that name the Hajj and
metformin (a kept line that names a condition, a medicine or a pilgrimage is refused on purpose). Once a game's
world was no longer read into every Italian "questo" and Portuguese "questão" (``quest*`` became the game's own forms),
aside 26/30 (role 3/3).
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, right_as_memory_and_message, third_aside

REFUSED = ("health", "religion", "sexuality", "politics", "ethnicity", "biometrics", "claim", "role")
KEPT = ("gaming", "harmless")

RIGHT_AT_LEAST = {
    "tune": {
        "health": 7,
        "religion": 6,
        "sexuality": 6,
        "politics": 7,
        "ethnicity": 7,
        "biometrics": 7,
        "claim": 7,
        "role": 7,
        "gaming": 7,
        "harmless": 5,
    },
    "aside": {
        "health": 3,
        "religion": 2,
        "sexuality": 2,
        "politics": 3,
        "ethnicity": 3,
        "biometrics": 3,
        "claim": 3,
        "role": 3,
        "gaming": 2,
        "harmless": 2,
    },
}
"""Rows right per family and part, the figures measured when the round of rules was done."""


@pytest.mark.parametrize("part", PARTS)
def test_each_family_stays_at_its_measured_figure(part: str) -> None:
    at_floors("evidence_kinds", part, right_as_memory_and_message, RIGHT_AT_LEAST[part])


def test_a_third_is_aside_in_many_languages_and_no_line_is_in_both() -> None:
    split = third_aside("evidence_kinds", share=(0.3, 0.36))
    every = split.tune + split.aside
    assert len({row["lang"] for row in every}) >= 20
    for name in (*REFUSED, *KEPT):
        assert len([row for row in every if row["kind"] == name]) >= 9, name


def test_the_measure_can_fail() -> None:
    assert not right_as_memory_and_message({"kind": "gaming", "text": "my healer takes insulin every day"})
    assert right_as_memory_and_message({"kind": "health", "text": "Takes insulin every morning."})
