"""One real bot process for item 7, started from the tests' member process and driven by JSON lines.

``tests/support/member_process.py`` (its commands are listed there) builds a real `Services` stack
with every loop running and answers one JSON line per command line. The bench runs it as a program,
by its path, and speaks to it through its stdin and stdout; it never imports the tests.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

from bench.params import BENCH_DIR

PROJECT = BENCH_DIR.parent
PROGRAM = PROJECT / "tests" / "support" / "member_process.py"
_KEPT_ENVIRONMENT = ("PATH", "HOME", "LANG", "SYSTEMROOT", "TMPDIR")


class BotProcess:
    """Start it, :meth:`wait_ready`, then :meth:`ask` (or :meth:`send` and later :meth:`read`); always :meth:`close`."""

    def __init__(self, name: str, db_url: str, llm_url: str, log_dir: Path, **settings: Any) -> None:
        self.name = name
        self.stderr_path = log_dir / f"{name}.stderr"
        config = {"settings": {"db_connection_string": db_url, "llm_base_url": llm_url, **settings}}
        environment = {key: value for key, value in os.environ.items() if key in _KEPT_ENVIRONMENT}
        environment.update({"BREEHAVIOR_ENV_FILE": "", "PYTHONPATH": str(PROJECT), "PYTHONUNBUFFERED": "1"})
        self._stderr = self.stderr_path.open("w", encoding="utf-8")
        self._process = subprocess.Popen(
            [sys.executable, str(PROGRAM), json.dumps(config)],
            cwd=log_dir,
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
        )
        self._answers: queue.Queue[str | None] = queue.Queue()
        if self._process.stdout is not None:
            threading.Thread(target=self._pump, args=(self._process.stdout,), name=f"{name}-answers", daemon=True).start()

    def _pump(self, stdout: IO[str]) -> None:
        for line in stdout:
            self._answers.put(line)
        self._answers.put(None)

    def wait_ready(self, timeout: float) -> None:
        if not self.read(timeout).get("ready"):
            raise RuntimeError(f"{self.name} did not say it was ready; {self._stderr_tail()}")

    def send(self, op: str, **fields: Any) -> None:
        if self._process.stdin is None:
            raise RuntimeError(f"{self.name} has no stdin")
        self._process.stdin.write(json.dumps({"op": op, **fields}) + "\n")
        self._process.stdin.flush()

    def read(self, timeout: float = 60.0) -> dict[str, Any]:
        """The next answer; a command's failure, the process's exit and a silence longer than ``timeout`` raise."""
        try:
            line = self._answers.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"{self.name} did not answer in {timeout:g} s; {self._stderr_tail()}") from None
        if line is None:
            raise EOFError(f"{self.name} exited ({self._process.poll()}); {self._stderr_tail()}")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"{self.name}: {answer['error']}; {self._stderr_tail()}")
        return answer

    def ask(self, op: str, timeout: float = 60.0, **fields: Any) -> dict[str, Any]:
        self.send(op, **fields)
        return self.read(timeout)

    def _stderr_tail(self, chars: int = 3000) -> str:
        self._stderr.flush()
        return "stderr: " + self.stderr_path.read_text(encoding="utf-8", errors="replace")[-chars:]

    def close(self, timeout: float = 60.0) -> None:
        """A clean shutdown (loops stopped, work drained, buffers flushed); killed if it hangs."""
        if self._process.poll() is None:
            try:
                self.send("quit")
                self._process.wait(timeout)
            except (OSError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait(10)
        self._stderr.close()
