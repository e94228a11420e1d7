"""Write planning: what one batch of proposed memories becomes against the live memories (refresh, insert, supersede).

`MemoryStore._plan_write` is pure given its arguments (it reads nothing from the store or
the database), so it is tested here directly; `_plan` (redaction, secrets, reading the live
set) needs the database and is covered by the integration tests. The cap is enforced by the
storage when the batch is applied, not in planning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import cast

import pytest

from utils.memory.store import MemoryStore
from utils.storage.engine import Database
from utils.storage.records import MemoryBatch, MemoryRecord, NewMemory

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
USER, GUILD = 42, 7


def live(
    memory_id: int,
    text: str,
    *,
    slot: str | None = None,
    source: str = "chat",
    importance: str = "medium",
    topics: tuple[str, ...] = (),
    expires_in: timedelta = timedelta(days=30),
) -> MemoryRecord:
    return MemoryRecord(memory_id, USER, text, topics, importance, NOW + expires_in, source, NOW - timedelta(days=2), GUILD, slot)


def cand(
    text: str,
    *,
    slot: str | None = None,
    importance: str = "medium",
    topics: tuple[str, ...] = (),
    lifetime: timedelta = timedelta(days=30),
    source: str = "chat",
) -> NewMemory:
    return NewMemory(USER, text, topics, importance, NOW + lifetime, source, GUILD, slot)


def plan(existing: Sequence[MemoryRecord], candidates: Sequence[NewMemory], *, source: str = "chat") -> MemoryBatch:
    store = MemoryStore(cast(Database, None), cap=50, cache_members=0)  # planning never touches the database
    batch = MemoryBatch(USER, actor="member", cap=50)
    for candidate in candidates:
        store._plan_write(batch, list(existing), replace(candidate, source=source))
    return batch


# ----------------------------------------------------------------------------- new vs refresh
def test_a_new_fact_is_inserted_with_its_lifetime_source_place_and_slot() -> None:
    batch = plan([], [cand("Vit à Lyon 🇫🇷", slot="home_city", importance="high", topics=("home",), lifetime=timedelta(days=7))])
    assert batch.inserts == [
        NewMemory(USER, "Vit à Lyon 🇫🇷", ("home",), "high", NOW + timedelta(days=7), "chat", GUILD, "home_city")
    ]
    assert not (batch.refreshes or batch.supersede_ids or batch.forget_ids)


SAID_AGAIN = [
    ("Has a cat named Miso", "Has a cat named Miso"),
    ("Has a cat named Miso", "has a cat named miso."),
    ("Plays guitar every day", "Plays the guitar every day"),
    ("Works as a nurse in Lyon", "Works as a nurse in Lyon now"),
    ("猫が好き", "猫が好き"),
    ("Любит кошек", "любит кошек"),
]


@pytest.mark.parametrize(("old", "new"), SAID_AGAIN)
def test_a_fact_said_again_refreshes_instead_of_adding_a_row(old: str, new: str) -> None:
    batch = plan([live(5, old)], [cand(new)])
    assert batch.inserts == []
    assert [r.memory_id for r in batch.refreshes] == [5]
    assert batch.refreshes[0].memory == new


NOT_THE_SAME = [
    ("Lives in Paris", "Lives in Berlin"),
    ("Has a cat named Miso", "Has a dog named Rex"),
    ("Likes tea", "Hates tea and coffee and mornings"),
    ("猫が好き", "犬が好き"),
]


@pytest.mark.parametrize(("old", "new"), NOT_THE_SAME)
def test_a_different_fact_is_a_new_row(old: str, new: str) -> None:
    batch = plan([live(5, old)], [cand(new)])
    assert batch.refreshes == [] and [n.memory for n in batch.inserts] == [new]


def test_a_refresh_merges_topics_and_keeps_the_later_expiry_and_higher_importance() -> None:
    old = live(5, "Has a cat named Miso", importance="high", topics=("pets", "cats"), expires_in=timedelta(days=90))
    batch = plan([old], [cand("Has a cat named Miso", importance="low", topics=("cats", "miso"), lifetime=timedelta(days=7))])
    (refresh,) = batch.refreshes
    assert refresh.topics == ("pets", "cats", "miso")
    assert refresh.expires_at == NOW + timedelta(days=90)
    assert refresh.importance == "high"

    batch = plan(
        [live(5, "Has a cat named Miso", importance="low")],
        [cand("Has a cat named Miso", importance="high", lifetime=timedelta(days=365))],
    )
    assert batch.refreshes[0].importance == "high"
    assert batch.refreshes[0].expires_at == NOW + timedelta(days=365)


@pytest.mark.parametrize(
    ("old_source", "new_source", "kept_text", "kept_source"),
    [
        ("chat", "passive", "old", "chat"),  # the bot noticing never overrides what the member said
        ("chat", "migration", "old", "chat"),
        ("passive", "chat", "new", "chat"),  # the member repeating a noticed fact makes it theirs
        ("migration", "chat", "new", "chat"),
        ("chat", "chat", "new", "chat"),
        ("passive", "passive", "new", "passive"),
        ("passive", "something-unknown", "old", "passive"),  # an unknown source has no trust
    ],
)
def test_a_refresh_keeps_the_more_trusted_wording_and_source(
    old_source: str, new_source: str, kept_text: str, kept_source: str
) -> None:
    batch = plan([live(5, "Plays guitar every day", source=old_source)], [cand("Plays the guitar every day")], source=new_source)
    (refresh,) = batch.refreshes
    assert refresh.memory == {"old": "Plays guitar every day", "new": "Plays the guitar every day"}[kept_text]
    assert refresh.source == kept_source


@pytest.mark.parametrize(
    ("old_slot", "new_slot", "kept"), [(None, "job", "job"), ("job", None, "job"), ("job", "work", "job"), (None, None, None)]
)
def test_a_refresh_keeps_a_slot_either_side_had(old_slot: str | None, new_slot: str | None, kept: str | None) -> None:
    batch = plan([live(5, "Works as a nurse in Lyon", slot=old_slot)], [cand("Works as a nurse in Lyon", slot=new_slot)])
    assert batch.refreshes[0].slot_key == kept


# ----------------------------------------------------------------------------- within one batch
@pytest.mark.parametrize(
    "pair",
    [
        ("Has a cat named Miso", "Has a cat named Miso"),
        ("Has a cat named Miso", "has a cat named Miso!"),
        ("Is learning Japanese", "Is learning Japanese now"),
        ("Aime le thé vert", "aime le thé vert"),
    ],
)
def test_the_same_fact_twice_in_one_batch_is_inserted_once(pair: tuple[str, str]) -> None:
    batch = plan([], [cand(pair[0]), cand(pair[1])])
    assert [n.memory for n in batch.inserts] == [pair[0]]


def test_different_facts_in_one_batch_are_all_inserted_in_order() -> None:
    texts = ["Has a cat named Miso", "Lives in Lyon", "Plays Elden Ring", "Is learning Japanese", "猫が好き", "Любит чай"]
    batch = plan([], [cand(t) for t in texts])
    assert [n.memory for n in batch.inserts] == texts


def test_the_same_slot_twice_in_one_batch_keeps_only_the_later() -> None:
    batch = plan(
        [],
        [
            cand("Lives in Paris", slot="home_city"),
            cand("Lives in Lyon now", slot="home_city"),
            cand("Has a cat named Miso", slot="pet"),
        ],
    )
    assert [(n.memory, n.slot_key) for n in batch.inserts] == [
        ("Lives in Lyon now", "home_city"),
        ("Has a cat named Miso", "pet"),
    ]


# ----------------------------------------------------------------------------- slots
@pytest.mark.parametrize(
    ("holder_source", "new_source", "supersedes"),
    [
        ("passive", "chat", True),
        ("migration", "chat", True),
        ("chat", "chat", True),  # the newer statement of the member wins
        ("passive", "passive", True),
        ("chat", "passive", False),  # the bot's guess never replaces what the member said
        ("chat", "migration", False),
        ("passive", "unknown-tool", False),
    ],
)
def test_a_slot_is_superseded_only_by_an_equal_or_more_trusted_source(
    holder_source: str, new_source: str, supersedes: bool
) -> None:
    existing = [
        live(5, "Lives in Paris", slot="home_city", source=holder_source),
        live(6, "Has a cat named Miso", slot="pet", source=holder_source),
    ]
    batch = plan(existing, [cand("Lives in Berlin", slot="home_city")], source=new_source)
    if supersedes:
        assert batch.supersede_ids == [5]
        assert [n.memory for n in batch.inserts] == ["Lives in Berlin"]
    else:
        assert batch.supersede_ids == [] and batch.inserts == []


def test_every_holder_of_the_slot_is_superseded() -> None:
    existing = [
        live(5, "Lives in Paris", slot="home_city"),
        live(6, "Lives in Rome", slot="home_city"),
        live(7, "Lives near the sea", slot=None),
    ]
    batch = plan(existing, [cand("Lives in Berlin", slot="home_city")])
    assert sorted(batch.supersede_ids) == [5, 6]


def test_a_slot_has_one_live_holder_after_a_refresh_takes_it() -> None:
    existing = [live(1, "Lives in Paris", slot="home_city"), live(2, "Lives in Berlin now", source="passive")]
    batch = plan(existing, [cand("Lives in Berlin", slot="home_city")])
    assert [r.memory_id for r in batch.refreshes] == [2]
    assert batch.supersede_ids == [1]


def test_one_batch_refreshes_a_memory_at_most_once_keeping_the_most_important() -> None:
    batch = plan(
        [live(1, "Has a cat named Miso", importance="medium")],
        [
            cand("Has a cat named Miso", importance="high", topics=("cats",)),
            cand("Has a cat named Miso!", importance="low", topics=("pets",)),
        ],
    )
    assert [r.memory_id for r in batch.refreshes] == [1]
    assert batch.refreshes[0].importance == "high"
    assert set(batch.refreshes[0].topics) >= {"cats", "pets"}


def test_a_refresh_does_not_take_a_slot_a_more_trusted_memory_holds() -> None:
    existing = [live(1, "Lives in Paris", slot="home_city"), live(2, "Lives in Berlin now", source="passive")]
    batch = plan(existing, [cand("Lives in Berlin", slot="home_city")], source="passive")
    assert [(r.memory_id, r.slot_key) for r in batch.refreshes] == [(2, None)]
    assert batch.supersede_ids == []


@pytest.mark.parametrize(
    ("first", "second", "importance"),
    [("low", "high", "high"), ("high", "low", "high"), ("medium", "medium", "medium"), ("low", "medium", "medium")],
)
def test_repeats_in_one_batch_merge_into_one_refresh(first: str, second: str, importance: str) -> None:
    batch = plan(
        [live(1, "Plays guitar every day", importance="low", topics=("music",))],
        [
            cand("Plays the guitar every day", importance=first, topics=("guitar",)),
            cand("plays guitar every day.", importance=second, topics=("habits",), lifetime=timedelta(days=90)),
        ],
    )
    assert len(batch.refreshes) == 1 and batch.inserts == []
    refresh = batch.refreshes[0]
    assert (refresh.memory_id, refresh.importance) == (1, importance)
    assert refresh.topics == ("music", "guitar", "habits")
    assert refresh.expires_at == NOW + timedelta(days=90)
    assert refresh.memory == "plays guitar every day."
