"""`python bot.py doctor`: every check against real servers on 127.0.0.1 — the fake LLM, a fake Discord API, closed ports."""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp import web
from fake_llm import Failure, FakeLLM
from old_deployment import old_database
from settings_factory import SettingsFactory
from shared_database import ON_SERVER, SERVER_URL, drop_every_table, execute, query

from utils.config import Settings
from utils.doctor import run_doctor, startup_summary
from utils.doctor.checks import check_database, check_discord, describe_database
from utils.doctor.llm_checks import check_embeddings, check_llm, unreachable_fix
from utils.doctor.result import CheckResult, Status
from utils.memory.extraction import MEMORY_EXTRACTION_TOOL
from utils.prompts import load_prompt
from utils.storage.migrate import head_revision

GOOD_TOKEN = "MjIyMjIyMjIyMjIyMjIyMjIy.GoodTk.Zq3v9xN2bLwR7mYc4kTe8sHa1fUo6pJd5gQiVn"
"""Shaped like a bot token: three base64url parts, the first the application id 222222222222222222."""
MESSAGE_CONTENT_LIMITED = 1 << 19


def closed_port() -> int:
    """A port nothing listens on: bound, then released."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def doctor(settings: Settings | None, **kwargs: object) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = await run_doctor(settings, out=out, **kwargs)
    return code, [line for line in out.getvalue().splitlines() if line.strip()]


def line_of(lines: list[str], name: str) -> str:
    found = [line for line in lines if line[2:].startswith(f"{name}:")]
    assert found, f"no {name} line in {lines}"
    return found[0]


# ---------------------------------------------------------------------- the whole run
async def test_against_no_llm_it_names_the_url_and_llm_base_url_and_exits_1(make_settings: SettingsFactory) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    code, lines = await doctor(make_settings(llm_base_url=url), skip_discord=True)

    assert code == 1
    endpoint = line_of(lines, "LLM endpoint")
    assert endpoint.startswith("✗") and url in endpoint and "LLM_BASE_URL" in endpoint
    assert line_of(lines, "LLM completion").startswith("-") and line_of(lines, "LLM tool call").startswith("-")
    assert line_of(lines, "database").startswith("✓"), "the other checks still run"
    assert "failed" in lines[-1]


async def test_against_a_working_endpoint_it_exits_0_after_a_forced_extract_memories_call(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.models = ["test-model", "nomic-embed-text:latest"]
    fake_llm.tools["extract_memories"] = lambda body: {"memories": [{"memory": "Has a cat called Miso.", "topics": ["cat"]}]}
    code, lines = await doctor(make_settings(), skip_discord=True)

    assert code == 0, lines
    marks = [line[0] for line in lines[:-1]]  # a server through FreeTDS adds a "database driver" line
    assert set(marks[:-2]) == {"✓"} and marks[-2:] == ["-", "-"] and len(marks) >= 11, lines
    assert "forced tool call; 1 memory from the sample" in line_of(lines, "LLM tool call")
    assert "1 of 1 proposal would be kept after vetting" in line_of(lines, "LLM memory")
    [request] = fake_llm.tool_requests("extract_memories")
    assert request["tool_choice"] == {"type": "function", "function": {"name": "extract_memories"}}
    assert request["tools"] == [MEMORY_EXTRACTION_TOOL.as_openai()], "the real tool spec, not a copy"
    assert request["messages"][0]["content"] == load_prompt("memory_extraction"), "the real prompt"
    assert query(database_url, "SELECT Kind FROM LlmLog") == [("doctor",)], "the write check leaves one row"


async def test_a_configured_embedding_model_gets_one_embeddings_call(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    code, lines = await doctor(make_settings(embedding_model="nomic-embed-text", embedding_timeout_seconds=30), skip_discord=True)
    assert code == 0, lines
    assert line_of(lines, "embeddings").startswith("✓") and "nomic-embed-text" in line_of(lines, "embeddings")
    [body] = fake_llm.embedding_requests
    assert body["model"] == "nomic-embed-text"

    fake_llm.embedding_failures.append(Failure(404, 1, '{"error": {"message": "model not found"}}'))
    code, lines = await doctor(make_settings(embedding_model="nomic-embed-txt"), skip_discord=True)
    assert code == 1 and "EMBEDDING_MODEL" in line_of(lines, "embeddings")


async def test_invalid_settings_are_the_first_and_only_check(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LLM_BASE_URL", "localhost:11434/v1")
    code, lines = await doctor(None)

    assert code == 1
    assert lines[0].startswith("✗ settings:") and "LLM_BASE_URL" in lines[0] and "localhost:11434/v1" in lines[0]
    assert len(lines) == 2


@pytest.mark.slow
def test_bot_py_doctor_as_a_new_user_runs_it(tmp_path: Path, database_url: str, fake_llm: FakeLLM, llm_server: object) -> None:
    """No LLM: non-zero, naming the URL and LLM_BASE_URL. A working endpoint: 0, after the forced tool call."""
    bot = Path(__file__).resolve().parents[2] / "bot.py"
    names = {name.upper() for name in Settings.model_fields}
    env = {k: v for k, v in os.environ.items() if k.upper() not in names}
    env.update(BREEHAVIOR_ENV_FILE="", DB_CONNECTION_STRING=database_url, LLM_MODEL="test-model")
    gone = f"http://127.0.0.1:{closed_port()}/v1"

    def doctor_process(url: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(bot), "doctor", "--skip-discord"], env={**env, "LLM_BASE_URL": url},
            cwd=tmp_path, capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    down = doctor_process(gone)
    assert down.returncode == 1 and "Traceback" not in down.stderr
    assert any(gone in line and "LLM_BASE_URL" in line and line.startswith("✗") for line in down.stdout.splitlines())

    up = doctor_process(llm_server.base_url)  # type: ignore[attr-defined]
    assert up.returncode == 0, up.stdout + up.stderr
    assert "✓ LLM tool call" in up.stdout and len(fake_llm.tool_requests("extract_memories")) == 1


# ---------------------------------------------------------------------- LLM
async def test_a_model_the_endpoint_does_not_serve_is_named_with_its_setting(
    make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    fake_llm.models = ["qwen2.5:7b-instruct", "llama3.1:latest"]
    results = await check_llm(make_settings(llm_model="llama3.1"))  # Ollama serves `llama3.1` as llama3.1:latest
    # The fake proposes nothing from the sample: memory is a warning, not a failure.
    assert [r.status for r in results] == [Status.OK, Status.OK, Status.OK, Status.OK, Status.WARNING]

    before = len(fake_llm.chat_requests())
    results = await check_llm(make_settings(llm_model="qwen2.5:7b-instruct", llm_extraction_model="mistral:7b"))
    model = next(r for r in results if r.blocks)
    assert "mistral:7b" in model.detail and "LLM_EXTRACTION_MODEL" in model.fix and "ollama pull mistral:7b" in model.fix
    assert "qwen2.5:7b-instruct" in model.detail, "it lists what it does serve"
    assert len(fake_llm.chat_requests()) == before, "no completion is tried with a model that is not there"


async def test_a_model_that_ignores_the_forced_tool_call_blocks_and_names_the_setting(
    make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    fake_llm.tools["extract_memories"] = lambda body: None  # answers in prose instead
    results = await check_llm(make_settings(llm_model="tiny-model"))

    tool = results[-1]
    assert tool.name == "LLM tool call" and tool.blocks
    assert "tiny-model" in tool.detail and "LLM_MODEL" in tool.fix and "tool" in tool.fix


@pytest.mark.parametrize(
    ("answer", "why"), [("{not json", "invalid"), ({"memories": "x", "profile_update": 5}, None)], ids=["broken", "odd"]
)
async def test_broken_tool_arguments_block_but_odd_ones_are_accepted_leniently(
    make_settings: SettingsFactory, fake_llm: FakeLLM, answer: object, why: str | None
) -> None:
    fake_llm.tools["extract_memories"] = lambda body: answer
    tool = (await check_llm(make_settings()))[-1]
    assert tool.blocks == (why is not None)
    if why:
        assert why in tool.detail


async def test_an_endpoint_that_accepts_and_never_answers_is_cut_by_the_deadline(
    make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    fake_llm.gate = threading.Event()  # every completion waits until the test lets it go
    try:
        results = await check_llm(make_settings(llm_timeout_seconds=0.5))
    finally:
        fake_llm.gate.set()
    completion = next(r for r in results if r.name == "LLM completion")
    assert completion.blocks and "LLM_TIMEOUT_SECONDS" in completion.fix
    assert results[-1].status is Status.SKIPPED


def test_inside_docker_a_localhost_llm_is_explained() -> None:
    inside = unreachable_fix("http://localhost:11434/v1", container=True)
    assert "host.docker.internal" in inside and "LLM_BASE_URL" in inside
    assert "host.docker.internal" not in unreachable_fix("http://localhost:11434/v1", container=False)
    assert "host.docker.internal" not in unreachable_fix("http://gpu-box:11434/v1", container=True)


async def test_the_startup_summary_names_url_and_model_reachable_or_not(
    make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    down = await startup_summary(make_settings(llm_base_url=url, llm_model="qwen2.5:7b-instruct"))
    assert url in down and "LLM_BASE_URL" in down and "qwen2.5:7b-instruct" in down and "UNREACHABLE" in down
    assert "\n" not in down and "doctor" in down

    up = await startup_summary(make_settings())
    assert up.endswith(": reachable.") and "test-model" in up
    fake_llm.models = ["other-model"]
    assert "does not serve this model" in await startup_summary(make_settings())


# ---------------------------------------------------------------------- embeddings
def with_embeddings(base: dict[str, object], model: str, url: str, **more: object) -> Settings:
    return Settings(_env_file=None, **{**base, "embedding_model": model, "embedding_base_url": url, **more})


@pytest_asyncio.fixture
async def embeddings_server() -> AsyncIterator[str]:
    async def embed(request: web.Request) -> web.Response:
        body = await request.json()
        if body["model"] != "nomic-embed-text":
            return web.json_response({"error": {"message": f"model {body['model']!r} not found"}}, status=404)
        data = [{"object": "embedding", "index": i, "embedding": [0.1] * 768} for i, _ in enumerate(body["input"])]
        usage = {"prompt_tokens": 1, "total_tokens": 1}
        return web.json_response({"object": "list", "data": data, "model": body["model"], "usage": usage})

    app = web.Application()
    app.router.add_post("/v1/embeddings", embed)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    yield f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}/v1"
    await runner.cleanup()


async def test_embeddings_are_checked_only_when_configured(make_settings: SettingsFactory, embeddings_server: str) -> None:
    assert (await check_embeddings(make_settings())).status is Status.SKIPPED  # EMBEDDING_MODEL empty: off
    base = make_settings().model_dump()
    configured = with_embeddings(base, "nomic-embed-text", embeddings_server)
    result = await check_embeddings(configured)
    assert result.status is Status.OK and "768" in result.detail

    slow = with_embeddings(base, "nomic-embed-text", embeddings_server, embedding_timeout_seconds=0.000001)
    result = await check_embeddings(slow)
    assert result.status is Status.WARNING and not result.blocks and "EMBEDDING_TIMEOUT_SECONDS" in result.detail

    wrong = with_embeddings(base, "nomic-embed-txt", embeddings_server)
    result = await check_embeddings(wrong)
    assert result.blocks and "EMBEDDING_MODEL" in result.fix and "nomic-embed-txt" in result.fix

    gone = f"http://127.0.0.1:{closed_port()}/v1"
    unreachable = with_embeddings(base, "nomic-embed-text", gone)
    result = await check_embeddings(unreachable)
    assert result.blocks and gone in result.detail


# ---------------------------------------------------------------------- database
async def test_an_unreachable_database_names_db_connection_string(make_settings: SettingsFactory, tmp_path: Path) -> None:
    (tmp_path / "a-folder.db").mkdir()
    [result] = await check_database(make_settings(db_connection_string=f"sqlite:///{tmp_path / 'a-folder.db'}"))
    assert result.blocks and "DB_CONNECTION_STRING" in result.fix and "a-folder.db" in result.fix


async def test_a_failed_schema_upgrade_is_named_as_one_not_as_an_unreachable_server(
    make_settings: SettingsFactory, tmp_path: Path
) -> None:
    """The server answers, and an upgrade statement fails (here: the column 0004 adds is already there): the line says
    the upgrade failed, from which revision to which, and what to run — not "check that the server runs"."""
    url = old_database(tmp_path / "old", 42, "[2024-01-01] likes tea", revision="0003")
    execute(url, "ALTER TABLE MemoryPreference ADD WriteVersion BIGINT")
    [result] = await check_database(make_settings(db_connection_string=url))
    assert result.blocks and result.name == "database schema", result.line()
    assert f"upgrading the schema from 0003 to {head_revision()} failed" in result.detail
    assert "python3 bot.py migrate" in result.fix and "server runs" not in result.fix
    drop_every_table_if_server()


async def test_what_the_bot_loads_at_start_is_checked_not_only_the_connection(make_settings: SettingsFactory) -> None:
    """A database at the newest revision whose member control rows cannot be read: the bot would start with memory
    off, so the doctor must not end with "Everything the bot needs works"."""
    settings = make_settings()
    assert by_name(await check_database(settings))["database at start"].status is Status.OK
    execute(settings.db_connection_string, "DROP TABLE MemoryPreference")
    try:
        results = await check_database(settings)
    finally:
        drop_every_table_if_server()
    at_start = next(r for r in results if r.name == "database at start")
    assert at_start.blocks and "memory preferences" in at_start.detail and "memory off" in at_start.detail


def by_name(results: list[CheckResult]) -> dict[str, CheckResult]:
    """The doctor's results by check name (a driver line comes in between on a server reached through FreeTDS)."""
    return {result.name: result for result in results}


def drop_every_table_if_server() -> None:
    """A test that bent the schema leaves the server's test database without tables (the next test migrates it)."""
    if ON_SERVER:
        drop_every_table(SERVER_URL)


async def test_a_working_database_is_reachable_at_the_newest_schema_and_writable(make_settings: SettingsFactory) -> None:
    checks = by_name(await check_database(make_settings()))
    reachable, at_start, writable = checks["database"], checks["database at start"], checks["database write"]
    assert reachable.status is Status.OK and f"{head_revision()} (head)" in reachable.detail
    assert at_start.status is Status.OK and "memory preferences" in at_start.detail
    assert writable.status is Status.OK


@pytest.mark.parametrize(
    ("raw", "secret"),
    [
        ("DRIVER={ODBC Driver 18 for SQL Server};SERVER=db,1433;DATABASE=x;UID=bot;PWD={se;cr}}et};Encrypt=yes", "se;cr"),
        ("DRIVER={ODBC Driver 18 for SQL Server};SERVER=db;UID=bot;PWD=plainSecret9;", "plainSecret9"),
        ("Driver={ODBC Driver 18 for SQL Server};Server=db;Uid=bot;Password=An0ther!;", "An0ther!"),
        ("driver={ODBC Driver 18 for SQL Server};server=db;uid=bot;pwd={braced};", "braced"),
        ("mssql+pyodbc://bot:Url%40Secret@db:1433/Breehavior?driver=ODBC+Driver+18+for+SQL+Server", "Secret"),
        ("postgresql://bot:pgSecret@db/breehavior", "pgSecret"),
    ],
)
def test_the_database_is_described_without_its_password(raw: str, secret: str) -> None:
    shown = describe_database(raw)
    assert secret not in shown and "db" in shown


def test_the_default_database_is_the_sqlite_file_in_data() -> None:
    assert describe_database("").endswith(str(Path("data") / "bot.db"))


# ---------------------------------------------------------------------- Discord
@pytest_asyncio.fixture
async def discord_api() -> AsyncIterator[dict[str, object]]:
    """A fake Discord REST API: GET /users/@me and /oauth2/applications/@me, with a scripted intent flag."""
    state: dict[str, object] = {"flags": MESSAGE_CONTENT_LIMITED, "seen": []}

    def authorised(request: web.Request) -> bool:
        state["seen"].append(request.headers.get("Authorization"))  # type: ignore[union-attr]
        return request.headers.get("Authorization") == f"Bot {GOOD_TOKEN}"

    async def me(request: web.Request) -> web.Response:
        if not authorised(request):
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response({"id": "111", "username": "Breehavior", "bot": True})

    async def application(request: web.Request) -> web.Response:
        if not authorised(request):
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response({"id": "222", "name": "Breehavior", "flags": state["flags"]})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_get("/api/v10/oauth2/applications/@me", application)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    state["api"] = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}/api/v10"
    yield state
    await runner.cleanup()


async def test_discord_login_intent_and_invite(make_settings: SettingsFactory, discord_api: dict[str, object]) -> None:
    results = await check_discord(make_settings(discord_token=f"  {GOOD_TOKEN}\n"), api=str(discord_api["api"]))
    assert [r.status for r in results] == [Status.OK, Status.OK, Status.OK]
    assert "Breehavior" in results[0].detail
    assert "client_id=222" in results[2].detail and "permissions=274878024768" in results[2].detail
    assert discord_api["seen"] == [f"Bot {GOOD_TOKEN}"] * 2, "the token is sent trimmed, as `Bot <token>`"

    monitored = make_settings(discord_token=GOOD_TOKEN, sentiment_channel_ids=[5])
    invite = (await check_discord(monitored, api=str(discord_api["api"])))[2]
    assert "permissions=1374389652544" in invite.detail, "Moderate Members once the monitor may time out"


async def test_a_rejected_token_is_named_without_showing_it(
    make_settings: SettingsFactory, discord_api: dict[str, object]
) -> None:
    token = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.Wr0ngT.wrong-token-value-abcdefghijklmnopqrstu"
    [result] = await check_discord(make_settings(discord_token=token), api=str(discord_api["api"]))
    assert result.blocks and "DISCORD_TOKEN" in result.detail and "Reset Token" in result.fix
    assert token not in result.line() and "wrong-token-value" not in result.line()


async def test_the_message_content_intent_switched_off_blocks(
    make_settings: SettingsFactory, discord_api: dict[str, object]
) -> None:
    discord_api["flags"] = 1 << 23  # some other flag
    results = await check_discord(make_settings(discord_token=GOOD_TOKEN), api=str(discord_api["api"]))
    intent = results[1]
    assert intent.blocks and "Message Content" in intent.fix


async def test_discord_unreachable_empty_token_and_skipped(make_settings: SettingsFactory) -> None:
    api = f"http://127.0.0.1:{closed_port()}/api/v10"
    [gone, invite] = await check_discord(make_settings(discord_token=GOOD_TOKEN), api=api)
    assert gone.blocks and "cannot reach" in gone.detail and "network" in gone.fix
    assert "client_id=222222222222222222" in invite.detail, "the invite link still, from the token"
    [empty] = await check_discord(make_settings(discord_token="  "), api=api)
    assert empty.blocks and "DISCORD_TOKEN" in empty.detail
    [off] = await check_discord(make_settings(discord_token=""), skip=True, api=api)
    assert off.status is Status.SKIPPED and not off.blocks
