"""What a benchmark reports: table rows for people, facts (plain numbers) for the notes and the smoke test."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Row:
    bench: str
    metric: str
    ours: str
    plan: str = ""
    target: str = ""
    met: bool | None = None
    """None: a figure without a target."""


@dataclass
class BenchResult:
    name: str
    rows: list[Row] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    def row(self, bench: str, metric: str, ours: str, plan: str = "", target: str = "", met: bool | None = None) -> None:
        self.rows.append(Row(bench, metric, ours, plan, target, met))

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> BenchResult:
        values = json.loads(text)
        return cls(values["name"], [Row(**r) for r in values["rows"]], values["facts"])


def fmt_ms(value: float) -> str:
    return f"{value:.3f} ms" if value < 10 else f"{value:.1f} ms"


def fmt_ratio(value: float) -> str:
    return f"{value:.1f}×" if value >= 1 else f"{value:.2f}×"
