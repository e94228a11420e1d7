"""Ordinary lines in shapes that look like values, beside their twins (tests/privacy/layer_tables/lookalike_fresh16.*).

Vendors' documented example credentials and default logins, container and git output (digests, pod names, commit ids),
crash logs, package versions and lock files, chess notation, results and league tables, timetables, measurements,
weather reports, tickers and prices, map coordinates, chemical formulas, tabs and chord charts, knitting patterns,
patch notes, speedrun splits, brackets and BattleTags, words that are secret words in another language in their
ordinary senses, and places known by their name: each must pass whole, as a message and as a memory. Their twins, in
the same shapes, must stay caught: a real key, a password shaped like a version, a formula or a score, a Steam Guard
code, a home address next to a landmark.

Written before the rules, from outside sources (each row's ``source``), in 30 languages; a third of each kind and
expectation is in ``aside`` (a seeded shuffle, ``28|lookalike_fresh16|<kind>|<expect>``) and never tuned on, counted
only.

On arrival: tune 199/225 (look-alikes 130/149, twins 69/76), aside 106/121 (look-alikes 67/80, twins 39/41). After
values the world publishes (``utils/privacy/published_values.py``: a guide's example key, placeholders, a default
login, a digest, a pod's name): tune 209 (140, 69), aside 109 (70, 39). After the value frames
(``utils/privacy/value_frames.py``: a value set to, changed to, a second factor's code, a password word naming a
slogan): tune 216 (143, 73), aside 109 (70, 39). After places known by their name, league tables and guitar frets:
tune 218 (145, 73), aside 109 (70, 39). A member's own height and weight told together are body data, refused as a
memory since the special categories' round 17 (the message itself is unchanged): the Hindi measurement row with both
is a look-alike no more, tune 217 (144, 73), aside 109 (70, 39).
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, look_alike_or_twin, right_by_expectation, split_is_honest, twins_are_a_third

RIGHT_AT_LEAST = {
    "tune": {"look-alike": 144, "twin": 73},  # 145 until a height and a weight told together were body data
    "aside": {"look-alike": 70, "twin": 39},
}
"""Rows right per part, look-alikes and twins apart so that neither can be bought with the other: the figures
measured when the round of rules was done (on arrival: tune 130 and 69, aside 67 and 39)."""


@pytest.mark.parametrize("part", PARTS)
def test_look_alikes_pass_and_their_twins_are_caught(part: str) -> None:
    at_floors("lookalike_fresh16", part, right_by_expectation, RIGHT_AT_LEAST[part], label=look_alike_or_twin)


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    split_is_honest("lookalike_fresh16", languages=25, expects={"kept", "redacted"})


def test_at_least_a_third_are_secrets_in_the_same_shapes() -> None:
    """A table met by screening less would fail its twins: a third of its rows must be caught."""
    twins_are_a_third("lookalike_fresh16", rows=200)


def test_the_measure_can_fail() -> None:
    assert not right_by_expectation({"text": "password: Kettle-Harbor-91", "expect": "kept"})
    assert not right_by_expectation({"text": "went fishing today", "expect": "redacted", "value": "fishing"})
