"""Replies that go on as another speaker or copy the memory block are cut where that starts."""

from __future__ import annotations

import pytest

from utils.conversation._asked_memory import asks_what_is_known
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
    ("alice: you said that?", "you said that?"),  # the member's own label opens it (SmolLM2 did in 63 of 64 replies)
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


MEMBER = ["Jordan", "Ivy", "Zoë", "山田", "dark_knight"]
LABELS = [
    # the member's own label, in the ways small models write it
    ("Jordan: Hey! Not much, you?", "Hey! Not much, you?"),
    ("Jordan:Hey!", "Hey!"),
    ("jordan: hey", "hey"),
    ("JORDAN: hey", "hey"),
    ("**Jordan:** Sounds fun!", "Sounds fun!"),
    ("**Jordan**: Sounds fun!", "Sounds fun!"),
    ("__Jordan__: Sounds fun!", "Sounds fun!"),
    ("*Jordan:* Sounds fun!", "Sounds fun!"),
    ("Jordan said: Sounds fun!", "Sounds fun!"),
    ("Jordan says: Sounds fun!", "Sounds fun!"),
    ("Jordan wrote: Sounds fun!", "Sounds fun!"),
    ("@Jordan: Sounds fun!", "Sounds fun!"),
    ("  Jordan :  spaced out", "spaced out"),
    ("> Jordan: quoted label", "quoted label"),
    ("Zoë: ça va ?", "ça va ?"),
    ("山田: こんにちは！", "こんにちは！"),
    ("dark_knight: gg wp", "gg wp"),
    ("Jordan: Jordan: doubled", "doubled"),
    ("Bot: Jordan: both", "both"),
    # the member's line written again, then the bot's own
    ("Jordan: what's up?\nBot: Not much, just vibing!", "Not much, just vibing!"),
    ("Jordan: what's up?\nBreehavior Monitor: Not much!", "Not much!"),
    ("Jordan: what's up?\n**Assistant:** Not much!", "Not much!"),
    # the bot's own name
    ("Breehavior Monitor: Welcome back!", "Welcome back!"),
    ("Breehavior: Welcome back!", "Welcome back!"),
    ("**Breehavior Monitor:** Welcome back!", "Welcome back!"),
    ("Assistant said: Welcome back!", "Welcome back!"),
    ("Model: sure", "sure"),
    # look-alikes that stay
    ("Jordanian food is great: try mansaf", "Jordanian food is great: try mansaf"),
    ("Ivy League schools: Harvard, Yale", "Ivy League schools: Harvard, Yale"),
    ("Note: Jordan is on the team", "Note: Jordan is on the team"),
    ("Tip: press F to pay respects", "Tip: press F to pay respects"),
    ("Score: 3-1 for Jordan", "Score: 3-1 for Jordan"),
    ("10:30 works for me", "10:30 works for me"),
    ("Jordan, you said: bring snacks", "Jordan, you said: bring snacks"),
    ("Haha Jordan: classic", "Haha Jordan: classic"),
]
MARKERS = [
    # Llama-2 format written by a model trained on another one (every Gemma 3 270M reply)
    ("[INST] <<SYS>>\nYou are Breehavior Monitor.\n<</SYS>>\n\nhi [/INST] Hey Jordan!", "Hey Jordan!"),
    ("[INST] <<SYS>> Hello there!", "Hello there!"),
    ("[INST] Hello there!", "Hello there!"),
    ("<<SYS>> rules <</SYS>> Hello there!", "Hello there!"),
    ("Hello there! [INST] and what about you? [/INST]", "Hello there!"),
    ("Hello there! [/INST]", "Hello there!"),
    ("Hello there!</s>", "Hello there!"),
    ("<s>[INST] hi [/INST] Hello there!</s>", "Hello there!"),
    # ChatML (SmolLM2, Qwen)
    ("<|im_start|>assistant\nHello there!<|im_end|>", "Hello there!"),
    ("Hello there!<|im_end|>\n<|im_start|>user\nthanks", "Hello there!"),
    ("<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\nHello there!", "Hello there!"),
    ("<|im_start|>assistant: Hello there!", "Hello there!"),
    ("Hello there! <|endoftext|>", "Hello there!"),
    # Gemma
    ("<start_of_turn>model\nHello there!<end_of_turn>", "Hello there!"),
    ("Hello there!<end_of_turn>\n<start_of_turn>user\nmore", "Hello there!"),
    ("<bos><start_of_turn>model Hello there!", "Hello there!"),
    # Llama 3
    ("<|start_header_id|>assistant<|end_header_id|>\n\nHello there!<|eot_id|>", "Hello there!"),
    ("Hello there!<|eot_id|><|start_header_id|>user<|end_header_id|>", "Hello there!"),
    ("<|begin_of_text|>Hello there!", "Hello there!"),
    # Phi / Zephyr / Alpaca
    ("<|assistant|>\nHello there!<|end|>", "Hello there!"),
    ("Hello there!<|end|><|user|>next", "Hello there!"),
    ("### Response:\nHello there!", "Hello there!"),
    ("### Response: Hello there!\n### Instruction: say more", "Hello there!"),
    ("### Assistant: Hello there!", "Hello there!"),
    ("Hello there! <|reserved_special_token_3|>", "Hello there!"),
    # markers, then a label
    ("<|im_start|>assistant\nJordan: Hello there!<|im_end|>", "Hello there!"),
    ("[INST] <<SYS>>\nBreehavior Monitor: Hello there!", "Hello there!"),
    # nothing but markers: empty, so the caller sends its fallback
    ("<|im_end|>", ""),
    ("[INST] <<SYS>>", ""),
    ("[INST] <<SYS>> <</SYS>> [/INST]", ""),
    ("<start_of_turn>model\n<end_of_turn>", ""),
    ("<|eot_id|><|eot_id|>", ""),
    ("<|im_start|>user\nhi", ""),
    ("Jordan:", ""),
    ("**Jordan:** <|im_end|>", ""),
    # markdown a member asked for stays
    ("### Steps\n1. open\n2. close", "### Steps\n1. open\n2. close"),
    ("Use `<s>` for strike-through in old HTML", "Use `<s>` for strike-through in old HTML"),
    ("Llama 2 wraps turns like `[INST] hi [/INST]`.", "Llama 2 wraps turns like `[INST] hi [/INST]`."),
    (
        "ChatML:\n```\n<|im_start|>user\nhi<|im_end|>\n```\nThat's it.",
        "ChatML:\n```\n<|im_start|>user\nhi<|im_end|>\n```\nThat's it.",
    ),
    ("ChatML:\n```\n<|im_start|>user\n```\nDone.<|im_end|>junk", "ChatML:\n```\n<|im_start|>user\n```\nDone."),
]


@pytest.mark.parametrize(("raw", "sent"), LABELS)
def test_labels_of_the_member_and_the_bot_are_taken_off(raw: str, sent: str) -> None:
    assert trim_reply(raw, MEMBER) == sent


@pytest.mark.parametrize(("raw", "sent"), MARKERS)
def test_prompt_format_markers_are_cut(raw: str, sent: str) -> None:
    assert trim_reply(raw, MEMBER) == sent


QUOTED_NOTES = (
    'Here is what I have on you:\nProfile: "Plays chess every evening; learning the guitar."\n'
    '- Recent: "Has a cat called Miso" (2 days ago)'
)
NOTES_ASKED = [
    # (the member's message, the model's reply, what is sent)
    ("What do you know about me?", QUOTED_NOTES, QUOTED_NOTES),
    ("what do u remember about me", QUOTED_NOTES, QUOTED_NOTES),
    ("Tell me what you know about me", 'Profile: "Speaks Dutch."', 'Profile: "Speaks Dutch."'),
    (
        "what did you learn about me?",
        'Sure!\n- Relevant: "Mains Mercy in Overwatch"',
        'Sure!\n- Relevant: "Mains Mercy in Overwatch"',
    ),
    ("Was weißt du über mich?", 'Profil:\nProfile: "Spielt Schach."', 'Profil:\nProfile: "Spielt Schach."'),
    ("¿Qué sabes de mí?", 'Esto:\n- Recent: "Juega al ajedrez"', 'Esto:\n- Recent: "Juega al ajedrez"'),
    # asked, but the heading, the block's first line and other speakers are still cut
    ("What do you know about me?", 'Here:\n[What you know about this person:]\nProfile: "nurse"', "Here:"),
    ("What do you know about me?", 'Profile: "nurse"\nJordan: and you?', 'Profile: "nurse"'),
    # not asked: the guard against small models copying the block stays
    ("what do you know about chess?", QUOTED_NOTES, "Here is what I have on you:"),
    ("what do you think about me?", QUOTED_NOTES, "Here is what I have on you:"),
    ("hi!", 'Hey Jordan!\nProfile: "Plays chess every evening."', "Hey Jordan!"),
    ("gg", '- Recent: "Has a cat called Miso" (2 days ago)', ""),
]


@pytest.mark.parametrize(("message", "raw", "sent"), NOTES_ASKED)
def test_quoted_notes_are_kept_when_the_member_asked_what_the_bot_knows(message: str, raw: str, sent: str) -> None:
    assert trim_reply(raw, MEMBER, memory_asked_for=asks_what_is_known(message)) == sent


@pytest.mark.parametrize(
    ("message", "asks"),
    [
        ("What do you know about me?", True),
        ("what do you remember about me", True),
        ("What have you got on me?", True),
        ("whats in my profile", True),
        ("show me my notes", True),
        ("do you remember anything about me?", True),
        ("what info do you have on me", True),
        ("Que sais-tu de moi ?", True),
        ("Wat weet je over mij?", True),
        ("what do you know about chess?", False),
        ("what do you know about Bob?", False),
        ("I know what you did last summer", False),
        ("you know me well", False),
        ("what do you think about me?", False),
        ("what do you know about this person", False),
        ("me and you know each other", False),
    ],
)
def test_which_messages_ask_what_the_bot_knows(message: str, asks: bool) -> None:
    assert asks_what_is_known(message) is asks
