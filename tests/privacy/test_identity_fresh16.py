"""Identity numbers, registers, documents, phones and addresses of countries the screen read badly, measured on
``identity_fresh16`` in tests/privacy/layer_tables, written before the rules for them (a third of each kind aside,
drawn by a seeded shuffle per kind, never tuned on).

The values were made outside the repository: python-stdnum 2.2 modules (each value checked with ``is_valid`` and
written in the module's ``format``) for 53 personal ids, social security and health numbers and 34 company,
court-register and tax numbers of a member's own trade; 37 document numbers (identity cards, passports, driving
licences, residence permits, health cards, student cards) in the layouts their issuers publish; 28 mobile numbers
of phonenumbers 9.0 (a region's example number, last four digits varied until valid); 32 addresses in each country's
own order and words (post offices' address guides), one pasted as a form. Each is said as members say it: inside a
sentence, with the document's local name or abbreviation, in an answer, a form, an e-mail signature.

The look-alikes (111, 38 %) are kept: order, invoice, ticket and case numbers, tracking numbers, ISBNs, barcodes,
product and model codes, flight, train and bus numbers, postcodes alone, the public address of a stadium, a venue, a
museum or a shop, the register or VAT number of a public body or listed company quoted from its imprint, law and
standard numbers, error codes, versions, game ids, rooms and seats. Decided: what names the member's own person, firm,
document, line or home goes; what names a shop's, a carrier's, a public body's or a place everyone visits stays.

A value is gone when it is not in the screened message and no part of it holding a digit is left (a postcode, a house
number, a group of digits is a trace). A look-alike is right when the message passes unchanged.

Figures on arrival (message field), before any rule was written for the table: tune 171/197 right (national_id
35/35, register 21/23, document 21/25, phone 19/19, address 15/21, lookalike 60/74), aside 84/98 (national_id 18/18,
register 9/11, document 11/12, phone 8/9, address 7/11, lookalike 31/37).

After the rules (tuned on the tune part only; the aside part measured once, after): tune 192/197 (national_id 35/35,
register 23/23, document 25/25, phone 19/19, address 21/21, lookalike 69/74), aside 89/98 (national_id 18/18, register
11/11, document 11/12, phone 8/9, address 7/11, lookalike 34/37). The readings: a register entry by its shape (HRA,
HRB, GnR, FN with its check letter) when it is a person's (register A, or the line says the firm is the member's own
or a sole trade); an identity card's series and number after a document's word, in Latin or Greek capitals; the
genitive after a Slavic *number*; Arabizi spellings of رقم; an elided article before a document's word; "C/" as a
street; a Finnish stairway and flat, a Swedish flat without a comma, a Dutch floor mark, a three-and-two postcode,
Ukrainian and Russian town abbreviations; a strong street word between two numbers; and on the other side invoices,
tickets and cases (their word right before the number), carriers, articles and models, standards, and bus and tram
lines. Left on purpose: a stadium's and a venue's address given with no word for a public place (Camp Nou, Tokyo Big
Sight), and the register or VAT number of a public body or listed company (Ubisoft, the BBC, Rai), which reads as any
firm's: the line would have to know the firm is public.
"""

from __future__ import annotations

import re

import pytest
from layer_tables import EVERY, PARTS, Row, a_third_of_each, at_floors, third_aside

from utils.privacy.screen import screen

RIGHT_AT_LEAST = {
    "tune": {EVERY: 192, "national_id": 35, "register": 23, "document": 25, "phone": 19, "address": 21, "lookalike": 69},
    "aside": {EVERY: 89, "national_id": 18, "register": 11, "document": 11, "phone": 8, "address": 7, "lookalike": 34},
}
"""Rows right per kind and part: the figures measured when the rules were done."""

_PART = re.compile(r"[^\s,،、，／/]+")


def _gone(row: Row) -> bool:
    kept = screen(row["text"], "message").text
    if row["value"] in kept:
        return False
    words = {word.strip(".:;()") for word in _PART.findall(kept)}
    return not any(any(c.isdigit() for c in part) and part.strip(".:;()") in words for part in _PART.findall(row["value"]))


def right(row: Row) -> bool:
    """A value gone from the message; a look-alike's message unchanged."""
    if row["kind"] == "lookalike":
        return screen(row["text"], "message").text == row["text"]
    return _gone(row)


@pytest.mark.parametrize("part", PARTS)
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    at_floors("identity_fresh16", part, right, RIGHT_AT_LEAST[part], label="kind", shown=lambda row: (row["id"], row["text"]))


def test_a_third_of_each_kind_is_aside_and_no_line_is_in_both() -> None:
    split = third_aside("identity_fresh16")
    a_third_of_each(split)
    rows = split.tune + split.aside
    assert len({row["country"] for row in rows}) >= 25
    assert sum(row["kind"] == "lookalike" for row in rows) >= 0.35 * len(rows)
    assert all(row["value"] in row["text"] for row in rows)
