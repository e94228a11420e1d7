"""The loopback LLM in a process of its own, for the benchmarks that measure the bot's CPU, heap and RSS.

In the bot's process the fake server would share its GIL, make its garbage
collector walk every request it keeps, and count in its peak RSS; a real LLM
server is never in the bot's process. The server is still tests/fake_llm.py's,
with the per-request timing of :class:`bench.harness.TimedLLM`.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import re
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import count

from bench.harness import Body, TimedLLM, short_reply

START_TIMEOUT = 30.0
_PROFILE_OF = re.compile(r"^Display name: \"(.+?)\"$", re.MULTILINE)
"""The member line of an extraction request (`build_extraction_messages`: the name JSON-quoted)."""
_SYLLABLES = ("ka", "lo", "mi", "zu", "re", "ta", "vo", "ni", "shu", "pe", "gra", "dov")


def made_up_word(number: int) -> str:
    """A distinct made-up word per number, so no two extracted memories look alike to dedup."""
    out = "q"
    while True:
        number, digit = divmod(number, len(_SYLLABLES))
        out += _SYLLABLES[digit]
        if not number:
            return out + "x"


class Extractor:
    """Answers each extraction with one new memory and remembers, per member name, what it answered."""

    def __init__(self) -> None:
        self.answered: dict[str, list[str]] = defaultdict(list)
        self.calls = 0
        self._numbers = count()

    def __call__(self, body: Body) -> dict[str, object]:
        name = _PROFILE_OF.search(body["messages"][-1]["content"])
        n = next(self._numbers)
        self.calls += 1
        words = [made_up_word(3 * n + k) for k in range(3)]
        text = f"Is into {words[0]}, {words[1]} and {words[2]}."
        self.answered[name.group(1) if name else "?"].append(text)
        return {
            "memories": [{"memory": text, "topics": [words[0]], "expiration": "30d", "importance": "medium"}],
            "profile_update": None,
        }


@dataclass
class Report:
    handler_seconds: dict[int, float] = field(default_factory=dict)
    answered: dict[str, list[str]] = field(default_factory=dict)
    extraction_calls: int = 0


def _serve(conn: multiprocessing.connection.Connection) -> None:
    from bench.harness import FakeLLMServer

    extractor = Extractor()
    llm = TimedLLM(chat=short_reply, tools={"extract_memories": extractor})
    server = FakeLLMServer(llm).start()
    conn.send(server.base_url)
    while True:
        command = conn.recv()
        if command == "report":
            conn.send(Report(dict(llm.handler_seconds), dict(extractor.answered), extractor.calls))
        elif command == "stop":
            server.stop()
            conn.send("stopped")
            return


class LLMProcess:
    """Start with :meth:`start`, read :meth:`report` when the run is over, always :meth:`stop`."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child,), name="bench-fake-llm", daemon=True)
        self.base_url = ""

    def start(self) -> LLMProcess:
        self._process.start()
        if not self._conn.poll(START_TIMEOUT):
            self._process.kill()
            raise RuntimeError("the loopback LLM process did not start")
        self.base_url = self._conn.recv()
        return self

    @property
    def pid(self) -> int:
        """The server's process id (0 before start), so the bot's CPU count can leave it out."""
        return self._process.pid or 0

    def report(self) -> Report:
        self._conn.send("report")
        return self._conn.recv()

    def stop(self) -> None:
        if self._process.is_alive():
            self._conn.send("stop")
            self._conn.poll(10)
            self._process.join(10)
        if self._process.is_alive():
            self._process.kill()
