"""Real processes flushing the behaviour monitor's state of one member into one SQLite file (WAL).

Two processes count offenses and off-topic messages and note lines for the same member,
flushing at their own pace, both at once: every increment and every line lands exactly
once (a full-row flush loses one process's work to the other's).
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from shared_database import query
from test_shared_database import clean_env

from utils.paths import PROJECT_ROOT
from utils.storage.engine import Database

WRITER = textwrap.dedent(
    """
    import asyncio, sys
    from datetime import UTC, datetime, timedelta
    from utils.monitor.state import MonitorState
    from utils.storage import members
    from utils.storage.engine import Database

    async def main():
        url, me, rounds, every = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        db = Database(url, migrate=False)
        assert await db.connect(), db.last_error
        state = MonitorState()
        state.load(await db.run(members.load_user_states))
        print("ready", flush=True)
        sys.stdin.readline()  # both start together
        start = datetime(2026, 3, 1, tzinfo=UTC)
        for n in range(rounds):
            state.record_offense(42, start + timedelta(seconds=n), timedelta(days=1))
            state.record_topic(42, True)
            state.add_observation(42, f"{me} noticed {n}", start + timedelta(minutes=n))
            if n % every == 0:
                await state.flush(db)
        await state.flush(db)
        print(state.dropped_lines, flush=True)
        await db.close()

    asyncio.run(main())
    """
)


async def _migrated(url: str) -> None:
    db = Database(url)
    assert await db.connect(), db.last_error
    await db.close()


@pytest.mark.slow
@pytest.mark.parametrize(("rounds", "every"), [(40, 1), (40, 3), (25, 7)])
def test_two_processes_flushing_one_member_lose_nothing_of_each_other(
    tmp_path: Path, database_url: str, rounds: int, every: int
) -> None:
    asyncio.run(_migrated(database_url))
    env = {**clean_env(database_url), "PYTHONPATH": str(PROJECT_ROOT)}
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, database_url, me, str(rounds), str(every)],
            env=env,
            cwd=tmp_path,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for me in "AB"
    ]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    for writer in writers:
        _out, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err
    assert query(database_url, "SELECT OffenseCount, OffTopicCount FROM UserState WHERE UserId = 42") == [
        (2 * rounds, 2 * rounds)
    ]
    [(notes,)] = query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = 42")
    noticed = sorted(line.split("] ", 1)[1] for line in notes.splitlines())
    assert noticed == sorted(f"{me} noticed {n}" for me in "AB" for n in range(rounds))
