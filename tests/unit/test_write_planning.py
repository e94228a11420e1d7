"""The write plan (`utils.memory.write_plan`): what one write becomes against what is stored, as a pure function.

No database and no store: each case gives the stored memories and profile, the write as
proposed, and reads the batch (refresh, insert, supersede, forget, audit, profile). The
cap is enforced by the storage when the batch is applied, not in planning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from utils.memory.write_plan import Admitted, Write, admitted, merged_versions, planned_batch
from utils.storage.records import MemoryBatch, MemoryRecord, MemoryScope, NewMemory

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


def write(
    candidates: Sequence[NewMemory] = (),
    *,
    forget_ids: Sequence[int] = (),
    profile: str | None = None,
    profile_base: str = "",
    at: datetime = NOW,
) -> Write:
    return Write(USER, MemoryScope.GLOBAL, candidates, "member", (0, 0), forget_ids, profile, profile_base, at)


def plan(existing: Sequence[MemoryRecord], candidates: Sequence[NewMemory], *, source: str = "chat") -> MemoryBatch:
    """The batch for already screened ``candidates`` (all from ``source``) against the stored ``existing``."""
    proposed = [replace(c, source=source) for c in candidates]
    return planned_batch(write(proposed), Admitted(proposed), stored_memories=existing, stored_profile="", now=NOW, cap=50)


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


# ----------------------------------------------------------------------------- the merge rule
@pytest.mark.parametrize(
    ("older", "newer", "expected"),
    [
        # (source, importance, days to expiry, topics, wording) -> merged (source, importance, days, topics, wording)
        (("chat", "high", 90, ("pets",), "A"), ("chat", "low", 7, ("cats",), "B"), ("chat", "high", 90, ("pets", "cats"), "B")),
        (("passive", "low", 7, (), "A"), ("chat", "medium", 30, ("x",), "B"), ("chat", "medium", 30, ("x",), "B")),
        (
            ("chat", "low", 30, ("a", "b"), "A"),
            ("passive", "high", 5, ("b", "c"), "B"),
            ("chat", "high", 30, ("a", "b", "c"), "A"),
        ),
        (("migration", "medium", 1, (), "A"), ("passive", "medium", 2, (), "B"), ("passive", "medium", 2, (), "B")),
        (("passive", "medium", 10, (), "A"), ("unknown-tool", "low", 20, (), "B"), ("passive", "medium", 20, (), "A")),
        (("chat", "bogus", 3, ("猫",), "A"), ("chat", "low", 3, ("猫", "ねこ"), "B"), ("chat", "low", 3, ("猫", "ねこ"), "B")),
    ],
)
def test_two_versions_of_a_memory_merge_by_one_rule(
    older: tuple[str, str, int, tuple[str, ...], str],
    newer: tuple[str, str, int, tuple[str, ...], str],
    expected: tuple[str, str, int, tuple[str, ...], str],
) -> None:
    def version(spec: tuple[str, str, int, tuple[str, ...], str]) -> NewMemory:
        source, importance, days, topics, text = spec
        return NewMemory(USER, text, topics, importance, NOW + timedelta(days=days), source, GUILD, memory_id=9)

    merged = merged_versions(version(older), version(newer), memory_id=9, slot_key="pet")
    source, importance, days, topics, text = expected
    assert (merged.source, merged.importance, merged.expires_at, merged.topics, merged.memory) == (
        source,
        importance,
        NOW + timedelta(days=days),
        topics,
        text,
    )
    assert (merged.memory_id, merged.slot_key) == (9, "pet")


# ----------------------------------------------------------------------------- the whole plan
@pytest.mark.parametrize(
    ("text", "audit", "kept"),
    [
        ("Is saving up for a new GPU.", [], "Is saving up for a new GPU."),
        ("My password is hunter2 for the game", ["refused_sensitive"], None),
        ("Card 4111 1111 1111 1111", ["refused_sensitive"], None),
        (
            "Runs the community newsletter and asked members to send tips to news@guild.example.org.",
            ["redacted"],
            "Runs the community newsletter and asked members to send tips to [redacted:email].",
        ),
    ],
)
def test_the_screen_decides_what_is_admitted_and_audits_it(text: str, audit: list[str], kept: str | None) -> None:
    proposed = admitted(write([cand(text, source="passive")]), NOW)
    assert [(a.action, a.user_id, a.actor, a.source) for a in proposed.audit] == [(x, USER, "member", "passive") for x in audit]
    assert [m.memory for m in proposed.memories] == ([] if kept is None else [kept])
    batch = planned_batch(write(), proposed, stored_memories=[], stored_profile="", now=NOW, cap=50)
    assert batch.audit == proposed.audit and batch.inserts == proposed.memories
    assert batch.is_empty() is (kept is None and not audit)


def test_secret_topics_and_slot_keys_are_dropped_and_a_late_write_starts_its_lifetime_when_planned() -> None:
    asked = cand(
        "Plays chess on Sundays",
        slot="password_hunter2",
        topics=("chess", "sk_live_abcdefghijklmnop1234"),
        lifetime=timedelta(days=7),
    )
    (memory,) = admitted(write([asked], at=NOW - timedelta(hours=5)), NOW).memories
    assert (memory.topics, memory.slot_key) == (("chess",), None)
    assert memory.expires_at == NOW + timedelta(days=7, hours=5)


@pytest.mark.parametrize(
    ("stored", "forget_ids", "proposed", "inserts", "refreshed"),
    [
        ([live(5, "Has a cat named Miso")], [], "Has a cat named Miso", [], [5]),
        ([live(5, "Has a cat named Miso")], [5], "Has a cat named Miso", ["Has a cat named Miso"], []),  # forgotten: new row
        (
            [live(5, "Has a cat named Miso", expires_in=timedelta(seconds=-1))],
            [],
            "Has a cat named Miso",
            ["Has a cat named Miso"],
            [],
        ),
        ([live(5, "Has a cat named Miso"), live(6, "Likes tea")], [6], "Likes tea", ["Likes tea"], []),
    ],
)
def test_forgotten_and_expired_memories_are_not_refreshed(
    stored: list[MemoryRecord], forget_ids: list[int], proposed: str, inserts: list[str], refreshed: list[int]
) -> None:
    asked = write([cand(proposed)], forget_ids=forget_ids)
    batch = planned_batch(asked, Admitted(list(asked.memories)), stored_memories=stored, stored_profile="", now=NOW, cap=50)
    assert batch.forget_ids == forget_ids
    assert [n.memory for n in batch.inserts] == inserts and [r.memory_id for r in batch.refreshes] == refreshed


@pytest.mark.parametrize(
    ("profile", "base", "stored", "written"),
    [
        (None, "", "Likes cats.", None),  # no profile in the write: the stored one stays
        ("Likes cats. Plays chess.", "Likes cats.", "Likes cats.", "Likes cats. Plays chess."),
        ("Likes cats. Plays chess.", "Likes cats.", "Likes cats. Lives in Lyon.", "Likes cats. Lives in Lyon. Plays chess."),
        ("Plays chess.", "Likes cats.", "Likes cats. Lives in Lyon.", None),  # a rewrite of an older profile
        ("Likes cats. Lives in Lyon.", "Likes cats.", "Likes cats. Lives in Lyon.", "Likes cats. Lives in Lyon."),
    ],
)
def test_the_profile_is_rebased_on_what_another_process_stored(
    profile: str | None, base: str, stored: str, written: str | None
) -> None:
    batch = planned_batch(
        write(profile=profile, profile_base=base), Admitted(), stored_memories=[], stored_profile=stored, now=NOW, cap=9
    )
    assert (batch.profile, batch.cap, batch.actor) == (written, 9, "member")


@pytest.mark.parametrize(
    ("old_source", "new_source", "superseded", "slot"),
    [("passive", "chat", [5], "fact_5"), ("chat", "chat", [5], "fact_5"), ("chat", "passive", [], None)],
)
def test_a_fact_said_to_replace_a_slotless_memory_takes_it_into_a_slot(
    old_source: str, new_source: str, superseded: list[int], slot: str | None
) -> None:
    stored = [live(5, "Works as a nurse", source=old_source)]
    batch = plan(stored, [replace(cand("Works as a teacher now"), replaces_id=5)], source=new_source)
    assert batch.supersede_ids == superseded
    assert batch.slot_of_replaced == ({5: slot} if slot else {})
    assert [(n.memory, n.slot_key) for n in batch.inserts] == [("Works as a teacher now", slot)]


def test_the_write_plan_is_pure() -> None:
    """No database, no awaits: what the plan decides can be read and tested without either."""
    import ast
    import inspect

    from utils.memory import write_plan

    tree = ast.parse(inspect.getsource(write_plan))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not {"sqlalchemy", "asyncio", "utils.storage.engine", "utils.storage.memories"} & imported
    assert not [node for node in ast.walk(tree) if isinstance(node, (ast.AsyncFunctionDef, ast.Await))]
