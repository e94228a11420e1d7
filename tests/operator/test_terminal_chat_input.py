"""The terminal chat with awkward input and awkward output: it answers clearly and never crashes."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fake_llm import FakeLLM, FakeLLMServer
from settings_factory import SettingsFactory
from shared_database import query
from test_doctor import closed_port

from scripts.terminal_chat import MAX_DISCORD_ID, Speaker, TerminalChat, end_of_input_wait, printable, run_terminal_chat

BOT = Path(__file__).resolve().parents[2] / "bot.py"


async def chat(settings_factory: SettingsFactory, lines: list[str], **overrides: object) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    speaker = Speaker(42, "Alice", "general", 1)
    code = await run_terminal_chat(settings_factory(**overrides), speaker, io.StringIO("\n".join(lines) + "\n"), out, err)
    assert code == 0
    return out.getvalue(), err.getvalue()


@pytest.mark.parametrize("line", ["/channel ", "/channel    ", "/channel\t", "/channel", "/channel #", "/channel  # "])
async def test_a_channel_command_without_a_name_says_how_to_use_it(make_settings: SettingsFactory, line: str) -> None:
    output, _ = await chat(make_settings, [line, "/channel   #memes  "])
    assert output.splitlines() == ["usage: /channel <name> (you are in #general)", "(now in #memes)"]


@pytest.mark.parametrize(
    "user_id",
    ["99999999999999999999", str(MAX_DISCORD_ID + 1), "0", "-5", "1e5", "12abc", "0x10", "²", "½"],
)
async def test_an_id_out_of_range_or_not_a_number_is_refused_and_memory_still_works(
    make_settings: SettingsFactory, user_id: str
) -> None:
    output, _ = await chat(make_settings, [f"/as {user_id} Huge", "/memory show"])
    first, *rest = output.splitlines()
    assert first.startswith("usage: /as <user-id> <name> (")
    assert "No memories." in rest and not any(line.startswith("(now speaking") for line in rest), "still Alice"


@pytest.mark.parametrize("user_id", ["1", str(MAX_DISCORD_ID), "  123456789012345678"])
async def test_ids_in_the_64_bit_range_are_accepted(make_settings: SettingsFactory, user_id: str) -> None:
    output, _ = await chat(make_settings, [f"/as {user_id} Bob", "/memory show"])
    lines = output.splitlines()
    assert lines[0] == "(now speaking as Bob)" and "No memories." in lines


@pytest.mark.slow
def test_the_command_line_refuses_an_out_of_range_user_id(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BOT), "chat", "--user-id", "99999999999999999999"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, input="",
    )  # fmt: skip
    assert done.returncode == 2 and "out of range" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("\ud83d", "\ufffd"),
        ("half an emoji \ud83d!", "half an emoji \ufffd!"),
        ("\udcff", "\ufffd"),
        ("caf\udce9", "caf\ufffd"),
        ("\udc4b\ud83d", "\ufffd\ufffd"),
        ("ok 👋", "ok 👋"),
        ("\ud83d\udc4b", "👋"),
        ("日本語 and ünïcödé", "日本語 and ünïcödé"),
        ("", ""),
    ],
)
def test_printable_replaces_only_what_cannot_be_encoded(text: str, shown: str) -> None:
    assert printable(text) == shown
    printable(text).encode("utf-8")  # strict: must not raise


def test_a_reply_with_a_lone_surrogate_is_printed_not_crashed_on() -> None:
    """What a model can send (`"\\ud83d"` in its JSON) reaches `say`; a strict UTF-8 stdout must not raise."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="strict", write_through=True)
    chat = TerminalChat(None, Speaker(42, "Alice", "general", 1), out)  # type: ignore[arg-type]  # say() needs no services
    chat.say("half an emoji \ud83d here")
    assert raw.getvalue().decode("utf-8") == "half an emoji \ufffd here\n"


@pytest.mark.slow
def test_the_banner_and_an_unreachable_llm_are_shown_before_anyone_types(tmp_path: Path, database_url: str) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    env = {**_base_env(database_url), "LLM_BASE_URL": url}
    process = subprocess.Popen(
        [sys.executable, str(BOT), "chat", "--name", "Alice", "--channel", "lobby"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path, text=True,
    )  # fmt: skip
    try:
        summary = _stderr_line_with(process, "LLM_BASE_URL")
        banner = _stderr_line_with(process, "Chatting as")
        process.stdin.close()  # nobody typed anything until now
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()
        for stream in (process.stdout, process.stderr):
            stream.close()
    assert url in summary and "UNREACHABLE" in summary
    assert "Alice" in banner and "#lobby" in banner and "/help" in banner


@pytest.mark.slow
def test_a_latin1_byte_on_stdin_is_replaced_not_fatal(
    tmp_path: Path, database_url: str, llm_server: FakeLLMServer, fake_llm: FakeLLM
) -> None:
    fake_llm.chat = lambda body: "got: " + body["messages"][-1]["content"][-20:]
    env = {**_base_env(database_url), "LLM_BASE_URL": llm_server.base_url}
    done = subprocess.run(
        [sys.executable, str(BOT), "chat"], input=b"caf\xe9 au lait\nstill here\n",
        cwd=tmp_path, env=env, capture_output=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()
    lines = done.stdout.decode("utf-8").splitlines()
    assert len(lines) == 2 and "caf\ufffd au lait" in lines[0] and "still here" in lines[1]
    assert b"Traceback" not in done.stderr
    assert query(database_url, "SELECT COUNT(*) FROM LlmLog WHERE Kind = 'chat' AND Success = 1") == [(2,)]


@pytest.mark.slow
def test_chat_help_lists_the_in_chat_commands_and_the_defaults(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(BOT), "chat", "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    for text in ("/as <user-id> <name>", "/channel <name>", "/memory show", "forget recent", "optout", "/help",
                 "default: 1", "default: general", "default: you", "LLM_BASE_URL"):  # fmt: skip
        assert text in done.stdout, text


async def test_the_end_of_input_wait_says_so_and_follows_the_llm_timeout(
    make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    """Memory extraction still pending at end of input: the chat says it waits, and for how long at most."""
    release = threading.Event()

    def held(body: dict) -> dict:
        release.wait(5)  # the extraction hangs until the LLM timeout cuts it
        return {"memories": []}

    fake_llm.tools["extract_memories"] = held
    settings = make_settings(memory_extraction_delay_seconds=0.2, llm_timeout_seconds=0.5)
    out, err = io.StringIO(), io.StringIO()
    try:
        code = await run_terminal_chat(settings, Speaker(42, "Alice", "general", 1), io.StringIO("I play chess\n"), out, err)
    finally:
        release.set()
    assert code == 0 and out.getvalue().startswith("echo:")
    assert f"(waiting up to {end_of_input_wait(settings):.0f} s for memory extraction to finish…)" in err.getvalue()


@pytest.mark.parametrize(
    ("delay", "timeout", "retries", "expected"),
    [(5.0, 60.0, 2, 5 + 180 + 5), (0.0, 10.0, 0, 15.0), (30.0, 3.0, 1, 30 + 6 + 5)],
)
def test_the_end_of_input_wait_is_the_extraction_delay_plus_the_llm_timeouts(
    make_settings: SettingsFactory, delay: float, timeout: float, retries: int, expected: float
) -> None:
    settings = make_settings(memory_extraction_delay_seconds=delay, llm_timeout_seconds=timeout, llm_max_retries=retries)
    assert end_of_input_wait(settings) == expected


def _base_env(database_url: str) -> dict[str, str]:
    import os

    from utils.config import Settings

    names = {name.upper() for name in Settings.model_fields}
    env = {k: v for k, v in os.environ.items() if k.upper() not in names}
    env.update(
        PYTHONUNBUFFERED="1", BREEHAVIOR_ENV_FILE="", DB_CONNECTION_STRING=database_url,
        LLM_MODEL="test-model", LLM_MAX_RETRIES="0", MEMORY_EXTRACTION_DELAY_SECONDS="0",
    )  # fmt: skip
    return env


def _stderr_line_with(process: subprocess.Popen[str], needle: str, timeout: float = 30) -> str:
    found: list[str] = []

    def read() -> None:
        for line in process.stderr:
            if needle in line:
                found.append(line)
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    assert found, f"no stderr line with {needle!r}"
    return found[0]


async def test_a_model_reply_with_a_lone_surrogate_goes_through_the_whole_chat(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str
) -> None:
    """End to end: the reply is shown on a strict UTF-8 stdout, the next message works, LlmLog is written."""
    fake_llm.chat = lambda body: "half an emoji \ud83d here"
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="strict", write_through=True)
    speaker = Speaker(42, "Alice", "general", 1)
    code = await run_terminal_chat(make_settings(), speaker, io.StringIO("hi\nagain\n"), out, io.StringIO())
    assert code == 0
    assert raw.getvalue().decode("utf-8").splitlines() == ["half an emoji \ufffd here"] * 2
    assert query(database_url, "SELECT COUNT(*) FROM LlmLog WHERE Kind = 'chat' AND Success = 1") == [(2,)]
