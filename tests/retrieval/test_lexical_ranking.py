"""Lexical retrieval as a pure function: which memories a message brings back, in which order, and which never."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from utils.memory.ranking import Query, lexical_scores, rank_relevant
from utils.memory.words import family, stem, words
from utils.storage.records import MemoryRecord

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def mem(i: int, text: str, *topics: str, importance: str = "medium", days_ago: float = 10) -> MemoryRecord:
    created = NOW - timedelta(days=days_ago)
    return MemoryRecord(i, 42, text, tuple(topics), importance, NOW + timedelta(days=30), "chat", created)


FILLER = [mem(100 + i, f"Filler memory number {i} about cooking pasta.", "cooking") for i in range(6)]


def found(message: str, memory: MemoryRecord, channel: str = "") -> bool:
    return memory.id in {m.id for m in rank_relevant([memory, *FILLER], Query.of(message, channel), limit=5)}


FOUND = [
    (
        "finally beat the Baldurs Gate boss that was killing me!!",
        mem(1, "Is stuck on the Myrkul fight in Baldur's Gate 3.", "baldur's gate", "myrkul"),
    ),
    ("my DOGS keep barking at the mailman", mem(2, "Has a dog named Biscuit.", "dog", "pets")),
    ("anyone up for call of duty tonight?", mem(3, "Grinding prestige in COD with the squad.", "call of duty")),
    ("elden ring is so hard", mem(4, "Wants to platinum Elden Ring.", "elden ring")),
    ("I went hiking again", mem(5, "Goes hiking every weekend.", "hiking")),
    ("just bought new running shoes", mem(6, "Is buying running gear for a marathon.", "running")),
    ("my guitar strings snapped", mem(7, "Plays guitar every day.", "music")),
    ("any tips for Pokémon cards?", mem(8, "Collects Pokemon cards.", "pokemon")),
    ("I got a promotion today!", mem(9, "Hopes to be promoted at work this year.", "career")),
    ("the mentorship program starts monday", mem(10, "Got mentored by a senior engineer.", "work")),
    ("studying for the exam", mem(11, "Studies nursing in Lyon.", "nursing")),
    ("je joue de la guitare ce soir", mem(12, "Joue de la guitare tous les jours.", "guitare")),
    ("quick question about my baldur's gate save", mem(13, "Romanced Shadowheart in Baldur's Gate 3.")),
]
NOT_FOUND = [
    ("finally beat the Baldurs Gate boss that was killing me!!", mem(1, "Adopted two rescue greyhounds.", "pets", "greyhound")),
    ("last night I went bowling", mem(2, "Cried at the ending of TLOU.", "the last of us")),
    ("what should I cook tonight?", mem(3, "Was heated in an argument about politics.", "general")),
    ("what should I eat tonight?", mem(4, "Likes sushi.", "food", "personal", "misc")),
    ("hey how are you doing", mem(5, "Does yoga on weekends.", "yoga")),
    ("I really like that", mem(6, "Likes jazz and blues.", "music")),
    ("where have you been all these days", mem(7, "Lives where the river meets the sea.", "home")),
    ("je suis à la maison", mem(8, "Joue de la guitare tous les jours.", "guitare")),
    ("das ist ein gutes Spiel", mem(9, "Spielt das ganze Jahr Fußball.", "fussball")),
    ("el perro de mi vecino", mem(10, "Trabaja en el hospital de la ciudad.", "trabajo")),
    ("I love classical music", mem(11, "Takes a pottery class on Tuesdays.", "pottery")),
    ("my mom loves the opera", mem(12, "Had an operation on her knee.", "health")),
    ("what's up", mem(13, "Recently started a new job.", "work")),
]


@pytest.mark.parametrize(("message", "memory"), FOUND, ids=[m for m, _ in FOUND])
def test_matching_memory_is_found(message: str, memory: MemoryRecord) -> None:
    assert found(message, memory)


@pytest.mark.parametrize(("message", "memory"), NOT_FOUND, ids=[m for m, _ in NOT_FOUND])
def test_unrelated_memory_is_never_found(message: str, memory: MemoryRecord) -> None:
    assert not found(message, memory)


def test_channel_name_counts_unless_generic() -> None:
    memory = mem(1, "Wants to platinum Elden Ring.", "elden ring")
    assert found("any tips?", memory, channel="elden-ring-help")
    assert not found("any tips?", mem(2, "Chats a lot.", "general"), channel="general")


def test_a_rare_word_outranks_a_common_one() -> None:
    """BM25: among memories all about Elden Ring, the one naming the boss wins."""
    memories = [mem(i, f"Plays Elden Ring build number {i}.", "elden ring") for i in range(5)]
    boss = mem(9, "Keeps dying to Malenia in Elden Ring.", "elden ring", days_ago=40)
    top = rank_relevant([*memories, boss], Query.of("Malenia in elden ring again"), limit=5)
    assert top[0].id == 9


def test_ties_go_to_the_more_important_then_the_newer() -> None:
    low_new = mem(1, "Plays chess online.", importance="low", days_ago=1)
    high_old = mem(2, "Plays chess at the club.", importance="high", days_ago=20)
    medium_new, medium_old = mem(3, "Plays chess in the park.", days_ago=2), mem(4, "Plays chess with dad.", days_ago=30)
    top = rank_relevant([low_new, high_old, medium_new, medium_old], Query.of("chess"), limit=4)
    assert [m.id for m in top] == [2, 3, 4, 1]


def test_limit_and_exclusions() -> None:
    memories = [mem(i, f"Plays chess variant {i}.") for i in range(8)]
    top = rank_relevant(memories, Query.of("chess"), limit=3, exclude_ids=frozenset({0, 1}))
    assert len(top) == 3 and not {0, 1} & {m.id for m in top}


def test_scores_are_zero_without_a_shared_word_and_for_an_empty_message() -> None:
    memories = [mem(1, "Plays chess."), mem(2, "Has a cat.")]
    assert lexical_scores(memories, Query.of("chess"))[1] == 0 < lexical_scores(memories, Query.of("chess"))[0]
    assert lexical_scores(memories, Query.of("")) == [0.0, 0.0]
    assert lexical_scores([], Query.of("chess")) == []


def test_forget_request_drops_the_verb() -> None:
    query = Query.forget_request("please forget that I have a dog")
    assert "forget" not in query.vocabulary and "dog" in query.vocabulary
    assert found("forget about my dogs", mem(1, "Has a dog named Pixel.")) is True
    assert rank_relevant([mem(1, "Forgot my keys again.")], Query.forget_request("forget that I'm vegan")) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [("dogs", "dog"), ("gaming", "games"), ("studies", "study"), ("went", "go"), ("bought", "buying"), ("running", "run"),
     ("Pokémon", "pokemon"), ("Baldur's", "baldur"), ("stopped", "stop"), ("classes", "class")],
)  # fmt: skip
def test_inflections_meet(a: str, b: str) -> None:
    assert words(a) == words(b)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [("mentorship", "mentored", True), ("symbols", "symbolizing", True), ("allergic", "allergy", True),
     ("promotion", "promote", True), ("painter", "painting", True), ("music", "musical", True),
     ("class", "classical", False), ("opera", "operation", False), ("grand", "grandma", False), ("car", "career", False),
     ("press", "pressure", False), ("match", "matcha", False)],
)  # fmt: skip
def test_word_families(a: str, b: str, same: bool) -> None:
    assert (family(stem(words(a)[0])) == family(stem(words(b)[0]))) is same
