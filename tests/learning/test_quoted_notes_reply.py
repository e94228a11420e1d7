"""A reply quoting the member's notes in their own format: the answer to "what do you know about me?", a leak otherwise.

Through the real pipeline (prompt, fake LLM, trimming): the asked-for quote is sent whole, an unasked one is cut
at the notes, and every cut of a reply's end is logged with lengths only.
"""

from __future__ import annotations

import logging

import pytest
from chat_turn import converse
from fake_llm import FakeLLM

from utils.runtime import Services

QUOTE = 'Here is what I have on you:\nProfile: "Plays chess every evening."\n- Recent: "Has a cat called Miso" (2 days ago)'


@pytest.mark.parametrize(
    ("message", "sent"),
    [
        ("What do you know about me?", QUOTE),
        ("hey, what do you remember about me?", QUOTE),
        ("Tell me what you know about me", QUOTE),
        ("what's new?", "Here is what I have on you:"),
        ("what do you know about chess?", "Here is what I have on you:"),
    ],
)
async def test_a_quoted_notes_reply_is_sent_whole_only_when_asked_for(
    services: Services, fake_llm: FakeLLM, caplog: pytest.LogCaptureFixture, message: str, sent: str
) -> None:
    fake_llm.chat = lambda body: QUOTE
    with caplog.at_level(logging.INFO, logger="utils.conversation.service"):
        reply = await converse(services, message)
    assert reply == sent
    cuts = [r.getMessage() for r in caplog.records if "was cut from" in r.getMessage()]
    if sent == QUOTE:
        assert cuts == []
    else:
        assert cuts == [
            f"Chat reply to 42 was cut from {len(QUOTE)} to {len(sent)} characters: the model went on as another "
            "speaker or copied its notes"
        ]
        assert "Miso" not in caplog.text, "the log says how much was cut, never what"
