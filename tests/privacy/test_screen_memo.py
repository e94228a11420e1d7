"""A turn's readings of one text are shared, never its decisions: the memo of a text's screen gives what a fresh
screen gives, in every field, with or without values seen before, and whatever the member said just before it.

The chat's reply, the conversation screen, the log row and the extractor's input of one turn read the same message;
the screen memoises its reading of the text and its screen per field (utils/privacy/screen.py). A memo keyed on too
little (the text without the field, or answering a call that brings values seen) would hand one reading's decision
to another: these tests fail then.
"""

from __future__ import annotations

import pytest

from utils.privacy import screen as screen_module
from utils.privacy.conversation import ConversationScreen
from utils.privacy.memoised_lines import forget_memoised_lines
from utils.privacy.screen import Screened, Seen, screen

FIELDS = ("memory", "profile", "note", "topic", "key", "log", "input", "excerpt", "message", "name")
LINES = [
    "my password is Tr0ub4dor&3",
    "stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "password_hunter2",
    "Has a friend code 1234-5678-9012 to share",
    "call me at 06 12 34 56 78",
    "Is a practising Muslim",
    "My sister Jo was fired last week",
    "I am a moderator on this server",
    "wir treffen uns um 19:30 Uhr vor dem Kino",
    "раssword: hunter22",
    "pass\u200bword: hunter22",
    "gg everyone, see you tomorrow at 8",
]


def _fresh(text: str, field: str, seen: Seen | None = None) -> Screened:
    forget_memoised_lines()
    return screen(text, field, seen=seen)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", LINES)
def test_every_field_reads_the_memoised_text_as_a_fresh_screen_does(text: str) -> None:
    fresh = {field: _fresh(text, field) for field in FIELDS}
    forget_memoised_lines()
    for field in FIELDS:  # one after the other: each field finds the reading the ones before left
        assert screen(text, field) == fresh[field], field  # type: ignore[arg-type]
    for field in reversed(FIELDS):  # and answered from the memo
        assert screen(text, field) == fresh[field], field  # type: ignore[arg-type]


def test_the_fields_do_decide_differently_on_these_lines() -> None:
    """The test above could not fail if every field decided alike: they do not."""
    assert screen("Is a practising Muslim", "memory").refused
    assert not screen("Is a practising Muslim", "message").refused
    assert screen("password_hunter2", "key").changed
    assert not screen("password_hunter2", "message").changed
    assert screen("Has a friend code 1234-5678-9012 to share", "memory").text != (
        screen("Has a friend code 1234-5678-9012 to share", "message").text
    )


def test_values_seen_before_are_screened_out_after_the_same_text_was_memoised_without_them() -> None:
    text = "uses Kettle-Harbor-91 everywhere"
    plain = screen(text, "log")
    seen = Seen([Screened("", False, ("password",), (("Kettle-Harbor-91", "password"),))])
    with_seen = screen(text, "log", seen=seen)
    assert "Kettle-Harbor-91" in plain.text
    assert "Kettle-Harbor-91" not in with_seen.text
    assert with_seen == _fresh(text, "log", seen)
    assert screen(text, "log") == plain  # the call with values seen left no trace in the memo


def test_the_same_message_after_different_earlier_messages_reads_as_each_conversation_says() -> None:
    announced, chatter = ConversationScreen(), ConversationScreen()
    announced.take(1, 7, "my bank pin is")
    chatter.take(2, 7, "lol that was close")
    given = announced.take(1, 7, "4471")
    plain = chatter.take(2, 7, "4471")
    assert given.said.text == "[redacted:code]"
    assert plain.said.text == "4471"
    again = ConversationScreen()
    again.take(3, 7, "lol that was close")
    assert again.take(3, 7, "4471").said == plain.said  # the memo answers the plain reading, not the announced one


def test_a_limit_is_never_answered_from_the_memo() -> None:
    text = "gg everyone, see you tomorrow at 8 and bring the snacks please"
    assert screen(text, "message").text == text
    assert screen(text, "message", limit=20).text == "gg everyone, see you"


def test_a_long_text_is_screened_without_a_copy_held() -> None:
    forget_memoised_lines()
    text = "hello world " * 400
    screen(text, "log")
    screen(text[: screen_module.MEMOISED_CHARS], "log")
    assert screen_module._screened.cache_info().currsize == 1
    assert screen_module._reading.cache_info().currsize == 1


def test_forgetting_a_member_empties_the_screens_memos() -> None:
    conversation = ConversationScreen()
    conversation.take(5, 7, "my wifi password is sunflower88")
    screen("my wifi password is sunflower88", "log")
    assert screen_module._screened.cache_info().currsize > 0
    assert screen_module._reading.cache_info().currsize > 0
    conversation.forget(5)
    assert screen_module._screened.cache_info().currsize == 0
    assert screen_module._reading.cache_info().currsize == 0
