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
from layer_tables import PARTS, pieces_at_floors, pieces_table_is_well_formed, third_aside

NAME = "disguised_fresh17"
KINDS = ("acronym", "answer", "pasted", "voice", "quoted", "numwords", "reversed", "community", "lookalike")


RIGHT_AT_LEAST = {
    "tune": {
        "acronym": 9,
        "answer": 10,
        "pasted": 11,
        "voice": 8,
        "quoted": 7,
        "numwords": 14,
        "reversed": 5,
        "community": 7,
        "lookalike": 47,
    },
    "aside": {
        "acronym": 5,
        "answer": 3,
        "pasted": 6,
        "voice": 4,
        "quoted": 3,
        "numwords": 7,
        "reversed": 4,
        "community": 4,
        "lookalike": 26,
    },
}
"""Rows right per kind and part (the aside part never tuned on). On arrival, before any rule was written for the table:
tune 88/140 (acronym 7/9, answer 4/11, pasted 11/12, voice 0/9, quoted 6/9, numwords 1/15, reversed 5/8, community
7/10, look-alikes 47/57), aside 49/71 (4/5, 3/5, 6/6, 0/5, 3/5, 0/7, 4/4, 3/5, 26/29). After the round (a code said as
digit words or lone digits with no secret word, a value dictated with no secret word, a value mended in the same line,
what a member signs in to and the act of typing as what a value opens): tune 116/140 (7/9, 10/11, 11/12, 8/9, 7/9,
14/15, 5/8, 7/10, 47/57), aside 60/71 (4/5, 3/5, 6/6, 4/5, 3/5, 7/7, 4/4, 3/5, 26/29). The tune misses left: a
sentence's letters with no colon's word before them and a value in a quote or an answer with no question naming what
it opens ("> what's it again?"), a spreadsheet row, Spanish dictation with a word between the capital and its letter,
values backwards or interleaved with no secret word, community words the vocabulary lacks ("the magic word", "open
sesame", "paswod"), and Vietnamese digit words that are everyday words too; the ten look-alikes wrong were wrong on
arrival (crossword answers and public event codes after a secret word, a tracking number, a quote with a time). After
the next round's readings of values with no format (utils/privacy/unmarked_values.py, written for
``disguised_fresh18``): tune 118/140 (acronym 9/9), aside 62/71 (acronym 5/5, community 4/5)."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    pieces_at_floors(NAME, part, KINDS, RIGHT_AT_LEAST[part])


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    pieces_table_is_well_formed(third_aside(NAME), KINDS, languages=25)
