"""What `python bot.py` does before it is connected: version check, logs, invite link, a network failure, Windows."""

from __future__ import annotations

import ast
import asyncio
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import discord
import pytest
import simcord
from chat_turn import converse
from fake_llm import FakeLLMServer
from settings_factory import SettingsFactory
from test_doctor import GOOD_TOKEN, closed_port

import bot
from utils.llm import LLMClient
from utils.runtime import Services

BOT = Path(bot.__file__).resolve()


@pytest.mark.parametrize(
    ("version", "too_old"),
    [((3, 10, 12), True), ((3, 9, 0), True), ((2, 7, 18), True), ((3, 11, 0), False), ((3, 12, 4), False), ((3, 14, 0), False)],
)
def test_pythons_older_than_3_11_are_refused_in_one_line(version: tuple[int, ...], too_old: bool) -> None:
    message = bot.python_too_old(version)
    assert (message is not None) is too_old
    if message:
        assert "3.11" in message and ".".join(map(str, version)) in message and "\n" not in message


@pytest.mark.parametrize("minor", [7, 8, 9, 10])
def test_bot_py_parses_on_old_pythons_so_they_reach_the_version_check(minor: int) -> None:
    """A newer syntax anywhere in bot.py (a walrus, a match) would give an old Python a SyntaxError instead of the one line."""
    ast.parse(BOT.read_text(encoding="utf-8"), feature_version=(3, minor))


@pytest.mark.parametrize("newer", ["if (found := 1):\n    pass\n", "match x:\n    case 1:\n        pass\n"])
def test_the_parse_check_catches_newer_syntax(newer: str) -> None:
    with pytest.raises(SyntaxError):
        ast.parse(BOT.read_text(encoding="utf-8") + newer, feature_version=(3, 7))


def old_python(minor: int) -> str | None:
    """Python 3.``minor`` if it really runs here: on PATH (a pyenv shim may name one that is not installed) or in
    pyenv's own versions folder."""
    candidates = [shutil.which(f"python3.{minor}")]
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    candidates += sorted(str(path) for path in pyenv.glob(f"3.{minor}.*/bin/python3.{minor}"))
    for found in filter(None, candidates):
        if subprocess.run([found, "-c", "import sys"], capture_output=True, timeout=30).returncode == 0:
            return found
    return None


@pytest.mark.slow
@pytest.mark.parametrize("minor", [7, 8, 9, 10])
def test_an_old_python_gets_one_clean_line(tmp_path: Path, minor: int) -> None:
    old = old_python(minor)
    if old is None:
        pytest.skip(f"no Python 3.{minor} here")
    done = subprocess.run([old, str(BOT)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    [line] = done.stderr.splitlines()
    assert "Python 3.11 or newer" in line and f"this is Python 3.{minor}." in line


async def test_http_client_request_logs_are_quiet(
    make_settings: SettingsFactory, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The openai SDK logs `HTTP Request: POST …` at INFO through `httpx2` for every call."""
    for name in bot.QUIET_LOGGERS:
        monkeypatch.setattr(logging.getLogger(name), "level", logging.NOTSET)
    client = LLMClient.from_settings(make_settings())
    try:
        with caplog.at_level(logging.INFO):
            await client.chat([{"role": "user", "content": "hi"}])
            assert any("HTTP Request" in r.getMessage() for r in caplog.records), "the control: it does log by default"
            caplog.clear()
            bot.configure_logging("INFO")
            await client.chat([{"role": "user", "content": "hi"}])
    finally:
        await client.close()
    assert not [r for r in caplog.records if "HTTP Request" in r.getMessage()]
    for name in ("httpx", "httpx2"):
        assert not logging.getLogger(name).isEnabledFor(logging.INFO), name


@pytest.mark.parametrize(("level", "alembic_lines"), [("INFO", False), ("WARNING", False), ("DEBUG", True)])
async def test_a_start_logs_no_alembic_lines_nor_voice_warnings(
    make_settings: SettingsFactory,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    level: str,
    alembic_lines: bool,
) -> None:
    """A start on a new database: Alembic's "Context impl"/"Running upgrade" lines only with LOG_LEVEL=DEBUG, and
    discord.py's PyNaCl/davey warnings never (the bot has no voice)."""
    for name in (*bot.QUIET_LOGGERS, "discord"):
        monkeypatch.setattr(logging.getLogger(name), "level", logging.NOTSET)
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)  # discord.py warns once per process: this start's turn
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    bot.configure_logging(level)
    with caplog.at_level(logging.DEBUG):
        client = bot.BCSBot(make_settings())
        try:
            async with simcord.run(client):
                assert client.services.db.schema is not None and client.services.db.schema.migrated, "it migrated"
        finally:
            if not client.is_closed():
                await client.close()
    said = [(r.name, r.getMessage()) for r in caplog.records]
    assert not [m for _n, m in said if "voice will NOT be supported" in m]
    assert any(n.startswith("alembic") and "Running upgrade" in m for n, m in said) is alembic_lines, said
    assert any(n.startswith("alembic") for n, _m in said) is alembic_lines


@pytest.mark.slow
@pytest.mark.sqlite_only("a new SQLite file is the start that runs every migration")
def test_the_terminal_chat_start_prints_no_alembic_lines(tmp_path: Path, llm_server: FakeLLMServer) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "DB_", "LOG_"))}
    env.update(DB_CONNECTION_STRING=f"sqlite:///{tmp_path / 'bot.db'}", LLM_BASE_URL=llm_server.base_url, LLM_MODEL="test-model")
    done = subprocess.run(
        [sys.executable, str(BOT), "chat"], cwd=tmp_path, env=env, input="", capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Database schema migrated from an empty database" in done.stderr, "the control: this start did migrate"
    assert "alembic" not in done.stderr and "voice will NOT" not in done.stderr, done.stderr


async def test_a_failed_llm_call_logs_the_url_and_llm_base_url(
    make_settings: SettingsFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """The member reads "my brain is lagging"; the operator's log says where the bot looked and which setting."""
    url = f"http://127.0.0.1:{closed_port()}/v1"
    services = Services(make_settings(llm_base_url=url))
    await services.start()
    try:
        with caplog.at_level(logging.WARNING):
            reply = await converse(services, "hello?")
    finally:
        await services.close()
    assert "lagging" in reply
    assert any(url in r.getMessage() and "LLM_BASE_URL" in r.getMessage() for r in caplog.records), caplog.text


async def test_a_network_failure_at_login_is_one_line_even_without_signal_handlers(
    make_settings: SettingsFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """DNS down, no route: one line, no traceback. On Windows `add_signal_handler` raises NotImplementedError."""
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{closed_port()}/api/v10")

    def windows(*_args: object) -> None:
        raise NotImplementedError

    monkeypatch.setattr(asyncio.get_running_loop(), "add_signal_handler", windows)
    with caplog.at_level(logging.INFO, logger="bcs"):
        code = await bot.run_discord(make_settings(discord_token=GOOD_TOKEN))

    assert code == 1
    summary = [r.getMessage() for r in caplog.records if "(LLM_BASE_URL)" in r.getMessage()]
    assert summary and summary[0].endswith("model test-model (LLM_MODEL): reachable."), "the start-up summary comes first"
    err = capsys.readouterr().err
    [line] = [line for line in err.splitlines() if line.startswith("error:")]
    assert "cannot reach Discord" in line and "Traceback" not in err


async def test_the_bot_logs_its_invite_link_at_start(make_settings: SettingsFactory, caplog: pytest.LogCaptureFixture) -> None:
    client = bot.BCSBot(make_settings())
    with caplog.at_level(logging.INFO, logger="bcs"):
        try:
            async with simcord.run(client):
                application_id = client.application_id
        finally:
            if not client.is_closed():
                await client.close()
    [line] = [r.getMessage() for r in caplog.records if "Invite the bot" in r.getMessage()]
    assert f"client_id={application_id}" in line and "scope=bot+applications.commands" in line
    assert "permissions=274878024768" in line


@pytest.mark.parametrize(
    ("args", "ok"),
    [
        (["chat", "--guild-id", "0"], True),
        (["chat", "--guild-id", "123456789012345678"], True),
        (["chat", "--guild-id", "-1"], False),
        (["chat", "--guild-id", "99999999999999999999"], False),
        (["chat", "--user-id", "0"], False),
        (["chat", "--user-id", "42"], True),
        (["doctor", "--skip-discord"], True),
        (["doctor", "--skip"], True),  # argparse abbreviations
        (["doctor", "--fix"], False),
    ],
)
def test_the_command_line_takes_only_ids_discord_can_have(args: list[str], ok: bool) -> None:
    if ok:
        bot.parse_args(args)
    else:
        with pytest.raises(SystemExit):
            bot.parse_args(args)
