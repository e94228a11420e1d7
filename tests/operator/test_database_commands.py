"""`python3 bot.py backup`, `restore` and `copy-db` as an owner runs them: the lines printed and the exit status.

The commands' work is tested in tests/storage/test_backup_restore.py and test_copy_database.py;
here a real `bot.py` process runs each one on an SQLite file (the default database they act on),
and a server URL gets the server's way, named, instead of a pretence.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from database_seed import seed_every_table

from utils.config import Settings
from utils.storage.engine import create_engine_for
from utils.storage.migrate import head_revision, migrate_to_head
from utils.storage.schema import bot_process

BOT = Path(__file__).resolve().parents[2] / "bot.py"
SETTING_NAMES = {name.upper() for name in Settings.model_fields}
SERVER = "mssql+pyodbc://bot:secret@db.example:1433/BreehaviorMonitor?driver=ODBC+Driver+18+for+SQL+Server"

pytestmark = pytest.mark.sqlite_only("the commands back up, restore and copy the owner's SQLite file")


def run(args: list[str], database: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k.upper() not in SETTING_NAMES}
    env["DB_CONNECTION_STRING"] = database
    return subprocess.run([sys.executable, str(BOT), *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)


def seeded(path: Path) -> str:
    url = sa.URL.create("sqlite", database=str(path))
    engine = create_engine_for(url, 1)
    try:
        migrate_to_head(engine)
        seed_every_table(engine, members=3, memories_per_member=4)
    finally:
        engine.dispose()
    return f"sqlite:///{path}"


@pytest.mark.slow
def test_backup_then_restore_as_an_owner_runs_them(tmp_path: Path) -> None:
    database = seeded(tmp_path / "data" / "bot.db")

    backup = run(["backup"], database, tmp_path)
    assert backup.returncode == 0, backup.stderr
    [line] = backup.stdout.splitlines()
    assert line.startswith(f"Backed up {tmp_path / 'data' / 'bot.db'} to {tmp_path / 'data' / 'backups' / 'bot-'}")
    assert f"schema {head_revision()}; 11 memories)." in line
    made = next((tmp_path / "data" / "backups").glob("bot-*.db"))

    restore = run(["restore", str(made)], database, tmp_path)
    assert restore.returncode == 0, restore.stderr
    assert f"Restored {tmp_path / 'data' / 'bot.db'} from {made} (schema {head_revision()}; 11 memories)." in restore.stdout
    assert "The database it replaced is kept as" in restore.stdout
    assert restore.stderr == ""

    refused = run(["restore", str(tmp_path / "nothing.db")], database, tmp_path)
    assert refused.returncode == 1
    assert refused.stderr.strip().splitlines() == [f"error: nothing restored: {tmp_path / 'nothing.db'} does not exist"]


@pytest.mark.slow
def test_restore_refuses_while_a_bot_reports_itself_alive(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    database = seeded(path)
    backup = run(["backup", str(tmp_path / "b.db")], database, tmp_path)
    assert backup.returncode == 0, backup.stderr
    engine = create_engine_for(sa.URL.create("sqlite", database=str(path)), 1)
    with engine.begin() as conn:
        conn.execute(sa.insert(bot_process).values(process_id="live", seen_change_seq=0, seen_at=datetime.now(UTC)))
    engine.dispose()
    before = path.read_bytes()
    done = run(["restore", str(tmp_path / "b.db")], database, tmp_path)
    assert done.returncode == 1
    assert "stop the bot first" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before


@pytest.mark.slow
def test_copy_db_prints_every_tables_counts_and_refuses_a_second_time(tmp_path: Path) -> None:
    database = seeded(tmp_path / "bot.db")
    first = run(["copy-db", "--to", "sqlite:///copy.db"], database, tmp_path)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[0].startswith(f"Copied {tmp_path / 'bot.db'} to copy.db in ")
    assert "  UserMemory               11 -> 11" in lines
    assert "  LlmLogMember              6 -> 6" in lines
    assert lines[-1].startswith("Every count matches.")
    second = run(["copy-db", "--to", "sqlite:///copy.db"], database, tmp_path)
    assert second.returncode == 1
    [line] = second.stderr.strip().splitlines()
    assert line.startswith("error: nothing copied: the target already holds data (")


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["backup"], "BACKUP DATABASE [BreehaviorMonitor] TO DISK = N'/var/opt/mssql/backup/BreehaviorMonitor.bak'"),
        (["backup"], "python3 bot.py copy-db --to sqlite:///backup.db"),
        (["restore", "x.bak"], "RESTORE DATABASE [BreehaviorMonitor] FROM DISK = N'/var/opt/mssql/backup/BreehaviorMonitor.bak'"),
    ],
    ids=["backup-server-way", "backup-sqlite-copy", "restore-server-way"],
)
def test_on_sql_server_backup_and_restore_name_the_servers_way(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot

    monkeypatch.setenv("DB_CONNECTION_STRING", SERVER)
    assert bot.main(args) == 2
    err = capsys.readouterr().err
    assert expected in err and "secret" not in err


def test_copy_db_names_a_target_that_is_no_database_url(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot

    monkeypatch.setenv("DB_CONNECTION_STRING", "sqlite:///unused.db")
    assert bot.main(["copy-db", "--to", "not a url"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("error: --to 'not a url': it is neither an SQLAlchemy URL nor an ODBC string")


@pytest.mark.slow
def test_a_backup_folder_it_cannot_write_is_one_line(tmp_path: Path) -> None:
    database = seeded(tmp_path / "bot.db")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    done = run(["backup", str(blocker / "b.db")], database, tmp_path)
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert line == f"error: no backup made: File exists ({blocker})"
