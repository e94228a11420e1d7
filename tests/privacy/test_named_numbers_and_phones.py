"""A number named by its noun ("Steuernummer", "numéro de …", "X száma") and a phone after a phone word, in many
languages.

Numbers follow the layouts offices print (tax, insurance, school, document numbers of several countries);
the look-alikes name numbers shared freely (a model, an order, a room, a page) or hold too few digits, and
must pass unchanged.
"""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

# (message, the value that must go)
NAMED = [
    ("meine Krankenkassennummer ist 4471 8820 93", "4471 8820 93"),
    ("mijn burgernummer bij de gemeente: 55.120.774-08", "55.120.774-08"),
    ("il mio numero di matricola è 20931547", "20931547"),
    ("sotilasnumero: 338-1190-47", "338-1190-47"),
    ("número do documento XK7720194 no verso", "XK7720194"),
    ("le numéro de ma carte mutuelle c'est 1 84 07 75 112 047", "1 84 07 75 112 047"),
    ("personnummer 19800101-1234 om du behöver", "19800101-1234"),
    ("az adóazonosító jelem száma 8412937455", "8412937455"),
    ("Versichertennummer A123456789", "A123456789"),
    ("studentnummer van mijn dochter is 40218873", "40218873"),
    ("ra9m la carte dyali JA730215 ila bghiti", "JA730215"),  # Arabizi رقم
    ("ταυτότητα: ΑΗ 614502", "ΑΗ"),  # an identity card's series and number, in Greek capitals
    ("licenciu mám EL 518904, ale na LAN ju nepotrebuješ", "518904"),
    ("numer legitymacji 482913", "482913"),  # the genitive after a Slavic "number"
    ("la mia carta d'identità è CA77102BX", "CA77102BX"),  # an elided article before the document's word
    ("CA DL: D7301946, exp 2030", "D7301946"),
]

PHONES = [
    ("moj broj je 064 551 2290, zovi posle 5", "064 551 2290"),
    ("numarul meu 0722 418 903", "0722 418 903"),
    ("το κινητό μου 694 551 2290", "694 551 2290"),
    ("เบอร์โทรของฉัน 081 234 5678", "081 234 5678"),
    ("số điện thoại của mình 0912 345 678", "0912 345 678"),
    ("puhelinnumeroni on 040 123 4567", "040 123 4567"),
    ("nomor hp aku 0812 3456 7890", "0812 3456 7890"),
    ("رقم جوالي 055 123 4567", "055 123 4567"),
]

PASS = [
    "model number is RTX-4070-TI",
    "order number 12345678 shipped today",
    "Bestellnummer 88812345, kommt morgen",
    "room number 402 on the third floor",
    "numéro de page 120 dans le livre",
    "the number of players was 1250000 last night",
    "Seite 12, Nummer 3",
    "build number 20231104 fixed the crash",
    "my score was 12 345 678 points",
    "número de serie ABC12345 en la caja",
    "broj igrača je 10",
    "rank number 3 in the ladder",
    "the bot's user id number 1121568047484884118",
    "numero fattura 2026/0417 pagata ieri",  # an invoice's number, right after its word
    "artikelnummer 104.482.93 i katalogen",  # a shop's article
    "codice articolo 20991734 nel volantino",
    "norma ГОСТ 34.602-2020 про ТЗ",  # a standard
    "paczka InPost 620482917364018203746519 czeka w paczkomacie",  # a carrier's parcel
    "το δέμα ELTA 7301482919 έφτασε",
]


@pytest.mark.parametrize(("message", "value"), NAMED + PHONES)
def test_a_named_number_or_a_phone_is_screened(message: str, value: str) -> None:
    said = screen(message, "message")
    assert value not in said.text, said.text


@pytest.mark.parametrize("message", PASS)
def test_numbers_shared_freely_pass_unchanged(message: str) -> None:
    said = screen(message, "message")
    assert said.text == message
