"""4. Pruning at scale: every expired row, then the 50-cap for every member, while chat keeps answering.

Starts from a copy of item 1's seeded file (10,000 members × 50 live + 500,000
expired rows) plus a few over-cap rows per member. Chat messages from random
seeded members (each a cold read of the database being pruned) arrive at a steady
pace before and during the prune; their latency and the event-loop lag are compared
between the idle phase and the prune. The prune is the bot's own: the memory
service's expired-row job, then `bench.bulk.prune_all_excess_memories`.
"""

from __future__ import annotations

import asyncio
import random
import time
import zlib
from datetime import UTC, datetime

from bench import secure_delete
from bench.bulk import bulk_insert_memories, count_memories, prune_all_excess_memories
from bench.harness import WarningCounter, bench_settings, copy_sqlite, open_without_loops, remove_sqlite, tag
from bench.llm_process import LLMProcess
from bench.params import MEMORY_CAP, BenchParams
from bench.results import BenchResult, fmt_ms
from bench.seed import (
    CHANNELS,
    GUILD_ID,
    MESSAGES,
    ensure_seeded,
    fill_template,
    member_id,
    member_memories,
    member_name,
    seeded_sqlite,
    sqlite_url,
)
from bench.stats import LoopLagSampler, ms, percentile
from utils.conversation.messages import IncomingMessage
from utils.periodic import PeriodicTask
from utils.runtime import Services, freeze_startup_heap

NAME = "pruning"


async def _add_over_cap_rows(services: Services, params: BenchParams) -> None:
    """A few more live rows per member, so the cap has work; the rows are not kept alive in this process."""
    now = datetime.now(UTC)
    extra = [
        m
        for i in range(params.members)
        for m in member_memories(params, i, now, live=params.over_cap_per_member, expired=0, stream="over-cap")
    ]
    await services.db.run(bulk_insert_memories, extra)


async def measure(result: BenchResult, label: str, url: str, params: BenchParams) -> None:
    server = LLMProcess().start()
    settings = bench_settings(url, server.base_url, memory_extraction_delay_seconds=params.extraction_delay)
    services = Services(settings, chat_cooldown_seconds=0)
    rng = random.Random(f"{params.seed}:prune-chat")
    sent: list[tuple[float, float]] = []
    failed = 0
    numbers = iter(range(10**9))
    sampler = LoopLagSampler()
    try:
        with WarningCounter() as warnings:
            await open_without_loops(services)
            freeze_startup_heap()
            await ensure_seeded(services.db, params)
            await _add_over_cap_rows(services, params)
            live_before, expired_before = await services.db.run(count_memories)
            loop = asyncio.get_running_loop()
            stop = asyncio.Event()

            async def one_message() -> None:
                nonlocal failed
                index = rng.randrange(params.members)
                number = next(numbers)
                started = time.perf_counter()
                reply = await services.chat.respond(
                    IncomingMessage(
                        author_id=member_id(index),
                        author_name=member_name(index),
                        channel_id=zlib.crc32(f"prune:{index % 7}".encode()),
                        channel_name=CHANNELS[index % len(CHANNELS)],
                        content=f"{fill_template(rng, rng.choice(MESSAGES))} {tag(number)}",
                        guild_id=GUILD_ID,
                    )
                )
                if reply.ok and not reply.skipped:
                    sent.append((started, time.perf_counter() - started))
                else:
                    failed += 1

            async def chat() -> None:
                pending: set[asyncio.Task[None]] = set()
                while not stop.is_set():
                    task = loop.create_task(one_message())
                    pending.add(task)
                    task.add_done_callback(pending.discard)
                    await asyncio.sleep(params.prune_chat_interval)
                await asyncio.gather(*pending)

            log_flush = PeriodicTask("llm-log-flush", services.settings.llm_log_flush_seconds, services.llm_log.flush)
            log_flush.start()
            sampler.start()
            chatting = loop.create_task(chat())
            idle_from = time.perf_counter()
            await asyncio.sleep(params.prune_idle_seconds)
            mark = sampler.mark()
            prune_from = time.perf_counter()
            expired_deleted = await services.memory.prune_expired()
            expired_done = time.perf_counter()
            capped = await prune_all_excess_memories(services.db, MEMORY_CAP)
            prune_to = time.perf_counter()
            prune_lags = sampler.lags[mark:]
            stop.set()
            await chatting
            await sampler.stop()
            await services.tasks.drain(60)
            await log_flush.stop()
            live_after, expired_after = await services.db.run(count_memories)
            await services.close()
    finally:
        await services.close()
        server.stop()

    idle = [latency for started, latency in sent if idle_from <= started < prune_from]
    during = [latency for started, latency in sent if prune_from <= started < prune_to]
    idle_p99, during_p99 = ms(percentile(idle, 99)), ms(percentile(during, 99))
    lag_p99 = ms(percentile(prune_lags, 99))
    want_live = params.members * MEMORY_CAP
    correct = expired_after == 0 and live_after == want_live and failed == 0 and warnings.count == 0
    bench = f"4 pruning ({label})"
    result.row(bench, "rows deleted: expired + over cap", f"{expired_deleted:,} + {capped:,}")
    timings = (expired_done - prune_from, prune_to - expired_done, prune_to - prune_from)
    result.row(bench, "prune time: expired, cap, total", ", ".join(f"{t:.2f} s" if t < 10 else f"{t:.1f} s" for t in timings))
    result.row(bench, "chat latency p99: idle → during prune", f"{fmt_ms(idle_p99)} → {fmt_ms(during_p99)}")
    result.row(bench, "event-loop lag p99 during prune", fmt_ms(lag_p99), target="≤ 10 ms (no stall)", met=lag_p99 <= 10)
    result.row(
        bench,
        "after: expired left, members over cap, failed replies",
        f"{expired_after}, {'0' if live_after == want_live else f'{live_after - want_live:+} rows'}, {failed + warnings.count}",
        target="0, 0, 0",
        met=correct,
    )
    key = label.lower().replace(" ", "_")
    result.facts.update(
        {
            f"{key}_live_before": live_before,
            f"{key}_expired_before": expired_before,
            f"{key}_expired_deleted": expired_deleted,
            f"{key}_cap_deleted": capped,
            f"{key}_expired_seconds": expired_done - prune_from,
            f"{key}_cap_seconds": prune_to - expired_done,
            f"{key}_total_seconds": prune_to - prune_from,
            f"{key}_chat_idle_count": len(idle),
            f"{key}_chat_idle_p50_ms": ms(percentile(idle, 50)),
            f"{key}_chat_idle_p99_ms": idle_p99,
            f"{key}_chat_during_p50_ms": ms(percentile(during, 50)),
            f"{key}_chat_during_p99_ms": during_p99,
            f"{key}_chat_during_count": len(during),
            f"{key}_loop_lag_p99_ms": lag_p99,
            f"{key}_loop_lag_max_ms": ms(max(prune_lags, default=0.0)),
            f"{key}_live_after": live_after,
            f"{key}_expired_after": expired_after,
            f"{key}_failed": failed,
            f"{key}_warnings": warnings.count,
            f"{key}_first_warning": warnings.first or "",
        }
    )


async def run(params: BenchParams) -> BenchResult:
    result = BenchResult(NAME)
    seeded, _ = await seeded_sqlite(params)
    work = params.work_dir / "pruning.db"
    copy_sqlite(seeded, work)
    try:
        await measure(result, "sqlite", sqlite_url(work), params)
    finally:
        remove_sqlite(work)
    secure_delete.measure(result, seeded, params)
    if params.db_url:
        await measure(result, params.db_label, params.db_url, params.on_second_database())
    return result
