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

Probe rows ``-b2-`` (81, in ``tune``, outside the split): careless memory lines about play and stories in 13
languages, written after those rules: 78/81 when written, 80/81 after the word before a game's or a story's part
("the depression mechanic", "the surgery scenes") was read as that part's label; "my sim got depressed after her
kid moved out" is still refused (a relation as subject). A second probe (95, ``-b2-gaming-072`` on): terse play
lines with a copula or a game's race, faction, class, status or mod ("Is a healer main.", "Has vampirism in Skyrim.",
"Plays a Blood Elf.", "Likes the Amish mod in Stardew."): 91/95 when written, 93/95 after a game's mod, server, map
and lobby were read as parts too; "Plays as a pregnant Sim." (the claim layer) and "Is in the Mormon guild." are
still refused. A third probe (25, ``-b2-gaming-167`` on): a game's religions, ideologies and unions in 17 languages
in games the title list lacked ("my Old World run went full Zoroastrian", "在文明6里我先创立了佛教"): 13/25 when
written, 25/25 after a game's own things ("my playthrough", "my empire", "Spielstand", "прохождение") marked a line as
a game's as a title does, titles in scripts without spaces were read, and a game's line muted its categories'
roots and unspaced words too. A fourth probe (47, ``-b2-gaming-192`` on): classes, statuses, builds and a game's
faiths, parties and figures in 27 languages: 45/47 when written, 46/47 after a game's figure ("a pregnant Sim", "an
undead toon"; not "character", also a person) was read as a part and Democracy 3 as a title; "Is an atheist
character in Starfield." is still refused. A fifth probe (42, ``-b2-gaming-239`` on): a game's scanners, votes,
strikes, statuses and quirks, and its named characters' illnesses and orientations: 31/42 when written, no rule
changed after it. Its misses are a game's retina or face scan (biometric), a named character's illness or
orientation ("Arthur Morgan has tuberculosis in RDR2", "Ellie is gay in The Last of Us, it's canon": the category
and the claim layers both read a named subject as a person), a character's relative ("Joel's daughter dies in the
prologue") and "a game about anxiety" (a kept line that names a condition is refused on purpose). Tune 480/500 in
all, aside 97/100.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, third_aside

from utils.privacy.screen import screen

PASS_AT_LEAST = {"tune": 480, "aside": 97}
"""Rows that pass, per part: the figures measured when the round of rules was done."""


def _passes(text: str) -> bool:
    kept = screen(text, "memory")
    return not kept.refused and screen(text, "message").text == text


@pytest.mark.parametrize("part", PARTS)
def test_ordinary_lines_pass(part: str) -> None:
    at_floors("ordinary", part, lambda row: _passes(row["text"]), PASS_AT_LEAST[part], label="topic")


PROBE_BATCH = "-b2-"
"""Rows written after the first rules of the round to probe their reach (tuned on, outside the split)."""


def test_a_third_is_aside_in_every_topic_and_no_line_is_in_both() -> None:
    split = third_aside("ordinary", probes=PROBE_BATCH)
    together = split.first + split.aside
    assert len(together) >= 250
    assert {row["topic"] for row in split.aside} == {row["topic"] for row in split.first}
    assert len({row["lang"] for row in together}) >= 15
    assert {row["form"] for row in together} == {"chat", "memory"}


def test_the_measure_can_fail() -> None:
    assert not _passes("my cat is sick and I have type 1 diabetes")
    assert not _passes("Has a dog named Rex and takes insulin.")
    assert _passes("my cat is sick")


@pytest.mark.parametrize(
    "line",
    [
        "my dog died and I have been depressed since",
        "Our dog has cancer, and I have diabetes.",
        "The main character is gay, like me: I am gay too.",
        "Only eats halal.",
        "Keeps kosher.",
        "Gets migraines with aura.",
        "Went to the pride event.",
        "Has a depression diagnosis.",
        "my Old World run is fun but I have diabetes",
        "在文明6里我先创立了佛教，但我有糖尿病",
        "Is a very religious character.",
    ],
)
def test_a_members_own_fact_beside_a_pet_a_story_or_a_shop_is_still_refused(line: str) -> None:
    assert screen(line, "memory").refused
