"""Precision with meaning on: a memory unrelated to the message never reaches the notes, in any language.

Each case is a chat message and a member's memories that have nothing to do with it.
Cosines come from the fake server's hashed-word vectors (`hashed_embedding`): unrelated
texts sit near 0, and a shared function word ("de", "la", "the") lifts them a little,
as a real model's unrelated pairs sit at 0.0–0.2 (MiniLM, `python -m bench --only recall`).
Nothing in these messages shares a content word or a topic with the memories, so only the
rules of meaning (the similarity floor, and a cosine standing out from the member's others)
stand between them and the prompt: `test_the_table_needs_the_floor` proves the table fails
when they are taken away. The cases live in `tests/support/unrelated.py`, so the recall
bench ranks the very same ones with a real model's vectors (where the floor alone is not
enough: MiniLM puts two sentences of one other language at 0.4–0.7).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fake_llm import hashed_embedding
from unrelated import CASES, MEMBERS

from utils.llm import normalized, similarities
from utils.memory.ranking import SIMILARITY_FLOOR, Query, fused_scores, lexical_scores, rank_relevant
from utils.storage.records import MemoryRecord

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _records(texts: tuple[str, ...]) -> list[MemoryRecord]:
    return [
        MemoryRecord(i, 7, text, (), "medium", NOW + timedelta(days=30), "chat", NOW - timedelta(days=i + 1))
        for i, text in enumerate(texts, start=1)
    ]


def _similarities(message: str, memories: list[MemoryRecord]) -> dict[int, float]:
    query = normalized(hashed_embedding(message))
    assert query is not None
    vectors = {m.id: v for m in memories if (v := normalized(hashed_embedding(m.memory))) is not None}
    return similarities(query, vectors)


def _notes(message: str, texts: tuple[str, ...], floor: float) -> list[str]:
    memories = _records(texts)
    sims = _similarities(message, memories)
    return [m.memory for m in rank_relevant(memories, Query.of(message), similarity=sims, floor=floor)]


def _floor_alone(message: str, texts: tuple[str, ...], floor: float) -> list[str]:
    """What the same scores would admit if nothing had to stand out (the floor alone judging): the rule's counterfactual."""
    memories = _records(texts)
    sims = _similarities(message, memories)
    lexical = lexical_scores(memories, Query.of(message))
    scores = fused_scores(lexical, [sims.get(m.id) for m in memories], floor=floor, stands_out=lambda cosine: True)
    return [m.memory for m, score in zip(memories, scores, strict=True) if score is not None]


MEMBER_CASES = [(message, memories) for messages, memories in MEMBERS.values() for message in messages]
"""Each message of a language against one member's 12–15 memories in it: enough others to judge what stands out."""


def test_the_table_is_broad() -> None:
    assert len(CASES) >= 20
    assert len({message for message, _ in CASES}) == len(CASES)


@pytest.mark.parametrize(("message", "memories"), CASES, ids=[m[:30] for m, _ in CASES])
def test_unrelated_memory_never_reaches_the_notes(message: str, memories: tuple[str, ...]) -> None:
    assert _notes(message, memories, SIMILARITY_FLOOR) == []


@pytest.mark.parametrize(("message", "memories"), CASES, ids=[m[:30] for m, _ in CASES])
def test_no_word_or_topic_admits_them_either(message: str, memories: tuple[str, ...]) -> None:
    """Words alone (embeddings off, endpoint down) find nothing: the floor is the only guard with meaning on."""
    assert [m.memory for m in rank_relevant(_records(memories), Query.of(message))] == []


@pytest.mark.parametrize(("message", "memories"), CASES, ids=[m[:30] for m, _ in CASES])
def test_the_table_needs_the_floor(message: str, memories: tuple[str, ...]) -> None:
    """Without the floor every case lets an unrelated memory in: the precision test above can fail."""
    assert _floor_alone(message, memories, floor=-1.01) != []
    assert _floor_alone(message, memories, SIMILARITY_FLOOR) == [], "hashed words: the floor alone suffices"


def test_members_are_the_table_grown_up() -> None:
    assert all(12 <= len(memories) <= 15 and len(set(memories)) == len(memories) for _, memories in MEMBERS.values())
    assert len(MEMBER_CASES) >= 20


@pytest.mark.parametrize(("message", "memories"), MEMBER_CASES, ids=[m[:30] for m, _ in MEMBER_CASES])
def test_unrelated_member_memories_never_reach_the_notes(message: str, memories: tuple[str, ...]) -> None:
    assert _notes(message, memories, SIMILARITY_FLOOR) == []
    assert [m.memory for m in rank_relevant(_records(memories), Query.of(message))] == [], "no shared word or topic"
    assert _floor_alone(message, memories, floor=-1.01) != [], "the rules of meaning are what keep them out"
