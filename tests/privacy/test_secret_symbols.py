"""A key emoji before a value stands for a password's word (utils/privacy/secret_symbols.py); before prose it does not."""

from __future__ import annotations

import pytest

from utils.privacy import secret_symbols
from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("🔑 Lantern-Moss-83", "Lantern-Moss-83"),
        ("for the shared drive 🔐 `Gecko_Night_24`", "Gecko_Night_24"),
        ("🗝️ Paprika#5150 (nicht weitersagen)", "Paprika#5150"),
    ],
)
def test_a_value_after_a_key_is_gone(text: str, value: str) -> None:
    said, kept = screen(text, "message"), screen(text, "memory")
    assert value not in said.text and "password" in said.kinds
    assert kept.refused or value not in kept.text


@pytest.mark.parametrize(
    "text",
    [
        "🔑 found the key in level 3, the door is upstairs",
        "got the 🔑 for the boss room lol",
        "🔐 locked channel, ask a mod",
        "🔑 key points from the meeting: patch 1.4 ships Friday",
    ],
)
def test_a_key_before_prose_keeps_the_line(text: str) -> None:
    assert screen(text, "message").text == text
    assert not screen(text, "memory").refused


def test_plain_ascii_holds_no_symbol() -> None:
    assert secret_symbols.find("pw: hunter2") == []
    assert [word.kind for word in secret_symbols.find("x 🔑 y")] == ["password"]
