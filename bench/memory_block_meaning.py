"""1b. Memory block with embeddings on, beside embeddings off: what the one request per message costs.

Item 1's own rows stay the words-only figures (embeddings off is the default). This
part copies item 1's seeded file, gives a subset of its members a vector for every
live memory (the backfill the bot does in the background, done first so nothing is
embedded while measuring), and then builds the block for each of those members
through two services on the same copy: one with `EMBEDDING_MODEL` unset, one with it
set to the bench's endpoint (`bench.embedding_endpoint`; the fake hashed-word server
by default). The four reads are interleaved member by member (off cold, on cold, off
warm, on warm), so a noisy neighbour slows both alike. It also counts the embedding
requests each message makes on the reply path: at most one (the message's own vector).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.embedding_endpoint import Endpoint, embedding_endpoint
from bench.harness import bench_settings, copy_sqlite, open_without_loops, remove_sqlite
from bench.params import BenchParams
from bench.results import BenchResult, fmt_ms
from bench.seed import SeedMessage, incoming, member_id, messages, sqlite_url
from bench.stats import ms, percentile
from utils.llm import MAX_BATCH, to_bytes
from utils.memory.embedding_worker import BACKGROUND_TIMEOUT_SECONDS
from utils.runtime import Services
from utils.storage import embeddings, memories
from utils.storage.memories import utc_now

MEMBERS = 100
"""Members measured with embeddings on: enough for a p99, and their 5,000 vectors backfill in seconds on the fake server."""


@dataclass
class Timings:
    latencies: list[float] = field(default_factory=list)
    requests: list[int] = field(default_factory=list)


async def _backfill(services: Services, user_ids: list[int]) -> int:
    """Every live memory of these members gets a vector, as the background would; returns how many."""
    client = services.memory.embedding_worker.client
    assert client is not None
    now, done = utc_now(), 0
    for user_id in user_ids:
        rows = [r for r in await services.db.run(memories.get_all_memories, user_id) if r.expires_at > now]
        for start in range(0, len(rows), MAX_BATCH):
            batch = rows[start : start + MAX_BATCH]
            vectors = await client.embed([r.memory for r in batch], timeout=BACKGROUND_TIMEOUT_SECONDS)
            if vectors is None:
                raise RuntimeError(f"the embedding endpoint failed while backfilling member {user_id}")
            updates = [(r.id, client.model, to_bytes(v)) for r, v in zip(batch, vectors, strict=True)]
            done += await services.db.run(embeddings.set_memory_embeddings, updates)
    return done


async def _build(services: Services, message: SeedMessage, into: Timings) -> None:
    before = services.memory.embedding_worker.requests_on_reply_path
    started = time.perf_counter()
    await services.chat._build_memory_context(incoming(message), message.text)
    into.latencies.append(time.perf_counter() - started)
    into.requests.append(services.memory.embedding_worker.requests_on_reply_path - before)


def _p50_p99(values: list[float]) -> str:
    return f"{fmt_ms(ms(percentile(values, 50)))} / {fmt_ms(ms(percentile(values, 99)))}"


@dataclass
class Measured:
    members: int
    vectors: int
    timings: dict[str, Timings]
    """"off_cold", "on_cold", "off_warm", "on_warm"."""
    failed_requests: int
    """Reply-path requests that failed or passed EMBEDDING_TIMEOUT_SECONDS: those messages were ranked by words."""


async def _measure(path: Path, endpoint: Endpoint, params: BenchParams) -> Measured:
    url = sqlite_url(path)
    off = Services(bench_settings(url, "http://127.0.0.1:9/v1"))
    on = Services(bench_settings(url, "http://127.0.0.1:9/v1", embedding_model=endpoint.model, embedding_base_url=endpoint.url))
    count = min(MEMBERS, params.samples, params.members)
    picked = random.Random(f"{params.seed}:embeddings").sample(range(params.members), k=count)
    first, again = messages(params, picked, "first"), messages(params, picked, "again")
    timings = {key: Timings() for key in ("off_cold", "on_cold", "off_warm", "on_warm")}
    try:
        await open_without_loops(off)
        await open_without_loops(on)
        vectors = await _backfill(on, [member_id(i) for i in picked])
        client = on.memory.embedding_worker.client
        assert client is not None
        failures_before = client.stats.failures
        for message, later in zip(first, again, strict=True):
            await _build(off, message, timings["off_cold"])
            await _build(on, message, timings["on_cold"])
            await _build(off, later, timings["off_warm"])
            await _build(on, later, timings["on_warm"])
        failed = client.stats.failures - failures_before
    finally:
        await on.close()
        await off.close()
    return Measured(len(picked), vectors, timings, failed)


async def measure(result: BenchResult, seeded: Path, params: BenchParams) -> None:
    """The embeddings-on rows of item 1, on a scratch copy of its seeded file (the cached file keeps no vector)."""
    work = params.work_dir / "memory-block-embeddings.db"
    copy_sqlite(seeded, work)
    try:
        with embedding_endpoint(params.embed_url, params.embed_model) as endpoint:
            measured = await _measure(work, endpoint, params)
    finally:
        remove_sqlite(work)
    timings = measured.timings
    bench = f"1 memory block, embeddings on ({endpoint.model})"
    result.row(bench, f"members measured (every live memory embedded: {measured.vectors:,} vectors)", f"{measured.members}")
    for read in ("cold", "warm"):
        result.row(bench, f"{read} p50 / p99, embeddings on", _p50_p99(timings[f"on_{read}"].latencies))
        result.row(bench, f"{read} p50 / p99, embeddings off (same members)", _p50_p99(timings[f"off_{read}"].latencies))
    requests = timings["on_cold"].requests + timings["on_warm"].requests
    result.row(bench, "embedding requests / message on the reply path (max)", f"{max(requests)}", "", "≤ 1", max(requests) <= 1)
    result.row(bench, "requests failed or late (those messages ranked by words)", f"{measured.failed_requests}/{len(requests)}")
    result.facts.update(
        {
            "embeddings_model": endpoint.model,
            "embeddings_members": measured.members,
            "embeddings_vectors": measured.vectors,
            "embeddings_requests_per_message": requests,
            "embeddings_failed_requests": measured.failed_requests,
            "embeddings_off_requests_per_message": timings["off_cold"].requests + timings["off_warm"].requests,
            **{f"embeddings_{key}_p50_ms": ms(percentile(t.latencies, 50)) for key, t in timings.items()},
            **{f"embeddings_{key}_p99_ms": ms(percentile(t.latencies, 99)) for key, t in timings.items()},
        }
    )
