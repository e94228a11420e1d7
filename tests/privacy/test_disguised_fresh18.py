"""Values hidden with no format the way apps issue them and chat repeats them, measured on a layer table written before
the rules for it (tests/privacy/layer_tables ``disguised_fresh18``).

Kinds: ``elsewhere`` (the secret word in another field than the value: an account e-mail's subject, the value alone
after "here:" or an arrow), ``ocr`` (a photo's text recognition: letters spaced apart, words broken, I/l and 0/O
confused), ``tabbed`` (a spreadsheet row pasted as tab-separated cells), ``snippet`` (JSON or YAML with keys in the
member's language), ``marks`` (invisible characters inside the value or its word: zero-width, joiners, soft hyphens,
bidi marks and overrides), ``styled`` (the secret word itself in full-width, mathematical, circled, small-capital or
superscript letters, or another script's spelling of it), ``wrapped`` (a spoiler, inline code or a code block with no
secret word), ``emoji`` (a code as keycaps, circled, dingbat or double-struck digits), ``derived`` (a password with the
derivation that built it told), ``notice`` (a code as an app or a letter issues it: a restore code, a setup or pairing
code, an activation letter, a SIM's PIN and PUK); ``lookalike`` must pass unchanged: order and tracking numbers, lobby,
game and friend codes meant to be shared, versions, builds and commits, publicly posted coupons, quiz answers and
spoilers, scores, and config keys that are no secret, in the same shapes.

A secret row is right when every one of its ``pieces`` is gone from the message (case-blind; a piece of three words or
more, when no three of its words are left in a row) and the line is refused as a memory or kept without them. The
aside third is counted, never read row by row.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, pieces_at_floors, pieces_table_is_well_formed, third_aside

NAME = "disguised_fresh18"
KINDS = ("elsewhere", "ocr", "tabbed", "snippet", "marks", "styled", "wrapped", "emoji", "derived", "notice", "lookalike")


RIGHT_AT_LEAST = {
    "tune": {
        "elsewhere": 9,
        "ocr": 5,
        "tabbed": 9,
        "snippet": 8,
        "marks": 6,
        "styled": 7,
        "wrapped": 8,
        "emoji": 6,
        "derived": 8,
        "notice": 9,
        "lookalike": 40,
    },
    "aside": {
        "elsewhere": 3,
        "ocr": 1,
        "tabbed": 4,
        "snippet": 4,
        "marks": 4,
        "styled": 3,
        "wrapped": 3,
        "emoji": 2,
        "derived": 3,
        "notice": 4,
        "lookalike": 21,
    },
}
"""Rows right per kind and part (the aside part never tuned on). On arrival, before any rule was written for the table:
tune 92/134 (elsewhere 7/9, ocr 5/8, tabbed 5/9, snippet 8/8, marks 6/8, styled 7/8, wrapped 4/8, emoji 0/9, derived
1/9, notice 9/9, look-alikes 40/49), aside 46/64 (3/4, 1/4, 0/4, 4/4, 4/4, 3/4, 3/4, 1/4, 2/4, 4/4, 21/24). After the
round (utils/privacy/unmarked_values.py: a compound of words and a number in a spoiler or code alone, handed over by
the words before it or in a line naming a password anywhere; the cell after an account in a tab-separated row; a
recipe's result; a code beside the lock it opens in one line; keycaps, double circled digits and circled ideographs
read as digits): tune 115/134 (9/9, 5/8, 9/9, 8/8, 6/8, 7/8, 8/8, 6/9, 8/9, 9/9, 40/49), aside 52/64 (3/4, 1/4, 4/4,
4/4, 4/4, 3/4, 3/4, 2/4, 3/4, 4/4, 21/24). Left in tune: OCR that breaks the secret word itself ("Contr aseña", "vos
становления", "passvvord"), a value broken by invisible characters with no word for it, a styled line with no secret
word, a card's or a storage room's code with no colon before it, Korean typed on a Latin layout with a word ending glued
to its recipe; the nine look-alikes wrong were wrong on arrival (tracking and order numbers refused as memories,
letter-spaced OCR of scores and posters read as spaced digits, a public coupon after a styled "code")."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    pieces_at_floors(NAME, part, KINDS, RIGHT_AT_LEAST[part])


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    pieces_table_is_well_formed(third_aside(NAME), KINDS, languages=25)
