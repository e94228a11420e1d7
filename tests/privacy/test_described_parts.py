"""A password described by its parts after a secret word (utils/privacy/described_parts.py): the part a name, street,
team, pet or car word names, and the numbers a mark joins to it."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("le mot de passe c'est le nom de mon chat Minou suivi de 2019", ["Minou", "2019"]),
        ("Passwort: Name meiner Katze, Minka, dann 55", ["Minka", "55"]),
        ("hasło to imię mojego kota Mruczek i 99 na końcu", ["Mruczek", "99"]),
        ("contraseña: el nombre de mi gata Luna más 2020 al final", ["Luna", "2020"]),
        ("my pw is my first car, a Corolla, plus 2001", ["Corolla", "2001"]),
        ("パスワードは猫の名前 tama のあとに 0815", ["tama", "0815"]),
    ],
)
def test_the_parts_of_a_described_password_are_gone(text: str, parts: list[str]) -> None:
    said = screen(text, "message").text
    assert not [part for part in parts if part in said], said


@pytest.mark.parametrize(
    "text",
    [
        "my cat's name is Mochi and she's 4",
        "the password rules are dumb: no names, 12 characters",
        "password: my dog ate it lol",
    ],
)
def test_names_and_numbers_without_a_described_password_stay(text: str) -> None:
    assert screen(text, "message").text == text
