"""The loopback LLM the benchmarks that measure the bot's CPU, heap and RSS talk to, and what it answered.

In the bot's process the fake server would share its GIL, make its garbage collector
walk every request it keeps, and count in its peak RSS; a real LLM server is never in
the bot's process. So the server is the tests' fake in a process of its own
(:class:`bench.loopback_llm.LoopbackLLM`): chat answers picked by each message's tag,
and each extraction answered with one new memory of made-up words no other answer has,
so no two extracted memories look alike to dedup. The report is read from what it served.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from bench.harness import CHAT, tag_of
from bench.loopback_llm import LoopbackLLM

EXTRACTION = {
    "memories": [
        {"memory": "Is into {word0}, {word1} and {word2}.", "topics": ["{word0}"], "expiration": "30d", "importance": "medium"}
    ],
    "profile_update": None,
}
"""Each extraction's answer: the server fills in three made-up words of its own per request."""
_PROFILE_OF = re.compile(r"^Display name: \"(.+?)\"$", re.MULTILINE)
"""The member line of an extraction request (`build_extraction_messages`: the name JSON-quoted)."""


@dataclass
class Report:
    handler_seconds: dict[int, float] = field(default_factory=dict)
    """Time each tagged message's chat request spent in the server (to subtract from that reply's latency)."""
    answered: dict[str, list[str]] = field(default_factory=dict)
    """Member name → the memories the extractions answered for them."""
    extraction_calls: int = 0


class LLMProcess:
    """Start with :meth:`start`, read :meth:`report` when the run is over, always :meth:`stop`."""

    def __init__(self) -> None:
        self._server = LoopbackLLM({"chat": CHAT, "tools": {"extract_memories": {"numbered": EXTRACTION}}})

    def start(self) -> LLMProcess:
        self._server.start()
        return self

    @property
    def base_url(self) -> str:
        return self._server.base_url

    @property
    def pid(self) -> int:
        """The server's process id (0 before start), so the bot's CPU count can leave it out."""
        return self._server.pid

    def report(self) -> Report:
        """What the server answered (blocking: call it from a thread in async code)."""
        report, answered = Report(), defaultdict[str, list[str]](list)
        for entry in self._server.log():
            if (number := tag_of(entry["body"])) is not None:
                report.handler_seconds[number] = entry["seconds"]
            if entry["tool"] == "extract_memories":
                report.extraction_calls += 1
                name = _PROFILE_OF.search(entry["body"]["messages"][-1]["content"])
                answered[name.group(1) if name else "?"].extend(m["memory"] for m in entry["answer"]["memories"])
        report.answered = dict(answered)
        return report

    def stop(self) -> None:
        self._server.stop()
