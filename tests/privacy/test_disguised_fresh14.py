"""Values written so that no format sees them, measured on a layer table written before the rules for it
(tests/privacy/layer_tables ``disguised_fresh14``).

Kinds: ``passphrase`` (word lists' passphrases in the output formats of Bitwarden, 1Password, KeePassXC, diceware and
xkcdpass, in chat of many languages, named by a secret word or by nothing), ``worded`` (the word for a password, PIN or
code in slang or dialect with adjectives and determiners between it and the value), ``answer`` (a value given as the
answer to a question), ``described`` (a value given with how it is made: its parts are named in the line),
``notation`` (tap code, a spelling alphabet, keypad letters, number words mixed with digits, fullwidth forms, Roman
numerals, keycaps, binary, circled and CJK numerals); ``lookalike`` (game titles, hyphenated products, songs, gamer tags
shared to be added, versions, timestamps, scores, policies, the same notations in ordinary use) must pass unchanged.

A secret row is right when every one of its ``pieces`` is gone from the message (case-blind, and no three of a piece's
words left in a row) and the line is refused as a memory or kept without them. The aside third is counted, never read
row by row.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, pieces_at_floors, pieces_table_is_well_formed, third_aside

NAME = "disguised_fresh14"
KINDS = ("passphrase", "worded", "answer", "described", "notation", "lookalike")


RIGHT_AT_LEAST = {
    "tune": {"passphrase": 28, "worded": 25, "answer": 10, "described": 9, "notation": 16, "lookalike": 54},
    "aside": {"passphrase": 11, "worded": 9, "answer": 4, "described": 5, "notation": 7, "lookalike": 27},
}
"""Rows right per kind and part (the aside part never tuned on). On arrival, before any rule was written for the table:
tune 106/151 (passphrase 17/28, worded 16/25, answer 5/12, described 0/11, notation 15/19, look-alikes 53/56), aside
47/74 (7/14, 5/12, 1/6, 0/5, 7/9, 27/28). After the round (words before a link and loose links, passphrases that run
on, joined passphrases with no digit, described parts, a question answered in its own line, a lock's combination, a
player's handle after a vendor's name): tune 142/151 (28/28, 25/25, 10/12, 9/11, 16/19, 54/56), aside 63/74 (11/14,
9/12, 4/6, 5/5, 7/9, 27/28). The aside described count fell to 4/5 under one version and was brought back by a fresh
probe's general fix, never by reading the row; the aside answer count rose 2 -> 4/6 with rules written from fresh
probes of the table's kinds. The tune misses left: a value then what it opens in one line ("6264, das ist die vom
Fahrradschloss"), a locker's number that may be its number, two descriptions naming no secret ("it's my cat's name,
Biscuit, then 99"), tap code in numbers, digit words after a safe's name and Thai digits after a safe's code word;
the two tune look-alikes wrong ("Passwort ist endlich mal sicher", "hasło jest dłuższe niż 16") were wrong before."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    pieces_at_floors(NAME, part, KINDS, RIGHT_AT_LEAST[part])


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    pieces_table_is_well_formed(third_aside(NAME), KINDS, languages=20)
