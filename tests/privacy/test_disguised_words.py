"""Secret words disguised to slip past a filter still announce their value: emoji inside, backwards, styled letters."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

FOUND = [
    ("pass🙈word: Orbit_Fern9", "Orbit_Fern9"),
    ("my pass 🔒 word is tulipQuartz", "tulipQuartz"),
    ("droWssaP = Harbor#61", "Harbor#61"),
    ("trowssap: Kiefer_Wald4", "Kiefer_Wald4"),  # Passwort, backwards
    ("ᴘɪɴ: 8841", "8841"),
    ("🅿🅸🅽 3390", "3390"),
    ("كلمـة المـرور: Nour_77x", "Nour_77x"),  # the tatweel stretches the letters
]
PASSES = [
    "I passed 🎉 the exam",
    "pass 🏀 to the left wing",
    "drowsy after the raid lol",
    "ɴɪᴄᴇ ᴘʟᴀʏ",
    "🅰🅱 testing",
    "مـرحـبـا بالجميع",
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_a_disguised_word_announces_its_value(text: str, value: str) -> None:
    assert value not in screen(text, "message").text


@pytest.mark.parametrize("text", PASSES)
def test_an_ordinary_line_with_the_same_disguises_passes(text: str) -> None:
    assert screen(text, "message").text == text
