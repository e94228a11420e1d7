"""Gaming, community and everyday lines, and memories of a member's harmless facts, beside their twins
(tests/privacy/layer_tables/lookalike_fresh17.*).

Patch notes, build guides, raid callouts, lobby codes of public events, speedrun chat, trading posts, clan
recruitment, tournament rules, mod lists, server rules, bot commands and their output, emoji banter and copypastas;
school, work, shopping, travel, recipes, sports and weather; memory lines a careless model writes about a member's
harmless facts ("Mentioned their cat Miso"); and lines the screen was known to damage (how to open a thing in a game, a
firmware version, a guest network's name, a public body's VAT number, an Eid event in a game). Each must pass whole, as
a message and as a memory. Their twins, in the same shapes, must stay caught: a password, PIN, token or recovery code
beside the same words, an identity number, and special facts a careless model would store (a faith practised, an
illness, a party, a union).

Written before the rules, from outside sources (each row's ``source``), in 29 languages; a third of each kind and
expectation is in ``aside`` (a seeded shuffle, ``28|lookalike_fresh17|<kind>|<expect>``) and never tuned on, counted
only.

On arrival: tune 174/185 (look-alikes 109/118, twins 65/67), aside 82/93 (look-alikes 55/66, twins 27/27). After its
round (a public body's tax number quoted from its ticket or imprint, a festival's name on a game's event, a guest
network's name, a seat, food labels, hyperbole about a game, shared game strings, a value named after a dash and a
demonstrative): tune 179/185 (113/118, 66/67), aside 84/93 (57/66, 27/27). Left: three lobby codes (a public room's
code is a long number in a memory by design; one after "sala personalizada, código" is read as a code), a boss's word
about a day off (hearsay), an Indonesian game event that also names breaking the fast, and a PIN named 45 characters
before its value.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, look_alike_or_twin, right_by_expectation, split_is_honest, twins_are_a_third

RIGHT_AT_LEAST = {
    "tune": {"look-alike": 113, "twin": 66},
    "aside": {"look-alike": 57, "twin": 27},
}
"""Rows right per part, look-alikes and twins apart so that neither can be bought with the other: the figures
measured when the round of rules was done (on arrival: tune 109 and 65, aside 55 and 27)."""


@pytest.mark.parametrize("part", PARTS)
def test_look_alikes_pass_and_their_twins_are_caught(part: str) -> None:
    at_floors("lookalike_fresh17", part, right_by_expectation, RIGHT_AT_LEAST[part], label=look_alike_or_twin)


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    split_is_honest("lookalike_fresh17", languages=25, expects={"kept", "redacted", "refused"})


def test_at_least_a_third_are_secrets_or_special_facts_in_the_same_shapes() -> None:
    """A table met by screening less would fail its twins: a third of its rows must be caught."""
    rows = twins_are_a_third("lookalike_fresh17", rows=220)
    assert sum(row["kind"] == "memory_line" for row in rows) >= 20


def test_the_measure_can_fail() -> None:
    assert not right_by_expectation({"text": "password: Kettle-Harbor-91", "expect": "kept"})
    assert not right_by_expectation({"text": "went fishing today", "expect": "redacted", "value": "fishing"})
    assert not right_by_expectation({"text": "Plays support in Overwatch", "expect": "refused"})
