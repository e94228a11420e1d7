"""Lines no earlier table used (tests/privacy/layer_tables/fresh_special.*.jsonl), written before the rules of its
round from sources no earlier table drew on (each row's ``source``): sick notes and disability cards, church-tax and
conversion records, dating-app fields and legal gender recognition, indigenous and minority enrolment, party cards
and donations, union dues and strike ballots, enrolment notices for fingerprints, faces, irises, palm veins and
voices, identity-card descriptions and ancestry kits; claims about others (named, nicknamed, @mentioned, kin,
pronoun-only, possessive, reported, asked, denied) and roles asserted in chat; beside them gaming senses of the same
words (MOBAs, MMOs, roguelikes, gacha and sports games, lore, pro players' news), bare relationships and the member's
own harmless facts. Memory lines as a careless model writes them and member chat, in 30 languages.

A refused family's row is right when the line is refused as a memory; a kept family's row when it is kept as a
memory and left unchanged as a message. Every third row of each family is in ``aside``: never tuned on, counted only.

Before any rule of the round: tune 181/207, aside 86/99 — aside health 7/8, religion 6/7, sexuality 6/7, ethnicity
5/6, politics 4/6, union 5/5, biometrics 4/8, claims 11/11, roles 6/6, relationships 5/6, gaming 17/18, harmless 10/11.

After the two-field rules (utils/privacy/semantic_fields.py), before the classifier was retrained: tune 195/207,
aside 89/99 — religion 7/7, ethnicity 6/6, biometrics 5/8; every kept family as before. After the classifier was
retrained with the tune part (never the aside): tune 203/207, aside 89/99 as before. Retrained again with the next
wave's development rows and a threshold leaving one ordinary line in 4,000: tune health 15/16 (was 16).
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, right_as_memory_and_message, third_aside

REFUSED = ("health", "religion", "sexuality", "ethnicity", "politics", "union", "biometrics", "claim", "role")
KEPT = ("relationship", "gaming", "harmless")

RIGHT_AT_LEAST = {
    "tune": {
        "health": 15,
        "religion": 15,
        "sexuality": 14,
        "ethnicity": 14,
        "politics": 13,
        "union": 12,
        "biometrics": 16,
        "claim": 21,
        "role": 13,
        "relationship": 11,
        "gaming": 36,
        "harmless": 22,
    },
    "aside": {
        "health": 7,
        "religion": 7,
        "sexuality": 6,
        "ethnicity": 6,
        "politics": 4,
        "union": 5,
        "biometrics": 5,
        "claim": 11,
        "role": 6,
        "relationship": 5,
        "gaming": 17,
        "harmless": 10,
    },
}
"""Rows right per family and part, the figures measured when the round of rules was done."""


@pytest.mark.parametrize("part", PARTS)
def test_each_family_stays_at_its_measured_figure(part: str) -> None:
    at_floors("fresh_special", part, right_as_memory_and_message, RIGHT_AT_LEAST[part])


def test_a_third_is_aside_in_many_languages_and_no_line_is_in_both() -> None:
    split = third_aside("fresh_special", share=(0.3, 0.36))
    every = split.tune + split.aside
    assert len({row["lang"] for row in every}) >= 20
    assert {row["form"] for row in every} == {"chat", "memory"}
    for name in (*REFUSED, *KEPT):
        assert len([row for row in every if row["kind"] == name]) >= 15, name
    assert len([row for row in every if row["kind"] == "biometrics"]) >= 15


def test_the_measure_can_fail() -> None:
    assert not right_as_memory_and_message({"kind": "gaming", "text": "my healer takes insulin every day"})
    assert right_as_memory_and_message({"kind": "health", "text": "Takes insulin every morning."})
