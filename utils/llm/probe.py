"""Quick questions to an OpenAI-compatible endpoint before any real work: is it there, which models, embeddings.

Used by `python3 bot.py doctor` and by the one-line summary the bot and the terminal
chat print at start. Every call has a total deadline (`asyncio.timeout`) on top of the
SDK's own timeout, and no retries: a probe answers quickly or says why not.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import openai
from openai import AsyncOpenAI

from utils.llm.vectors import read_vector

SUMMARY_DEADLINE_SECONDS = 5.0


@dataclass(frozen=True)
class EndpointProbe:
    """``models`` is None when the endpoint does not list its models (some servers do not)."""

    reachable: bool
    error: str | None = None
    status: int | None = None
    models: tuple[str, ...] | None = None

    @property
    def key_rejected(self) -> bool:
        return self.status in (401, 403)


def _client(base_url: str, api_key: str, deadline: float) -> AsyncOpenAI:
    return AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=deadline, max_retries=0)


def describe_failure(exc: BaseException, deadline: float) -> str:
    """One line for an error of the SDK or of a deadline."""
    if isinstance(exc, TimeoutError | openai.APITimeoutError):
        return f"no answer within {deadline:g} s"
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}: {str(exc.message)[:160]}"
    if isinstance(exc, openai.APIConnectionError):
        return f"cannot connect ({exc.__cause__ or exc})"[:200]
    return f"{type(exc).__name__}: {exc}"[:200]


async def probe_endpoint(base_url: str, api_key: str, deadline: float = SUMMARY_DEADLINE_SECONDS) -> EndpointProbe:
    """``GET /models``: any HTTP answer means the server is there; a list says which models it serves."""
    client = _client(base_url, api_key, deadline)
    try:
        async with asyncio.timeout(deadline):
            page = await client.models.list()
        return EndpointProbe(True, status=200, models=tuple(sorted(m.id for m in page.data)))
    except openai.APIStatusError as exc:
        return EndpointProbe(True, describe_failure(exc, deadline), exc.status_code)
    except (openai.OpenAIError, TimeoutError, ValueError) as exc:
        return EndpointProbe(False, describe_failure(exc, deadline))
    finally:
        await client.close()


def model_listed(model: str, models: tuple[str, ...]) -> bool:
    """Ollama lists `llama3.1:latest` for a model asked for as `llama3.1`."""
    return model in models or f"{model}:latest" in models


async def embed_once(base_url: str, api_key: str, model: str, deadline: float) -> int:
    """One ``/embeddings`` call; returns the vector's length. Raises the SDK's errors, ``TimeoutError``, or
    ``ValueError`` for an answer the bot would refuse (:func:`utils.llm.vectors.read_vector`)."""
    client = _client(base_url, api_key, deadline)
    try:
        async with asyncio.timeout(deadline):
            answer = await client.embeddings.create(model=model, input=["plays chess every evening"], encoding_format="float")
        if not answer.data:
            raise ValueError("the endpoint returned no vector")
        return read_vector(answer.data[0].embedding).size  # the bot's own rule: NaN, oversized or strings are no vector
    finally:
        await client.close()
