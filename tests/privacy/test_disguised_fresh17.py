"""Values given without their format the way chat gives them, measured on a layer table written before the rules for
it (tests/privacy/layer_tables ``disguised_fresh17``).

Kinds: ``acronym`` (a password told as a sentence with the first letters it takes), ``answer`` (a value given as the
answer to someone's question, no secret word), ``pasted`` (a value in a screenshot's OCR text, a table cell, a code
comment), ``voice`` (a voice-to-text transcript of a dictated value: "capital B dash seven"), ``quoted`` (a value in a
quote of an earlier message), ``numwords`` (a code as number words in 22 languages), ``reversed`` (a value backwards
or interleaved), ``community`` (the secret word as other communities write it: creds, the magic word, snh, pw, sandi,
bassword, passwrd, paswod, 密碼, パス, mk); ``lookalike`` must pass unchanged: game titles, versions, lyrics and rhymes
with number words, order and tracking numbers, quiz answers, crossword clues naming the secret word, public event
hashtags and room, lobby and quiz codes shared to be joined, spoilers, and the secrets' own shapes with no value (a
quote, a voice note, a palindrome, an acronym's words, OCR of a receipt, a table of scores, a code comment, answers
with a time or a place, a bank queue's "senha").

A secret row is right when every one of its ``pieces`` is gone from the message (case-blind; a piece of three words or
more, when no three of its words are left in a row) and the line is refused as a memory or kept without them. The
aside third is counted, never read row by row.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, pieces_table_is_well_formed, right_by_pieces, third_aside

NAME = "disguised_fresh17"
KINDS = ("acronym", "answer", "pasted", "voice", "quoted", "numwords", "reversed", "community", "lookalike")


RIGHT_AT_LEAST = {
    "tune": {
        "acronym": 7,
        "answer": 4,
        "pasted": 11,
        "voice": 0,
        "quoted": 6,
        "numwords": 1,
        "reversed": 5,
        "community": 7,
        "lookalike": 47,
    },
    "aside": {
        "acronym": 4,
        "answer": 3,
        "pasted": 6,
        "voice": 0,
        "quoted": 3,
        "numwords": 0,
        "reversed": 4,
        "community": 3,
        "lookalike": 26,
    },
}
"""Rows right per kind and part (the aside part never tuned on). On arrival, before any rule was written for the table:
tune 88/140 (acronym 7/9, answer 4/11, pasted 11/12, voice 0/9, quoted 6/9, numwords 1/15, reversed 5/8, community
7/10, look-alikes 47/57), aside 49/71 (4/5, 3/5, 6/6, 0/5, 3/5, 0/7, 4/4, 3/5, 26/29)."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    assert set(RIGHT_AT_LEAST[part]) == set(KINDS)
    at_floors(NAME, part, right_by_pieces, RIGHT_AT_LEAST[part], label="kind", shown=lambda row: f"{row['id']}: {row['text']}")


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    pieces_table_is_well_formed(third_aside(NAME), KINDS, languages=25)
