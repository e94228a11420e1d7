"""7. Replies first on a one-slot server, and what finding each model's way costs in requests.

Reply latency: members talk to the real `Services` while every message queues an
extraction, against a loopback server that computes ONE request at a time (a
single-slot llama.cpp or llama-cpp-python server) and takes ten times longer for an
extraction than for a reply. Measured with replies first (the default lanes) and
without (background calls only bound by their own slots, as before), p50 and p99.

Extra requests per message: the same conversation against each server behaviour of
the fake's table (`SERVER_BEHAVIOURS` in tests/support/fake_llm.py, the server started as a
process), counting the extraction requests beyond one per extraction, on the first extraction
(finding the way) and on the later ones.
"""

from __future__ import annotations

import asyncio
import time

from bench.harness import WarningCounter, bench_settings, remove_sqlite
from bench.loopback_llm import LoopbackLLM
from bench.params import BenchParams
from bench.results import BenchResult, fmt_ms
from bench.seed import sqlite_url
from bench.stats import percentile
from utils.conversation.messages import IncomingMessage
from utils.llm import EndpointLanes
from utils.runtime import Services

NAME = "replies_first"
CHAT_SECONDS = 0.02
EXTRACTION_SECONDS = 0.2
BEHAVIOURS = (
    "qwen2.5:7b-instruct",
    "ollama-no-tools",
    "ollama-ignores-tool-choice",
    "llama-cpp-python",
    "hermes-tags",
    "lmstudio",
)
MEMORY = {"memories": [{"memory": "Has a cat called Miso.", "topics": ["cat"], "expiration": "30d", "importance": "high"}]}


def _message(member: int, number: int) -> IncomingMessage:
    return IncomingMessage(member + 1, f"Member{member}", 100, "general", f"I adopted cat number {number} today", guild_id=1)


async def _latencies(params: BenchParams, replies_first: bool, messages: int, members: int) -> tuple[list[float], int]:
    server = LoopbackLLM(
        {
            "one_at_a_time": True,
            "think_seconds": CHAT_SECONDS,
            "tool_think_seconds": EXTRACTION_SECONDS - CHAT_SECONDS,
            "tools": {"extract_memories": {"always": MEMORY}},
        }
    ).start()
    db_path = params.work_dir / f"replies_first_{replies_first}.db"
    remove_sqlite(db_path)
    settings = bench_settings(sqlite_url(db_path), server.base_url, memory_extraction_delay_seconds=0, chat_cooldown_seconds=0)
    services = Services(settings, chat_cooldown_seconds=0)
    if not replies_first:
        services.llm.lanes = EndpointLanes(chat_slots=4, background_slots=4, replies_first=False)
    latencies: list[float] = []
    try:
        await services.start()

        async def member(index: int) -> None:
            for number in range(messages):
                started = time.perf_counter()
                await services.chat.respond(_message(index, number))
                latencies.append((time.perf_counter() - started) * 1000)
                await asyncio.sleep(EXTRACTION_SECONDS / 4)

        await asyncio.gather(*(member(i) for i in range(members)))
        await services.tasks.drain(120)
    finally:
        await services.close()
        served = await asyncio.to_thread(server.log)
        server.stop()
    return latencies, len([entry for entry in served if entry["way"] != "chat"])


async def _extra_requests(params: BenchParams, model: str, messages: int) -> tuple[int, float]:
    """Extraction requests beyond one: on the first extraction (finding the way), and per later one."""
    server = LoopbackLLM({"tools": {"extract_memories": {"always": MEMORY}}}).start()
    db_path = params.work_dir / "replies_first_ways.db"
    remove_sqlite(db_path)
    settings = bench_settings(sqlite_url(db_path), server.base_url, llm_model=model, memory_extraction_delay_seconds=0)
    services = Services(settings, chat_cooldown_seconds=0)
    per_message: list[int] = []
    try:
        await services.start()
        for number in range(messages):
            before = len(await asyncio.to_thread(server.log))
            await services.chat.respond(_message(0, number))
            await services.tasks.drain(30)
            served = (await asyncio.to_thread(server.log))[before:]
            per_message.append(len([entry for entry in served if entry["way"] != "chat"]) - 1)
    finally:
        await services.close()
        server.stop()
    later = per_message[1:] or [0]
    return per_message[0], sum(later) / len(later)


async def run(params: BenchParams) -> BenchResult:
    tiny = params.duration <= 1.0
    messages, members = (3, 3) if tiny else (12, 6)
    result = BenchResult(NAME)
    with WarningCounter() as warnings:
        for replies_first in (True, False):
            latencies, extractions = await _latencies(params, replies_first, messages, members)
            label = "replies first" if replies_first else "before (no priority)"
            p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
            result.row(NAME, f"reply latency p50 / p99, one-slot server, {label}", f"{fmt_ms(p50)} / {fmt_ms(p99)}")
            key = "first" if replies_first else "before"
            result.facts[f"{key}_p99_ms"] = p99
            result.facts[f"{key}_replies"] = len(latencies)
            result.facts[f"{key}_extractions"] = extractions
        for model in BEHAVIOURS:
            first, later = await _extra_requests(params, model, 3 if tiny else 6)
            result.row(NAME, f"extra requests per extraction, {model}", f"first {first}, then {later:.1f}")
            result.facts[f"extra_first_{model}"] = first
            result.facts[f"extra_later_{model}"] = later
    result.facts["warnings"] = warnings.count
    result.facts["first_warning"] = warnings.first
    return result
