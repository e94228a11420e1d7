"""A word of Cyrillic or Greek letters that Latin ones look like is read as Latin only where it disguises a Latin word:
in a line written in its own script it is a word of that script.

Russian, Ukrainian, Bulgarian and Serbian prepositions and conjunctions of one letter ("В", "у", "а", "с", "К"), Greek
articles and pronouns ("ο", "Η", "Το", "του") and short words made of look-alikes only ("Ох", "сор", "και") are common
at a sentence's start; read as Latin ("B пятницу", "o Νίκος", "μη tou δανείσεις") they hid the phrases written in
their script from every reader. A word mixing look-alikes with Latin letters is a disguise in any line.
"""

from __future__ import annotations

import pytest

from utils.privacy.normalise import normalise
from utils.privacy.screen import screen

NATIVE = [
    "В пятницу мой пароль поменяли",
    "А я забыл, что было",
    "у меня новый код от домофона",
    "С днём рождения, Маша!",
    "К сожалению, не смогу",
    "О чём ты говоришь?",
    "Ох, опять сервер упал",
    "У понеділок зустрінемося",
    "В София е студено",
    "У Београду смо",
    "Ο Νίκος έπαιξε χθες",
    "Η Μαρία και ο Κώστας",
    "Το παιχνίδι κόλλησε πάλι",
    "μη του το πεις",
    "Οκ, τα λέμε αύριο",
]

DISGUISED = [
    ("раѕѕwоrd: hunter2", "password: hunter2"),
    ("раѕѕ: hunter2", "pass: hunter2"),
    ("my РIN is 4471", "my PIN is 4471"),
    ("мой раѕѕwоrd: x", "мой password: x"),
    ("Το ΡΙΝ μου: 4471, κωδικός", "Το ΡΙΝ μου: 4471, κωδικός"),  # a word of look-alikes alone in a Greek line stays Greek
]


@pytest.mark.parametrize("text", NATIVE)
def test_a_line_in_its_own_script_keeps_its_words(text: str) -> None:
    assert normalise(text).text == text


@pytest.mark.parametrize(("text", "matching"), DISGUISED)
def test_a_disguise_mixing_the_scripts_is_read_as_latin(text: str, matching: str) -> None:
    assert normalise(text).text == matching


def test_a_line_of_look_alike_letters_alone_is_read_as_latin() -> None:
    """No letter of the line says its script: read as the disguise it may be (a Greek "Αν και Α" goes Latin too)."""
    assert normalise("Αν και Α και Β").text == "Av kai A kai B"


@pytest.mark.parametrize(
    "text",
    [
        "Тарас украл деньги у брата",  # a name of look-alike letters only ("Tapac" when read as Latin)
        "В пятницу пароль от вайфая: Kotik_2024",
        "У меня пароль qwerty_Лиса88",
    ],
)
def test_what_such_lines_say_is_still_read(text: str) -> None:
    assert screen(text, "memory").refused
