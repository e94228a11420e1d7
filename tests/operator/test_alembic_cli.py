"""The alembic command docs/sql-server.md and migrations/alembic.ini give, run exactly as written from the checkout.

Alembic loads migrations/env.py, which imports the project (utils/): the ini's `prepend_sys_path = .` puts the
folder the command runs from on sys.path, as `python3 bot.py` has it, without env.py editing sys.path itself.
"""

from __future__ import annotations

import os
import re
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from utils.storage.migrate import head_revision

ROOT = Path(__file__).resolve().parents[2]
ALEMBIC = Path(sys.executable).with_name("alembic")
DOCUMENTED = re.compile(r"alembic -c migrations/alembic\.ini upgrade head(?: --sql)?")


def documented_alembic_commands() -> list[str]:
    texts = [(ROOT / "docs" / "sql-server.md").read_text(encoding="utf-8"), (ROOT / "migrations" / "alembic.ini").read_text()]
    return sorted({match for text in texts for match in DOCUMENTED.findall(text)})


def run(command: str, database: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    words = shlex.split(command)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DB_CONNECTION_STRING")}
    env.update(DB_CONNECTION_STRING=database, BREEHAVIOR_ENV_FILE="", HOME=str(tmp_path))
    return subprocess.run([str(ALEMBIC), *words[1:]], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_the_docs_give_both_forms_of_the_command() -> None:
    assert documented_alembic_commands() == [
        "alembic -c migrations/alembic.ini upgrade head",
        "alembic -c migrations/alembic.ini upgrade head --sql",
    ]


def test_the_ini_puts_the_project_folder_on_sys_path_and_env_py_leaves_sys_path_alone() -> None:
    ini = (ROOT / "migrations" / "alembic.ini").read_text(encoding="utf-8")
    assert re.search(r"^prepend_sys_path = \.$", ini, re.M)
    assert "sys.path" not in (ROOT / "migrations" / "env.py").read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.sqlite_only("the documented command's own run on a file in tmp; the server's schema is proven by the suite")
@pytest.mark.parametrize("existing", ["none", "at 0001"])
def test_the_upgrade_command_runs_as_documented(tmp_path: Path, existing: str) -> None:
    database = tmp_path / "bot.db"
    if existing == "at 0001":
        assert run("alembic -c migrations/alembic.ini upgrade 0001", f"sqlite:///{database}", tmp_path).returncode == 0
    done = run("alembic -c migrations/alembic.ini upgrade head", f"sqlite:///{database}", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "No module named" not in done.stderr and "Traceback" not in done.stderr
    with sqlite3.connect(database) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(head_revision(),)]


@pytest.mark.slow
@pytest.mark.parametrize(
    "database",
    [
        "mssql+pyodbc://bot:s3cret%40x@sql.example.com:1433/BreehaviorMonitor?driver=ODBC+Driver+18+for+SQL+Server",
        "DRIVER={ODBC Driver 18 for SQL Server};SERVER=sql.example.com,1433;DATABASE=BreehaviorMonitor;UID=bot;PWD={s;x}",
    ],
    ids=["url", "raw-odbc"],
)
def test_the_offline_sql_command_renders_the_schema_for_a_dba(tmp_path: Path, database: str) -> None:
    """`--sql` connects to nothing: the server named need not exist."""
    done = run("alembic -c migrations/alembic.ini upgrade head --sql", database, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "CREATE TABLE [UserState]" in done.stdout and f"'{head_revision()}'" in done.stdout
