"""Values hidden the way people hide them in chat, measured on a layer table written before the rules for it
(tests/privacy/layer_tables ``disguised_fresh16``).

Kinds: ``otp`` (one-time codes in the wording banks and services send them, forwarded in 17 languages), ``recovery``
(2FA backup and recovery code sheets, app-specific passwords, a disk's recovery key), ``slang`` (the word for a
password or PIN shortened, misspelt or transliterated: pw, pswd, mdp, contra, sena, ww, пасс, кд, mima, pasuwaado,
bibeon, 비번, salis, lösen), ``wrapped`` (a value after a key or lock emoji, in quotes, backticks or a spoiler, with
zero-width, soft-hyphen or joiner characters inside), ``wifi`` (a guest network's key as hosts share it, a WIFI: QR
string, a router sticker's key), ``hint`` (a "hint" or description that carries the value itself); ``lookalike`` must
pass unchanged: game titles, hyphenated products, bands, tags and friend codes shared to be added, versions, builds,
commits, timestamps, a film's ending in a spoiler, order numbers, a promo code quoted from an advert (public, so
kept), and the same secret words with no value (a forgotten password, a code that never came) or in their other
meanings (кд a cooldown, пасс a football pass, contra a counter-attack, Mega-Sena a lottery).

A secret row is right when every one of its ``pieces`` is gone from the message (case-blind) and the line is refused
as a memory or kept without them. The aside third is counted, never read row by row.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, pieces_at_floors, pieces_table_is_well_formed, third_aside

NAME = "disguised_fresh16"
KINDS = ("otp", "recovery", "slang", "wrapped", "wifi", "hint", "lookalike")


RIGHT_AT_LEAST = {
    "tune": {"otp": 17, "recovery": 13, "slang": 24, "wrapped": 15, "wifi": 9, "hint": 7, "lookalike": 47},
    "aside": {"otp": 7, "recovery": 6, "slang": 10, "wrapped": 6, "wifi": 4, "hint": 4, "lookalike": 24},
}
"""Rows right per kind and part (the aside part never tuned on). On arrival, before any rule was written for the table:
tune 108/138 (otp 14/18, recovery 11/13, slang 15/24, wrapped 12/15, wifi 7/10, hint 2/9, look-alikes 47/49), aside
56/67 (7/9, 5/6, 9/12, 5/7, 4/5, 2/4, 24/24). After the round (codes in pairs as banks space them, a code's word
and link before letters and digits, a sheet's further codes, long password words with a letter dropped, the short and
romanised words and their links as data, a key emoji as a password's word, a hint's word and a handover word before a
line's last token): tune 131/138 (17/18, 13/13, 24/24, 15/15, 9/10, 6/9, 47/49), aside 60/67 (7/9, 6/6, 10/12, 5/7,
4/5, 4/4, 24/24). The tune misses left: a code 30 characters past its word ("OTP Vietcombank cua quy khach la 50 48
27"), a plain word after "ww" (no secret's look: "ww appeltaart"), a value in mid-line after a hint ("— 06147, you'll
figure it out"), a description naming no secret ("my first car plus the house number, i.e. Corolla58"), a value
inside Japanese ("誕生月で 201503 だよ"); the two look-alikes wrong (order numbers refused as memories) were wrong on
arrival."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    pieces_at_floors(NAME, part, KINDS, RIGHT_AT_LEAST[part])


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    pieces_table_is_well_formed(third_aside(NAME), KINDS, languages=25)
