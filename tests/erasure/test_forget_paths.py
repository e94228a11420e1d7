"""Every way a member forgets × every place the bot keeps their words: afterwards the words are nowhere.

Each case plants unique words in everything a member's data can reach — a memory learned from their
message (M), a profile fact and its earlier versions (P), the monitor's note lines (N), a second memory
and fact they keep (K) — with their chat and extraction calls in the LLM log, another member's chat
quoting them, a monitor batch holding their words beside another member's, and the chat context in RAM.
Then it forgets one way. A word that way takes must be in no table, no column, no export, no copy held
in RAM (here, and in the other process, after its next poll),
and not in the SQLite file's bytes nor its write-ahead log; the words it does not take stay, and so does
another member's memory. Run on SQLite and, with MSSQL_TEST_URL, on the server (the file is SQLite's).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pytest_asyncio
from chat_turn import converse
from extractor_answers import memory
from fake_llm import Body, FakeLLM
from memory_seed import ALICE, BOB, cmd, live_memories
from monitor_fakes import Analyst, said
from service_pair import service_pair
from settings_factory import SettingsFactory
from shared_database import dump

import utils.llm.log as log_module
from utils.members.commands import run_memory_command
from utils.runtime import Services
from utils.storage import cases
from utils.storage.records import NewCase

M, P, N, K, B = "Zqvarnith", "Plomberaux", "Nextrovane", "Kelmorath", "Brundlewick"
EVERY_WORD = {M, P, N, K}


@dataclass(frozen=True)
class ForgetPath:
    name: str
    command: str
    """A `/memory` command, or — starting with "say:" — words said in chat."""
    takes: frozenset[str]
    by: str = "member"
    elsewhere: bool = False
    """Said in the second process: the first drops its copies at its next poll."""


PATHS = [
    ForgetPath("one memory by id", "forget <iguana>", frozenset({M})),
    ForgetPath("a profile fact by command", "forget fact 1", frozenset({P})),
    ForgetPath("a profile fact by its P-number", "forget P1", frozenset({P})),
    ForgetPath("a profile fact in words", f"say:please forget that I live in {P}", frozenset({P})),
    ForgetPath("what was learned recently", "forget recent 60", frozenset(EVERY_WORD)),
    ForgetPath("everything", "forget all", frozenset(EVERY_WORD)),
    ForgetPath("the opt-out", "optout", frozenset(EVERY_WORD)),
    ForgetPath("a moderator's forget", "forget all", frozenset(EVERY_WORD), by="admin:99"),
    ForgetPath("one memory, in another process", "forget <iguana>", frozenset({M}), elsewhere=True),
    ForgetPath("everything, in another process", "forget all", frozenset(EVERY_WORD), elsewhere=True),
]


@pytest_asyncio.fixture
async def pair(make_settings: SettingsFactory, database_url: str) -> AsyncIterator[tuple[Services, Services]]:
    async with service_pair(make_settings, database_url) as pair:
        yield pair


def learner(body: Body) -> dict:
    """The extractor: a memory per message, the profile facts the member states, a forget asked in words."""
    said = body["messages"][-1]["content"]
    kept = f"Plays {K} on Fridays."
    if "please forget that I live in" in said:
        return {"memories": [], "profile_update": kept, "forget": []}
    if "iguana" in said:
        return {"memories": [memory(f"Has an iguana named {M}.", "pets")], "profile_update": None, "forget": []}
    if "I moved" in said:
        return {"memories": [], "profile_update": f"Lives in {P} still. {kept}", "forget": []}
    if "I live in" in said:
        return {"memories": [memory(kept, "games")], "profile_update": f"Lives in {P}. {kept}", "forget": []}
    if "my friend" in said:
        return {"memories": [memory(f"Has a friend called {B}.", "friends")], "profile_update": None, "forget": []}
    return {"memories": [], "profile_update": None, "forget": []}


def in_ram(services: Services, word: str) -> dict[str, bool]:
    """Where ``word`` is among this process's copies of Alice."""
    context = [turn.text for history in services.chat._history.values() for turn in history]
    buffered = [json.dumps([r.request_excerpt, r.response_excerpt, r.error]) for r, _ in services.llm_log._pending]
    return {
        "chat context": any(word in text for text in context),
        "log buffer": any(word in row for row in buffered),
        "monitor notes": any(word in line for line in services.monitor_state.observations(ALICE)),
        "profile": word in services.memory.profile(ALICE),
    }


def stored_text(url: str) -> str:
    return json.dumps(dump(url), default=str, ensure_ascii=False)


def file_bytes(url: str) -> bytes:
    """The SQLite file and its write-ahead log, as the disk has them (nothing for a server)."""
    if not url.startswith("sqlite"):
        return b""
    path = Path(url.removeprefix("sqlite:///"))
    return b"".join(p.read_bytes() for p in (path, path.with_name(path.name + "-wal")) if p.exists())


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
async def test_the_words_a_forget_takes_are_nowhere_afterwards(
    pair: tuple[Services, Services], fake_llm: FakeLLM, database_url: str, path: ForgetPath
) -> None:
    a, b = pair
    fake_llm.tools["extract_memories"] = learner
    await converse(a, f"I live in {P} and I play {K} on Fridays")
    await converse(a, f"my iguana {M} escaped again")
    await converse(a, f"I moved, but I live in {P} still")  # the profile again: an earlier version holds the fact
    await converse(a, f"my friend {B} says hi", user_id=BOB, name="Bob")  # Bob's chat has Alice's lines in context
    fake_llm.tools["report_analysis"] = Analyst()
    await a.monitor.analyse([said(f"{M} and {P}, lol"), said(f"{B} agrees", author_id=BOB, name="Bob")])  # one log row
    a.monitor_state.add_observation(ALICE, f"Talked about {N} at length.", datetime.now(UTC))
    case = NewCase(7, ALICE, "warn", "insult", "insult 0.92", f"{M} and {P}, lol", "acted", "monitor")
    await a.db.run(cases.open_case, case)  # a moderation case's excerpt holds her words too
    await a.flush_state()
    await a.llm_log.flush()
    await b.members.coherence.poll()
    planted = stored_text(database_url)
    assert all(word in planted for word in EVERY_WORD | {B}), "every word reached the database first"

    where, other = (b, a) if path.elsewhere else (a, b)
    if path.command.startswith("say:"):
        notices: list[str] = []
        where.chat.on_notice(lambda _user, _channel, text: notices.append(text))
        await converse(where, path.command.removeprefix("say:"))
        assert notices and notices[0].startswith("Forgotten, as you asked. Gone: 1 profile fact"), notices
        answer = notices[0]
    else:
        [iguana] = [m.id for m in await live_memories(a.memory, ALICE, a.memory.scope_for(1)) if M in m.memory]
        answer = await run_memory_command(where, ALICE, path.command.replace("<iguana>", str(iguana)), actor=path.by)
        assert "Gone: " in answer, answer
    assert not any(word in answer for word in EVERY_WORD), "a receipt never repeats what it took"
    await where.llm_log.flush()
    await other.members.coherence.poll()
    await other.llm_log.flush()

    stored, on_disk = stored_text(database_url), file_bytes(database_url)
    export = json.dumps(json.loads(await cmd(a, "export")), ensure_ascii=False)
    for word in path.takes:
        assert word not in stored, f"{word} is still in a table"
        assert word.encode() not in on_disk, f"{word} is still in the file's free pages or its WAL"
        assert word not in export, f"{word} is still in the export"
        for services in (a, b):
            assert not any(in_ram(services, word).values()), (word, services is where, in_ram(services, word))
    for word in EVERY_WORD - path.takes:
        assert word in stored, f"{word} was not forgotten and must stay"
    assert B in stored, "another member's memory stays"


async def test_a_forget_while_a_log_flush_is_between_taking_and_writing_its_rows_leaves_no_excerpt(
    services: Services, fake_llm: FakeLLM, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The flush took Alice's rows from the buffer before the forget, and writes them after it: their epoch is the
    old one, so they are written without their words (before, such a row kept a forgotten text: 1 run of 2)."""
    fake_llm.tools["extract_memories"] = learner
    await converse(services, f"my iguana {M} escaped again")
    [iguana] = [m.id for m in await live_memories(services.memory, ALICE, services.memory.scope_for(1))]
    taken, release = asyncio.Event(), asyncio.Event()
    screen = log_module._screen_elsewhere

    async def held(batch: list) -> list:
        taken.set()
        await release.wait()
        return await screen(batch)

    monkeypatch.setattr(log_module, "_screen_elsewhere", held)
    flush = asyncio.ensure_future(services.llm_log.flush())
    await taken.wait()
    assert (await cmd(services, f"forget {iguana}")).startswith(f"Forgot memory #{iguana}.")
    release.set()
    assert await flush >= 2
    assert M not in stored_text(database_url)
