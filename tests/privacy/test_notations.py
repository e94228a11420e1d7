"""Notations and public codes a line writes that are no one's value, each let go by its own check, beside the same
shapes given as a secret (utils/privacy/notations.py, locked_years.py, the "map" references, shared codes)."""

from __future__ import annotations

import re

import pytest

from utils.privacy.notations import notation_spans
from utils.privacy.screen import screen

PASS = [
    "позиция: 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1, как тут выиграть пешечный эндшпиль",
    "FEN r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4 — мат в один хід",
    "le parking est au plus code 8FW4V75V+8Q",
    "regex for the password rule: ^(?=.*[A-Z])(?=.*\\d).{12,}$",
    "new zone wars map: 7281-3359-1140 in Fortnite creative, go try it",
    "pieza número 11-22-1-444-555 para la bici",
    'printf("%08.3f\\n", x) stampa con gli zeri davanti',
    "code 2024 is out",
]
"""Lines that pass every place unchanged: a message, the extractor's input, the log, a memory."""

CAUGHT = [
    ("my password is rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
    ("my password is ^(?=.*[A-Z]).{12,}$", "^(?=.*[A-Z]).{12,}$"),
    ("mein Passwort ist 8FW4V75V+8Q", "8FW4V75V+8Q"),
    ("regex ^\\d{4}$ matched my PIN 4821", "4821"),
    ("^[0-9]{4}$のテストに使ったのは本物の暗証番号6190だった", "6190"),
    ("FEN 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 and my PIN is 4821", "4821"),
    ("friend code 4539 1488 0343 6467", "4539 1488 0343 6467"),
    ("koden til nøkkelboksen er 1906", "1906"),
    ("the code for the key box is 1906", "1906"),
]
"""The same shapes given as a secret: the value leaves the message."""


@pytest.mark.parametrize("line", PASS)
def test_a_notation_passes_everywhere(line: str) -> None:
    for field in ("message", "input", "log"):
        assert screen(line, field).text == line, field
    memory = screen(line, "memory")
    assert not memory.refused and memory.text == line


@pytest.mark.parametrize(("line", "value"), CAUGHT)
def test_the_same_shape_given_as_a_secret_is_caught(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


def test_each_notation_keeps_its_own_grammar() -> None:
    assert notation_spans("8/8/8/4k3/8/8/4P3/4K3")  # one king each, eight squares a rank
    assert not notation_spans("8/8/8/4k3/8/8/4P3/4Q3")  # no white king
    assert not notation_spans("8/8/8/4k4/8/8/4P3/4K3")  # nine squares on a rank
    assert not notation_spans("P7/8/8/4k3/8/8/8/4K3")  # a pawn on the last rank
    assert notation_spans("8FW4V75V+8Q") and notation_spans("V75V+8Q")
    assert not notation_spans("8AW4V75V+8Q")  # A is no plus code's letter
    assert notation_spans("[A-Z]{2}\\d{6}")
    assert not notation_spans("P@ss(w0rd)$")  # a sign or two is no pattern
    assert not notation_spans("^\\d{4}$4821")  # a number in it is a value


@pytest.mark.parametrize(
    "text",
    [
        "a " * 1500 + "then ^(?=.*[A-Z])(?=.*\\d).{12,}$ as the rule",
        "(" + "字" * 4000,  # one sign, then a wall without spaces: read once, not from each of its characters
        "字" * 4000 + " [A-Z]{2}\\d{6}",
        "'^\\d{4}$', \"[a-z]{3,}\" and (a|b).* " * 40,
    ],
)
def test_only_the_runs_holding_a_patterns_sign_are_read(text: str) -> None:
    """A run without one of a pattern's signs holds one construct at most (a repeated "."): passing it over finds what
    reading every run finds."""
    every_run = []
    for match in re.finditer(r"\S+", text):
        start, end = match.span()
        while start < end and text[start] in "\"'`/":
            start += 1
        while end > start and text[end - 1] in "\"'`/,;":
            end -= 1
        if re.compile(r"[\\\[{(^$]").search(text[start:end]) and notation_spans(text[start:end]) == [(0, end - start)]:
            every_run.append((start, end))
    assert notation_spans(text) == every_run
