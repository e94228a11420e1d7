"""A public reference is let go once, where every number reader's spans meet (utils/privacy/public_numbers.py and
values.with_value_spans), whichever reader found the number; a value the member gave before is not let go by the
words around it now."""

from __future__ import annotations

import pytest

from utils.privacy import public_numbers, values
from utils.privacy.screen import Seen, screen


@pytest.mark.parametrize(
    "line",
    [
        "ISIN US0378331005 is Apple",
        "EAN 4006381333931 on the box",
        "steam app id 1091500, wishlisted",
        "unix time 1764883029 in the log",
    ],
)
def test_a_public_number_named_as_one_is_kept_as_message_and_memory(line: str) -> None:
    assert screen(line, "message").text == line
    assert screen(line, "memory").text == line


def test_no_reader_decides_it_alone() -> None:
    """The readers report the number; the one check lets it go (so a new reader needs no check of its own)."""
    line = "unix time 1764883029 in the log"
    start = line.index("1764883029")
    span = (start, start + 10, "number")
    assert span in values.value_spans(line, kept=True)
    assert public_numbers.public_spans(line, [span, (0, 4, "phone")]) == {span}


def test_a_value_seen_before_is_not_let_go_by_a_public_word() -> None:
    said = screen("my ID 1764883029 on OpenDota", "message")
    assert "1764883029" not in said.text
    later = "OpenDota match id 1764883029"
    assert screen(later, "memory").text == later  # a match id, named as one
    assert "1764883029" not in screen(later, "memory", seen=Seen([said])).text
