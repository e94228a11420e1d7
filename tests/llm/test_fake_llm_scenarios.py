"""The fake LLM's JSON scenarios (tests/support/fake_llm_server.py): what a program that may not import the tests
gets when it scripts the fake as data. Each row: a scenario, a request, what the fake answers."""

from __future__ import annotations

from typing import Any

import pytest
from fake_llm_server import made_up_word, scripted

REPLIES = ["zero", "one", "two"]
CHAT = {"replies": REPLIES, "number": r"\(m(\d+)\)\s*$"}


def chat_body(*texts: str) -> dict[str, Any]:
    return {"model": "m", "messages": [{"role": "user", "content": text} for text in texts]}


CHATS = [
    # (the member's messages, the reply: REPLIES[the tag's number, or the message count, modulo 3])
    (("how are you (m4)",), "one"),
    (("how are you (m3)",), "zero"),
    (("how are you (m0)",), "one"),  # tag 0 counts as none: one message
    (("hi", "no tag here"), "two"),
    (("the tag (m5) is not at the end",), "one"),
    (("(m2)  ",), "two"),
]


@pytest.mark.parametrize(("texts", "reply"), CHATS)
def test_chat_replies_are_picked_by_the_tag(texts: tuple[str, ...], reply: str) -> None:
    assert scripted({"chat": CHAT}).chat(chat_body(*texts)) == reply


def test_without_a_chat_script_the_fake_echoes() -> None:
    assert scripted({}).chat(chat_body("hello there")) == "echo: hello there"


MEMORY = {"memory": "Has a cat called Miso.", "topics": ["cat"]}
PER_LINE = {"list": "memories", "lines": {"> I adopted a cat": MEMORY, "> I moved to Lyon": {"memory": "Lives in Lyon."}}}
TOOLS = [
    # (how the tool is scripted, the last message of each request, the arguments answered to each)
    ({"always": {"memories": [MEMORY]}}, ["a", "b"], [{"memories": [MEMORY]}, {"memories": [MEMORY]}]),
    (
        {"numbered": {"memory": "Into {word0} and {word1}.", "topics": ["{word1}"]}},
        ["a", "b"],
        [
            {"memory": f"Into {made_up_word(0)} and {made_up_word(1)}.", "topics": [made_up_word(1)]},
            {"memory": f"Into {made_up_word(2)} and {made_up_word(3)}.", "topics": [made_up_word(3)]},
        ],
    ),
    (
        {"per_line": {**PER_LINE, "rest": {"profile_update": None}}},
        ["Alice wrote:\n> I adopted a cat\nBot:\n> nice\n> I moved to Lyon", "> I adopted a cat, she said", ""],
        [
            {"memories": [MEMORY, {"memory": "Lives in Lyon."}], "profile_update": None},
            {"memories": [], "profile_update": None},
            {"memories": [], "profile_update": None},
        ],
    ),
]


@pytest.mark.parametrize(("spec", "lasts", "answers"), TOOLS)
def test_tool_answers_follow_the_scenario(spec: dict[str, Any], lasts: list[str], answers: list[dict[str, Any]]) -> None:
    tool = scripted({"tools": {"extract_memories": spec}}).tools["extract_memories"]
    assert [tool(chat_body(last)) for last in lasts] == answers


def test_made_up_words_never_repeat() -> None:
    words = [made_up_word(n) for n in range(5000)]
    assert len(set(words)) == len(words)
    assert words[:3] == ["qkax", "qlox", "qmix"]


def test_plain_settings_reach_the_fake_and_unknown_ones_do_not_pass_silently() -> None:
    fake = scripted({"one_at_a_time": True, "think_seconds": 0.5, "tool_think_seconds": 1.5})
    assert (fake.one_at_a_time, fake.think_seconds, fake.tool_think_seconds) == (True, 0.5, 1.5)
    with pytest.raises(ValueError, match="gate"):
        scripted({"gate": True})
