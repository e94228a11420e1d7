"""A line set inside a named game speaks of the game's world; a real person or a telling in it takes it back out.

Written after the frame (utils/privacy/game_frame.py) was built, when reading it showed that any line opening with a
game's title was let go whole: "in WoW my guildie told me she's pregnant" was kept. These cases are that review's,
not a held-out measure; the frame's own figures are in the hearsay_frames layer table and the end-to-end tables.
"""

from __future__ import annotations

import pytest

from utils.privacy.game_frame import set_in_a_game
from utils.privacy.screen import screen

IN_THE_GAME = [
    "hab in The Long Dark Lebensmittelvergiftung, zwei Tage Antibiotika und Bettruhe",
    "in Kenshi la Holy Nation mi ha arrestato perché sono uno Shek",
    "в Workers & Resources профсоюз снова устроил забастовку на заводе",
    "im Spiel hab ich Krebs bekommen lol",
    "in Kenshi il mio personaggio ha perso un braccio",
]

ABOUT_A_REAL_PERSON = [
    "in WoW my guildie told me she's pregnant",
    "In Minecraft with my brother, he has cancer",
    "in Valorant @Jo is gay btw",
    "In Fortnite I told everyone I have diabetes",
    "in-game chat Jo admitted he's on antidepressants",
    "в игре мой друг сказал, что у него ВИЧ",
    "en el juego mi hermana me dijo que está embarazada",
    "In Minecraft rn. Also I have diabetes",
    "in Stardew irl I'm on insulin",
]


@pytest.mark.parametrize("line", IN_THE_GAME)
def test_a_line_set_in_a_game_is_the_games(line: str) -> None:
    assert set_in_a_game(line)
    assert not screen(line, "memory").refused


@pytest.mark.parametrize("line", ABOUT_A_REAL_PERSON)
def test_a_real_person_or_a_telling_takes_the_line_out_of_the_game(line: str) -> None:
    assert not set_in_a_game(line)
    assert screen(line, "memory").refused


@pytest.mark.parametrize(
    "line",
    [
        "Is a devout Catholic, in his Skyrim save too",
        "Is a devout Catholic in his Skyrim save too",
        "Is a devout Catholic, also in his Skyrim save",
        "Has depression, in her Sims save as well",
        "Ist gläubiger Katholik, in seinem Skyrim-Spielstand auch",
        "Est musulman, dans sa partie de Civ 6 aussi",
        "Es católico practicante, en su partida de Skyrim también",
        "È cattolico praticante, anche nel suo salvataggio di Skyrim",
        "Jest katolikiem, w swoim zapisie Skyrima też",
    ],
)
def test_a_save_that_only_repeats_the_members_life_is_no_frame(line: str) -> None:
    """A place set off by a comma or with "too"/"also" beside it: the line is said of the member, the save repeats it
    (a review's cases, written after the rule)."""
    assert screen(line, "memory").refused, line


@pytest.mark.parametrize(
    "line",
    [
        "My CK3 kingdom is Catholic too",
        "Mein Reich in CK3 ist auch katholisch",
        "Plays Crusader Kings, his dynasty is Catholic",
        "Converted my kingdom to Catholic in CK3",
        "Sa civilisation dans Civ 6 est bouddhiste aussi",
    ],
)
def test_a_games_own_faith_said_in_one_clause_stays_the_games(line: str) -> None:
    """The word "too" inside the game's own clause compares the game's things ("my kingdom is Catholic too"); only a game set
    off after the member's words with "too"/"also" repeats the member's life."""
    assert not screen(line, "memory").refused, line
