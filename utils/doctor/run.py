"""`python3 bot.py doctor`: every check in order, one line each as it completes, and an exit status.

Exit 0 only when nothing blocks (warnings and skipped checks do not). The checks are
those the bot itself depends on: settings, database, LLM (endpoint, model, completion,
forced tool call), embeddings when configured, and the Discord login.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from typing import TextIO

from utils.config import ConfigError, Settings, load_settings
from utils.doctor.checks import DISCORD_API, check_database, check_discord, check_settings
from utils.doctor.llm_checks import check_embeddings, check_llm
from utils.doctor.result import CheckResult, failed


async def run_doctor(
    settings: Settings | None = None,
    *,
    skip_discord: bool = False,
    out: TextIO = sys.stdout,
    discord_api: str = DISCORD_API,
) -> int:
    """Print one line per check; 0 when nothing blocks, 1 otherwise."""
    results: list[CheckResult] = []

    def report(batch: list[CheckResult]) -> None:
        for result in batch:
            print(result.line(), file=out, flush=True)
        results.extend(batch)

    if settings is None:
        try:
            settings = load_settings()
        except ConfigError as exc:
            report([failed("settings", str(exc), "fix that line in .env (see .env.example)")])
            return _verdict(results, out)
    loaded = settings
    report(check_settings(loaded))
    steps: list[Callable[[], Awaitable[list[CheckResult]]]] = [
        lambda: check_database(loaded),
        lambda: check_llm(loaded),
        lambda: _as_list(check_embeddings(loaded)),
        lambda: check_discord(loaded, skip=skip_discord, api=discord_api),
    ]
    for step in steps:
        report(await step())
    return _verdict(results, out)


async def _as_list(result: Awaitable[CheckResult]) -> list[CheckResult]:
    return [await result]


def _verdict(results: list[CheckResult], out: TextIO) -> int:
    blocking = [r for r in results if r.blocks]
    if blocking:
        noun = "check" if len(blocking) == 1 else "checks"
        print(f"\n{len(blocking)} {noun} failed: change what the ✗ lines say, then run `python3 bot.py doctor` again.", file=out)
        return 1
    print("\nEverything the bot needs works: start it with `python3 bot.py`.", file=out)
    return 0
