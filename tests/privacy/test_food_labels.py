"""A dietary law's or an observance's word as the label of food on sale (data/special_categories.json
``said_of_a_shop``): "halal meat for the bbq", "the Ramadan night market", "the iftar buffet" say what is sold, not what
anyone believes; after an eating verb or "only" ("eats only halal meat") the word is the member's practice."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    "line",
    [
        "buying halal meat for the bbq",
        "User enjoys halal street food",
        "Likes the Ramadan night market food",
        "the iftar buffet at the hotel was huge",
        "the kebab place near uni has halal options",
        "the halal cart on 53rd & 6th still does the best chicken over rice",
    ],
)
def test_food_labelled_by_the_word_is_kept(line: str) -> None:
    memory = screen(line, "memory")
    assert not memory.refused
    assert memory.text == line


@pytest.mark.parametrize(
    "line",
    [
        "Only eats halal meat",
        "Eats halal food only",
        "Only eats halal chicken",
        "Keeps kosher and only eats kosher meat",
        "mange uniquement de la viande halal",
        "solo come carne halal",
        "Is Muslim and buys halal meat",
    ],
)
def test_the_word_after_an_eating_verb_or_beside_a_faith_is_refused(line: str) -> None:
    assert screen(line, "memory").refused
