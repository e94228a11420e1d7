"""Reading real answers the bot's way: its lenient JSON read, pydantic validation, vetting and monitor policy.

Nothing is re-implemented here: `parse_arguments`, `ExtractionResult`, `vet`,
`AnalysisReport`, `findings_by_index` and `judge` are the bot's own; this module only
counts what they keep against the facts and the toxic lines of `real_models_cases`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from bench import real_models_cases as cases
from utils.config import Settings
from utils.llm import parse_arguments
from utils.memory.extraction import ExtractionResult
from utils.memory.vetting import vet
from utils.monitor.analysis import AnalysisReport, findings_by_index
from utils.monitor.messages import ObservedMessage
from utils.monitor.policy import ActionKind, Policy, judge
from utils.monitor.state import MonitorState
from utils.text import valid_tree

MAX_KEPT = Settings.model_fields["memory_max_per_extraction"].default
"""What `MemoryService` keeps of one extraction at most (its default setting)."""


def arguments_text(way: str, fields: dict[str, Any], tool_name: str) -> str | None:
    """The raw arguments a way yields: the named tool call's for tool ways (as the bot reads them), else the text."""
    if way.startswith("tool_"):
        call = next((c for c in fields.get("tool_calls") or [] if c.get("name") == tool_name), None)
        return None if call is None else call["arguments"]
    content = fields.get("content")
    return content if isinstance(content, str) else None


def read_arguments(raw: str | None) -> tuple[Any, str | None]:
    """The bot's lenient JSON read (`parse_arguments`): (value, None) or (None, why not)."""
    if raw is None:
        return None, "no tool call"
    try:
        return valid_tree(parse_arguments(raw)), None
    except json.JSONDecodeError as exc:
        return None, f"not JSON: {exc.msg}"


def score_extraction(member: cases.Member, turns: Sequence[str], parsed: Any) -> dict[str, Any]:
    """Validation and vetting as `MemoryService` applies them, and what of it says the member's facts."""
    try:
        result = ExtractionResult.model_validate(parsed)
    except ValueError as exc:
        return {"valid": False, "invalid_reason": str(exc).splitlines()[0][:200]}
    vetted = vet(result, member_name=member.name, member_texts=list(turns))
    proposed = [m.memory for m in result.memories] + ([result.profile_update] if result.profile_update else [])
    kept = [m.memory for m in vetted.memories[:MAX_KEPT]]
    kept += [vetted.profile_update] if vetted.profile_update else []
    return {
        "valid": True,
        "proposed": proposed,
        "kept": kept,
        "refused": [p for p in proposed if p not in kept],
        "kept_clean": [k for k in kept if cases.is_clean(member, k)],
        "facts_found": cases.facts_found(member, kept),
    }


def observed_batch() -> list[ObservedMessage]:
    start = datetime(2026, 1, 10, 20, 0, tzinfo=UTC)
    return [
        ObservedMessage(
            message_id=5000 + i,
            channel_id=cases.CHANNEL_ID,
            channel_name=cases.CHANNEL_NAME,
            author_id=line.author_id,
            author_name=line.author,
            content=line.text,
            created_at=start + timedelta(seconds=20 * i),
            guild_id=cases.GUILD_ID,
        )
        for i, line in enumerate(cases.MONITOR_BATCH)
    ]


def score_analysis(parsed: Any) -> dict[str, Any]:
    """Validation as `MonitorService` applies it, then the policy's warnings with default thresholds."""
    raw = parsed.get("findings") if isinstance(parsed, dict) else None
    raw_toxicity = [f.get("toxicity") for f in raw if isinstance(f, dict)] if isinstance(raw, list) else []
    try:
        report = AnalysisReport.model_validate(parsed)
    except ValueError as exc:
        return {"valid": False, "invalid_reason": str(exc).splitlines()[0][:200], "raw_toxicity": raw_toxicity}
    batch = observed_batch()
    findings = findings_by_index(report, len(batch))
    monitor_state, policy = MonitorState(), Policy()
    warned = [
        i
        for i, message in enumerate(batch)
        if i in findings and any(a.kind is ActionKind.WARN for a in judge(policy, monitor_state, message, findings[i]).actions)
    ]
    return {"valid": True, "raw_toxicity": raw_toxicity, "covered": len(findings), **warn_counts(warned)}


def warn_counts(warned: Sequence[int]) -> dict[str, Any]:
    toxic = {i for i, line in enumerate(cases.MONITOR_BATCH) if line.toxic}
    return {"warned": list(warned), "toxic_warned": len(toxic & set(warned)), "innocent_warned": len(set(warned) - toxic)}


# --------------------------------------------------------------------------- summary
def summarise(records: list[dict[str, Any]], bot: dict[str, Any] | None) -> list[dict[str, Any]]:
    """One row per chat format and way: valid answers, proposals, kept after vetting, clean, facts, monitor."""
    rows: list[dict[str, Any]] = []
    keys = dict.fromkeys((r["chat_format"], r["way"]) for r in records if r["phase"] == "ways")
    for chat_format, way in keys:
        ext = [
            r
            for r in records
            if r["phase"] == "ways" and r["kind"] == "memory_extraction" and (r["chat_format"], r["way"]) == (chat_format, way)
        ]
        mon = [
            r
            for r in records
            if r["phase"] == "ways" and r["kind"] == "sentiment_analysis" and (r["chat_format"], r["way"]) == (chat_format, way)
        ]
        facts = {(r["member"], f) for r in ext for f in r.get("facts_found", [])}
        statuses = sorted({str(r.get("status") or r.get("error")) for r in ext})
        rows.append(
            {
                "chat_format": chat_format,
                "way": way,
                "requests": len(ext),
                "http": ",".join(statuses),
                "valid": sum(bool(r.get("valid")) for r in ext),
                "proposed": sum(len(r.get("proposed", [])) for r in ext),
                "kept": sum(len(r.get("kept", [])) for r in ext),
                "refused": sum(len(r.get("refused", [])) for r in ext),
                "kept_clean": sum(len(r.get("kept_clean", [])) for r in ext),
                "facts": len(facts),
                "seconds_median": sorted(r["seconds"] for r in ext)[len(ext) // 2] if ext else None,
                "monitor": [
                    {
                        k: m.get(k)
                        for k in (
                            "status",
                            "valid",
                            "covered",
                            "toxic_warned",
                            "innocent_warned",
                            "raw_toxicity",
                            "invalid_reason",
                        )
                    }
                    for m in mon
                ],
            }
        )
    if bot is not None:
        stored = bot.get("stored", {})
        replies = bot.get("replies", [])
        rows.append(
            {
                "chat_format": f"bot: chat={bot['chat_model']} extraction={bot['extraction_model']}",
                "way": "as the bot asks",
                "extraction_calls": sum(1 for r in records if r["phase"] == "bot" and r["kind"] == "memory_extraction"),
                "extraction_http": sorted(
                    {
                        str(r.get("status") or r.get("error"))
                        for r in records
                        if r["phase"] == "bot" and r["kind"] == "memory_extraction"
                    }
                ),
                "stored_rows": sum(len(s["memories"]) for s in stored.values()),
                "profiles": sum(bool(s["profile"]) for s in stored.values()),
                "stored_clean": sum(len(s["clean"]) for s in stored.values()),
                "facts": sum(len(s["facts_found"]) for s in stored.values()),
                "replies": len(replies),
                "replies_fallback": sum(not r["ok"] for r in replies),
                "raw_label_leaks": sum(bool(r["raw_label"]) for r in replies),
                "sent_label_leaks": sum(bool(r["sent_label"]) for r in replies),
                "raw_marker_replies": sum(bool(r["raw_markers"]) for r in replies),
                "sent_marker_replies": sum(bool(r["sent_markers"]) for r in replies),
                "recall_replies_with_a_fact": sum(bool(r["facts_in_reply"]) for r in replies if r["purpose"] == "recall"),
                "monitor": bot.get("monitor"),
            }
        )
    return rows


def markdown_table(documents: Sequence[dict[str, Any]]) -> str:
    """The docs' tables from recorded runs: one row per model and way, then one per model for the bot as it stands."""
    lines = [
        "| model | chat format | way | requests | HTTP | valid | proposed | kept after vetting | refused | kept clean | facts "
        "| monitor: toxic warned /3, innocent warned /9 |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    bots: list[tuple[str, dict[str, Any]]] = []
    for document in documents:
        for row in document["summary"]:
            if row["way"] == "as the bot asks":
                bots.append((document["model"], row))
                continue
            monitor = "; ".join(_monitor_cell(m) for m in row["monitor"]) or "-"
            cells = [document["model"], row["chat_format"], row["way"], row["requests"], row["http"]]
            cells += [f"{row['valid']}/{row['requests']}", row["proposed"], row["kept"], row["refused"], row["kept_clean"]]
            cells += [f"{row['facts']}/{row['requests'] * 5}", monitor]
            lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    lines += [
        "",
        "| model | extraction calls (HTTP) | rows stored | profiles | stored clean | facts /25 | replies | fallbacks "
        "| label leaks raw → sent | prompt markers raw → sent | monitor: toxic warned /3, innocent warned /9 |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for model, row in bots:
        outcome: dict[str, Any] = row.get("monitor") or {}
        verdict = f"failed: {outcome['failed'][:60]}" if outcome.get("failed") else _warned(outcome)
        cells = [model, f"{row['extraction_calls']} ({','.join(row['extraction_http'])})", row["stored_rows"], row["profiles"]]
        cells += [row["stored_clean"], row["facts"], row["replies"], row["replies_fallback"]]
        cells += [
            f"{row['raw_label_leaks']} → {row['sent_label_leaks']}",
            f"{row['raw_marker_replies']} → {row['sent_marker_replies']}",
        ]
        cells += [verdict]
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(lines)


def _warned(monitor: dict[str, Any]) -> str:
    return f"{monitor.get('toxic_warned')}, {monitor.get('innocent_warned')}"


def _monitor_cell(monitor: dict[str, Any]) -> str:
    if monitor["valid"]:
        return f"{_warned(monitor)} (covered {monitor.get('covered')})"
    return f"invalid ({monitor['status']}: {str(monitor.get('invalid_reason'))[:50]})"
