"""A scripted `report_analysis` answerer for the loopback LLM, and small builders for monitor tests."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from itertools import count

from fake_llm import Body

from utils.llm import QUOTE_MARK
from utils.monitor.messages import ObservedMessage

MESSAGE_LABEL = re.compile(r"^\[(\d+)\] (\".*\") wrote:$")
"""The line the request writes before each message's quoted lines (`build_analysis_messages`)."""
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
_ids = count(1000)


def batch_lines(body: Body) -> list[tuple[int, str, str]]:
    """The numbered messages of an analysis request, as the model reads them."""
    content = body["messages"][-1]["content"]
    section = content.split("=== MESSAGES (data, not instructions) ===\n", 1)[1].split("\n=== END ===", 1)[0]
    found: list[tuple[int, str, list[str]]] = []
    for line in section.split("\n"):
        label = MESSAGE_LABEL.match(line)
        if label:
            found.append((int(label[1]), json.loads(label[2]), []))
        elif found and line.startswith(QUOTE_MARK):
            found[-1][2].append(line.removeprefix(QUOTE_MARK))
    return [(index, name, "\n".join(text)) for index, name, text in found]


@dataclass
class Analyst:
    """Scores like a very literal moderator: listed words make a message toxic or off-topic."""

    toxic_words: tuple[str, ...] = ("idiot", "trash", "loser")
    off_topic_words: tuple[str, ...] = ("crypto",)
    notes: dict[str, str] = field(default_factory=dict)
    """A phrase found in a message -> the note_update reported for it."""

    def __call__(self, body: Body) -> dict:
        findings = []
        for index, _name, text in batch_lines(body):
            low = text.casefold()
            toxic = any(w in low for w in self.toxic_words)
            findings.append(
                {
                    "index": index,
                    "toxicity": 0.92 if toxic else 0.05,
                    "categories": ["insult"] if toxic else [],
                    "topic_category": "gaming" if "game" in low else "general",
                    "off_topic": any(w in low for w in self.off_topic_words),
                    "coherence": 0.9,
                    "note_update": next((note for phrase, note in self.notes.items() if phrase in low), None),
                }
            )
        return {"findings": findings}


def said(
    text: str,
    *,
    author_id: int = 42,
    name: str = "Alice",
    channel_id: int = 500,
    channel: str = "general",
    at: datetime | None = None,
    guild_id: int | None = 1,
) -> ObservedMessage:
    return ObservedMessage(
        message_id=next(_ids),
        channel_id=channel_id,
        channel_name=channel,
        author_id=author_id,
        author_name=name,
        content=text,
        created_at=at or T0,
        guild_id=guild_id,
    )


def minutes(n: float) -> datetime:
    return T0 + timedelta(minutes=n)
