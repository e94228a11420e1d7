"""The only module that speaks to the LLM: any OpenAI-compatible endpoint via AsyncOpenAI.

Retries with backoff on 429, 5xx and timeouts are the SDK's own (``max_retries``);
on top of it this client puts a total deadline on each call (retries included),
bounds concurrency, forces tool calls and reads their arguments leniently before
pydantic validates them, makes every text the model returns valid (no lone
surrogates), leaves temperature out for models that reject it, appends
``/no_think`` when configured, and records every call (success, failure, deadline
or cancellation) for ``LlmLog``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import openai
from openai import AsyncOpenAI
from openai.types.chat import ChatCompletion
from pydantic import BaseModel, ValidationError

from utils.config import Settings
from utils.storage.records import LlmCallRecord
from utils.storage.schema import ERROR_MAX, EXCERPT_MAX
from utils.text import valid_text, valid_tree

logger = logging.getLogger(__name__)

ModelT = TypeVar("ModelT", bound=BaseModel)
Message = dict[str, Any]

CHAT_LANE = "chat"
BACKGROUND_LANE = "background"
_NO_TEMPERATURE_MODELS = re.compile(r"^(o\d|gpt-5)", re.IGNORECASE)


class LLMError(RuntimeError):
    """The LLM could not give a usable answer (down, slow, error status, or invalid output)."""


@dataclass(frozen=True)
class ToolSpec(Generic[ModelT]):
    """A function tool the model is forced to call, and the pydantic model its arguments must fit."""

    name: str
    description: str
    parameters: dict[str, Any]
    arguments_model: type[ModelT]

    def as_openai(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": self.parameters},
        }


def object_schema(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    """The JSON schema of an object with ``properties``, of which ``required`` must be given (tool arguments)."""
    return {"type": "object", "properties": properties, "required": required}


def valid_items(model: type[ModelT], items: list[Any], limit: int) -> list[ModelT]:
    """The first ``limit`` items that fit ``model``; a malformed one is dropped, not the whole answer."""
    kept = []
    for item in items[:limit]:
        if isinstance(item, dict):
            try:
                kept.append(model.model_validate(item))
            except ValueError:
                continue
    return kept


@dataclass(frozen=True)
class _Call:
    """What one call is, for its LlmLog row."""

    kind: str
    model: str
    user_id: int | None


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


@dataclass(frozen=True)
class ChatResult:
    text: str
    usage: Usage


def _supports_temperature(model: str) -> bool:
    """Reasoning models (o1/o3/o4, gpt-5) reject a temperature other than the default."""
    return not _NO_TEMPERATURE_MODELS.match(model)


def _append_no_think(messages: Sequence[Message]) -> list[Message]:
    """Qwen3-style models skip their reasoning when the last user turn ends with /no_think."""
    out = [dict(m) for m in messages]
    for message in reversed(out):
        if message.get("role") == "user" and isinstance(message.get("content"), str):
            message["content"] = f"{message['content']} /no_think"
            break
    return out


SCREEN_MARGIN = 400
"""Kept past a cut until the screen has run: a key that straddles the cut is still whole when it is screened."""


def _excerpt(value: Any) -> str:
    """An excerpt as JSON (a request) or the answer's own text, whole: not cut, not screened here.

    Screening a 2,000-character prompt costs ~0.7 ms, twice per call, on the reply path.
    `LlmLogBuffer` — the only writer of `LlmLog` — screens every string of the excerpt
    as plain text off the event loop, then encodes it, then cuts it to its column: a
    JSON-encoded text hides a secret after ``\\n`` or inside ``\\"…\\"``, and a cut one is
    not recognised.
    """
    return valid_text(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str))


_FENCE = re.compile(r"^\s*```[\w-]*\s*\n?(.*?)\n?\s*```\s*$", re.DOTALL)


def parse_arguments(raw: str) -> Any:
    """A tool call's arguments, read the way small models write them.

    Raw newlines and tabs inside strings are accepted (``strict=False``), a code fence
    around the JSON is taken off, and when there is prose before or after it, the first
    JSON object in the text is used. Raises ``json.JSONDecodeError`` when there is none.
    """
    text = raw.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1).strip()
    try:
        return json.loads(text, strict=False)
    except json.JSONDecodeError as first_error:
        decoder = json.JSONDecoder(strict=False)
        start = text.find("{")
        while start != -1:
            try:
                return decoder.raw_decode(text, start)[0]
            except json.JSONDecodeError:
                start = text.find("{", start + 1)
        raise first_error from None


SYSTEM_EXCERPT_CHARS = 300
"""The head of the system prompt kept in a log row: which prompt it was; the rest is the bot's own text."""
LOGGED_TEXT_CHARS = 1200
"""Of the last message and of the answer: enough to debug a call, and the privacy screen's cost grows with length."""


def _request_excerpt(request: Sequence[Message]) -> str:
    """The head of the system prompt and the last message only: earlier lines may be other members' words,
    which must not be kept under this member's id (their own erasure could not reach them)."""
    system = [_cut_content(m, SYSTEM_EXCERPT_CHARS) for m in request[:1] if m.get("role") == "system"]
    return _excerpt(system + [_cut_content(m, LOGGED_TEXT_CHARS + SCREEN_MARGIN) for m in request[-1:]])


def _cut_content(message: Message, chars: int) -> Message:
    content = message.get("content")
    return {**message, "content": content[:chars]} if isinstance(content, str) else message


class LLMClient:
    """See the module docstring. One instance per process; close it on shutdown."""

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str,
        model: str,
        timeout: float = 60.0,
        max_retries: int = 2,
        max_concurrency: int = 4,
        no_think: bool = False,
        log_sink: Callable[[LlmCallRecord], None] | None = None,
    ) -> None:
        self.model = model
        self._no_think = no_think
        self._log_sink = log_sink
        self._lanes = {lane: asyncio.Semaphore(max_concurrency) for lane in (CHAT_LANE, BACKGROUND_LANE)}
        """Chat replies and background calls (extraction, analysis) have separate slots: a reply never
        waits behind a burst of extractions."""
        self._no_temperature: set[str] = set()
        self.deadline_seconds = timeout * (max_retries + 1)
        """The whole call, SDK retries included. The SDK's own timeout bounds each read, not a
        request: an endpoint trickling its body a byte at a time held a reply for 130-167 s."""
        self._client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=timeout, max_retries=max_retries)

    @classmethod
    def from_settings(cls, settings: Settings, log_sink: Callable[[LlmCallRecord], None] | None = None) -> LLMClient:
        return cls(
            base_url=settings.llm_base_url,
            api_key=settings.llm_api_key,
            model=settings.llm_model,
            timeout=settings.llm_timeout_seconds,
            max_retries=settings.llm_max_retries,
            max_concurrency=settings.llm_max_concurrency,
            no_think=settings.llm_no_think,
            log_sink=log_sink,
        )

    async def close(self) -> None:
        await self._client.close()

    async def chat(
        self,
        messages: Sequence[Message],
        *,
        kind: str = "chat",
        model: str | None = None,
        temperature: float | None = None,
        max_tokens: int = 700,
        user_id: int | None = None,
    ) -> ChatResult:
        """A plain completion; raises :class:`LLMError` with the reason when there is no usable text."""
        call = _Call(kind, model or self.model, user_id)
        response, elapsed_ms, request = await self._create(messages, call, temperature, max_tokens, tools=None)
        text = valid_text(response.choices[0].message.content).strip()
        usage = _usage(response)
        if not text:
            self._record(call, elapsed_ms, False, request, None, usage, "empty completion")
            raise LLMError("the model returned an empty answer")
        self._record(call, elapsed_ms, True, request, text, usage, None)
        return ChatResult(text=text, usage=usage)

    async def call_tool(
        self,
        messages: Sequence[Message],
        tool: ToolSpec[ModelT],
        *,
        kind: str,
        model: str | None = None,
        temperature: float | None = None,
        max_tokens: int = 1024,
        user_id: int | None = None,
    ) -> tuple[ModelT, Usage]:
        """Force ``tool`` and return its arguments validated by ``tool.arguments_model``."""
        call = _Call(kind, model or self.model, user_id)
        response, elapsed_ms, request = await self._create(messages, call, temperature, max_tokens, tools=tool)
        usage = _usage(response)
        calls = response.choices[0].message.tool_calls
        tool_call = next((c for c in calls or [] if getattr(c, "function", None) and c.function.name == tool.name), None)
        if tool_call is None:
            content = response.choices[0].message.content
            self._record(call, elapsed_ms, False, request, content, usage, f"no {tool.name} tool call")
            raise LLMError(f"the model did not call {tool.name}")
        raw = valid_text(tool_call.function.arguments)
        try:
            parsed = tool.arguments_model.model_validate(valid_tree(parse_arguments(raw)))
        except (json.JSONDecodeError, ValidationError) as exc:
            error = f"invalid {tool.name} arguments: {str(exc).splitlines()[0]}"
            self._record(call, elapsed_ms, False, request, raw, usage, error)
            raise LLMError(error) from None
        self._record(call, elapsed_ms, True, request, raw, usage, None)
        return parsed, usage

    async def _post_completion(self, body: dict[str, Any]) -> ChatCompletion:
        """`chat.completions.create` without the SDK's request transform.

        The SDK walks every message of the request through its TypedDict transform
        before sending it: 4.5 ms of event-loop time for a 22-message chat prompt on the
        bench machine. Our body is plain JSON already, so the SDK's low-level `post`
        sends it as it is, with the same retries, timeouts, errors and response parsing.
        """
        return await self._client.post("/chat/completions", body=body, cast_to=ChatCompletion)

    async def _post_with_temperature_fallback(self, kwargs: dict[str, Any], use_temperature: bool) -> ChatCompletion:
        """Post; a model that rejects the temperature is asked again without it (and remembered)."""
        try:
            return await self._post_completion(kwargs)
        except openai.BadRequestError as exc:
            if not (use_temperature and "temperature" in str(exc).lower()):
                raise
            self._no_temperature.add(kwargs["model"])
            kwargs.pop("temperature")
            return await self._post_completion(kwargs)

    async def _create(
        self,
        messages: Sequence[Message],
        call: _Call,
        temperature: float | None,
        max_tokens: int,
        tools: ToolSpec[Any] | None,
    ) -> tuple[Any, int, list[Message]]:
        chosen = call.model
        request = valid_tree(_append_no_think(messages) if self._no_think else list(messages))
        # The last line of defence: whatever a caller built (a display name, a monitor batch), one
        # lone surrogate would make this request fail to encode, and the next, until restart.
        kwargs: dict[str, Any] = {"model": chosen, "messages": request}
        if tools is not None:
            kwargs["tools"] = [tools.as_openai()]
            kwargs["tool_choice"] = {"type": "function", "function": {"name": tools.name}}
        use_temperature = temperature is not None and _supports_temperature(chosen) and chosen not in self._no_temperature
        if use_temperature:
            kwargs["temperature"] = temperature
        kwargs["max_completion_tokens" if not _supports_temperature(chosen) else "max_tokens"] = max_tokens
        started = time.monotonic()
        async with self._lanes[CHAT_LANE if call.kind == CHAT_LANE else BACKGROUND_LANE]:
            try:
                async with asyncio.timeout(self.deadline_seconds):
                    response = await self._post_with_temperature_fallback(kwargs, use_temperature)
            except asyncio.CancelledError:
                self._record(call, _ms_since(started), False, request, None, Usage(), "cancelled")
                raise
            except (openai.OpenAIError, ValueError, TimeoutError) as exc:
                elapsed = _ms_since(started)
                error = "deadline exceeded" if isinstance(exc, TimeoutError) else _describe(exc)
                self._record(call, elapsed, False, request, None, Usage(), error)
                url = self._client.base_url
                logger.warning("LLM %s call to %s (LLM_BASE_URL) failed after %d ms: %s", call.kind, url, elapsed, error)
                raise LLMError(error) from exc
        elapsed = _ms_since(started)
        if not getattr(response, "choices", None):
            error = f"unexpected response: {str(response)[:200]!r}"
            self._record(call, elapsed, False, request, None, Usage(), error)
            logger.warning("LLM %s call returned no choices: %s", call.kind, error)
            raise LLMError(error)
        return response, elapsed, request

    def _record(
        self,
        call: _Call,
        elapsed_ms: int,
        success: bool,
        request: Sequence[Message],
        response: str | None,
        usage: Usage,
        error: str | None,
    ) -> None:
        if self._log_sink is None:
            return
        self._log_sink(
            LlmCallRecord(
                kind=call.kind,
                model=call.model,
                latency_ms=elapsed_ms,
                user_id=call.user_id,
                success=success,
                prompt_tokens=usage.prompt_tokens,
                completion_tokens=usage.completion_tokens,
                request_excerpt=_request_excerpt(request),
                response_excerpt=None if response is None else _excerpt(response[: 4 * EXCERPT_MAX]),
                error=None if error is None else valid_text(error)[:ERROR_MAX],
            )
        )


def _usage(response: Any) -> Usage:
    usage = getattr(response, "usage", None)
    if usage is None:
        return Usage()
    return Usage(getattr(usage, "prompt_tokens", None), getattr(usage, "completion_tokens", None))


def _ms_since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, openai.APITimeoutError):
        return "timeout"
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}: {str(exc.message)[:200]}"
    if isinstance(exc, openai.APIConnectionError):
        return f"connection error: {exc.__cause__ or exc}"[:300]
    return f"{type(exc).__name__}: {exc}"[:300]
