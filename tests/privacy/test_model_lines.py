"""Model-style memory lines (tests/privacy/layer_tables/model_lines.*.jsonl): the terse third-person lines a
careless extraction model proposes ("Takes insulin.", "Their sister is going through IVF.", "Has admin on this
server.") against the same lines of the member's own life that must pass ("Is a nurse.", "Mods Minecraft.").

Written before the rules for subject-less lines changed, from outside sources (see each row's ``source``), in
fifteen languages; every third row of each family is in ``aside`` and is never tuned on. Both parts are measured
as shares per family, with floors at the figures measured when the round of rules was done.

Before the round (706 rows, 229 aside): tune 417/477 right, aside 201/229 — aside refused: health 32/36, religion
15/17, sexuality 14/15, ethnicity 12/13, politics 13/16, union 9/10, biometrics 11/12, claims 30/39, roles 12/17;
aside kept: relationships 14/14, gaming 18/18, harmless 21/22.

After it (rules tuned on the tune part, the dev tables and probe rows ``-b3-`` written during the round,
621 of them, outside the split, 609 right): tune 474/477 right (was 417); aside 209/229 (was 201) — claims 36/39
(was 30), politics 15/16 (was 13), every other family as before: the aside health, role and special misses are
wordings the round's general rules did not reach, left for a later round rather than tuned on.

After the pairs for roles claimed in any language (utils/privacy/role_claims.py): tune role 137/137 (was 135),
aside role 12/17 as before, every kept family as before.

After the general frames (mentions and genitives as subjects, a verb read by its reflexive, kin stems with their
endings, what someone has said with Russian "у", suffering and coming-out frames in more languages): aside claims
37/39 (was 36), health 33/36 (was 32), every other family as before.

After the frames that need no listed phrase (tests/privacy/test_broad_lines.py: fasting and devotion stems, any
capitalised subject or possessed relation before a private life's word): aside 213/229 (was 211) — religion 16/17
(was 15), claims 38/39 (was 37); tune claims 236/240 (was 235).

After the scored classifier behind the rules (utils/privacy/line_classifier.py, trained on the tune part, never on
the aside): aside 215/229 (was 213) — politics 16/16 (was 15), union 10/10 (was 9); every kept family as before.

After the two-field rules (utils/privacy/semantic_fields.py: a body trait and an identifying act, a faith's community
and belonging, a union and membership): aside 216/229 — biometrics 12/12 (was 11/12); every kept family as before.

After the classifier was retrained with wave 11's development rows at a threshold never below the last measured one
(0.995; at the 0.986 its cross-validation chose it refused unseen ordinary lines — party news, hearsay about the
weather, a best friend from school): aside politics 15/16 (was 16), every other family as before.
After the readings of special_fresh20 (brand names in more countries and scripts, benefits and clinics by their
names, "closeted", more census names; all data): aside health 35/36 (was 34), sexuality 15/15 (was 14), every other
family as before; tune as before.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, right_by_refusal, third_aside

GROUPS = ("health", "religion", "sexuality", "ethnicity", "politics", "union", "biometrics", "claim", "role")
KEPT = ("relationship", "gaming", "harmless")

RIGHT_AT_LEAST = {
    "tune": {
        "health": 172,
        "religion": 47,
        "sexuality": 111,
        "ethnicity": 31,
        "politics": 44,
        "union": 24,
        "biometrics": 47,
        "claim": 236,
        "role": 137,
        "relationship": 38,
        "gaming": 79,
        "harmless": 120,
    },
    "aside": {
        "health": 35,
        "religion": 16,
        "sexuality": 15,
        "ethnicity": 12,
        "politics": 15,
        "union": 10,
        "biometrics": 12,
        "claim": 38,
        "role": 12,
        "relationship": 14,
        "gaming": 18,
        "harmless": 21,
    },
}
"""Rows the layers get right, per family and part (refused, or kept for the kept families)."""


@pytest.mark.parametrize("part", PARTS)
def test_each_family_stays_at_its_measured_figure(part: str) -> None:
    assert set(RIGHT_AT_LEAST[part]) == {*GROUPS, *KEPT}
    at_floors("model_lines", part, right_by_refusal, RIGHT_AT_LEAST[part])


PROBE_BATCH = "-b3-"
"""Rows written after the first rules of the round to probe their reach (tuned on, outside the split)."""


def test_a_third_is_aside_and_no_line_is_in_both() -> None:
    split = third_aside("model_lines", probes=PROBE_BATCH)
    assert len({row["lang"] for row in split.first + split.aside}) >= 10
