"""A seat is no address (utils/privacy/contact.py): "Platz", "Weg" or "Ring" alone before a number names a seat or a
spot ("Wagen 9, Platz 65"); a street has a name, in the word ("Marktplatz 5") or beside it ("Neuer Weg 3")."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    "line",
    [
        "ICE 577 nach München, Wagen 9, Platz 65, 12 Min Verspätung",
        "Kino: Reihe 7, Platz 12",
        "wir treffen uns am Platz 65 im Stadion",
    ],
)
def test_a_seat_passes(line: str) -> None:
    assert screen(line, "message").text == line
    assert screen(line, "memory").text == line


@pytest.mark.parametrize(
    ("line", "number"),
    [
        ("ich wohne Marktplatz 5, 3. Stock", "Marktplatz 5"),
        ("Neuer Platz 5, 8010 Graz", "Platz 5"),
        ("meine Adresse: Platz 65, 10115 Berlin", "10115"),
        ("Hauptstraße 5", "Hauptstraße 5"),
    ],
)
def test_a_street_with_its_name_is_still_an_address(line: str, number: str) -> None:
    assert number not in screen(line, "message").text
