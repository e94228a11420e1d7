"""Several bot processes on one database: real processes, one SQLite file in WAL mode (or MSSQL_TEST_URL's server).

The schema is brought to head exactly once however many processes start together
(`python bot.py migrate` under the database's own lock); a process started with
DB_MIGRATE_ON_START=false only checks the schema and says what to run; two pruners by
mistake delete and audit each expired row once.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest
from old_deployment import empty_database, old_database
from shared_database import query

from utils.paths import PROJECT_ROOT
from utils.storage.migrate import head_revision

BOT = PROJECT_ROOT / "bot.py"


def clean_env(url: str, **extra: str) -> dict[str, str]:
    """A child's environment: nothing of the developer's, the database ``url`` (an SQLAlchemy URL or ODBC string)."""
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "SYSTEMROOT", "TMPDIR", "ODBCSYSINI")}
    return {**keep, "BREEHAVIOR_ENV_FILE": "", "DB_CONNECTION_STRING": url, "PYTHONUNBUFFERED": "1", **extra}


def start(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, *args], env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


MIGRATOR = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from utils.storage.engine import create_engine_for
    from utils.storage.migrate import migrate_to_head
    from utils.storage.url import resolve_database_url

    url, barrier, me, everyone = sys.argv[1], Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])

    def wait_for_everyone():  # every process has seen the old schema before any takes the lock
        (barrier / me).touch()
        deadline = time.monotonic() + 60
        while len(list(barrier.iterdir())) < everyone and time.monotonic() < deadline:
            time.sleep(0.02)

    engine = create_engine_for(resolve_database_url(url), 2)
    state = migrate_to_head(engine, before_lock=wait_for_everyone)
    print(state.describe(), flush=True)
    """
)


@pytest.mark.slow
def test_three_processes_that_all_saw_an_old_schema_migrate_it_exactly_once(tmp_path: Path) -> None:
    database_url = old_database(tmp_path / "old", 42, "[2024-01-01] likes tea")
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    env = {**clean_env(database_url), "PYTHONPATH": str(PROJECT_ROOT)}
    args = ["-c", MIGRATOR, database_url, str(barrier)]
    processes = [start([*args, str(n), "3"], env, tmp_path) for n in range(3)]
    results = [finish(p) for p in processes]

    assert [code for code, _, _ in results] == [0, 0, 0], results
    lines = [out.strip() for _, out, _ in results]
    head = head_revision()
    assert sum(line == f"schema migrated from 0001 to {head} (head)" for line in lines) == 1, lines
    assert sum(line == f"schema at {head} (head), nothing to do" for line in lines) == 2, lines
    assert query(database_url, "SELECT version_num FROM alembic_version") == [(head,)]
    assert query(database_url, "SELECT UserId FROM UserState") == [(42,)]


@pytest.mark.slow
@pytest.mark.parametrize("revision", ["0001", "0003"])
def test_bot_py_migrate_brings_an_old_deployment_to_head_once(tmp_path: Path, revision: str) -> None:
    database_url = old_database(tmp_path / "old", 42, "[2024-01-01] likes tea", revision=revision)
    code, out, err = finish(start([str(BOT), "migrate"], clean_env(database_url), tmp_path))
    assert code == 0, err
    assert out.strip() == f"Database schema migrated from {revision} to {head_revision()} (head)."
    code, out, err = finish(start([str(BOT), "migrate"], clean_env(database_url), tmp_path))
    assert (code, out.strip()) == (0, f"Database schema at {head_revision()} (head), nothing to do."), err
    assert query(database_url, "SELECT UserId, UserNotes FROM UserState") == [(42, "[2024-01-01] likes tea")]


@pytest.mark.slow
def test_migrate_creates_the_schema_of_an_empty_database_and_says_so(tmp_path: Path) -> None:
    database_url = empty_database(tmp_path / "fresh")
    code, out, err = finish(start([str(BOT), "migrate"], clean_env(database_url), tmp_path))
    assert code == 0, err
    assert out.strip() == f"Database schema migrated from an empty database to {head_revision()} (head)."
    code, out, _ = finish(start([str(BOT), "migrate"], clean_env(database_url), tmp_path))
    assert code == 0 and out.strip().endswith("nothing to do.")


@pytest.mark.slow
def test_migrate_says_in_one_line_why_it_cannot(tmp_path: Path) -> None:
    env = clean_env("mssql+pyodbc://u:p@nowhere/db?driver=ODBC+Driver+18+for+SQL+Server")
    code, out, err = finish(start([str(BOT), "migrate"], env, tmp_path))
    assert code == 1 and out == ""
    assert err.startswith("error: cannot migrate the database: ") and len(err.strip().splitlines()) == 1, err


PRUNER = textwrap.dedent(
    """
    import asyncio, sys
    from utils.storage.engine import Database
    from utils.memory.store import prune_expired_in_batches

    async def main():
        db = Database(sys.argv[1], migrate=False)
        assert await db.connect(), db.last_error
        print("ready", flush=True)
        sys.stdin.readline()  # both pruners start together
        print(await prune_expired_in_batches(db, batch_rows=7), flush=True)
        await db.close()

    asyncio.run(main())
    """
)
SEED = textwrap.dedent(
    """
    import asyncio, sys
    from datetime import UTC, datetime, timedelta
    from utils.storage.engine import Database
    from utils.storage.memories import save_memory

    async def main():
        db = Database(sys.argv[1])
        assert await db.connect(), db.last_error
        past, future = datetime.now(UTC) - timedelta(hours=1), datetime.now(UTC) + timedelta(days=1)
        for n in range(int(sys.argv[2])):
            expires = past if n % 4 else future
            await db.run(save_memory, 1000 + n % 9, f"fact {n}", ["t"], "medium", expires, "chat", cap=500)
        await db.close()

    asyncio.run(main())
    """
)


@pytest.mark.slow
def test_two_pruners_by_mistake_delete_and_audit_each_expired_row_once(tmp_path: Path, database_url: str) -> None:
    url = database_url
    env = {**clean_env(url), "PYTHONPATH": str(PROJECT_ROOT)}
    seeded = subprocess.run([sys.executable, "-c", SEED, url, "240"], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert seeded.returncode == 0, seeded.stderr
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(240,)]

    pruners = [
        subprocess.Popen(
            [sys.executable, "-c", PRUNER, url],
            env=env,
            cwd=tmp_path,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    for pruner in pruners:
        assert pruner.stdout is not None and pruner.stdout.readline().strip() == "ready"
    for pruner in pruners:
        assert pruner.stdin is not None
        pruner.stdin.write("go\n")
        pruner.stdin.flush()
    counts = []
    for pruner in pruners:
        out, err = pruner.communicate(timeout=120)
        assert pruner.returncode == 0, err
        counts.append(int(out.strip().splitlines()[-1]))

    # A pruner stops at a short batch, and a batch is short when the other took part of it: what both
    # left, if anything, is the next run's (here, one more run), and no row is ever counted twice.
    again = subprocess.run(
        [sys.executable, "-c", PRUNER, url], env=env, cwd=tmp_path, input="go\n", capture_output=True, text=True
    )
    assert again.returncode == 0, again.stderr
    counts.append(int(again.stdout.strip().splitlines()[-1]))
    assert sum(counts) == 180  # three of every four rows had expired
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(60,)]
    audited = Counter(row[0] for row in query(database_url, "SELECT MemoryId FROM MemoryAudit WHERE Action = 'pruned_expired'"))
    assert len(audited) == 180 and set(audited.values()) == {1}
