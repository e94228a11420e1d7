"""1. Memory block build: retrieval plus formatting for one incoming message, ours against the baseline's.

Ours is the real `ChatService._build_memory_context` (→ `MemoryService.build_context`)
on the seeded database: cold is a member's first message (one query fills the
cache), warm is the same member again. The baseline (`bench.plan_baseline`) runs on the same file
with the same message, right after our cold read of that member (so it finds the
member's pages in the OS cache). The three are interleaved member by member, so a
noisy neighbour on the machine slows all of them alike and the ratios hold.

Then `bench.memory_block_meaning` adds the same block with embeddings on, beside off,
for a subset of the members (reported, not judged: these rows stay embeddings off).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from bench import memory_block_meaning
from bench.harness import bench_settings, open_without_loops
from bench.params import BenchParams
from bench.plan_baseline import PlanRetrieval
from bench.results import BenchResult, fmt_ms, fmt_ratio
from bench.seed import SeedMessage, ensure_seeded, incoming, messages, seeded_sqlite, sqlite_url
from bench.stats import ms, percentile
from utils.runtime import Services

NAME = "memory_block"


@dataclass
class Samples:
    latencies: list[float] = field(default_factory=list)
    round_trips: list[int] = field(default_factory=list)
    filled: int = 0


async def _ours(services: Services, message: SeedMessage, into: Samples) -> None:
    before = services.memory.store.round_trips
    started = time.perf_counter()
    context = await services.chat._build_memory_context(incoming(message), message.text)
    into.latencies.append(time.perf_counter() - started)
    into.round_trips.append(services.memory.store.round_trips - before)
    into.filled += bool(context.block)


async def _plan(plan: PlanRetrieval, message: SeedMessage, into: Samples) -> None:
    before = plan.round_trips
    started = time.perf_counter()
    block = await plan.build_memory_context(message.user_id, message.text, message.channel)
    into.latencies.append(time.perf_counter() - started)
    into.round_trips.append(plan.round_trips - before)
    into.filled += bool(block)


async def measure(result: BenchResult, label: str, url: str, params: BenchParams) -> None:
    settings = bench_settings(url, "http://127.0.0.1:9/v1")
    services = Services(settings)
    try:
        await open_without_loops(services)
        await ensure_seeded(services.db, params)
        picked = random.Random(f"{params.seed}:sample").sample(range(params.members), k=min(params.samples, params.members))
        first, again = messages(params, picked, "first"), messages(params, picked, "again")
        ours_cold, ours_warm, plans = Samples(), Samples(), Samples()
        plan = PlanRetrieval(services.db.url, services.monitor_state)
        try:
            for message, later in zip(first, again, strict=True):
                await _ours(services, message, ours_cold)
                await _plan(plan, message, plans)
                await _ours(services, later, ours_warm)
        finally:
            plan.close()
    finally:
        await services.close()
    cold, cold_trips, filled = ours_cold.latencies, ours_cold.round_trips, ours_cold.filled
    warm, warm_trips, theirs, plan_trips = ours_warm.latencies, ours_warm.round_trips, plans.latencies, plans.round_trips

    bench = f"1 memory block ({label})"
    cold_p99, warm_p99, plan_p99 = (ms(percentile(v, 99)) for v in (cold, warm, theirs))
    speedup_cold, speedup_warm = plan_p99 / cold_p99, plan_p99 / warm_p99
    # Milliseconds are judged on the embedded file; over a network (TDS) the round trip alone can exceed them,
    # so a server is judged by the ratios and the round trips below, which the design controls.
    embedded = label == "sqlite"
    result.row(bench, "cold p50", fmt_ms(ms(percentile(cold, 50))), fmt_ms(ms(percentile(theirs, 50))))
    result.row(
        bench, "cold p99", fmt_ms(cold_p99), fmt_ms(plan_p99), "≤ 5 ms" if embedded else "", cold_p99 <= 5 if embedded else None
    )
    result.row(bench, "warm p50", fmt_ms(ms(percentile(warm, 50))), fmt_ms(ms(percentile(theirs, 50))))
    result.row(
        bench, "warm p99", fmt_ms(warm_p99), fmt_ms(plan_p99), "≤ 1 ms" if embedded else "", warm_p99 <= 1 if embedded else None
    )
    result.row(bench, "plan p99 ÷ ours p99, cold", fmt_ratio(speedup_cold), "", "≥ 5×", speedup_cold >= 5)
    result.row(bench, "plan p99 ÷ ours p99, warm", fmt_ratio(speedup_warm), "", "≥ 5×", speedup_warm >= 5)
    worst_cold, worst_warm = max(cold_trips), max(warm_trips)
    result.row(
        bench,
        "DB round trips / message (cold, warm)",
        f"{sum(cold_trips) / len(cold_trips):.2f}, {sum(warm_trips) / len(warm_trips):.2f}",
        f"{sum(plan_trips) / len(plan_trips):.2f} (new connection each)",
        "≤ 1 cold, 0 warm",
        worst_cold <= 1 and worst_warm == 0,
    )
    key = label.lower().replace(" ", "_")
    result.facts.update(
        {
            f"{key}_rows": params.members * (params.live_per_member + params.expired_per_member),
            f"{key}_samples": len(cold),
            f"{key}_cold_p50_ms": ms(percentile(cold, 50)),
            f"{key}_cold_p99_ms": cold_p99,
            f"{key}_warm_p50_ms": ms(percentile(warm, 50)),
            f"{key}_warm_p99_ms": warm_p99,
            f"{key}_plan_p50_ms": ms(percentile(theirs, 50)),
            f"{key}_plan_p99_ms": plan_p99,
            f"{key}_max_cold_round_trips": worst_cold,
            f"{key}_max_warm_round_trips": worst_warm,
            f"{key}_plan_round_trips_per_message": sum(plan_trips) / len(plan_trips),
            f"{key}_blocks_filled": filled,
        }
    )


async def run(params: BenchParams) -> BenchResult:
    result = BenchResult(NAME)
    path, seeded_in = await seeded_sqlite(params)
    if seeded_in is not None:
        result.facts["seeding_seconds"] = seeded_in
    await measure(result, "sqlite", sqlite_url(path), params)
    await memory_block_meaning.measure(result, path, params)
    if params.db_url:
        await measure(result, params.db_label, params.db_url, params.on_second_database())
    return result
