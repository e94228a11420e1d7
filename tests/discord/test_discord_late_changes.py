"""A delete or an edit that Discord delivers while the bot is still writing the reply.

The model is held on the fake server's gate, the member's message goes in, the
delete or edit arrives through the same gateway event Discord sends, then the
model is let go. The member's line joins the channel context (what other members'
prompts show) and the learning queue only once the reply is done, so what happened
to it meanwhile must be applied then: a deleted line is in no later prompt and never
reaches the extractor, an edited line shows and is learned with its new text only.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass

import discord
import pytest
import simcord
from extractor_answers import remembers
from fake_llm import FakeLLM
from llm_requests import extraction_input

from bot import BCSBot


@dataclass
class Case:
    name: str
    said: str
    """Alice's message, answered while the changes below arrive."""
    changes: tuple[tuple[str, str], ...]
    """While the reply is written: ("edit", new text), ("delete", "") or ("delete-earlier", "") for Bob's earlier line."""
    gone: tuple[str, ...]
    """Words in no later prompt and, unless ``learned_before``, never sent to the extractor."""
    shown: tuple[str, ...]
    """Lines a later prompt (Bob's) shows."""
    learned: tuple[str, ...]
    """Words the extractor sees."""
    in_thread: bool = False
    learned_before: bool = False
    """The deleted line was answered, and so extracted, before the delete: only the context can forget it."""


CASES = [
    Case(
        "delete during the reply",
        "my wifi code is Blue-Falcon-77, keep it safe",
        (("delete", ""),),
        gone=("Blue-Falcon-77",),
        shown=("bob: I play bass in a band",),
        learned=(),
    ),
    Case(
        "edit during the reply",
        "je vis à Paris depuis 2019 avec ma sœur Camille",
        (("edit", "je vis à Lyon depuis 2019"),),
        gone=("Paris", "Camille"),
        shown=("alice: je vis à Lyon depuis 2019",),
        learned=("je vis à Lyon depuis 2019",),
    ),
    Case(
        "edit then delete during the reply",
        "mi contraseña del banco es Girasol#2024",
        (("edit", "mi contraseña es secreta, olvídalo"), ("delete", "")),
        gone=("Girasol#2024", "olvídalo"),
        shown=("bob: I play bass in a band",),
        learned=(),
    ),
    Case(
        "two edits during the reply: the last one counts",
        "I moved to 221B Baker Street last week",
        (("edit", "I moved to London last week"), ("edit", "I moved to a new flat last week")),
        gone=("Baker Street", "London"),
        shown=("alice: I moved to a new flat last week",),
        learned=("I moved to a new flat last week",),
    ),
    Case(
        "delete of another member's earlier line during the reply",
        "I climb at Arkose on Sundays",
        (("delete-earlier", ""),),
        gone=("I play bass in a band",),
        shown=("alice: I climb at Arkose on Sundays",),
        learned=("I climb at Arkose on Sundays",),
        learned_before=True,
    ),
    Case(
        "delete during the reply, in a thread",
        "私の暗証番号は 8841 です",
        (("delete", ""),),
        gone=("8841",),
        shown=("bob: I play bass in a band",),
        learned=(),
        in_thread=True,
    ),
    Case(
        "edit during the reply, in a thread",
        "my steam login is alice_r / Hunter2!!",
        (("edit", "I play on steam most evenings"),),
        gone=("Hunter2", "alice_r"),
        shown=("alice: I play on steam most evenings",),
        learned=("I play on steam most evenings",),
        in_thread=True,
    ),
]


async def _gateway_event(bot: BCSBot, event: str, action: Callable[[], object]) -> None:
    """Run ``action`` (a backend change) and return once the bot's listeners have taken its event.

    simcord settles after each member action, and settling waits for the reply the
    gate holds, so the change goes through the backend and this listener, added after
    the cog's, marks the event delivered: listeners are scheduled in the order they
    were added and the cog's does not await, so it has run when this one runs.
    """
    delivered = asyncio.get_running_loop().create_future()

    async def seen(*_: object) -> None:
        if not delivered.done():
            delivered.set_result(None)

    bot.add_listener(seen, f"on_{event}")
    try:
        action()
        await asyncio.wait_for(delivered, 10)
    finally:
        bot.remove_listener(seen, f"on_{event}")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_a_change_during_the_reply_is_applied_when_it_is_done(
    case: Case, simcord_env: simcord.Env, fake_llm: FakeLLM
) -> None:
    env, bot = simcord_env, simcord_env.bot
    guild = env.create_guild("BCS")
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    me = bot.user.mention
    fake_llm.chat = lambda body: "got it!"
    fake_llm.tools["extract_memories"] = remembers()
    if case.in_thread:
        parent = bot.get_channel(channel.id)
        await parent.create_thread(name="side-chat", type=discord.ChannelType.public_thread)
        await env.settle()
        channel = next(t for t in channel.threads if t.name == "side-chat")
    earlier = await bob.send(channel, f"{me} I play bass in a band")

    fake_llm.gate = threading.Event()
    fake_llm.arrived.clear()
    held = env.backend.create_message(channel.id, alice.id, f"{me} {case.said}")
    env._mark_mutation()
    assert await asyncio.get_running_loop().run_in_executor(None, fake_llm.arrived.wait, 10)
    assert case.said in json.dumps(fake_llm.chat_requests()[-1], ensure_ascii=False)  # the reply is being written
    for kind, text in case.changes:
        if kind == "edit":
            await _gateway_event(
                bot, "raw_message_edit", lambda t=text: env.backend.edit_message(channel.id, held.id, {"content": f"{me} {t}"})
            )
        elif kind == "delete":
            await _gateway_event(bot, "raw_message_delete", lambda: env.backend.delete_message(channel.id, held.id))
        else:
            await _gateway_event(bot, "raw_message_delete", lambda: env.backend.delete_message(channel.id, earlier.id))
    fake_llm.gate.set()
    await env.settle()
    await bob.send(channel, f"{me} what's new?")
    await bot.services.tasks.drain(10)

    later = json.dumps(fake_llm.chat_requests()[-1]["messages"], ensure_ascii=False)
    learned = " ".join(extraction_input(body) for body in fake_llm.tool_requests("extract_memories"))
    for words in case.gone:
        assert words not in later, f"{words!r} is in Bob's prompt"
        assert case.learned_before or words not in learned, f"{words!r} reached the extractor"
    for line in case.shown:
        assert line in later
    for words in case.learned:
        assert words in learned
    if any(kind == "delete" for kind, _ in case.changes):
        replies = [m for m in channel.history() if m.author.id == bot.user.id]
        assert all(m.reference is None or m.reference.message_id != held.id for m in replies)


async def test_a_delete_after_the_reply_still_takes_the_line_out(simcord_env: simcord.Env, fake_llm: FakeLLM) -> None:
    env, bot = simcord_env, simcord_env.bot
    guild = env.create_guild("BCS")
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    me = bot.user.mention
    fake_llm.chat = lambda body: "got it!"
    sent = await alice.send(channel, f"{me} my locker code is 4-19-33")
    assert [m.content for m in channel.history() if m.author.id == bot.user.id] == ["got it!"]
    await alice.delete(sent)
    await bob.send(channel, f"{me} hi")

    later = json.dumps(fake_llm.chat_requests()[-1]["messages"], ensure_ascii=False)
    assert "4-19-33" not in later and "got it!" not in later  # the line and the answer to it
    assert "bob: hi" in later
