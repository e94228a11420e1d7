"""The `extract_memories` tool: its schema, the lenient validation of its arguments, and its prompt.

Validation is lenient, because models get details wrong: an unknown expiration
falls back to 7d and an unknown importance to medium, a memory without text is
dropped, texts are cut to their columns, topics are lower-cased. Damage stays local:
a wrong type in one item (topics given as a string, a number as text) costs that
item at most, never the whole answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, field_validator

from utils.llm import Message, ToolSpec, object_schema, quoted, quoted_name, valid_items
from utils.privacy.screen import Seen, screen, screen_key
from utils.prompts import load_prompt
from utils.storage.records import MemoryRecord, NewMemory
from utils.storage.schema import MEMORY_TEXT_MAX, PROFILE_MAX, SLOT_KEY_MAX
from utils.text import cut_at_word

EXPIRATIONS = {"1d": timedelta(days=1), "3d": timedelta(days=3), "7d": timedelta(days=7), "30d": timedelta(days=30)}
PERMANENT = "permanent"
IMPORTANCES = ("low", "medium", "high")
MAX_TOPICS = 5
TOPIC_MAX_CHARS = 40
TEXT_BOUND = 4 * MEMORY_TEXT_MAX
"""What of a model's text is kept for the screen; the screen's own ``limit`` then cuts it to its column."""
MAX_ITEMS_ACCEPTED = 200
EXCHANGE_MAX_CHARS = 8000
"""The conversation part of one extraction request (about 2k tokens): a burst of 200 turns once made a
205k-character request. The newest turns are kept; what is older was mostly small talk by then."""
EARLIER_MARK = " (earlier, no longer true)"
"""How an earlier value shown to the extractor (only when the member asks to forget) is told from a current one."""
_SLOT_KEY = re.compile(rf"^[a-z][a-z0-9_]{{1,{SLOT_KEY_MAX - 1}}}$")


class ExtractedMemory(BaseModel):
    """One memory as the extractor proposed it, normalised."""

    memory: str
    topics: list[str] = []
    expiration: str = "7d"
    importance: str = "medium"
    key: str | None = None
    replaces: int | None = None
    """The number of the "Already remembered" entry this fact makes untrue (a move, a new job); vetted before use."""

    @field_validator("memory", mode="before")
    @classmethod
    def _text(cls, value: Any) -> str:
        text = " ".join(str(value or "").split())
        if not text:
            raise ValueError("a memory needs text")
        return text[:TEXT_BOUND]  # cut to its column only after the screen: a key cut in half is not caught

    @field_validator("topics", mode="before")
    @classmethod
    def _topics(cls, value: Any) -> list[str]:
        items = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
        seen: list[str] = []
        for item in items:
            # Screened as the model wrote it, then folded and cut: case-sensitive rules (AWS keys, IBANs) see it.
            screened = screen(" ".join(str(item).replace(",", " ").split()), "topic")
            if screened.refused:
                continue
            topic = screened.text.casefold()[:TOPIC_MAX_CHARS]
            if any(ch.isalnum() for ch in topic) and topic not in seen:
                seen.append(topic)
        return seen[:MAX_TOPICS]

    @field_validator("expiration", mode="before")
    @classmethod
    def _expiration(cls, value: Any) -> str:
        text = str(value or "").strip().lower()
        return text if text in EXPIRATIONS or text == PERMANENT else "7d"

    @field_validator("importance", mode="before")
    @classmethod
    def _importance(cls, value: Any) -> str:
        text = str(value or "").strip().lower()
        return text if text in IMPORTANCES else "medium"

    @field_validator("key", mode="before")
    @classmethod
    def _key(cls, value: Any) -> str | None:
        if not isinstance(value, str) or screen_key(value) is None:
            return None
        key = re.sub(r"[^a-z0-9]+", "_", value.strip().lower()).strip("_")
        return key if _SLOT_KEY.match(key) else None

    @field_validator("replaces", mode="before")
    @classmethod
    def _replaces(cls, value: Any) -> int | None:
        """A number as models write it (3, "3", "#3"); anything else is no replacement, never a failure."""
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        text = str(value or "").strip().lstrip("#")
        return int(text) if text.isascii() and text.isdigit() and len(text) <= 4 else None

    def written(
        self,
        user_id: int,
        guild_id: int | None,
        now: datetime,
        *,
        expiration: str | None = None,
        importance: str | None = None,
        replaces_id: int | None = None,
    ) -> NewMemory:
        """The memory as it is written (learned in chat at ``now``), with its expiration or importance overridden."""
        return NewMemory(
            user_id=user_id,
            memory=self.memory,
            topics=tuple(self.topics),
            importance=importance or self.importance,
            expires_at=now + EXPIRATIONS[expiration or self.expiration],
            source="chat",
            guild_id=guild_id,
            slot_key=self.key,
            replaces_id=replaces_id,
        )


class ExtractionResult(BaseModel):
    """The whole `extract_memories` answer; malformed parts are dropped, not fatal."""

    memories: list[ExtractedMemory] = []
    profile_update: str | None = None
    forget: list[int] = []

    @field_validator("memories", mode="before")
    @classmethod
    def _memories(cls, value: Any) -> list[ExtractedMemory]:
        if not isinstance(value, list):
            return []
        return valid_items(ExtractedMemory, value, MAX_ITEMS_ACCEPTED)

    @field_validator("profile_update", mode="before")
    @classmethod
    def _profile(cls, value: Any) -> str | None:
        """None: no change. "" stays "": after a member asked to forget, an emptied profile is what they asked for."""
        if not isinstance(value, str):
            return None
        if not value.strip():
            return ""
        return screen(" ".join(value.split()), "profile", limit=PROFILE_MAX).text  # screened, then cut to the column

    @field_validator("forget", mode="before")
    @classmethod
    def _forget(cls, value: Any) -> list[int]:
        items = value if isinstance(value, list) else [value] if value is not None else []
        numbers = []
        for item in items:
            if isinstance(item, bool):
                continue
            if isinstance(item, int) or (isinstance(item, str) and item.strip().isdigit()):
                numbers.append(int(item))
        return numbers


_EXTRACTION_ARGUMENTS = object_schema(
    {
        "memories": {
            "type": "array",
            "items": object_schema(
                {
                    "memory": {"type": "string"},
                    "topics": {"type": "array", "items": {"type": "string"}},
                    "expiration": {"type": "string", "enum": ["1d", "3d", "7d", "30d", "permanent"]},
                    "importance": {"type": "string", "enum": ["low", "medium", "high"]},
                    "key": {"type": ["string", "null"]},
                    "replaces": {"type": ["integer", "null"]},
                },
                ["memory", "topics", "expiration", "importance"],
            ),
        },
        "profile_update": {"type": ["string", "null"]},
        "forget": {"type": "array", "items": {"type": "integer"}},
    },
    ["memories"],
)
MEMORY_EXTRACTION_TOOL: ToolSpec[ExtractionResult] = ToolSpec(
    "extract_memories", "What to remember about the member.", _EXTRACTION_ARGUMENTS, ExtractionResult
)
"""Each memory's text, topics, lifetime, importance, slot `key` and what it `replaces`, plus `forget`; the rules:
prompts/memory_extraction.txt."""


@dataclass(frozen=True)
class ExtractionTurn:
    """One exchange of a member with the bot: their message (already redacted) and the reply."""

    user_text: str
    bot_reply: str
    channel_id: int | None = None
    """Where it was said: a forget it asks for is confirmed there (never shown to the model)."""


def as_shown(turns: Sequence[ExtractionTurn], seen: Seen | None = None) -> list[ExtractionTurn]:
    """The turns as the extraction model reads them, screened as its ``input``: a sentence that held a secret keeps
    only its placeholders and a long number is taken out, as a memory would refuse or lose them — what the model
    cannot keep it is not shown. The member's words were screened as a message when said; ``seen``: their values."""

    def shown(text: str) -> str:
        return screen(text, "input", seen=seen).text

    return [replace(turn, user_text=shown(turn.user_text), bot_reply=shown(turn.bot_reply)) for turn in turns]


def build_extraction_messages(
    *, member_name: str, profile: str, shown: Sequence[MemoryRecord], turns: Sequence[ExtractionTurn]
) -> list[Message]:
    """The extractor's request: the prompt, the member's name, the profile, numbered live memories, the member's turns.

    Memories are numbered 1..n (never database ids) so the model cannot name a row it
    was not shown (earlier values, shown only with a forget request, are marked); only
    the member's own turns and the bot's replies appear.
    Every line of the member's words, the bot's replies and the profile is quoted
    (`utils.llm.quoting`): none of it can close the conversation or pass for the request.
    """
    remembered = "\n".join(
        f"{i}. {' '.join(m.memory.split())}{EARLIER_MARK if m.superseded_at else ''}" for i, m in enumerate(shown, start=1)
    )
    remembered = remembered or "(nothing yet)"
    exchange = bounded_exchange(member_name, turns)
    user_content = load_prompt("memory_extraction_request").format(
        name=quoted_name(member_name),
        profile=quoted(profile) if profile.strip() else "(no profile yet)",
        remembered=remembered,
        exchange=exchange,
    )
    return [{"role": "system", "content": load_prompt("memory_extraction")}, {"role": "user", "content": user_content}]


def exchange_block(member_name: str, turn: ExtractionTurn) -> str:
    """One turn as the extractor reads it: a label the request writes, then the words quoted line by line."""
    return f"{quoted_name(member_name)} wrote:\n{quoted(turn.user_text)}\nBot replied:\n{quoted(turn.bot_reply)}"


def bounded_exchange(member_name: str, turns: Sequence[ExtractionTurn], limit: int = EXCHANGE_MAX_CHARS) -> str:
    """The turns as the extractor reads them, newest kept, never over ``limit`` characters.

    When even the newest turn is too long alone, its start is kept (the member's
    words come before the bot's reply in it); the cut keeps the quote marks of the lines it keeps.
    """
    kept: list[str] = []
    used = 0
    for turn in reversed(turns):
        block = exchange_block(member_name, turn)
        if used + len(block) + 1 > limit:
            if not kept:
                kept.append(cut_at_word(block, limit))
            break
        kept.append(block)
        used += len(block) + 1
    return "\n".join(reversed(kept))
