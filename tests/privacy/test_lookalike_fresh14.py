"""Lines that name a secret word or look like a value, beside their twins
(tests/privacy/layer_tables/lookalike_fresh14.*.jsonl).

A secret word followed by no value ("Passwort: keins", "password: none, it's an open lobby"), a documentation
placeholder (`curl -u USERNAME:PASSWORD`, `${DB_PASSWORD}`, `<your-token>`), a value masked as a log masks it
(`***`), a calendar or contact card's dates, a version or a published checksum, a bare relative: each must pass whole.
Their twins must stay caught: a real value after the same words and shapes goes, a relative's health or arrest is
refused. A game code meant to be shared stays in the message and leaves a memory (the fact is kept, not the code).

Written before the rules, from outside sources (each row's ``source``), in 25 languages; a third of each kind and
expectation is in ``aside`` and never tuned on, counted only.

On arrival: tune 75/118, aside 41/60. After the words that say there is no value (``no_value`` in
``utils/privacy/data/secret_places.json``): tune 91/118, aside 46/60.
After the words of play beside a relative (``bond_only_words`` in ``utils/privacy/data/others.json``: a game, a role
in it, watching the member play, tonight): tune 100/118, aside 51/60.
After the placeholders read as such (a constant's name in capitals in any script, a label in brackets, the stars of
a masked value with its closing code mark): tune 105/118, aside 51/60.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, right_by_expectation, split_is_honest

from utils.privacy.screen import screen

RIGHT_AT_LEAST = {"tune": 108, "aside": 56}
"""Tune 105 when the rules were done; 104 once the classifier was retrained at 0.996 with the next wave's rows; tune 108,
aside 56 after the next round's stand-ins for a value, relatives at play and shared game codes."""
"""Rows right per part: the figures measured when the round of rules was done."""


@pytest.mark.parametrize("part", PARTS)
def test_look_alikes_pass_and_their_twins_are_caught(part: str) -> None:
    at_floors("lookalike_fresh14", part, right_by_expectation, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    split_is_honest("lookalike_fresh14", languages=15, expects={"kept", "message", "redacted", "refused"})


def test_the_measure_can_fail() -> None:
    assert not right_by_expectation({"text": "password: Kettle-Harbor-91", "expect": "kept"})
    assert not right_by_expectation({"text": "went fishing today", "expect": "redacted", "value": "fishing"})
    assert not right_by_expectation({"text": "my sister plays support", "expect": "refused"})


@pytest.mark.parametrize(
    "line",
    [
        "wifi password: none",
        "Kennwort: keine, einfach verbinden",
        "mot de passe : aucun",
        "DB_PASSWORD: nada",
        "heslo: nic, je to otevřené",
        "şifre: yok",
        "parola: nimic",
    ],
)
def test_a_secret_word_with_no_value_passes(line: str) -> None:
    """Written after the rule: the word for "none" in languages and forms the table's rows do not use."""
    assert screen(line, "message").text == line
    assert not screen(line, "memory").refused


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("password: none1234", "none1234"),
        ("Passwort: Keins!2024", "Keins!2024"),
        ("DB_PASSWORD=brak99", "brak99"),
        ("hasło: nic_Tajnego7", "nic_Tajnego7"),
    ],
)
def test_a_no_value_word_with_a_digit_or_a_symbol_is_a_value(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


@pytest.mark.parametrize(
    "line",
    [
        "my brother watches us play every night",
        "mi hermana juega de healer conmigo",
        "mein Bruder spielt heute abend Schach mit mir",
        "mój brat ogląda mecz z nami",
        "min bror spelar tank med oss ikväll",
    ],
)
def test_a_relative_at_play_with_the_member_passes(line: str) -> None:
    """Written after the rule: play words in forms and languages the table's rows do not use."""
    assert screen(line, "message").text == line
    assert not screen(line, "memory").refused


@pytest.mark.parametrize(
    "line",
    [
        "my sister plays support and has cancer",
        "mi hermano juega conmigo esta noche y está en rehabilitación",
        "my dad got arrested at the match",
    ],
)
def test_a_relative_at_play_with_something_more_said_is_refused(line: str) -> None:
    assert screen(line, "memory").refused


@pytest.mark.parametrize(
    "line",
    [
        "Passwort: `IHR_PASSWORT` ersetzen",
        "token: [hidden]",
        'api_key: "SUA_CHAVE"',
        "token: 'ВАШ_ТОКЕН'",
        "`secret=***`, the runner masked it",
    ],
)
def test_a_placeholder_passes(line: str) -> None:
    """Written after the rule: placeholders in forms and languages the table's rows do not use."""
    assert screen(line, "message").text == line


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("password: HUNTER_2", "HUNTER_2"),
        ("password: [Kx9#mP]", "Kx9#mP"),
        ("token: `ghp_R2d9K7mX1qL4vT8wN3zB6cY0hJ5fD2sA9pE`", "ghp_R2d9K7mX1qL4vT8wN3zB6cY0hJ5fD2sA9pE"),
    ],
)
def test_a_value_shaped_like_a_placeholder_is_still_a_value(line: str, value: str) -> None:
    assert value not in screen(line, "message").text
