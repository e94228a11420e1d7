"""A message deleted or edited before its extraction runs: nothing is learned from the deleted text.

The chat context already drops a deleted message; the extraction queue must too, or a
password deleted within the extraction delay would still be sent to the extractor.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from llm_requests import extraction_input
from settings_factory import SettingsFactory

from utils.conversation.messages import IncomingMessage
from utils.runtime import Services


def said(text: str, message_id: int, *, user_id: int = 42, name: str = "Alice") -> IncomingMessage:
    return IncomingMessage(user_id, name, 100, "general", text, guild_id=1, message_id=message_id)


async def test_a_deleted_message_is_never_sent_to_the_extractor(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Plays chess on weekends.", "chess"))
    services = Services(make_settings(memory_extraction_delay_seconds=0.3))
    await services.start()
    try:
        await services.chat.respond(said("my bank pin changed, it is the year my dog was born lol", 501))
        await services.chat.respond(said("I play chess on weekends", 502))
        await services.chat.respond(said("I also collect old maps of Lisbon", 503, user_id=7, name="Bob"))
        services.chat.messages_deleted(100, [501, 503])
        await services.tasks.drain(10)
    finally:
        await services.close()

    sent = [extraction_input(body) for body in fake_llm.tool_requests("extract_memories")]
    assert len(sent) == 1  # Bob's only turn was deleted: no call for him at all
    assert "chess on weekends" in sent[0]
    assert "bank pin" not in sent[0] and "Lisbon" not in sent[0]


async def test_an_edited_message_is_extracted_with_its_new_text(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = remembers()
    services = Services(make_settings(memory_extraction_delay_seconds=0.3))
    await services.start()
    try:
        await services.chat.respond(said("I love bouldering at Arkose in Lyon with my cousin", 601))
        services.chat.message_edited(100, 601, "I love climbing")
        await services.tasks.drain(10)
    finally:
        await services.close()

    [body] = fake_llm.tool_requests("extract_memories")
    assert "I love climbing" in extraction_input(body)
    assert "bouldering" not in extraction_input(body) and "cousin" not in extraction_input(body)


LATE_CHANGES = [
    # (what Alice said, changes while the reply is written, words gone everywhere, text learned and shown)
    ("my bank pin is 7731, don't tell anyone", [("delete", "")], ["7731"], None),
    ("Ich wohne in der Lindenstraße 12 in Köln", [("edit", "Ich wohne in Köln")], ["Lindenstraße"], "Ich wohne in Köln"),
    ("my ex's number is +44 7700 900123", [("edit", "never mind"), ("delete", "")], ["7700", "never mind"], None),
    ("I adopted a cat named Pixel", [("edit", ""), ("edit", "I adopted a cat")], ["Pixel"], "I adopted a cat"),
]


@pytest.mark.parametrize(("said_text", "changes", "gone", "new_text"), LATE_CHANGES)
async def test_a_change_while_the_reply_is_written_is_applied_when_it_is_done(
    make_settings: SettingsFactory,
    fake_llm: FakeLLM,
    said_text: str,
    changes: list[tuple[str, str]],
    gone: list[str],
    new_text: str | None,
) -> None:
    fake_llm.chat = lambda body: "got it!"  # an answer that repeats nothing
    fake_llm.tools["extract_memories"] = remembers()
    services = Services(make_settings())
    await services.start()
    try:
        fake_llm.gate = threading.Event()
        fake_llm.arrived.clear()
        reply = asyncio.create_task(services.chat.respond(said(said_text, 701)))
        assert await asyncio.get_running_loop().run_in_executor(None, fake_llm.arrived.wait, 10)
        for kind, text in changes:
            if kind == "edit":
                services.chat.message_edited(100, 701, text)
            else:
                services.chat.messages_deleted(100, [701])
        fake_llm.gate.set()
        answered = await reply
        await services.chat.respond(said("what's new?", 702, user_id=7, name="Bob"))
        await services.tasks.drain(10)
    finally:
        await services.close()

    later = json.dumps(fake_llm.chat_requests()[-1]["messages"], ensure_ascii=False)
    learned = " ".join(extraction_input(body) for body in fake_llm.tool_requests("extract_memories"))
    for words in gone:
        assert words not in later and words not in learned
    if new_text is None:
        assert "Alice" not in later and "Alice" not in learned
    else:
        assert f"Alice: {new_text}" in later and new_text in learned
    assert answered.withdrawn is (new_text is None)  # no answer is sent to a message that is gone
