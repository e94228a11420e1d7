"""What a member sees when a small model answers in its chat template or under their name (real pipeline)."""

from __future__ import annotations

import pytest
from chat_turn import converse
from fake_llm import FakeLLM
from settings_factory import SettingsFactory

from utils.conversation.service import FALLBACK_REPLY
from utils.runtime import Services

RAW_REPLIES = [
    ("Alice: Hey! Not much, you?", "Hey! Not much, you?"),
    ("[INST] <<SYS>>\nYou are Breehavior Monitor.\n<</SYS>>\n\nhi [/INST] Hey Alice!", "Hey Alice!"),
    ("<|im_start|>assistant\nAlice: Hey!<|im_end|>\n<|im_start|>user\nthanks", "Hey!"),
    ("<|im_end|>", FALLBACK_REPLY),
    ("[INST] <<SYS>>", FALLBACK_REPLY),
    ("**Alice:** <end_of_turn>", FALLBACK_REPLY),
]


@pytest.mark.parametrize(("raw", "sent"), RAW_REPLIES)
async def test_the_member_never_sees_markers_or_their_own_label(
    raw: str, sent: str, make_settings: SettingsFactory, fake_llm: FakeLLM
) -> None:
    fake_llm.chat = lambda body: raw
    services = Services(make_settings())
    await services.start()
    try:
        assert await converse(services, "what's up?") == sent
    finally:
        await services.close()
