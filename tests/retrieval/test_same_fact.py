"""When a new memory repeats an old one (refresh) and when it is a second fact (insert), in several languages."""

from __future__ import annotations

import pytest

from utils.memory.deduplication import PARAPHRASE_SIMILARITY, SAME_FACT_SIMILARITY, distinct_facts, near_duplicate

SAME = [
    ("Is grinding GTA to reach rank 500.", "Grinding GTA to reach rank 500."),
    ("Has a dog named Pixel.", "Owns a dog called Pixel."),
    ("Plays guitar every day.", "Plays the guitar daily."),
    ("Is allergic to peanuts.", "Has a peanut allergy."),
    ("Lives in Lyon.", "Lives in Lyon, France."),
    ("Works night shifts as a nurse.", "Is a nurse working night shifts."),
    ("Loves Elden Ring.", "loves elden ring"),
    ("Mains Mercy in Overwatch.", "Mains Mercy in Overwatch 2."),
    ("Joue de la guitare tous les jours.", "Joue de la guitare chaque jour."),
    ("Spielt jeden Tag Gitarre.", "Spielt täglich Gitarre."),
    ("Tiene un perro llamado Pixel.", "Tiene un perro, Pixel."),
    ("Adopted two rescue greyhounds.", "Adopted 2 rescue greyhounds recently."),
]
DIFFERENT = [
    ("Plays guitar every day.", "Plays piano every day."),
    ("Goes running every morning.", "Goes swimming every morning."),
    ("Works at the hospital.", "Works at the warehouse."),
    ("Has a dog named Pixel.", "Has a cat named Pixel."),
    ("Loves pizza.", "Hates pizza."),
    ("Lives in Lyon.", "Lives in Paris."),
    ("Is learning Japanese.", "Is learning Korean."),
    ("Mains Mercy in Overwatch.", "Mains Ana in Overwatch."),
    ("Joue de la guitare tous les jours.", "Joue du piano tous les jours."),
    ("Spielt jeden Tag Gitarre.", "Spielt jeden Tag Klavier."),
    ("Trabaja en el hospital.", "Trabaja en el almacén."),
    ("Has two kids.", "Has two cats."),
    ("Is saving up for a trip to Japan.", "Is saving up for a new PC."),
    ("Plays chess.", "Watches chess streams."),
]


@pytest.mark.parametrize(("a", "b"), SAME, ids=[a for a, _ in SAME])
def test_same_fact_refreshes(a: str, b: str) -> None:
    assert near_duplicate(a, b) and near_duplicate(b, a)


@pytest.mark.parametrize(("a", "b"), DIFFERENT, ids=[f"{a} / {b}" for a, b in DIFFERENT])
def test_distinct_facts_stay_two(a: str, b: str) -> None:
    assert distinct_facts(a, b)
    assert not near_duplicate(a, b) and not near_duplicate(b, a)


SWAPPED = DIFFERENT[:-2]
"""The pairs above where one word is swapped for one other."""


@pytest.mark.parametrize(("a", "b"), SWAPPED, ids=[f"{a} / {b}" for a, b in SWAPPED])
def test_one_word_swapped_stays_two_even_when_the_model_calls_them_identical(a: str, b: str) -> None:
    """Small embedding models score "guitar"/"piano" sentences 0.75–0.87: meaning never merges a swapped word."""
    assert not near_duplicate(a, b, similarity=0.97)


PARAPHRASES = [
    ("Has two kids.", "Is a parent of two children."),
    ("Is learning Japanese.", "Is studying Japanese at night school."),
    ("Hates mornings.", "Is not a morning person at all."),
]


@pytest.mark.parametrize(("a", "b"), PARAPHRASES, ids=[a for a, _ in PARAPHRASES])
def test_paraphrase_in_other_words_needs_the_model(a: str, b: str) -> None:
    assert not near_duplicate(a, b)
    assert near_duplicate(a, b, similarity=SAME_FACT_SIMILARITY)
    assert not near_duplicate(a, b, similarity=SAME_FACT_SIMILARITY - 0.05)


def test_added_detail_with_little_overlap_needs_the_model() -> None:
    short, long = "Lives in Lyon.", "Lives in Lyon with her partner, their two cats and a huge plant collection."
    assert not near_duplicate(short, long)
    assert near_duplicate(short, long, similarity=PARAPHRASE_SIMILARITY)
    assert not near_duplicate(short, long, similarity=PARAPHRASE_SIMILARITY - 0.1)


def test_sentences_without_content_words() -> None:
    assert near_duplicate("ok", "OK ")
    assert not near_duplicate("ok", "yes")
    assert not near_duplicate("", "Plays chess.")
