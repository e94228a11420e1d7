"""Lines for the reach of the kept-line layers beyond their word lists (tests/privacy/layer_tables/broad.*.jsonl):
memory lines and member chat in 17 languages stating a special category by a frame rather than a listed word
("i think i might be gay", "Canvassing for Labour", "shop steward at the warehouse", "Is a carrier of the cystic
fibrosis gene."), claims about someone named by any capitalised name ("Mike from the raid team is cheating on his
gf"), roles said of oneself, against bare bonds, gaming uses of the same words and the member's own harmless facts.

Written before the rules for them changed, from outside sources (each row's ``source``), not from the rules' word
lists; every third row of each family is in ``aside`` and never tuned on, counted only.

Before the round: tune 98/116, aside 44/54 (health 5/6, religion 3/5, sexuality 3/5, ethnicity 2/4, politics 4/5,
biometrics 3/4, claims 4/5, every other family all right).

After it (a hedge before a copula, a mention as a subject, fasting and devotion stems across faiths, coming out
with a light verb, half of an origin, party activism, candidacy, committees and marches, union roles and
federations, a reading terminal, carrier status with words between, surgery with a light verb, any capitalised
subject or possessed relation before a private life's word, the player's own sim or character as a game's
figure): tune 116/116 on the first split; aside 46/54 (religion 4/5, sexuality 4/5, the rest as before).

Probe rows ``-b2-`` (125, in ``tune``, outside the split) were written in two batches after the first rules, in
languages and wordings the first rows had few of (also ja, zh, ko, ar, hi, tr, id, vi): 57/62 and 51/63 right
when each was written, 118/125 after the rules they led to. Tune 234/241 in all.

After the scored classifier behind the rules (utils/privacy/line_classifier.py, never trained on the aside):
aside 47/54 (was 46) — ethnicity 3/4 (was 2/4); every kept family as before.

After the two-field rules (utils/privacy/semantic_fields.py: a body trait and an identifying act, a faith's community
and belonging, a union and membership): aside 48/54 — biometrics 4/4 (was 3/4); every kept family as before.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, family, right_by_refusal, third_aside

RIGHT_AT_LEAST = {
    "tune": {
        "health": 32,
        "religion": 28,
        "sexuality": 21,
        "ethnicity": 8,
        "politics": 21,
        "union": 8,
        "biometrics": 17,
        "claim": 28,
        "role": 17,
        "relationship": 8,
        "gaming": 22,
        "harmless": 24,
    },
    "aside": {
        "health": 5,
        "religion": 4,
        "sexuality": 4,
        "ethnicity": 3,
        "politics": 4,
        "union": 4,
        "biometrics": 4,
        "claim": 4,
        "role": 4,
        "relationship": 4,
        "gaming": 4,
        "harmless": 4,
    },
}
"""Rows the layers get right, per family and part (refused, or kept for the kept families)."""


@pytest.mark.parametrize("part", PARTS)
def test_each_family_stays_at_its_measured_figure(part: str) -> None:
    at_floors("broad", part, right_by_refusal, RIGHT_AT_LEAST[part])


PROBE_BATCH = "-b2-"
"""Rows written after the first rules of the round to probe their reach (tuned on, outside the split)."""


def test_a_third_is_aside_in_every_family_and_no_line_is_in_both() -> None:
    split = third_aside("broad", probes=PROBE_BATCH)
    assert {family(row) for row in split.aside} == set(RIGHT_AT_LEAST["aside"])
    assert len({row["lang"] for row in split.first + split.aside}) >= 15
