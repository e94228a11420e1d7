"""Readings of a conversation that need no fixed word order: a kind named anywhere after a lone value, a code that
opens a message with words after it, and a seed phrase pasted over several messages.

Phrasings are what members write in chat in many languages (support chats, game forums, family group
chats); the ordinary exchanges beside them share their words and shapes and must pass unchanged.
"""

from __future__ import annotations

import pytest

from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Seen

# (lone value, the message after it, the value): the later message names what the value was, in any word order.
NAMED_AFTER_A_LONE_VALUE = [
    ("Tulpe_4471", "sorry – falscher Chat, war meine PIN vom Handy", "Tulpe_4471"),
    ("7 3 0 2", "iyan ang PIN ko sa bangko, burahin mo", "7 3 0 2"),
    ("5831", "ile ni namba ya siri ya benki, ifute", "5831"),
    ("Koala!Beach8", "oops, se oli sähköpostin salasana", "Koala!Beach8"),
    ("2264", "↑ 은행 비번임 ㅠ", "2264"),
    ("Pomarańcza77", "to moje hasło do poczty, usuń", "Pomarańcza77"),
    ("Sakura_0412", "ups — ez a jelszavam volt", "Sakura_0412"),
    ("9173", "el PIN de la tarjeta, bórralo porfa", "9173"),
    ("Volga-Sever9", "это мой пароль от почты, удали", "Volga-Sever9"),
    ("`Mistral#62`", "WLAN-Passwort von Oma, nicht weitersagen", "Mistral#62"),
]

# (a message naming a kind, a code opening the next message with words after it, the code)
CODE_THEN_WORDS = [
    ("the shed padlock pin", "4 9 1 7 then pull down", "4 9 1 7"),
    ("die PIN fürs Fahrradschloss kommt", "3308 und dann drücken", "3308"),
    ("le code de la porte", "5 2 8 0 puis la touche verte", "5 2 8 0"),
    ("my debit card pin", "6620 dont share", "6620"),
]

# Messages of one member, each holding a share of one phrase (BIP-39 words; English and Spanish lists).
SEED_OVER_MESSAGES = [
    ("restore words part 1: ripple canvas dizzy orbit", "lunar wagon basket yellow", "thumb gospel vivid crater"),
    ("lágrima diablo puerta untar", "botín ahogo trueno lupa", "junio gato tumba uva"),
]

ORDINARY = [
    ("2024", "our password policy changed this year"),
    ("GG", "what's a good pin for a new card?"),
    ("Hades", "my password manager crashed lol"),
    ("the lobby code", "7 players then we start"),
    ("how many kills did you get", "4 5 6 7 over four rounds"),
    ("1080p", "tbh the wifi is slow"),
    ("I love this song", "the music video is great", "the guitar solo at the end too"),
    ("we should play again", "the old castle map was fun", "bring snacks and water"),
]


def _said(messages: tuple[str, ...] | list[str]) -> tuple[list[str], Seen]:
    window, texts, found = ConversationScreen(), [], Seen()
    for message in messages:
        joint = window.take(7, 100, message)
        texts.append(joint.said.text)
        found.add(joint.found)
    return texts, found


@pytest.mark.parametrize(("given", "named", "value"), NAMED_AFTER_A_LONE_VALUE)
def test_a_kind_named_in_any_word_order_after_a_lone_value_reveals_it(given: str, named: str, value: str) -> None:
    texts, found = _said([given, named])
    assert value not in found.scrub(texts[0])  # the screen may take it alone by its shape ("Mistral#62")
    assert texts[1] == named


@pytest.mark.parametrize(("announced", "given", "value"), CODE_THEN_WORDS)
def test_a_code_opening_a_message_after_its_kind_is_screened(announced: str, given: str, value: str) -> None:
    texts, _found = _said([announced, given])
    assert value not in texts[1]
    assert "[redacted:" in texts[1]


@pytest.mark.parametrize("messages", SEED_OVER_MESSAGES)
def test_a_seed_phrase_pasted_over_messages_leaves_every_message(messages: tuple[str, ...]) -> None:
    texts, found = _said(messages)
    for message, text in zip(messages, texts, strict=True):
        share = " ".join(message.split()[-4:])
        assert share not in found.scrub(text), message


@pytest.mark.parametrize("messages", ORDINARY)
def test_an_ordinary_exchange_passes_unchanged(messages: tuple[str, ...]) -> None:
    texts, found = _said(messages)
    assert texts == list(messages)
    assert not found
