"""An illness word as hyperbole about a thing of a game, after a giving verb ("this raid gave me PTSD", "the queue is
giving me an aneurysm", "das Spiel macht mich depressiv"): the thing's, not the member's health
(utils/privacy/exception_reading.py, data/special_categories.json ``slang_of_a_thing``). Said of a person, or with
no thing of a game before it, it is the member's."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    "line",
    [
        "this game gave me depression lmao",
        "that raid gave me PTSD",
        "this queue is giving me an aneurysm",
        "the lag is giving me a seizure",
        "das Spiel macht mich depressiv lol",
        "the ending gave me cancer",
    ],
)
def test_hyperbole_about_a_game_thing_is_kept(line: str) -> None:
    memory = screen(line, "memory")
    assert not memory.refused
    assert memory.text == line


@pytest.mark.parametrize(
    "line",
    [
        "Has depression and anxiety",
        "My doctor gave me antidepressants for my depression",
        "the game helps with my depression",
        "my ex gave me herpes",
        "Was diagnosed with PTSD after the accident",
        "the game gave my brother a seizure",
        "this game triggers my seizures",
        "Suffers from depression; the game is a comfort",
    ],
)
def test_an_illness_of_a_person_is_still_refused(line: str) -> None:
    assert screen(line, "memory").refused
