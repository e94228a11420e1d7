"""A misdeed told of someone else is refused; the member's own, a game's, a work's, a pet's and play's are not claims.

The cases are the reading's edges (tests/privacy/test_special_fresh12.py measures its table): a named person found
inside the line, by a listed given name or a mention, never by a memory line's capitalised first verb; a third person
by a pronoun, kin or office noun; the ``unless`` fields that make a misdeed no one's.
"""

from __future__ import annotations

import pytest
from line_readers import reads

from utils.privacy.told_misdeeds import misdeed_told


@pytest.mark.parametrize(
    "text",
    [
        "hørte at Mads blev taget for spritkørsel i weekenden",
        "Jirkův táta byl odsouzen za daňové podvody",
        "lowkey @Jordan got arrested outside the stadium",
        "Says her neighbour Dave deals weed from his garage.",
        "our priest was caught stealing",
        "Mert'in abisi vergi kaçırmaktan yargılanıyor",
        "Nils jobbar svart på en restaurang",
        "Jonte har lurat halva klanen på guld",
        "e comunque Giorgio lavora in nero da anni",
        "visste du at Ola har to koner, en i Bergen og en i Oslo",
        "Priya basically admits she's been skimming money from the guild bank",
    ],
)
def test_a_misdeed_of_someone_else_is_told(text: str) -> None:
    assert reads(misdeed_told, text)


@pytest.mark.parametrize(
    "text",
    [
        "Got arrested by the guards in Oblivion lol",
        "he stole my kill again, typical jungler",
        "the referee stole the match from us",
        "in the book he lives at 221b and never pays rent lol",
        "our dog stole my sandwich off the table",
        "Estoy detenido en el nivel 3",
        "J'ai arrêté de jouer",
        "Sentenced to three days of grinding dailies.",
        "we watched a true crime documentary about a bank robber",
        "Got scammed by a fake trader yesterday, lesson learned",
    ],
)
def test_play_a_work_a_pet_and_the_first_word_are_no_ones_misdeed(text: str) -> None:
    assert not reads(misdeed_told, text)
