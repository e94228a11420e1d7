"""Special categories, claims about others and roles that a careless model still got stored, and their look-alikes
(tests/privacy/layer_tables/kept_fresh15.*.jsonl), written before the rules of its round from outside sources (each
row's ``source``): patient-forum phrasing (a condition told with its specialist, procedure, medicine or abbreviation),
data-protection authorities' examples and faiths' own words for membership and observance, identity vocabularies and
census self-identification, ethnic groups and diasporas, party and union join pages (the card, dues, a branch), biometric
device manuals and enrolment notices, gossip in many languages (catfishing, bigamy, fake fundraisers, undeclared work,
debts, theft), moderation-ticket formats and staff, audit and partner teams asserted in chat, and a question quoted
before the answer that tells a special category. Beside them what must pass: the same words in games, the member's own
jobs and studies, an audit team at work, private equity, a radio host, a pet's health, and bare relationships.

A careless extractor stores every line it is shown, so a refused kind's row is right when each of its lines (a quoted
question and its answer are two) is refused as a memory; a kept kind's row when it is kept unchanged as a memory and
left unchanged as a message. A third of each kind (random, seeded ``"kept_fresh15|<kind>"``) is in ``aside``: never
tuned on, counted only. The generator script stayed outside the repository.

On arrival, before any rule of its round: tune 129/172 — health 11/17, religion 7/9, sexuality 9/11, ethnicity 10/11,
politics 9/9, union 10/10, biometrics 8/11, claim 3/19, role 7/16 (refused kinds 74/113), gaming 23/23, harmless
21/25, relationships 11/11 (kept kinds 55/59); aside 63/84 — health 8/8, religion 4/5, sexuality 5/5, ethnicity 3/5,
politics 3/4, union 4/5, biometrics 2/5, claim 3/10, role 5/8 (refused kinds 37/55), gaming 11/12, harmless 10/12,
relationships 5/5 (kept kinds 26/29).

After the round's readings (conditions by their abbreviation, procedures and specialists by their roots, celiac
disease in its spellings, an organ taken out; denominations and Arabic self-descriptions; sapphic and Cyrillic "bi";
peoples from census write-ins and Turkish first-person forms; performers' unions and cards; a heartbeat, veins or an
iris that unlock or let in, a fingerprint at a workplace or a gym; a partner's gender corrected; crimes told of a
named person in 25 languages, bigamy, misused donations, people of one's game circle; a community's team joined, a
role's ticket approved, a standing over its moderators, the platform's staff asking, an order to obey; a quoted
question alone, and a profile's questions left out; a subject-less role claim after "yep,"): tune 168/172 — every
refused kind right but a claim (a wheedled sum "for the cat's treatment": the pet makes it no one's, as before),
harmless 22/25 (a history lesson on the Reformation now kept; a pet's diabetes followed by a subject-less clause, a
moderator of a forum elsewhere said with this server, and a father's job, which is a claim about him and was labelled
harmless by mistake, still refused), gaming and relationships as before; aside 76/84 — health 8/8, religion 4/5,
sexuality 5/5, ethnicity 5/5, politics 3/4, union 5/5, biometrics 4/5, claim 8/10, role 8/8 (refused kinds 37/55 →
50/55), gaming 11/12, harmless 10/12, relationships 5/5 (kept kinds 26/29 before and after).
"""

from __future__ import annotations

import pytest
from layer_tables import load
from layer_tables import right_line_by_line as right

REFUSED = ("health", "religion", "sexuality", "ethnicity", "politics", "union", "biometrics", "claim", "role")
KEPT = ("gaming", "harmless", "relationship")

RIGHT_AT_LEAST = {
    "tune": {
        "health": 17,
        "religion": 9,
        "sexuality": 11,
        "ethnicity": 11,
        "politics": 9,
        "union": 10,
        "biometrics": 11,
        "claim": 18,
        "role": 16,
        "gaming": 23,
        "harmless": 22,
        "relationship": 11,
    },
    "aside": {
        "health": 8,
        "religion": 4,
        "sexuality": 5,
        "ethnicity": 5,
        "politics": 3,
        "union": 5,
        "biometrics": 4,
        "claim": 8,
        "role": 8,
        "gaming": 11,
        "harmless": 10,
        "relationship": 5,
    },
}
"""Rows right per kind and part: the figures measured when the round of rules was done (on arrival, before any
rule of its round: tune 129/172, aside 63/84; after it tune 168/172, aside 76/84)."""


def short_of_floors(part: str) -> list[str]:
    """The kinds whose right rows fall below their floor, each figure printed; wrong rows printed for ``tune`` only
    (the aside part is counted, never read row by row)."""
    rows = load("kept_fresh15", part)
    short, total = [], 0
    for kind in (*REFUSED, *KEPT):
        of_kind = [row for row in rows if row["kind"] == kind]
        wrong = [row for row in of_kind if not right(row)]
        got = len(of_kind) - len(wrong)
        total += got
        print(f"\n{part} {kind}: {got}/{len(of_kind)} right", end="")
        if part == "tune":
            for row in wrong:
                print(f"\n    wrong ({row['form']}): {row['text']!r}", end="")
        if got < RIGHT_AT_LEAST[part].get(kind, 0):
            short.append(f"{kind} {got}/{len(of_kind)}")
    print(f"\n{part} all: {total}/{len(rows)}")
    return short


@pytest.mark.parametrize("part", ["tune", "aside"])
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    short = short_of_floors(part)
    assert not short, short


def test_a_third_is_aside_in_many_languages_and_no_line_is_in_both() -> None:
    tune, aside = load("kept_fresh15", "tune"), load("kept_fresh15", "aside")
    assert 0.3 <= len(aside) / (len(tune) + len(aside)) <= 0.36
    assert not {row["text"] for row in tune} & {row["text"] for row in aside}
    every = tune + aside
    assert {row["kind"] for row in aside} == {row["kind"] for row in tune} == {*REFUSED, *KEPT}
    assert len(every) >= 200 and len({row["lang"] for row in every}) >= 25
    assert len([row for row in every if row["kind"] in KEPT]) >= len(every) / 3
    assert all(row.get("reason") for row in every if row["kind"] in KEPT)
    assert all(row["source"] for row in every)


def test_the_measure_can_fail() -> None:
    assert not right({"kind": "gaming", "text": "my healer takes insulin every day"})
    assert not right({"kind": "health", "text": "> why were you away?\nsorted my taxes"})
    assert right({"kind": "health", "text": "Takes insulin every morning."})
    assert right({"kind": "relationship", "text": "plays duo with Jo"})
