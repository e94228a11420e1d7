"""Addresses of places open to the public pass (utils/privacy/public_places.py); a home's address, one beside a place
or one with no place named before it is still taken out."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    "line",
    [
        "LAN party at the Science Museum, Exhibition Road, London SW7 2DD",
        "Treffen am Hauptbahnhof, Europaplatz 1, 10557 Berlin",
        "la finale au Stade de France, 93200 Saint-Denis, rue Henri Delaunay",
        "Biblioteca Nacional, Paseo de Recoletos 20, 28001 Madrid",
        "大阪駅は大阪府大阪市北区梅田3丁目1-1",
        "Sagrada Família, Carrer de Mallorca 401, 08013 Barcelona",  # a place known by its own name
        "il Colosseo, Piazza del Colosseo 1, 00184 Roma, apre alle 9",
    ],
)
def test_a_public_places_address_passes(line: str) -> None:
    assert screen(line, "message").text == line


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("my flat is by the Science Museum, 12 Queensberry Place, London SW7 2EA", "12 Queensberry Place"),
        ("ich wohne neben dem Hauptbahnhof, Invalidenstraße 41, 10115 Berlin", "Invalidenstraße 41"),
        ("send the package to Stationsweg 12, 3581 AB Utrecht", "Stationsweg 12"),
        ("near the stadium: 7 Holloway Road, London N7 8JL", "7 Holloway Road"),
        ("j'habite 14 rue des Acacias, 75017 Paris, pas loin du Louvre", "14 rue des Acacias"),
    ],
)
def test_a_home_beside_a_place_is_still_taken_out(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


def test_the_measure_can_fail() -> None:
    line = "send the package to Stationsweg 12, 3581 AB Utrecht"
    assert screen(line, "message").text != line
