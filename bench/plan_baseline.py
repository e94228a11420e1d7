"""The baseline: the straightforward design of memory this bot improves on, reproduced only to be measured against.

"plan" in the bench's rows and facts names this baseline. Retrieval as first designed:
a new connection per query (an engine with NullPool
stands in for ``_connect()``), ``TOP/LIMIT 5`` most recent, then ``Topics LIKE
'%kw%'`` ORs over the fixed ``_TOPIC_KEYWORDS`` list, each query through
``asyncio.to_thread``. The queries are SQLAlchemy Core; the baseline's SQL Server
``SYSUTCDATETIME()`` becomes a bound "now", as in ours.

Extraction as first designed: one call after every reply, carrying the channel's
whole history (the last 20 messages) with the baseline's own prompt and tool schema. Only its
size is needed, so it is built, measured and never sent.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from utils.monitor.state import MonitorState
from utils.storage.engine import server_url_and_options
from utils.storage.schema import user_memory

_TOPIC_KEYWORDS = {
    "gta", "warzone", "cod", "battlefield", "fortnite", "apex", "valorant",
    "minecraft", "roblox", "league", "dota", "overwatch", "destiny", "halo",
    "work", "job", "school", "college", "girlfriend", "boyfriend", "wife",
    "husband", "dog", "cat", "pet", "car", "music", "movie", "food",
}  # fmt: skip

PLAN_HISTORY_MESSAGES = 20

PLAN_EXTRACTION_PROMPT = """\
You are a memory extraction system for a Discord bot. Given a conversation between a user and the bot, \
extract any noteworthy information worth remembering for future interactions.

RULES:
- Only extract genuinely NEW information not already in the user's profile.
- Be concise — each memory should be one sentence max.
- Assign appropriate expiration based on how long the information stays relevant:
  - "permanent": Stable facts — name, job, hobbies, games they play, personality traits, pets, relationships
  - "30d": Semi-stable preferences, ongoing situations — "trying to quit Warzone", "grinding for rank 500"
  - "7d": Temporary situations — "excited about upcoming DLC", "on vacation this week"
  - "3d": Short-term context — "had a bad day", "playing with friends tonight"
  - "1d": Momentary state — "drunk right now", "tilted from losses", "in a good mood"
- Assign topic tags that would help retrieve this memory later (game names, "personal", "work", "mood", etc.)
- Assign importance: "high" for things they'd expect you to remember, "medium" for useful context, "low" for minor color
- If you learn a permanent fact about the user, provide a profile_update that incorporates the new fact into their \
existing profile. Rewrite the ENTIRE profile summary — don't just append. Keep it under 500 characters.
- If nothing worth remembering was said, return an empty memories array and null profile_update.
- Do NOT store things the bot said — only facts about or from the user.

Use the extract_memories tool to report your findings.
"""

PLAN_EXTRACTION_TOOL: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "extract_memories",
        "description": "Extract noteworthy memories from a conversation for future reference.",
        "parameters": {
            "type": "object",
            "properties": {
                "memories": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "memory": {"type": "string", "description": "A concise fact or observation worth remembering."},
                            "topics": {
                                "type": "array",
                                "items": {"type": "string"},
                                "description": "Topic tags for retrieval (e.g., 'gta', 'personal', 'warzone').",
                            },
                            "expiration": {
                                "type": "string",
                                "enum": ["1d", "3d", "7d", "30d", "permanent"],
                                "description": "How long this memory stays relevant.",
                            },
                            "importance": {
                                "type": "string",
                                "enum": ["low", "medium", "high"],
                                "description": "How important this memory is for future interactions.",
                            },
                        },
                        "required": ["memory", "topics", "expiration", "importance"],
                    },
                    "description": "Memories to store. Only include genuinely new or noteworthy information.",
                },
                "profile_update": {
                    "type": ["string", "null"],
                    "description": (
                        "Full updated profile summary incorporating new permanent facts, or null if no profile changes."
                    ),
                },
            },
            "required": ["memories"],
        },
    },
}


@dataclass(frozen=True)
class PlanMemory:
    memory: str
    topics: str
    importance: str
    created_at: datetime


def _extract_topic_keywords(text: str, channel_name: str = "") -> list[str]:
    words = set(text.lower().split())
    keywords = list(words & _TOPIC_KEYWORDS)
    if channel_name and channel_name not in ("general", "off-topic", "memes"):
        keywords.append(channel_name.lower())
    return keywords[:5]


def _format_relative_time(dt: datetime) -> str:
    now = datetime.now(UTC)
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    delta = now - dt
    days = delta.days
    if days == 0:
        hours = delta.seconds // 3600
        return "just now" if hours == 0 else f"{hours}h ago"
    if days == 1:
        return "yesterday"
    if days < 7:
        return f"{days} days ago"
    if days < 30:
        return f"{days // 7}w ago"
    return f"{days // 30}mo ago"


_IMPORTANCE_ORDER = sa.case((user_memory.c.importance == "high", 3), (user_memory.c.importance == "medium", 2), else_=1)


class PlanRetrieval:
    """`get_recent_memories` + `get_memories_by_topics` + `_build_memory_context` as first designed."""

    def __init__(self, url: sa.URL | str, monitor_state: MonitorState) -> None:
        target = sa.make_url(url)
        if target.get_backend_name() == "sqlite":
            options: dict[str, Any] = {"connect_args": {"timeout": 30}}
        else:  # connected as the bot connects (FreeTDS's words, its binding), only never pooled
            target, options = server_url_and_options(target)
        self._engine = sa.create_engine(target, poolclass=sa.pool.NullPool, **options)
        self._monitor_state = monitor_state
        self.round_trips = 0

    def close(self) -> None:
        self._engine.dispose()

    def _query(self, query: sa.Select[Any]) -> list[PlanMemory]:
        with self._engine.connect() as conn:
            return [PlanMemory(r.Memory, ",".join(r.Topics), r.Importance, r.CreatedAt) for r in conn.execute(query)]

    async def get_recent_memories(self, user_id: int, limit: int = 5) -> list[PlanMemory]:
        self.round_trips += 1
        query = (
            sa.select(user_memory.c.memory, user_memory.c.topics, user_memory.c.importance, user_memory.c.created_at)
            .where(user_memory.c.user_id == user_id, user_memory.c.expires_at > datetime.now(UTC))
            .order_by(user_memory.c.created_at.desc())
            .limit(limit)
        )
        return await asyncio.to_thread(self._query, query)

    async def get_memories_by_topics(self, user_id: int, topic_keywords: Sequence[str], limit: int = 5) -> list[PlanMemory]:
        if not topic_keywords:
            return []
        self.round_trips += 1
        query = (
            sa.select(user_memory.c.memory, user_memory.c.topics, user_memory.c.importance, user_memory.c.created_at)
            .where(
                user_memory.c.user_id == user_id,
                user_memory.c.expires_at > datetime.now(UTC),
                sa.or_(*(user_memory.c.topics.like(f"%{kw.lower()}%") for kw in topic_keywords)),
            )
            .order_by(_IMPORTANCE_ORDER.desc(), user_memory.c.created_at.desc())
            .limit(limit)
        )
        return await asyncio.to_thread(self._query, query)

    async def build_memory_context(self, user_id: int, message_text: str, channel_name: str) -> str:
        parts = []
        profile = self._monitor_state.get_user_notes(user_id)
        if profile:
            parts.append(f"Profile: {profile}")
        recent = await self.get_recent_memories(user_id, limit=5)
        if recent:
            parts.append("Recent: " + " | ".join(f"{m.memory} ({_format_relative_time(m.created_at)})" for m in recent))
        keywords = _extract_topic_keywords(message_text, channel_name)
        if keywords:
            topic_memories = await self.get_memories_by_topics(user_id, keywords, limit=5)
            recent_texts = {m.memory for m in recent}
            topic_memories = [m for m in topic_memories if m.memory not in recent_texts]
            if topic_memories:
                parts.append(
                    "Relevant: " + " | ".join(f"{m.memory} ({_format_relative_time(m.created_at)})" for m in topic_memories)
                )
        if not parts:
            return ""
        return "[What you know about this person:]\n" + "\n".join(parts)


def plan_extraction_messages(conversation: Sequence[dict[str, str]], username: str, current_profile: str) -> list[dict[str, str]]:
    """The messages of the baseline's `extract_memories` for one reply (``conversation`` = the channel history)."""
    convo_text = "\n".join(
        f"{'Bot' if m['role'] == 'assistant' else username}: {m['content']}" for m in conversation if m.get("content")
    )
    user_content = f"=== USER PROFILE ===\n{current_profile or '(no profile yet)'}\n\n"
    user_content += f"=== CONVERSATION ===\n{convo_text}\n\n"
    user_content += "Extract any noteworthy memories from this conversation."
    return [{"role": "system", "content": PLAN_EXTRACTION_PROMPT}, {"role": "user", "content": user_content}]


def request_chars(messages: Sequence[dict[str, Any]], tools: Sequence[dict[str, Any]]) -> int:
    """What an extractor request puts in front of the model: message texts plus the tool schema as JSON."""
    text = sum(len(m["content"]) for m in messages if isinstance(m.get("content"), str))
    return text + sum(len(json.dumps(t, ensure_ascii=False)) for t in tools)
