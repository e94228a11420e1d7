"""The only module that speaks to the LLM: any OpenAI-compatible endpoint via AsyncOpenAI.

On top of the SDK this client puts a total deadline on each call (retries included),
sends replies before background work (`utils.llm.lanes`), gets a tool's arguments
in whichever tool-call mode the model's server supports (:meth:`LLMClient.call_tool`), makes every text
the model returns valid (no lone surrogates), leaves temperature out for models that
reject it, appends ``/no_think`` when configured, and records every request (success,
failure, deadline or cancellation) for ``LlmLog``.

Retries are this client's, not the SDK's: a refused connection, 429 and 5xx are asked
again with backoff, a timed-out request never is. A local server keeps computing a
request its client gave up on (llama.cpp does not cancel it), so a retry would only
queue a second copy behind the first.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

import openai
from openai import AsyncOpenAI
from openai.types.chat import ChatCompletion
from pydantic import ValidationError

from utils.llm._mode_requests import refusal, shaped
from utils.llm.arguments import arguments_in_text, parse_arguments
from utils.llm.calls import SCREEN_MARGIN, Call, ChatResult, Usage, logged_excerpt, logged_request, usage_of
from utils.llm.errors import LLMError, ModeFailed, ModeRefused, screened_error
from utils.llm.lanes import EndpointLanes, lanes_for
from utils.llm.mode_book import ModeBook, Persist
from utils.llm.modes import ToolMode, ToolModeSetting
from utils.llm.tool_spec import Message, ModelT, ToolSpec
from utils.privacy.screen import Seen
from utils.storage.records import LlmCallRecord
from utils.storage.schema import ERROR_MAX, EXCERPT_MAX
from utils.text import valid_text, valid_tree

if TYPE_CHECKING:
    from utils.config import Settings

logger = logging.getLogger(__name__)

CHAT_LANE = "chat"
BACKGROUND_LANE = "background"
_NO_TEMPERATURE_MODELS = re.compile(r"^(o\d|gpt-5)", re.IGNORECASE)
_RETRIED_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})
BACKOFF_CAP_SECONDS = 8.0
IGNORES_TOOLS = "the server ignores forced tool calls"


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
        background_concurrency: int = 1,
        replies_first: bool = True,
        no_think: bool = False,
        tool_mode: ToolModeSetting = "auto",
        log_sink: Callable[[LlmCallRecord], None] | None = None,
        persist_mode: Persist | None = None,
    ) -> None:
        self.model = model
        self.base_url = base_url
        self._no_think = no_think
        self._log_sink = log_sink
        self._max_retries = max_retries
        self._lane_sizes = (max_concurrency, background_concurrency, replies_first)
        self._lanes: EndpointLanes | None = None
        self._no_temperature: set[str] = set()
        self.modes = ModeBook(base_url.rstrip("/"), forced=None if tool_mode == "auto" else tool_mode, persist=persist_mode)
        """Which mode each model answers tool requests in; Services wires it to the database."""
        self.requests_sent = 0
        """Requests posted (retries included), for the benchmarks."""
        self.deadline_seconds = timeout * (max_retries + 1)
        """The whole call, retries included. The SDK's own timeout bounds each read, not a
        request: an endpoint trickling its body a byte at a time held a reply for 130-167 s."""
        self._client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=timeout, max_retries=0)

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        log_sink: Callable[[LlmCallRecord], None] | None = None,
        persist_mode: Persist | None = None,
    ) -> LLMClient:
        return cls(
            base_url=settings.llm_base_url,
            api_key=settings.llm_api_key,
            model=settings.llm_model,
            timeout=settings.llm_timeout_seconds,
            max_retries=settings.llm_max_retries,
            max_concurrency=settings.llm_max_concurrency,
            background_concurrency=settings.llm_background_concurrency,
            no_think=settings.llm_no_think,
            tool_mode=settings.llm_tool_mode,
            log_sink=log_sink,
            persist_mode=persist_mode,
        )

    @property
    def lanes(self) -> EndpointLanes:
        """Shared with every client of this endpoint on this loop (made on first use: the loop runs by then)."""
        if self._lanes is None:
            chat, background, first = self._lane_sizes
            self._lanes = lanes_for(self.base_url, chat_slots=chat, background_slots=background, replies_first=first)
        return self._lanes

    @lanes.setter
    def lanes(self, lanes: EndpointLanes) -> None:
        """Other lanes for this client alone (the benchmark's baseline without replies first)."""
        self._lanes = lanes

    async def close(self) -> None:
        await self.modes.settle()
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
        member_ids: Sequence[int] = (),
        seen: Seen | None = None,
    ) -> ChatResult:
        """A plain completion; raises :class:`LLMError` with the reason when there is no usable text.

        ``member_ids``: other members whose words the messages hold (the channel's context), for the log.
        ``seen``: what the screen took out of the members' messages in ``messages``: never logged, nor in an error.
        """
        call = Call(kind, model or self.model, user_id, member_ids=tuple(dict.fromkeys(member_ids)), seen=seen)
        response, elapsed_ms, request = await self._create(messages, call, temperature, max_tokens, {})
        text = valid_text(response.choices[0].message.content).strip()
        usage = usage_of(response)
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
        mode: ToolMode | None = None,
        member_ids: Sequence[int] = (),
        seen: Seen | None = None,
    ) -> tuple[ModelT, Usage]:
        """``tool``'s arguments validated by ``tool.arguments_model``, got in the mode this model answers.

        ``mode`` asks one mode only (the doctor's probe); otherwise the model's mode is
        used (`ModeBook`), and a refusal falls to the next mode for this request (one extra at most).
        When a mode fails — the server refuses it, or the reply carries no arguments — the request
        is asked once more in the next mode, under the same total deadline per request, and the
        refusal is remembered, so the member's memory is not what pays for the discovery.
        ``member_ids``: the members whose words the messages hold besides ``user_id`` (a monitor batch's authors).
        ``seen``: what the screen took out of the members' messages in ``messages``: never logged, nor in an error.
        """
        call = Call(kind, model or self.model, user_id, member_ids=tuple(dict.fromkeys(member_ids)), seen=seen)
        asking = _ToolRequest(messages, tool, call, temperature, max_tokens)
        book = self.modes
        first_mode = mode or book.mode_for(call.model)
        try:
            return await self._attempt(asking, first_mode)
        except ModeFailed as failed:
            book.refuse(call.model, first_mode, failed.reason)
            following = None if mode is not None else book.fallback(call.model, first_mode)
            if following is None:
                raise LLMError(failed.reason) from None
            first = failed
        try:
            return await self._attempt(asking, following)
        except ModeFailed as failed:
            book.refuse(call.model, following, failed.reason)
            raise LLMError(f"{first.reason}; asked as {following}: {failed.reason}") from None

    async def _attempt(self, asking: _ToolRequest[ModelT], mode: ToolMode) -> tuple[ModelT, Usage]:
        """One tool request asked in one mode: its arguments, or :class:`ModeFailed` when this mode gave none.

        The answer is read the same way whatever the mode (a tool call's arguments, the
        structured content, or the arguments found in the reply's text), validated by the
        same pydantic model, logged as one `LlmLog` row with the mode used. Arguments that
        are there but broken (truncated, invalid) fail the call cleanly and are not held
        against the mode: the server did answer in that mode, and a good model truncates now
        and then; asking again would double the cost of every bad answer.
        """
        tool, call = asking.tool, asking.call
        asked, fields = shaped(asking.messages, tool, mode)
        try:
            response, elapsed_ms, request = await self._create(asked, call, asking.temperature, asking.max_tokens, fields, mode)
        except ModeRefused as exc:
            raise ModeFailed(str(exc)) from None
        usage = usage_of(response)
        message = response.choices[0].message
        content = valid_text(message.content) if message.content else None
        raw, used = _arguments(message, content, tool, mode)
        if raw is None:
            error = f"no {tool.name} tool call" if mode == "tools" else f"no {tool.name} arguments in the reply"
            self._record(call, elapsed_ms, False, request, content, usage, error, mode)
            raise ModeFailed(f"the model did not call {tool.name}" if mode == "tools" else error)
        logged = raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False)
        try:
            parsed = tool.arguments_model.model_validate(valid_tree(parse_arguments(raw) if isinstance(raw, str) else raw))
        except (json.JSONDecodeError, ValidationError) as exc:
            error = f"invalid {tool.name} arguments: {str(exc).splitlines()[0]}"
            self._record(call, elapsed_ms, False, request, logged, usage, error, used)
            raise LLMError(error) from None
        self._record(call, elapsed_ms, True, request, logged, usage, None, used)
        if used != mode:
            self.modes.refuse(call.model, mode, IGNORES_TOOLS)
        self.modes.confirm(call.model, used)
        return parsed, usage

    async def _post_completion(self, body: dict[str, Any]) -> ChatCompletion:
        """`chat.completions.create` without the SDK's request transform.

        The SDK walks every message of the request through its TypedDict transform
        before sending it: 4.5 ms of event-loop time for a 22-message chat prompt on the
        bench machine. Our body is plain JSON already, so the SDK's low-level `post`
        sends it as it is, with the same timeouts, errors and response parsing.
        """
        self.requests_sent += 1
        return await self._client.post("/chat/completions", body=body, cast_to=ChatCompletion)

    async def _post_with_retries(self, body: dict[str, Any], use_temperature: bool, mode: ToolMode | None) -> ChatCompletion:
        """Post; a model that rejects the temperature is asked again without it (and remembered).

        A refused connection, 429 and 5xx are retried with backoff, up to LLM_MAX_RETRIES;
        a timeout and a refusal of the request's mode are not.
        """
        attempt = 0
        while True:
            try:
                return await self._post_completion(body)
            except openai.BadRequestError as exc:
                if not (use_temperature and "temperature" in str(exc).lower()) or "temperature" not in body:
                    raise
                self._no_temperature.add(body["model"])
                body.pop("temperature")
            except (openai.APIStatusError, openai.APIConnectionError) as exc:
                if attempt >= self._max_retries or not _retried(exc, mode):
                    raise
                await asyncio.sleep(min(BACKOFF_CAP_SECONDS, 0.5 * 2**attempt))
                attempt += 1

    async def _create(
        self,
        messages: Sequence[Message],
        call: Call,
        temperature: float | None,
        max_tokens: int,
        fields: dict[str, Any],
        mode: ToolMode | None = None,
    ) -> tuple[Any, int, list[Message]]:
        chosen = call.model
        request = valid_tree(_append_no_think(messages) if self._no_think else list(messages))
        # The last line of defence: whatever a caller built (a display name, a monitor batch), one
        # lone surrogate would make this request fail to encode, and the next, until restart.
        body: dict[str, Any] = {"model": chosen, "messages": request, **fields}
        use_temperature = temperature is not None and _supports_temperature(chosen) and chosen not in self._no_temperature
        if use_temperature:
            body["temperature"] = temperature
        body["max_completion_tokens" if not _supports_temperature(chosen) else "max_tokens"] = max_tokens
        started = time.monotonic()
        lane = self.lanes.chat() if call.kind == CHAT_LANE else self.lanes.background()
        try:
            async with lane:
                started = time.monotonic()
                async with asyncio.timeout(self.deadline_seconds):
                    response = await self._post_with_retries(body, use_temperature, mode)
        except asyncio.CancelledError:
            self._record(call, _ms_since(started), False, request, None, Usage(), "cancelled", mode)
            raise
        except (openai.OpenAIError, ValueError, TimeoutError) as exc:
            elapsed = _ms_since(started)
            described = "deadline exceeded" if isinstance(exc, TimeoutError) else _describe(exc)
            # The row gets the text as the server wrote it: the log screens it with the whole request's values
            # (a PIN on the line after "my pin"); what is printed or raised now is screened now.
            self._record(call, elapsed, False, request, None, Usage(), described, mode)
            error = screened_error(described, call.seen)
            if mode is not None and (refused := refusal(mode, exc)) is not None:
                raise ModeRefused(screened_error(refused, call.seen)) from exc
            url = self._client.base_url
            logger.warning("LLM %s call to %s (LLM_BASE_URL) failed after %d ms: %s", call.kind, url, elapsed, error)
            raise LLMError(error) from exc
        elapsed = _ms_since(started)
        if not getattr(response, "choices", None):
            described = f"unexpected response: {str(response)[: 200 + SCREEN_MARGIN]!r}"
            self._record(call, elapsed, False, request, None, Usage(), described, mode)
            error = screened_error(described, call.seen)
            logger.warning("LLM %s call returned no choices: %s", call.kind, error)
            raise LLMError(error)
        return response, elapsed, request

    def _record(
        self,
        call: Call,
        elapsed_ms: int,
        success: bool,
        request: Sequence[Message],
        response: str | None,
        usage: Usage,
        error: str | None,
        mode: ToolMode | None = None,
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
                request_excerpt=logged_request(request),
                response_excerpt=None if response is None else logged_excerpt(response[: 4 * EXCERPT_MAX]),
                error=None if error is None else valid_text(error)[: ERROR_MAX + SCREEN_MARGIN],
                way=mode,
                created_at=call.asked_at,
                member_ids=call.member_ids,
                seen=call.seen,
            )
        )


def _retried(exc: openai.APIStatusError | openai.APIConnectionError, mode: ToolMode | None) -> bool:
    if isinstance(exc, openai.APITimeoutError):
        return False
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code in _RETRIED_STATUS and (mode is None or refusal(mode, exc) is None)
    return True


def _ms_since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


def _describe(exc: BaseException) -> str:
    """What went wrong, unscreened and uncut (:func:`screened_error` does both)."""
    if isinstance(exc, openai.APITimeoutError):
        return "timeout"
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}: {exc.message}"
    if isinstance(exc, openai.APIConnectionError):
        return f"connection error: {exc.__cause__ or exc}"
    return f"{type(exc).__name__}: {exc}"


@dataclass(frozen=True, slots=True)
class _ToolRequest(Generic[ModelT]):
    """One tool request as its caller put it; each attempt asks it in one mode."""

    messages: Sequence[Message]
    tool: ToolSpec[ModelT]
    call: Call
    temperature: float | None
    max_tokens: int


def _arguments(
    message: Any, content: str | None, tool: ToolSpec[Any], mode: ToolMode
) -> tuple[str | dict[str, Any] | None, ToolMode]:
    """The raw arguments and how they came: the tool call first, else what the text holds.

    A tool call for another function is no call. Under ``tools``, arguments found in
    the text mean the server answered in prose instead of calling (Ollama's OpenAI
    layer ignores ``tool_choice``): they are used, and recorded as the ``text`` mode.
    """
    for tool_call in getattr(message, "tool_calls", None) or []:
        function = getattr(tool_call, "function", None)
        if function is not None and function.name == tool.name:
            return valid_text(function.arguments or ""), "tools"
    found = arguments_in_text(content, tool.name)
    if found is None:
        return None, mode
    return found, ("text" if mode == "tools" else mode)
