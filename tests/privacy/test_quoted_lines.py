"""A quoted question alone is someone else's words, never a memory of the member who quotes it; a profile keeps no
question (utils/privacy/quoted_lines.py). A quote with the member's answer below it is judged by the answer, and the
member's own questions, greentext and quoted statements are left alone."""

from __future__ import annotations

import pytest

from utils.privacy.quoted_lines import a_quoted_question, only_asks
from utils.privacy.screen import screen, screen_profile


@pytest.mark.parametrize(
    "text",
    [
        "> did you go to the doctor?",
        ">>> why do you never come on Sundays?",
        "> Bree: are you seeing anyone? 👀",
        ">¿vienes mañana?",
        "> 你为什么不来？",
    ],
)
def test_a_quoted_question_alone_is_refused_as_a_memory(text: str) -> None:
    assert a_quoted_question(text)
    assert screen(text, "memory").refused


@pytest.mark.parametrize(
    "text",
    [
        "> what time is raid?\nthursday 8pm, bring flasks",
        "what time is raid tonight?",
        ">be me, main healer, tank pulls everything",
        "> the boss enrages at 10 minutes",
        "Asked whether the raid starts at eight.",
    ],
)
def test_an_answer_an_own_question_and_a_quoted_statement_are_left(text: str) -> None:
    assert not a_quoted_question(text)
    screened = screen(text, "memory")
    assert not screened.refused and screened.text == text


def test_a_profile_leaves_out_its_questions_and_keeps_its_statements() -> None:
    assert only_asks("Miguel?") and only_asks("why not?!") and not only_asks("Plays Valorant.")
    screened = screen_profile("Miguel? Plays Valorant. Is from Lyon.")
    assert screened.text == "Plays Valorant. Is from Lyon." and "question" in screened.kinds
    assert screen_profile("why not?").refused
    assert screen_profile("Plays Valorant. Is from Lyon.").text == "Plays Valorant. Is from Lyon."
