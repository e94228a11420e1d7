"""Claims about another person and roles asserted in chat, in wordings no earlier claims table used
(tests/privacy/layer_tables/others_fresh14.*.jsonl), written before the rules of its round: moderation report forms,
reporting verbs of court and news wording, gossip about a relative's or a boss's job, debts, illness or prison,
pronoun-only gossip, quoted speech, possessives of a named person, the passive; roles and permissions in Discord's
localised names and moderation slang, in chat and as a careless model stores them. Beside them what must pass: bare
relationships, the speaker's own facts that mention someone, game roles and game mods, fiction, questions about a
server's staff, and public figures' public acts as the news reports them.

A refused family's row is right when the line is refused as a memory; a kept family's row when it is kept as a memory
and left unchanged as a message. A third of each family is in ``aside``: never tuned on, counted only.

On arrival, before any rule of its round: tune 167/201 — claim 59/80, role 40/45, relationship 23/23, gaming 24/25,
harmless 21/28; aside 78/100 — claim 28/40, role 20/22, relationship 11/11, gaming 12/13, harmless 7/14.

After the round's readings (a member reported to the moderators and a teller's words about a thing,
utils/privacy/member_reports.py; verbs of admitting in 20 languages; a relation owned by "the user" in a model's line;
Hindi genitives and reports; a question asking who holds a role; a role acted in or a permission asked for, in
data/role_claims.toml): tune 194/201 — claim 75/80, role 44/45, relationship 23/23, gaming 24/25, harmless 28/28;
aside 85/100 — claim 31/40, role 20/22, relationship 11/11, gaming 12/13, harmless 11/14.

Rows with ``-b2-`` (67, in ``tune``) are probes written after that, while the rules changed, in the families' wordings
and languages the first rows covered thinly; tuned on and outside the third: 57/67 when written (claim 35/40, role
7/10, relationship 4/4, gaming 2/3, harmless 9/10), 66/67 after a second step (a third person's pronoun with a claim's
word in scripts without spaces and in Arabic, object pronouns of Russian and Ukrainian, debts owed, films and series
as things, a role acted in with the verb first, "admin de mi propio servidor" as a server elsewhere). The first rows
stayed at tune 194/201 and aside 85/100 through the second step.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, right_as_memory_and_message, third_aside

REFUSED = ("claim", "role")
KEPT = ("relationship", "gaming", "harmless")

RIGHT_AT_LEAST = {
    "tune": {"claim": 115, "role": 54, "relationship": 27, "gaming": 26, "harmless": 38},
    "aside": {"claim": 31, "role": 20, "relationship": 11, "gaming": 12, "harmless": 11},
}
"""Rows right per family and part, the figures measured when the round of rules was done."""


@pytest.mark.parametrize("part", PARTS)
def test_each_family_stays_at_its_measured_figure(part: str) -> None:
    at_floors("others_fresh14", part, right_as_memory_and_message, RIGHT_AT_LEAST[part])


def test_a_third_is_aside_in_many_languages_and_no_line_is_in_both() -> None:
    split = third_aside("others_fresh14", probes="-b2-", share=(0.3, 0.36))  # probes written later stand outside
    tune, first, aside = split.tune, split.first, split.aside
    assert {row["kind"] for row in aside} == {row["kind"] for row in tune} == {*REFUSED, *KEPT}
    assert len({row["lang"] for row in tune + aside}) >= 15
    kept = [row for row in first + aside if row["kind"] in KEPT]
    assert len(kept) / len(first + aside) >= 0.35
    for name in REFUSED:
        forms = [row["form"] for row in tune + aside if row["kind"] == name]
        assert forms.count("chat") >= 10 and forms.count("memory") >= 10, name


def test_the_measure_can_fail() -> None:
    assert not right_as_memory_and_message({"kind": "relationship", "text": "my brother is in prison for fraud"})
    assert right_as_memory_and_message({"kind": "role", "text": "Is a moderator of this server."})
