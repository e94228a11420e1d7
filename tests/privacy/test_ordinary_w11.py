"""Ordinary lines that only look like a secret, an identity or a special category, beside their risky twins
(tests/privacy/layer_tables/ordinary_w11.*.jsonl).

A secret word followed by where the secret is kept ("the password is on the sticker", "my seed phrase is on paper in
a safe") or by a rule about it ("must be at least 8 characters") holds no value; a DOI, an arXiv id, a URN, an order
or a match number is a public reference; a game's world ("in Frostpunk", "in his Dragon Age save") frames the special
word; a relative named only as the one who reacted ("he got angry", "my grandma quotes it") is no claim about them.
Each must pass whole. The twins must stay caught: a value after the same words goes, a relative's illness, faith or
arrest is refused.

Written before the rules, from sources they were not written from (each row's ``source``), in 18 languages; every
third row of each kind is in ``aside`` and never tuned on, counted only. Rows with ``-b2-`` in their id (in ``tune``)
are probes written after the first round (ORCID and PMC identifiers, game pages, a router's label), outside the third.

On arrival: tune 54/70, aside 26/34. After the round: tune 77/78 (with the probes), aside 34/34. The tune row left is
a twin the screen missed before as well: "password: 8 chars min is Hunter22" (a value after a rule, after its own
link; the rule is no longer taken as the value, the value is not yet read).
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, right_by_expectation, split_is_honest

from utils.privacy.screen import screen

RIGHT_AT_LEAST = {"tune": 77, "aside": 34}
"""Rows right per part: the figures measured when the round of rules was done."""


@pytest.mark.parametrize("part", PARTS)
def test_ordinary_lines_pass_and_their_twins_are_caught(part: str) -> None:
    at_floors("ordinary_w11", part, right_by_expectation, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    split_is_honest("ordinary_w11", languages=8, expects={"kept", "message", "redacted", "refused"})


def test_the_measure_can_fail() -> None:
    assert not right_by_expectation({"text": "my password is Kettle-Harbor-91", "expect": "kept"})
    assert not right_by_expectation({"text": "went fishing today", "expect": "refused"})
    assert not right_by_expectation({"text": "order number 30021947", "expect": "redacted", "value": "30021947"})


@pytest.mark.parametrize(
    "line",
    [
        "my dad laughed and then got arrested",
        "pappa blev sur för att han fick sparken",
        "弟が逮捕された",
        "my grandma still laughs, she has dementia",
        "tata się wkurzył i stracił pracę",
        "I have the flu, so I've been playing my Stardew save all day",
        "Is a devout Catholic, plays his Skyrim save daily",
        "my city has the flu",
        "mi hermano es musulmán practicante, en mi partida de Civ también",
    ],
)
def test_a_relative_or_a_special_word_beside_a_reaction_or_a_save_is_still_refused(line: str) -> None:
    """Written after the rules: a second predicate, a reason with its own subject, the member's own state or a deed
    on a save keeps the line refused."""
    assert screen(line, "memory").refused


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("my password is 8chars!Xy", "8chars!Xy"),
        ("密码是 qwe123zxc", "qwe123zxc"),
        ("hasło to Wisła2024", "Wisła2024"),
        ("DOI 10.1038/nature12373 and my passport number 533380006", "533380006"),
        ("urn:nbn:de:101:1-2019041711 and my phone 0612345678", "0612345678"),
        ("my card 0000 0002 1825 0097", "0000 0002 1825 0097"),
    ],
)
def test_a_value_beside_a_rule_a_place_or_a_reference_still_goes(line: str, value: str) -> None:
    """Written after the rules: a value shaped like a length, after a place word's look-alike or beside a public
    identifier is still taken out."""
    assert value not in screen(line, "message").text
    memory = screen(line, "memory")
    assert memory.refused or value not in memory.text
