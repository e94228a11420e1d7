"""Text no encoder accepts (lone surrogates, NULs, control characters) is made valid where it enters."""

from __future__ import annotations

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from shared_database import query

from utils.runtime import Services
from utils.text import valid_text, valid_tree

CASES = [
    ("plain ascii", "plain ascii"),
    ("", ""),
    ("half an emoji \ud83d", "half an emoji \ufffd"),
    ("low half \ude00 alone", "low half \ufffd alone"),
    ("split pair \ud83d\ude00 joined", "split pair 😀 joined"),
    ("reversed pair \ude00\ud83d", "reversed pair \ufffd\ufffd"),
    ("latin-1 byte from a terminal: caf\udce9", "latin-1 byte from a terminal: caf\ufffd"),
    ("nul\x00bytes\x00here", "nulbyteshere"),
    ("bell\x07 escape\x1b[31m red", "bell escape[31m red"),
    ("C1 control\x85 next line \x9b", "C1 control next line "),
    ("delete\x7f char", "delete char"),
    ("windows\r\nline\rends", "windows\nline\nends"),
    ("tabs\tand\nnewlines stay", "tabs\tand\nnewlines stay"),
    ("emoji 🎮🔥👾 and flags 🇫🇷", "emoji 🎮🔥👾 and flags 🇫🇷"),
    ("مرحبا بالجميع שלום", "مرحبا بالجميع שלום"),
    ("猫が好き、漢字も", "猫が好き、漢字も"),
    ("combining e\u0301 and ZWJ 👩\u200d💻", "combining e\u0301 and ZWJ 👩\u200d💻"),
    ("max code point \U0010ffff", "max code point \U0010ffff"),
    ("Ünïcödé ß ø ł", "Ünïcödé ß ø ł"),
    (None, ""),
    (12345, "12345"),
    (1.5, "1.5"),
]


@pytest.mark.parametrize(("raw", "valid"), CASES)
def test_valid_text_table(raw: object, valid: str) -> None:
    out = valid_text(raw)
    assert out == valid
    out.encode("utf-8")  # never raises
    assert valid_text(out) == out  # idempotent


def test_valid_text_never_raises_on_an_object_that_cannot_be_printed() -> None:
    class Broken:
        def __str__(self) -> str:
            raise RuntimeError("no")

    assert valid_text(Broken()) == ""


def test_valid_tree_reaches_keys_nested_lists_and_leaves_other_values() -> None:
    tree = {"memories": [{"memory": "x\ud83d", "topics": ["a\x00b"]}], "k\udce9": 3, "forget": [1, None, True]}
    assert valid_tree(tree) == {"memories": [{"memory": "x\ufffd", "topics": ["ab"]}], "k\ufffd": 3, "forget": [1, None, True]}


async def test_terminal_bytes_that_are_not_utf8_cost_nothing(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    """A Latin-1 byte on a UTF-8 stdin arrives as a lone surrogate (surrogateescape)."""
    reply = await converse(services, "j'adore le caf\udce9 \ud83d")
    assert reply == "echo: Alice: j'adore le caf\ufffd \ufffd"
    assert await converse(services, "and again") == "echo: Alice: and again"
    assert await services.llm_log.flush() >= 2
    assert query(database_url, "SELECT COUNT(*) FROM LlmLog WHERE Kind = 'chat' AND Success = 1") == [(2,)]


async def test_a_lone_surrogate_in_the_extractors_answer_costs_no_other_members_profile(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    assert await services.memory.set_profile(7, "Bob restores old motorbikes.")
    fake_llm.tools["extract_memories"] = remembers(
        memory("Is learning \ud83d Japanese.", "japanese\udce9"), profile="Alice is a nurse \ud83d from Lyon."
    )
    await converse(services, "I'm a nurse from Lyon and I'm learning Japanese")
    await services.flush_state()
    await services.llm_log.flush()

    profiles = dict(query(database_url, "SELECT UserId, UserNotes FROM UserState"))
    assert profiles[7] == "Bob restores old motorbikes."
    assert profiles[42] == "Alice is a nurse \ufffd from Lyon."
    assert query(database_url, "SELECT Memory, Topics FROM UserMemory") == [("Is learning \ufffd Japanese.", "japanese\ufffd")]
    assert query(database_url, "SELECT COUNT(*) FROM LlmLog WHERE Success = 1") == [(2,)]
