"""A small OpenAI-compatible server on 127.0.0.1 for tests and benchmarks.

It runs in its own thread with its own event loop, so the code under test reaches
it over real HTTP with the real SDK (retries, timeouts and parsing included),
whatever loop the test runs on. Behaviour is scripted per request kind:
``chat`` answers plain completions, ``tools[name]`` answers forced tool calls, and
``/v1/embeddings`` answers deterministic hashed-word vectors (`hashed_embedding`):
texts sharing words are close, others nearly orthogonal, and ``embedding_aliases``
lets a test say that two words mean the same ("pup" → "dog").

How a model's server answers each way of asking for a tool's arguments (a forced
tool call, ``response_format`` ``json_schema`` or ``json_object``, a prompt asking for
JSON) is a :class:`ServerBehaviour`, chosen by the request's model name from
:data:`SERVER_BEHAVIOURS` — each row taken from that server's documentation or issue
tracker — or from ``FakeLLM.behaviours``. ``one_at_a_time`` plays a single-slot local
server (llama.cpp, llama-cpp-python): requests are answered strictly one after another.
How a path outside ``/v1`` is answered (a base URL missing its ``/v1``) is ``FakeLLM.unversioned``,
a key of :data:`UNVERSIONED`, each row from that server's own answer.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
import zlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

Body = dict[str, Any]
ToolAnswer = dict[str, Any] | str | None
"""A dict becomes the tool call's arguments; a str is sent as raw (possibly broken) arguments; None means no tool call."""
Route = tuple[str, str, Callable[[web.Request], Awaitable[web.StreamResponse]]]


@dataclass(frozen=True)
class ServerBehaviour:
    """How one model on one server answers each way of asking for a tool's arguments.

    ``tools``: call | ignore_prose | ignore_fenced | ignore_tags | reject_400.
    ``json_schema``: honour | reject_400 | reject_500 | ignore_fenced | ignore_prose.
    ``json_object``: honour | reject_400 | ignore_prose.
    ``text`` (a prompt asking for JSON, nothing enforced): fenced | bare | tags | prose.
    ``arguments``: valid | truncated | invalid — how the JSON itself comes out, whatever the way.
    """

    source: str
    tools: str = "call"
    json_schema: str = "honour"
    json_object: str = "honour"
    text: str = "fenced"
    arguments: str = "valid"


SERVER_BEHAVIOURS: dict[str, ServerBehaviour] = {
    "gpt-4o-mini": ServerBehaviour("OpenAI: forced tool calls, strict and non-strict json_schema, json_object"),
    "qwen2.5:7b-instruct": ServerBehaviour("Ollama, a model with a tool template: tools honoured"),
    "ollama-ignores-tool-choice": ServerBehaviour(
        "ollama/ollama #8421, #17921: tool_choice silently dropped, forced returns plain text; format (json_schema) honoured",
        tools="ignore_prose",
    ),
    "ollama-tool-choice-fenced": ServerBehaviour(
        "ollama/ollama #17921: tool_choice dropped, the model writes the arguments as a fenced JSON block",
        tools="ignore_fenced",
    ),
    "ollama-no-tools": ServerBehaviour(
        'ollama/ollama #5793, #6027, #14795: HTTP 400 "<model> does not support tools" (no tool template: gemma3, llama3)',
        tools="reject_400",
    ),
    "llama-cpp-python": ServerBehaviour(
        "llama-cpp-python server: tool_choice (named or required) ignored without chatml-function-calling; "
        "json_schema answers HTTP 500 (ggml-org/llama.cpp #23463); json_object with a schema honoured",
        tools="ignore_prose",
        json_schema="reject_500",
    ),
    "llama-server-old": ServerBehaviour(
        'llama.cpp server before b3800 (ggml-org/llama.cpp #9522): 500 "response_format type must be one of \\"text\\" '
        'or \\"json_object\\""; tools ignored without --jinja',
        tools="ignore_prose",
        json_schema="reject_500",
    ),
    "llama-server-unconstrained": ServerBehaviour(
        "ggml-org/llama.cpp #24097, #24096: json_schema and json_object accepted with 200 but not enforced (free text)",
        tools="ignore_prose",
        json_schema="ignore_fenced",
        json_object="ignore_prose",
    ),
    "lmstudio": ServerBehaviour(
        "lmstudio-ai/lmstudio-bug-tracker #189, #307: 400 \"'response_format.type' must be 'json_schema' or 'text'\"",
        json_object="reject_400",
    ),
    "vllm": ServerBehaviour("vLLM: named tool_choice and json_schema through guided decoding"),
    "hermes-tags": ServerBehaviour(
        "vLLM / llama.cpp without a tool parser: Hermes/Qwen <tool_call> tags left in the content",
        tools="ignore_tags",
        json_schema="reject_400",
        json_object="reject_400",
        text="tags",
    ),
    "truncates": ServerBehaviour("any server: the answer cut at max_tokens (finish_reason length)", arguments="truncated"),
    "invalid-json": ServerBehaviour("small models: Python-style single-quoted objects, not JSON", arguments="invalid"),
    "prose-only": ServerBehaviour(
        "a model too small to follow any format: prose whatever is asked",
        tools="ignore_prose",
        json_schema="ignore_prose",
        json_object="ignore_prose",
        text="prose",
    ),
}
"""Model name → behaviour; a model not listed (and not in ``FakeLLM.behaviours``) gets :data:`HONOURS_ALL`."""
HONOURS_ALL = ServerBehaviour("a server that honours every way")

UNVERSIONED: dict[str, tuple[int, str, str] | None] = {
    "ollama": (404, "404 page not found", "text/plain"),
    "lmstudio": (200, '{"error":"Unexpected endpoint or method. (%(method)s %(path)s)"}', "application/json"),
    "vllm": (404, '{"detail":"Not Found"}', "application/json"),
    "openai": (
        404,
        '{"error": {"message": "Invalid URL (%(method)s %(path)s)", "type": "invalid_request_error", "param": null, '
        '"code": null}}',
        "application/json",
    ),
    "llama.cpp": None,
}
"""Server → its answer (status, body, content type) to a path outside ``/v1``; None serves the API there too.

Ollama (its Go router's 404), LM Studio (lmstudio-ai/lmstudio-bug-tracker #618: "Unexpected endpoint or
method", HTTP 200 anyway), vLLM (FastAPI's 404), OpenAI ("Invalid URL"), llama.cpp's llama-server (it
routes `/models` and `/chat/completions` with and without `/v1`)."""
PROSE = "Sure! I have noted that for you."
_NAMED_IN_PROMPT = re.compile(r"the arguments of `(\w+)`")


def way_of(body: Body) -> str:
    """How a request asks for a tool's arguments: tools, json_schema, json_object, text, or chat (none)."""
    if body.get("tools"):
        return "tools"
    response_format = body.get("response_format") or {}
    if response_format.get("type") in ("json_schema", "json_object"):
        return str(response_format["type"])
    return "text" if _prompted_tool(body) else "chat"


def _prompted_tool(body: Body) -> str | None:
    for message in reversed(body.get("messages", [])):
        content = message.get("content")
        if message.get("role") == "user" and isinstance(content, str):
            found = _NAMED_IN_PROMPT.search(content)
            return found.group(1) if found else None
    return None


def _rejection(status: int, message: str) -> web.Response:
    body = json.dumps({"error": {"message": message, "type": "api_error", "param": None, "code": None}})
    return web.Response(status=status, text=body, content_type="application/json")


def _rendered(arguments: dict[str, Any] | str, behaviour: ServerBehaviour) -> str:
    if isinstance(arguments, str):
        return arguments
    text = json.dumps(arguments, ensure_ascii=False)
    if behaviour.arguments == "truncated":
        return text[: max(1, len(text) // 2)]
    if behaviour.arguments == "invalid":
        return str(arguments)
    return text


def _in_text(style: str, name: str, arguments: str) -> str:
    if style == "fenced":
        return f"Here is what I found:\n```json\n{arguments}\n```"
    if style == "bare":
        return f"Sure, the arguments: {arguments} Hope that helps!"
    if style == "tags":
        return f'<tool_call>\n{{"name": "{name}", "arguments": {arguments}}}\n</tool_call>'
    return PROSE


EMBEDDING_DIMENSIONS = 1024
_EMBEDDING_STOP = frozenset(
    "a an the i my me is are was to of and in on at for it its that this with has have do how what".split()
)


def hashed_embedding(text: str, dimensions: int = EMBEDDING_DIMENSIONS, aliases: dict[str, str] | None = None) -> list[float]:
    """A bag of hashed words (plural "s" dropped): the same text always gives the same vector."""
    if dimensions <= 0:
        return []
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


def _last_user_text(body: Body) -> str:
    for message in reversed(body.get("messages", [])):
        if message.get("role") == "user" and isinstance(message.get("content"), str):
            return str(message["content"])
    return ""


def _vllm_validation_error(body: Body) -> tuple[int, str]:
    """vLLM answers a request its pydantic model refuses with every error's ``input`` in the message, as Python reprs
    (modelscope/evalscope #586: "Error code: 400 - {'object': 'error', 'message': \"[{'type': 'literal_error', …,
    'input': 'system', …}]\"}"; vllm-project/vllm #49239: the whole offending input echoed in each error)."""
    errors = [
        {
            "type": "string_type",
            "loc": ("body", "messages", len(body.get("messages", [])) - 1, "content"),
            "msg": "Input should be a valid string",
            "input": _last_user_text(body),
        }
    ]
    return 400, json.dumps({"object": "error", "message": str(errors), "type": "BadRequestError", "param": None, "code": 400})


def _proxy_echo_error(body: Body) -> tuple[int, str]:
    """A gateway in front of the model (a content filter) that refuses the request and quotes the text it refused."""
    message = f"request blocked by the content filter: {_last_user_text(body)!r}"
    return 400, json.dumps({"error": {"message": message, "type": "invalid_request_error", "code": "content_filter"}})


ECHOING_ERRORS: dict[str, Callable[[Body], tuple[int, str]]] = {
    "vllm-validation": _vllm_validation_error,
    "proxy-echo": _proxy_echo_error,
}
"""Server → its error for a request, built from the request: these errors repeat what the member wrote."""


def _scripted_failure(failures: list[Failure], body: Body | None = None) -> web.Response | None:
    """The first scripted failure with calls left, used up by one (None: answer normally)."""
    for failure in failures:
        if failure.remaining > 0:
            failure.remaining -= 1
            if failure.echo is not None and body is not None:
                status, text = ECHOING_ERRORS[failure.echo](body)
                return web.Response(status=status, text=text, content_type="application/json")
            return web.Response(status=failure.status, text=failure.body, content_type="application/json")
    return None


@dataclass
class Failure:
    status: int
    remaining: int
    body: str = '{"error": {"message": "scripted failure", "type": "server_error"}}'
    echo: str | None = None
    """A key of :data:`ECHOING_ERRORS`: the error is that server's, built from the request it refuses."""


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
    tool_gate: threading.Event | None = None
    """Like ``gate``, for tool requests only (an extraction held in flight while chat answers go on). Each request
    waits on the Event set when it arrived: swap in a new one to hold the next request apart."""
    tokens_per_char: float = 0.25
    models: list[str] | None = None
    """Answer `GET /v1/models` with these ids; None answers 404, as servers that do not list models do."""
    embedding_requests: list[Body] = field(default_factory=list)
    """Bodies of `/v1/embeddings` requests (kept apart from chat and tool requests)."""
    embedding_aliases: dict[str, str] = field(default_factory=dict)
    embedding_dimensions: int = EMBEDDING_DIMENSIONS
    """Change it to play a model swapped for one of another size."""
    embedding_answer: Callable[[list[str]], list[object]] | None = None
    """When set, the ``embedding`` values answered for the texts (one per item; any shape, any count): a broken server."""
    embedding_seconds: float = 0.0
    embedding_failures: list[Failure] = field(default_factory=list)
    trickle_seconds: float = 0.0
    """When set, the answer's body is trickled: a space every 50 ms for this long, then the JSON (a slow
    endpoint that never lets the SDK's per-read timeout fire)."""
    behaviours: dict[str, ServerBehaviour] = field(default_factory=dict)
    """Model name → behaviour, before :data:`SERVER_BEHAVIOURS`."""
    one_at_a_time: bool = False
    """Answer one request at a time, in arrival order (a single-slot llama.cpp or llama-cpp-python server)."""
    tool_think_seconds: float = 0.0
    """Extra time a tool request (extraction, analysis) takes, on top of ``think_seconds``."""
    served: list[Body] = field(default_factory=list)
    """Bodies in the order their answers started (with ``one_at_a_time``: the order the server computed them)."""
    unversioned: str = "ollama"
    """How a path outside ``/v1`` is answered: a key of :data:`UNVERSIONED`."""
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _slot: asyncio.Lock | None = None

    # ----------------------------------------------------------------- inspection
    def tool_requests(self, name: str) -> list[Body]:
        with self._lock:
            return [r for r in self.requests if tool_name(r) == name]

    def chat_requests(self) -> list[Body]:
        with self._lock:
            return [r for r in self.requests if tool_name(r) is None]

    def requests_by_way(self) -> list[str]:
        """The way each chat-completions request asked, in order (see :func:`way_of`)."""
        with self._lock:
            return [way_of(r) for r in self.requests]

    def behaviour_of(self, model: str) -> ServerBehaviour:
        return self.behaviours.get(model) or SERVER_BEHAVIOURS.get(model) or HONOURS_ALL

    def fail(self, status: int, times: int = 1) -> None:
        self.failures.append(Failure(status, times))

    def fail_echoing(self, server: str, times: int = 1) -> None:
        """Answer the next ``times`` requests with ``server``'s error quoting the request (:data:`ECHOING_ERRORS`)."""
        self.failures.append(Failure(0, times, echo=server))

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
        if self.embedding_answer is not None:
            vectors = self.embedding_answer(texts)
        else:
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
        if not self.one_at_a_time:
            return await self._answer(request, body)
        if self._slot is None:
            self._slot = asyncio.Lock()
        async with self._slot:
            return await self._answer(request, body)

    async def _answer(self, request: web.Request, body: Body) -> web.StreamResponse:
        with self._lock:
            self.served.append(body)
        if self.gate is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.gate.wait, 10)
        if (tool_gate := self.tool_gate) is not None and tool_name(body) is not None:
            await asyncio.get_running_loop().run_in_executor(None, tool_gate.wait, 30)
        if self.think_seconds:
            await asyncio.sleep(self.think_seconds)
        if self.tool_think_seconds and tool_name(body) is not None:
            await asyncio.sleep(self.tool_think_seconds)
        if (failed := _scripted_failure(self.failures, body)) is not None:
            return failed
        if self.garbage:
            return web.Response(status=200, text="<html>not json</html>", content_type="text/html")
        if (refused := self._refusal(body)) is not None:
            return refused
        if self.trickle_seconds:
            return await self._trickle(request, self._completion(body))
        return web.json_response(self._completion(body))

    def _refusal(self, body: Body) -> web.Response | None:
        """The error the model's server answers for a way it does not take, as its issue tracker shows it."""
        behaviour = self.behaviour_of(str(body.get("model", "")))
        way = way_of(body)
        if way == "tools" and behaviour.tools == "reject_400":
            return _rejection(400, f"registry.ollama.ai/library/{body.get('model')}:latest does not support tools")
        if way == "json_schema" and behaviour.json_schema == "reject_500":
            return _rejection(500, 'response_format type must be one of "text" or "json_object", but got: json_schema')
        if way == "json_schema" and behaviour.json_schema == "reject_400":
            return _rejection(400, "'response_format.type' must be one of 'text' or 'json_object'")
        if way == "json_object" and behaviour.json_object == "reject_400":
            return _rejection(400, "'response_format.type' must be 'json_schema' or 'text'")
        return None

    async def _models(self, _request: web.Request) -> web.Response:
        if self.models is None:
            return web.Response(status=404, text='{"error": {"message": "not found"}}', content_type="application/json")
        listed = [{"id": m, "object": "model", "owned_by": "test"} for m in self.models]
        return web.json_response({"object": "list", "data": listed})

    async def _unversioned(self, request: web.Request) -> web.StreamResponse:
        """A path outside ``/v1``: this server's own answer, or the API itself where the server routes it there too."""
        answer = UNVERSIONED[self.unversioned]
        if answer is None:
            tail = request.match_info["tail"].rstrip("/")
            if request.method == "GET" and tail == "models":
                return await self._models(request)
            if request.method == "POST" and tail == "chat/completions":
                return await self._handle(request)
            if request.method == "POST" and tail == "embeddings":
                return await self._handle_embeddings(request)
            answer = (404, '{"error": {"message": "File Not Found", "code": 404}}', "application/json")
        status, body, content_type = answer
        text = body % {"method": request.method, "path": request.path} if "%(" in body else body
        return web.Response(status=status, text=text, content_type=content_type)

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

    def _tool_answer(self, body: Body, name: str) -> tuple[Body, str]:
        """The scripted arguments, delivered the way this model's server delivers them."""
        behaviour = self.behaviour_of(str(body.get("model", "")))
        answer = self.tools.get(name, lambda _b: {"memories": []})(body)
        message: Body = {"role": "assistant", "content": None}
        if answer is None:
            message["content"] = "I would rather not call the tool."
            return message, "stop"
        arguments = _rendered(answer, behaviour)
        finish = "length" if behaviour.arguments == "truncated" else "stop"
        way = way_of(body)
        if way == "tools":
            if behaviour.tools == "call":
                call = {"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments}}
                message["tool_calls"] = [call]
                return message, "tool_calls" if finish == "stop" else finish
            style = {"ignore_fenced": "fenced", "ignore_tags": "tags"}.get(behaviour.tools, "prose")
        elif way == "json_schema":
            style = {"honour": "raw", "ignore_fenced": "fenced"}.get(behaviour.json_schema, "prose")
        elif way == "json_object":
            style = "raw" if behaviour.json_object == "honour" else "prose"
        else:
            style = behaviour.text
        message["content"] = arguments if style == "raw" else _in_text(style, name, arguments)
        return message, finish

    def _completion(self, body: Body) -> Body:
        name = tool_name(body)
        prompt_chars = len(json.dumps(body.get("messages", []), ensure_ascii=False))
        message: Body = {"role": "assistant", "content": None}
        if name is None:
            message["content"] = self.chat(body)
            finish = "stop"
        else:
            message, finish = self._tool_answer(body, name)
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


def tool_name(body: Body) -> str | None:
    """The tool a request asks the arguments of, whichever way it asks (None: a plain chat request)."""
    choice = body.get("tool_choice")
    if isinstance(choice, dict):
        return choice.get("function", {}).get("name")
    tools = body.get("tools") or []
    if tools:
        return tools[0]["function"]["name"]
    response_format = body.get("response_format") or {}
    if response_format.get("type") == "json_schema":
        return response_format.get("json_schema", {}).get("name")
    return _prompted_tool(body)


class FakeLLMServer:
    """Starts a :class:`FakeLLM` on a free loopback port in a daemon thread."""

    def __init__(self, llm: FakeLLM | None = None, routes: Sequence[Route] = ()) -> None:
        self.llm = llm or FakeLLM()
        self._routes = list(routes)
        """More (method, path, handler) routes, ahead of the catch-all for paths outside ``/v1``."""
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
        for method, path, handler in self._routes:
            app.router.add_route(method, path, handler)
        app.router.add_route("*", "/{tail:.*}", self.llm._unversioned)
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
