"""A message deleted or edited before its extraction runs: nothing is learned from the deleted text.

The chat context already drops a deleted message; the extraction queue must too, or a
password deleted within the extraction delay would still be sent to the extractor.
"""

from __future__ import annotations

from conftest import SettingsFactory, extraction_input, memory, remembers
from fake_llm import FakeLLM

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
