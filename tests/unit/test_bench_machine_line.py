"""The bench says how fast its machine is against the one its millisecond targets were set on."""

from __future__ import annotations

import pytest

from bench.results import BenchResult
from bench.table import REFERENCE_PLAN_COLD_P50_MS, machine_speed_line


def _memory_block(plan_p50_ms: float) -> BenchResult:
    result = BenchResult("memory_block")
    result.facts["sqlite_plan_p50_ms"] = plan_p50_ms
    return result


@pytest.mark.parametrize(
    ("plan_p50_ms", "pace"),
    [(7.036, "3.6× slower"), (REFERENCE_PLAN_COLD_P50_MS, "1.0× slower"), (0.9875, "2.0× faster")],
)
def test_the_plans_own_time_gives_the_machines_pace(plan_p50_ms: float, pace: str) -> None:
    line = machine_speed_line([BenchResult("pipeline"), _memory_block(plan_p50_ms)])
    assert line is not None and pace in line and f"{plan_p50_ms:.2f} ms" in line


def test_no_line_without_the_memory_block_run() -> None:
    assert machine_speed_line([BenchResult("pipeline")]) is None
