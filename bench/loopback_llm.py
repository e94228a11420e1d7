"""The tests' fake OpenAI-compatible server, started as a process of its own and scripted by a JSON scenario.

The bench never imports the tests: it runs ``tests/support/fake_llm_server.py`` (the scenario's keys are
described there), reads the one line it prints (its base URL and pid), speaks HTTP to it, and reads back
what it served from ``GET /_fake/log``. A process of its own is also what a real LLM server is: it shares
neither the bot's GIL, nor its garbage collector, nor its peak RSS, and its CPU is left out of the bot's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path
from typing import Any

from bench.params import BENCH_DIR

SERVER_SCRIPT = BENCH_DIR.parent / "tests" / "support" / "fake_llm_server.py"
START_TIMEOUT = 30.0
Body = dict[str, Any]
Entry = dict[str, Any]
"""One served request: ``tool`` (None for a chat request), ``way``, ``seconds`` in the server, ``answer``, ``body``."""


class LoopbackLLM:
    """Start with :meth:`start`, read :meth:`log` whenever, always :meth:`stop`."""

    def __init__(self, scenario: dict[str, Any] | None = None) -> None:
        self.scenario = scenario or {}
        self.base_url = ""
        self.pid = 0
        self._process: subprocess.Popen[str] | None = None
        self._scenario_path: Path | None = None

    def start(self) -> LoopbackLLM:
        handle, name = tempfile.mkstemp(prefix="bench-llm-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(self.scenario, out)
        self._scenario_path = Path(name)
        self._process = process = subprocess.Popen(
            [sys.executable, str(SERVER_SCRIPT), "--scenario", name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        first: list[str] = []
        reader = threading.Thread(target=lambda: first.append(process.stdout.readline() if process.stdout else ""), daemon=True)
        reader.start()
        reader.join(START_TIMEOUT)
        if not first or not first[0]:
            self.stop()
            raise RuntimeError(f"the loopback LLM ({SERVER_SCRIPT.name}) did not start")
        started = json.loads(first[0])
        self.base_url, self.pid = started["base_url"], started["pid"]
        return self

    def log(self) -> list[Entry]:
        """What the server answered so far, in the order it finished (blocking: from a thread in async code)."""
        address = self.base_url.removesuffix("/v1") + "/_fake/log"
        with urllib.request.urlopen(address, timeout=60) as answer:
            entries: list[Entry] = json.load(answer)["entries"]
        return entries

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            if process.stdin is not None:
                process.stdin.close()  # the server's signal to stop
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
            if process.stdout is not None:
                process.stdout.close()
        if self._scenario_path is not None:
            self._scenario_path.unlink(missing_ok=True)
            self._scenario_path = None
