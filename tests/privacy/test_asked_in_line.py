"""A question and its answer in one message (utils/privacy/asked_in_line.py): a value answering a question that names
what it opens or the secret itself, a security question's answer, a line that says it answers an earlier question."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("> pin for the bike lock?\n2 8 0 5", "2 8 0 5"),
        ("Q: alarm? A: 7391#", "7391"),
        ("— e o código do portão? — 1357", "1357"),
        ("you asked about the gate — it's 4471", "4471"),
        ("re your question about the locker: 3319", "3319"),
        ("Frage: WLAN-Schlüssel? Antwort: Tannenbaum_77", "Tannenbaum_77"),
        ("réponse à la question secrète : Médor", "Médor"),
        ("la risposta alla domanda di sicurezza è Fufi", "Fufi"),
    ],
)
def test_a_value_answering_in_the_same_line_is_gone(text: str, value: str) -> None:
    assert value not in screen(text, "message").text


@pytest.mark.parametrize(
    "text",
    [
        "> what's the wifi called?\nCasa-Lopes-5G",
        "Q: how fast is the wifi? A: 500mbps",
        "what time do they lock the gate? 22:30",
        "how many doors? 4",
        "you asked about the door, it was open since 2019",
        "the answer is obvious, security questions are useless",
        "my security question is stupid lol",
        "> what's the best password manager?\nBitwarden, then KeePassXC",
    ],
)
def test_ordinary_questions_answered_in_the_line_stay(text: str) -> None:
    assert screen(text, "message").text == text
