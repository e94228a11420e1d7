"""A secret named in a channel and given in a thread opened from it, or fixed or revealed by an edit, through the real
pipeline (`ChatService`, SQLite, the fake LLM server): nothing of it is learned, sent to the extractor, kept in the
chat context or logged."""

from __future__ import annotations

import json
import re

import pytest
from extractor_answers import memory
from fake_llm import FakeLLM
from shared_database import query

from utils.conversation.messages import IncomingMessage
from utils.runtime import Services

_CHANNEL, _THREAD = 100, 101


def _careless(fake_llm: FakeLLM) -> None:
    """A chat model that repeats what it was sent, and an extractor that stores every line it is shown."""

    def remember_everything(body: dict) -> dict:
        shown = json.dumps(body["messages"][-1]["content"], ensure_ascii=False)
        return {"memories": [memory(f"Said: {shown[-120:]}", "chat")], "profile_update": None, "forget": []}

    fake_llm.chat = lambda body: f"Noted: {json.dumps(body['messages'][-1]['content'], ensure_ascii=False)}"
    fake_llm.tools["extract_memories"] = remember_everything


async def _say(services: Services, message_id: int, text: str, *, thread: bool = False) -> None:
    where = {"channel_id": _THREAD, "parent_id": _CHANNEL, "opened_by": 42} if thread else {"channel_id": _CHANNEL}
    name = "router" if thread else "general"
    await services.chat.respond(
        IncomingMessage(42, "Alice", channel_name=name, content=text, guild_id=1, message_id=message_id, **where)
    )


async def _traces(services: Services, fake_llm: FakeLLM, database_url: str, *, thread: bool = False) -> dict[str, str]:
    """Where a value may be left once the member said one more thing there (the chat context is the place's own)."""
    await _say(services, 990, "anyway, what should I play tonight?", thread=thread)
    await services.tasks.drain(10)
    await services.llm_log.flush()
    return {
        "memories": json.dumps(query(database_url, "SELECT Memory, Topics FROM UserMemory"), ensure_ascii=False),
        "extraction": json.dumps(fake_llm.tool_requests("extract_memories"), ensure_ascii=False),
        "log": json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"), ensure_ascii=False),
        "chat context": json.dumps(fake_llm.chat_requests()[-1]["messages"], ensure_ascii=False),
    }


async def test_a_password_named_in_the_channel_and_given_in_its_thread_leaves_no_trace(
    batching: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    _careless(fake_llm)
    await _say(batching, 900, "router password going in the thread so it doesn't get buried")
    await _say(batching, 901, "Maple-Otter-418", thread=True)
    traces = await _traces(batching, fake_llm, database_url, thread=True)
    assert fake_llm.tool_requests("extract_memories")
    assert {name: "Maple-Otter-418" in trace for name, trace in traces.items()} == dict.fromkeys(traces, False)


@pytest.mark.parametrize(
    ("messages", "edit", "values"),
    [
        (("netflix login for the family", "Wombat-Tea-72"), (901, "Wombat-Tea-27"), ("Wombat-Tea-72", "Wombat-Tea-27")),
        (("9157",), (900, "9157 é o pin do cartão"), ("9157",)),
    ],
    ids=["fixed by an edit", "revealed by an edit"],
)
async def test_a_secret_fixed_or_revealed_by_an_edit_leaves_no_trace(
    batching: Services,
    fake_llm: FakeLLM,
    database_url: str,
    messages: tuple[str, ...],
    edit: tuple[int, str],
    values: tuple[str, ...],
) -> None:
    _careless(fake_llm)
    for number, text in enumerate(messages):
        await _say(batching, 900 + number, text)
    batching.chat.message_edited(_CHANNEL, *edit)
    traces = await _traces(batching, fake_llm, database_url)
    assert fake_llm.tool_requests("extract_memories")
    for value in values:
        assert {name: value in trace for name, trace in traces.items()} == dict.fromkeys(traces, False), value


async def test_an_ordinary_edit_and_thread_are_learned_as_said(batching: Services, fake_llm: FakeLLM, database_url: str) -> None:
    _careless(fake_llm)
    await _say(batching, 900, "match time is in the thread")
    await _say(batching, 901, "we start at 20:30", thread=True)
    await _say(batching, 902, "we won 3-1")
    batching.chat.message_edited(_CHANNEL, 902, "we won 3-2 actually")
    traces = await _traces(batching, fake_llm, database_url)
    assert "20:30" in traces["extraction"] and "3-2 actually" in traces["extraction"]
    assert not re.search(r"\[redacted:[a-z]", traces["extraction"] + traces["log"])  # the prompt's own "[redacted:...]" aside


async def test_a_secret_in_a_thread_title_is_not_logged_when_the_model_repeats_it(
    batching: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    """A thread's title is a member's words too (its opener named it): a model repeating a value from it, with no
    secret word beside it, is screened out of the log as a value from their message would be."""
    fake_llm.chat = lambda body: "Got it, Kx8-tundra-44 is noted."
    await batching.chat.respond(
        IncomingMessage(
            42,
            "Alice",
            channel_name="wifi password is Kx8-tundra-44",
            content="can you keep this for me?",
            guild_id=1,
            message_id=900,
            channel_id=_THREAD,
            parent_id=_CHANNEL,
            opened_by=42,
        )
    )
    await batching.tasks.drain(10)
    await batching.llm_log.flush()
    log = json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"), ensure_ascii=False)
    assert "can you keep this for me?" in log and "Bot replied" in log  # the chat and extraction calls were logged
    assert "Kx8-tundra-44" not in log, log
