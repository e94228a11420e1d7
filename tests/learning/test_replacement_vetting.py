"""Which `replaces` claims of the extractor stand: a replacement must not erase an unrelated fact.

Each row: the remembered fact (with its slot, if any), the new fact the model proposes
as its replacement, what the member said, and whether the replacement stands. The new
fact itself is always kept; a refused claim only leaves the old fact current beside it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from utils.memory.extraction import ExtractedMemory, ExtractionResult
from utils.memory.replacements import vetted_replacements
from utils.memory.vetting import vet
from utils.storage.records import MemoryRecord

NOW = datetime(2026, 6, 1, tzinfo=UTC)

# (old fact, old topics, old slot, new fact, new topics, new key, what the member said, stands)
CASES = [
    # moves
    ("Lives in Lyon.", ("home",), None, "Lives in Paris.", ("home",), None, "I moved to Paris last week", True),
    ("Lives in Toronto.", ("home",), None, "Lives in Vancouver.", ("canada",), None, "finally in Vancouver now", True),
    ("Lives in Sevilla.", ("home",), "home", "Lives in Valencia.", ("home",), "home", "me mudé a Valencia", True),
    ("Lives in Köln.", (), None, "Lives in Hamburg.", (), None, "bin nach Hamburg umgezogen", True),
    # new jobs
    ("Works at a bakery.", ("job",), None, "Works at a bank.", ("job",), None, "quit the bakery, bank now", True),
    ("Works as a waiter.", ("work",), None, "Works as a programmer.", ("work",), None, "ahora trabajo de programador", True),
    ("Works at Siemens.", ("job",), "job", "Works at SAP.", ("job",), "job", "new gig at SAP", True),
    # new mains and ranks
    ("Mains Sage in Valorant.", ("valorant",), None, "Mains Jett in Valorant.", ("valorant",), None, "switched to Jett", True),
    ("Mains Mercy.", ("overwatch",), None, "Mains Kiriko.", ("overwatch",), None, "I'm maining Kiriko now", True),
    (
        "Is Gold 2 in Valorant.",
        ("rank",),
        None,
        "Is Platinum 1 in Valorant.",
        ("rank",),
        None,
        "hit plat! not gold anymore",
        True,
    ),
    # breakups
    ("Is dating Sam.", ("relationship",), None, "Is single.", ("relationship",), None, "Sam and I broke up", True),
    ("Has a girlfriend named Ana.", ("relationship",), None, "Is single now.", ("relationship",), None, "we split up", True),
    # pets: renamed or gone is a replacement, one more is not
    ("Has a dog named Rex.", ("pets",), None, "Has a dog named Max.", ("pets",), None, "we renamed Rex to Max", True),
    (
        "Has a cat named Miso.",
        ("pets",),
        None,
        "Has a cat named Tofu.",
        ("pets",),
        None,
        "Miso passed away, we adopted Tofu",
        True,
    ),
    ("Has a dog named Rex.", ("pets",), None, "Has a cat named Miso.", ("pets",), None, "we got a new kitten, Miso!", False),
    ("Has a hamster.", ("pets",), None, "Has a parrot.", ("pets",), None, "look at my new parrot", False),
    # same subject but nothing said changed: one more, not one instead
    (
        "Plays Valorant.",
        ("valorant",),
        None,
        "Plays Valorant with friends.",
        ("valorant",),
        None,
        "valorant with friends tonight",
        False,
    ),
    ("Likes sushi.", ("food",), None, "Likes ramen.", ("food",), None, "ramen is so good", False),
    # hostile or careless: unrelated facts, whatever the member said
    ("Has a dog named Rex.", ("pets",), None, "Likes pizza.", ("food",), None, "I like pizza now", False),
    ("Lives in Lyon.", ("home",), None, "Mains Jett in Valorant.", ("valorant",), None, "switched my main to Jett", False),
    ("Works at a bank.", ("job",), "job", "Is learning Japanese.", ("languages",), None, "started learning Japanese now", False),
    (
        "Is allergic to peanuts.",
        ("food",),
        None,
        "Plays chess on weekends.",
        ("chess",),
        None,
        "no longer bored, chess now",
        False,
    ),
    (
        "Studies biology.",
        ("university",),
        "major",
        "Supports G2 Esports.",
        ("esports",),
        "team",
        "G2 now, no longer Fnatic",
        False,
    ),
    ("Has a brother named Tom.", ("family",), None, "Is single.", ("relationship",), None, "broke up with my ex", False),
    ("Plays on PS5.", ("platform",), "platform", "Owns a bike.", ("bike",), "platform_x", "I have a bike now", False),
]


def shown(text: str, topics: tuple[str, ...], slot: str | None) -> MemoryRecord:
    return MemoryRecord(9, 1, text, topics, "high", NOW + timedelta(days=30), "chat", NOW, slot_key=slot)


@pytest.mark.parametrize(("old", "old_topics", "old_slot", "new", "new_topics", "new_key", "said", "stands"), CASES)
def test_a_replacement_stands_only_for_the_same_fact_changed(
    old: str, old_topics: tuple[str, ...], old_slot: str | None, new: str, new_topics: tuple[str, ...],
    new_key: str | None, said: str, stands: bool,
) -> None:  # fmt: skip
    proposed = ExtractedMemory(memory=new, topics=list(new_topics), key=new_key, replaces=1)
    (kept,) = vetted_replacements([proposed], [shown(old, old_topics, old_slot)], [said])
    assert kept.memory == new, "the new fact is kept either way"
    assert (kept.replaces == 1) is stands


def test_a_number_not_shown_or_replaced_twice_is_no_replacement() -> None:
    old = shown("Lives in Lyon.", ("home",), "home")
    proposals = [
        ExtractedMemory(memory="Lives in Paris.", topics=["home"], key="home", replaces=1),
        ExtractedMemory(memory="Lives in Nice.", topics=["home"], key="home", replaces=1),
        ExtractedMemory(memory="Lives in Rome.", topics=["home"], replaces=7),
        ExtractedMemory(memory="Lives in Oslo.", topics=["home"], replaces=0),
    ]
    assert [m.replaces for m in vetted_replacements(proposals, [old], ["moved again"])] == [1, None, None, None]


@pytest.mark.parametrize(
    ("raw", "number"), [(3, 3), ("3", 3), ("#2", 2), ("three", None), (True, None), (None, None), ("", None)]
)
def test_replaces_is_read_leniently(raw: object, number: int | None) -> None:
    assert (
        ExtractionResult.model_validate({"memories": [{"memory": "Lives in Paris.", "replaces": raw}]}).memories[0].replaces
        == number
    )


def test_vet_applies_the_replacement_rules() -> None:
    result = ExtractionResult.model_validate(
        {
            "memories": [
                {"memory": "Likes pizza a lot.", "topics": ["food"], "replaces": 1},
                {"memory": "Lives in Paris.", "topics": ["home"], "replaces": 1},
            ]
        }
    )
    vetted = vet(
        result,
        member_name="Ana",
        member_texts=["moved to Paris, and I like pizza a lot"],
        shown=[shown("Lives in Lyon.", ("home",), None)],
    )
    assert [(m.memory, m.replaces) for m in vetted.memories] == [("Likes pizza a lot.", None), ("Lives in Paris.", 1)]
