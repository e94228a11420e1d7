"""Which embedding answers are vectors: sizes, non-finite numbers, odd shapes, a model switched mid-run.

Through the real client and the real SDK against the fake server over HTTP, through the
backfill on the test's database (a SQLite file, or MSSQL_TEST_URL), and through the doctor. A server that changes model (or an
operator who switches EMBEDDING_MODEL) is followed at once: stored vectors of the old size
are re-embedded, not compared; an answer too large to be a real model's is refused before
it is decoded.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Callable

import pytest
import pytest_asyncio
from chat_turn import converse
from fake_llm import EMBEDDING_DIMENSIONS, FakeLLM, FakeLLMServer, hashed_embedding
from memory_seed import invalidate
from settings_factory import SettingsFactory
from shared_database import query
from storage_calls import storage

from utils.doctor.llm_checks import check_embeddings
from utils.doctor.result import Status
from utils.llm import MAX_DIMENSIONS, EmbeddingClient, from_bytes
from utils.llm import embeddings as embeddings_module
from utils.runtime import Services
from utils.storage.records import MemoryBatch, NewMemory

ALICE = 42

SIZES = [
    (0, False),
    (1, True),
    (3, True),
    (384, True),  # all-minilm
    (768, True),  # nomic-embed-text
    (1024, True),  # mxbai-embed-large
    (1536, True),  # text-embedding-3-small
    (3072, True),  # text-embedding-3-large
    (8192, True),
    (8193, False),
    (1_000_000, False),
]


def client_for(server: FakeLLMServer) -> EmbeddingClient:
    return EmbeddingClient(base_url=server.base_url, api_key="test", model="test-embed", timeout=5.0)


@pytest.mark.parametrize(("size", "accepted"), SIZES)
async def test_sizes_table(llm_server: FakeLLMServer, fake_llm: FakeLLM, size: int, accepted: bool) -> None:
    fake_llm.embedding_dimensions = size
    client = client_for(llm_server)
    try:
        vector = await client.embed_one("Has a dog named Pixel.")
        assert (vector is not None) is accepted
        if vector is not None:
            assert vector.size == size and math.isclose(float(vector @ vector), 1.0, abs_tol=1e-4)
    finally:
        await client.close()


def test_the_maximum_is_a_sane_named_constant() -> None:
    assert MAX_DIMENSIONS == 8192


async def test_an_oversized_answer_is_refused_before_it_is_decoded(
    llm_server: FakeLLMServer, fake_llm: FakeLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A million numbers are never parsed: the answer's bytes alone say it cannot be a vector of a sane size."""
    decoded: list[int] = []
    real = embeddings_module.decode_answer

    def spy(body: bytes, expected: int, dimensions: int | None) -> object:
        decoded.append(len(body))
        return real(body, expected, dimensions)

    monkeypatch.setattr(embeddings_module, "decode_answer", spy)
    fake_llm.embedding_dimensions = 1_000_000
    client = client_for(llm_server)
    try:
        assert await client.embed_one("hello") is None
        assert decoded == [], "refused by its size, not after decoding four megabytes"
        assert client.stats.failures == 1
        fake_llm.embedding_dimensions = 768
        assert await client.embed_one("hello") is not None and decoded, "a good answer is decoded"
    finally:
        await client.close()


def _each(value: object) -> Callable[[list[str]], list[object]]:
    return lambda texts: [value for _ in texts]


NAN_AT_END = [*hashed_embedding("dog pixel", 768)[:-1], math.nan]
BROKEN: dict[str, Callable[[list[str]], list[object]]] = {
    "nan": _each([math.nan] * 768),
    "one nan": _each(NAN_AT_END),
    "inf": _each([math.inf, 0.5, 0.5]),
    "-inf": _each([-math.inf, 0.5, 0.5]),
    "overflows float32": _each([1e39, 0.5, 0.5]),
    "numbers as strings": _each(["0.1", "0.2", "0.3"]),
    "a string (base64 not asked for)": _each("AACAPwAAgD8="),
    "mixed strings": _each([0.1, "x", 0.3]),
    "nested lists": _each([[0.1, 0.2], [0.3, 0.4]]),
    "ragged nested lists": _each([[0.1], [0.2, 0.3]]),
    "null": _each(None),
    "a dict": _each({"values": [0.1, 0.2]}),
    "booleans": _each([True, False, True]),
    "too few vectors": lambda texts: [hashed_embedding(t, 768) for t in texts[:-1]],
    "too many vectors": lambda texts: [hashed_embedding(t, 768) for t in [*texts, "extra"]],
    "sizes differ within an answer": lambda texts: [hashed_embedding(t, 768 + i) for i, t in enumerate(texts)],
    "all zeros": _each([0.0] * 768),
}


@pytest.mark.parametrize("kind", list(BROKEN))
async def test_broken_answers_are_refused(llm_server: FakeLLMServer, fake_llm: FakeLLM, kind: str) -> None:
    fake_llm.embedding_answer = BROKEN[kind]
    client = client_for(llm_server)
    try:
        assert await client.embed(["Has a dog named Pixel.", "Plays chess."]) is None, kind
        assert client.stats.failures == 1
        fake_llm.embedding_answer = None
        assert await client.embed(["Has a dog named Pixel.", "Plays chess."]) is not None, "the next good answer is used"
    finally:
        await client.close()


@pytest.mark.parametrize("sizes", [(1024, 768), (768, 1536), (384, 3072, 384)])
async def test_a_model_switched_mid_run_is_followed(llm_server: FakeLLMServer, fake_llm: FakeLLM, sizes: tuple[int, ...]) -> None:
    """A server that changes model, or a model swapped under the same name: its good answers are used at once."""
    client = client_for(llm_server)
    try:
        for size in sizes:
            fake_llm.embedding_dimensions = size
            vector = await client.embed_one("Has a dog named Pixel.")
            assert vector is not None and vector.size == size
            batch = await client.embed(["a dog", "a cat"])
            assert batch is not None and {v.size for v in batch} == {size}
            assert client.dimensions == size
    finally:
        await client.close()


def test_stored_vectors_beyond_the_maximum_or_not_finite_are_not_read() -> None:
    import numpy as np

    assert from_bytes(np.ones(MAX_DIMENSIONS + 1, dtype="<f4").tobytes()) is None
    assert from_bytes(np.ones(MAX_DIMENSIONS, dtype="<f4").tobytes()) is not None
    assert from_bytes(np.array([math.nan, 1.0], dtype="<f4").tobytes()) is None
    assert from_bytes(np.array([math.inf, 1.0], dtype="<f4").tobytes()) is None


# ------------------------------------------------------------------ the backfill on the test's database
@pytest_asyncio.fixture
async def hybrid(make_settings: SettingsFactory) -> AsyncIterator[Services]:
    running = Services(make_settings(embedding_model="test-embed", embedding_timeout_seconds=5))
    await running.start()
    yield running
    await running.close()


async def seed(services: Services, *texts: str) -> None:
    from datetime import UTC, datetime, timedelta

    news = [NewMemory(ALICE, t, ("pets",), "medium", datetime.now(UTC) + timedelta(days=30), "chat") for t in texts]
    await storage(services.db).apply_memory_batch(
        MemoryBatch(user_id=ALICE, inserts=news), now=datetime.now(UTC) - timedelta(days=20)
    )
    invalidate(services.memory, ALICE)


async def embed_all(services: Services) -> None:
    services.memory.embedding_worker.embed_soon()
    await services.tasks.drain(20)


def stored_sizes(database_url: str) -> list[int | None]:
    """The byte size of each stored vector (None: not embedded), oldest row first; measured here, not by the database."""
    stored = query(database_url, "SELECT Embedding FROM UserMemory ORDER BY Id")
    return [None if vector is None else len(vector) for (vector,) in stored]


MEMORIES = ("Has a dog named Pixel.", "Adopted a rescue cat called Miso.", "Plays chess every evening.")


@pytest.mark.parametrize("new_size", [768, 1536, 384])
async def test_a_server_switched_mid_run_gets_every_stored_vector_again(
    hybrid: Services, fake_llm: FakeLLM, database_url: str, new_size: int
) -> None:
    """No write, no restart, no message: the periodic nudge alone finds the new size."""
    await seed(hybrid, *MEMORIES)
    await embed_all(hybrid)
    assert stored_sizes(database_url) == [4 * EMBEDDING_DIMENSIONS] * 3
    fake_llm.embedding_dimensions = new_size
    await embed_all(hybrid)
    assert stored_sizes(database_url) == [4 * new_size] * 3, "the old size is re-embedded, not kept forever"
    assert hybrid.memory.embedding_worker.client is not None and hybrid.memory.embedding_worker.client.dimensions == new_size


async def test_a_message_after_the_switch_sets_off_the_re_embedding(
    hybrid: Services, fake_llm: FakeLLM, database_url: str
) -> None:
    """Enough memories that the message is ranked by meaning: its vector of the new size is used at once."""
    await seed(hybrid, "Has a dog named Pixel.", "Adopted a rescue cat called Miso.")
    await seed(hybrid, *(f"Recent thing number {day} about cooking pasta." for day in range(6)))
    await embed_all(hybrid)
    fake_llm.embedding_dimensions = 768
    await converse(hybrid, "how's my dog Pixel doing?")
    await hybrid.tasks.drain(20)
    assert set(stored_sizes(database_url)) == {4 * 768}
    await converse(hybrid, "how's my dog Pixel doing?")
    assert "Pixel" in str(fake_llm.chat_requests()[-1]["messages"])


async def test_a_restart_against_a_new_model_size_re_embeds_the_stored_rows(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    first = Services(make_settings(embedding_model="test-embed", embedding_timeout_seconds=5))
    await first.start()
    await seed(first, *MEMORIES)
    await embed_all(first)
    await first.close()
    assert stored_sizes(database_url) == [4 * EMBEDDING_DIMENSIONS] * 3
    fake_llm.embedding_dimensions = 768  # the operator pulled another model under the same name
    second = Services(make_settings(embedding_model="test-embed", embedding_timeout_seconds=5))
    await second.start()
    try:
        await converse(second, "how's my dog Pixel?")
        await second.tasks.drain(20)
        await embed_all(second)
        assert stored_sizes(database_url) == [4 * 768] * 3
    finally:
        await second.close()


@pytest.mark.parametrize(
    "kind", ["oversized", "8193", "nan", "inf", "numbers as strings", "nested lists", "too few vectors", "zero"]
)
async def test_the_backfill_stores_no_broken_vector(hybrid: Services, fake_llm: FakeLLM, database_url: str, kind: str) -> None:
    answers = {
        "oversized": lambda texts: [[0.5] * 1_000_000 for _ in texts],
        "8193": lambda texts: [hashed_embedding(t, 8193) for t in texts],
        "zero": lambda texts: [[] for _ in texts],
        **{k: BROKEN[k] for k in ("nan", "inf", "numbers as strings", "nested lists", "too few vectors")},
    }
    fake_llm.embedding_answer = answers[kind]
    await seed(hybrid, *MEMORIES)
    await embed_all(hybrid)
    assert stored_sizes(database_url) == [None, None, None], "nothing broken stored, nothing lost"
    fake_llm.embedding_answer = None
    await embed_all(hybrid)
    assert stored_sizes(database_url) == [4 * EMBEDDING_DIMENSIONS] * 3, "the rows are embedded once the server answers well"


@pytest.mark.parametrize("model", ["nan", "inf", "oversized", "strings", "good"])
async def test_the_doctor_refuses_what_the_client_refuses(make_settings: SettingsFactory, fake_llm: FakeLLM, model: str) -> None:
    answers: dict[str, Callable[[list[str]], list[object]]] = {
        "nan": BROKEN["nan"],
        "inf": BROKEN["inf"],
        "oversized": lambda texts: [[0.5] * (MAX_DIMENSIONS + 1) for _ in texts],
        "strings": BROKEN["numbers as strings"],
        "good": lambda texts: [hashed_embedding(t, 768) for t in texts],
    }
    fake_llm.embedding_answer = answers[model]
    result = await check_embeddings(make_settings(embedding_model="nomic-embed-text", embedding_timeout_seconds=30))
    assert (result.status is Status.OK) is (model == "good"), result
