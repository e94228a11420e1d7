"""What one benchmark run does: sizes, durations, seed. The CLI builds it, child processes receive it as JSON."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from utils.config import Settings

BENCH_DIR = Path(__file__).resolve().parent
DEFAULT_OUT = BENCH_DIR / "out"
MEMORY_CAP = 50


@dataclass(frozen=True)
class BenchParams:
    seed: int = 7
    out_dir: Path = DEFAULT_OUT
    db_url: str = field(default_factory=lambda: os.environ.get("BENCH_DB_URL", "") or os.environ.get("MSSQL_TEST_URL", ""))
    """A second database for items 1 and 4 (BENCH_DB_URL, else the tests' MSSQL_TEST_URL); a scratch database."""
    db_label: str = field(default_factory=lambda: "BENCH_DB_URL" if os.environ.get("BENCH_DB_URL") else "MSSQL_TEST_URL")
    """Which of the two it is: the tests' database may be emptied to seed it, BENCH_DB_URL's never is."""
    db_members: int = 1_000
    """Members seeded on that database (a member's block reads their own rows by index: its cost does not grow with
    the table, while seeding a million rows over TDS takes longer than the whole bench)."""
    db_samples: int = 300
    """Members measured there: the plan's way opens a new connection per query, about a second each on Babelfish."""

    extraction_delay: float = field(default_factory=lambda: Settings.model_fields["memory_extraction_delay_seconds"].default)
    """MEMORY_EXTRACTION_DELAY_SECONDS for the runs (the project's default); item 3 compresses it with its clock."""

    # 1. memory block build (and the seeded data item 4 starts from)
    members: int = 10_000
    live_per_member: int = MEMORY_CAP
    expired_per_member: int = 50
    samples: int = 2_000

    # 2. pipeline under load
    load_members: int = 200
    load_channels: int = 20
    duration: float = 60.0
    pause_seconds: tuple[float, float] = (1.0, 6.0)
    """Each member waits this long (uniform) between getting a reply and sending the next message."""
    seeded_memories_per_load_member: int = 10

    # 3. LLM cost
    cost_turns: int = 100
    cost_members: int = 5
    cost_time_scale: float = 0.01
    """The conversation's clock (and the extraction delay) run this much faster than real time."""

    # 4. pruning at scale
    over_cap_per_member: int = 5
    prune_chat_interval: float = 0.05
    prune_idle_seconds: float = 2.0

    # 5. privacy screen
    redaction_messages: int = 20_000

    # 7. several processes on one database
    process_counts: tuple[int, ...] = (1, 2, 4)
    """Processes started together; replies / s is measured with each count, write conflicts with each above 1."""
    process_forgets: int = 40
    process_idle_seconds: float = 4.0
    process_timed_polls: int = 200
    process_conflict_facts: int = 25
    """Facts each process writes to each of the same members at once."""
    process_load_members: int = 50
    """Members talking without pause to each process (enough to keep it busy)."""
    process_load_seconds: float = 8.0
    process_load_rounds: int = 2
    """Each process count is measured this many times, the counts interleaved, so a busy spell of a shared machine
    falls on all of them."""

    # 6. recall on LoCoMo (runs only when files are given)
    locomo: tuple[str, ...] = ()
    embed_url: str = ""
    """An OpenAI-compatible embedding endpoint for the hybrid mode; "local" serves all-MiniLM-L6-v2 on loopback."""
    embed_model: str = ""

    def on_second_database(self) -> BenchParams:
        """These parameters with the member count of the second database (items 1 and 4 there)."""
        return replace(self, members=min(self.members, self.db_members), samples=min(self.samples, self.db_samples))

    @classmethod
    def tiny(cls, **overrides: Any) -> BenchParams:
        """Small enough for the smoke test: every code path, a few seconds in all."""
        base = cls(
            members=40,
            expired_per_member=20,
            samples=30,
            load_members=6,
            load_channels=2,
            duration=1.0,
            pause_seconds=(0.05, 0.2),
            cost_turns=16,
            cost_time_scale=0.005,
            over_cap_per_member=3,
            prune_idle_seconds=0.3,
            extraction_delay=0.2,
            redaction_messages=300,
            process_counts=(1, 2),
            process_forgets=3,
            process_idle_seconds=0.5,
            process_timed_polls=10,
            process_conflict_facts=3,
            process_load_members=3,
            process_load_seconds=1.0,
            process_load_rounds=1,
        )
        return replace(base, **overrides)

    def to_json(self) -> str:
        values = asdict(self)
        values["out_dir"] = str(self.out_dir)
        return json.dumps(values)

    @classmethod
    def from_json(cls, text: str) -> BenchParams:
        values = json.loads(text)
        values["out_dir"] = Path(values["out_dir"])
        values["pause_seconds"] = tuple(values["pause_seconds"])
        values["locomo"] = tuple(values.get("locomo", ()))
        values["process_counts"] = tuple(values.get("process_counts", cls.process_counts))
        return cls(**values)

    @property
    def work_dir(self) -> Path:
        """Scratch files of one run (the pipeline's database, the pruning copy); rewritten every run."""
        path = self.out_dir / "work"
        path.mkdir(parents=True, exist_ok=True)
        return path
