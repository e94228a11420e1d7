"""Runs one benchmark in a fresh interpreter and prints its result as one JSON line.

A fresh process per benchmark keeps them from sharing caches, garbage and, above
all, peak RSS: item 2's memory figure is the bot pipeline's alone.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import sys

from bench.params import BenchParams
from bench.results import BenchResult

RESULT_PREFIX = "BENCH-RESULT "
MODULES = {
    "memory_block": "bench.memory_block",
    "pipeline": "bench.pipeline",
    "llm_cost": "bench.llm_cost",
    "pruning": "bench.pruning",
    "redaction": "bench.redaction",
    "recall": "bench.recall",
    "replies_first": "bench.replies_first",
    "processes": "bench.processes",
}


async def run(name: str, params: BenchParams) -> BenchResult:
    module = importlib.import_module(MODULES[name])
    return await module.run(params)


def main(argv: list[str]) -> int:
    name, params_json = argv
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    result = asyncio.run(run(name, BenchParams.from_json(params_json)))
    print(RESULT_PREFIX + result.to_json(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
