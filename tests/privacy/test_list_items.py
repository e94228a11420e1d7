"""A word that is a whole item of a profile's list (utils/privacy/list_items.py): read as said of its member, as a
whole memory line is; a comma's or a slash's list, a word inside a longer item and a colour in a list are not."""

from __future__ import annotations

import pytest

from utils.privacy.categories import special_category
from utils.privacy.list_items import a_whole_item


def _item(line: str, word: str) -> bool:
    start = line.index(word)
    return a_whole_item(line, start, start + len(word))


def test_an_item_between_separators_or_at_the_edge_is_whole() -> None:
    assert _item("he/him | bi | 31 | Apex", "bi")
    assert _item("muslim; 24; Pune", "muslim")
    assert _item("24 · Pune · queer", "queer")


def test_a_word_inside_an_item_or_a_short_list_is_not() -> None:
    assert not _item("Pune | bi-weekly raids | 31", "bi")
    assert not _item("queer eye fan; 24", "queer")  # two items only
    assert not _item("Christian, Jo, Mika", "Christian")


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("she/her | lesbian | 22 | Valorant", "sexuality"),
        ("Catholic; teacher; 41", "religion"),
        ("Tory • 55 • golf", "politics"),
    ],
)
def test_a_listed_label_states_its_category(text: str, category: str) -> None:
    assert special_category(text) == category


def test_a_listed_colour_is_no_people_and_a_listed_game_role_is_nothing() -> None:
    assert special_category("Colours: red | black | gold") is None
    assert special_category("Healer | 27 | EU West") is None
