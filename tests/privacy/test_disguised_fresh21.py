"""Values disguised in ways no earlier table wrote, measured on a layer table written before the rules for it
(tests/privacy/layer_tables ``disguised_fresh21``).

Kinds: ``translit`` (the secret word in another script's Latin transliteration: "parol", "kwdikos", "kalimat el sir",
"mima", "anshou bangou", "bimilbeonho", "ramz", "sisma", "rahat phan", "paroli", "gaghtnabar"), ``shorthand`` (the word
abbreviated or typed without its diacritics: "mk", "mat khau", "sifre", "haslo", "jelszo", "mdp", "contra", "a pass",
"psw", "PW", "wachtw."), ``absent`` (no word at all, the use told: a family streaming login, a gate, a key safe, the
wifi note on the fridge), ``piecewise`` (the value said in pieces in one message), ``after`` (the value first, its word
after it), ``runon`` (the value inside a sentence with no punctuation around it), ``homoglyph`` (the word in look-alike
letters: Cyrillic or Greek letters in a Latin word and the reverse, leetspeak), ``export`` (a password manager's export
pasted in its own column layout); ``lookalike`` must pass unchanged: the same shapes holding nothing secret.

A secret row is right when every one of its ``pieces`` is gone from the message (case-blind) and the line is refused as
a memory or kept without them. The aside third is counted, never read row by row.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, pieces_at_floors, pieces_table_is_well_formed, third_aside

NAME = "disguised_fresh21"
KINDS = ("translit", "shorthand", "absent", "piecewise", "after", "runon", "homoglyph", "export", "lookalike")


RIGHT_AT_LEAST = {
    "tune": {
        "translit": 13,
        "shorthand": 13,
        "absent": 11,
        "piecewise": 12,
        "after": 12,
        "runon": 12,
        "homoglyph": 11,
        "export": 11,
        "lookalike": 55,
    },
    "aside": {
        "translit": 5,
        "shorthand": 7,
        "absent": 6,
        "piecewise": 6,
        "after": 2,
        "runon": 5,
        "homoglyph": 5,
        "export": 5,
        "lookalike": 26,
    },
}
"""Rows right per kind and part (the aside part never tuned on). On arrival, before any rule was written for the table:
tune 108/152 (translit 7/13, shorthand 11/13, absent 5/12, piecewise 0/12, after 4/12, runon 11/12, homoglyph 11/12,
export 5/11, look-alikes 54/55), aside 53/78 (3/7, 7/7, 3/6, 0/6, 2/6, 4/6, 5/6, 3/6, 26/28). After the round
(utils/privacy/told_values.py and data/told_values.json: a value said first and its word after it, a value in pieces
after its word, the password column of an export, an e-mail and the value paired with it, a value typed to get in;
transliterated secret words in secret_words.json; a lock's three-digit code): tune 150/152 (13/13, 13/13, 11/12,
12/12, 12/12, 12/12, 11/12, 11/11, 55/55); aside, read a second and last time, 66/78 (5/7, 7/7, 6/6, 6/6, 2/6, 5/6,
5/6, 5/6, 25/28). That reading showed an aside look-alike altered; no aside row was opened: the look-alikes the writer
had written were gone over for a word this round added that is also an ordinary word, and "psw" (Italian chat also
writes it for other things) and "sisma" (Italian for an earthquake) were made ambiguous ('?': a value after them must
look like one), as fresh probes showed they took plain words after a colon. The look-alike floor stays at 26, the
figure on arrival, unmeasured since. Left in tune: an intercom code glued to a Cyrillic letter ("4578В"), "$ifre"
(a dollar sign opening the word is not read as a letter)."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    pieces_at_floors(NAME, part, KINDS, RIGHT_AT_LEAST[part])


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    pieces_table_is_well_formed(third_aside(NAME), KINDS, languages=30)
