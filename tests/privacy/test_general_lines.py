"""Lines for the general frames of the kept-line layers (tests/privacy/layer_tables/general.*.jsonl): memory lines
and member chat in 22 languages stating a special category ("Observes Ramadan.", "Votes Labour.", "Member of
Unite.", "Enrolled Face ID at the bank."), a claim about someone else ("Sister is pregnant.", "@kiwi_88 is failing
all his classes", "Elins pappa ..."), a role asserted ("Has mod perms."), against bare relationships ("Plays duo
with Jo."), gaming uses of the same words ("my healer ran oom again", "Runs a Protestant Sweden in EU4.") and the
member's own harmless facts ("Works as a pharmacist.").

Written before the rules for them changed, from outside sources (each row's ``source``), not from the rules' word
lists; every third row of each family is in ``aside`` and never tuned on, counted only.

Before the round: tune 175/185 right, aside 82/90 (health 6/10, religion 6/7, sexuality 6/7, politics 5/6,
biometrics 6/7, every other family all right).

After it (accent-free reading of medicine stems and medical roots, transplant, HIV and hormone-therapy words, Indic
medical and faith words, mentions and genitives without an apostrophe as subjects, a verb read by the reflexive
after it, the bot's maker and superuser access as roles): tune 182/185; aside 82/90 as before.

Probe rows ``-b2-`` (371, in ``tune``, outside the split) were written in three batches while the round went on, in
languages and wordings the first rows had few of: 139/164, 132/151 and 45/56 right when each was written, 360/371
after the rules they led to (suffering and coming-out frames in many languages, a frame after the word where the verb
ends the clause, fillers, worship places in more scripts, enrolment places, kin words, "that" and reporting verbs in
more languages, a relation's hardship after its genitive). Tune 544/556 in all. Aside at the end
of the round: 82/90 as before — its misses are wordings these general rules did not reach, left for a later round
rather than tuned on.

After the round for frames that need no listed phrase (tests/privacy/test_broad_lines.py: a hedge before a copula, a
mention as a framed word's subject, any capitalised subject before a private life's word): tune 545/556; aside 83/90
(sexuality 7/7, was 6/7).

After the scored classifier behind the rules (utils/privacy/line_classifier.py, never trained on the aside):
aside 84/90 (was 83) — health 7/10 (was 6/10); every kept family as before.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, family, right_by_refusal, third_aside

RIGHT_AT_LEAST = {
    "tune": {
        "health": 72,
        "religion": 29,
        "sexuality": 48,
        "ethnicity": 11,
        "politics": 26,
        "union": 15,
        "biometrics": 43,
        "claim": 92,
        "role": 69,
        "relationship": 40,
        "gaming": 45,
        "harmless": 55,
    },
    "aside": {
        "health": 7,
        "religion": 6,
        "sexuality": 7,
        "ethnicity": 6,
        "politics": 5,
        "union": 5,
        "biometrics": 6,
        "claim": 9,
        "role": 8,
        "relationship": 6,
        "gaming": 9,
        "harmless": 10,
    },
}
"""Rows the layers get right, per family and part (refused, or kept for the kept families)."""


@pytest.mark.parametrize("part", PARTS)
def test_each_family_stays_at_its_measured_figure(part: str) -> None:
    at_floors("general", part, right_by_refusal, RIGHT_AT_LEAST[part])


PROBE_BATCH = "-b2-"
"""Rows written after the first rules of the round to probe their reach (tuned on, outside the split)."""


def test_a_third_is_aside_in_every_family_and_no_line_is_in_both() -> None:
    split = third_aside("general", probes=PROBE_BATCH)
    assert {family(row) for row in split.aside} == set(RIGHT_AT_LEAST["aside"])
    assert len({row["lang"] for row in split.first + split.aside}) >= 15
