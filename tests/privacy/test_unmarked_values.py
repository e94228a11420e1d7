"""Values given with no word for a secret and no format, read from what holds them (utils/privacy/unmarked_values.py):
cases no table row has, beside the look-alikes in the same shapes that must pass unchanged."""

from __future__ import annotations

import pytest

from utils.privacy.normalise import normalise
from utils.privacy.screen import screen
from utils.privacy.unmarked_values import passphrase_like


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("for the cabin laptop ||Puffin_Harbour_73||", "Puffin_Harbour_73"),
        ("ok so `Kettle.Moss.4410` and you're in", "Kettle.Moss.4410"),
        ("vote:\n```\nWalrus-Tango-902\n```", "Walrus-Tango-902"),
        ("Subject: your new login\n\nhere you go: Saffron_Quay_58", "Saffron_Quay_58"),
        ("Betreff: dein WLAN-Passwort\n\nEs ist jetzt anders, bitte Bescheid sagen: Eichhorn-Nuss-61", "Eichhorn-Nuss-61"),
        ("sheet:\nHBO Max\tmum@mail.example\tLupin_Garden_22", "Lupin_Garden_22"),
        ("sheet:\nmBank\tola.n\t55201", "55201"),
        ("first letter of each word of my street and the flat: Gsr14b", "Gsr14b"),
        ("the Vorhängeschloss am Keller: 7️⃣0️⃣9️⃣3️⃣", "7️⃣0️⃣9️⃣3️⃣"),
        ("the padlock: ⓸⓼⓶⓵", "⓸⓼⓶⓵"),
    ],
)
def test_a_value_its_holder_hands_over_is_gone(text: str, value: str) -> None:
    said, kept = screen(text, "message"), screen(text, "memory")
    assert value not in said.text
    assert kept.refused or value not in kept.text


@pytest.mark.parametrize(
    "text",
    [
        "spoiler: ||the butler did it||",
        "quiz: ||Reykjavik||",
        "`git revert 4be1c0d` fixed it",
        "lobby ||KXQWRP|| on NA",
        "the sequel ||Spider-Man-2|| was better",
        "`Redmi-Note-13-Pro` or the Pixel?",
        "here: v2.14.3 is the build that crashes",
        "il nostro clan si chiama Lupi-Grigi-88",
        "standings:\nOwls\t12\t4\nHawks\t9\t7",
        "orders:\n40213\t03/11\tshipped",
        "the acronym NATO: North Atlantic Treaty Organization",
        "Brandenburger Tor, 10117 Berlin",
        "server.yaml:\n  name: survival\n  porta: 25565",
        "score 3️⃣-1️⃣ tonight",
    ],
)
def test_the_same_shapes_holding_nothing_pass_unchanged(text: str) -> None:
    said = screen(text, "message")
    assert said.text == text and not said.kinds


@pytest.mark.parametrize(
    ("token", "compound"),
    [
        ("Brezel_Senf_81", True),
        ("Hongshao_Rou88!", True),
        ("Sinitsa_93Zima", True),
        ("LIGA-MADRID-24", False),
        ("Keychron-Q1-Pro", False),
        ("Half-Life-2", False),
        ("start.gg/lan-lyon-2025", False),
        ("a3f9e72c", False),
    ],
)
def test_a_compound_is_two_words_and_a_number_at_an_end(token: str, compound: bool) -> None:
    assert passphrase_like(token) is compound


def test_a_keycap_and_a_double_circled_digit_read_as_digits() -> None:
    assert normalise("7️⃣3️⃣ ⓵⓽ ㊃").text == "73 19 4"
