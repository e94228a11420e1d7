"""Special categories a careless model still kept, in wordings no earlier table has, and their look-alikes
(tests/privacy/layer_tables/special_fresh17.*.jsonl), written before the rules of its round from outside sources
(each row's ``source``): medicines by brand and generic name in several countries, therapy, disability, pregnancy,
surgeries, allergies, neurodivergence, sleep disorders, addiction and recovery, mental health in slang; practices,
holidays, dietary rules, clergy, conversion and unbelief in many faiths; identities, coming out, transition and a
partner's gender told as the member's fact; heritage and community words; party membership, votes and activism;
union membership, office and strikes; voice and face enrolment, genetic tests, height and weight. Beside them what
must pass: the same words in games ("my healer", "cleric build", "tank died", "party leader", "strike team"), a cult
classic, set theory's union, nationality and where one lives, public news, a member's non-sensitive facts and bare
relationships.

A careless extractor stores every line it is shown: a refused kind's row is right when each of its lines is refused as
a memory, a kept kind's row when it is kept unchanged as a memory and left unchanged as a message. A third of each kind
(random, seeded ``"special_fresh17|<kind>"``) is in ``aside``: never tuned on, counted only. The generator script
stayed outside the repository.

On arrival, before any rule of its round: tune 166/206 — health 16/28, religion 18/21, sexuality 16/20, ethnicity
14/17, politics 13/17, union 9/13, biometrics 6/15 (refused kinds 92/131), gaming 33/33, harmless 35/35, relationship
6/7 (kept kinds 74/75); aside 79/103 — health 8/14, religion 6/11, sexuality 6/10, ethnicity 6/8, politics 7/8, union
5/7, biometrics 3/7 (refused kinds 41/65), gaming 17/17, harmless 18/18, relationship 3/3 (kept kinds 38/38).

After the round's readings (medicines by their brand names in more countries and scripts, and the conditions,
procedures and devices they come with: a C-section, a gastric sleeve, remission, chemotherapy, sleep apnoea, sleeping
pills, AuDHD, ARVs, a gambling addiction and days without a bet; tithing; a Serbian slava; an altar at a pagan
festival and "pagan here"; transition words and a gender recognition certificate; a same-gender pair beside a
partner's word; heritage words after a frame, a Hindi "hain" after the word, Hungarian "származású"; party names and
ideologies in Greek, Indonesian, Italian and Arabic; union names, building reps and "joined the union"; a strike in
Finnish and Hindi said of oneself; a height and a weight told together; and the name Timo no longer read as the
Spanish "timó"): tune 206/206, every kind right; aside 82/103 — health 10/14, religion 6/11, sexuality 6/10,
ethnicity 6/8, politics 7/8, union 5/7, biometrics 4/7 (refused kinds 41/65 → 44/65), gaming 17/17, harmless 18/18,
relationship 3/3 (kept kinds 38/38, as on arrival). The round of kept_fresh18 (general readings: a treatment's schedule
and effect, a food the body refuses, confession and fasting verbs, a protest attended, emoji, abbreviations) took its
aside from 82 to 83/103 (religion 6 → 7/11); tune 206/206 unchanged.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, kinds_table_is_well_formed, load, right_line_by_line

from utils.privacy.screen import screen

NAME = "special_fresh17"
REFUSED = ("health", "religion", "sexuality", "ethnicity", "politics", "union", "biometrics")

RIGHT_AT_LEAST = {
    "tune": {
        "health": 28,
        "religion": 21,
        "sexuality": 20,
        "ethnicity": 17,
        "politics": 17,
        "union": 13,
        "biometrics": 15,
        "gaming": 33,
        "harmless": 35,
        "relationship": 7,
    },
    "aside": {
        "health": 10,
        "religion": 7,
        "sexuality": 6,
        "ethnicity": 6,
        "politics": 7,
        "union": 5,
        "biometrics": 4,
        "gaming": 17,
        "harmless": 18,
        "relationship": 3,
    },
}
"""Rows right per kind and part: the figures measured when the round of rules was done (on arrival, before any rule
of its round: tune 166/206, aside 79/103; after it tune 206/206, aside 82/103)."""


@pytest.mark.parametrize("part", PARTS)
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right_line_by_line, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_of_each_kind_is_aside_in_many_languages() -> None:
    kinds_table_is_well_formed(NAME, REFUSED, rows=240, languages=30, per_refused_kind=20)


def test_the_measure_can_fail() -> None:
    assert not right_line_by_line({"kind": "gaming", "text": "my healer takes sertraline every morning"})
    assert not right_line_by_line({"kind": "health", "text": "my healer fell asleep, no heals the whole pull"})
    assert right_line_by_line({"kind": "health", "text": "Takes insulin every morning."})
    assert load(NAME, "tune")


@pytest.mark.parametrize(
    "text",
    [
        "Mede 1,68 m e pesa 70 kg.",  # a height and a weight told together
        "I'm 5'10 and 160 lbs",
        "taking Cipralex again since the winter",  # a brand name of another country
        "biorę Medikinet od tygodnia",
        "finally got my GRC in the post",
        "heathen here, blot on Saturday",
        "joined the union the week after the pay cut, dues are cheap",
        "main bhi hadtal pe hoon aaj",
        "my gf and I (both girls) got a cat",
    ],
)
def test_readings_of_the_round_refuse_lines_no_row_has(text: str) -> None:
    assert screen(text, "memory").refused, text


@pytest.mark.parametrize(
    "text",
    [
        "Timo and I duo every Friday",  # a name, not the Spanish "timó"
        "the crate weighs 20 kg",  # a weight with no height
        "my monitor is 60 cm wide and weighs 5 kg",
        "joined the Union army in the campaign",
        "the hartal closed every shop in Kochi today",  # a strike in the news
        "رمزم رو فراموش کردم",  # Persian "I forgot my password": کردم is "I did"
        "يا اخواني، الماتش بكرة الساعة ٨",  # Arabic "my brothers": no party
    ],
)
def test_readings_of_the_round_keep_their_look_alikes(text: str) -> None:
    kept = screen(text, "memory")
    assert not kept.refused and kept.text == text, text
