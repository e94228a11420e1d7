"""Every server behaviour × every caller: each caller gets its result, or fails cleanly with one log line.

The behaviours are the fake server's table (`SERVER_BEHAVIOURS`: each row from a server's
docs or issue tracker), chosen by the model name; the callers are the four that need a
tool's arguments: memory extraction, the monitor's analysis, the notes migration and the
doctor. Each caller is called twice, as the bot would over two messages: the first call
may be what finds the model's way, never at more than one extra request.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import SERVER_BEHAVIOURS, FakeLLM
from monitor_fakes import Analyst, said
from settings_factory import SettingsFactory
from shared_database import query

from utils.doctor.llm_checks import check_llm
from utils.doctor.result import Status
from utils.notes_migration import PROFILE_TOOL, NotesMigration, Options
from utils.runtime import Services
from utils.storage import members
from utils.storage.records import UserStateRecord


@dataclass(frozen=True)
class Expected:
    first: bool
    """Whether the first call gets its result (False: it fails cleanly and the second one works)."""
    second: bool
    way: str | None
    """The way the LlmLog row of the second call's success records (None: no call ever succeeds)."""


EXPECTED = {
    "gpt-4o-mini": Expected(True, True, "tools"),
    "qwen2.5:7b-instruct": Expected(True, True, "tools"),
    "vllm": Expected(True, True, "tools"),
    "lmstudio": Expected(True, True, "tools"),
    "ollama-ignores-tool-choice": Expected(True, True, "json_schema"),
    "ollama-tool-choice-fenced": Expected(True, True, "json_schema"),
    "ollama-no-tools": Expected(True, True, "json_schema"),
    "llama-server-unconstrained": Expected(True, True, "json_schema"),
    "hermes-tags": Expected(True, True, "text"),
    # Forced call ignored, then json_schema refused: that was the one extra request. The next call uses JSON mode.
    "llama-cpp-python": Expected(False, True, "json_object"),
    "llama-server-old": Expected(False, True, "json_object"),
    "truncates": Expected(False, False, None),
    "invalid-json": Expected(False, False, None),
    "prose-only": Expected(False, False, None),
}


def test_the_table_covers_every_behaviour_of_the_fake() -> None:
    assert set(EXPECTED) == set(SERVER_BEHAVIOURS)


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.fixture
def start(make_settings: SettingsFactory) -> Callable[[str], AsyncIterator[Services]]:
    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def running(model: str) -> AsyncIterator[Services]:
        services = Services(make_settings(llm_model=model, sentiment_channel_ids=[500], sentiment_batch_size=3))
        await services.start()
        try:
            yield services
        finally:
            await services.close()

    return running


async def extraction(services: Services, fake: FakeLLM, database_url: str, turn: int) -> bool:
    fake.tools["extract_memories"] = remembers(memory(f"Has a cat called Miso{turn}.", "cat"))
    await converse(services, f"I adopted a cat, she is called Miso{turn}")
    return query(database_url, "SELECT COUNT(*) FROM UserMemory WHERE Memory LIKE ?", f"%Miso{turn}%") == [(1,)]


async def analysis(services: Services, fake: FakeLLM, database_url: str, turn: int) -> bool:
    fake.tools["report_analysis"] = Analyst()
    outcome = await services.monitor.analyse([said(f"you idiot {turn}"), said("nice game", author_id=7, name="Bob")])
    return not outcome.failed and [v.finding is not None for v in outcome.verdicts] == [True, True]


async def migration(services: Services, fake: FakeLLM, database_url: str, turn: int) -> bool:
    fake.tools[PROFILE_TOOL.name] = lambda body: {"profile": "Plays GTA and likes chess."}
    notes = "[2026-01-01 10:00] plays GTA\n[2026-01-02 11:00] likes chess"
    await services.db.run(members.save_user_states, [UserStateRecord(42, user_notes=notes)])
    lines: list[str] = []
    outcomes = await NotesMigration(services.settings, services.db, services.llm, Options(dry_run=True), lines.append).run()
    failed = [line for line in lines if "failed" in line]
    if failed:
        logging.getLogger("test.migration").warning("%s", failed[0])  # the script prints this line to the operator
    return [o.status.value for o in outcomes] == ["migrated"]


CALLERS: dict[str, Callable[[Services, FakeLLM, str, int], Awaitable[bool]]] = {
    "extraction": extraction,
    "analysis": analysis,
    "migration": migration,
}


@pytest.mark.parametrize("caller", list(CALLERS))
@pytest.mark.parametrize("model", list(EXPECTED))
async def test_each_caller_gets_its_result_or_fails_cleanly(
    start, fake_llm: FakeLLM, database_url: str, caplog: pytest.LogCaptureFixture, model: str, caller: str
) -> None:
    expected = EXPECTED[model]
    async with start(model) as services:
        for turn, should_work in enumerate((expected.first, expected.second), start=1):
            before = len(fake_llm.requests)
            caplog.clear()
            with caplog.at_level(logging.INFO):
                worked = await CALLERS[caller](services, fake_llm, database_url, turn)
            tool_requests = [way for way in fake_llm.requests_by_way()[before:] if way != "chat"]
            assert worked is should_work, (turn, fake_llm.requests_by_way()[before:], caplog.text)
            assert 1 <= len(tool_requests) <= 2, "never more than one extra request per call"
            assert len(warnings(caplog)) == (0 if worked else 1), warnings(caplog)
        await services.llm_log.flush()
    ways = query(database_url, "SELECT Way FROM LlmLog WHERE Success = 1 AND Way IS NOT NULL ORDER BY Id")
    assert (ways[-1][0] if ways else None) == expected.way


@pytest.mark.parametrize("model", list(EXPECTED))
async def test_the_doctor_names_the_way_or_blocks_with_one_line(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str, model: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Has a cat called Miso.", "cat"))
    results = await check_llm(make_settings(llm_model=model))
    tool = next(r for r in results if r.name == "LLM tool call")
    works = EXPECTED[model].way is not None
    assert (tool.status is Status.OK) is works, tool.line()
    assert [r.name for r in results if r.blocks] == ([] if works else ["LLM tool call"])
    if works:
        assert next(r for r in results if r.name == "LLM memory").status is Status.OK
    remembered = query(database_url, "SELECT Model, Way FROM LlmToolWay")
    assert remembered == [(model, EXPECTED[model].way)] if works else all(way is None for _, way in remembered)
