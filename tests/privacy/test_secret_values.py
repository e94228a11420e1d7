"""What a bare word after a secret's word must look like to be read as its value (utils/privacy/_secret_values.py)."""

from __future__ import annotations

import pytest

from utils.privacy._secret_values import looks_like_a_secret
from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("word", "secret"),
    [("hUnTeRs", True), ("Kettle9", True), ("tiger!lily", True), ("AGAIN", False), ("NEVER", False), ("again", False)],
)
def test_capitals_alone_are_a_word_shouted_and_capitals_among_small_letters_a_mix(word: str, secret: bool) -> None:
    assert looks_like_a_secret(word) is secret


def test_a_shouted_word_after_a_password_word_passes_and_a_value_in_capitals_does_not() -> None:
    assert screen("forgot my password AGAIN lol, third reset this week", "message").text.endswith(
        "AGAIN lol, third reset this week"
    )
    assert "TIGERLILY" not in screen("my password is TIGERLILY", "message").text
    assert "AGAIN42" not in screen("forgot my password AGAIN42 lol", "message").text
