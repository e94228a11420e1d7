"""A code a game publishes for sharing, named as such (utils/privacy/shared_codes.py): the message keeps it, the log,
the extractor's input and a memory hold it as a long number, and the line is not refused for it."""

from __future__ import annotations

import pytest

from utils.privacy import shared_codes
from utils.privacy.normalise import normalise
from utils.privacy.screen import screen

SHARED = [
    ("add me! Switch friend code SW-2231-7740-1186", "SW-2231-7740-1186"),
    ("Traumadresse meiner Insel: DA-7710-2204-9983, schaut vorbei", "DA-7710-2204-9983"),
    ("código de entrenador 4410 2871 9935, agregadme", "4410 2871 9935"),
    ("room code for Jackbox is WXPQ, hurry", "WXPQ"),
    ("codice lobby di Fall Guys: 7731-2209-4451", "7731-2209-4451"),
    ("フレンドコードは SW-5512-0093-7781 です", "SW-5512-0093-7781"),
    ("내 친구 코드 SW-3319-8820-4471 추가해줘", "SW-3319-8820-4471"),
    ("mã phòng: 771204, vào đi", "771204"),
    ("Hearthstone deck code: AAECAR8GxwPJBLsFmQfZB/oOHjOCAg== try it", "AAECAR8GxwPJBLsFmQfZB/oOHjOCAg=="),
    (
        "Factorio blueprint string: 0eNqVkttqwzAMhl8l6NqD5tA28asMNpJGG2aOHWy5bQh591lKaQsbg+5G",
        "0eNqVkttqwzAMhl8l6NqD5tA28asMNpJGG2aOHWy5bQh591lKaQsbg+5G",
    ),
    ("CS2 crosshair share code CSGO-O4Jsi-V36wY-rTMGK-Lwi4O-SszXE", "CSGO-O4Jsi-V36wY-rTMGK-Lwi4O-SszXE"),
]


@pytest.mark.parametrize(("line", "code"), SHARED)
def test_the_message_keeps_a_shared_code(line: str, code: str) -> None:
    assert screen(line, "message").text == line


@pytest.mark.parametrize(("line", "code"), SHARED)
@pytest.mark.parametrize("field", ["memory", "log", "input"])
def test_a_kept_field_holds_it_as_a_number(line: str, code: str, field: str) -> None:
    screened = screen(line, field)  # type: ignore[arg-type]
    assert code not in screened.text and "number" in screened.kinds


def test_a_memory_keeps_the_fact() -> None:
    screened = screen("Has a Switch friend code SW-2231-7740-1186 to share with the server", "memory")
    assert not screened.refused and screened.text == "Has a Switch friend code [redacted:number] to share with the server"


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("friend code and my PIN 4821", "4821"),
        ("my Steam password is ABCD1234XY, friend code below", "ABCD1234XY"),
        ("le code de la carte cadeau PSN : 3F7K-9QJ2-MX4P", "3F7K-9QJ2-MX4P"),
        ("Nintendo account backup code 48213967", "48213967"),
        ("world seed: Hunter22x is my steam password", "Hunter22x"),
        ("deck code: my password is Hunter22x", "Hunter22x"),
    ],
)
def test_a_secret_beside_the_words_is_not_a_shared_code(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


@pytest.mark.parametrize(
    "line",
    ["the room code was fine. PIN 4821", "friend code: ask me in DMs", "a fluid 12345 test", "lobby code? ABCD1234"],
)
def test_no_code_is_read_past_a_sentence_or_a_word(line: str) -> None:
    assert shared_codes.spans(normalise(line).text) == []


@pytest.mark.parametrize("line", ["our clan tag is МАРТ", "код комнаты: ТОКЕН, заходите"])
def test_a_word_in_cyrillic_capitals_is_no_code(line: str) -> None:
    """A word whose capitals all have Latin look-alikes is read as Latin to find secrets; a game prints its codes in
    Latin letters and digits, so the word stays a word in every field."""
    assert screen(line, "memory").text == line


def test_the_measure_can_fail() -> None:
    assert shared_codes.spans("my friend code is SW-2231-7740-1186") == [(18, 35)]
    assert screen("my friend code is SW-2231-7740-1186", "log").text != "my friend code is SW-2231-7740-1186"


def test_settings_joined_by_semicolons_are_no_shared_string() -> None:
    """A crosshair's settings ("0;P;c;5;…") hold no value: every field keeps them as they are."""
    line = "Valorant crosshair code 0;P;c;5;h;0;f;0;0l;4;0o;2;0a;1;0f;0;1b;0"
    assert screen(line, "memory").text == line
