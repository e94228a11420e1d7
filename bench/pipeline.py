"""2. Pipeline under load: the terminal chat's whole path, many members at once, for a fixed time.

The real `Services` and `ChatService.respond` (context build, LLM call over loopback
HTTP, reply, background extraction and save) with every loop running; the LLM server
runs in its own process. Each member waits for the reply, pauses like a person
typing, and sends the next message. The bot's overhead is a reply's latency minus
the time the LLM server spent on that request. Afterwards every memory the
extractor answered must be in UserMemory.
"""

from __future__ import annotations

import asyncio
import random
import time
import zlib
from datetime import UTC, datetime
from itertools import count

from bench.bulk import bulk_insert_memories
from bench.harness import WarningCounter, bench_settings, remove_sqlite, tag
from bench.llm_process import LLMProcess
from bench.params import BenchParams
from bench.results import BenchResult, fmt_ms
from bench.seed import CHANNELS, GUILD_ID, MESSAGES, fill_template, member_id, member_memories, member_name, sqlite_url
from bench.stats import LoopLagSampler, bot_cpu_seconds, ms, peak_rss_bytes, percentile
from utils.conversation.messages import IncomingMessage
from utils.runtime import Services, freeze_startup_heap
from utils.storage.engine import Database
from utils.storage.memories import get_all_memories

NAME = "pipeline"
DRAIN_SECONDS = 60.0


async def run(params: BenchParams) -> BenchResult:
    server = LLMProcess().start()
    db_path = params.work_dir / "pipeline.db"
    remove_sqlite(db_path)
    url = sqlite_url(db_path)
    # The loopback server answers many requests at once, like a hosted API: background work gets a budget to match
    # (the one-slot case is bench/replies_first.py).
    settings = bench_settings(
        url, server.base_url, memory_extraction_delay_seconds=params.extraction_delay, llm_background_concurrency=8
    )
    services = Services(settings, chat_cooldown_seconds=0)
    latencies: list[float] = []
    timed: list[tuple[int, float]] = []
    failed = 0
    numbers = count()
    sampler = LoopLagSampler()
    try:
        with WarningCounter() as warnings:
            await services.start()
            freeze_startup_heap()
            now = datetime.now(UTC)
            seeded = [
                m
                for i in range(params.load_members)
                for m in member_memories(params, i, now, live=params.seeded_memories_per_load_member, expired=0, stream="load")
            ]
            await services.db.run(bulk_insert_memories, seeded)
            loop = asyncio.get_running_loop()
            started = loop.time()
            deadline = started + params.duration

            async def member(index: int) -> None:
                nonlocal failed
                rng = random.Random(f"{params.seed}:load:{index}")
                channel = CHANNELS[index % params.load_channels % len(CHANNELS)]
                channel_id = zlib.crc32(f"load:{index % params.load_channels}".encode())
                low, high = params.pause_seconds
                await asyncio.sleep(rng.uniform(0, high))
                while loop.time() < deadline:
                    number = next(numbers)
                    text = f"{fill_template(rng, rng.choice(MESSAGES))} {tag(number)}"
                    incoming = IncomingMessage(
                        author_id=member_id(index),
                        author_name=member_name(index),
                        channel_id=channel_id,
                        channel_name=channel,
                        content=text,
                        guild_id=GUILD_ID,
                    )
                    t0 = time.perf_counter()
                    reply = await services.chat.respond(incoming)
                    elapsed = time.perf_counter() - t0
                    if reply.ok and not reply.skipped:
                        latencies.append(elapsed)
                        timed.append((number, elapsed))
                    else:
                        failed += 1
                    await asyncio.sleep(rng.uniform(low, high))

            sampler.start()
            cpu_started = bot_cpu_seconds(besides=[server.pid])
            await asyncio.gather(*(member(i) for i in range(params.load_members)))
            elapsed_run = loop.time() - started
            cpu_per_reply = (bot_cpu_seconds(besides=[server.pid]) - cpu_started) / max(1, len(latencies))
            await sampler.stop()
            drained = await services.tasks.drain(DRAIN_SECONDS)
            await services.close()
        report = await asyncio.to_thread(server.report)
        lost = await _lost_memories(url, params, report.answered)
    finally:
        await services.close()
        server.stop()

    result = BenchResult(NAME)
    bench = f"2 pipeline ({params.load_members} members, {params.duration:g} s)"
    replies_per_s = len(latencies) / elapsed_run
    own = [elapsed - report.handler_seconds.get(number, 0.0) for number, elapsed in timed]
    overhead_p50, overhead_p99 = ms(percentile(own, 50)), ms(percentile(own, 99))
    lag_p99 = ms(percentile(sampler.lags, 99))
    rss_mb = peak_rss_bytes(sampler.peak_rss) / 2**20
    errors = failed + warnings.count + (not drained)
    answered = sum(len(v) for v in report.answered.values())
    result.row(bench, "replies / s", f"{replies_per_s:.1f}")
    result.row(bench, "bot CPU / reply (extraction, helper process included)", fmt_ms(ms(cpu_per_reply)))
    result.row(bench, "bot overhead p50", fmt_ms(overhead_p50))
    result.row(bench, "bot overhead p99", fmt_ms(overhead_p99), target="≤ 25 ms", met=overhead_p99 <= 25)
    result.row(bench, "event-loop lag p99", fmt_ms(lag_p99), target="≤ 10 ms", met=lag_p99 <= 10)
    result.row(bench, "peak RSS", f"{rss_mb:.0f} MB", target="≤ 250 MB", met=rss_mb <= 250)
    result.row(bench, "errors (failed replies + warnings)", str(errors), target="0", met=errors == 0)
    result.row(bench, "memories lost / extractions answered", f"{lost} / {answered}", target="0 lost", met=lost == 0)
    result.facts.update(
        {
            "replies": len(latencies),
            "replies_per_second": replies_per_s,
            "cpu_ms_per_reply": ms(cpu_per_reply),
            "latency_p50_ms": ms(percentile(latencies, 50)),
            "latency_p99_ms": ms(percentile(latencies, 99)),
            "overhead_p50_ms": overhead_p50,
            "overhead_p99_ms": overhead_p99,
            "loop_lag_p99_ms": lag_p99,
            "loop_lag_max_ms": ms(max(sampler.lags, default=0.0)),
            "peak_rss_mb": rss_mb,
            "failed_replies": failed,
            "warnings": warnings.count,
            "first_warning": warnings.first or "",
            "drained": drained,
            "extraction_calls": report.extraction_calls,
            "extractions_answered": answered,
            "memories_lost": lost,
        }
    )
    return result


async def _lost_memories(url: str, params: BenchParams, answered: dict[str, list[str]]) -> int:
    """Answered memories missing from UserMemory, read back through a fresh connection after shutdown."""
    db = Database(url)
    if not await db.connect():
        raise RuntimeError("cannot reopen the pipeline database")
    try:
        lost = 0
        for index in range(params.load_members):
            stored = {m.memory for m in await db.run(get_all_memories, member_id(index))}
            lost += sum(1 for text in answered.get(member_name(index), []) if text not in stored)
        return lost
    finally:
        await db.close()
