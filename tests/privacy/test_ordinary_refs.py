"""Ordinary references a message must keep, beside their risky twins (tests/privacy/layer_tables/ordinary_refs.*.jsonl).

A line names a number as an ordinary, public reference: an order or a parcel's tracking number, a console's or a
game's error code, a build, a patch or a changelist, the seed of a world, a map or a server. A message must reach
the model with it as it was said. A memory carries no value: an order or tracking number is someone's transaction
and goes from it, while an error code, a build and a world's seed are nobody's and stay. The twins must still
lose their value everywhere: "my ID …", a backup or recovery code, a PIN, a seed phrase of BIP-39 words, an account.

Written before the rule, from sources it was not written from (each row's ``source``), in 20 languages; every
third row of each kind is in ``aside`` and never tuned on, counted only.

On arrival: tune 27/57, aside 10/28 (every twin right). After the round: tune 56/57, aside 27/28 (the tune row left
is a memory the scored classifier refuses whole, another layer's).
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, right_by_expectation, split_is_honest

from utils.privacy.screen import screen

RIGHT_AT_LEAST = {"tune": 56, "aside": 27}
"""Rows right per part: the figures measured when the round of rules was done."""


@pytest.mark.parametrize("part", PARTS)
def test_ordinary_references_and_their_twins(part: str) -> None:
    at_floors("ordinary_refs", part, right_by_expectation, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    split_is_honest("ordinary_refs", languages=15, expects={"kept", "message", "redacted"})


def test_the_measure_can_fail() -> None:
    assert not right_by_expectation({"text": "my password is Kettle-Harbor-91", "expect": "kept"})
    assert not right_by_expectation({"text": "order number 30021947", "expect": "redacted", "value": "30021947"})
    assert not right_by_expectation({"text": "my ID 30021947 for the order", "expect": "message", "value": "30021947"})


@pytest.mark.parametrize(
    ("line", "value", "in_a_message_too"),
    [
        ("order number: my ID 30021947", "30021947", True),
        ("the order, and my PIN 30021947", "30021947", False),
        ("error code 48213077 is my backup code", "48213077", False),
        ("broj mobitela 0912345678, narudžba stiže", "0912345678", True),
        ("broj mobitela 0912345678 narudžba", "0912345678", True),
        ("order 30021947, call me on 0612345678", "0612345678", True),
        ("recovery code for the server 7719-0264", "7719-0264", True),
        ("build 7719026453 password 7719026453", "7719026453", True),
        ("order number 4111 1111 1111 1111 thanks", "4111 1111 1111 1111", True),
        ("world seed 4111111111111111", "4111111111111111", True),
        ("numer przesyłki 5500005555555559, kurier jutro", "5500005555555559", True),
    ],
)
def test_a_value_beside_a_reference_word_still_goes(line: str, value: str, in_a_message_too: bool) -> None:
    """Written after the rule: a possessive, a phone, a PIN or a backup code between or around makes the number
    someone's, whatever reference word the line also holds (a bare number in a message is a reader's to judge); a
    whole card number stays a card whatever word names it (only a Luhn run cut out of a longer tracking number goes)."""
    assert value not in screen(line, "memory").text
    if in_a_message_too:
        assert value not in screen(line, "message").text


@pytest.mark.parametrize(
    "line",
    ["seed of the map, my PIN 7719026453", "my wallet seed is 7719026453", "Bestellnummer 300148872, kauft mehr"],
)
def test_a_memory_keeps_no_seed_but_a_worlds_and_no_order_number(line: str) -> None:
    number = next(word.strip(",") for word in line.split() if word.strip(",").isdigit())
    assert number not in screen(line, "memory").text


def test_a_message_keeps_a_world_seed_an_error_code_and_an_order_number() -> None:
    for line in ("semilla del servidor 7719026453", "CE-113212-0 hata kodu", "broj narudžbe 30021947, stiže"):
        assert screen(line, "message").text == line
