"""Embeddings in the running bot: the reply path, the background, the fallbacks.

On the test's database (a SQLite file, or MSSQL_TEST_URL), with the fake server and the real SDK.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest_asyncio
from chat_turn import converse
from extractor_answers import memory, remembers
from fake_llm import EMBEDDING_DIMENSIONS, Failure, FakeLLM
from llm_requests import extraction_input, system_prompt
from memory_seed import invalidate
from settings_factory import SettingsFactory
from shared_database import query
from storage_calls import storage

from utils.runtime import Services
from utils.storage.records import MemoryBatch, NewMemory

ALICE = 42
ALIASES = {"pup": "dog", "puppy": "dog", "parent": "kids", "children": "kids"}
"""What a real model knows and hashed words do not."""


@pytest_asyncio.fixture
async def hybrid(make_settings: SettingsFactory, fake_llm: FakeLLM) -> AsyncIterator[Services]:
    fake_llm.embedding_aliases.update(ALIASES)
    running = Services(make_settings(embedding_model="test-embed", embedding_timeout_seconds=0.5))
    await running.start()
    yield running
    await running.close()


async def seed(services: Services, text: str, *topics: str, days_ago: float = 20, user_id: int = ALICE) -> int:
    new = NewMemory(user_id, text, topics, "medium", datetime.now(UTC) + timedelta(days=30), "chat")
    [memory_id] = await storage(services.db).apply_memory_batch(
        MemoryBatch(user_id=user_id, inserts=[new]), now=datetime.now(UTC) - timedelta(days=days_ago)
    )
    invalidate(services.memory, user_id)
    return memory_id


async def seed_member(services: Services) -> None:
    """An old dog memory, an old unrelated one, and five recent fillers (always shown, never ranked)."""
    await seed(services, "Has a dog named Pixel.", "pets", days_ago=25)
    await seed(services, "Adopted a rescue cat called Miso.", "cats", days_ago=24)
    for day in range(5):
        await seed(services, f"Recent thing number {day} about cooking pasta.", "cooking", days_ago=day)


async def embed_all(services: Services) -> None:
    services.memory.embedding_worker.embed_soon()
    await services.tasks.drain(10)


def vectors(database_url: str) -> list[tuple[str, str | None, int | None]]:
    """Each stored memory, its embedding model and its vector's byte size (measured here, not by the database)."""
    stored = query(database_url, "SELECT Memory, EmbeddingModel, Embedding FROM UserMemory ORDER BY Id")
    return [(text, model, None if vector is None else len(vector)) for text, model, vector in stored]


async def test_paraphrase_reaches_the_prompt_and_unrelated_stays_out(
    hybrid: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    await seed_member(hybrid)
    await embed_all(hybrid)
    assert {(model, size) for _, model, size in vectors(database_url)} == {("test-embed", 4 * EMBEDDING_DIMENSIONS)}
    before = len(fake_llm.embedding_requests)
    await converse(hybrid, "how's my pup")
    prompt = system_prompt(fake_llm)
    assert "Pixel" in prompt and "Miso" not in prompt
    assert len(fake_llm.embedding_requests) == before + 1, "one request for the message"
    await converse(hybrid, "what's the best pizza around here?")
    assert "Pixel" not in system_prompt(fake_llm) and "Miso" not in system_prompt(fake_llm)


async def test_words_only_without_the_setting(services: Services, fake_llm: FakeLLM) -> None:
    await seed_member(services)
    await converse(services, "how's my pup")
    assert "Pixel" not in system_prompt(fake_llm)
    await converse(services, "my dogs are loud")
    assert "Pixel" in system_prompt(fake_llm)
    assert fake_llm.embedding_requests == []


async def test_no_request_while_nothing_has_a_vector(hybrid: Services, fake_llm: FakeLLM) -> None:
    # The start-up backfill (run at start) could otherwise embed the seeded rows before the message under load,
    # and then a request for the message would be right: no background embedding here, so no row has a vector.
    hybrid.memory.embedding_worker.stop()
    await hybrid.tasks.drain(10)  # the start-up worker, if it was reading rows, ends without a request
    await seed_member(hybrid)
    await converse(hybrid, "my dogs are loud")
    assert "Pixel" in system_prompt(fake_llm)
    # Background embedding of stored memories may run meanwhile; what must not happen is a request for the message.
    inputs = [text for r in fake_llm.embedding_requests for text in ([r["input"]] if isinstance(r["input"], str) else r["input"])]
    assert not any("dogs are loud" in text for text in inputs), inputs


async def test_endpoint_down_falls_back_to_words(hybrid: Services, fake_llm: FakeLLM) -> None:
    await seed_member(hybrid)
    await embed_all(hybrid)
    fake_llm.embedding_failures.append(Failure(500, 100))
    reply = await converse(hybrid, "my dogs are loud, how's my pup")
    assert reply and "Pixel" in system_prompt(fake_llm)
    await converse(hybrid, "how's my pup")
    assert "Pixel" not in system_prompt(fake_llm), "meaning unavailable: words only for that message"


async def test_slow_endpoint_does_not_hold_the_reply(hybrid: Services, fake_llm: FakeLLM) -> None:
    await seed_member(hybrid)
    await embed_all(hybrid)
    fake_llm.embedding_seconds = 3
    started = datetime.now(UTC)
    reply = await converse(hybrid, "my dogs are loud")
    assert reply and "Pixel" in system_prompt(fake_llm)
    assert datetime.now(UTC) - started < timedelta(seconds=2.5), "cut at EMBEDDING_TIMEOUT_SECONDS"


async def test_wrong_dimensions_fall_back_to_words(hybrid: Services, fake_llm: FakeLLM) -> None:
    await seed_member(hybrid)
    await embed_all(hybrid)
    fake_llm.embedding_dimensions = 16
    await converse(hybrid, "how's my pup")
    assert "Pixel" not in system_prompt(fake_llm)
    await converse(hybrid, "my dogs are loud")
    assert "Pixel" in system_prompt(fake_llm)


async def test_model_changed_old_vectors_ignored_then_backfilled(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.embedding_aliases.update(ALIASES)
    first = Services(make_settings(embedding_model="model-a"))
    await first.start()
    await seed_member(first)
    await embed_all(first)
    await first.close()
    assert {model for _, model, _ in vectors(database_url)} == {"model-a"}

    second = Services(make_settings(embedding_model="model-b"))
    second.memory.embedding_worker.stop()  # hold the backfill: the old model's vectors are still stored
    await second.start()
    await converse(second, "how's my pup")
    assert "Pixel" not in system_prompt(fake_llm), "another model's vectors are never compared"
    second.memory.embedding_worker._stopping = False
    await embed_all(second)
    assert {model for _, model, _ in vectors(database_url)} == {"model-b"}
    await converse(second, "how's my pup")
    assert "Pixel" in system_prompt(fake_llm)
    await second.close()


async def test_backfill_at_start_embeds_rows_in_batches(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    off = Services(make_settings())
    await off.start()
    for i in range(70):
        await seed(off, f"Fact number {i} about topic {i}.", days_ago=i / 10, user_id=ALICE + i % 2)
    await off.close()
    assert {model for _, model, _ in vectors(database_url)} == {None}

    on = Services(make_settings(embedding_model="test-embed"))
    await on.start()
    for _ in range(200):
        if all(model for _, model, _ in vectors(database_url)):
            break
        await asyncio.sleep(0.05)
    await on.close()
    assert {(model, size) for _, model, size in vectors(database_url)} == {("test-embed", 4 * EMBEDDING_DIMENSIONS)}
    sizes = [len(r["input"]) for r in fake_llm.embedding_requests]
    assert sizes == [64, 6], "batched, oldest first"


async def test_backfill_endpoint_down_leaves_rows_for_later(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.embedding_failures.append(Failure(503, 1000))
    on = Services(make_settings(embedding_model="test-embed"))
    await on.start()
    await seed(on, "Plays chess on weekends.", "chess")
    await embed_all(on)
    assert vectors(database_url) == [("Plays chess on weekends.", None, None)]
    fake_llm.embedding_failures.clear()
    await embed_all(on)
    await on.close()
    assert vectors(database_url)[0][1] == "test-embed"


async def test_written_memories_get_vectors_and_dedup_by_meaning(hybrid: Services, fake_llm: FakeLLM, database_url: str) -> None:
    fake_llm.tools["extract_memories"] = remembers(memory("Plays guitar every day.", "music"), memory("Has two kids.", "family"))
    await converse(hybrid, "I play guitar every day and I have two kids")
    await hybrid.tasks.drain(10)
    fake_llm.tools["extract_memories"] = remembers(
        memory("Plays piano every day.", "music"), memory("Is a parent of two children.", "family")
    )
    await converse(hybrid, "also piano every day, and yes I'm a parent of two children")
    await hybrid.tasks.drain(10)
    rows = query(database_url, "SELECT Memory, EmbeddingModel FROM UserMemory ORDER BY Id")
    texts = [text for text, _ in rows]
    assert "Plays guitar every day." in texts and "Plays piano every day." in texts, "one word swapped: two facts"
    assert "Is a parent of two children." in texts and "Has two kids." not in texts, "a paraphrase refreshes"
    assert len(rows) == 3 and {model for _, model in rows} == {"test-embed"}


async def test_dedup_falls_back_to_words_when_the_endpoint_is_down(
    hybrid: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.embedding_failures.append(Failure(500, 1000))
    fake_llm.tools["extract_memories"] = remembers(memory("Has two kids.", "family"))
    await converse(hybrid, "I have two kids")
    fake_llm.tools["extract_memories"] = remembers(memory("Is a parent of two children.", "family"))
    await converse(hybrid, "I'm a parent of two children")
    assert len(query(database_url, "SELECT Id FROM UserMemory")) == 2, "no meaning: distinct words stay two memories"


async def test_forget_request_shows_the_matching_memory_to_the_extractor(services: Services, fake_llm: FakeLLM) -> None:
    for i in range(11):
        await seed(services, f"Forgot the keys at place {i}.", "keys", days_ago=20 + i)
    await seed(services, "Has a dog named Pixel.", "pets", days_ago=0.01)
    await converse(services, "forget that please")
    shown = extraction_input(fake_llm.tool_requests("extract_memories")[-1])
    assert "Has a dog named Pixel." in shown, "the newest memory, not the ones that merely say 'forgot'"
    await converse(services, "and forget about my dogs too")
    shown = extraction_input(fake_llm.tool_requests("extract_memories")[-1])
    assert "Has a dog named Pixel." in shown
