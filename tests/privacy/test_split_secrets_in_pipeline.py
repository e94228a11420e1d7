"""A secret split over two of a member's messages, through the real pipeline: nothing of it is learned, sent to the
extractor, kept in the chat context or logged — whichever message names it, before or after."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable

import pytest
from chat_turn import converse
from extractor_answers import memory
from fake_llm import FakeLLM
from llm_requests import extraction_input
from shared_database import query

from utils.conversation.messages import IncomingMessage
from utils.llm import log as log_module
from utils.members.erasure import ForgetAll
from utils.runtime import Services
from utils.storage.records import LlmCallRecord


def repeats(value: str) -> Callable[[dict], dict]:
    """An extractor that repeats the value bare when it was shown it (a model does: "Uses Kx8-tundra-44 on Steam")."""

    def answer(body: dict) -> dict:
        shown = value in extraction_input(body)
        memories = [memory(f"Uses {value} on Steam.", "steam")] if shown else []
        return {"memories": [*memories, memory("Plays on Steam most evenings.", "steam")], "profile_update": None, "forget": []}

    return answer


async def _say(services: Services, *texts: str) -> None:
    """Messages of one member in a burst (each answered before the next), then the extraction after them."""
    for number, text in enumerate(texts):
        await services.chat.respond(IncomingMessage(42, "Alice", 100, "general", text, guild_id=1, message_id=900 + number))
    await services.tasks.drain(10)


def _traces(services: Services, fake_llm: FakeLLM, database_url: str) -> dict[str, str]:
    return {
        "memories": json.dumps(query(database_url, "SELECT Memory, Topics FROM UserMemory"), ensure_ascii=False),
        "extraction": json.dumps(fake_llm.tool_requests("extract_memories"), ensure_ascii=False),
        "log": json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"), ensure_ascii=False),
    }


@pytest.mark.parametrize(
    ("messages", "value"),
    [
        (("ok my new steam password:", "Kx8-tundra-44"), "Kx8-tundra-44"),
        (("Kx8-tundra-44", "^ thats my steam password dont share"), "Kx8-tundra-44"),
        (("mein Steam-Passwort lautet", "Zugspitze_1962"), "Zugspitze_1962"),
        (("Zugspitze_1962", "das war mein Passwort"), "Zugspitze_1962"),
    ],
)
async def test_a_split_secret_leaves_no_trace(
    batching: Services, fake_llm: FakeLLM, database_url: str, messages: tuple[str, str], value: str
) -> None:
    fake_llm.chat = lambda body: f"Got it: {value}!" if value in json.dumps(body["messages"][-1]) else "Okay!"
    fake_llm.tools["extract_memories"] = repeats(value)
    await _say(batching, *messages)
    await _say(batching, "anyway, what should I play tonight?")
    await batching.llm_log.flush()
    traces = _traces(batching, fake_llm, database_url)
    assert fake_llm.tool_requests("extract_memories") and "Plays on Steam" in traces["memories"]
    assert {name: value in trace for name, trace in traces.items()} == {"memories": False, "extraction": False, "log": False}
    context = json.dumps(fake_llm.chat_requests()[-1]["messages"], ensure_ascii=False)
    assert value not in context  # the chat context shown with the next message
    assert "[redacted:" in context


async def test_a_secret_revealed_after_its_log_was_written_is_screened_out_of_the_written_rows(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.chat = lambda body: "Okay!"
    fake_llm.tools["extract_memories"] = lambda body: {"memories": [], "profile_update": None, "forget": []}
    await converse(services, "9514 ok?")
    await services.llm_log.flush()
    assert "9514" in json.dumps(query(database_url, "SELECT RequestExcerpt FROM LlmLog"))  # then, it was no secret
    await converse(services, "that was my bank pin btw")
    await services.llm_log.flush()
    logged = json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"))
    assert "9514" not in logged and "[redacted:code]" in logged


async def test_a_reveal_whose_scrub_was_cancelled_at_shutdown_still_reaches_the_written_rows(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    """Background work still running at shutdown is cancelled (its deadline passed); the log's scrub is owed when the
    reveal is read, so the last flush pays it even when its task never ran."""
    fake_llm.chat = lambda body: "Okay!"
    fake_llm.tools["extract_memories"] = lambda body: {"memories": [], "profile_update": None, "forget": []}
    await converse(services, "9514 ok?")
    await services.llm_log.flush()
    await services.chat.respond(IncomingMessage(42, "Alice", 100, "general", "that was my bank pin btw", guild_id=1))
    await services.tasks.cancel_all()
    await services.close()
    logged = json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"))
    assert "9514" not in logged and "[redacted:code]" in logged


async def test_a_reveal_read_while_the_database_is_down_reaches_the_written_rows_when_it_is_back(
    services: Services, fake_llm: FakeLLM, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reveal comes while the database is down: the rows waiting here are scrubbed at once, the written one stays
    owed (nothing can reach it yet) and is scrubbed by the first flush after the database is back."""
    fake_llm.chat = lambda body: "Okay!"
    fake_llm.tools["extract_memories"] = lambda body: {"memories": [], "profile_update": None, "forget": []}
    await converse(services, "9514 ok?")
    await services.llm_log.flush()
    monkeypatch.setattr(services.db, "_available", False)  # the engine's state while its reconnect loop runs
    await converse(services, "did you get the 9514")
    await converse(services, "that was my bank pin btw")
    await services.llm_log.flush()
    assert len(services.llm_log) >= 2, "the rows of the outage wait in the buffer"
    written = json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"))
    assert "9514" in written, "the written row cannot be reached while the database is down"
    monkeypatch.setattr(services.db, "_available", True)
    await services.llm_log.flush()
    logged = json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"))
    assert "9514" not in logged and "[redacted:code]" in logged
    assert len(services.llm_log) == 0


async def test_an_ordinary_exchange_is_logged_and_learned_as_said(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.tools["extract_memories"] = lambda body: {
        "memories": [memory("Favourite game is Hades.", "games")],
        "profile_update": None,
        "forget": [],
    }
    await converse(services, "what's your favourite game?")
    await converse(services, "Hades, by a mile")
    await services.llm_log.flush()
    assert "Hades" in extraction_input(fake_llm.tool_requests("extract_memories")[-1])
    assert "Hades" in json.dumps(query(database_url, "SELECT RequestExcerpt FROM LlmLog"))
    assert "[redacted:" not in json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt FROM LlmLog"))


async def test_a_forgotten_member_leaves_the_conversation_window(services: Services) -> None:
    await converse(services, "my PIN")
    assert len(services.memory.conversation) == 1
    receipt = await services.members.erase(42, ForgetAll(), actor="member")
    assert receipt.removed["chat context"] == 2  # the member's line and the bot's answer: the window's copy is not counted again
    assert len(services.memory.conversation) == 0


async def test_a_memory_learned_before_the_reveal_is_forgotten(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    fake_llm.tools["extract_memories"] = repeats("Kx8-tundra-44")
    await converse(services, "trying Kx8-tundra-44 on the new account")
    assert "Kx8-tundra-44" in json.dumps(query(database_url, "SELECT Memory FROM UserMemory"))  # then, it was no secret
    await converse(services, "^ thats my steam password dont share")
    await services.tasks.drain(10)
    await services.llm_log.flush()
    memories = json.dumps(query(database_url, "SELECT Memory, Topics FROM UserMemory"))
    assert "Kx8-tundra-44" not in memories and "Plays on Steam" in memories
    assert "Kx8-tundra-44" not in json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"))


@pytest.mark.parametrize("lone", ["Kx8-tundra-44", "5519", "`Gr33nTeaLatte`", "6-2-9-1", "||hunter2||"])
async def test_a_message_that_is_one_bare_value_is_not_learned_from(
    services: Services, fake_llm: FakeLLM, database_url: str, lone: str
) -> None:
    """Alone it tells nothing about the member, and the next message may say it was their PIN: the extractor never sees it."""
    fake_llm.tools["extract_memories"] = repeats(lone.strip("`|"))
    await converse(services, lone)
    await services.tasks.drain(10)
    assert not fake_llm.tool_requests("extract_memories")
    assert not query(database_url, "SELECT Memory FROM UserMemory")


async def test_a_reveal_reaches_an_extraction_already_running(services: Services, fake_llm: FakeLLM, database_url: str) -> None:
    """The turn was sent to the extractor before the member said what it was: what comes back is screened with it."""
    fake_llm.tools["extract_memories"] = lambda _body: {
        "memories": [memory("Set up the new account with Kx8-tundra-44.", "account")],
        "profile_update": "Has a new account (Kx8-tundra-44).",
        "forget": [],
    }
    fake_llm.tool_gate = gate = threading.Event()
    said = IncomingMessage(42, "Alice", 100, "general", "trying Kx8-tundra-44 on the new account", guild_id=1)
    await services.chat.respond(said)
    for _ in range(100):  # the extraction is on its way: the model has it
        if fake_llm.tool_requests("extract_memories"):
            break
        await asyncio.sleep(0.05)
    fake_llm.tool_gate = None
    assert fake_llm.tool_requests("extract_memories")
    await services.chat.respond(IncomingMessage(42, "Alice", 100, "general", "^ thats my steam password dont share", guild_id=1))
    gate.set()
    await services.tasks.drain(10)
    await services.llm_log.flush()
    kept = json.dumps(query(database_url, "SELECT Memory, Topics, SlotKey FROM UserMemory"))
    kept += json.dumps(query(database_url, "SELECT UserNotes FROM UserState"))
    assert "Kx8-tundra-44" not in kept
    assert "Kx8-tundra-44" not in json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"))


@pytest.mark.parametrize("lone", ["Kx8-tundra-44", "5519", "`Gr33nTeaLatte`", "6-2-9-1"])
async def test_a_message_that_is_one_bare_value_is_kept_out_of_the_log(
    services: Services, fake_llm: FakeLLM, database_url: str, lone: str
) -> None:
    """The chat's rows are written before the member may say it was their PIN ("dm me? here:" names no kind):
    the log never holds it, in that call nor in the next ones that show it as context."""
    value = lone.strip("`")
    await converse(services, lone)
    await converse(services, "anyway what's up")
    await services.llm_log.flush()
    assert fake_llm.chat_requests() and value in json.dumps(fake_llm.chat_requests()[-1])  # the model had it as context
    assert value not in json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"))


async def test_a_value_kept_out_of_the_log_stays_in_what_the_member_tells_later(
    services: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    """Only the log forgets a lone "2024": "graduated in 2024" later is remembered whole."""
    fake_llm.tools["extract_memories"] = lambda _body: {
        "memories": [memory("Graduated in 2024.", "school")],
        "profile_update": None,
        "forget": [],
    }
    await converse(services, "2024")
    await converse(services, "I graduated in 2024, finally")
    assert "Graduated in 2024." in json.dumps(query(database_url, "SELECT Memory FROM UserMemory"))


async def test_a_value_given_while_the_log_writes_an_earlier_batch_leaves_nothing_in_the_later_one(
    services: Services, fake_llm: FakeLLM, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A flush writes in batches; while one is screened elsewhere, a member names an alarm code and gives it two
    messages later. The last message's row waits for the flush's next batch, and the scrub the conversation owes it
    must reach it before it is written: once the log's own screen has cut "1 3 3 7" out of it, the value the
    conversation found ("1 3 3 7 και μετά") is no longer in the written row, and "και μετά #" would stay."""
    fake_llm.tools["extract_memories"] = lambda _body: {"memories": [], "profile_update": None, "forget": []}
    await converse(services, "anyone up for ranked tonight", user_id=7, name="Bea")
    screening, release = asyncio.Event(), asyncio.Event()
    real_screen = log_module._screen_elsewhere

    async def slow_first_batch(batch: list[LlmCallRecord]) -> list[LlmCallRecord]:
        if not screening.is_set():
            screening.set()
            await release.wait()
        return await real_screen(batch)

    monkeypatch.setattr(log_module, "_screen_elsewhere", slow_first_batch)
    flushing = asyncio.create_task(services.llm_log.flush())
    await asyncio.wait_for(screening.wait(), 10)
    for number, text in enumerate(["κωδικός συναγερμού", "μην τον πεις στον Νίκο", "1 3 3 7 και μετά #"]):
        await services.chat.respond(IncomingMessage(42, "Alice", 100, "general", text, guild_id=1, message_id=950 + number))
    release.set()
    await asyncio.wait_for(flushing, 30)
    await services.tasks.drain(10)
    await services.llm_log.flush()
    logged = json.dumps(query(database_url, "SELECT RequestExcerpt, ResponseExcerpt, Error FROM LlmLog"), ensure_ascii=False)
    assert "ranked tonight" in logged and "κωδικός συναγερμού" in logged  # the rows are there, as written
    assert "και μετά" not in logged and "1 3 3 7" not in logged
