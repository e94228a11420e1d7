"""What Discord communities post that looks like a value, beside twins holding a real secret
(tests/privacy/layer_tables/lookalike_fresh21.*).

World and run seeds, codes games publish for sharing levels (Fortnite islands, Mario Maker courses, dream addresses),
friend and trainer codes, chess positions and games (FEN, PGN, ECO), dice notation, a song's key and tempo, tickers,
quotes and ISINs, sports results, recipe quantities, scholarly and software references (ISBN, DOI, arXiv, CVE, commit
hashes), error codes, coordinates and place codes, flights, trains and rooms, colours, emoji and shortcuts, regular
expressions about passwords, product numbers and barcodes, and secret words in other senses (a mountain pass, a PIN
badge, passing a ball, code review, Morse code, the key of a song, a passphrase as a topic). A look-alike must pass
every place unchanged — the message, the extractor's input, the log and a memory, as the harmless end-to-end table
counts it (``kept``) — or, when it holds a long shared number (a friend code, an island's code, a barcode), at least
the message (``message``: whether a memory keeps such a number is the value-free layer's choice). Its twin
(``redacted``), in the same shape and words, loses its value as a message and as a memory.

Written before the rules, from outside sources (each row's ``source``), in 35 languages; a third of each kind and
expectation is in ``aside`` (a seeded shuffle, ``lookalike_fresh21|<kind>|<expect>``) and never tuned on, counted only.

On arrival: tune 169/186 (look-alikes 113/125, twins 56/61), aside 88/94 (57/61, 31/33). After its round (a chess
position, a plus code and a regular expression let go by their own grammar, ``utils/privacy/notations.py``, unless
given right after a password's or a PIN's word; a map's or an island's code and a spare part's number as ordinary
references; a run's seed in a roguelike's capitals named with its game; a format's ".3f" no union; a year after a
code's word a code when a lock stands between; a card by Luhn no game's shared code): tune 180/186 (123/125, 57/61),
aside 89/94 (58/61, 31/33). Left: a Mario Maker course id a memory keeps as a number (shared codes, by design), "four
random words" read as a password after "passwords:"; twins whose value the chat screen misses (a PIN six words after
its word before "c'est", a passphrase of plain words after "mine really is", a Persian value before its verb, a Thai
password with the service named after the word).
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, Row, at_floors, right_by_expectation, split_is_honest, twins_are_a_third

from utils.privacy.screen import screen

RIGHT_AT_LEAST = {
    "tune": {"look-alike": 123, "twin": 57},
    "aside": {"look-alike": 58, "twin": 31},
}
"""Rows right per part, look-alikes and twins apart so that neither can be bought with the other: the figures
measured when the round of rules was done (on arrival, before any rule: tune 113 and 56, aside 57 and 31)."""


def look_alike_or_twin(row: Row) -> str:
    return "twin" if row["expect"] == "redacted" else "look-alike"


def unchanged_everywhere(text: str) -> bool:
    """As the harmless end-to-end table reads a line: unchanged as a message, as the extractor's input and in the log,
    and kept unchanged as a memory (a line break a memory folds is no damage)."""
    if any(screen(text, field).text != text for field in ("message", "input", "log")):
        return False
    memory = screen(text, "memory")
    return not memory.refused and " ".join(memory.text.split()) == " ".join(text.split())


def right(row: Row) -> bool:
    """A ``kept`` look-alike unchanged everywhere; a ``message`` one unchanged as a message; a twin's value gone from
    the message and from a memory (:func:`right_by_expectation`)."""
    if row["expect"] == "kept":
        return unchanged_everywhere(row["text"])
    if row["expect"] == "message":
        return screen(row["text"], "message").text == row["text"]
    return right_by_expectation(row)


@pytest.mark.parametrize("part", PARTS)
def test_look_alikes_pass_and_their_twins_are_caught(part: str) -> None:
    at_floors("lookalike_fresh21", part, right, RIGHT_AT_LEAST[part], label=look_alike_or_twin)


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    split_is_honest("lookalike_fresh21", languages=30, expects={"kept", "message", "redacted"})


def test_at_least_a_third_are_secrets_in_the_same_shapes() -> None:
    """A table met by screening less would fail its twins: a third of its rows must be caught."""
    rows = twins_are_a_third("lookalike_fresh21", rows=240)
    assert sum(row["expect"] == "redacted" for row in rows) * 3 >= len(rows), "a shared number gone from a memory is no twin"
    assert all(row["value"] in row["text"] for row in rows if row["expect"] == "message")
    assert len({row["lang"].split("-")[0] for row in rows}) >= 30


def test_the_measure_can_fail() -> None:
    assert not right({"text": "seed 1337, and the server password is Creeper!Moon77", "expect": "kept"})
    assert not right({"text": "seed 1337", "expect": "redacted", "value": "1337"})
    assert not right({"text": "password: Kettle-Harbor-91", "expect": "message", "value": "Kettle-Harbor-91"})
    assert right({"text": "roll 2d6+3 for damage", "expect": "kept"})
