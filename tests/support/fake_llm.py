"""A small OpenAI-compatible server on 127.0.0.1 for tests and benchmarks.

It runs in its own thread with its own event loop, so the code under test reaches
it over real HTTP with the real SDK (retries, timeouts and parsing included),
whatever loop the test runs on. Behaviour is scripted per request kind:
``chat`` answers plain completions, ``tools[name]`` answers forced tool calls, and
``/v1/embeddings`` answers deterministic hashed-word vectors (`hashed_embedding`):
texts sharing words are close, others nearly orthogonal, and ``embedding_aliases``
lets a test say that two words mean the same ("pup" → "dog").
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

Body = dict[str, Any]
ToolAnswer = dict[str, Any] | str | None
"""A dict becomes the tool call's arguments; a str is sent as raw (possibly broken) arguments; None means no tool call."""


EMBEDDING_DIMENSIONS = 1024
_EMBEDDING_STOP = frozenset(
    "a an the i my me is are was to of and in on at for it its that this with has have do how what".split()
)


def hashed_embedding(text: str, dimensions: int = EMBEDDING_DIMENSIONS, aliases: dict[str, str] | None = None) -> list[float]:
    """A bag of hashed words (plural "s" dropped): the same text always gives the same vector."""
    vector = [0.0] * dimensions
    for word in re.findall(r"[^\W_]+", text.casefold()):
        word = (aliases or {}).get(word, word)
        if word in _EMBEDDING_STOP:
            continue
        word = word[:-1] if len(word) > 3 and word.endswith("s") else word
        digest = zlib.crc32(word.encode())
        vector[digest % dimensions] += 1.0 if digest >> 31 else -1.0
    if not any(vector):
        vector[0] = 1.0
    return vector


def default_chat(body: Body) -> str:
    last = body["messages"][-1]["content"]
    text = last if isinstance(last, str) else " ".join(p.get("text", "") for p in last)
    return f"echo: {text[-200:]}"


def _scripted_failure(failures: list[Failure]) -> web.Response | None:
    """The first scripted failure with calls left, used up by one (None: answer normally)."""
    for failure in failures:
        if failure.remaining > 0:
            failure.remaining -= 1
            return web.Response(status=failure.status, text=failure.body, content_type="application/json")
    return None


@dataclass
class Failure:
    status: int
    remaining: int
    body: str = '{"error": {"message": "scripted failure", "type": "server_error"}}'


@dataclass
class FakeLLM:
    chat: Callable[[Body], str] = default_chat
    tools: dict[str, Callable[[Body], ToolAnswer]] = field(default_factory=dict)
    think_seconds: float = 0.0
    requests: list[Body] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    garbage: bool = False
    arrived: threading.Event = field(default_factory=threading.Event)
    """Set whenever a request comes in (clear it to wait for the next one)."""
    gate: threading.Event | None = None
    """When set to an Event, every answer waits until the test sets it: a request held in flight, deterministically."""
    tokens_per_char: float = 0.25
    models: list[str] | None = None
    """Answer `GET /v1/models` with these ids; None answers 404, as servers that do not list models do."""
    embedding_requests: list[Body] = field(default_factory=list)
    """Bodies of `/v1/embeddings` requests (kept apart from chat and tool requests)."""
    embedding_aliases: dict[str, str] = field(default_factory=dict)
    embedding_dimensions: int = EMBEDDING_DIMENSIONS
    """Change it to play a model swapped for one of another size."""
    embedding_seconds: float = 0.0
    embedding_failures: list[Failure] = field(default_factory=list)
    trickle_seconds: float = 0.0
    """When set, the answer's body is trickled: a space every 50 ms for this long, then the JSON (a slow
    endpoint that never lets the SDK's per-read timeout fire)."""
    _lock: threading.Lock = field(default_factory=threading.Lock)

    # ----------------------------------------------------------------- inspection
    def tool_requests(self, name: str) -> list[Body]:
        with self._lock:
            return [r for r in self.requests if _tool_name(r) == name]

    def chat_requests(self) -> list[Body]:
        with self._lock:
            return [r for r in self.requests if _tool_name(r) is None]

    def fail(self, status: int, times: int = 1) -> None:
        self.failures.append(Failure(status, times))

    def embedded_texts(self) -> list[str]:
        """Every text sent to `/v1/embeddings`, in order."""
        with self._lock:
            bodies = list(self.embedding_requests)
        return [text for body in bodies for text in ([body["input"]] if isinstance(body["input"], str) else body["input"])]

    # ----------------------------------------------------------------- serving
    async def _handle_embeddings(self, request: web.Request) -> web.Response:
        body = await request.json()
        with self._lock:
            self.embedding_requests.append(body)
        if self.embedding_seconds:
            await asyncio.sleep(self.embedding_seconds)
        if (failed := _scripted_failure(self.embedding_failures)) is not None:
            return failed
        texts = [body["input"]] if isinstance(body["input"], str) else body["input"]
        vectors = [hashed_embedding(t, self.embedding_dimensions, self.embedding_aliases) for t in texts]
        data = [{"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vectors)]
        tokens = sum(len(t.split()) for t in texts)
        usage = {"prompt_tokens": tokens, "total_tokens": tokens}
        return web.json_response({"object": "list", "data": data, "model": body.get("model", "test"), "usage": usage})

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        with self._lock:
            self.requests.append(body)
        self.arrived.set()
        if self.gate is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.gate.wait, 10)
        if self.think_seconds:
            await asyncio.sleep(self.think_seconds)
        if (failed := _scripted_failure(self.failures)) is not None:
            return failed
        if self.garbage:
            return web.Response(status=200, text="<html>not json</html>", content_type="text/html")
        if self.trickle_seconds:
            return await self._trickle(request, self._completion(body))
        return web.json_response(self._completion(body))

    async def _models(self, _request: web.Request) -> web.Response:
        if self.models is None:
            return web.Response(status=404, text='{"error": {"message": "not found"}}', content_type="application/json")
        listed = [{"id": m, "object": "model", "owned_by": "test"} for m in self.models]
        return web.json_response({"object": "list", "data": listed})

    async def _trickle(self, request: web.Request, answer: Body) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        await response.prepare(request)
        deadline = time.monotonic() + self.trickle_seconds
        try:
            while time.monotonic() < deadline:
                await response.write(b" ")
                await asyncio.sleep(0.05)
            await response.write(json.dumps(answer).encode())
            await response.write_eof()
        except (ConnectionError, RuntimeError):
            pass  # the client gave up: what the trickle is there to provoke
        return response

    def _completion(self, body: Body) -> Body:
        name = _tool_name(body)
        prompt_chars = len(json.dumps(body.get("messages", []), ensure_ascii=False))
        message: Body = {"role": "assistant", "content": None}
        if name is None:
            message["content"] = self.chat(body)
            finish = "stop"
        else:
            answer = self.tools.get(name, lambda _b: {"memories": []})(body)
            if answer is None:
                message["content"] = "I would rather not call the tool."
                finish = "stop"
            else:
                arguments = answer if isinstance(answer, str) else json.dumps(answer)
                message["tool_calls"] = [{"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments}}]
                finish = "tool_calls"
        out_chars = len(message.get("content") or "") + sum(
            len(c["function"]["arguments"]) for c in message.get("tool_calls", [])
        )
        return {
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "test"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {
                "prompt_tokens": int(prompt_chars * self.tokens_per_char),
                "completion_tokens": int(out_chars * self.tokens_per_char),
                "total_tokens": int((prompt_chars + out_chars) * self.tokens_per_char),
            },
        }


def _tool_name(body: Body) -> str | None:
    choice = body.get("tool_choice")
    if isinstance(choice, dict):
        return choice.get("function", {}).get("name")
    tools = body.get("tools") or []
    return tools[0]["function"]["name"] if tools else None


class FakeLLMServer:
    """Starts a :class:`FakeLLM` on a free loopback port in a daemon thread."""

    def __init__(self, llm: FakeLLM | None = None) -> None:
        self.llm = llm or FakeLLM()
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, name="fake-llm", daemon=True)
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> FakeLLMServer:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(timeout=10)
        return self

    async def _start(self) -> None:
        app = web.Application(client_max_size=16 * 1024 * 1024)
        app.router.add_post("/v1/chat/completions", self.llm._handle)
        app.router.add_get("/v1/models", self.llm._models)
        app.router.add_post("/v1/embeddings", self.llm._handle_embeddings)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
