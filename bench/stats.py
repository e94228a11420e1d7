"""Measuring helpers: percentiles, an event-loop lag sampler, peak memory, the machine's description."""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import platform
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

import psutil


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0–100) by linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low, high = math.floor(rank), math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def ms(seconds: float) -> float:
    return seconds * 1000.0


def bot_cpu_seconds(*, besides: Sequence[int] = ()) -> float:
    """CPU time of this process and its helper processes (the LlmLog screen's), but not of ``besides``.

    The bot's work done in a helper process is still the bot's work; the loopback LLM server is not.
    A helper that exits takes its count with it: the helpers here live until shutdown.
    """
    total = 0.0
    for process in [psutil.Process(), *psutil.Process().children(recursive=True)]:
        if process.pid in besides:
            continue
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            total += times.user + times.system
    return total


class LoopLagSampler:
    """How late the event loop wakes a task that asked to sleep ``interval`` seconds; also samples RSS.

    A blocking call anywhere on the loop shows up here as lag, whichever code made it.
    """

    def __init__(self, interval: float = 0.005, rss_every: int = 20) -> None:
        self.interval = interval
        self.lags: list[float] = []
        self.peak_rss = 0
        self._rss_every = rss_every
        self._task: asyncio.Task[None] | None = None
        self._process = psutil.Process()

    def start(self) -> None:
        self.peak_rss = max(self.peak_rss, self._process.memory_info().rss)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="loop-lag-sampler")

    def mark(self) -> int:
        """An index into :attr:`lags`, to take the samples of one phase later."""
        return len(self.lags)

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        count = 0
        while True:
            due = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            self.lags.append(max(0.0, loop.time() - due))
            count += 1
            if count % self._rss_every == 0:
                self.peak_rss = max(self.peak_rss, self._process.memory_info().rss)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.peak_rss = max(self.peak_rss, self._process.memory_info().rss)


def peak_rss_bytes(sampled: int) -> int:
    """The process's lifetime peak RSS where the OS keeps it (ru_maxrss), else the sampled peak."""
    try:
        import resource
    except ImportError:
        return sampled
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1 if sys.platform == "darwin" else 1024
    return max(sampled, maxrss * scale)


def cpu_model() -> str:
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def cpu_counters() -> tuple[int, int] | None:
    """(all CPU ticks, stolen ticks) from /proc/stat; None where there is no such file."""
    try:
        fields = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError, IndexError):
        return None
    return sum(fields[:8]), fields[7] if len(fields) > 7 else 0


def steal_percent(before: tuple[int, int] | None, after: tuple[int, int] | None) -> str:
    """Share of CPU time the hypervisor gave to other machines meanwhile: high means the figures are noisy."""
    if before is None or after is None or after[0] == before[0]:
        return "n/a"
    return f"{100 * (after[1] - before[1]) / (after[0] - before[0]):.1f}%"


def load_average() -> str:
    """The 1/5/15-minute load: on a shared machine, what else was running shows up here."""
    if not hasattr(os, "getloadavg"):
        return "n/a"
    return ", ".join(f"{v:.2f}" for v in os.getloadavg())


def machine() -> dict[str, str]:
    return {
        "cpus": str(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()),
        "cpu": cpu_model(),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "os": f"{platform.system()} {platform.release()}",
    }
