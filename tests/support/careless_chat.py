"""The privacy tables said in the terminal chat: each case by its own member, then everything the bot kept.

Shared by the end-to-end tables and the layer tables that measure a whole conversation (the log as strong as the
store): one way to run cases, so a figure from one is comparable with the other's.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from careless import Body, echoing_chat, stored_for, stored_texts
from fake_llm import FakeLLM
from settings_factory import SettingsFactory

from scripts.terminal_chat import Speaker, TerminalChat, finish_background_work
from utils.runtime import Services

__all__ = ["FIRST_MEMBER", "Extractor", "Outcome", "member_name", "run_cases"]

FIRST_MEMBER = 700_000_000_000_000_000

Extractor = Callable[[Body], Body]


@dataclass(frozen=True)
class Outcome:
    places: dict[str, str]
    """Every stored text by place, and the extractor's input ("input")."""
    kept: dict[int, dict[str, list[str]]]
    """What was kept about each case's member, by the case's index."""


async def run_cases(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str, cases: Sequence[Sequence[str]], extractor: Extractor
) -> Outcome:
    """Each case's messages said by its own member in the terminal chat, then everything the bot kept."""
    fake_llm.chat = echoing_chat
    fake_llm.tools["extract_memories"] = extractor
    settings = make_settings()
    services = Services(settings, chat_cooldown_seconds=0)
    await services.start()
    out = io.StringIO()
    chat = TerminalChat(services, Speaker(FIRST_MEMBER, "Member", "general", 1), out)
    services.chat.on_notice(chat.notice)
    try:
        for index, messages in enumerate(cases):
            await chat.handle_line(f"/as {FIRST_MEMBER + index} {member_name(index)}")
            for message in messages:
                await chat.handle_line(message)
        await finish_background_work(services, settings, io.StringIO())
    finally:
        await services.close()
    places = stored_texts(database_url)
    places["input"] = json.dumps(fake_llm.tool_requests("extract_memories"), ensure_ascii=False)
    kept = {index: stored_for(database_url, FIRST_MEMBER + index) for index in range(len(cases))}
    return Outcome(places, kept)


def member_name(index: int) -> str:
    """A case's member's display name, without digits: "Member341" would hold a PIN of 341 in every place that
    names the speaker, and count as a leak of it."""
    return "Member" + "".join("ABCDEFGHIJ"[int(digit)] for digit in str(index))
