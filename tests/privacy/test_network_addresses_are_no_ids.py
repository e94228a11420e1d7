"""A network address after a word that names an identity number elsewhere is no identity number.

The Scandinavian possessive "sin" ("ruteren sin innloggingsside") is also Canada's SIN; what follows it there is a
router's address, a dotted quad no identity number is written as. Identity numbers written with dots stay screened.
"""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

ADDRESSES = [
    "ruteren sin innloggingsside er 192.168.0.1, passordet står på klistremerket",
    "routern sin adminsida ligger på 10.0.0.138",
    "routeren har sin egen side på 172.16.4.20",
    "mannen sin server svarer på 85.214.132.117 nå",
    "the PAN of the camera is set from 192.168.1.64",
]

IDS = [
    ("my SIN is 046 454 286", "046 454 286"),
    ("meu CPF: 123.456.789-09", "123.456.789-09"),
    ("SIN 046.454.286", "046.454.286"),
    ("AHV-Nummer … personal id 756.1234.5678.97", "756.1234.5678.97"),
]


@pytest.mark.parametrize("text", ADDRESSES)
def test_an_address_on_a_network_passes(text: str) -> None:
    assert "[redacted:id-number]" not in screen(text, "message").text


@pytest.mark.parametrize(("text", "value"), IDS)
def test_an_identity_number_with_dots_is_screened(text: str, value: str) -> None:
    assert value not in screen(text, "message").text
