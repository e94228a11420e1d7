"""Every shell command the README and docs/*.md give, and what running each one means here.

A command comes from a fenced ``bash``, ``sh`` or ``console`` block (continuation lines joined,
comments cut). Each must match one rule of ``RULES``: what to run for it in each environment
(the command itself, the same made safe with ``--dry-run``/``--help``/``--skip-discord``/an
SQLite URL, or what a docker command runs inside the image), or why it cannot run here. A
command no rule matches is a failure, so a newly documented command is covered the day it is
written.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dockerfile import Stage, dockerfile_stages

from utils.paths import PROJECT_ROOT

FENCE = re.compile(r"^```(bash|sh|console)[ \t]*\n(.*?)^```", re.S | re.M)
ENVIRONMENTS = ("a", "b", "c")
"""a: a copy of the checkout with a venv made by the README's pip path (runtime lock only);
b: the Dockerfile's runtime stage simulated (exactly the files it copies, a venv with only what it installs);
c: a copy of the checkout run by the interpreter `python3 -m tests` set up (both locks)."""


def documents(root: Path = PROJECT_ROOT) -> list[Path]:
    found = [root / "README.md", root / "CONTRIBUTING.md", *sorted((root / "docs").glob("*.md"))]
    return [path for path in found if path.is_file()]


@dataclass(frozen=True)
class Documented:
    where: str
    """file:line of the command's first line."""
    command: str
    """As written, comments cut and continuation lines joined."""


def commands_of(text: str, name: str) -> list[Documented]:
    """The commands of one Markdown text's shell blocks, with the file:line each starts at."""
    found: list[Documented] = []
    for block in FENCE.finditer(text):
        first_line = text.count("\n", 0, block.start(2)) + 1
        pending, start = "", 0
        for offset, raw in enumerate(block.group(2).splitlines()):
            line = raw.strip()
            if block.group(1) == "console":
                if not line.startswith("$ ") and not pending:
                    continue  # output lines of a console block
                line = line.removeprefix("$ ")
            if not pending:
                start = first_line + offset
            if line.endswith("\\"):
                pending += line[:-1].rstrip() + " "
                continue
            command = cut_comment(pending + line)
            pending = ""
            if command:
                found.append(Documented(f"{name}:{start}", command))
    return found


def cut_comment(line: str) -> str:
    """The line without its `# comment` (a # inside quotes, or inside a word, stays)."""
    text = line.strip()
    quote = ""
    for index, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or text[index - 1].isspace()):
            return text[:index].strip()
    return text


def documented_commands(root: Path = PROJECT_ROOT) -> list[Documented]:
    found: list[Documented] = []
    for path in documents(root):
        found += commands_of(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix())
    return found


@dataclass(frozen=True)
class Run:
    """One thing to run in an environment for a documented command, and what it must do."""

    shell: str
    expect: str = "ok"
    """ok: exit 0; token: exit 1 with the one-line DISCORD_TOKEN message; chat: exit 0 and a reply."""
    needs: tuple[str, ...] = ()
    """Preparations: transcript (a transcript.jsonl), notes (a database holding old timestamped notes), database
    (a database to back up or copy, made if none is there yet)."""
    stdin: str = ""


Action = list[Run] | str
"""What to run, or why nothing can run (the reason is listed with the command)."""


PY = r"python3?"
IMAGE_ONLY = "a docker command: it runs inside the image, environment (b)"
NOT_IN_IMAGE = "{} is not in the runtime image (the Dockerfile's runtime stage does not copy it)"


def bot_runs(python: str, arguments: str) -> list[Run]:
    """`python bot.py …`: the bare start ends with its token line; doctor without Discord; chat with input."""
    words = arguments.split()
    if not words or words == ["run"]:
        return [Run(f"{python} bot.py" + (" run" if words else ""), expect="token")]
    if words[0] == "doctor":
        return [Run(f"{python} bot.py doctor --skip-discord")]  # the Discord login needs a real token
    if words[0] == "chat":
        return [Run(f"{python} bot.py {arguments}", expect="chat", stdin="Hi, I play chess every evening.\n")]
    if words[0] == "backup":
        return [Run(f"{python} bot.py {arguments}", needs=("database",))]
    return [Run(f"{python} bot.py {arguments}")]


def database_file_runs(python: str, command: str, file: str) -> list[Run]:
    """`backup FILE`, `restore FILE`, `copy-db --to sqlite:///FILE` as written, on a database that is there: a backup
    never overwrites and a copy fills only an empty target, so the file is made anew (restore: made by a backup)."""
    if command == "restore":
        made = Run(f"test -e {file} || {python} bot.py backup {file}", needs=("database",))
        return [made, Run(f"{python} bot.py restore {file}")]
    if command == "backup":
        return [Run(f"rm -f {file} && {python} bot.py backup {file}", needs=("database",))]
    return [Run(f"rm -f {file} && {python} bot.py copy-db --to sqlite:///{file}", needs=("database",))]


def script_runs(python: str, script: str, arguments: str) -> list[Run]:
    """The scripts write to the database: each runs with --dry-run, on prepared input."""
    words = arguments.split()
    if script == "replay_monitor.py":  # a dry run by default; --write is the one word that makes it write
        safe = [word for word in words if word != "--write"]
        return [Run(f"{python} scripts/{script} {' '.join(safe)}", needs=("transcript",))]
    if script == "migrate_notes_to_profiles.py":
        safe = words if "--dry-run" in words else [*words, "--dry-run"]
        return [Run(f"{python} scripts/{script} {' '.join(safe)}", needs=("notes",))]
    if script == "healthcheck.py":
        return [Run(f"{python} scripts/{script}")]
    return [Run(f"{python} scripts/{script} {' '.join(words)} --help")]


def inside_image(inner: str, env: str) -> Action:
    """`docker compose run --rm bot CMD`: CMD, as the image runs it, in environment (b)."""
    if env != "b":
        return IMAGE_ONLY
    action = action_for(inner, env)
    return action if action is not None else f"no rule for the command inside the container: {inner}"


def image_start(env: str) -> Action:
    """Starting the container runs the image's CMD, and Docker runs its HEALTHCHECK beside it."""
    if env != "b":
        return IMAGE_ONLY
    runtime = runtime_stage()
    cmd = shlex.join(json.loads(runtime.args_of("CMD")[-1]))
    healthcheck = shlex.join(json.loads(runtime.args_of("HEALTHCHECK")[-1].split(" CMD ", 1)[1]))
    return [Run(cmd, expect="token"), Run(healthcheck)]


def runtime_stage(root: Path = PROJECT_ROOT) -> Stage:
    stages = {stage.name: stage for stage in dockerfile_stages((root / "Dockerfile").read_text(encoding="utf-8"))}
    return stages["runtime"]


def bench_runs(env: str, python: str, arguments: str) -> Action:
    if env == "b":
        return NOT_IN_IMAGE.format("bench/")
    if env == "a":
        return "needs the dev lock (tests/requirements.txt), which the README's pip path does not install: run in (c)"
    words = arguments.split()
    if "--embed-url" in words and "local" in words:
        return "needs bench/requirements.txt (torch, sentence-transformers: gigabytes); `python3 -m bench --help` lists it"
    # Its arguments are checked (argparse reads them in order, --help last); the benchmarks themselves,
    # minutes each, run on tiny data in tests/process/test_bench_smoke.py.
    return [Run(" ".join([python, "-m bench", *words, "--help"]))]


RULES: list[tuple[str, Callable[[re.Match[str], str], Action]]] = [
    (
        rf"(?P<py>{PY}) bot\.py (?P<command>backup|restore|copy-db --to sqlite:///)(?: ?)(?P<file>[\w/.-]+)",
        lambda m, env: database_file_runs(m["py"], m["command"].split()[0], m["file"]),
    ),
    (
        rf"(?P<py>{PY}) bot\.py copy-db --to 'mssql\+pyodbc://[^']+'",
        lambda m, env: database_file_runs(m["py"], "copy-db", "data/copy-db-check.db"),  # the same made safe: SQLite
    ),
    (rf"(?P<py>{PY}) bot\.py(?P<args>(?: [-\w=]+)*)", lambda m, env: bot_runs(m["py"], m["args"].strip())),
    (
        rf"(?P<py>{PY}) scripts/(?P<script>\w+\.py)(?P<args>(?: [-\w.=]+)*)",
        lambda m, env: script_runs(m["py"], m["script"], m["args"].strip()),
    ),
    (rf"(?P<py>{PY}) -m scripts\.(?P<module>\w+)", lambda m, env: [Run(f"{m['py']} -m scripts.{m['module']}")]),
    (
        rf"{PY} -m tests(?: .*)?",
        lambda m, env: "the test suite itself (this test is part of it); .ci/run runs this command literally",
    ),
    (
        rf"(?P<db>BENCH_DB_URL='[^']*' )?(?P<py>{PY}) -m bench(?P<args>(?: [-\w.=]+)*)",
        lambda m, env: bench_runs(env, ("BENCH_DB_URL=sqlite:///bench.db " if m["db"] else "") + m["py"], m["args"]),
    ),
    (
        r"(?:\.venv/bin/)?ruff (?P<args>check .*|format --check .*)",
        lambda m, env: (
            [Run(f"python3 -m ruff {m['args']}")]
            if env == "c"
            else "a developer's tool from the dev lock (tests/requirements.txt): run in (c)"
        ),
    ),
    (
        rf"{PY} -m bench\.real_models --table (?P<files>[\w/.\- ]+)",
        lambda m, env: (
            [Run(f"python3 -m bench.real_models --table {m['files']}")]
            if env == "c"
            else "a developer's tool from the dev lock (tests/requirements.txt): run in (c)"
        ),
    ),
    (
        rf"{PY} -m bench\.real_models .*",
        lambda m, env: "measures real models: needs the llama-cpp-python server and GGUF files of the lines above",
    ),
    (
        r"(?:python3 -m venv )?~/llama\S*.*",
        lambda m, env: (
            "the optional llama-cpp-python server and GGUF files of docs/real-models.md "
            "(a 12-45 minute compile, 350 MB of downloads): never part of the tests"
        ),
    ),
    (
        rf"MSSQL_TEST_URL='[^']*' {PY} -m tests(?: -n 0)?(?: tests/[\w/]+\.py)*",
        lambda m, env: (
            "needs a SQL Server of the reader's own (MSSQL_TEST_URL); without it the same tests run on SQLite, in this suite"
        ),
    ),
    (r"(?:export )?[A-Za-z_]\w*=\S.*", lambda m, env: "sets a shell variable for the lines below it"),
    (r"\. \.venv/bin/activate", lambda m, env: "activates .venv in the reader's own shell: nothing to run"),
    (
        r"pre-commit install",
        lambda m, env: "installs git hooks in the reader's clone (pre-commit is theirs to install); they run ruff and mypy",
    ),
    (
        r"(?:\.venv/bin/)?mypy",
        lambda m, env: "the type check of the whole product, a developer's tool from the dev lock: .ci/run runs it",
    ),
    (
        r"\.ci/lock(?: .*)?",
        lambda m, env: (
            "resolves pyproject.toml against the package index (network, uv); "
            "tests/operator/test_dependencies.py proves the locks agree with pyproject.toml"
        ),
    ),
    (
        r"git clone .+ (?P<dir>\S+) && cd (?P=dir)",
        lambda m, env: "each environment is a fresh copy of this checkout, which is what the clone gives",
    ),
    (
        r"cp \.env\.example \.env",
        lambda m, env: [Run("cp .env.example .env")] if env != "b" else NOT_IN_IMAGE.format(".env.example"),
    ),
    (
        r"python3 -m venv \.venv && \. \.venv/bin/activate",
        lambda m, env: "how environment (a) is made: its fixture runs this line" if env == "a" else "the set-up of (a)",
    ),
    (
        r"pip install --require-hashes -r requirements\.txt",
        lambda m, env: "how environments (a) and (b) are made: their fixtures run it (b: the Dockerfile's RUN)",
    ),
    (
        r"ollama pull \S+",
        lambda m, env: "downloads a model into Ollama; every command here runs against the fake LLM instead",
    ),
    (r"docker compose up --build -d", lambda m, env: image_start(env)),
    (
        r"docker compose exec mssql /opt/mssql-tools18/bin/sqlcmd -S localhost -U sa -C -b -Q "
        r"\"(?:BACKUP|RESTORE) DATABASE \[\w+\] (?:TO|FROM) DISK = N'/var/opt/mssql/data/\w+\.bak' WITH [A-Z, ]+\"",
        lambda m, env: "backs up or restores the bundled SQL Server inside its container: there is no Docker engine here",
    ),
    (
        r"docker compose cp (?:mssql:/var/opt/mssql/data/\w+\.bak \./\w+\.bak|\./\w+\.bak mssql:/var/opt/mssql/data/\w+\.bak)",
        lambda m, env: "copies a backup out of or into the SQL Server container's volume: there is no Docker engine here",
    ),
    (r"git pull", lambda m, env: "updates the reader's clone from its remote; each environment is already this checkout"),
    (
        r"sudo systemctl (?:daemon-reload|(?:restart|status|enable --now) breehavior)",
        lambda m, env: "manages the systemd service (root, systemd): there is no systemd here",
    ),
    (r"journalctl -u breehavior (?:-f|--since today)", lambda m, env: "reads the systemd journal: there is no systemd here"),
    (
        r"sudo (?:useradd --system --home-dir /opt/breehavior --shell /usr/sbin/nologin breehavior"
        r"|chown -R breehavior:breehavior /opt/breehavior"
        r"|install -d -o breehavior -g breehavior -m 700 /opt/breehavior/data)",
        lambda m, env: "creates the service's user and gives it the bot's folder (root): not on this machine",
    ),
    (
        r"cd /opt/breehavior && sudo -u breehavior (?P<inner>.+)",
        lambda m, env: action_for(m["inner"], env) or f"no rule for the command run as the bot's user: {m['inner']}",
    ),
    (r"docker build -t \S+ \.", lambda m, env: "how environment (b) is made: its fixture simulates this build"),
    (r"docker run -d .* -e (?P<var>\w+)=\S+ +\S+", lambda m, env: image_start(env)),
    (r"docker compose run --rm bot (?P<inner>.+)", lambda m, env: inside_image(m["inner"], env)),
    (
        r"docker compose logs -f \S+",
        lambda m, env: "follows a running container's log: there is no Docker engine here",
    ),
    (
        r"docker compose (?:stop|start) bot",
        lambda m, env: (
            "stops or starts the running container (no engine here); a start runs the image's CMD, "
            "which `docker compose up --build -d` runs in (b)"
        ),
    ),
    (
        r"docker compose --profile tests run --build --rm tests python -m pytest -q -p no:cacheprovider -n 0"
        r"(?: tests/[\w/]+\.py)+",
        lambda m, env: "needs SQL Server (the compose file's mssql service); the suite runs the same tests on SQLite",
    ),
    (
        r"cp docker-compose\.clusters\.yml docker-compose\.override\.yml",
        lambda m, env: (
            [Run("cp docker-compose.clusters.yml docker-compose.override.yml")]
            if env != "b"
            else NOT_IN_IMAGE.format("docker-compose.clusters.yml")
        ),
    ),
    (
        r"docker compose --profile tests run --build --rm tests",
        lambda m, env: "needs SQL Server (the compose file's mssql service); the suite runs the same tests on SQLite",
    ),
]
"""Every documented command's pattern (the whole command must match) and what it means in each environment."""


def action_for(command: str, env: str) -> Action | None:
    """What to do for a documented command in an environment; None when no rule knows it."""
    for pattern, action in RULES:
        match = re.fullmatch(pattern, command)
        if match:
            return action(match, env)
    return None
