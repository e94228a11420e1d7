"""Ordinary lines that must pass the screen unchanged (tests/privacy/layer_tables/ordinary.*.jsonl): game talk after
patch notes and wikis (classes and statuses: poison, bleed, curse, "infected", a faith build, a paladin's oath, a
party, a vote kick), talk of films, series and books whose characters are ill, religious or gay, small talk and news
with no one's private fact, sports, food, work, school, hobbies, the member's own ordinary states ("I'm so tired")
and a pet's health ("my cat is sick": an animal is no person with a special category), as chat and as the careless
memory lines a model writes ("Plays a holy paladin.", "Likes the show Pose."), in 20 languages.

Written before the rules for them changed, from sources the rules were not written from (each row's ``source``);
every third row of each topic is in ``aside`` and never tuned on, counted only. A row passes when the screen keeps it
as a memory and leaves it unchanged as a message.

On arrival: tune 199/210, aside 95/100. After the round (a pet or a story's figure as a subject, a dietary law's word
as a shop's label): tune 205/210, aside 96/100. Still refused in tune: a vote kick (the role layer), "Father Ted" and
"mein Chef hat ein Meeting verschoben" (a relation as subject), a TV doctor "diagnosing lupus", and "pride parade"
(listed as a sexuality word on purpose).
"""

from __future__ import annotations

from collections import Counter

import pytest
from layer_tables import load

from utils.privacy.screen import screen

PASS_AT_LEAST = {"tune": 205, "aside": 96}
"""Rows that pass, per part: the figures measured when the round of rules was done."""


def _passes(text: str) -> bool:
    kept = screen(text, "memory")
    return not kept.refused and screen(text, "message").text == text


@pytest.mark.parametrize("part", ["tune", "aside"])
def test_ordinary_lines_pass(part: str) -> None:
    rows = load("ordinary", part)
    wrong = [row for row in rows if not _passes(row["text"])]
    by_topic = Counter(row["topic"] for row in wrong)
    print(f"\n{part}: {len(rows) - len(wrong)}/{len(rows)} pass; not passing by topic {dict(by_topic)}")
    if part == "tune":  # the aside part is counted, never read row by row
        for row in wrong:
            print(f"    not passing: {row['text']}")
    assert len(rows) - len(wrong) >= PASS_AT_LEAST[part]


def test_a_third_is_aside_in_every_topic_and_no_line_is_in_both() -> None:
    tune, aside = load("ordinary", "tune"), load("ordinary", "aside")
    assert len(tune) + len(aside) >= 250
    assert 0.28 <= len(aside) / (len(tune) + len(aside)) <= 0.36
    assert not {row["text"] for row in tune} & {row["text"] for row in aside}
    assert {row["topic"] for row in aside} == {row["topic"] for row in tune}
    assert len({row["lang"] for row in tune + aside}) >= 15
    assert {row["form"] for row in tune + aside} == {"chat", "memory"}


def test_the_measure_can_fail() -> None:
    assert not _passes("my cat is sick and I have type 1 diabetes")
    assert not _passes("Has a dog named Rex and takes insulin.")
    assert _passes("my cat is sick")
