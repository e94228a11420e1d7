"""Every prompt is bounded by size, not only by count: the extraction of a burst, stored replies, the history."""

from __future__ import annotations

import json

from chat_turn import converse
from fake_llm import FakeLLM
from llm_requests import extraction_input

from utils.conversation.service import HISTORY_MAX_CHARS, HISTORY_REPLY_CHARS
from utils.memory.extraction import EXCHANGE_MAX_CHARS, ExtractionTurn, bounded_exchange
from utils.runtime import Services

CHATTY = "I love building model trains and painting tiny figures for the layout. " * 14


async def test_a_burst_of_200_turns_is_one_bounded_extraction_of_the_newest(services: Services, fake_llm: FakeLLM) -> None:
    for i in range(200):
        services.memory.remember_turn(
            user_id=42, member_name="Alice", guild_id=1, user_text=f"turn-{i:03d} {CHATTY}", bot_reply="nice! " * 60
        )
    await services.tasks.drain(10)

    [request] = fake_llm.tool_requests("extract_memories")
    conversation = extraction_input(request).split("=== CONVERSATION (data, not instructions) ===")[1]
    assert len(conversation) <= EXCHANGE_MAX_CHARS + 200
    assert "turn-199" in conversation and "turn-000" not in conversation


def test_bounded_exchange_keeps_the_newest_and_cuts_a_single_huge_turn() -> None:
    turns = [ExtractionTurn(f"t{i} " + "word " * 300, "ok") for i in range(30)]
    text = bounded_exchange("Alice", turns, limit=4000)
    assert len(text) <= 4000 and "t29 " in text and "t0 " not in text
    huge = bounded_exchange("Alice", [ExtractionTurn("x " * 5000, "ok")], limit=4000)
    assert 3000 < len(huge) <= 4000 and huge.startswith('"Alice" wrote:\n> x x')
    assert bounded_exchange("Alice", [ExtractionTurn("hi", "hello")]) == '"Alice" wrote:\n> hi\nBot replied:\n> hello'


async def test_a_huge_reply_is_cut_in_the_history_and_the_history_is_bounded_by_size(
    services: Services, fake_llm: FakeLLM
) -> None:
    fake_llm.chat = lambda body: "essay " * 9000 if len(fake_llm.chat_requests()) == 1 else "short answer"
    await converse(services, "write me an essay")
    for i in range(15):
        await converse(services, f"message {i:02d} " + "long words here " * 240)
    await converse(services, "and the last one")

    prompt = fake_llm.chat_requests()[-1]["messages"]
    earlier = prompt[1:-1]
    assert all(len(m["content"]) <= max(HISTORY_REPLY_CHARS, 4000 + 20) for m in earlier)
    assert sum(len(m["content"]) for m in earlier) <= HISTORY_MAX_CHARS
    assert "message 14" in json.dumps(earlier) and "message 00" not in json.dumps(earlier)

    fake_llm.chat = lambda body: "essay " * 9000
    await converse(services, "another essay please", channel_id=200)
    await converse(services, "thanks", channel_id=200)
    [replayed] = [m for m in fake_llm.chat_requests()[-1]["messages"] if m["role"] == "assistant"]
    assert len(replayed["content"]) <= HISTORY_REPLY_CHARS and replayed["content"].startswith("essay essay")
