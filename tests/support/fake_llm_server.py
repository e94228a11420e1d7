"""The fake OpenAI-compatible server (fake_llm.py) as a process of its own, scripted by a JSON scenario file.

``python tests/support/fake_llm_server.py [--scenario FILE]`` serves on a free loopback port, prints one
JSON line, ``{"base_url": "http://127.0.0.1:PORT/v1", "pid": PID}``, and serves until its stdin closes
(the parent ended or let it go). A program that may not import the tests — the benchmarks — starts it
this way and speaks HTTP to it; what it answers is data, not code. Every key of the scenario is optional:

- ``think_seconds``, ``tool_think_seconds``, ``one_at_a_time``, ``tokens_per_char``: as on :class:`FakeLLM`.
- ``chat``: ``{"replies": [...], "number": REGEX}``: each chat request gets ``replies[n % len(replies)]``,
  ``n`` the number REGEX's group finds in the last message (none, or 0: the message count). Default: an echo.
- ``tools``: tool name → how each request for it is answered, one of
  ``{"always": ARGUMENTS}`` (the same arguments every time),
  ``{"numbered": ARGUMENTS}`` (``{word0}``, ``{word1}``, … in its strings become made-up words no earlier
  request got, so no two answers look alike), or
  ``{"per_line": {"list": KEY, "lines": {LINE: ITEM}, "rest": ARGUMENTS}}`` (``ARGUMENTS`` with ``KEY`` the
  items of the lines of the request's last message that the table holds, in their order).

``GET /_fake/log`` answers what was served, in the order the answers were finished:
``{"entries": [{"tool": NAME or null, "way": ..., "seconds": ..., "answer": ARGUMENTS or null, "body": ...}]}``;
``seconds`` is the time the request spent in the server (thinking, queueing for the one slot, answering).
"""

from __future__ import annotations

import argparse
import contextvars
import json
import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web
from fake_llm import Body, FakeLLM, FakeLLMServer, ToolAnswer, default_chat, tool_name, way_of

LOG_PATH = "/_fake/log"
_PLAIN = ("think_seconds", "tool_think_seconds", "one_at_a_time", "tokens_per_char")
"""Scenario keys that are :class:`FakeLLM` fields as they are."""
_SYLLABLES = ("ka", "lo", "mi", "zu", "re", "ta", "vo", "ni", "shu", "pe", "gra", "dov")
_PLACEHOLDER = re.compile(r"\{word(\d+)\}")
_ANSWERED: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar("answered", default=None)
"""The log entry of the request being answered (each request is answered in a task of its own)."""


def made_up_word(number: int) -> str:
    """A distinct made-up word per number ("qkax", "qlox", ...), so no two answers share a word."""
    out = "q"
    while True:
        number, digit = divmod(number, len(_SYLLABLES))
        out += _SYLLABLES[digit]
        if not number:
            return out + "x"


def _filled(template: Any, words: Callable[[int], str]) -> Any:
    if isinstance(template, str):
        return _PLACEHOLDER.sub(lambda found: words(int(found.group(1))), template)
    if isinstance(template, list):
        return [_filled(item, words) for item in template]
    if isinstance(template, dict):
        return {key: _filled(value, words) for key, value in template.items()}
    return template


def _chat(spec: dict[str, Any]) -> Callable[[Body], str]:
    replies, tag = list(spec["replies"]), re.compile(spec.get("number", r"(?!)"))

    def answer(body: Body) -> str:
        last = body["messages"][-1].get("content")
        found = tag.search(last) if isinstance(last, str) else None
        number = (int(found.group(1)) if found else 0) or len(body["messages"])
        return replies[number % len(replies)]

    return answer


def _tool(spec: dict[str, Any]) -> Callable[[Body], ToolAnswer]:
    if "always" in spec:
        always = spec["always"]
        return lambda _body: always
    if "numbered" in spec:
        template, stride = spec["numbered"], len(set(_PLACEHOLDER.findall(json.dumps(spec["numbered"])))) or 1
        served = [0]

        def numbered(_body: Body) -> ToolAnswer:
            call, served[0] = served[0], served[0] + 1
            return _filled(template, lambda k: made_up_word(stride * call + k))

        return numbered
    if "per_line" not in spec:
        raise ValueError(f"a tool answers always, numbered or per_line, not {sorted(spec)}")
    table = spec["per_line"]

    def per_line(body: Body) -> ToolAnswer:
        lines = str(body["messages"][-1].get("content") or "").splitlines()
        return {table["list"]: [table["lines"][line] for line in lines if line in table["lines"]], **table.get("rest", {})}

    return per_line


@dataclass
class LoggingLLM(FakeLLM):
    """The fake LLM, also keeping each answered request with its time in the server and the arguments it got."""

    log: list[dict[str, Any]] = field(default_factory=list)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        started = time.perf_counter()
        entry: dict[str, Any] = {"answer": None}
        _ANSWERED.set(entry)
        try:
            return await super()._handle(request)
        finally:
            body = await request.json()
            entry.update(tool=tool_name(body), way=way_of(body), seconds=time.perf_counter() - started, body=body)
            self.log.append(entry)

    async def show_log(self, _request: web.Request) -> web.Response:
        return web.json_response({"entries": list(self.log)})


def _logged(answer: Callable[[Body], ToolAnswer]) -> Callable[[Body], ToolAnswer]:
    def logged(body: Body) -> ToolAnswer:
        arguments = answer(body)
        if (entry := _ANSWERED.get()) is not None:
            entry["answer"] = arguments
        return arguments

    return logged


def scripted(scenario: dict[str, Any]) -> LoggingLLM:
    """The fake LLM a scenario describes (see the module's docstring)."""
    if unknown := sorted(set(scenario) - {*_PLAIN, "chat", "tools"}):
        raise ValueError(f"unknown scenario keys: {', '.join(unknown)}")
    plain = {key: scenario[key] for key in _PLAIN if key in scenario}
    chat = _chat(scenario["chat"]) if "chat" in scenario else default_chat
    tools = {name: _logged(_tool(spec)) for name, spec in scenario.get("tools", {}).items()}
    return LoggingLLM(chat=chat, tools=tools, **plain)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", type=Path, help="the JSON scenario (default: echo chat, no memories, hashed embeddings)")
    args = parser.parse_args(argv)
    scenario = json.loads(args.scenario.read_text(encoding="utf-8")) if args.scenario else {}
    llm = scripted(scenario)
    server = FakeLLMServer(llm, routes=[("GET", LOG_PATH, llm.show_log)]).start()
    print(json.dumps({"base_url": server.base_url, "pid": os.getpid()}), flush=True)
    try:
        sys.stdin.read()  # until the parent closes it, or ends
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
