"""One erase operation, every copy: postponed writes, LlmLog excerpts (written and buffered), the export, opt-out logging."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from memory_seed import ALICE, cmd, live_memories
from shared_database import query

from utils.runtime import Services
from utils.storage.records import MemoryScope


def outage(services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's state during any outage (the reconnect loop running): every call raises DatabaseUnavailable."""
    monkeypatch.setattr(services.db, "_available", False)


def recovery(services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services.db, "_available", True)


def memories_of(database_url, user_id: int = ALICE) -> list[str]:
    return [row[0] for row in query(database_url, "SELECT Memory FROM UserMemory WHERE UserId = ? ORDER BY Id", user_id)]


# ---------------------------------------------------------------------- postponed writes
async def test_writes_postponed_in_an_outage_are_planned_again_when_they_land(
    services: Services, fake_llm: FakeLLM, database_url, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three extractions of the same fact during an outage: after recovery, one row (was 3 copies, 11 on a full disk)."""
    fake_llm.tools["extract_memories"] = remembers(memory("Plays GTA Online most evenings.", "gta"))
    outage(services, monkeypatch)
    for text in ("I play GTA online most evenings", "GTA online again tonight", "more GTA online, as every evening"):
        await converse(services, text)
    assert services.memory.store.postponed(ALICE) == 3
    recovery(services, monkeypatch)
    assert await services.memory.flush_unsaved() == 3
    assert memories_of(database_url) == ["Plays GTA Online most evenings."]
    assert services.memory.store.postponed() == 0


@pytest.mark.parametrize(
    ("expiration", "lifetime"), [("1d", timedelta(days=1)), ("7d", timedelta(days=7)), ("30d", timedelta(days=30))]
)
async def test_a_postponed_memory_lives_its_whole_lifetime_from_when_it_lands(
    services: Services, fake_llm: FakeLLM, monkeypatch: pytest.MonkeyPatch, expiration: str, lifetime: timedelta
) -> None:
    """An outage of two days does not eat two days of a memory's life: it starts when the write lands."""
    fake_llm.tools["extract_memories"] = remembers(memory("Plays GTA Online most evenings.", "gta", expiration=expiration))
    outage(services, monkeypatch)
    await converse(services, "I play GTA online most evenings")
    (postponed,) = services.memory.store._postponed
    # as if asked two days ago: the write and the memories it proposed
    postponed.at -= timedelta(days=2)
    postponed.memories = [replace(m, expires_at=m.expires_at - timedelta(days=2)) for m in postponed.memories]
    recovery(services, monkeypatch)
    landed_at = datetime.now(UTC)
    assert await services.memory.flush_unsaved() == 1
    (row,) = await live_memories(services.memory, ALICE, MemoryScope.GLOBAL)
    # within a second of landing + lifetime (the instants it is computed from are microseconds apart), not two days short
    assert landed_at + lifetime - timedelta(seconds=1) <= row.expires_at <= datetime.now(UTC) + lifetime


@pytest.mark.parametrize("how", ["forget recent 60", "forget <id>", "forget all"])
async def test_a_postponed_write_never_brings_back_what_the_member_took_back(
    services: Services, fake_llm: FakeLLM, database_url, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Is moving to Berlin.", "moving"))
    await converse(services, "big news: I'm moving to Berlin")
    [(berlin,)] = query(database_url, "SELECT Id FROM UserMemory")
    outage(services, monkeypatch)
    fake_llm.tools["extract_memories"] = remembers(memory("Is moving to Berlin.", "moving"), profile="Moving to Berlin.")
    await converse(services, "yes, Berlin, next month")  # the same fact again, and a profile: postponed
    assert services.memory.profile(ALICE) == "Moving to Berlin.", "the reply already uses what was learned"
    assert services.memory.store.postponed(ALICE) == 1
    recovery(services, monkeypatch)
    answer = await cmd(services, how.replace("<id>", str(berlin)))
    assert answer.startswith("Forgot"), answer
    assert await services.memory.flush_unsaved() == 0
    assert memories_of(database_url) == []
    assert "Berlin" not in (services.memory.profile(ALICE) or "")
    await services.flush_state()
    assert "Berlin" not in str(query(database_url, "SELECT UserNotes FROM UserState"))


# ---------------------------------------------------------------------- LlmLog excerpts
def excerpts(database_url, user_id: int = ALICE) -> str:
    rows = query(database_url, "SELECT RequestExcerpt, ResponseExcerpt FROM LlmLog WHERE UserId = ?", user_id)
    return json.dumps(rows, ensure_ascii=False)


@pytest.mark.parametrize("how", ["forget <id>", "forget recent 60"])
async def test_forgetting_blanks_the_text_in_written_and_buffered_llmlog_excerpts(
    services: Services, fake_llm: FakeLLM, database_url, how: str
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Has a dog named Rex.", "dog"))
    await converse(services, "my dog Rex chewed my headphones")
    await services.llm_log.flush()
    assert "Has a dog named Rex." in excerpts(database_url), "the extractor's answer is logged"
    fake_llm.tools["extract_memories"] = remembers(memory("Rex is a beagle.", "dog"))
    await converse(services, "Rex is a beagle by the way")
    assert len(services.llm_log) > 0, "these rows are still in the buffer"
    [(rex,)] = query(database_url, "SELECT Id FROM UserMemory WHERE Memory = 'Has a dog named Rex.'")
    answer = await cmd(services, how.replace("<id>", str(rex)))
    assert answer.startswith("Forgot"), answer
    await services.llm_log.flush()
    assert "Has a dog named Rex." not in excerpts(database_url)
    assert "beagle" not in excerpts(database_url), "unwritten rows about the member lose their excerpts"


async def test_forgetting_one_memory_leaves_other_members_llmlog_alone(
    services: Services, fake_llm: FakeLLM, database_url
) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Has a dog named Rex.", "dog"))
    await converse(services, "my dog Rex chewed my headphones")
    await converse(services, "my dog Rex is also a good boy", user_id=7, name="Bob")
    await services.llm_log.flush()
    [(rex,)] = query(database_url, "SELECT Id FROM UserMemory WHERE UserId = ?", ALICE)
    await cmd(services, f"forget {rex}")
    assert "Has a dog named Rex." in excerpts(database_url, 7)


# ---------------------------------------------------------------------- export and opt-out
async def test_the_export_holds_the_members_llmlog_rows(services: Services, fake_llm: FakeLLM) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Collects vinyl records.", "vinyl"))
    await converse(services, "I collect vinyl records")
    await converse(services, "I collect stamps", user_id=7, name="Bob")
    await services.llm_log.flush()
    data = json.loads(await cmd(services, "export"))
    calls = data["llm_calls"]
    assert {c["kind"] for c in calls} >= {"chat", "memory_extraction"}
    mine = [c for c in calls if c["about_you"]]
    assert all(c["user_id"] == ALICE for c in mine) and any("vinyl" in (c["request_excerpt"] or "") for c in mine)
    quoting = [c for c in calls if not c["about_you"]]
    assert [c["kind"] for c in quoting] == ["chat"], "Bob's chat had Alice's lines in its context"
    assert all(c["request_excerpt"] is None and c["response_excerpt"] is None for c in quoting), "Bob's words stay his"
    assert not any("stamps" in json.dumps(c) for c in calls)


async def test_after_optout_new_messages_are_not_logged_with_their_text(
    services: Services, fake_llm: FakeLLM, database_url
) -> None:
    assert (await cmd(services, "optout")).startswith("Opted out")
    await converse(services, "my new phone number is secret-ish, call me at the usual one")
    await services.llm_log.flush()
    rows = query(database_url, "SELECT Kind, RequestExcerpt, ResponseExcerpt FROM LlmLog WHERE UserId = ?", ALICE)
    assert rows and all(kind == "chat" and request is None and response is None for kind, request, response in rows)
