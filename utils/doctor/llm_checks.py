"""The doctor's LLM checks: the endpoint answers, serves the model, completes, gives tool arguments, and what memory keeps.

The tool check is the real one: `extract_memories` with the real prompt and schema
on a two-line sample conversation, asked each way in turn (forced tool call,
structured output, JSON mode, the reply's text) until one gives its arguments; the
way found is remembered in the database like the bot's own first call would. Then
the sample's proposals go through the bot's own vetting, and the doctor says how
many would be kept: a model too small to remember fails memory while chat works.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

from utils.config import Settings
from utils.doctor.base_url import endpoint_base, names_endpoint, what_is_wrong
from utils.doctor.result import CheckResult, failed, ok, skipped, warning
from utils.llm import (
    LABELS,
    MODES,
    SUMMARY_DEADLINE_SECONDS,
    EndpointProbe,
    LLMClient,
    LLMError,
    ModeBook,
    describe_failure,
    embed_once,
    model_listed,
    probe_endpoint,
)
from utils.memory.extraction import MEMORY_EXTRACTION_TOOL, ExtractionResult, ExtractionTurn, build_extraction_messages
from utils.memory.vetting import vet
from utils.storage import tool_ways
from utils.storage.engine import Database
from utils.wording import plural

T = TypeVar("T")
PROBE_DEADLINE_SECONDS = 10.0
TOOL_CAPABLE_EXAMPLES = "qwen2.5:7b-instruct or llama3.1:8b (Ollama), gpt-4o-mini (OpenAI)"
SAMPLE_MEMBER = "Sam"
TOO_SMALL = "this model is too small to remember reliably"
REMEMBER_DEADLINE_SECONDS = 10.0
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})
DOCKER_HOST_URL = "http://host.docker.internal:11434/v1"
SAMPLE_TURN = ExtractionTurn(
    user_text="I just adopted a cat called Miso, and I play chess every evening.",
    bot_reply="Congratulations on Miso! Chess every evening is dedication.",
)


def masked(secret: str) -> str:
    """Enough of a key or token to recognise it, never enough to use it."""
    secret = secret.strip()
    if not secret:
        return "(empty)"
    return f"{secret[:4]}… ({len(secret)} characters)" if len(secret) > 8 else f"({len(secret)} characters)"


def summary_line(settings: Settings, probe: EndpointProbe) -> str:
    """The one line the bot and the terminal chat print at start: the URL, the model, reachable or not."""
    where = f"LLM {settings.llm_base_url} (LLM_BASE_URL), model {settings.llm_model} (LLM_MODEL)"
    if names_endpoint(settings.llm_base_url):
        pasted = endpoint_base(settings.llm_base_url)
        return f"{where}: LLM_BASE_URL names one endpoint; set it to {pasted}. Replies will fail until then."
    if not probe.reachable:
        return f"{where}: UNREACHABLE, {probe.error}. Replies will fail until it answers; run `python3 bot.py doctor`."
    if probe.key_rejected:
        return f"{where}: reachable but the key was refused ({probe.error}); check LLM_API_KEY."
    if probe.models is not None and not model_listed(settings.llm_model, probe.models):
        return f"{where}: reachable, but it does not serve this model; run `python3 bot.py doctor`."
    return f"{where}: reachable."


async def startup_summary(settings: Settings) -> str:
    return summary_line(settings, await safe_probe(settings.llm_base_url, settings.llm_api_key))


async def safe_probe(url: str, api_key: str, deadline: float = SUMMARY_DEADLINE_SECONDS) -> EndpointProbe:
    """The probe, with an answer that is not a model list (LM Studio's HTTP 200 error body) read as "no list"."""
    try:
        return await probe_endpoint(url, api_key, deadline)
    except Exception as exc:  # noqa: BLE001 - a malformed answer is one line, never a traceback
        return EndpointProbe(True, f"HTTP 200 but not a model list ({type(exc).__name__})")


def with_v1(url: str) -> str | None:
    """The URL with the `/v1` OpenAI-compatible servers serve under, or None when it already ends with it.

    Ollama's native API is under `/api`, its OpenAI-compatible one under `/v1`: `/api` becomes `/v1`.
    """
    pasted = endpoint_base(url)
    if pasted is not None:
        return pasted  # a whole endpoint (…/v1/chat/completions): its base, never the endpoint with /v1 appended
    parts = urlsplit(url.strip())
    path = parts.path.rstrip("/")
    if path.endswith("/v1"):
        return None
    path = path.removesuffix("/api")
    return parts._replace(path=f"{path}/v1", query="", fragment="").geturl()


async def _missing_v1(settings: Settings, probe: EndpointProbe, deadline: float) -> CheckResult | None:
    """A URL without `/v1` whose `/v1` form lists models: the URL is what is wrong, not the model."""
    url = settings.llm_base_url
    fixed = with_v1(url)
    if fixed is None or probe.models is not None or not probe.reachable or probe.key_rejected:
        return None
    there = await safe_probe(fixed, settings.llm_api_key, deadline)
    if there.models is None:
        return None
    return failed(
        "LLM endpoint",
        f"asking {url} for its models got {probe.error or 'no model list'}, while {fixed} serves "
        f"{plural(len(there.models), 'model')}: LLM_BASE_URL probably lacks /v1",
        f"set LLM_BASE_URL to {fixed} (saw {url})",
    )


async def check_llm(settings: Settings) -> list[CheckResult]:
    """Endpoint, model(s), completion, tool arguments (each model), memory — later checks are skipped once one blocks."""
    url = settings.llm_base_url
    pasted = endpoint_base(url)
    if pasted is not None:
        reason = "skipped: LLM_BASE_URL is wrong"
        wrong = failed("LLM endpoint", what_is_wrong(url), f"set LLM_BASE_URL to {pasted} (saw {url})")
        return [wrong, skipped("LLM completion", reason), skipped("LLM tool call", reason)]
    deadline = min(PROBE_DEADLINE_SECONDS, settings.llm_timeout_seconds)
    probe = await safe_probe(url, settings.llm_api_key, deadline)
    if (wrong_url := await _missing_v1(settings, probe, deadline)) is not None:
        reason = "skipped: LLM_BASE_URL is wrong"
        return [wrong_url, skipped("LLM completion", reason), skipped("LLM tool call", reason)]
    if not settings.llm_model.strip():
        reason = "skipped: LLM_MODEL is empty, so there is no model to ask"
        first = [r for r in _endpoint_result(settings, probe) if r.name == "LLM endpoint"]
        return [*first, skipped("LLM model", reason), skipped("LLM completion", reason), skipped("LLM tool call", reason)]
    first = _endpoint_result(settings, probe)
    if first[-1].blocks:
        reason = "skipped: an earlier LLM check failed"
        return [*first, skipped("LLM completion", reason), skipped("LLM tool call", reason)]
    client = LLMClient(
        base_url=url,
        api_key=settings.llm_api_key,
        model=settings.llm_model,
        timeout=settings.llm_timeout_seconds,
        max_retries=0,
        tool_mode=settings.llm_tool_mode,
    )
    try:
        completion = await _check_completion(client, settings)
        if completion.blocks:
            return [*first, completion, skipped("LLM tool call", "skipped: the completion check failed")]
        results = [*first, completion]
        if settings.llm_extraction_model and settings.llm_extraction_model != settings.llm_model:
            chat_mode, _ = await _find_mode(client, settings, settings.llm_model, "chat", "LLM_MODEL")
            results.append(chat_mode if not chat_mode.blocks else warning(chat_mode.name, chat_mode.detail, chat_mode.fix))
        setting = "LLM_EXTRACTION_MODEL" if settings.llm_extraction_model else "LLM_MODEL"
        role = "extraction" if settings.llm_extraction_model else "chat and extraction"
        tool_line, sample = await _find_mode(client, settings, settings.extraction_model, role, setting)
        results.append(tool_line)
        if sample is not None:
            results.append(_memory_result(sample, settings.extraction_model, setting))
        await _remember(settings, client.modes)
        return results
    finally:
        await client.close()


async def _find_mode(
    client: LLMClient, settings: Settings, model: str, role: str, setting: str
) -> tuple[CheckResult, ExtractionResult | None]:
    """Ask the sample in each mode in turn (or the forced one); the first that gives arguments is the model's mode."""
    messages = build_extraction_messages(member_name=SAMPLE_MEMBER, profile="", shown=[], turns=[SAMPLE_TURN])
    deadline = settings.llm_timeout_seconds
    errors: list[str] = []
    sample: ExtractionResult | None = None
    for mode in [client.modes.forced] if client.modes.forced is not None else list(MODES):
        call = client.call_tool(messages, MEMORY_EXTRACTION_TOOL, kind="doctor", model=model, max_tokens=512, mode=mode)
        answer, error = await _within(call, deadline)
        if answer is not None:
            sample = answer[0]
            known = client.modes.known(model)
            if client.modes.forced is not None or (known is not None and known.confirmed == mode):
                break
            continue  # the arguments came in prose despite a forced call: the next mode may do better
        errors.append(f"{LABELS[mode]}: {error}")
        if error is not None and error.startswith("no answer within"):
            break  # a server that does not answer in one mode will not answer in the next in time either
    if sample is not None:
        found = plural(len(sample.memories), "memory", "memories")
        return ok("LLM tool call", f"{role} ({model}): {client.modes.describe(model)}; {found} from the sample"), sample
    return (
        failed(
            "LLM tool call",
            f"{model} gave no extract_memories arguments any way: " + "; ".join(errors),
            f"memory, the monitor and the notes migration need a model that gives tool arguments: set {setting} to a "
            f"model that follows instructions, such as {TOOL_CAPABLE_EXAMPLES} (saw {model}), or LLM_TOOL_MODE=auto",
        ),
        None,
    )


def _memory_result(sample: ExtractionResult, model: str, setting: str) -> CheckResult:
    """The sample's proposals through the bot's own vetting: what memory would really keep."""
    member_texts = [SAMPLE_TURN.user_text]
    kept = vet(sample, member_name=SAMPLE_MEMBER, member_texts=member_texts)
    proposed = len(sample.memories) + (sample.profile_update is not None)
    would_keep = len(kept.memories) + (kept.profile_update is not None)
    if proposed == 0:
        return warning(
            "LLM memory",
            f"{model} proposed nothing to remember from the sample (a new cat, a chess habit)",
            f"if members' facts are never remembered, set {setting} to a larger model such as {TOOL_CAPABLE_EXAMPLES}",
        )
    if would_keep == 0:
        return failed(
            "LLM memory",
            f"0 of {plural(proposed, 'proposal')} would be kept: {TOO_SMALL} (chat still works)",
            f"set {setting} to a larger model such as {TOOL_CAPABLE_EXAMPLES} (saw {model}); start from 7-8B parameters",
        )
    return ok("LLM memory", f"{would_keep} of {plural(proposed, 'proposal')} would be kept after vetting")


async def _remember(settings: Settings, modes: ModeBook) -> None:
    """What the doctor found goes where the bot reads it at start, so the bot does not probe again."""
    db = Database(settings.db_connection_string, reconnect_seconds=3600)
    try:
        async with asyncio.timeout(REMEMBER_DEADLINE_SECONDS):
            if not await db.connect():
                return
            for record in modes.records():
                await db.run(tool_ways.save_tool_way, record)
    except Exception:  # noqa: BLE001 - the doctor's own database check reports what is wrong there
        return
    finally:
        await db.close()


def in_container() -> bool:
    return Path("/.dockerenv").exists()


def unreachable_fix(url: str, *, container: bool | None = None) -> str:
    """What to change when nothing answers at LLM_BASE_URL; inside Docker, localhost is the container itself."""
    fix = f"start the LLM server (Ollama: `ollama serve`) or fix LLM_BASE_URL (saw {url})"
    if (in_container() if container is None else container) and (urlsplit(url).hostname or "") in LOCAL_HOSTS:
        fix += f"; inside Docker, localhost is this container: an LLM on the host is {DOCKER_HOST_URL}"
    return fix


def _endpoint_result(settings: Settings, probe: EndpointProbe) -> list[CheckResult]:
    url = settings.llm_base_url
    if not probe.reachable:
        return [failed("LLM endpoint", f"{url} {probe.error}", unreachable_fix(url))]
    if probe.key_rejected:
        fix = f"set LLM_API_KEY (saw {masked(settings.llm_api_key)})"
        return [failed("LLM endpoint", f"{url} refused the key: {probe.error}", fix)]
    if probe.models is None:
        return [ok("LLM endpoint", f"{url} answers (it does not list its models)")]
    results = [ok("LLM endpoint", f"{url} answers and serves {plural(len(probe.models), 'model')}")]
    wanted = {"LLM_MODEL": settings.llm_model}
    if settings.llm_extraction_model:
        wanted["LLM_EXTRACTION_MODEL"] = settings.llm_extraction_model
    for setting, model in wanted.items():
        if model_listed(model, probe.models):
            results.append(ok("LLM model", f"{model} ({setting}) is served"))
        else:
            served = ", ".join(probe.models[:8]) or "nothing"
            results.append(
                failed(
                    "LLM model",
                    f"{url} does not serve {model}; it serves: {served}",
                    f"set {setting} to one of those (saw {model}), or for Ollama run `ollama pull {model}`",
                )
            )
    return sorted(results, key=lambda r: r.blocks)  # a failure last, so the caller sees it


async def _within(call: Awaitable[T], deadline: float) -> tuple[T | None, str | None]:
    """``call``'s answer, or why it failed (the LLM's error, or a timeout after ``deadline`` seconds)."""
    try:
        async with asyncio.timeout(deadline):
            return await call, None
    except LLMError as exc:
        return None, str(exc)
    except TimeoutError as exc:
        return None, describe_failure(exc, deadline)


async def _check_completion(client: LLMClient, settings: Settings) -> CheckResult:
    deadline = settings.llm_timeout_seconds
    messages = [{"role": "system", "content": "Answer with one word."}, {"role": "user", "content": "Say: ready"}]
    loop = asyncio.get_running_loop()
    started = loop.time()
    _answer, error = await _within(client.chat(messages, kind="doctor", max_tokens=32), deadline)
    fixed = with_v1(settings.llm_base_url)
    if error is not None and fixed is not None and "HTTP 404" in error:
        return failed(
            "LLM completion",
            f"{settings.llm_base_url} answered {error} for a chat completion: LLM_BASE_URL probably lacks /v1",
            f"set LLM_BASE_URL to {fixed} (saw {settings.llm_base_url})",
        )
    if error is not None:
        return failed(
            "LLM completion",
            f"{settings.llm_model} did not answer: {error}",
            f"check LLM_MODEL (saw {settings.llm_model}); a slow first load may need "
            f"a larger LLM_TIMEOUT_SECONDS (saw {deadline:g})",
        )
    return ok("LLM completion", f"{settings.llm_model} answered in {loop.time() - started:.1f} s")


async def check_embeddings(settings: Settings) -> CheckResult:
    """Only when EMBEDDING_MODEL is set (the setting is optional: older versions do not have it)."""
    model = str(getattr(settings, "embedding_model", "") or "")
    if not model:
        return skipped("embeddings", "off (EMBEDDING_MODEL is not set)")
    url = str(getattr(settings, "embedding_base_url", "") or settings.llm_base_url)
    key = str(getattr(settings, "embedding_api_key", "") or settings.llm_api_key)
    deadline = min(PROBE_DEADLINE_SECONDS * 3, settings.llm_timeout_seconds)
    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        size = await embed_once(url, key, model, deadline)
    except Exception as exc:  # noqa: BLE001 - any failure is reported as one line, never a traceback
        return failed(
            "embeddings",
            f"{model} at {url}: {describe_failure(exc, deadline)}",
            f"set EMBEDDING_MODEL to an embedding model the endpoint serves "
            f"(saw {model}; Ollama: `ollama pull nomic-embed-text`)",
        )
    took = loop.time() - started
    limit = float(getattr(settings, "embedding_timeout_seconds", 0) or 0)
    if limit and took > limit:
        return warning(
            "embeddings",
            f"{model} answered in {took:.1f} s, beyond EMBEDDING_TIMEOUT_SECONDS={limit:g}: messages are ranked by words alone "
            "while it is that slow",
            "run the doctor again (a first call loads the model), or raise EMBEDDING_TIMEOUT_SECONDS",
        )
    return ok("embeddings", f"{model} at {url} returned a vector of {size} numbers in {took:.1f} s")
