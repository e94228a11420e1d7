"""Claims about other people and roles asserted in chat that a careless model still keeps, from angles no earlier
table took, and their look-alikes (tests/privacy/layer_tables/others_fresh21.*.jsonl), written before the rules of its
round from outside sources (each row's ``source``): the third-person lines a careless memory extractor writes about
what a member said of someone else, in the reported-speech grammar of many languages ("Says his coworker cheats on
his taxes.", "Erzählt, dass sein Mitbewohner …", "ユーザーによると…"); gossip, confession and advice-forum phrasings of
places no earlier table named (r/TrueOffMyChest, r/survivinginfidelity, AITA and TIFU titles, Netmums, Kafeteria.pl,
Woman.ru, Yahoo!知恵袋, 네이트판, 豆瓣, Dcard, Webtretho, Familjeliv, Vauva.fi, JamiiForums …); the subject named
only by a nickname, an @mention, a role in the group or a possessive in another script; passive voice; a claim inside
a question or a joke; a claim about a whole group; and roles asserted in new ways (the bot's owner, the Partner
Program, a Verified or 18+ role, a server's own role names, Discord's permission names in several languages, "on the
staff team of", 運営, 관리진, 管理组, yetkili). Beside them what must pass: bare relationships named by nickname or
@mention, a member's own facts, game characters and classes (a Sentinel, a Guardian, a prison warden), public
figures' public acts, a staff, owner, verified or manage word outside any community, asking who the mods are.

A careless extractor stores every line it is shown: a refused kind's row is right when each of its lines is refused as
a memory, a kept kind's row when it is kept unchanged as a memory and left unchanged as a message. A third of each kind
(random, seeded ``"others_fresh21|<kind>"``) is in ``aside``: never tuned on, counted only. The generator script
stayed outside the repository.

On arrival, before any rule of its round: tune 145/196 — claim 56/87, role 26/44 (refused kinds 82/131), relationship
21/21, gaming 21/21, harmless 21/23 (kept kinds 63/65); aside 85/99 — claim 34/43, role 18/22 (refused kinds 52/65),
relationship 11/11, gaming 10/11, harmless 12/12 (kept kinds 33/34).
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, kinds_table_is_well_formed, load, right_line_by_line

NAME = "others_fresh21"

RIGHT_AT_LEAST = {
    "tune": {"claim": 56, "role": 26, "relationship": 21, "gaming": 21, "harmless": 21},
    "aside": {"claim": 34, "role": 18, "relationship": 11, "gaming": 10, "harmless": 12},
}
"""Rows right per kind and part: the figures measured on arrival, before any rule of its round (tune 145/196,
aside 85/99)."""


@pytest.mark.parametrize("part", PARTS)
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right_line_by_line, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_of_each_kind_is_aside_in_many_languages() -> None:
    kinds_table_is_well_formed(NAME, ("claim", "role"), rows=220, languages=30, per_refused_kind=60)


def test_the_measure_can_fail() -> None:
    assert not right_line_by_line({"kind": "claim", "text": "plays duo with Jo"})
    assert not right_line_by_line({"kind": "harmless", "text": "my coworker was arrested for fraud last week"})
    assert right_line_by_line({"kind": "relationship", "text": "plays duo with Jo"})
    assert load(NAME, "tune")
