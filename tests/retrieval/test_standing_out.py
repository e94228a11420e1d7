"""Meaning alone admits a memory only when its cosine stands out from the member's other memories.

Hand-made cosines, shaped like all-MiniLM-L6-v2's: an English-only model puts any two
sentences of one other language at 0.4–0.7 (all over the 0.3 floor), so for a member who
writes French every memory looks "close" to every message; a memory that is really about
the message stands out from the others, in any language.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from utils.memory.ranking import MIN_OTHERS, SIMILARITY_FLOOR, Query, fused_scores, lexical_scores, rank_relevant, standout_bar
from utils.storage.records import MemoryRecord

NOW = datetime(2026, 1, 1, tzinfo=UTC)
FRENCH_MEMBER = [
    "Joue de la guitare tous les jours.", "A un chien qui s'appelle Pixel.", "Travaille de nuit comme infirmière.",
    "Apprend le japonais.", "Collectionne les vieux vinyles.", "Habite à Lyon depuis mars.", "Conduit une vieille Clio.",
    "Est allergique aux arachides.", "A deux enfants.", "Économise pour un voyage au Japon.",
]  # fmt: skip
MINILM_ON_FRENCH = [0.62, 0.55, 0.48, 0.51, 0.58, 0.45, 0.53, 0.60, 0.49, 0.66]
"""An unrelated French message against those memories, as MiniLM scores it: everything alike, nothing stands out."""


def mem(i: int, text: str, days_ago: float = 10) -> MemoryRecord:
    return MemoryRecord(i, 42, text, (), "medium", NOW + timedelta(days=30), "chat", NOW - timedelta(days=days_ago))


def notes(message: str, texts: list[str], cosines: list[float], **options: object) -> list[str]:
    memories = [mem(i, text, days_ago=len(texts) - i) for i, text in enumerate(texts)]
    sims = {m.id: c for m, c in zip(memories, cosines, strict=True)}
    return [m.memory for m in rank_relevant(memories, Query.of(message), similarity=sims, **options)]  # type: ignore[arg-type]


def floor_alone(message: str, texts: list[str], cosines: list[float]) -> list[str]:
    """What the same scores would admit if nothing had to stand out (the floor alone judging): the rule's counterfactual."""
    memories = [mem(i, text, days_ago=len(texts) - i) for i, text in enumerate(texts)]
    scores = fused_scores(lexical_scores(memories, Query.of(message)), cosines, stands_out=lambda cosine: True)
    return [m.memory for m, score in zip(memories, scores, strict=True) if score is not None]


def test_all_alike_over_the_floor_none_admitted() -> None:
    assert min(MINILM_ON_FRENCH) >= SIMILARITY_FLOOR, "the floor alone would admit every one of them"
    assert floor_alone("il fait trop chaud", FRENCH_MEMBER, MINILM_ON_FRENCH) != []
    assert notes("il fait trop chaud", FRENCH_MEMBER, MINILM_ON_FRENCH) == []


def test_where_the_model_finds_everything_alike_even_a_high_cosine_admits_nothing() -> None:
    """The member's typical memory over the floor: this model cannot tell their texts apart, so words only."""
    cosines = [*MINILM_ON_FRENCH[:-1], 0.86]
    assert notes("mon toutou est malade", FRENCH_MEMBER, cosines) == []
    assert floor_alone("mon toutou est malade", FRENCH_MEMBER, cosines) != []


ENGLISH_MEMBER = ["Plays guitar every day.", "Works night shifts.", "Has two kids.", "Collects vinyl.", "Runs.", "Has a dog."]


def test_a_memory_that_stands_out_is_admitted() -> None:
    assert notes("how's my pup", ENGLISH_MEMBER, [0.05, 0.12, 0.10, 0.02, 0.08, 0.41]) == ["Has a dog."]


def test_over_the_floor_but_not_standing_out_is_not_admitted() -> None:
    """Typical memories well under the floor, yet the best one barely above the rest (a wide spread): not admitted."""
    cosines = [0.31, 0.29, 0.02, 0.25, 0.0, 0.05]
    assert notes("lol same", ENGLISH_MEMBER, cosines) == []
    assert floor_alone("lol same", ENGLISH_MEMBER, cosines) == ["Plays guitar every day."]


def test_shared_words_admit_whatever_stands_out() -> None:
    found = notes("ma guitare est cassée", FRENCH_MEMBER, MINILM_ON_FRENCH)
    assert found == ["Joue de la guitare tous les jours."]


@pytest.mark.parametrize("others", range(MIN_OTHERS))
def test_too_few_others_to_judge_meaning_alone_admits_nothing(others: int) -> None:
    """Fail closed: with one to MIN_OTHERS memories nothing can be said to stand out, so only words admit."""
    texts = ["Has a dog.", *(f"Filler number {i}." for i in range(others))]
    cosines = [0.9, *([0.0] * others)]
    assert notes("how's my pup", texts, cosines) == []
    assert notes("my dog is sick", texts, cosines) == ["Has a dog."]
    assert not standout_bar(cosines)(0.9)


def test_the_newest_memories_count_as_others() -> None:
    """The bot ranks only memories older than the newest five; their cosines still say what stands out."""
    texts = ["Has a dog.", "Plays guitar.", *(f"Recent thing number {i} about pasta." for i in range(5))]
    memories = [mem(i, text) for i, text in enumerate(texts)]
    sims = {i: c for i, c in enumerate([0.45, 0.05, 0.1, 0.02, 0.08, 0.04, 0.06])}
    recent = frozenset(range(2, 7))
    found = rank_relevant(memories, Query.of("how's my pup"), exclude_ids=recent, similarity=sims)
    assert [m.memory for m in found] == ["Has a dog."]
    older_only = {i: sims[i] for i in (0, 1)}
    assert rank_relevant(memories, Query.of("how's my pup"), exclude_ids=recent, similarity=older_only) == []


def test_identical_cosines_do_not_make_a_hair_stand_out() -> None:
    bar = standout_bar([0.5] * 8 + [0.51])
    assert not bar(0.51)
    floor_only = fused_scores([0.0] * 9, [0.5] * 8 + [0.51], stands_out=lambda cosine: True)
    assert floor_only[-1] is not None, "the floor alone would admit it: the rule is what keeps it out"


def test_fused_scores_judge_among_their_own_cosines_by_default() -> None:
    lexical = [0.0] * 10
    assert fused_scores(lexical, MINILM_ON_FRENCH) == [None] * 10
    assert fused_scores(lexical, MINILM_ON_FRENCH, stands_out=lambda cosine: True) != [None] * 10
