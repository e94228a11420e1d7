"""Item 4's last rows: what secure deletion costs SQLite, on the seeded data, off and on in the same run.

The bot opens SQLite with ``secure_delete=ON`` so a forgotten member's words are overwritten, not
left in free pages, and checkpoints the write-ahead log after each erasure. Two copies of the
seeded file are taken; on each, with the pragma off and then on, the same work runs: every expired
row deleted in batches (what the pruning does), then a member's rows erased at a time (what a
forget-all does) for a sample of members, each followed by the checkpoint. Interleaved by member,
so a busy spell of the machine falls on both.
"""

from __future__ import annotations

import random
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

from bench.harness import copy_sqlite, remove_sqlite
from bench.params import BenchParams
from bench.results import BenchResult, fmt_ms, fmt_ratio
from bench.stats import ms, percentile

BATCH_ROWS = 2000
ERASED_MEMBERS = 200


def _open(path: Path, secure: bool) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(f"PRAGMA secure_delete={'ON' if secure else 'OFF'}")
    return conn


def _prune(conn: sqlite3.Connection) -> float:
    """Every expired row, in batches by id as the pruning deletes them; returns the seconds."""
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")
    started, after = time.perf_counter(), 0
    while True:
        ids = [r[0] for r in conn.execute("SELECT Id FROM UserMemory WHERE ExpiresAt <= ? AND Id > ? ORDER BY Id LIMIT ?",
                                          (now, after, BATCH_ROWS))]  # fmt: skip
        if not ids:
            return time.perf_counter() - started
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany("DELETE FROM UserMemory WHERE Id = ?", [(i,) for i in ids])
        conn.execute("COMMIT")
        after = ids[-1]


def _erase(conn: sqlite3.Connection, user_id: int) -> float:
    """One member's rows gone and the log checkpointed, as a forget-all leaves the file; returns the seconds."""
    started = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("DELETE FROM UserMemory WHERE UserId = ?", (user_id,))
    conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return time.perf_counter() - started


def measure(result: BenchResult, seeded: Path, params: BenchParams) -> None:
    copies = {secure: params.work_dir / f"secure-{'on' if secure else 'off'}.db" for secure in (False, True)}
    for target in copies.values():
        copy_sqlite(seeded, target)
    try:
        conns = {secure: _open(path, secure) for secure, path in copies.items()}
        pruned = {secure: _prune(conn) for secure, conn in conns.items()}
        members = [r[0] for r in conns[False].execute("SELECT DISTINCT UserId FROM UserMemory")]
        sample = random.Random(f"{params.seed}:erase").sample(members, k=min(ERASED_MEMBERS, len(members)))
        erased: dict[bool, list[float]] = {False: [], True: []}
        for user_id in sample:
            for secure in (False, True):
                erased[secure].append(_erase(conns[secure], user_id))
        for conn in conns.values():
            conn.close()
    finally:
        for target in copies.values():
            remove_sqlite(target)
    bench = "4 pruning (sqlite): secure deletion"
    result.row(bench, "expired rows deleted, off → on", f"{pruned[False]:.2f} s → {pruned[True]:.2f} s")
    result.row(bench, "its cost (on ÷ off)", fmt_ratio(pruned[True] / max(pruned[False], 1e-9)))
    off50, on50 = ms(percentile(erased[False], 50)), ms(percentile(erased[True], 50))
    off99, on99 = ms(percentile(erased[False], 99)), ms(percentile(erased[True], 99))
    result.row(bench, "a member erased + checkpoint p50, off → on", f"{fmt_ms(off50)} → {fmt_ms(on50)}")
    result.row(bench, "a member erased + checkpoint p99, off → on", f"{fmt_ms(off99)} → {fmt_ms(on99)}")
    result.facts.update(
        {
            "secure_delete_prune_off_seconds": pruned[False],
            "secure_delete_prune_on_seconds": pruned[True],
            "secure_delete_erase_p50_off_ms": off50,
            "secure_delete_erase_p50_on_ms": on50,
            "secure_delete_erase_p99_off_ms": off99,
            "secure_delete_erase_p99_on_ms": on99,
            "secure_delete_members_erased": len(sample),
        }
    )
