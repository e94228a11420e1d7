"""Replaying a channel log through the monitor, without Discord: what it would have concluded and done.

Operators tune thresholds on past logs with it. The transcript is JSON Lines, one
message per line: ``author_id``, ``author_name``, ``channel``, ``content``,
``timestamp`` (ISO 8601 or Unix seconds; optional ``bot: true`` lines are skipped
like the live monitor skips bots). Batches are cut exactly as live (count, or
``SENTIMENT_BATCH_SECONDS`` of transcript time), analysed by the configured LLM and
judged by the same policy against the state in the configured database. Without
``dry_run`` the state, passive memories and LlmLog rows are written as the bot would
write them; with it nothing is written (a SQLite file that does not exist is not
even created), and every conclusion stays in RAM.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from utils.background import BackgroundTasks
from utils.config import Settings
from utils.llm import LLMClient, LlmLogBuffer
from utils.memory.service import MemoryService
from utils.monitor.messages import ObservedMessage, prepare_content
from utils.monitor.policy import ActionKind, BatchOutcome, Verdict
from utils.monitor.service import MonitorService
from utils.monitor.state import MonitorState
from utils.storage import members
from utils.storage.engine import Database, DatabaseUnavailable
from utils.wording import plural

QUOTE_CHARS = 60
REQUIRED = ("author_id", "author_name", "channel", "content", "timestamp")


@dataclass
class Transcript:
    messages: list[ObservedMessage] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    """One line per transcript line that was not replayed, saying why."""


def _timestamp(value: Any) -> datetime:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return datetime.fromtimestamp(value, UTC)
    moment = datetime.fromisoformat(str(value).strip().replace("Z", "+00:00"))
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def read_transcript(lines: Iterable[str], *, max_chars: int, guild_id: int | None = None) -> Transcript:
    """Parse the transcript; a bad line is reported and skipped, never fatal."""
    transcript = Transcript()
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw)
            if not isinstance(item, dict):
                raise ValueError("not a JSON object")
            missing = [key for key in REQUIRED if key not in item]
            if missing:
                raise ValueError(f"missing {', '.join(missing)}")
            author_id, moment = int(item["author_id"]), _timestamp(item["timestamp"])
        except (ValueError, TypeError) as exc:
            transcript.skipped.append(f"line {number}: skipped ({str(exc).splitlines()[0][:80]})")
            continue
        if item.get("bot"):
            transcript.skipped.append(f"line {number}: skipped (a bot's message)")
            continue
        content = prepare_content(str(item["content"] or ""), max_chars=max_chars)
        if content is None:
            transcript.skipped.append(f"line {number}: skipped (no text to analyse)")
            continue
        channel = str(item["channel"]).lstrip("#") or "unknown"
        transcript.messages.append(
            ObservedMessage(
                message_id=number,
                channel_id=zlib.crc32(channel.encode("utf-8")),
                channel_name=channel,
                author_id=author_id,
                author_name=str(item["author_name"]),
                content=content,
                created_at=moment,
                guild_id=guild_id,
            )
        )
    return transcript


def describe(verdict: Verdict, *, dry_run: bool) -> str:
    """One line: the message, what the monitor concluded, what it would have done."""
    head = _head(verdict.message)
    f = verdict.finding
    if verdict.refused:
        seen = f"toxicity {f.toxicity:g} " if f is not None else ""
        return f"{head} -> {seen}refused ({verdict.refused}) -> not acted on"
    if f is None:
        return f"{head} -> no finding from the model"
    facts = [f"toxicity {f.toxicity:.2f}" + (f" ({', '.join(f.categories)})" if f.categories else "")]
    facts.append(f"score {verdict.toxicity_score:.2f}")
    if verdict.offenses:
        facts.append(f"offenses {verdict.offenses}")
    if f.off_topic:
        facts.append("off-topic")
    deeds = [_would(a.kind, a.text, a.duration) for a in verdict.actions] or [verdict.remark or "no action"]
    line = f"{head} -> {', '.join(facts)} -> {'; '.join(deeds)}"
    if verdict.observation:
        line += f" | note: {verdict.observation} ({'not saved: dry run' if dry_run else 'saved as a passive memory'})"
    return line


def _head(m: ObservedMessage) -> str:
    quote = m.content if len(m.content) <= QUOTE_CHARS else m.content[: QUOTE_CHARS - 1] + "…"
    return f"{m.created_at:%Y-%m-%d %H:%M:%S} #{m.channel_name} {m.author_name}: {json.dumps(quote, ensure_ascii=False)}"


def _would(kind: ActionKind, text: str, duration: Any) -> str:
    if kind is ActionKind.TIMEOUT:
        return f"would time out for {duration.total_seconds() / 60:g} min"
    return f"would {'warn' if kind is ActionKind.WARN else 'redirect'}: {json.dumps(text, ensure_ascii=False)}"


def _missing_sqlite_file(db: Database) -> Path | None:
    url = db.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    path = Path(url.database)
    return None if path.exists() else path


async def replay(settings: Settings, lines: Iterable[str], out: TextIO, *, dry_run: bool, guild_id: int | None = None) -> int:
    """Replay ``lines`` and print the verdicts to ``out``; returns the exit status (1 if a batch failed)."""
    transcript = read_transcript(lines, max_chars=settings.sentiment_max_message_chars, guild_id=guild_id)
    for problem in transcript.skipped:
        print(problem, file=out)
    if not transcript.messages:
        print("Nothing to replay: no message with text in the transcript.", file=out)
        return 2
    db = Database(settings.db_connection_string, reconnect_seconds=settings.db_reconnect_seconds, read_only=dry_run)
    llm_log = LlmLogBuffer(db)
    llm = LLMClient.from_settings(settings, log_sink=None if dry_run else llm_log.add)
    tasks = BackgroundTasks()
    memory = MemoryService(settings, db, llm, tasks)
    monitor_state = MonitorState(epoch_of=memory.preferences.epoch)
    monitor = MonitorService(settings, llm, monitor_state, memory, tasks, persist=not dry_run)
    try:
        absent = _missing_sqlite_file(db) if dry_run else None
        if absent is not None:
            print(f"No database at {absent} yet: starting from empty state (not creating it).", file=out)
        elif await db.connect():
            monitor_state.load(await db.run(members.load_user_states))
            await memory.preferences.load()
        elif dry_run:
            print(f"The database cannot be read ({db.last_error}): starting from empty state.", file=out)
        else:
            print("error: the database is unreachable; nothing was replayed (try --dry-run).", file=out)
            return 1
        failed = await _run(monitor, transcript.messages, out, dry_run=dry_run)
        if not dry_run:
            await monitor_state.flush(db)
            await memory.flush_unsaved()
            await llm_log.flush()
    except DatabaseUnavailable as exc:
        print(f"error: the database failed during the replay: {exc}", file=out)
        return 1
    finally:
        await tasks.drain(60)
        await llm.close()
        await db.close()
    print("Dry run: nothing was written." if dry_run else "State, passive memories and the LLM log were written.", file=out)
    return 1 if failed else 0


async def _run(monitor: MonitorService, messages: list[ObservedMessage], out: TextIO, *, dry_run: bool) -> int:
    buffer = monitor.buffer
    outcomes: list[tuple[int, BatchOutcome]] = []

    async def analyse(batch_messages: list[ObservedMessage]) -> None:
        outcome = await monitor.analyse(batch_messages)
        outcomes.append((len(batch_messages), outcome))
        for message in batch_messages if outcome.failed else ():
            print(f"{_head(message)} -> not analysed: the batch failed ({outcome.failed})", file=out)
        for verdict in outcome.verdicts:
            print(describe(verdict, dry_run=dry_run), file=out)

    for message in messages:
        now = message.created_at.timestamp()
        for due in buffer.take_due(now):
            await analyse(due.messages)
        full = buffer.add(message, now)
        if full is not None:
            await analyse(full.messages)
    for rest in buffer.take_all():
        await analyse(rest.messages)
    failed = sum(1 for _n, o in outcomes if o.failed)
    actions = [a for _n, o in outcomes for a in o.actions]
    counts = {kind: sum(a.kind is kind for a in actions) for kind in ActionKind}
    observations = sum(1 for _n, o in outcomes for v in o.verdicts if v.observation)
    refused = sum(1 for _n, o in outcomes for v in o.verdicts if v.refused)
    print(
        f"Replayed {plural(sum(n for n, _o in outcomes), 'message')} in {plural(len(outcomes), 'batch', 'batches')} "
        f"({plural(len(outcomes), 'LLM call')}, {failed} failed): {plural(counts[ActionKind.WARN], 'warning')}, "
        f"{plural(counts[ActionKind.TIMEOUT], 'timeout')}, {plural(counts[ActionKind.REDIRECT], 'redirect')}, "
        f"{plural(observations, 'note')}" + (f", {plural(refused, 'verdict')} refused as untrustworthy." if refused else "."),
        file=out,
    )
    return failed
