"""Claims about other people and roles asserted in chat that a careless model still keeps, and their look-alikes
(tests/privacy/layer_tables/claims_fresh17.*.jsonl), written before the rules of its round from outside sources (each
row's ``source``): how people talk about others in advice and gossip forums and workplace chats (what someone earns,
owes, drinks, weighs, believes, votes, failed, was arrested, fired or dumped for, their address, children and illness;
opinions stated as fact, reported speech, a group member's habit, pronoun-only subjects, subjects by role, questions,
conditionals, rumours; "MIL", "BIL", "SIL"), the third-person summaries a careless model writes ("User's boss …",
"Member mentioned that her sister …", "Thinks Jo is …"), and every way a member asserts rank or permission (staff,
admin perms, boosters, dev team, whitelisted, role emoji, other languages' words). Beside them what must pass: bare
relationships, a member's own facts, game roles, fictional characters' acts, public figures' public acts, mod packs,
a router's admin panel, asking who the mods are.

A careless extractor stores every line it is shown: a refused kind's row is right when each of its lines is refused as
a memory, a kept kind's row when it is kept unchanged as a memory and left unchanged as a message. A third of each kind
(random, seeded ``"claims_fresh17|<kind>"``) is in ``aside``: never tuned on, counted only. The generator script stayed
outside the repository.

On arrival, before any rule of its round: tune 155/185 — claim 59/77, role 31/43 (refused kinds 90/120), relationship
21/21, gaming 21/21, harmless 23/23 (kept kinds 65/65); aside 77/92 — claim 31/38, role 14/21 (refused kinds 45/59),
relationship 11/11, gaming 10/11, harmless 11/11 (kept kinds 32/33).
"""

from __future__ import annotations

import pytest
from layer_tables import KEPT_KINDS, PARTS, a_third_of_each, at_floors, load, right_line_by_line, third_aside

NAME = "claims_fresh17"

RIGHT_AT_LEAST = {
    "tune": {"claim": 59, "role": 31, "relationship": 21, "gaming": 21, "harmless": 23},
    "aside": {"claim": 31, "role": 14, "relationship": 11, "gaming": 10, "harmless": 11},
}
"""Rows right per kind and part: the figures measured on arrival, before any rule of its round."""


@pytest.mark.parametrize("part", PARTS)
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right_line_by_line, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_of_each_kind_is_aside_in_many_languages() -> None:
    split = third_aside(NAME)
    rows = split.tune + split.aside
    a_third_of_each(split)
    assert {row["kind"] for row in rows} == {"claim", "role", *KEPT_KINDS}
    assert len({row["id"] for row in rows}) == len(rows) >= 220
    assert len({row["lang"] for row in rows}) >= 30
    assert sum(row["kind"] in KEPT_KINDS for row in rows) >= len(rows) / 3
    assert all(row.get("reason") for row in rows if row["kind"] in KEPT_KINDS)
    assert all(row["source"] and row["form"] in {"chat", "memory"} for row in rows)


def test_the_measure_can_fail() -> None:
    assert not right_line_by_line({"kind": "claim", "text": "plays duo with Jo"})
    assert not right_line_by_line({"kind": "role", "text": "my mod pack crashes on load"})
    assert not right_line_by_line({"kind": "harmless", "text": "my sister was arrested for theft last week"})
    assert right_line_by_line({"kind": "relationship", "text": "plays duo with Jo"})
    assert load(NAME, "tune")
