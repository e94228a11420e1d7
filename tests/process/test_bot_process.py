"""`python bot.py` as an operator runs it: a real subprocess, a clean environment, a database in tmp."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fake_llm import Body, FakeLLM, FakeLLMServer
from shared_database import query

from utils.config import Settings

BOT = Path(__file__).resolve().parents[2] / "bot.py"
pytestmark = pytest.mark.slow

SETTING_NAMES = {name.upper() for name in Settings.model_fields}


def clean_env(**settings: object) -> dict[str, str]:
    """The runner's environment without any bot setting, plus ``settings``."""
    env = {k: v for k, v in os.environ.items() if k.upper() not in SETTING_NAMES}
    env.update({k.upper(): str(v) for k, v in settings.items()})
    env["PYTHONUNBUFFERED"] = "1"
    return env


def chat_env(llm_server: FakeLLMServer, database_url: str, **settings: object) -> dict[str, str]:
    defaults: dict[str, object] = {
        "db_connection_string": database_url,
        "llm_base_url": llm_server.base_url,
        "llm_model": "test-model",
        "llm_max_retries": 0,
        "memory_extraction_delay_seconds": 0,
    }
    return clean_env(**(defaults | settings))


def run_bot(args: list[str], env: dict[str, str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BOT), *args], input=stdin, env=env, cwd=cwd, capture_output=True, text=True, timeout=60
    )


def chess_extractor(body: Body) -> dict:
    return {
        "memories": [{"memory": "Plays chess every evening.", "topics": ["chess"], "expiration": "30d", "importance": "medium"}],
        "profile_update": "Chess player.",
    }


def test_without_a_token_it_exits_with_one_line_naming_discord_token(tmp_path: Path) -> None:
    done = run_bot([], clean_env(), tmp_path)

    assert done.returncode != 0
    [line] = done.stderr.splitlines()
    assert "DISCORD_TOKEN" in line
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize("mode", [[], ["chat"]], ids=["bot", "chat"])
def test_an_invalid_setting_stops_the_start_with_one_line_naming_it(tmp_path: Path, mode: list[str]) -> None:
    done = run_bot(mode, clean_env(discord_token="x", llm_timeout_seconds="abc"), tmp_path)

    assert done.returncode != 0
    [line] = done.stderr.splitlines()
    assert "LLM_TIMEOUT_SECONDS" in line and "abc" in line
    assert "Traceback" not in done.stderr


def test_terminal_chat_answers_from_stdin_and_fills_the_database(
    tmp_path: Path, database_url: str, llm_server: FakeLLMServer, fake_llm: FakeLLM
) -> None:
    fake_llm.chat = lambda body: f"reply {len(fake_llm.chat_requests())}"
    fake_llm.tools["extract_memories"] = chess_extractor
    db = database_url
    long_line = "I really like talking about chess openings. " * 100
    stdin = "I play chess every evening after work\n" + long_line + "\n/as 7 Bob\nhi from bob 👋\n"

    done = run_bot(["chat", "--user-id", "42", "--name", "Alice"], chat_env(llm_server, db), tmp_path, stdin)

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["reply 1", "reply 2", "(now speaking as Bob)", "reply 3"]
    assert "Traceback" not in done.stderr
    assert "HTTP Request" not in done.stderr, "the SDK's per-request INFO lines (httpx2) are quiet"
    assert f"LLM {llm_server.base_url} (LLM_BASE_URL), model test-model (LLM_MODEL): reachable." in done.stderr
    long_prompt = fake_llm.chat_requests()[1]["messages"][-1]["content"]
    assert len(long_prompt) < len(long_line) and "cut" in long_prompt  # 4,000+ characters: cut, and the model is told
    assert query(db, "SELECT UserId, UserNotes FROM UserState WHERE UserId = 42") == [(42, "Chess player.")]
    assert (42, "Plays chess every evening.") in query(db, "SELECT UserId, Memory FROM UserMemory")
    assert query(db, "SELECT COUNT(*) FROM LlmLog WHERE Kind = 'chat' AND Success = 1") == [(3,)]


def test_sigterm_stops_the_terminal_chat_cleanly_and_flushes_pending_work(
    tmp_path: Path, database_url: str, llm_server: FakeLLMServer, fake_llm: FakeLLM
) -> None:
    fake_llm.chat = lambda body: "noted"
    fake_llm.tools["extract_memories"] = chess_extractor
    db = database_url
    # Memory extraction waits a moment after the reply, and LlmLog rows are only written at
    # shutdown: both are pending when the signal arrives.
    env = chat_env(llm_server, db, memory_extraction_delay_seconds=1, llm_log_flush_seconds=3600)
    process = subprocess.Popen(
        [sys.executable, str(BOT), "chat", "--user-id", "42"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=tmp_path,
        text=True,
    )
    try:
        process.stdin.write("I play chess every evening after work\n")
        process.stdin.flush()
        assert read_line(process, timeout=30) == "noted"
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=30)
    finally:
        process.kill()
        stderr = process.stderr.read()
        for stream in (process.stdin, process.stdout, process.stderr):
            stream.close()

    assert code == 0, stderr
    assert "SIGTERM" in stderr and "Traceback" not in stderr
    assert query(db, "SELECT Memory FROM UserMemory WHERE UserId = 42") == [("Plays chess every evening.",)]
    kinds = query(db, "SELECT Kind FROM LlmLog ORDER BY Id")
    assert ("chat",) in kinds and ("memory_extraction",) in kinds


def read_line(process: subprocess.Popen[str], timeout: float) -> str:
    """One stdout line, or fail after ``timeout`` instead of hanging the suite."""
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    assert result, "no reply on stdout"
    return result[0].rstrip("\n")
