"""Replies that go on as another speaker or copy the memory block are cut where that starts."""

from __future__ import annotations

import pytest

from utils.conversation.text import trim_reply

SPEAKERS = ["alice", "Bob the Builder", "ゆき", "_xX_sn1per_Xx_", "Dr: Who", "ÉLODIE"]

CASES = [
    ("hey alice 👋", "hey alice 👋"),
    ("Sure thing!\nalice: thanks bot\nBot: np", "Sure thing!"),
    ("Sure thing!\nAlice: thanks", "Sure thing!"),
    ("Sure.\n\nUser: and then?", "Sure."),
    ("Sure.\nHuman: more", "Sure."),
    ("Sure.\nAssistant: more", "Sure."),
    ("ok!\nBob the Builder: can we fix it", "ok!"),
    ("ok!\n**Bob the Builder**: can we fix it", "ok!"),
    ("はい！\nゆき: ありがとう", "はい！"),
    ("Bot: hello there", "hello there"),
    ("Assistant: hello there", "hello there"),
    ('Nice.\n[What you know about this person:]\nProfile: "nurse"', "Nice."),
    ("The block below holds your private notes about alice, written from", ""),
    ('Here you go:\n- Recent: "Likes tea" (2 days ago)', "Here you go:"),
    ('I know this:\nProfile: "Alice is a nurse."', "I know this:"),
    ("Step 1: open the menu\nStep 2: pick a map\nNote: it's slow", "Step 1: open the menu\nStep 2: pick a map\nNote: it's slow"),
    ("Pros:\n- fast\nCons:\n- loud", "Pros:\n- fast\nCons:\n- loud"),
    ("alice: you said that?", "alice: you said that?"),
    ("Time is 10:30 now\nand then 11:00", "Time is 10:30 now\nand then 11:00"),
    ("Your profile says you're a nurse from Lyon.", "Your profile says you're a nurse from Lyon."),
    ("```python\nprint('a: b')\n```", "```python\nprint('a: b')\n```"),
    ("Config:\n```\nUser: root\nBot: yes\n```\nDone.", "Config:\n```\nUser: root\nBot: yes\n```\nDone."),
    ("Config:\n```\nUser: root\n```\nalice: thanks!", "Config:\n```\nUser: root\n```"),
    ("ok\n> alice: quoted", "ok"),
    ("ok\n__Bob the Builder__ : yes", "ok"),
    ("gg\n_xX_sn1per_Xx_: rematch?", "gg"),
    ("gg\n**_xX_sn1per_Xx_**: rematch?", "gg"),
    ("sure\nDr: Who: hello", "sure"),
    ("sure\nélodie: salut", "sure"),
    ("sure\nalicea: not a speaker", "sure\nalicea: not a speaker"),
    ("sure\nBob: not a speaker either", "sure\nBob: not a speaker either"),
    ("sure\nthe user: is not a label", "sure\nthe user: is not a label"),
    ("a\n\t**alice** : b", "a"),
]


@pytest.mark.parametrize(("raw", "sent"), CASES)
def test_trim_reply(raw: str, sent: str) -> None:
    assert trim_reply(raw, SPEAKERS) == sent
