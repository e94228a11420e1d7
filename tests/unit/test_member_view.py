"""What members see of their memory: expiry in words, pages that fit an embed, the export as JSON (tables)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from utils.members.service import MemberOverview
from utils.members.view import (
    PAGE_CHARS,
    PAGE_SIZE,
    expires_phrase,
    export_json,
    memory_line,
    overview_text,
    pages,
    status_line,
)
from utils.storage.records import MemoryRecord
from utils.storage.schema import MEMORY_TEXT_MAX, SLOT_KEY_MAX

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
EMBED_DESCRIPTION_MAX = 4096


def record(
    memory_id: int = 1,
    text: str = "Likes tea",
    *,
    topics: tuple[str, ...] = ("tea",),
    importance: str = "medium",
    source: str = "chat",
    slot: str | None = None,
    expires_in: timedelta = timedelta(days=10),
    guild_id: int | None = 123456789012345678,
    superseded_at: datetime | None = None,
    now: datetime = NOW,
) -> MemoryRecord:
    return MemoryRecord(
        memory_id, 42, text, topics, importance, now + expires_in, source, now - timedelta(days=1), guild_id, slot, superseded_at
    )


# ----------------------------------------------------------------------------- expiry in words
EXPIRES = [
    (timedelta(days=-400), "expired"),
    (timedelta(seconds=-1), "expired"),
    (timedelta(0), "expired"),
    (timedelta(seconds=1), "expires within the hour"),
    (timedelta(minutes=59, seconds=59), "expires within the hour"),
    (timedelta(hours=2), "expires in 2 hours"),
    (timedelta(hours=2, minutes=29), "expires in 2 hours"),
    (timedelta(hours=2, minutes=31), "expires in 3 hours"),
    (timedelta(hours=47), "expires in 47 hours"),
    (timedelta(hours=48), "expires in 2 days"),
    (timedelta(days=7), "expires in 7 days"),
    (timedelta(days=30, hours=11), "expires in 30 days"),
    (timedelta(days=30, hours=13), "expires in 31 days"),
    (timedelta(days=3650), "expires in 3650 days"),
]


@pytest.mark.parametrize(("left", "said"), EXPIRES)
def test_expires_phrase(left: timedelta, said: str) -> None:
    assert expires_phrase(NOW + left, NOW) == said


@pytest.mark.parametrize("left", [timedelta(hours=1), timedelta(hours=1, minutes=29)])
def test_one_hour_is_singular(left: timedelta) -> None:
    assert expires_phrase(NOW + left, NOW) == "expires in 1 hour"


# ----------------------------------------------------------------------------- one memory as a line
LINES = [
    (record(7, "Likes tea"), "#7 Likes tea — tea · medium · from chat · expires in 10 days"),
    (
        record(8, "猫が好き 🐱", topics=(), importance="high"),
        "#8 猫が好き 🐱 — no topics · high · from chat · expires in 10 days",
    ),
    (
        record(9, "يحب القهوة", topics=("قهوة", "drinks"), source="passive", slot="favourite_drink"),
        "#9 يحب القهوة — قهوة, drinks · medium · from passive · slot favourite_drink · expires in 10 days",
    ),
    (
        record(10, "Lives in Lyon", expires_in=timedelta(minutes=5)),
        "#10 Lives in Lyon — tea · medium · from chat · expires within the hour",
    ),
    (record(999999999999999999, "x"), "#999999999999999999 x — tea · medium · from chat · expires in 10 days"),
]


@pytest.mark.parametrize(("memory", "line"), LINES)
def test_memory_line(memory: MemoryRecord, line: str) -> None:
    assert memory_line(memory, NOW) == line


# ----------------------------------------------------------------------------- pages within embed limits
def _worst(memory_id: int) -> MemoryRecord:
    """As long as storage allows: full text, five long topics, a full slot key, an 18-digit id."""
    return record(
        10**17 + memory_id,
        ("مرحبا 👨‍👩‍👧 Zoë " * 100)[:MEMORY_TEXT_MAX],
        topics=tuple(f"topic-{i}-" + "x" * 30 for i in range(5)),
        importance="medium",
        source="migration",
        slot="s" * SLOT_KEY_MAX,
        now=datetime.now(UTC),
    )


COLLECTIONS = {
    "none": (),
    "one": (record(1, now=datetime.now(UTC)),),
    "exactly a page": tuple(record(i, f"fact {i}", now=datetime.now(UTC)) for i in range(PAGE_SIZE)),
    "a page and one": tuple(record(i, f"fact {i}", now=datetime.now(UTC)) for i in range(PAGE_SIZE + 1)),
    "the cap, short": tuple(record(i, f"fact {i} 🍵", now=datetime.now(UTC)) for i in range(500)),
    "the cap, longest": tuple(_worst(i) for i in range(50)),
    "mixed": tuple((_worst(i) if i % 3 == 0 else record(i, "猫", now=datetime.now(UTC))) for i in range(37)),
}


@pytest.mark.parametrize("name", COLLECTIONS)
def test_pages_keep_every_memory_in_order_within_size_and_embed_limits(name: str) -> None:
    memories = COLLECTIONS[name]
    result = pages(memories)
    assert result, "even no memories is one (empty) page"
    assert tuple(m for page in result for m in page) == memories
    for page in result:
        assert len(page) <= PAGE_SIZE
        description = "\n".join(memory_line(m) for m in page)
        assert len(description) <= PAGE_CHARS <= EMBED_DESCRIPTION_MAX
    assert all(page for page in result) or memories == ()


def test_page_counts() -> None:
    assert len(pages(COLLECTIONS["none"])) == 1
    assert len(pages(COLLECTIONS["exactly a page"])) == 1
    assert len(pages(COLLECTIONS["a page and one"])) == 2
    assert len(pages(COLLECTIONS["the cap, short"])) == 50
    assert len(pages(COLLECTIONS["the cap, longest"])) > 50 // PAGE_SIZE  # cut by characters, not by count


@pytest.mark.parametrize(("size", "chars"), [(1, 3800), (3, 3800), (10, 200), (10, 1)])
def test_pages_with_other_limits(size: int, chars: int) -> None:
    memories = tuple(record(i, f"fact number {i}", now=datetime.now(UTC)) for i in range(25))
    result = pages(memories, size=size, chars=chars)
    assert tuple(m for page in result for m in page) == memories
    for page in result:
        assert 1 <= len(page) <= size
        assert len(page) == 1 or sum(len(memory_line(m)) + 1 for m in page) <= chars


# ----------------------------------------------------------------------------- status and overview
def overview(**changes: object) -> MemberOverview:
    values: dict[str, object] = {"user_id": 42, "profile": "", "memories": (), "opted_out": False, "paused_until": None}
    values.update(changes)
    return MemberOverview(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("view", "said"),
    [
        (overview(), "0 memories kept."),
        (overview(memories=(record(1), record(2))), "2 memories kept."),
        (overview(opted_out=True, memories=(record(1),)), "Memory is off for you (opted out). /memory optin turns it back on."),
        (
            overview(paused_until=datetime(2026, 5, 1, 13, 5, tzinfo=UTC)),
            "Memory is paused until 2026-05-01 13:05 UTC (reading goes on).",
        ),
        (
            overview(opted_out=True, paused_until=datetime(2026, 5, 1, 13, 5, tzinfo=UTC)),
            "Memory is off for you (opted out). /memory optin turns it back on.",
        ),
    ],
)
def test_status_line(view: MemberOverview, said: str) -> None:
    assert status_line(view) == said


def test_one_memory_is_singular() -> None:
    assert status_line(overview(memories=(record(1),))) == "1 memory kept."


def test_overview_text_with_nothing_and_with_something() -> None:
    assert overview_text(overview()).split("\n") == ["0 memories kept.", "Profile: (none)", "No memories."]
    text = overview_text(overview(profile="Nurse from Lyon 🇫🇷. Has two cats! 猫が好き。", memories=(record(3, "שלום"),)))
    lines = text.split("\n")
    assert lines[:5] == [
        status_line(overview(memories=(record(3),))),
        "Profile:",
        "P1 Nurse from Lyon 🇫🇷.",
        "P2 Has two cats!",
        "P3 猫が好き。",
    ], "each fact with the number /memory forget fact takes"
    assert lines[5].startswith("#3 שלום — tea")


# ----------------------------------------------------------------------------- export
def test_export_json_is_readable_unicode_and_round_trips() -> None:
    data = {"member_id": "123456789012345678", "profile": "Aime le thé 🍵 · يحب القهوة · 猫", "memories": []}
    text = export_json(data)
    assert json.loads(text) == data
    assert "🍵" in text and "يحب" in text and "\\u" not in text
    assert text.startswith('{\n  "member_id"')


EXPORTED_KEYS = {
    "id",
    "memory",
    "topics",
    "importance",
    "source",
    "status",
    "learned_at",
    "expires_at",
    "guild_id",
    "slot",
    "superseded_at",
}


@pytest.mark.parametrize(
    ("memory", "status"),
    [
        (record(1, "Likes tea 🍵"), "live"),
        (record(2, "Lives in Paris", slot="home_city", superseded_at=NOW - timedelta(hours=1)), "superseded"),
        (record(3, "Old news", expires_in=timedelta(seconds=-1)), "expired"),
        (record(4, "Exactly now", expires_in=timedelta(0)), "expired"),
        (record(5, "In DMs", guild_id=None), "live"),
    ],
)
def test_an_exported_memory_has_a_stable_shape(memory: MemoryRecord, status: str) -> None:
    entry = json.loads(export_json({"memories": [memory.exported(NOW)]}))["memories"][0]
    assert set(entry) == EXPORTED_KEYS
    assert entry["status"] == status == memory.status(NOW)
    assert entry["memory"] == memory.memory and entry["topics"] == list(memory.topics)
    # ids a JavaScript reader would round (over 2**53) are strings; times are ISO with their offset
    assert entry["guild_id"] == (None if memory.guild_id is None else str(memory.guild_id))
    assert datetime.fromisoformat(entry["expires_at"]) == memory.expires_at
    assert datetime.fromisoformat(entry["learned_at"]).utcoffset() == timedelta(0)
