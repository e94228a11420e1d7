"""7. Several bot processes on one database: what coherence costs and what more processes buy.

Real processes (tests/support/member_process.py run as a program, `bench.bot_process`: each a real
`Services` stack with every loop, the coherence poll at its default interval) on one SQLite file in WAL mode; the
loopback LLM runs in a process of its own.

- **forget propagation**: a member's memory shows in process B's prompt; process A
  forgets it; the time from A's erase returning to B's next prompt no longer showing it
  (B builds its block every 2 ms, as a busy process would).
- **write conflicts re-planned**: N processes write the same facts to the same members at
  once; a write whose member another process wrote since it read is planned again.
- **polls**: the coherence polls per second of an idle process, their time (timed one by
  one), and the idle process's CPU share (polls and every other loop).
- **replies / s**: members talking without pause to 1, 2 and 4 processes at once on this
  machine, and the bot CPU per reply (each process and its helper process); each count
  twice, the counts interleaved, the mean reported.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

from bench.bot_process import BotProcess
from bench.harness import remove_sqlite
from bench.llm_process import LLMProcess
from bench.params import MEMORY_CAP, BenchParams
from bench.results import BenchResult, fmt_ms
from bench.seed import sqlite_url
from bench.stats import percentile

NAME = "processes"
CONFLICT_MEMBERS = 4
PROPAGATION_TARGET_MS = 1000.0
"""The contract: a forget in one process is honoured in every other within a second."""
POLL_CPU_TARGET = 0.02
"""An idle process's loops (the coherence poll four times a second above all) may take 2% of one CPU."""


def _facts(count: int) -> list[str]:
    hobbies = ["chess", "pottery", "bouldering", "origami", "fencing", "kayaking"]
    return [f"Learned {hobbies[n % 6]} during trip number {n} abroad." for n in range(count)]


def _propagation(a: BotProcess, b: BotProcess, rounds: int) -> list[float]:
    """Seconds from A's forget returning to B's prompt no longer showing the memory, per round."""
    seconds = []
    for n in range(rounds):
        user, needle = 500_000 + n, f"qzv{n}x"
        a.ask("write", user=user, texts=[f"Collects {needle} stamps from every trip."])
        shown = ""
        for _ in range(200):  # B's poll brings A's write into its prompt within a poll or two
            shown = b.ask("state", user=user, text=needle)["block"]
            if needle in shown:
                break
            time.sleep(0.01)
        if needle not in shown:
            raise RuntimeError(f"B never showed A's memory of member {user}")
        time.sleep(random.Random(n).uniform(0, 0.25))  # the forget lands anywhere in B's poll interval
        b.send("wait_gone", user=user, needle=needle, timeout=10)
        done_at = a.ask("command", user=user, text="forget all")["done_at"]
        seen = b.read(30)
        if not seen["gone"]:
            raise RuntimeError(f"B still showed the forgotten memory of member {user} after 10 s")
        seconds.append(max(0.0, seen["seen_at"] - done_at))
    return seconds


def _conflicts(processes: list[BotProcess], facts: int, first_user: int) -> tuple[int, int]:
    """(writes, plans made again) when these processes write the same facts to the same members at once."""
    before = sum(p.ask("stats")["replans"] for p in processes)
    members = [first_user + m for m in range(CONFLICT_MEMBERS)]
    for seed, process in enumerate(processes):
        order = [(user, fact) for user in members for fact in _facts(facts)]
        random.Random(seed).shuffle(order)
        process.send("write", writes=[{"user": user, "texts": [fact]} for user, fact in order])
    for process in processes:
        process.read(300)
    writes = len(processes) * len(members) * facts
    return writes, sum(p.ask("stats")["replans"] for p in processes) - before


def _idle(processes: list[BotProcess], seconds: float) -> dict[str, float]:
    """Polls per second and CPU share of idle processes, averaged over them."""
    before = [p.ask("stats") for p in processes]
    time.sleep(seconds)
    after = [p.ask("stats") for p in processes]
    polls = cpu = wall = 0.0
    for old, new in zip(before, after, strict=True):
        span = new["monotonic"] - old["monotonic"]
        polls += (new["coherence"]["polls"] - old["coherence"]["polls"]) / span
        cpu += (new["cpu_seconds"] - old["cpu_seconds"]) / span
        wall += (new["coherence"]["seconds"] - old["coherence"]["seconds"]) / span
    count = len(processes)
    return {"polls_per_second": polls / count, "cpu_share": cpu / count, "poll_wall_share": wall / count}


def _load(processes: list[BotProcess], members: int, seconds: float, first_user: int) -> dict[str, float]:
    """Members talking without pause to each process at once: replies per second over all, bot CPU per reply."""
    for index, process in enumerate(processes):
        process.send("load", members=members, seconds=seconds, first_user=first_user + index * members)
    answers = [process.read(seconds + 120) for process in processes]
    replies = sum(a["replies"] for a in answers)
    return {
        "replies_per_second": replies / max(a["seconds"] for a in answers),
        "cpu_ms_per_reply": 1000 * sum(a["cpu_seconds"] for a in answers) / max(1, replies),
        "failed": sum(a["failed"] for a in answers),
    }


def _measure(params: BenchParams, db_path: Path, llm_url: str) -> dict[str, Any]:
    url = sqlite_url(db_path)
    count = max(params.process_counts)
    processes = [
        BotProcess(
            f"p{n}",
            url,
            llm_url,
            params.work_dir,
            housekeeping=n == 0,
            memory_max_per_user=MEMORY_CAP,
            llm_background_concurrency=8,
            llm_timeout_seconds=60,
            memory_extraction_delay_seconds=params.extraction_delay,
        )
        for n in range(count)
    ]
    try:
        for process in processes:
            process.wait_ready(120)
        facts: dict[str, Any] = {}
        idle = _idle(processes, params.process_idle_seconds)
        timed = processes[1].ask("time_polls", count=params.process_timed_polls)["ms"]
        facts.update(idle, poll_p50_ms=percentile(timed, 50), poll_p99_ms=percentile(timed, 99))
        propagation = _propagation(processes[0], processes[1], params.process_forgets)
        facts.update(
            propagation_p50_ms=1000 * percentile(propagation, 50),
            propagation_p99_ms=1000 * percentile(propagation, 99),
            propagation_max_ms=1000 * max(propagation),
            forgets=len(propagation),
        )
        for n in [n for n in params.process_counts if n > 1]:
            writes, replans = _conflicts(processes[:n], params.process_conflict_facts, 600_000 + 1000 * n)
            facts[f"conflict_writes_{n}"], facts[f"replans_{n}"] = writes, replans
        loads: dict[int, list[dict[str, float]]] = {n: [] for n in params.process_counts}
        for round_number in range(params.process_load_rounds):
            for n in params.process_counts:
                first_user = 700_000 + 10_000 * n + 1000 * round_number
                loads[n].append(_load(processes[:n], params.process_load_members, params.process_load_seconds, first_user))
        for n, rounds in loads.items():
            facts[f"replies_per_second_{n}"] = sum(r["replies_per_second"] for r in rounds) / len(rounds)
            facts[f"cpu_ms_per_reply_{n}"] = sum(r["cpu_ms_per_reply"] for r in rounds) / len(rounds)
            facts[f"failed_{n}"] = sum(r["failed"] for r in rounds)
            facts[f"replies_per_second_{n}_rounds"] = [r["replies_per_second"] for r in rounds]
        facts["refused"] = sum(sum(p.ask("stats")["refused"].values()) for p in processes)
    finally:
        for process in processes:
            process.close()
    logged = [line for p in processes for line in p.stderr_path.read_text(encoding="utf-8").splitlines()]
    warnings = [line for line in logged if " WARNING " in line or " ERROR " in line]
    facts["warnings"], facts["first_warning"] = len(warnings), warnings[0][:200] if warnings else ""
    facts["postponed_after_replans"] = sum("kept writing member" in line for line in warnings)
    return facts


async def run(params: BenchParams) -> BenchResult:
    db_path = params.work_dir / "processes.db"
    remove_sqlite(db_path)
    server = LLMProcess().start()
    try:
        facts = await asyncio.to_thread(_measure, params, db_path, server.base_url)
    finally:
        server.stop()

    result = BenchResult(NAME, facts=facts)
    bench = f"7 processes (SQLite WAL, poll every {_poll_interval():g} s)"
    p50, p99 = facts["propagation_p50_ms"], facts["propagation_p99_ms"]
    result.row(bench, f"forget propagation p50 ({facts['forgets']} forgets)", fmt_ms(p50))
    result.row(bench, "forget propagation p99", fmt_ms(p99), target="≤ 1000 ms", met=p99 <= PROPAGATION_TARGET_MS)
    for n in [n for n in params.process_counts if n > 1]:
        writes, replans = facts[f"conflict_writes_{n}"], facts[f"replans_{n}"]
        per_thousand = 1000 * replans / writes
        result.row(bench, f"writes re-planned, {n} processes, same members", f"{replans} ({per_thousand:.0f} / 1000 writes)")
    result.row(bench, "coherence polls / s (idle process)", f"{facts['polls_per_second']:.1f}")
    result.row(bench, "poll time p50, p99", f"{fmt_ms(facts['poll_p50_ms'])}, {fmt_ms(facts['poll_p99_ms'])}")
    share = facts["cpu_share"]
    cpu = f"{100 * share:.2f}% of a CPU"
    result.row(bench, "idle process CPU (polls + loops)", cpu, target="≤ 2%", met=share <= POLL_CPU_TARGET)
    for n in params.process_counts:
        result.row(
            bench,
            f"replies / s, {n} process{'es' if n > 1 else ''} (no pause)",
            f"{facts[f'replies_per_second_{n}']:.1f} (CPU {fmt_ms(facts[f'cpu_ms_per_reply_{n}'])} / reply)",
        )
    failed = sum(facts[f"failed_{n}"] for n in params.process_counts)
    result.row(bench, "failed replies", str(failed), target="0", met=failed == 0)
    postponed, others = facts["postponed_after_replans"], facts["warnings"] - facts["postponed_after_replans"]
    result.row(bench, "warnings: writes postponed after 20 plans, other", f"{postponed}, {others}")
    return result


def _poll_interval() -> float:
    from utils.config import Settings

    return float(Settings.model_fields["coherence_poll_seconds"].default)
