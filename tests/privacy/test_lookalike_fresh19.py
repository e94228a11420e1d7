"""Members' messages that hold numbers, codes and secret words without a secret, beside their twins
(tests/privacy/layer_tables/lookalike_fresh19.*).

Order and tracking numbers asked about, error codes, game builds and patches, lobby and room codes of public games,
timestamps and durations, prices and quantities, sports scores, a forgotten password with no value, password-manager
and second-factor talk, documentation placeholders, masked values ("****1234"), public numbers (a postal PIN code, a
bank's routing number or sort code, a company's registration number), secret words in their other senses (a mountain
pass, an enamel pin, a queue ticket's "senha") and puzzles (a sudoku grid, a crossword clue): each must pass the chat
screen unchanged, and as a memory keep the line (``kept``) or only lose a long number it holds (``message``: an order
or a shared code is not the member's fact). Their twins, in the same shapes, must stay caught: a password, PIN, card
number, IBAN, CPF, DNI, token or one-time code beside the same words.

Written before the rules, from outside sources (each row's ``source``), in 36 languages; a third of each kind and
expectation is in ``aside`` (a seeded shuffle, ``28|lookalike_fresh19|<kind>|<expect>``) and never tuned on, counted
only.

On arrival: tune 212/239 (look-alikes 137/158, twins 75/81), aside 105/115 (look-alikes 68/77, twins 37/38).
After its round (``utils/privacy/public_codes.py``: a bank's routing number, sort code and BIC, a postal PIN code, a
toll-free number, a code or a game's PIN opened to everyone, a sudoku grid; a public company's register number quoted
from its ticket or site; a word in capitals alone, a clause run on without spaces, a comparison, "ask …" and the words
after a masked value are no value): tune 224/239 (149/158, 75/81), aside 107/115 (70/77, 37/38). Left: four shared
codes a memory keeps as a fact, not a code (by design), two look-alikes a memory refuses as about another person, a
card's last four digits behind stars (a card's tail is taken out by design), a CEP read with its avenue as an address,
an Italian "parola d'ordine" naming an evening's motto; six twins whose value the chat screen misses (a PIN after
"пин-код карты", a PIN said as a sudoku's row, a padlock's combination, a key-box number, a password after "bleibt", a
"Zugangsschlüssel").
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, Row, at_floors, right_by_expectation, split_is_honest, twins_are_a_third

from utils.privacy.screen import screen

RIGHT_AT_LEAST = {
    "tune": {"look-alike": 149, "twin": 75},
    "aside": {"look-alike": 70, "twin": 37},
}
"""Rows right per part, look-alikes and twins apart so that neither can be bought with the other: the figures
measured when the round of rules was done (on arrival: tune 137 and 75, aside 68 and 37)."""


def look_alike_or_twin(row: Row) -> str:
    """A look-alike passes the chat screen unchanged (``kept``, or ``message``: a long number gone from a memory
    only); its twin (``redacted``) loses its value everywhere."""
    return "twin" if row["expect"] == "redacted" else "look-alike"


def right(row: Row) -> bool:
    """By the row's expectation (:func:`right_by_expectation`), but a ``message`` row (an order, a build, an error
    code, a room's code) is right when the chat screen leaves it unchanged: whether a memory keeps such a number, drops
    it or the line is the value-free memories' choice (the harmless tables count that place apart), not a false
    positive of the chat screen."""
    if row["expect"] != "message":
        return right_by_expectation(row)
    return screen(row["text"], "message").text == row["text"]


@pytest.mark.parametrize("part", PARTS)
def test_look_alikes_pass_and_their_twins_are_caught(part: str) -> None:
    at_floors("lookalike_fresh19", part, right, RIGHT_AT_LEAST[part], label=look_alike_or_twin)


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    split_is_honest("lookalike_fresh19", languages=25, expects={"kept", "message", "redacted"})


def test_at_least_a_third_are_secrets_in_the_same_shapes() -> None:
    """A table met by screening less would fail its twins: a third of its rows must be caught."""
    rows = twins_are_a_third("lookalike_fresh19", rows=220)
    assert sum(row["expect"] == "redacted" for row in rows) * 3 >= len(rows), "a long number gone from a memory is no twin"
    assert all(row["value"] in row["text"] for row in rows if row["expect"] == "message")
    assert len({row["lang"].split("-")[0] for row in rows}) >= 25


def test_the_measure_can_fail() -> None:
    assert not right_by_expectation({"text": "forgot my password, it's Kettle-Harbor-91", "expect": "kept"})
    assert not right_by_expectation({"text": "order 4471 shipped", "expect": "redacted", "value": "4471"})
    assert not right({"text": "password: Kettle-Harbor-91", "expect": "message", "value": "Kettle-Harbor-91"})
    assert right({"text": "order 4471029 shipped", "expect": "message", "value": "4471029"})
