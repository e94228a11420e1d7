"""The profile is a memory: once extracted it is in the database, like the memories of the same extraction.

It used to wait in the monitor's RAM for the 300 s state flush, so a SIGKILL after an
extraction kept its memories and lost its profile.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from extractor_answers import memory, remembers
from fake_llm import FakeLLM, FakeLLMServer
from shared_database import query

from utils.paths import PROJECT_ROOT

CHILD = textwrap.dedent(
    """
    import asyncio, sys, time
    from utils.config import Settings
    from utils.conversation.messages import IncomingMessage
    from utils.runtime import Services

    async def main():
        settings = Settings(
            _env_file=None, discord_token="", db_connection_string=sys.argv[1], llm_base_url=sys.argv[2],
            llm_api_key="test", llm_model="test-model", llm_max_retries=0, llm_timeout_seconds=5,
            memory_extraction_delay_seconds=0, chat_cooldown_seconds=0, state_flush_seconds=300,
        )
        services = Services(settings)
        await services.start()
        await services.chat.respond(IncomingMessage(42, "Alice", 100, "general", "I'm a nurse in Lyon", guild_id=1))
        await services.tasks.drain(10)
        print("extracted", flush=True)
        time.sleep(600)

    asyncio.run(main())
    """
)


@pytest.mark.slow
def test_the_profile_survives_sigkill_once_extracted(
    tmp_path: Path, database_url: str, llm_server: FakeLLMServer, fake_llm: FakeLLM
) -> None:
    fake_llm.tools["extract_memories"] = remembers(
        memory("Works night shifts this month.", "work"), profile="Alice is a nurse in Lyon."
    )
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, database_url, llm_server.base_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(PROJECT_ROOT)},
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.strip() == "extracted", child.stderr.read() if child.stderr else ""
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    assert query(database_url, "SELECT Memory FROM UserMemory") == [("Works night shifts this month.",)]
    assert query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = 42") == [("Alice is a nurse in Lyon.",)]
