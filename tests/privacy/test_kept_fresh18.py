"""Special categories, claims about other people and roles that a careless model still keeps, in the shapes the
earlier tables' wordings missed, and their look-alikes (tests/privacy/layer_tables/kept_fresh18.*.jsonl), written
before the rules of its round from outside sources (each row's ``source``): health services' and charities' pages (a
condition named only by what one does: a pill at 8, a Tuesday group, dialysis days, an injection before eating, can't
eat gluten), faith communities' calendars (fasting till sunset, mass, tarawih, Shabbat, a vrat, gongyo, chay days),
LGBTQ+ glossaries (bi, pan, on T, a deadname, die/hun, bading, 拉拉), census ethnicity categories of several countries,
party and union volunteer pages (phone banking, leafleting, a picket line, a shop steward), biometric enrolment and
genetic tests; told hedged ("I think I might be…"), as a question, through a relative's or a doctor's words, in a
model's third-person summary ("Member noted that…", "Has been…"), with abbreviations and emoji; claims about a person
named only by a pronoun, a role ("our tank", "the new guy"), a nickname or a group, in reported speech; roles asserted
as Discord staff applications and members put them. Beside them what must pass (96 of 270): the same words in games,
fiction, public news, nationality and residence, a member's own job and hobbies, bare relationships, asking who the
mods are or how to apply, a router's admin panel, set theory's union.

A careless extractor stores every line it is shown: a refused kind's row is right when each of its lines is refused as
a memory, a kept kind's row when it is kept unchanged as a memory and left unchanged as a message. A third of each kind
(random, seeded ``"kept_fresh18|<kind>"``) is in ``aside``: never tuned on, counted only. The generator script stayed
outside the repository.

On arrival, before any rule of its round: tune 158/179 — health 7/14, religion 10/13, sexuality 11/13, ethnicity
11/11, politics 9/11, union 9/9, biometrics 8/9, claim 18/23, role 12/13 (refused kinds 95/116), gaming 23/23, harmless
27/27, relationship 13/13 (kept kinds 63/63); aside 81/91 — health 4/7, religion 6/7, sexuality 5/6, ethnicity 5/5,
politics 6/6, union 5/5, biometrics 4/4, claim 9/11, role 5/7 (refused kinds 49/58), gaming 12/12, harmless 13/14,
relationship 7/7 (kept kinds 32/33).

After the round's readings, general ones written as fields of meaning (a treatment on a schedule or with what it does
to the speaker, a food the body refuses, a fellowship of recovery named by its addiction, a condition's shorthand, a
clinician of the mind seen; confession, fasting verbs, a kingdom hall and no longer going; a protest attended; a pride
flag's emoji, a faith's emoji beside its practice; a framed word with only words that say who speaks, "gay here";
abbreviations after a frame, JW, NB, AFAB, GAD; hedges and fillers as chat writes them, "kinda a commie", "вроде как
би"; a newcomer, a roommate and a teammate of a group as the third person, drink and debt in more languages; the
speaker running this community, a Turkish role word in the first person, "as head of the ticket team"): tune 178/179 —
health 14/14, religion 13/13, sexuality 12/13, ethnicity 11/11, politics 11/11, union 9/9, biometrics 9/9, claim
23/23, role 13/13, kept kinds 63/63; aside 82/91 — health 4/7, religion 6/7, sexuality 5/6, ethnicity 5/5, politics
6/6, union 5/5, biometrics 4/4, claim 9/11 → 10/11, role 5/7 (refused kinds 49/58 → 50/58), gaming 12/12, harmless
13/14, relationship 7/7 (kept kinds 32/33, as on arrival). Left in tune: "sou sapatão sim e daí" (Portuguese "sim",
yes, is read as a game's sim that the word before labels). The writer of the table also wrote the rules: the aside
third was never opened, but its rows were written by the same hand.
"""

from __future__ import annotations

import pytest
from layer_tables import (
    PARTS,
    at_floors,
    kinds_table_is_well_formed,
    load,
    right_line_by_line,
)

from utils.privacy.screen import screen

NAME = "kept_fresh18"
REFUSED = ("health", "religion", "sexuality", "ethnicity", "politics", "union", "biometrics", "claim", "role")

RIGHT_AT_LEAST = {
    "tune": {
        "health": 14,
        "religion": 13,
        "sexuality": 12,
        "ethnicity": 11,
        "politics": 11,
        "union": 9,
        "biometrics": 9,
        "claim": 23,
        "role": 13,
        "gaming": 23,
        "harmless": 27,
        "relationship": 13,
    },
    "aside": {
        "health": 4,
        "religion": 6,
        "sexuality": 5,
        "ethnicity": 5,
        "politics": 6,
        "union": 5,
        "biometrics": 4,
        "claim": 10,
        "role": 5,
        "gaming": 12,
        "harmless": 13,
        "relationship": 7,
    },
}
"""Rows right per kind and part: the figures measured when the round of rules was done (on arrival, before any rule
of its round: tune 158/179, aside 81/91; after it tune 178/179, aside 82/91)."""


@pytest.mark.parametrize("part", PARTS)
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right_line_by_line, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_of_each_kind_is_aside_in_many_languages() -> None:
    kinds_table_is_well_formed(NAME, REFUSED, rows=240, languages=30, per_refused_kind=12)


def test_the_measure_can_fail() -> None:
    assert not right_line_by_line({"kind": "claim", "text": "plays duo with Jo"})
    assert not right_line_by_line({"kind": "gaming", "text": "my healer takes sertraline every morning"})
    assert right_line_by_line({"kind": "relationship", "text": "plays duo with Jo"})
    assert load(NAME, "tune")


@pytest.mark.parametrize(
    "text",
    [
        "the quetiapine makes me so groggy in the morning",  # what a treatment does to the speaker
        "la metformina me da dolor de barriga",
        "roz subah thyroid ki goli",  # a treatment on a schedule, no verb
        "ich vertrage keine Laktose",  # a food the body refuses
        "can't eat shellfish or my throat closes",
        "Cocaine Anonymous saved my life, 2 years in",  # a fellowship named by its addiction
        "T2D here, cutting carbs",  # a condition's shorthand
        "chodzę do psychologa co tydzień",  # a clinician of the mind seen
        "ich war gestern auf der Demo gegen rechts",  # a protest attended
        "fui a la manifestación del 8M",
        "I'm a JW so no birthday parties",  # a faith's abbreviation after a frame
        "wlw 🏳️‍🌈",  # a pride flag's emoji
        "✝️ church every Sunday morning, then ranked",  # a faith's emoji beside its community
        "gay here",  # a framed word with words that only say who speaks
        "fellow pagan here",
        "I handle the tickets on this server",  # a duty of running this community
        "moderatörüm ben burada",  # a role word whose ending says the speaker holds it
        "我是这里的管理",
        "the new guy owes money to half the guild",  # a newcomer as the third person
        "cimer mi je stalno pijan",  # a roommate in Croatian
    ],
)
def test_readings_of_the_round_refuse_lines_no_row_has(text: str) -> None:
    assert screen(text, "memory").refused, text


@pytest.mark.parametrize(
    "text",
    [
        "the lithium battery in my laptop died",  # a treatment's word with nothing done to anyone
        "I can't eat pizza every day",  # no food the body refuses
        "the news showed the protest in Paris",  # news of a protest
        "I run this build every season",  # no community run
        "I'm second in command in my platoon",  # a rank elsewhere
        "who's in charge here?",  # asking who runs it
        "I'm ace at this game",
        "put the pan here",  # a framed word with words that say more
        "our mid is feeding",  # a teammate's play
        "nuts, that play was insane",
        "my sponsor sent me a new headset",
        "I post every day on my blog",
    ],
)
def test_readings_of_the_round_keep_their_look_alikes(text: str) -> None:
    kept = screen(text, "memory")
    assert not kept.refused and kept.text == text, text
