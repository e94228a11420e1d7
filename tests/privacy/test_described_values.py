"""A value handed over at a line's end by a hint's word or a handover word (utils/privacy/described_values.py)."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("pin is my sister's birthday backwards, so 4190", "4190"),
        ("Hinweis: Name vom Hund plus Jahr — Bello2016", "Bello2016"),
        ("wskazówka: imię kota i numer mieszkania, czyli Filemon12", "Filemon12"),
        ("the wifi password is the street and the flat, i.e. Baker221", "Baker221"),
        ("ヒント: 猫の名前と年: Tama2019", "Tama2019"),
    ],
)
def test_the_value_a_description_ends_with_is_gone(text: str, value: str) -> None:
    assert value not in screen(text, "message").text


@pytest.mark.parametrize(
    "text",
    [
        "changed my password last spring, so 2024",
        "hint: the boss is weak to fire, so bring Ifrit",
        "we lost the first map, so GG",
        "the raid starts at nine, also bring potions x20",
        "patch notes are out — v2.14.3",
        "Tipp für heute: Bayern gewinnt 3:1",
    ],
)
def test_a_handover_without_a_secret_or_a_hint_keeps_the_line(text: str) -> None:
    assert screen(text, "message").text == text
