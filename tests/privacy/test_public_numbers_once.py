"""A public reference is let go once, where every number reader's spans meet (utils/privacy/public_numbers.py and
values.with_value_spans), whichever reader found the number; a value the member gave before is not let go by the
words around it now."""

from __future__ import annotations

import pytest

from utils.privacy import public_numbers, values
from utils.privacy.screen import Seen, screen


@pytest.mark.parametrize(
    "line",
    [
        "ISIN US0378331005 is Apple",
        "EAN 4006381333931 on the box",
        "steam app id 1091500, wishlisted",
        "unix time 1764883029 in the log",
    ],
)
def test_a_public_number_named_as_one_is_kept_as_message_and_memory(line: str) -> None:
    assert screen(line, "message").text == line
    assert screen(line, "memory").text == line


def test_no_reader_decides_it_alone() -> None:
    """The readers report the number; the one check lets it go (so a new reader needs no check of its own)."""
    line = "unix time 1764883029 in the log"
    start = line.index("1764883029")
    span = (start, start + 10, "number")
    assert span in values.value_spans(line, kept=True)
    assert public_numbers.public_spans(line, [span, (0, 4, "phone")]) == {span}


def test_a_value_seen_before_is_not_let_go_by_a_public_word() -> None:
    said = screen("my ID 1764883029 on OpenDota", "message")
    assert "1764883029" not in said.text
    later = "OpenDota match id 1764883029"
    assert screen(later, "memory").text == later  # a match id, named as one
    assert "1764883029" not in screen(later, "memory", seen=Seen([said])).text


@pytest.mark.parametrize(
    "line",
    [
        "im Impressum vom Stadttheater steht USt-IdNr. DE261281944",
        "Stadtbibliothek Köln, USt-IdNr. DE 261 281 944",
        "the city council VAT reg GB 774 0519 66 is on the parking fine",
        "lo scontrino del museo civico riporta P.IVA 48439370023",
        "el ticket del polideportivo municipal lleva el CIF B97528327",
        "la partita IVA di Trenitalia 05403151003 è stampata sul biglietto",
        "KvK-nummer van de NS: 30124359, staat gewoon op hun site",
    ],
)
def test_a_public_bodys_tax_number_quoted_from_its_ticket_or_imprint_is_kept(line: str) -> None:
    assert screen(line, "message").text == line
    assert screen(line, "memory").text == line


@pytest.mark.parametrize(
    ("line", "number"),
    [
        ("meine USt-IdNr. ist DE261281944, steht auch im Impressum", "DE261281944"),
        ("P.IVA 48439370023 per la fattura del museo, è la mia ditta", "48439370023"),
        ("the museum asked for my tax number 48439370023", "48439370023"),
        ("VAT GB 774 0519 66, operator of the republic cafe", "0519"),
        ("USt-IdNr. DE261281944", "DE261281944"),
        ("meine USt-IdNr. DE 136 695 976 bitte auf die Rechnung", "136 695 976"),
        ("KvK-nummer van mijn bedrijf: 30124359, staat op mijn site", "30124359"),
        ("partita IVA di Mario 05403151003 per la fattura", "05403151003"),
    ],
)
def test_a_members_own_tax_number_or_one_no_public_body_holds_is_taken_out(line: str, number: str) -> None:
    assert number not in screen(line, "message").text
    memory = screen(line, "memory")
    assert memory.refused or number not in memory.text
