"""Ordinary lines the screen used to alter, beside their risky twins (tests/privacy/layer_tables/ordinary_more.*.jsonl).

Three kinds of evidence that a line holds no one's private fact: a public reference named as public (an ISIN, an
EAN/UPC/JAN barcode, a Steam app id, a Dota match id, a Unix time said with a time word), a relative or friend named
with no private predicate ("my brother Pablo is on the server too", "@Ren is my IRL friend"), and an illness word
said of a game, a patch, a build or a queue ("this patch is cancer", "ranked — сплошной рак"). Each has its twin that
must still go: a personal number said as one's own ("my ID 7891244031", a PESEL, a CNP, an IBAN), the same relative
with a private fact ("... she is pregnant"), and an illness said of a person ("my dad has cancer").

Written before the rules for them, from sources the rules were not written from (each row's ``source``), in 17
languages; every third row of each family is in ``aside`` and never tuned on, counted only.

On arrival: tune 37/74, aside 21/35 (every twin right, no ordinary line of the three kinds passing but the few an
older word list kept). After the round: tune 74/74, aside 34/35.
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import PARTS, at_floors, right_by_expectation, third_aside

from utils.privacy.screen import screen

RIGHT_AT_LEAST = {"tune": 74, "aside": 34}
"""Rows right per part: the figures measured when the round of rules was done."""


def _right(row: dict[str, Any]) -> bool:
    return right_by_expectation(row, kept="pass")


@pytest.mark.parametrize("part", PARTS)
def test_ordinary_lines_and_their_twins(part: str) -> None:
    at_floors("ordinary_more", part, _right, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_is_aside_in_every_family_and_no_line_is_in_both() -> None:
    split = third_aside("ordinary_more")
    every = split.tune + split.aside
    assert {row["kind"] for row in split.aside} == {row["kind"] for row in split.tune}
    assert len({row["lang"] for row in every}) >= 12
    assert {row["expect"] for row in every} == {"pass", "refused", "redacted"}


def test_the_measure_can_fail() -> None:
    assert not _right({"text": "my password is Kettle-Harbor-91", "expect": "pass"})
    assert not _right({"text": "gg, the healer carried us", "expect": "refused"})
    assert not _right({"text": "ISIN US0378331005 is Apple", "expect": "redacted", "value": "Apple"})


@pytest.mark.parametrize(
    "line",
    [
        "my ID 1764883029 on OpenDota",
        "mi ID: 7891244031 en OpenDota",
        "my personal id is 1764883029, the unix timestamp of nothing",
        "CNP-ul meu 1800101221144, nu codul de bare",
    ],
)
def test_a_members_own_id_beside_a_public_word_still_goes(line: str) -> None:
    """Written after the rule: a public site, a time word or a barcode word in the line does not make the member's
    own id a public one."""
    number = next(word.strip(",:") for word in line.split() if word.strip(",:").isdigit())
    assert number not in screen(line, "message").text
    assert number not in screen(line, "memory").text
