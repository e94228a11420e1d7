"""Claims about another person, sexuality and gender identity, roles asserted in chat and religion that a careless
model still got stored, the other special categories lightly, and their look-alikes
(tests/privacy/layer_tables/kept_fresh16.*.jsonl), written before the rules of its round from outside sources (each
row's ``source``): gossip and accusations as forums and chats phrase them (what someone did, owes, earns, is, was
fired or jailed for, who they date; in passing, as a question or a rumour, mostly without a name), self-identification
and coming-out phrasing of LGBTQ+ communities (a partner's gender told as the member's fact), server and community
ranks asserted (owner, head admin, staff, bot manager, whitelisted, verified, VIP), faith practice told as one's own
(fasting, prayer times, kosher and halal, parish roles, Shabbat, conversion). Beside them what must pass: the same
words in games (a rogue that stole the loot, a ruler converted in Crusader Kings, admin in Among Us), a member's own
jobs and facts, public figures' public acts, bare relationships, and three edges: a moderator elsewhere said beside
"not this server", "no girlfriend, no boyfriend, just games", and pots and pans.

A careless extractor stores every line it is shown: a refused kind's row is right when each of its lines is refused as
a memory, a kept kind's row when it is kept unchanged as a memory and left unchanged as a message. A third of each kind
(random, seeded ``"kept_fresh16|<kind>"``) is in ``aside``: never tuned on, counted only. The generator script stayed
outside the repository.

On arrival, before any rule of its round: tune 158/178 — health 4/5, religion 16/18, sexuality 20/22, ethnicity 3/4,
politics 4/4, union 3/3, biometrics 3/3, claim 29/38, role 20/21 (refused kinds 102/118), gaming 19/19, harmless 24/27,
relationship 13/14 (kept kinds 56/60); aside 79/90 — health 3/3, religion 8/9, sexuality 11/11, ethnicity 2/2,
politics 2/2, union 2/2, biometrics 2/2, claim 12/19, role 9/10 (refused kinds 51/60), gaming 9/10, harmless 12/13,
relationship 7/7 (kept kinds 28/30).

After the round's readings (a hearsay clause whose subject is a relation or a noun of a person written small, their
possessed and declined forms, and markers in Arabic, Persian, Hebrew, Hindi, Swahili, Tagalog, Thai and more; in-laws
in Nordic, Hungarian, Czech, Romanian and Greek; accusations and who someone is dating with a partner, an ex or a
moderator as the third person; colloquial Arabic relations; non-binary and trans words in more languages, "ace" said of
oneself with dating; LDS and Hindi fasts; a hyphenated heritage; VIP and a bot set up as roles; a role denied here, a
relative with a word of play, pots and pans): tune 178/178, every kind right; aside 82/90 — health 3/3, religion 8/9,
sexuality 11/11, ethnicity 2/2, politics 2/2, union 2/2, biometrics 2/2, claim 14/19, role 10/10 (refused kinds 51/60
→ 54/60), gaming 9/10, harmless 12/13, relationship 7/7 (kept kinds 28/30, as on arrival).
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, kinds_table_is_well_formed, load, right_line_by_line

from utils.privacy.screen import screen

NAME = "kept_fresh16"
REFUSED = ("health", "religion", "sexuality", "ethnicity", "politics", "union", "biometrics", "claim", "role")

RIGHT_AT_LEAST = {
    "tune": {
        "health": 5,
        "religion": 18,
        "sexuality": 22,
        "ethnicity": 4,
        "politics": 4,
        "union": 3,
        "biometrics": 3,
        "claim": 38,
        "role": 21,
        "gaming": 19,
        "harmless": 27,
        "relationship": 14,
    },
    "aside": {
        "health": 3,
        "religion": 8,
        "sexuality": 11,
        "ethnicity": 2,
        "politics": 2,
        "union": 2,
        "biometrics": 2,
        "claim": 14,
        "role": 10,
        "gaming": 9,
        "harmless": 12,
        "relationship": 7,
    },
}
"""Rows right per kind and part: the figures measured when the round of rules was done (on arrival, before any rule
of its round: tune 158/178, aside 79/90; after it tune 178/178, aside 82/90)."""


@pytest.mark.parametrize("part", PARTS)
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right_line_by_line, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_of_each_kind_is_aside_in_many_languages() -> None:
    kinds_table_is_well_formed(NAME, REFUSED, rows=220, languages=30)


def test_the_measure_can_fail() -> None:
    assert not right_line_by_line({"kind": "claim", "text": "plays duo with Jo"})
    assert not right_line_by_line({"kind": "harmless", "text": "my sister was arrested for theft last week"})
    assert right_line_by_line({"kind": "claim", "text": "my sister was arrested for theft last week"})
    assert right_line_by_line({"kind": "relationship", "text": "plays duo with Jo"})
    assert load(NAME, "tune")


@pytest.mark.parametrize(
    "text",
    [
        "apparently his girlfriend cheated on him with the drummer",  # a hearsay subject written small
        "tydligen har hennes bror skulder överallt",
        "úgy hallottam, hogy a férje csal",  # a possessed form of a person's word
        "ได้ยินว่าพี่ชายเขาติดคุก",  # Thai hearsay, written without spaces
        "he's a thief and a liar, trust me",  # an accusation with a third person
        "my cousin is dating her professor",
        "I'm ace and not interested in dating",
        "ik ben Turks-Nederlands",  # a hyphenated heritage said of oneself
        "I'm VIP on this server",
        "is it true the old mod got banned from twitch for harassment?",
        "ik ga elke vrijdag naar de moskee",
        "I'm verified on this server so I can post images",
    ],
)
def test_readings_of_the_round_refuse_lines_no_row_has(text: str) -> None:
    assert screen(text, "memory").refused, text


@pytest.mark.parametrize(
    "text",
    [
        "I'm an admin on another forum, not here, so I know how spam goes",  # a role denied here
        "my brother is coming over to play Tekken",  # a bare relationship with a word of play
        "Has pots and pans from the flea market.",  # POTS as kitchenware
        "my duo partner got an ace on Bind",
        "apparently the new patch nerfs healers",
    ],
)
def test_readings_of_the_round_keep_their_look_alikes(text: str) -> None:
    kept = screen(text, "memory")
    assert not kept.refused and kept.text == text, text
