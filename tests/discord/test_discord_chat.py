"""The chat as a member sees it: the real `BCSBot` in simcord's in-memory Discord.

Real `Services` (SQLite in tmp_path), the loopback fake LLM over HTTP, discord.py's
own parsers. simcord settles after every member action, so when `alice.send(...)`
returns, the bot has answered (or decided not to).
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import discord
import pytest
import simcord
from discord.ext import commands
from fake_llm import FakeLLM
from settings_factory import SettingsFactory
from shared_database import query
from simcord.backend import serializers

from bot import EXTENSIONS, BCSBot
from utils.conversation.service import FALLBACK_REPLY

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")
NO_PINGS_JSON = {"parse": []}


@dataclass
class World:
    env: simcord.Env
    bot: BCSBot
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor

    @property
    def me(self) -> str:
        return self.bot.user.mention

    def member(self, name: str, roles: tuple[simcord.RoleHandle, ...] = ()) -> simcord.MemberActor:
        return self.guild.add_member(self.env.create_user(name), roles=list(roles))

    def configure(self, **changes: object) -> None:
        """Change chat settings once the ids they name exist (the cog reads them per message)."""
        for name, value in changes.items():
            setattr(self.bot.settings, name, value)

    def posts(self) -> list[simcord.HttpLogEntry]:
        """Every message the bot sent, as the JSON discord.py put on the wire."""
        return [r for r in self.env.http_requests if r.method == "POST" and re.fullmatch(r"/channels/\d+/messages", r.path)]

    def bot_messages(self, channel: simcord.ChannelHandle | None = None) -> list[discord.Message]:
        return [m for m in (channel or self.channel).history() if m.author.id == self.bot.user.id]

    async def thread(self, name: str = "side-chat") -> simcord.ChannelHandle:
        """simcord 3.2.1 has no thread builder: the bot's own discord.py objects create one."""
        parent = self.bot.get_channel(self.channel.id)
        await parent.create_thread(name=name, type=discord.ChannelType.public_thread)
        await self.env.settle()
        return next(t for t in self.channel.threads if t.name == name)


def populate(env: simcord.Env) -> World:
    guild = env.create_guild("BCS")
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    return World(env, env.bot, guild, channel, alice)


@asynccontextmanager
async def running_bot(make_settings: SettingsFactory, **overrides: object) -> AsyncIterator[World]:
    """A bot with non-default settings, run inside the test body; closed properly (simcord's teardown does not)."""
    bot = BCSBot(make_settings(**overrides))
    try:
        async with simcord.run(bot) as env:
            yield populate(env)
    finally:
        if not bot.is_closed():
            await bot.close()


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    return populate(simcord_env)


def last_user_content(fake_llm: FakeLLM) -> object:
    return fake_llm.chat_requests()[-1]["messages"][-1]["content"]


# --------------------------------------------------------------------------- the basic exchange
async def test_mention_shows_typing_then_replies_to_the_members_message(world: World, fake_llm: FakeLLM) -> None:
    fake_llm.chat = lambda body: "hey alice 👋"
    sent = await world.alice.send(world.channel, f"{world.me} hello there")

    [reply] = world.bot_messages()
    assert reply.content == "hey alice 👋"
    assert reply.type is discord.MessageType.reply and reply.reference.message_id == sent.id
    calls = [(r.method, r.path) for r in world.env.http_requests]
    typing = ("POST", f"/channels/{world.channel.id}/typing")
    assert typing in calls and calls.index(typing) < calls.index(("POST", f"/channels/{world.channel.id}/messages"))
    # The model sees the member's words without the bot's own mention.
    assert last_user_content(fake_llm) == "alice: hello there"


async def test_reply_to_the_bot_continues_without_mention_and_the_chain_is_the_conversation(
    world: World, fake_llm: FakeLLM
) -> None:
    fake_llm.chat = lambda body: f"noted: {body['messages'][-1]['content']}"
    await world.alice.send(world.channel, f"{world.me} my cat is called Miso")
    [first_answer] = world.bot_messages()
    bob = world.member("bob")
    await bob.send(world.channel, f"{world.me} unrelated: what's the best pizza?")

    follow = await world.alice.send(world.channel, "what's her name again?", reply_to=first_answer)

    last = world.bot_messages()[-1]
    assert last.reference.message_id == follow.id
    conversation = [(m["role"], m["content"]) for m in fake_llm.chat_requests()[-1]["messages"][1:]]
    assert conversation == [
        ("user", "alice: my cat is called Miso"),
        ("assistant", "noted: alice: my cat is called Miso"),
        ("user", "alice: what's her name again?"),
    ]


async def test_direct_messages_are_answered_without_a_mention(world: World, fake_llm: FakeLLM) -> None:
    fake_llm.chat = lambda body: "dm reply"
    first = await world.alice.send_dm("hi, quick question")
    second = await world.alice.send_dm("and another one")

    answers = [m for m in world.alice.user.dm_channel.history() if m.author.id == world.bot.user.id]
    assert [a.reference.message_id for a in answers] == [first.id, second.id]
    assert all(a.content == "dm reply" and a.guild is None for a in answers)
    assert "a direct message" in fake_llm.chat_requests()[-1]["messages"][0]["content"]


# --------------------------------------------------------------------------- who and where
async def test_messages_not_addressed_to_the_bot_and_other_bots_are_ignored(world: World, fake_llm: FakeLLM) -> None:
    bob = world.member("bob")
    other_bot = world.guild.add_member(world.env.create_user("otherbot", bot=True))
    human = await bob.send(world.channel, "just chatting")
    await world.alice.send(world.channel, "replying to bob, not the bot", reply_to=human)
    await world.alice.send(world.channel, f"{bob.mention} are you there?")
    await world.alice.send(world.channel, "@everyone game night!")
    await other_bot.send(world.channel, f"{world.me} beep boop")

    assert world.bot_messages() == []
    assert world.posts() == []
    assert fake_llm.requests == []


async def test_pinning_or_forwarding_the_bots_message_is_not_talking_to_it(world: World, fake_llm: FakeLLM) -> None:
    """Both make a message that points at the bot's message (a pin notice, a forward) without being a reply."""
    await world.alice.send(world.channel, f"{world.me} say something pin-worthy")
    [answer] = world.bot_messages()
    mods = world.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.member("mod", roles=(mods,))
    elsewhere = world.guild.create_text_channel("elsewhere")

    await mod.set_pinned(answer, True)
    await world.alice.forward(answer, elsewhere)

    assert any(m.type is discord.MessageType.pins_add for m in world.channel.history())
    assert world.bot_messages() == [answer] and world.bot_messages(elsewhere) == []
    assert len(fake_llm.chat_requests()) == 1


async def test_a_thread_follows_its_parent_channels_setting(world: World, fake_llm: FakeLLM) -> None:
    thread = await world.thread()
    elsewhere = world.guild.create_text_channel("elsewhere")

    world.configure(chat_blocked_channel_ids=[world.channel.id])
    await world.alice.send(thread, f"{world.me} hello from the thread")
    assert world.bot_messages(thread) == []

    world.configure(chat_blocked_channel_ids=[], chat_allowed_channel_ids=[world.channel.id])
    await world.alice.send(elsewhere, f"{world.me} hello from elsewhere")
    await world.alice.send(thread, f"{world.me} hello again from the thread")
    assert world.bot_messages(elsewhere) == []
    [answer] = world.bot_messages(thread)
    assert isinstance(answer.channel, discord.Thread)
    assert len(fake_llm.chat_requests()) == 1


async def test_a_secret_named_in_the_channel_and_given_in_its_thread_is_one_conversation(world: World, fake_llm: FakeLLM) -> None:
    """The cog passes a thread's parent channel: the value given in the thread after its name in the channel is found,
    and the thread's context shows it no more."""
    fake_llm.chat = lambda body: "ok"
    thread = await world.thread("router")
    await world.alice.send(world.channel, f"{world.me} router password going in the thread so it doesn't get buried")
    await world.alice.send(thread, f"{world.me} Maple-Otter-418")
    await world.alice.send(thread, f"{world.me} thanks!")
    shown = json.dumps(fake_llm.chat_requests()[-1]["messages"], ensure_ascii=False)
    assert "Maple-Otter-418" not in shown and "[redacted:password]" in shown


async def test_blocked_channel_blocked_user_and_allowed_roles(world: World, fake_llm: FakeLLM) -> None:
    regulars = world.guild.create_role("Regulars")
    muted = world.guild.create_role("Muted")
    bob = world.member("bob", roles=(regulars,))
    carol = world.member("carol", roles=(regulars, muted))
    quiet = world.guild.create_text_channel("quiet")
    world.configure(
        chat_blocked_channel_ids=[quiet.id],
        chat_blocked_user_ids=[world.alice.id],
        chat_allowed_role_ids=[regulars.id],
        chat_blocked_role_ids=[muted.id],
    )
    dave = world.member("dave")

    await world.alice.send(world.channel, f"{world.me} I am blocked")
    await world.alice.send_dm("even in DMs")
    await bob.send(quiet, f"{world.me} this channel is blocked")
    await carol.send(world.channel, f"{world.me} I have the muted role")
    await dave.send(world.channel, f"{world.me} I lack the allowed role")
    assert fake_llm.requests == [] and world.posts() == []

    asked = await bob.send(world.channel, f"{world.me} I am a regular")
    [answer] = world.bot_messages()
    assert answer.reference.message_id == asked.id


# --------------------------------------------------------------------------- what the bot sends
async def test_no_message_the_bot_sends_can_ping_anyone(world: World, fake_llm: FakeLLM) -> None:
    """The model writes @everyone, a role and a member; Discord is told to ping nobody, and nobody is pinged."""
    squad = world.guild.create_role("Squad", mentionable=True)
    bob = world.member("bob", roles=(squad,))
    ping_text = f"@everyone @here {bob.mention} {squad.mention} wake up!"
    fake_llm.chat = lambda body: ping_text if "short" in str(body["messages"][-1]) else (ping_text + "\n\n" + "word " * 600)

    await world.alice.send(world.channel, f"{world.me} short one")
    await world.alice.send(world.channel, f"{world.me} long one please")

    posts = world.posts()
    assert len(posts) == 3  # one short reply, one reply split in two
    assert all(p.json["allowed_mentions"] == NO_PINGS_JSON for p in posts)
    for message in world.bot_messages():
        stored = world.env.backend.get_message(world.channel.id, message.id)
        assert stored.ping_user_ids == [] and stored.ping_role_ids == [] and not stored.mention_everyone


async def test_long_replies_are_split_without_breaking_code_fences(world: World, fake_llm: FakeLLM) -> None:
    code = "\n".join(f"    print('line {n:03d} of the example')" for n in range(120))
    text = "Here is the script:\n\n```python\n" + code + "\n```\n\nThat's all."
    assert len(text) > 4000
    fake_llm.chat = lambda body: text

    asked = await world.alice.send(world.channel, f"{world.me} write me a long script")

    chunks = world.bot_messages()
    assert len(chunks) >= 3
    assert chunks[0].reference.message_id == asked.id
    for chunk in chunks:
        assert len(chunk.content) <= 2000
        assert chunk.content.count("```") % 2 == 0, chunk.content[-80:]
    assert all(p.json["allowed_mentions"] == NO_PINGS_JSON for p in world.posts())
    code_lines = [line for c in chunks for line in c.content.splitlines() if "print(" in line]
    assert code_lines == code.splitlines()
    assert all(c.content.count("```python") == 1 for c in chunks if "print(" in c.content)


async def test_very_long_replies_arrive_as_a_text_file(world: World, fake_llm: FakeLLM) -> None:
    text = "\n".join(f"Paragraph {n}: " + "lorem ipsum " * 10 + "the end." for n in range(80))
    assert len(text) > 6000
    fake_llm.chat = lambda body: text

    asked = await world.alice.send(world.channel, f"{world.me} tell me everything")

    [reply] = world.bot_messages()
    assert reply.reference.message_id == asked.id
    assert len(reply.content) < 200
    [attachment] = reply.attachments
    assert attachment.filename.endswith(".txt")
    assert (await attachment.read()).decode("utf-8") == text
    [post] = world.posts()
    assert post.json["allowed_mentions"] == NO_PINGS_JSON


# --------------------------------------------------------------------------- images
async def test_without_vision_the_model_is_told_it_cannot_see_the_image(world: World, fake_llm: FakeLLM) -> None:
    fake_llm.chat = lambda body: "I can't see pictures, but tell me about it!"
    await world.alice.send(world.channel, f"{world.me} look at my cat", attachments=[("cat.png", PNG)])

    content = last_user_content(fake_llm)
    assert isinstance(content, str) and "cannot see images" in content and "look at my cat" in content
    assert [m.content for m in world.bot_messages()] == ["I can't see pictures, but tell me about it!"]


async def test_with_vision_the_image_reaches_the_model(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    async with running_bot(make_settings, llm_vision=True) as w:
        sent = await w.alice.send(w.channel, f"{w.me} look at my cat", attachments=[("cat.png", PNG)])

        content = last_user_content(fake_llm)
        assert isinstance(content, list)
        assert {"type": "text", "text": "alice: look at my cat"} in content
        assert {"type": "image_url", "image_url": {"url": sent.attachments[0].url}} in content
        assert len(w.bot_messages()) == 1


# --------------------------------------------------------------------------- failures and pacing
async def test_llm_http_500_gets_a_friendly_reply_and_the_next_message_works(
    world: World, fake_llm: FakeLLM, database_url: str
) -> None:
    fake_llm.chat = lambda body: "I'm back!"
    fake_llm.fail(500, times=1)
    await world.alice.send(world.channel, f"{world.me} are you alive?")
    await world.alice.send(world.channel, f"{world.me} how about now?")

    assert [m.content for m in world.bot_messages()] == [FALLBACK_REPLY, "I'm back!"]
    await world.bot.close()
    [(error,)] = query(database_url, "SELECT Error FROM LlmLog WHERE Success = 0")
    assert "500" in error


async def test_cooldown_reacts_with_an_hourglass_and_skips_the_model(make_settings: SettingsFactory, fake_llm: FakeLLM) -> None:
    async with running_bot(make_settings, chat_cooldown_seconds=30) as w:
        await w.alice.send(w.channel, f"{w.me} first")
        too_soon = await w.alice.send(w.channel, f"{w.me} second, right away")

        assert len(fake_llm.chat_requests()) == 1 and len(w.bot_messages()) == 1
        [reaction] = next(m for m in w.channel.history() if m.id == too_soon.id).reactions
        assert str(reaction.emoji) == "⏳" and reaction.count == 1
        reacted = [r.path for r in w.env.http_requests if r.method == "PUT" and "/reactions/" in r.path]
        assert reacted == [f"/channels/{w.channel.id}/messages/{too_soon.id}/reactions/%E2%8F%B3/@me"]
        typing = [r for r in w.env.http_requests if r.method == "POST" and r.path.endswith("/typing")]
        assert len(typing) == 1, "a member on cooldown must not see the bot typing"

        await w.env.advance_time(31)
        later = await w.alice.send(w.channel, f"{w.me} third, after the cooldown")
        assert w.bot_messages()[-1].reference.message_id == later.id
        assert len(fake_llm.chat_requests()) == 2


async def test_messages_of_one_member_are_answered_in_order_one_at_a_time(world: World, fake_llm: FakeLLM) -> None:
    fake_llm.chat = lambda body: "answer to " + body["messages"][-1]["content"]
    backend = world.env.backend
    # Both messages arrive before the bot has answered either (no settling in between).
    first = backend.create_message(world.channel.id, world.alice.id, f"{world.me} first question")
    second = backend.create_message(world.channel.id, world.alice.id, f"{world.me} second question")
    await world.env.settle()

    answers = world.bot_messages()
    assert [a.reference.message_id for a in answers] == [first.id, second.id]
    assert [a.content for a in answers] == ["answer to alice: first question", "answer to alice: second question"]
    # The second was composed after the first was answered: its context holds that answer.
    second_prompt = fake_llm.chat_requests()[1]["messages"]
    assert {"role": "assistant", "content": "answer to alice: first question"} in second_prompt


@pytest.mark.parametrize(
    ("raw", "seen"),
    [
        ("nul\x00bytes\x00here", "nulbyteshere"),
        ("emoji 🎮🔥👾 time", "emoji 🎮🔥👾 time"),
        ("مرحبا بالجميع שלום", "مرحبا بالجميع שלום"),
        ("zero\u200bwidth\u200d\ufeff text \u202eevil", "zerowidth text evil"),
        ("\u200b\u200b", "(no text)"),
        ("x" * 1900, "x" * 1900),
    ],
    ids=["null-bytes", "emoji", "rtl", "zero-width", "only-invisible", "max-length"],
)
async def test_bad_input_gets_a_sensible_answer(world: World, fake_llm: FakeLLM, raw: str, seen: str) -> None:
    asked = await world.alice.send(world.channel, f"{world.me} {raw}")

    assert last_user_content(fake_llm) == f"alice: {seen}"
    [answer] = world.bot_messages()
    assert answer.reference.message_id == asked.id and answer.content


async def test_an_attachment_only_reply_to_the_bot_is_answered(world: World, fake_llm: FakeLLM) -> None:
    await world.alice.send(world.channel, f"{world.me} can I send you my notes?")
    bot_message = world.bot_messages()[-1]
    sent = await world.alice.send(world.channel, reply_to=bot_message, attachments=[("notes.txt", b"some notes")])

    content = last_user_content(fake_llm)
    assert "(no text)" in content and "notes.txt" in content
    assert world.bot_messages()[-1].reference.message_id == sent.id


# --------------------------------------------------------------------------- commands and start-up
def command_syncs(env: simcord.Env) -> list[simcord.HttpLogEntry]:
    return [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]


async def test_commands_are_synced_once_after_start_up_not_on_every_ready(make_settings: SettingsFactory) -> None:
    async with running_bot(make_settings, sync_commands_on_start=True) as w:
        assert len(command_syncs(w.env)) == 1
        readies: list[None] = []

        async def count_ready() -> None:
            readies.append(None)

        w.bot.add_listener(count_ready, "on_ready")
        # A gateway reconnect: READY arrives again and on_ready fires again.
        ready = {
            "v": 10,
            "user": dict(serializers.user_payload(w.env.backend.bot_user)),
            "guilds": [],
            "session_id": "simcord-session-again",
            "resume_gateway_url": "wss://simcord.invalid",
            "shard": [0, 1],
            "application": {"id": str(w.env.backend.application_id), "flags": 0},
        }
        w.env._gateway_feed("READY", ready)
        await w.env.settle()
        assert readies == [None]
        assert len(command_syncs(w.env)) == 1


async def test_commands_are_not_synced_when_the_setting_is_off(world: World) -> None:
    assert command_syncs(world.env) == []


async def test_owner_sync_command_works_for_the_owner_and_is_refused_for_others(world: World, fake_llm: FakeLLM) -> None:
    world.configure(bot_owner_ids=[world.alice.id])
    bob = world.member("bob")
    assert await world.bot.is_owner(world.bot.user)  # simcord's application owner stays an owner too

    await bob.send(world.channel, f"{world.me} sync")
    assert world.bot_messages()[-1].content == "Only the bot owner can do that."
    simcord.assert_error(world.env, commands.NotOwner)
    assert command_syncs(world.env) == []

    await world.alice.send(world.channel, f"{world.me} sync")
    assert re.fullmatch(r"Synced \d+ commands \(global\)\.", world.bot_messages()[-1].content)
    await world.alice.send(world.channel, f"{world.me} sync guild")
    assert re.fullmatch(r"Synced \d+ commands \(guild\)\.", world.bot_messages()[-1].content)
    paths = [r.path for r in command_syncs(world.env)]
    assert len(paths) == 2 and paths[1].endswith(f"/guilds/{world.guild.id}/commands")
    assert fake_llm.requests == []  # commands never reach the chat
    assert all(p.json["allowed_mentions"] == NO_PINGS_JSON for p in world.posts())


async def test_smoke_the_bot_builds_without_a_token_and_loads_every_cog(make_settings: SettingsFactory) -> None:
    bot = BCSBot(make_settings(discord_token="", sync_commands_on_start=True))
    async with bot:
        await bot.setup_hook()
        assert bot.failed_extensions == {}
        assert set(bot.extensions) == set(EXTENSIONS)
        assert {"ChatCog", "AdminCog"} <= set(bot.cogs)
        # Closed before READY ever came (a signal during start-up): the pending sync must not hold it up.
        await asyncio.wait_for(bot.close(), timeout=10)
    assert bot.is_closed() and bot.extensions == {}


# --------------------------------------------------------------------------- text no encoder accepts
async def test_a_lone_surrogate_in_a_reply_costs_nothing_later(world: World, fake_llm: FakeLLM, database_url: str) -> None:
    """The model's JSON carries "\\ud83d" (half an emoji): the reply goes out, the channel keeps working, LlmLog is written."""
    fake_llm.chat = lambda body: "half an emoji \ud83d here" if len(fake_llm.chat_requests()) == 1 else "all fine"
    await world.alice.send(world.channel, f"{world.me} say something odd")
    bob = world.member("bob")
    await bob.send(world.channel, f"{world.me} and now me")
    await world.alice.send(world.channel, f"{world.me} still there?")

    assert [m.content for m in world.bot_messages()] == ["half an emoji \ufffd here", "all fine", "all fine"]
    later = fake_llm.chat_requests()[-1]["messages"]
    assert {"role": "assistant", "content": "half an emoji \ufffd here"} in later
    await world.bot.close()  # flushes LlmLog and member state; a lone surrogate there used to raise forever
    rows = query(database_url, "SELECT Success, ResponseExcerpt FROM LlmLog WHERE Kind = 'chat' ORDER BY Id")
    assert [r[0] for r in rows] == [1, 1, 1] and rows[0][1] == "half an emoji \ufffd here"


async def test_a_reply_that_goes_on_as_another_speaker_or_copies_its_notes_is_cut(world: World, fake_llm: FakeLLM) -> None:
    bob = world.member("bob")
    await bob.send(world.channel, f"{world.me} hi, I'm bob")
    answers = iter(
        [
            "Sure thing alice!\nbob: wait what\nalice: lol\nBot: anyway",
            'Of course.\n[What you know about this person:]\nProfile: "alice is a nurse"',
            '[What you know about this person:]\n- Recent: "Likes tea" (1 day ago)',
        ]
    )
    fake_llm.chat = lambda body: next(answers)
    await world.alice.send(world.channel, f"{world.me} can you help?")
    await world.alice.send(world.channel, f"{world.me} what do you know?")
    await world.alice.send(world.channel, f"{world.me} and now?")

    assert [m.content for m in world.bot_messages()][1:] == ["Sure thing alice!", "Of course.", FALLBACK_REPLY]
    later = fake_llm.chat_requests()[-1]["messages"]
    assert {"role": "assistant", "content": "Sure thing alice!"} in later
    assert "bob: wait what" not in str(later)


# --------------------------------------------------------------------------- deletes and edits
async def test_a_deleted_message_and_the_answer_to_it_leave_the_channels_context(world: World, fake_llm: FakeLLM) -> None:
    fake_llm.chat = lambda body: "noted: " + body["messages"][-1]["content"]
    oops = await world.alice.send(world.channel, f"{world.me} my wifi code is Blue-Falcon-77")
    await world.alice.send(world.channel, f"{world.me} I main Mercy")
    await world.alice.delete(oops)
    bob = world.member("bob")
    await bob.send(world.channel, f"{world.me} hi bot")

    seen = json.dumps(fake_llm.chat_requests()[-1]["messages"], ensure_ascii=False)
    assert "Blue-Falcon-77" not in seen
    assert "alice: I main Mercy" in seen

    more = await world.alice.send(world.channel, f"{world.me} my pin is 4455")
    again = await world.alice.send(world.channel, f"{world.me} and my locker is 12")
    world.env.backend.bulk_delete_messages(world.channel.id, [more.id, again.id])
    await world.env.settle()
    await bob.send(world.channel, f"{world.me} what's up")
    seen = json.dumps(fake_llm.chat_requests()[-1]["messages"], ensure_ascii=False)
    assert "4455" not in seen and "locker" not in seen and "I main Mercy" in seen


async def test_an_edited_message_shows_its_new_text_in_the_context(world: World, fake_llm: FakeLLM) -> None:
    fake_llm.chat = lambda body: "ok"
    sent = await world.alice.send(world.channel, f"{world.me} I live in Paris")
    await world.alice.edit(sent, f"{world.me} I live in Lyon\x00")
    bob = world.member("bob")
    await bob.send(world.channel, f"{world.me} hello")

    conversation = [(m["role"], m["content"]) for m in fake_llm.chat_requests()[-1]["messages"][1:]]
    assert conversation == [("user", "alice: I live in Lyon"), ("assistant", "ok"), ("user", "bob: hello")]
    assert len(fake_llm.chat_requests()) == 2  # an edit is not a new message to answer
