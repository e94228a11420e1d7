"""What was true before: the slots' chains, which messages ask about the past, and how the block frames earlier values."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from utils.memory.fact_history import asks_about_past, earlier_values, fact_histories
from utils.memory.memory_block import build_memory_block
from utils.storage.records import MemoryRecord

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)

ASKS_ABOUT_PAST = [
    "where did I live before?",
    "what was my main before Valorant?",
    "did I use to play Overwatch?",
    "what did I play last year",
    "what rank was I previously?",
    "who was my old duo partner",
    "what was my job back then?",
    "I don't live in Lyon anymore right?",
    "which team did I support in the past?",
    "what game did I play 2 years ago",
    "¿dónde vivía antes?",
    "¿qué jugaba el año pasado?",
    "¿cuál era mi trabajo?",
    "ya no juego Valorant, ¿te acuerdas a qué jugaba?",
    "j'habitais où avant ?",
    "quel était mon main l'année dernière ?",
    "je jouais à quoi autrefois ?",
    "wo habe ich früher gewohnt?",
    "was war mein main vorher?",
    "welches spiel hab ich letztes Jahr gespielt?",
    "onde eu morava antes?",
    "o que eu jogava no ano passado?",
    "qual era meu cachorro antes do Thor?",
    "eu costumava jogar LoL?",
]
ORDINARY = [
    "any good food spots near me?",
    "gg last night",
    "HADES!!! beat chronos tonight",
    "I'll eat before we start",
    "brb before the raid",
    "what's my main?",
    "where do I live?",
    "¿qué tiempo hace aquí?",
    "avant de jouer je mange",
    "il fait beau chez moi?",
    "wie ist das wetter bei mir?",
    "vou passear com o cachorro",
    "queue up later?",
    "new patch is out",
    "exam tomorrow",
]


@pytest.mark.parametrize("text", ASKS_ABOUT_PAST)
def test_a_question_about_the_past_is_seen(text: str) -> None:
    assert asks_about_past(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_an_ordinary_message_is_not_about_the_past(text: str) -> None:
    assert not asks_about_past(text)


def row(memory_id: int, text: str, slot: str | None, learned: int, until: int | None = None) -> MemoryRecord:
    """A memory learned ``learned`` days ago and (with ``until``) superseded ``until`` days ago."""
    return MemoryRecord(
        memory_id, 1, text, ("t",), "high", NOW + 30 * DAY, "chat", NOW - learned * DAY,
        slot_key=slot, superseded_at=None if until is None else NOW - until * DAY,
    )  # fmt: skip


ROWS = [
    row(5, "Lives in Paris.", "home", 10),
    row(3, "Lives in Lyon.", "home", 90, until=10),
    row(1, "Lives in Berlin.", "home", 200, until=90),
    row(6, "Mains Jett.", "main", 2),
    row(4, "Mains Sage.", "main", 40, until=2),
    row(7, "Rank is Gold 2.", "rank", 5),
]


def test_histories_are_the_changed_slots_newest_change_first_each_value_with_what_replaced_it() -> None:
    histories = fact_histories(ROWS)
    assert [h.slot for h in histories] == ["main", "home"], "a slot that never changed has no history"
    home = histories[1]
    assert home.current is not None and home.current.memory == "Lives in Paris."
    assert [m.memory for m in home.earlier] == ["Lives in Lyon.", "Lives in Berlin."]
    pairs = [(old.memory, new.memory if new else None) for old, new in earlier_values(histories)]
    assert pairs == [
        ("Mains Sage.", "Mains Jett."),
        ("Lives in Lyon.", "Lives in Paris."),
        ("Lives in Berlin.", "Lives in Lyon."),
    ]
    assert [h.slot for h in fact_histories(ROWS, changed_only=False)] == ["main", "home", "rank"]
    orphan = fact_histories([row(3, "Lives in Lyon.", "home", 90, until=10)])
    assert orphan[0].current is None and len(orphan[0].earlier) == 1


def test_the_block_frames_an_earlier_value_as_no_longer_true_with_its_months() -> None:
    block = build_memory_block(
        member_name="Ana", profile="", recent=[ROWS[0]], relevant=[], budget=2000, now=NOW, earlier=[ROWS[1]]
    )
    lines = block.splitlines()
    assert lines[-2].startswith('- Recent: "Lives in Paris."')
    assert lines[-1] == '- Earlier, no longer true (2026-03 to 2026-05): "Lives in Lyon."'
    plain = build_memory_block(member_name="Ana", profile="", recent=[ROWS[0]], relevant=[], budget=2000, now=NOW)
    assert "Earlier" not in plain and "Lyon" not in plain


def test_earlier_values_take_room_before_the_recent_ones_but_never_the_profiles() -> None:
    intro = build_memory_block(member_name="Ana", profile="", recent=[ROWS[0]], relevant=[], budget=2000, now=NOW)
    tight = len(intro) + 60
    block = build_memory_block(
        member_name="Ana", profile="", recent=[ROWS[0]], relevant=[], budget=tight, now=NOW, earlier=[ROWS[1]]
    )
    assert len(block) <= tight
    assert "Lives in Lyon." in block and "Lives in Paris." not in block
