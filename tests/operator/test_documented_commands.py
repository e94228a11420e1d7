"""Every shell command of the README and docs/*.md, run where operators run it: a checkout set up by the
README's pip path (a), the Docker runtime image simulated (b), and the checkout after `python3 -m tests` (c).

The rules that say what each command means here are in tests/support/documented.py; a command no rule
matches fails `test_every_documented_command_has_a_rule`, so a new one is covered the day it is written.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from doc_envs import BUILDERS, Environment, cache_dir
from documented import ENVIRONMENTS, Documented, Run, action_for, commands_of, documented_commands
from fake_llm import FakeLLM, FakeLLMServer
from monitor_fakes import Analyst
from old_deployment import old_deployment_db

from utils.bootstrap import RERUN_VARIABLE, SKIP_VARIABLE
from utils.config import Settings
from utils.notes_migration import PROFILE_TOOL

SETTING_NAMES = {name.upper() for name in Settings.model_fields}
SETTING_UP = "Setting up "
OLD_NOTES = "[2026-01-02 13:00] plays GTA every evening\n[2026-01-03 18:30] is learning the guitar"
TRANSCRIPT = [
    {"author_id": 7, "author_name": "Bob", "channel": "general", "content": "gg everyone", "timestamp": 1772366400},
    {"author_id": 7, "author_name": "Bob", "channel": "general", "content": "you are an idiot", "timestamp": 1772366410},
    {"author_id": 8, "author_name": "Ann", "channel": "general", "content": "new game tonight?", "timestamp": 1772366420},
]


def test_every_documented_command_has_a_rule() -> None:
    """A command added to the README or docs/ without a rule fails here, naming its file and line."""
    commands = documented_commands()
    assert len(commands) > 25, "the scan finds the documents' commands"
    assert any(c.command == "python3 bot.py" and c.where.startswith("README.md:") for c in commands)
    unmatched = [f"{c.where}: {c.command}" for c in commands for env in ENVIRONMENTS if action_for(c.command, env) is None]
    assert unmatched == [], "no rule in tests/support/documented.py says what these mean; add one"


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        ("```bash\npython3 bot.py   # runs\n```\n", ["python3 bot.py"]),
        ("text\n\n```sh\n# a comment\nmake love\n```\n", ["make love"]),
        ("```console\n$ python3 bot.py doctor\n✓ settings: valid\n```\n", ["python3 bot.py doctor"]),
        ("```bash\ndocker run -d \\\n  -e A=1 \\\n  image\n```\n", ["docker run -d -e A=1 image"]),
        ("```bash\nA='x #y' python3 -m bench  # note\n```\n", ["A='x #y' python3 -m bench"]),
        ("```ini\nLLM_MODEL=x\n```\n```python\nprint(1)\n```\n", []),
    ],
    ids=["comment", "sh", "console", "continuation", "quoted-hash", "not-shell"],
)
def test_commands_are_read_from_shell_blocks_only(markdown: str, expected: list[str]) -> None:
    assert [c.command for c in commands_of(markdown, "X.md")] == expected


def test_a_new_command_matches_no_rule_and_would_fail() -> None:
    """The rules are not a catch-all: a command nobody has thought about is reported."""
    for command in ("make deploy", "python3 scripts/new_tool.py --wipe; rm -rf /", "docker compose down -v", "curl x | sh"):
        assert all(action_for(command, env) is None for env in ENVIRONMENTS), command
    assert commands_of("```bash\npython3 bot.py\nmake deploy\n```\n", "README.md")[1] == Documented("README.md:3", "make deploy")


@pytest.fixture(scope="module")
def llm() -> Iterator[tuple[FakeLLMServer, FakeLLM]]:
    """One fake LLM for every command: it answers chat, the extractor, the monitor and the migration."""
    fake = FakeLLM()
    fake.chat = lambda body: "Nice to meet you!"
    fake.tools["report_analysis"] = Analyst()
    fake.tools[PROFILE_TOOL.name] = lambda body: {"profile": "Plays GTA; learning the guitar."}
    server = FakeLLMServer(fake).start()
    yield server, fake
    server.stop()


def command_env(environment: Environment, server: FakeLLMServer) -> dict[str, str]:
    """The machine's environment without any bot setting or bootstrap switch, with the env's venv first on PATH."""
    drop = SETTING_NAMES | {SKIP_VARIABLE, RERUN_VARIABLE, "VIRTUAL_ENV", "PYTHONPATH", "BREEHAVIOR_ENV_FILE"}
    env = {k: v for k, v in os.environ.items() if k.upper() not in drop}
    env.update(environment.variables)
    env["PATH"] = f"{environment.bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"
    env.update(
        LLM_BASE_URL=server.base_url,
        LLM_MODEL="test-model",
        LLM_MAX_RETRIES="0",
        LLM_TIMEOUT_SECONDS="20",
        MEMORY_EXTRACTION_DELAY_SECONDS="0",
    )
    return env


def prepare(run: Run, root: Path) -> None:
    if "transcript" in run.needs:
        words = run.shell.split()
        name = next(w for w in words if w.endswith(".jsonl"))
        (root / name).write_text("".join(json.dumps(line) + "\n" for line in TRANSCRIPT), encoding="utf-8")
    if "database" in run.needs and not (root / "data" / "bot.db").exists():
        old_deployment_db(root / "data", 101, OLD_NOTES)
    if "notes" in run.needs:
        database = root / "data" / "bot.db"
        if not database.exists():
            old_deployment_db(database.parent, 101, OLD_NOTES)
        else:  # made by an earlier command: an old deployment's member notes in it
            conn = sqlite3.connect(database)
            conn.execute("INSERT OR REPLACE INTO UserState (UserId, OffenseCount, UserNotes) VALUES (101, 0, ?)", (OLD_NOTES,))
            conn.commit()
            conn.close()


def problem_with(run: Run, done: subprocess.CompletedProcess[str]) -> str | None:
    output = done.stdout + done.stderr
    if "Traceback (most recent call last)" in output:
        return f"a traceback:\n{output[-1500:]}"
    if SETTING_UP in done.stderr:
        return "it set up a venv: the environment should already have had everything"
    if run.expect == "token":
        lines = done.stderr.strip().splitlines()
        if done.returncode != 1 or not lines or "DISCORD_TOKEN" not in lines[-1] or "bot.py chat" not in lines[-1]:
            return f"expected exit 1 and the one-line DISCORD_TOKEN message, got {done.returncode}:\n{output[-800:]}"
        return None
    if done.returncode != 0:
        return f"exit {done.returncode}:\n{output[-1500:]}"
    if run.expect == "chat" and "Nice to meet you!" not in done.stdout:
        return f"no reply on stdout:\n{output[-800:]}"
    return None


@pytest.mark.slow
@pytest.mark.sqlite_only("runs the docs' commands as written, on the default SQLite file a new operator gets")
@pytest.mark.parametrize("name", ENVIRONMENTS)
def test_every_documented_command_works_where_it_is_run(
    name: str, llm: tuple[FakeLLMServer, FakeLLM], capsys: pytest.CaptureFixture[str]
) -> None:
    environment = BUILDERS[name](cache_dir())
    server, _fake = llm
    env = command_env(environment, server)
    report: list[str] = []
    failures: list[str] = []
    for documented in documented_commands():
        action = action_for(documented.command, name)
        if isinstance(action, str) or action is None:
            report.append(f"({name}) {documented.where}: {documented.command}\n      not run: {action}")
            continue
        for run in action:
            prepare(run, environment.root)
            shell = ["bash", "-c", run.shell]
            root = environment.root
            done = subprocess.run(shell, cwd=root, env=env, input=run.stdin, capture_output=True, text=True, timeout=180)
            problem = problem_with(run, done)
            report.append(f"({name}) {documented.where}: {documented.command}\n      ran: {run.shell} -> exit {done.returncode}")
            if problem:
                failures.append(f"{documented.where}: {documented.command}\n  ran in ({name}): {run.shell}\n  {problem}")
    if name == "b":
        assert not (environment.root / ".venv").exists(), "the image's interpreter was enough: nothing was set up"
    with capsys.disabled():
        print(f"\nDocumented commands in environment ({name}), {environment.root}:\n" + "\n".join(report))
    assert sum("ran:" in line for line in report) >= 5, "the commands did run"
    assert failures == [], "\n\n".join(failures)
