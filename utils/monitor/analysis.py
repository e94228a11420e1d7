"""The `report_analysis` tool: its schema, the lenient validation of its arguments, and its request.

One call covers a whole batch; the model answers with one finding per message,
naming the message by its index in the batch. Parsing is lenient about types ("0.4",
"yes") but never repairs a number: a toxicity of 3.5 is kept as 3.5, so that
:mod:`utils.monitor.trust` can refuse the batch instead of acting on a clamped 1.0
(small models write a counter there). Only an answer whose ``findings`` is not a
list at all is malformed, and then the whole batch is logged and ignored.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, field_validator, model_validator

from utils.llm import Message, ToolSpec, object_schema, quoted, quoted_name, valid_items
from utils.memory.junk import clean, junk_reason
from utils.memory.vetting import says_something
from utils.monitor.messages import ObservedMessage
from utils.privacy.screen import screen
from utils.prompts import load_prompt
from utils.storage.schema import MEMORY_TEXT_MAX

MAX_CATEGORIES = 5
LABEL_MAX_CHARS = 40
USER_NOTES_SHOWN_CHARS = 300
MAX_FINDINGS_ACCEPTED = 200
_NO_OBSERVATION = {"", "null", "none", "n/a", "-"}


def _number(value: Any) -> float:
    """A finite number as the model wrote it, NOT clamped: whether it is in range is the trust check's call."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError("expected a number between 0 and 1")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError("expected a finite number")
    return number


def in_unit_range(value: float) -> bool:
    """Whether a score is on the schema's 0..1 scale."""
    return 0.0 <= value <= 1.0


def _label(value: Any) -> str:
    """Screened as the model wrote it, then folded and cut (a label holding a secret is dropped)."""
    screened = screen(" ".join(str(value).replace(",", " ").split()), "topic")
    return "" if screened.refused else screened.text.casefold()[:LABEL_MAX_CHARS]


class MessageFinding(BaseModel):
    """What the model concluded about one message of the batch, normalised."""

    index: int
    toxicity: float
    categories: list[str] = []
    topic_category: str | None = None
    off_topic: bool = False
    coherence: float | None = None
    confidence: float | None = None
    """How sure the model says it is of its toxicity (0..1); None when it did not say."""
    note_update: str | None = None

    @field_validator("index", mode="before")
    @classmethod
    def _index(cls, value: Any) -> int:
        if isinstance(value, bool):
            raise ValueError("an index is a number")
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if not isinstance(value, int):
            raise ValueError("an index is a whole number")
        return value

    @field_validator("toxicity", mode="before")
    @classmethod
    def _toxicity(cls, value: Any) -> float:
        return _number(value)

    @field_validator("coherence", "confidence", mode="before")
    @classmethod
    def _optional_unit(cls, value: Any) -> float | None:
        """Optional scores: one that is missing, not a number or off the 0..1 scale is not used (never clamped)."""
        try:
            number = _number(value)
        except (ValueError, TypeError):
            return None
        return number if in_unit_range(number) else None

    @field_validator("categories", mode="before")
    @classmethod
    def _categories(cls, value: Any) -> list[str]:
        items = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
        labels = [label for label in (_label(item) for item in items) if label and label != "none"]
        return list(dict.fromkeys(labels))[:MAX_CATEGORIES]

    @field_validator("topic_category", mode="before")
    @classmethod
    def _topic(cls, value: Any) -> str | None:
        if not isinstance(value, str):
            return None
        label = _label(value)
        return label or None

    @field_validator("off_topic", mode="before")
    @classmethod
    def _off_topic(cls, value: Any) -> bool:
        if isinstance(value, str):
            return value.strip().lower() in {"true", "yes", "1"}
        return bool(value) if isinstance(value, (bool, int, float)) else False

    @field_validator("note_update", mode="before")
    @classmethod
    def _observation(cls, value: Any) -> str | None:
        if not isinstance(value, str):
            return None
        text = clean(value)
        if text.casefold() in _NO_OBSERVATION or not says_something(text) or junk_reason(text) is not None:
            return None
        return screen(text, "note", limit=MEMORY_TEXT_MAX).text  # screened, then cut to the column


class AnalysisReport(BaseModel):
    """The whole `report_analysis` answer. ``findings`` must be a list; bad items in it are dropped.

    ``proposed`` is how many items the model wrote, readable or not: a batch of 3
    answered with 6 findings is implausible even when only 3 of them parse.
    """

    findings: list[MessageFinding]
    proposed: int = 0

    @model_validator(mode="before")
    @classmethod
    def _count(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("findings"), list):
            return {**data, "proposed": len(data["findings"])}
        return data

    @field_validator("findings", mode="before")
    @classmethod
    def _findings(cls, value: Any) -> list[MessageFinding]:
        if not isinstance(value, list):
            raise ValueError("findings must be a list")
        return valid_items(MessageFinding, value, MAX_FINDINGS_ACCEPTED)


def findings_by_index(report: AnalysisReport, batch_size: int) -> dict[int, MessageFinding]:
    """Findings for messages that exist in the batch; the first one wins when an index repeats."""
    chosen: dict[int, MessageFinding] = {}
    for finding in report.findings:
        if 0 <= finding.index < batch_size and finding.index not in chosen:
            chosen[finding.index] = finding
    return chosen


_ANALYSIS_ARGUMENTS = object_schema(
    {
        "findings": {
            "type": "array",
            "description": "One entry per message, in any order, each naming its message by index.",
            "items": object_schema(
                {
                    "index": {"type": "integer", "description": "The message's number in the batch, as shown: [0], [1], ..."},
                    "toxicity": {
                        "type": "number",
                        "minimum": 0,
                        "maximum": 1,
                        "description": "0 = friendly or neutral, 0.5 = rude, 1 = severe abuse, threats or slurs.",
                    },
                    "categories": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "Kinds of toxicity (insult, harassment, hate, threat, sexual, spam); empty if none.",
                    },
                    "topic_category": {
                        "type": "string",
                        "description": "One or two lower-case words: what the message is about (gaming, music, personal).",
                    },
                    "confidence": {
                        "type": "number",
                        "minimum": 0,
                        "maximum": 1,
                        "description": "How sure you are of this toxicity: 1 = certain, 0.5 = unsure, 0 = a guess.",
                    },
                    "off_topic": {"type": "boolean", "description": "True when it drifts away from the channel's topic."},
                    "coherence": {
                        "type": "number",
                        "minimum": 0,
                        "maximum": 1,
                        "description": "How clear and coherent the message reads: 1 = perfectly clear, 0 = gibberish.",
                    },
                    "note_update": {
                        "type": ["string", "null"],
                        "description": "A short new observation about the author worth remembering, or null.",
                    },
                },
                ["index", "toxicity", "off_topic"],
            ),
        }
    },
    ["findings"],
)
REPORT_ANALYSIS_TOOL: ToolSpec[AnalysisReport] = ToolSpec(
    "report_analysis", "Report one finding for every message of the batch.", _ANALYSIS_ARGUMENTS, AnalysisReport
)


def build_analysis_messages(batch: Sequence[ObservedMessage], user_notes: Mapping[int, str]) -> list[Message]:
    """The request: the prompt, the channel, what is noted about the authors, the numbered messages.

    ``user_notes`` maps author ids to their `UserNotes` (profile and observations), so the
    model does not note a thing twice; it is told the messages are data, not instructions. Every
    line of a message or of `UserNotes` is quoted and every name is one quoted token
    (`utils.llm.quoting`): a message cannot close the batch, add a message or pass for the request.
    """
    first = batch[0]
    channel = f"Name: {quoted_name('#' + first.channel_name)}"
    if first.channel_topic.strip():
        channel += f"\nTopic: {quoted_name(first.channel_topic)}"
    authors = dict.fromkeys((m.author_id, m.author_name) for m in batch)
    known = "\n".join(
        f"{quoted_name(name)}:\n{quoted(_tail(user_notes[uid], USER_NOTES_SHOWN_CHARS))}"
        for uid, name in authors
        if user_notes.get(uid, "").strip()
    )
    lines = "\n".join(f"[{i}] {quoted_name(m.author_name)} wrote:\n{quoted(m.content)}" for i, m in enumerate(batch))
    user_content = load_prompt("monitor_analysis_request").format(
        channel=channel, known=known or "(nothing yet)", lines=lines, count=len(batch)
    )
    return [{"role": "system", "content": load_prompt("monitor_analysis")}, {"role": "user", "content": user_content}]


def _tail(text: str, limit: int) -> str:
    """The most recent part of `UserNotes` (new lines are appended at the end)."""
    flat = " | ".join(line.strip() for line in text.splitlines() if line.strip())
    return flat if len(flat) <= limit else "…" + flat[-limit:]
