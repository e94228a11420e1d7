"""Two bot processes on one database, made deterministic: two `Services` stacks on one SQLite file.

Each stack has its own engine, caches, queues and buffers, as a second process would; the
store's hook between planning a write and applying it (`MemoryStore.before_apply`) lets
the other stack act exactly there, so every branch of the claim is forced rather than
left to timing: another write landed (plan again), an erasure, opt-out or pause landed
(drop). The real-process versions of these races are in tests/process.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
import pytest_asyncio
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import FakeLLM
from llm_requests import system_prompt
from memory_seed import ALICE, cmd, live_memories
from service_pair import service_pair
from settings_factory import SettingsFactory
from shared_database import rows
from storage_calls import read_control

from utils.memory.write_plan import Write
from utils.runtime import Services
from utils.storage.records import LlmCallRecord, MemoryScope, NewMemory

Action = Callable[[], Awaitable[object]]


@pytest_asyncio.fixture
async def pair(make_settings: SettingsFactory, database_url: str) -> AsyncIterator[tuple[Services, Services]]:
    """Process A and process B, one database (a SQLite file, or MSSQL_TEST_URL)."""
    async with service_pair(make_settings, database_url) as pair:
        yield pair


def live_rows(url: str, user_id: int = ALICE) -> list[str]:
    return [r[0] for r in rows(url, "SELECT Memory FROM UserMemory WHERE UserId = :u AND SupersededAt IS NULL", {"u": user_id})]


def stored_user_notes(url: str) -> str:
    [(notes,)] = rows(url, "SELECT UserNotes FROM UserState WHERE UserId = :u", {"u": ALICE})
    return notes


def between_plan_and_apply(services: Services, action: Action) -> list[int]:
    """Run ``action`` (the other process) once, after ``services`` planned its next write and before it applies it."""
    plans: list[int] = []

    async def hook(_write: Write, attempt: int) -> None:
        plans.append(attempt)
        if attempt == 0:
            await action()

    services.memory.store.before_apply = hook
    return plans


def new(text: str, *, slot: str | None = None, source: str = "chat") -> NewMemory:
    return NewMemory(ALICE, text, ("t",), "medium", datetime.now(UTC) + timedelta(days=7), source, 1, slot)


async def write(services: Services, *memories: NewMemory, profile: str | None = None) -> None:
    store = services.memory.store
    async with store.lock(ALICE):
        await store.store(ALICE, MemoryScope.GLOBAL, list(memories), actor="member", profile=profile)


async def test_a_write_that_lost_the_race_is_planned_again_and_refreshes_instead_of_duplicating(
    pair: tuple[Services, Services], database_url: str
) -> None:
    a, b = pair
    await live_memories(a.memory, ALICE, MemoryScope.GLOBAL)  # A's plan will use this (soon stale) read
    plans = between_plan_and_apply(a, lambda: write(b, new("Plays chess on Sundays.")))
    await write(a, new("Plays chess on Sundays."))
    assert plans == [0, 1] and a.memory.store.replans == 1
    assert live_rows(database_url) == ["Plays chess on Sundays."]


async def test_a_replanned_write_respects_the_slot_the_other_process_took(
    pair: tuple[Services, Services], database_url: str
) -> None:
    a, b = pair
    between_plan_and_apply(a, lambda: write(b, new("Main game is League.", slot="main_game")))
    await write(a, new("Noticed they stream Dota.", slot="main_game", source="passive"))
    assert a.memory.store.replans == 1
    assert live_rows(database_url) == ["Main game is League."], "a passive note never takes a slot the member filled"


async def test_the_cap_holds_when_two_processes_fill_the_same_member(make_settings: SettingsFactory, database_url: str) -> None:
    a = Services(make_settings(db_connection_string=database_url, memory_max_per_user=5))
    b = Services(make_settings(db_connection_string=database_url, memory_max_per_user=5))
    await a.start()
    await b.start()
    try:
        from_b = ["Has two cats.", "Works night shifts.", "Plays the cello.", "Grew up in Porto."]
        from_a = ["Learning Japanese.", "Runs marathons.", "Allergic to peanuts.", "Drives a red van."]
        between_plan_and_apply(a, lambda: write(b, *[new(text) for text in from_b]))
        await write(a, *[new(text) for text in from_a])
    finally:
        await b.close()
        await a.close()
    assert len(rows(database_url, "SELECT Id FROM UserMemory WHERE UserId = :u", {"u": ALICE})) == 5


@pytest.mark.parametrize(
    ("erasure", "may_learn"),
    [("forget all", True), ("forget recent 60", True), ("optout", False), ("pause 60", False)],
)
async def test_a_write_planned_before_an_erasure_elsewhere_is_dropped(
    pair: tuple[Services, Services], database_url: str, erasure: str, may_learn: bool
) -> None:
    """Each of them moves the member's epoch in the same transaction as its deletes or its say."""
    a, b = pair
    plans = between_plan_and_apply(a, lambda: cmd(b, erasure))
    await write(a, new("Lives in Lyon and works nights."))
    assert plans == [0], "dropped, not planned again"
    assert live_rows(database_url) == []
    assert a.memory.store.refused == {"erased": 1}
    assert a.memory.may_learn(ALICE) is may_learn, "the refusal taught A the member's new say"


async def test_a_write_started_while_opted_out_elsewhere_is_the_opted_out_branch(
    pair: tuple[Services, Services], database_url: str
) -> None:
    """A knows the member's epoch after the opt-out but not the opt-out itself: the claim's own check refuses."""
    a, b = pair
    await cmd(b, "optout")
    row = await b.db.run(read_control, ALICE)
    a.memory.preferences.adopt(replace(row, opted_out=False))  # A has the epoch, not (yet) the opt-out
    await write(a, new("Has two cats."))
    assert live_rows(database_url) == [] and a.memory.store.refused == {"opted_out": 1}
    assert not a.memory.preferences.may_read(ALICE)


async def test_two_profile_additions_made_from_the_same_profile_both_stay(
    pair: tuple[Services, Services], database_url: str
) -> None:
    a, b = pair
    await write(a, profile="Nurse from Lyon.")
    await b.members.coherence.poll()
    assert b.memory.profile(ALICE) == "Nurse from Lyon."
    between_plan_and_apply(a, lambda: write(b, profile="Nurse from Lyon. Has two cats."))
    await write(a, profile="Nurse from Lyon. Plays chess.")
    assert stored_user_notes(database_url) == "Nurse from Lyon. Has two cats. Plays chess."
    assert a.memory.profile(ALICE) == stored_user_notes(database_url)


async def test_a_rewrite_from_an_older_profile_does_not_replace_a_newer_one(
    pair: tuple[Services, Services], database_url: str
) -> None:
    a, b = pair
    await write(a, profile="Nurse from Lyon.")
    between_plan_and_apply(a, lambda: write(b, profile="Nurse from Lyon. Moved to Paris in May."))
    await write(a, profile="Night nurse.")
    assert stored_user_notes(database_url) == "Nurse from Lyon. Moved to Paris in May."


async def test_a_poll_after_a_forget_elsewhere_takes_it_out_of_the_prompt_queue_context_and_log(
    pair: tuple[Services, Services], fake_llm: FakeLLM, database_url: str
) -> None:
    a, b = pair
    fake_llm.tools["extract_memories"] = remembers(memory("Has a dog called Biscuit.", "dog"))
    await converse(a, "my dog Biscuit ate my homework")
    await converse(a, "what should I cook tonight?")
    assert "Biscuit" in system_prompt(fake_llm)
    a.memory.remember_turn(user_id=ALICE, member_name="Alice", guild_id=1, user_text="Biscuit loves the park", bot_reply="")
    a.llm_log.add(LlmCallRecord("chat", "m", 1, True, 1, 1, "Biscuit again", "ok", None, None, ALICE))

    await cmd(b, "forget all")  # A's extraction of the queued turn may be running meanwhile
    await a.members.coherence.poll()
    assert a.memory._turns._queues.get(ALICE) is None or not a.memory._turns._queues[ALICE].turns
    await a.tasks.drain(10)
    assert live_rows(database_url) == [], "the queued turn was dropped, not extracted"
    await converse(a, "what do you know about me?")
    assert "Biscuit" not in system_prompt(fake_llm)
    await a.llm_log.flush()
    assert rows(database_url, "SELECT COUNT(*) FROM LlmLog WHERE RequestExcerpt LIKE '%Biscuit%'") == [(0,)]


async def test_the_log_flush_blanks_what_an_erasure_elsewhere_took_even_before_any_poll(
    pair: tuple[Services, Services], database_url: str
) -> None:
    a, b = pair
    a.llm_log.add(LlmCallRecord("chat", "m", 1, True, 1, 1, "my PIN is about my dog Biscuit", "ok", None, None, ALICE))
    await cmd(b, "forget all")
    await a.llm_log.flush()  # A has not polled: its buffer still holds the excerpt
    excerpts = rows(database_url, "SELECT RequestExcerpt, ResponseExcerpt FROM LlmLog WHERE UserId = :u", {"u": ALICE})
    assert excerpts == [(None, None)]
    assert a.llm_log.blanked == 1


async def test_a_postponed_write_lands_only_if_nothing_was_erased_elsewhere_meanwhile(
    pair: tuple[Services, Services], database_url: str
) -> None:
    a, b = pair
    store = a.memory.store
    store._postpone(Write(ALICE, MemoryScope.GLOBAL, [new("Works at the bakery.")], "member", store.epoch(ALICE)))
    await cmd(b, "forget all")
    assert await a.memory.flush_unsaved() == 0
    assert live_rows(database_url) == []
    store._postpone(Write(ALICE, MemoryScope.GLOBAL, [new("Works at the bakery.")], "member", store.epoch(ALICE)))
    assert await a.memory.flush_unsaved() == 1, "after the refusal A knows the new epoch: a new write lands"
    assert live_rows(database_url) == ["Works at the bakery."]


@pytest.mark.parametrize(
    ("command", "may_read", "may_learn"),
    [("optout", False, False), ("pause 60", True, False)],
)
async def test_a_say_changed_elsewhere_applies_at_the_next_poll(
    pair: tuple[Services, Services], command: str, may_read: bool, may_learn: bool
) -> None:
    a, b = pair
    assert a.memory.may_learn(ALICE)
    await cmd(b, command)
    await a.members.coherence.poll()
    assert (a.memory.preferences.may_read(ALICE), a.memory.may_learn(ALICE)) == (may_read, may_learn)
    await cmd(b, "optin" if command == "optout" else "resume")
    await a.members.coherence.poll()
    assert a.memory.may_learn(ALICE)


async def test_a_write_elsewhere_reaches_the_cached_prompt_at_the_next_poll(
    pair: tuple[Services, Services], fake_llm: FakeLLM
) -> None:
    a, b = pair
    assert await live_memories(a.memory, ALICE, MemoryScope.GLOBAL) == ()
    await write(b, new("Learning Japanese for a trip to Osaka."))
    assert await live_memories(a.memory, ALICE, MemoryScope.GLOBAL) == (), "cached until told"
    await a.members.coherence.poll()
    [seen] = await live_memories(a.memory, ALICE, MemoryScope.GLOBAL)
    assert seen.memory == "Learning Japanese for a trip to Osaka."
    assert a.members.coherence.stats.stale_reads == 1


async def test_nothing_changed_means_a_poll_finds_nothing(pair: tuple[Services, Services]) -> None:
    a, _b = pair
    await write(a, new("Has a garden."))
    assert await a.members.coherence.poll() == 0, "its own write is not news to A"
    assert await a.members.coherence.poll() == 0
