"""A database with rows in every table, of the shapes that are hard to carry from one engine to another.

Long notes (4,000 characters, past FreeTDS's 2,000-character bind), text beyond the Basic
Multilingual Plane (emoji are two UTF-16 units on SQL Server), embeddings as float32 bytes,
times with microseconds, ids with gaps (deleted rows) and a highest memory id that was erased,
so the copy must carry the id counter and not only the rows. Written through SQLAlchemy Core on
the schema's own tables, so each column's type writes it as the bot would.
"""

from __future__ import annotations

import struct
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from utils.storage.schema import (
    guild_setting,
    llm_log,
    llm_log_member,
    llm_tool_way,
    memory_audit,
    memory_preference,
    moderation_case,
    notes_backup,
    profile_history,
    user_memory,
    user_state,
)

START = datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)
MEMORY_TEXTS = (
    "plays GTA every evening",
    "liebt Käsespätzle und Übermut",
    "🎸 learning the guitar 🎶",
    "日本語を勉強している",
    "says 'hi' with \"quotes\" and a back\\slash",
    "𝔣𝔞𝔫𝔠𝔶 letters beyond the BMP",
    "",
)
LONG_NOTES = ("Notes line with ünïcødé and 🎮 emoji. " * 120)[:4000]


def embedding(seed: int, dimensions: int = 8) -> bytes:
    return struct.pack(f"<{dimensions}f", *(((seed * 31 + i) % 97) / 97.0 for i in range(dimensions)))


def seed_every_table(engine: sa.Engine, members: int = 5, memories_per_member: int = 4) -> dict[str, int]:
    """Fill every copied table; returns the highest memory id handed out (the last one is erased again)."""
    with engine.begin() as conn:
        _seed(conn, members, memories_per_member)
        last = conn.execute(sa.select(sa.func.max(user_memory.c.id))).scalar_one()
        conn.execute(sa.delete(user_memory).where(user_memory.c.id == last))
    return {"last_memory_id": int(last)}


def _seed(conn: sa.Connection, members: int, memories_per_member: int) -> None:
    for member in range(1, members + 1):
        user_id = 10**17 + member * 7919
        at = START + timedelta(hours=member, microseconds=member)
        conn.execute(
            sa.insert(user_state).values(
                user_id=user_id,
                offense_count=member,
                immune=member % 2 == 0,
                baseline_coherence=0.85 - member / 1000,
                toxicity_score=member / 7,
                user_notes=LONG_NOTES if member % 2 else f"short notes {member} 🙂",
                warned=member % 3 == 0,
                last_offense_at=at if member % 2 else None,
                updated_at=at,
            )
        )
        conn.execute(
            sa.insert(memory_preference).values(
                user_id=user_id,
                opted_out=member == members,
                paused_until=at + timedelta(days=1) if member == 1 else None,
                updated_at=at,
                write_version=member,
                erase_epoch=member // 2,
                change_seq=member,
            )
        )
        if member % 2:
            conn.execute(sa.insert(notes_backup).values(user_id=user_id, notes=LONG_NOTES, backed_up_at=at))
        conn.execute(sa.insert(profile_history).values(user_id=user_id, previous_profile=f"profile {member} ✨", changed_at=at))
        rows: list[dict[str, Any]] = []
        for index in range(memories_per_member):
            number = member * 1000 + index
            rows.append(
                {
                    "user_id": user_id,
                    "memory": f"{MEMORY_TEXTS[number % len(MEMORY_TEXTS)]} #{number}",
                    "topics": ("games", f"topic{index}") if index % 2 else (),
                    "importance": ("low", "medium", "high")[index % 3],
                    "expires_at": at + timedelta(days=30, microseconds=index),
                    "source": "chat",
                    "created_at": at + timedelta(seconds=index),
                    "guild_id": 555 if index % 2 else None,
                    "slot_key": f"slot{index}" if index % 3 == 0 else None,
                    "superseded_at": at if index == 1 else None,
                    "embedding": embedding(number) if index % 4 != 3 else None,
                    "embedding_model": "nomic-embed-text" if index % 4 != 3 else None,
                }
            )
        for row in rows:  # one by one: ids in order, as the bot hands them out
            memory_id = conn.execute(sa.insert(user_memory).values(row)).inserted_primary_key[0]
            conn.execute(
                sa.insert(memory_audit).values(
                    action="added", user_id=user_id, memory_id=memory_id, source="chat", actor="system", created_at=at
                )
            )
        log_id = conn.execute(
            sa.insert(llm_log).values(
                kind="chat",
                user_id=user_id,
                model="test-model",
                latency_ms=100 + member,
                success=member % 4 != 0,
                prompt_tokens=member * 10,
                completion_tokens=None,
                request_excerpt=("request ✉️ " * 300)[:2000],
                response_excerpt=f"reply {member} 🤖",
                error=None if member % 4 else "timeout",
                created_at=at,
                way="tools",
            )
        ).inserted_primary_key[0]
        conn.execute(sa.insert(llm_log_member).values(log_id=log_id, user_id=user_id))
        conn.execute(sa.insert(llm_log_member).values(log_id=log_id, user_id=user_id + 1))
    conn.execute(sa.insert(llm_tool_way).values(endpoint="http://127.0.0.1:11434/v1", model="qwen3:8b", way="tools", refused=""))
    conn.execute(sa.insert(llm_tool_way).values(endpoint="http://127.0.0.1:11434/v1", model="llama3.2:3b", way=None, refused="x"))
    for number in range(1, members + 1):  # a server's cases, numbered from 1; one of them proposed, one undone
        at = START + timedelta(minutes=number, microseconds=number)
        conn.execute(
            sa.insert(moderation_case).values(
                guild_id=555,
                number=number,
                user_id=10**17 + number * 7919,
                action="timeout" if number % 3 == 0 else "warning",
                category="toxicity",
                reason=f"case {number}: heated ✋",
                excerpt=None if number == 1 else f"words of case {number} — «screened»",
                state="proposed" if number == 2 else "acted",
                decided_by="monitor",
                channel_id=777,
                message_id=10**18 + number,
                timeout_seconds=600 if number % 3 == 0 else None,
                offenses=number,
                created_at=at,
                expires_at=at + timedelta(hours=1) if number == 2 else None,
                undone_at=at + timedelta(days=1) if number == 4 else None,
                undone_by="1234567890" if number == 4 else None,
            )
        )
    for seq, (name, value) in enumerate([("mode", "propose"), ("toxicity_threshold", "0.8"), ("timeout_minutes", None)], 1):
        conn.execute(
            sa.insert(guild_setting).values(
                guild_id=555, name=name, value=value, changed_by="1234567890", updated_at=START, change_seq=seq
            )
        )
