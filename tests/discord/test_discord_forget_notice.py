"""A forget asked in plain words is confirmed where the member asked, after the reply, and pings no one.

The real `BCSBot` in simcord, the extractor played by the loopback fake LLM: it drops the
fact the member asked to forget from the profile, so learning forgets it and tells the cog.
"""

from __future__ import annotations

import re

import pytest
import simcord
from extractor_answers import memory
from fake_llm import Body, FakeLLM

PLACE = "Grimsby"
KEPT = "Plays chess on Fridays."


def learner(body: Body) -> dict:
    said = body["messages"][-1]["content"]
    if "forget that I live in" in said:
        return {"memories": [], "profile_update": KEPT, "forget": []}
    if "I live in" in said:
        return {"memories": [memory(KEPT, "games")], "profile_update": f"Lives in {PLACE}. {KEPT}", "forget": []}
    return {"memories": [], "profile_update": None, "forget": []}


async def settled(env: simcord.Env) -> None:
    """The background learning finished, and what it asked the cog to post went out."""
    await env.bot.services.tasks.drain(10)
    await env.settle()
    await env.bot.services.tasks.drain(10)
    await env.settle()


def posted(env: simcord.Env, channel_id: int) -> list[dict]:
    return [
        r.json
        for r in env.http_requests
        if r.method == "POST" and re.fullmatch(rf"/channels/{channel_id}/messages", r.path) and isinstance(r.json, dict)
    ]


@pytest.fixture
def fake_extractor(fake_llm: FakeLLM) -> FakeLLM:
    fake_llm.chat = lambda body: "got it"
    fake_llm.tools["extract_memories"] = learner
    return fake_llm


async def test_in_a_channel_the_notice_names_the_member_without_pinging_and_keeps_no_word(
    simcord_env: simcord.Env, fake_extractor: FakeLLM
) -> None:
    guild = simcord_env.create_guild("BCS")
    channel = guild.create_text_channel("general")
    alice = guild.add_member(simcord_env.create_user("alice"))
    me = simcord_env.bot.user.mention
    await alice.send(channel, f"{me} I live in {PLACE} and I play chess on Fridays")
    await settled(simcord_env)
    assert PLACE in simcord_env.bot.services.memory.profile(alice.user.id)

    await alice.send(channel, f"{me} please forget that I live in {PLACE}")
    await settled(simcord_env)

    *_, notice = posted(simcord_env, channel.id)
    assert notice["content"].startswith(f"<@{alice.user.id}> Forgotten, as you asked. Gone: 1 profile fact"), notice
    assert notice["allowed_mentions"] == {"parse": []}, "the member is named, never pinged"
    assert PLACE not in notice["content"], "a receipt never repeats what it took"
    assert PLACE not in simcord_env.bot.services.memory.profile(alice.user.id)


async def test_in_direct_messages_the_notice_comes_in_the_same_conversation(
    simcord_env: simcord.Env, fake_extractor: FakeLLM
) -> None:
    guild = simcord_env.create_guild("BCS")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.send_dm(f"I live in {PLACE} and I play chess on Fridays")
    await settled(simcord_env)
    await alice.send_dm(f"please forget that I live in {PLACE}")
    await settled(simcord_env)

    said = [m.content for m in alice.user.dm_channel.history() if m.author.id == simcord_env.bot.user.id]
    notices = [text for text in said if text.startswith("Forgotten, as you asked.")]
    assert len(notices) == 1 and PLACE not in notices[0], said
