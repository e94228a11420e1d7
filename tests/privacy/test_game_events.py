"""A festival's name labelling a game's or a store's event is the event's, not a faith (utils/privacy/game_events.py);
a faith stated beside it, or an observance with no game or store in the line, is still the member's."""

from __future__ import annotations

import pytest

from utils.privacy.game_events import without_game_occasions
from utils.privacy.screen import screen


@pytest.mark.parametrize(
    "line",
    [
        "the Eid event in PUBG Mobile gives free crates until Sunday",
        "Mentioned the Ramadan event in Free Fire",
        "the Eid sale on Steam",
        "Ramadan event in Genshin?",
        "Diwali bundle in BGMI is cheap",
        "evento de Ramadán en Free Fire: skins gratis",
    ],
)
def test_a_games_event_named_after_an_occasion_is_kept(line: str) -> None:
    memory = screen(line, "memory")
    assert not memory.refused
    assert memory.text == line


@pytest.mark.parametrize(
    "line",
    [
        "Fasts during Ramadan so skips the Ramadan event in PUBG",
        "Is Muslim and grinds the Ramadan event in Free Fire",
        "Celebrates Diwali and bought the Diwali bundle in BGMI",
        "Went to a Ramadan event at the community centre",
        "Celebrates Eid with family",
    ],
)
def test_a_faith_beside_the_event_or_with_no_game_is_still_refused(line: str) -> None:
    assert screen(line, "memory").refused


def test_only_the_pair_is_blanked_and_only_with_a_game_named() -> None:
    assert without_game_occasions("Went to a Ramadan event at the mosque") == "Went to a Ramadan event at the mosque"
    assert "Ramadan" in without_game_occasions("fasts in Ramadan, plays the Ramadan event in PUBG")
    assert "Ramadan event" not in without_game_occasions("fasts in Ramadan, plays the Ramadan event in PUBG")
