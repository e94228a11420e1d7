"""Cases beside the layer tables (tests/privacy/test_disguised_and_split_tables.py) for the readings they led to: a
value asked for or labelled with what it opens, a security question's answer, and digits and letters drawn in
enclosed, parenthesized, dingbat or Roman-numeral forms; the look-alikes of each must pass unchanged."""

from __future__ import annotations

import pytest

from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Screened, Seen, screen

SPLIT = [
    (["wifi?", "BlueMoon-44"], "BlueMoon-44"),
    (["¿la clave del wifi?", "es CasaAzul_55"], "CasaAzul_55"),
    (["и пароль от вайфая?", "Medved_2024"], "Medved_2024"),
    (["alarm code?", "oh it's 6 2 9 1"], "6 2 9 1"),
    (["hey whats the wifi here", "ok", "Kaffee_Haus42"], "Kaffee_Haus42"),
    (["BlueMoon-44", "wifi"], "BlueMoon-44"),
    (["Kx8-tundra-44", "the wifi one"], "Kx8-tundra-44"),
    (["Sunday2024", "for the netflix"], "Sunday2024"),
    (["security question:", "first car was a Fiat Panda"], "Fiat Panda"),
    (["Sicherheitsfrage", "Name der ersten Schule: Goetheschule"], "Goetheschule"),
    (["my password is puzzle-4249mushroom", "*Puzzle-4249mushroom caps lock was on"], "Puzzle-4249mushroom"),
    (["new one: Kettle-Harbor-91", "is that strong enough?"], "Kettle-Harbor-91"),
    (["vault pass is three words:", "wobbly kumquat", "zeppelin"], "zeppelin"),
    (["vault pass is three words:", "wobbly kumquat", "zeppelin"], "wobbly kumquat"),
    (["Hälfte eins: Bergsee", "Hälfte zwei: Forelle_18"], "Bergsee"),
    (["first half: Kx8tun", "second half: dra44"], "Kx8tun"),
    (["mot de passe en deux parties :", "Soleil", "Levant_77"], "Soleil"),
    (["quick q is Brain-739alter strong enough", "thats for my bank app"], "Brain-739alter"),
]
ORDINARY = [
    ["what's the wifi name?", "BlueMoon-5G"],
    ["which router do you have?", "TP-Link Archer AX55"],
    ["door open?", "yes 5 min ago"],
    ["what gate are we at?", "B12"],
    ["is the wifi working?", "yeah, speed test 940mbps"],
    ["how's the new door?", "Solid oak, cost 1200"],
    ["what netflix show?", "Stranger Things S04"],
    ["gg", "4471"],
    ["1080p", "the door was stuck again"],
    ["Dust2", "for the gate event, 5v5"],
    ["2004", "for the garage sale"],
    ["security question", "why do they even ask those?"],
    ["security questions are dumb", "agreed lol"],
    ["what was the wifi password", "https://example.org/wifi-help"],
    ["Part 1: intro", "Part 2: setup"],
    ["first half: 2-1", "second half: 3-0"],
    ["my password has three words", "lol", "kinda long"],
    ["gg Dust2 later", "oops wrong chat"],
    ["is my i7-12700K strong enough?", "for cyberpunk"],
]
STYLED = [
    ("password: ⒮⒰⒩⒮⒣⒤⒩⒠77", "⒮⒰⒩⒮⒣⒤⒩⒠77"),
    ("pin ➍➑➋➐", "➍➑➋➐"),
    ("pin ❼❶❸❷", "❼❶❸❷"),
    ("pin is Ⅳ Ⅷ Ⅱ Ⅶ", "Ⅳ Ⅷ Ⅱ Ⅶ"),
    ("pin: ⑷⑻⑵⑺", "⑷⑻⑵⑺"),
]
STYLED_LOOKALIKES = ["Final Fantasy Ⅶ Remake, Ⅱ and Ⅳ too", "step ➊ open the menu, step ➋ pick a map", "⒜ yes ⒝ no"]


def _copies(messages: list[str]) -> tuple[list[str], list[str], bool]:
    window, texts, found = ConversationScreen(), [], []
    for message in messages:
        joint = window.take(7, 100, message)
        texts.append(joint.said.text)
        found += joint.found.values
    seen = Seen([Screened("", False, (), tuple(found))])
    return texts, [seen.scrub(text) for text in texts], bool(found)


@pytest.mark.parametrize(("messages", "value"), SPLIT)
def test_a_value_asked_for_or_labelled_is_screened_out_of_every_copy(messages: list[str], value: str) -> None:
    _texts, copies, _found = _copies(messages)
    assert all(value.casefold() not in copy.casefold() for copy in copies), copies


@pytest.mark.parametrize("messages", ORDINARY)
def test_an_ordinary_question_and_answer_pass_unchanged(messages: list[str]) -> None:
    texts, _scrubbed, found = _copies(messages)
    assert texts == messages
    assert not found


@pytest.mark.parametrize(("text", "value"), STYLED)
def test_enclosed_and_numeral_characters_read_as_their_digits_and_letters(text: str, value: str) -> None:
    assert value not in screen(text, "message").text
    assert screen(text, "memory").refused


@pytest.mark.parametrize("text", STYLED_LOOKALIKES)
def test_the_same_characters_in_ordinary_lines_pass(text: str) -> None:
    assert screen(text, "message").text == text
