"""A value said first and named after it, across a dash or a comma and a demonstrative ("Dyno482Case — das ist mein
echtes Passwort", "Kettle9Harbor, that's my wifi password"): utils/privacy/passwords.py's value before its word."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("!setpass Dyno482Case — das ist mein echtes Passwort, bitte löschen", "Dyno482Case"),
        ("Kettle9Harbor, that's my wifi password", "Kettle9Harbor"),
        ("Dyno482Case - that is my real password", "Dyno482Case"),
        ("Marmotte77!, c'est mon mot de passe", "Marmotte77!"),
    ],
)
def test_the_value_before_a_demonstrative_and_its_word_is_caught(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


@pytest.mark.parametrize(
    "line",
    [
        "Elden Ring — das ist mein Lieblingsspiel",
        "GG wp - that is my favourite game",
        "v1.2.3 — that is the current version",
        "Hollow Knight, that is my password to happiness lol",
    ],
)
def test_a_title_or_a_version_before_the_same_words_passes(line: str) -> None:
    assert screen(line, "message").text == line
