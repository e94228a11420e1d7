"""Special categories, claims and roles in wordings no earlier table used (tests/privacy/layer_tables/
special_fresh12.*.jsonl), written before the rules of its round from sources no earlier table drew on (each row's
``source``): national health services' condition and medicine pages, religious calendars and dietary rules, coming-out
guides, census and minority-council wording, party and electoral-commission pages, union strike pages, biometric
device manuals and DNA-kit results, gossip threads and moderation docs; beside them the same words in games, public
news, history, fiction, the member's own hobbies and bare relationships. Memory lines as a careless model writes them
and member chat, in 20 languages; the refused lines mostly oblique (a medicine without its illness, an observance
without its faith, a partner whose gender tells the orientation, a strike joined, a template enrolled).

A refused family's row is right when the line is refused as a memory; a kept family's row when it is kept as a
memory and left unchanged as a message. Every third row of each family is in ``aside``: never tuned on, counted only.

Rows with ``-b2-`` (52, in languages the first rows lacked: cs, ro, uk, da, fi, no, tl, sw, he) and ``-b3-`` (109, in
the style of the development rows) in ``tune`` are probes written while the rules changed, tuned on and outside the
third.

Before any rule of the round (arrival), the first rows: tune 110/143 — health 6/12, religion 8/11, sexuality 5/11,
ethnicity 10/10, politics 9/11, union 10/10, biometrics 8/11, claims 9/11, roles 11/11, relationships 6/10, gaming
16/16, harmless 12/19; aside 50/68 — health 5/6, religion 3/5, sexuality 3/5, ethnicity 4/5, politics 4/5, union 4/5,
biometrics 3/5, claims 3/5, roles 1/5, relationships 5/5, gaming 7/8, harmless 8/9.

After the fields of the round (utils/privacy/semantic_fields.py, told_misdeeds.py): first rows tune 131/143 — every
refused family right but one sexuality row, relationships 6/10, gaming 16/16, harmless 12/19 (the kept rows the rules
refuse were refused on arrival, by older readings); aside 59/68 — religion 5/5, sexuality 5/5, claims 5/5, roles 4/5,
every other family as on arrival. The probes: ``-b2-`` 32/52 when written, 48/52 after; ``-b3-`` 73/109 when written
(after the first two steps of the round), 101/109 after.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, right_as_memory_and_message, third_aside

REFUSED = ("health", "religion", "sexuality", "ethnicity", "politics", "union", "biometrics", "claim", "role")
KEPT = ("relationship", "gaming", "harmless")

RIGHT_AT_LEAST = {
    "tune": {
        "health": 35,
        "religion": 36,
        "sexuality": 29,
        "ethnicity": 10,
        "politics": 11,
        "union": 10,
        "biometrics": 32,
        "claim": 34,
        "role": 28,
        "relationship": 8,
        "gaming": 22,
        "harmless": 25,
    },
    "aside": {
        "health": 5,
        "religion": 5,
        "sexuality": 5,
        "ethnicity": 4,
        "politics": 4,
        "union": 4,
        "biometrics": 3,
        "claim": 5,
        "role": 4,
        "relationship": 5,
        "gaming": 7,
        "harmless": 8,
    },
}
"""Rows right per family and part, the figures measured when the round of rules was done."""


@pytest.mark.parametrize("part", PARTS)
def test_each_family_stays_at_its_measured_figure(part: str) -> None:
    at_floors("special_fresh12", part, right_as_memory_and_message, RIGHT_AT_LEAST[part])


def test_a_third_is_aside_in_many_languages_and_no_line_is_in_both() -> None:
    split = third_aside("special_fresh12", probes=r"-b\d-", share=(0.3, 0.36))  # probes written later stand outside
    every = split.tune + split.aside
    assert len({row["lang"] for row in every}) >= 20
    for name in REFUSED:
        forms = [row["form"] for row in every if row["kind"] == name]
        assert len(forms) >= 15 and forms.count("chat") >= 6 and forms.count("memory") >= 6, name
    assert len([row for row in every if row["kind"] in KEPT]) >= 60


def test_the_measure_can_fail() -> None:
    assert not right_as_memory_and_message({"kind": "gaming", "text": "my healer takes insulin every day"})
    assert right_as_memory_and_message({"kind": "health", "text": "Takes insulin every morning."})
