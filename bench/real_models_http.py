"""The HTTP side of `python3 -m bench.real_models`: llama-cpp-python's server, requests, and the recording proxy.

Every exchange is kept as a plain dict (request parameters, status, raw text or tool
arguments, finish reason, usage), the form tests/support/recorded/*.json holds.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

GGUF_FORMAT = "gguf"
"""The alias served with llama-cpp-python's default chat format (the GGUF's template, else llama-2)."""
FC_FORMAT = "chatml-function-calling"
EXCERPT_CHARS = 600
ANSWER_CHARS = 6000


@dataclass
class Recorder:
    """Every request and raw answer of one model's run, in the order they happened."""

    records: list[dict[str, Any]] = field(default_factory=list)

    def add(self, **entry: Any) -> dict[str, Any]:
        entry = {"id": len(self.records) + 1, **entry}
        self.records.append(entry)
        return entry


def describe_request(body: dict[str, Any]) -> dict[str, Any]:
    """What a record keeps of a request: its parameters and the start of its last message (not the prompt)."""
    last = body.get("messages", [{}])[-1].get("content")
    tool_choice = body.get("tool_choice")
    return {
        "max_tokens": body.get("max_tokens", body.get("max_completion_tokens")),
        "temperature": body.get("temperature"),
        "tools": [t.get("function", {}).get("name") for t in body.get("tools") or []] or None,
        "tool_choice": tool_choice,
        "response_format": (body.get("response_format") or {}).get("type"),
        "last_message_excerpt": last[:EXCERPT_CHARS] if isinstance(last, str) else None,
    }


def kind_of(body: dict[str, Any]) -> str:
    """Which of the bot's calls a request is, from its system prompt (whichever way it is asked)."""
    system = str(body.get("messages", [{}])[0].get("content") or "")
    if system.startswith("You extract what a Discord bot should remember"):
        return "memory_extraction"
    if system.startswith("You are the behaviour monitor"):
        return "sentiment_analysis"
    return "chat"


def way_of(body: dict[str, Any]) -> str:
    if body.get("tools"):
        choice = body.get("tool_choice")
        return "tool_named" if isinstance(choice, dict) else f"tool_{choice or 'auto'}"
    fmt = (body.get("response_format") or {}).get("type")
    return fmt or "text"


def answer_fields(status: int | None, payload: Any) -> dict[str, Any]:
    """The raw answer: status, finish reason, text, tool calls (name and raw arguments), usage, error body."""
    out: dict[str, Any] = {"status": status}
    if not isinstance(payload, dict) or not payload.get("choices"):
        out["error_body"] = (payload if isinstance(payload, str) else json.dumps(payload))[:ANSWER_CHARS] if payload else None
        return out
    choice = payload["choices"][0]
    message = choice.get("message") or {}
    out["finish_reason"] = choice.get("finish_reason")
    content = message.get("content")
    out["content"] = content[:ANSWER_CHARS] if isinstance(content, str) else content
    calls = message.get("tool_calls") or []
    out["tool_calls"] = [
        {
            "name": (c.get("function") or {}).get("name"),
            "arguments": str((c.get("function") or {}).get("arguments"))[:ANSWER_CHARS],
        }
        for c in calls
    ] or None
    if message.get("function_call"):
        out["function_call"] = message["function_call"]
    usage = payload.get("usage") or {}
    out["usage"] = {k: usage.get(k) for k in ("prompt_tokens", "completion_tokens")}
    return out


async def post(
    session: aiohttp.ClientSession, url: str, body: dict[str, Any], timeout: float
) -> tuple[int | None, Any, float, str | None]:
    """One request: (status, parsed JSON or text, seconds, error); a timeout or dropped connection is an error, not a crash."""
    started = time.monotonic()
    try:
        async with session.post(url, json=body, timeout=aiohttp.ClientTimeout(total=timeout)) as response:
            text = await response.text()
            try:
                payload: Any = json.loads(text)
            except json.JSONDecodeError:
                payload = text
            return response.status, payload, time.monotonic() - started, None
    except TimeoutError:
        return None, None, time.monotonic() - started, f"timeout after {timeout:.0f} s"
    except aiohttp.ClientError as exc:
        return None, None, time.monotonic() - started, f"{type(exc).__name__}: {exc}"


class RecordingProxy:
    """A loopback OpenAI-compatible endpoint that forwards to the model server and records each exchange."""

    def __init__(self, upstream: str, recorder: Recorder, timeout: float, cap_tokens: int | None = None) -> None:
        self.upstream = upstream.rstrip("/")
        self.cap_tokens = cap_tokens
        """When set, a request's max_tokens is lowered to this (a bounded run on a shared CPU; recorded)."""
        self.recorder = recorder
        self.timeout = timeout
        self.phase = "bot"
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None
        self.port = 0

    async def start(self) -> str:
        app = web.Application(client_max_size=16 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._forward)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        self.port = free_port()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()
        self._session = aiohttp.ClientSession()
        return f"http://127.0.0.1:{self.port}/v1"

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        assert self._session is not None
        body = await request.json() if request.can_read_body else {}
        url = f"{self.upstream}/{request.match_info['tail']}"
        asked = body.get("max_tokens")
        if self.cap_tokens and isinstance(asked, int) and asked > self.cap_tokens:
            body["max_tokens"] = self.cap_tokens
        status, payload, seconds, error = await post(self._session, url, body, self.timeout)
        self.recorder.add(
            phase=self.phase,
            kind=kind_of(body),
            way=way_of(body),
            model_alias=body.get("model"),
            request={**describe_request(body), "max_tokens_asked": asked},
            seconds=round(seconds, 1),
            error=error,
            **answer_fields(status, payload),
        )
        if status is None:
            return web.json_response({"error": {"message": error}}, status=504)
        if isinstance(payload, str):
            return web.Response(text=payload, status=status)
        return web.json_response(payload, status=status)


# --------------------------------------------------------------------------- the model server
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class ModelServer:
    """llama-cpp-python's server for one GGUF file, two aliases: its own chat template and chatml-function-calling."""

    python: str
    key: str
    gguf: Path
    threads: int
    n_ctx: int
    log_path: Path
    default_format: str | None = None
    """The first alias's chat format: None is llama-cpp-python's default (the GGUF's template, else llama-2)."""
    process: subprocess.Popen[bytes] | None = None
    port: int = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def alias(self, chat_format: str) -> str:
        return self.key if chat_format == GGUF_FORMAT else f"{self.key}-fc"

    def config(self) -> dict[str, Any]:
        common = {
            "model": str(self.gguf),
            "n_ctx": self.n_ctx,
            "n_threads": self.threads,
            "n_threads_batch": self.threads,
            "verbose": False,
        }
        return {
            "host": "127.0.0.1",
            "port": self.port,
            "models": [
                {**common, "model_alias": self.alias(GGUF_FORMAT), "chat_format": self.default_format},
                {**common, "model_alias": self.alias(FC_FORMAT), "chat_format": FC_FORMAT},
            ],
        }

    def launch(self) -> subprocess.Popen[bytes]:
        self.port = free_port()
        config = self.log_path.parent / "config.json"
        config.write_text(json.dumps(self.config()))
        with self.log_path.open("ab") as log:
            return subprocess.Popen(
                [self.python, "-m", "llama_cpp.server", "--config_file", str(config)], stdout=log, stderr=subprocess.STDOUT
            )

    async def start(self, wait_seconds: float = 180) -> None:
        """Start the server and wait until it lists its models."""
        self.process = self.launch()
        deadline = time.monotonic() + wait_seconds
        async with aiohttp.ClientSession() as session:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"llama-cpp-python's server exited ({self.process.returncode}); see {self.log_path}")
                try:
                    async with session.get(f"{self.base_url}/models", timeout=aiohttp.ClientTimeout(total=5)) as r:
                        if r.status == 200:
                            return
                except (aiohttp.ClientError, TimeoutError):
                    pass
                await asyncio.sleep(1)
        self.stop()
        raise RuntimeError(f"llama-cpp-python's server did not answer in {wait_seconds:.0f} s; see {self.log_path}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


def llama_cpp_version(python: str) -> str:
    out = subprocess.run(
        [python, "-c", "import llama_cpp; print(llama_cpp.__version__)"], capture_output=True, text=True, check=False
    )
    return out.stdout.strip() or f"unknown ({out.stderr.strip()[-200:]})"
