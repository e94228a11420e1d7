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


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("パスワードは使い回さないで、1Passwordとか使おう", None),
        ("密码别告诉别人，用KeePass存起来", None),
        ("文档里写的是 `--password <密码>`，自己替换", None),
        ("パスワードはneko2024だよ", "neko2024"),
        ("密码是小猫123，记住", "小猫123"),
    ],
)
def test_a_clause_run_on_without_spaces_is_judged_by_its_first_part(line: str, value: str | None) -> None:
    """A sentence in a script without spaces runs on after the secret's word: its first clause is the value or not;
    a guide's label in angle brackets stands for one."""
    said = screen(line, "message").text
    assert said == line if value is None else value not in said


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("moje nowe hasło jest dłuższe niż 16 znaków", None),
        ("my new password is longer than 20 characters now", None),
        ("contraseña: pregúntale a Carmen mañana", None),
        ("wifi password? ask mum, she has it", None),
        ("my password is longer than yours, it's Kettle-Harbor-91", "Kettle-Harbor-91"),
        ("password: ask123", "ask123"),
        ("contraseña: pregúntale2024", "pregúntale2024"),
    ],
)
def test_a_comparison_or_a_word_sending_to_who_holds_it_is_no_value(line: str, value: str | None) -> None:
    said = screen(line, "message").text
    assert said == line if value is None else value not in said


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("senha: ****** aparece assim no painel", None),
        ("password: [REDACTED] shows in the log, fine", None),
        ("password: ******** Kettle-Harbor-91", "Kettle-Harbor-91"),
        ("the log shows password=*** but the .env has password=Quokka!551", "Quokka!551"),
    ],
)
def test_the_words_after_a_masked_value_are_the_sentence_about_it(line: str, value: str | None) -> None:
    said = screen(line, "message").text
    assert said == line if value is None else value not in said
