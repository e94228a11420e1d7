"""Precision with meaning on: a memory unrelated to the message never reaches the notes, in any language.

Each case is a chat message and a member's memories that have nothing to do with it.
Cosines come from the fake server's hashed-word vectors (`hashed_embedding`): unrelated
texts sit near 0, and a shared function word ("de", "la", "the") lifts them a little,
as a real model's unrelated pairs sit at 0.0–0.2 (MiniLM, `python -m bench --only recall`).
Nothing in these messages shares a content word or a topic with the memories, so only the
similarity floor stands between them and the prompt: `test_the_table_needs_the_floor`
proves the table fails when the floor is taken away.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from breehavior.memory.retrieval import SIMILARITY_FLOOR, Query, rank_relevant
from breehavior.memory.semantic import normalized, similarities
from breehavior.storage.records import MemoryRecord
from breehavior.testing.fake_llm import hashed_embedding

NOW = datetime(2026, 1, 1, tzinfo=UTC)

CASES: list[tuple[str, tuple[str, ...]]] = [
    # English
    (
        "finally beat the Baldurs Gate boss that was killing me!!",
        ("Adopted two rescue greyhounds.", "Works night shifts as a nurse."),
    ),
    ("last night I went bowling", ("Cried at the ending of TLOU.", "Is allergic to peanuts.")),
    ("what should I cook tonight?", ("Was heated in an argument about politics.", "Plays guitar every day.")),
    ("how's the weather where you are", ("Has a dog named Pixel.", "Is learning Japanese.")),
    ("lol same", ("Has a dog named Pixel.", "Has two kids.", "Drives an old Honda Civic.")),
    ("what do you think about crypto", ("Has two kids.", "Is saving up for a trip to Japan.")),
    ("i'm so tired today", ("Is saving up for a trip to Japan.", "Collects vinyl records.")),
    ("ugh my car broke down again", ("Is allergic to peanuts.", "Paints watercolour landscapes.")),
    ("any good movies lately?", ("Plays guitar every day.", "Runs marathons.")),
    ("brb", ("Works at the library downtown.", "Has a cat called Miso.")),
    ("the 2023 season was wild", ("Moved to Lyon in March.", "Speaks three languages.")),
    ("@everyone gm", ("Is vegan since 2019.", "Studies mechanical engineering.")),
    # French
    ("il fait trop chaud aujourd'hui", ("Joue de la guitare tous les jours.", "A un chien qui s'appelle Pixel.")),
    ("la recette de ma grand-mère est la meilleure", ("Travaille de nuit comme infirmière.", "Apprend le japonais.")),
    # German
    ("das Wetter ist heute schrecklich", ("Spielt jeden Tag Gitarre.", "Hat eine Katze namens Miso.")),
    ("ich habe die Prüfung bestanden", ("Ist allergisch gegen Erdnüsse.", "Fährt einen alten Golf.")),
    # Spanish
    ("qué película me recomiendas para esta noche", ("Tiene dos hijos.", "Trabaja en un hospital de noche.")),
    ("el partido de ayer fue increíble", ("Aprende japonés con una aplicación.", "Tiene un perro llamado Pixel.")),
    # Italian
    ("oggi piove a dirotto", ("Suona la chitarra ogni giorno.", "Lavora in una panetteria.")),
    ("la pizza di ieri era buonissima", ("Ha due gatti e un criceto.", "Studia ingegneria a Milano.")),
    # Portuguese
    ("o jogo de ontem foi incrível", ("Tem um cachorro chamado Pixel.", "Trabalha como enfermeira.")),
    ("estou com muito sono hoje", ("Coleciona discos de vinil.", "Mora em Lisboa.")),
    # Other scripts and odd formats
    ("今日はとても暑いですね", ("Is learning Japanese.", "Has a dog named Pixel.")),
    ("сегодня очень холодно", ("Plays guitar every day.", "Works night shifts as a nurse.")),
    ("🎉🎉🎉 lets gooo", ("Is allergic to peanuts.", "Has two kids.")),
    ("https://example.com/watch?v=abc123", ("Drives an old Honda Civic.", "Collects vinyl records.")),
]
"""(message, memories): nothing in common but, at most, function words."""


def _records(texts: tuple[str, ...]) -> list[MemoryRecord]:
    return [
        MemoryRecord(i, 7, text, (), "medium", NOW + timedelta(days=30), "chat", NOW - timedelta(days=i + 1))
        for i, text in enumerate(texts, start=1)
    ]


def _notes(message: str, texts: tuple[str, ...], floor: float) -> list[str]:
    memories = _records(texts)
    query = normalized(hashed_embedding(message))
    assert query is not None
    vectors = {m.id: v for m in memories if (v := normalized(hashed_embedding(m.memory))) is not None}
    sims = similarities(query, vectors)
    return [m.memory for m in rank_relevant(memories, Query.of(message), similarity=sims, floor=floor)]


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
    assert _notes(message, memories, floor=-1.01) != []
