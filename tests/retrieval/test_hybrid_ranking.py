"""Hybrid ranking: meaning brings back paraphrases, the similarity floor keeps unrelated memories out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from fake_llm import hashed_embedding

from utils.llm import cosine, from_bytes, normalized, similarities, to_bytes
from utils.memory.ranking import SIMILARITY_FLOOR, Query, fused_scores, rank_relevant
from utils.storage.records import MemoryRecord

NOW = datetime(2026, 1, 1, tzinfo=UTC)
ALIASES = {
    "pup": "dog",
    "puppy": "dog",
    "doggo": "dog",
    "axe": "guitar",
    "shred": "guitar",
    "kanji": "japanese",
    "tokyo": "japan",
}
"""What a real model knows and hashed words do not: these words mean the same."""


def mem(i: int, text: str, *topics: str, days_ago: float = 10) -> MemoryRecord:
    return MemoryRecord(i, 42, text, tuple(topics), "medium", NOW + timedelta(days=30), "chat", NOW - timedelta(days=days_ago))


def vec(text: str):
    vector = normalized(hashed_embedding(text, aliases=ALIASES))
    assert vector is not None
    return vector


MEMORIES = [
    mem(1, "Has a dog named Pixel.", "pets"),
    mem(2, "Plays guitar every day.", "music"),
    mem(3, "Is learning Japanese.", "languages"),
    mem(4, "Is saving up for a trip to Japan.", "travel"),
    mem(5, "Works night shifts as a nurse.", "work"),
    mem(6, "Adopted two rescue greyhounds.", "pets"),
    *(mem(10 + i, f"Filler memory number {i} about cooking pasta.", "cooking") for i in range(6)),
]


def hybrid(message: str, memories: list[MemoryRecord] = MEMORIES, floor: float = SIMILARITY_FLOOR) -> list[int]:
    sims = similarities(vec(message), {m.id: vec(m.memory) for m in memories})
    return [m.id for m in rank_relevant(memories, Query.of(message), similarity=sims, floor=floor)]


PARAPHRASES = [
    ("how's my pup doing", 1),
    ("new axe?", 2),
    ("any tips for kanji?", 3),
    ("flights to tokyo", 4),
]


@pytest.mark.parametrize(("message", "expected"), PARAPHRASES, ids=[m for m, _ in PARAPHRASES])
def test_paraphrase_found_by_meaning_only(message: str, expected: int) -> None:
    assert [m.id for m in rank_relevant(MEMORIES, Query.of(message))] == []
    assert hybrid(message)[0] == expected


UNRELATED = ["what's the best pizza?", "lol same", "how's the weather where you are", "went bowling yesterday", "ugh mondays"]


@pytest.mark.parametrize("message", UNRELATED)
def test_unrelated_memories_stay_out_with_meaning_on(message: str) -> None:
    assert hybrid(message) == []


def test_exact_words_still_win_with_meaning_on() -> None:
    assert hybrid("my night shift was brutal")[0] == 5
    assert hybrid("my dogs keep barking")[0] == 1


def test_the_floor_is_what_admits_meaning_alone() -> None:
    assert hybrid("how's my pup doing", floor=1.01) == []


def test_fused_scores_floor_words_and_missing_vectors() -> None:
    lexical = [2.0, 0.0, 0.0, 0.0]
    sims = [0.1, 0.6, 0.2, None]
    fused = fused_scores(lexical, sims, floor=0.3, stands_out=lambda cosine: True)
    assert fused[0] is not None, "a shared word admits whatever the meaning"
    assert fused[1] is not None, "meaning over the floor (and standing out) admits"
    assert fused[2] is None, "meaning under the floor alone never admits"
    assert fused[3] is None, "no vector yet and no word: out"
    assert fused_scores([1.0, 0.0], [None, None]) == [1.0, None], "without two vectors it is lexical"
    assert fused_scores(lexical, sims, floor=0.3)[1] is None, "three cosines: too few to say it stands out"


def test_a_memory_not_embedded_yet_competes_on_its_words() -> None:
    sims = similarities(vec("my dog"), {m.id: vec(m.memory) for m in MEMORIES if m.id != 1})
    top = rank_relevant(MEMORIES, Query.of("my dog is sick"), similarity=sims)
    assert 1 in {m.id for m in top}


def test_vectors_round_trip_as_float32_bytes() -> None:
    vector = vec("Has a dog named Pixel.")
    blob = to_bytes(vector)
    assert len(blob) == 4 * vector.size
    back = from_bytes(blob, vector.size)
    assert back is not None and np.allclose(back, vector)
    assert from_bytes(blob, vector.size + 1) is None, "another model's size"
    assert from_bytes(blob[:-2]) is None, "truncated"
    assert from_bytes(None) is None and from_bytes(b"") is None
    assert from_bytes(to_bytes(np.zeros(8, dtype=np.float32))) is None, "a zero vector has no direction"
    assert from_bytes(np.array([np.nan, 1.0], dtype="<f4").tobytes()) is None


def test_similarities_skip_vectors_of_another_size() -> None:
    query = vec("dog")
    other = normalized([1.0, 0.0, 0.0])
    assert other is not None
    assert set(similarities(query, {1: vec("dog"), 2: other})) == {1}
    assert similarities(query, {}) == {}
    assert cosine(query, other) is None
    assert cosine(query, vec("dog")) == pytest.approx(1.0)
