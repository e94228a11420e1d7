"""The behaviour monitor as a community sees it: the real `BCSBot` in simcord's in-memory Discord.

Real Services (SQLite in tmp_path) and the loopback LLM; batches are cut by count or
by the per-channel timer, which simcord's virtual clock fires on `advance_time`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord
import pytest
import pytest_asyncio
import simcord
from fake_llm import FakeLLM
from monitor_fakes import Analyst, batch_lines
from shared_database import query
from simcord.backend.errors import SetupError
from simcord.backend.models.message import MessageSticker

from bot import BCSBot

WAIT = 30.0
"""SENTIMENT_BATCH_SECONDS in these tests: longer than simcord's settle timeout, so only advance_time fires it."""


@dataclass
class Server:
    env: simcord.Env
    bot: BCSBot
    fake: FakeLLM
    guild: simcord.GuildHandle
    general: simcord.ChannelHandle
    modlog: simcord.ChannelHandle
    elsewhere: simcord.ChannelHandle
    alice: simcord.MemberActor
    mod: simcord.MemberActor

    def analyses(self) -> list[list[str]]:
        """The texts of every batch the model was asked about, in order."""
        return [[text for _i, _n, text in batch_lines(r)] for r in self.fake.tool_requests("report_analysis")]

    def bot_messages(self, channel: simcord.ChannelHandle) -> list[discord.Message]:
        return [m for m in channel.history() if m.author.id == self.bot.user.id]

    async def after_the_wait(self) -> None:
        await self.env.advance_time(WAIT + 1)

    def bot_role_without(self, permission: str) -> None:
        role = self.bot.get_guild(self.guild.id).me.top_role
        permissions = discord.Permissions(role.permissions.value)
        setattr(permissions, permission, False)
        self.env.backend.edit_role(self.guild.id, role.id, {"permissions": permissions.value})


@pytest.fixture
def bot_settings() -> dict[str, object]:
    """Batches of three or after WAIT seconds; a timeout after two offenses."""
    return {"sentiment_batch_size": 3, "sentiment_batch_seconds": WAIT, "timeout_after_offenses": 2, "off_topic_threshold": 3}


@pytest_asyncio.fixture
async def server(simcord_env: simcord.Env, simcord_bot: BCSBot, fake_llm: FakeLLM) -> Server:
    env = simcord_env
    await simcord_bot.tree.sync()
    fake_llm.tools["report_analysis"] = Analyst(notes={"guitar": "Is learning to play the guitar."})
    guild = env.create_guild()
    general = guild.create_text_channel("general", topic="Games we play")
    modlog = guild.create_text_channel("mod-log")
    elsewhere = guild.create_text_channel("off-the-record")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    simcord_bot.settings.sentiment_channel_ids = [general.id]
    simcord_bot.settings.mod_log_channel_id = modlog.id
    return Server(
        env,
        simcord_bot,
        fake_llm,
        guild,
        general,
        modlog,
        elsewhere,
        guild.add_member(env.create_user("alice")),
        guild.add_member(env.create_user("mod"), roles=[mods]),
    )


async def test_a_toxic_message_gets_a_warning_reply_without_pings_and_a_mod_log_embed(server: Server) -> None:
    await server.alice.send(server.general, "good game all")
    toxic = await server.alice.send(server.general, f"{server.mod.mention} you are an idiot")
    await server.alice.send(server.general, "anyway")
    assert server.analyses() == [["good game all", "@mod you are an idiot", "anyway"]]
    [warning] = server.bot_messages(server.general)
    assert warning.reference.message_id == toxic.id
    assert warning.content == "alice, please keep it friendly: that message crossed the line."
    post = [r for r in server.env.http_requests if r.method == "POST" and r.path == f"/channels/{server.general.id}/messages"]
    assert post[-1].json["allowed_mentions"] == {"parse": []}
    [logged] = server.modlog.last_message.embeds
    assert logged.title == "Warning" and logged.description.startswith("insult 0.92")
    fields = {f.name: f.value for f in logged.fields}
    assert fields["Result"] == "posted in the channel" and fields["Message"] == "@mod you are an idiot"
    assert logged.url.endswith(f"/{server.general.id}/{toxic.id}")


async def test_a_quiet_batch_goes_after_the_wait_and_a_quiet_channel_costs_nothing(server: Server) -> None:
    await server.alice.send(server.general, "anyone up for a game?")
    assert server.analyses() == []
    await server.after_the_wait()
    assert server.analyses() == [["anyone up for a game?"]]
    await server.env.advance_time(3600)
    assert len(server.analyses()) == 1


async def test_bots_webhooks_the_bots_own_warnings_and_unwatched_channels_are_not_analysed(server: Server) -> None:
    other_bot = server.guild.add_member(server.env.create_user("otherbot", bot=True))
    await other_bot.send(server.general, "you idiot")
    await server.guild.create_webhook(server.general, "Feeds").send("idiot news")
    await server.alice.send(server.elsewhere, "you idiot, off the record")
    await server.after_the_wait()
    assert server.analyses() == []
    await server.alice.send(server.general, "what an idiot")
    await server.after_the_wait()
    assert len(server.bot_messages(server.general)) == 1
    await server.after_the_wait()
    assert server.analyses() == [["what an idiot"]]


async def test_attachments_and_stickers_alone_are_not_analysed(server: Server) -> None:
    await server.alice.send(server.general, "", attachments=[("cat.png", b"\x89PNG")])
    sticker = MessageSticker(id=1, name="wave", format_type=1, guild_id=server.guild.id)
    server.env.backend.create_message(server.general.id, server.alice.id, "", stickers=[sticker])
    await server.env.settle()
    await server.alice.send(server.general, "look at this", attachments=[("cat.png", b"\x89PNG")])
    await server.after_the_wait()
    assert server.analyses() == [["look at this [image cat.png]"]]


async def test_edits_and_deletions_of_waiting_messages_change_the_batch_and_later_edits_are_ignored(server: Server) -> None:
    kept = await server.alice.send(server.general, "first draft")
    gone = await server.alice.send(server.general, "you idiot")
    await server.alice.edit(kept, "final words")
    await server.alice.delete(gone)
    await server.after_the_wait()
    assert server.analyses() == [["final words"]]
    await server.alice.edit(kept, "now you are an idiot")
    await server.after_the_wait()
    assert len(server.analyses()) == 1 and server.bot_messages(server.general) == []


async def test_a_batch_emptied_by_deletions_costs_nothing(server: Server) -> None:
    sent = await server.alice.send(server.general, "oops")
    await server.alice.delete(sent)
    await server.after_the_wait()
    assert server.analyses() == []


async def test_a_very_long_message_is_cut_before_the_model_sees_it(server: Server) -> None:
    await server.alice.send(server.general, "blah " * 390)
    await server.after_the_wait()
    [[text]] = server.analyses()
    assert len(text) == server.bot.settings.sentiment_max_message_chars and text.endswith("…[cut]")


async def test_repeat_offenses_earn_one_timeout_per_member_per_batch(server: Server) -> None:
    """A batch with three offenses of one member is one decision: one timeout, one reply, one mod-log entry, one case."""
    for text in ("idiot", "loser", "trash"):
        await server.alice.send(server.general, text)
    timeouts = [
        r
        for r in server.env.http_requests
        if r.method == "PATCH" and r.path == f"/guilds/{server.guild.id}/members/{server.alice.id}"
    ]
    assert len(timeouts) == 1 and timeouts[0].json["communication_disabled_until"]
    [logged] = [m.embeds[0] for m in server.modlog.history()]
    fields = {f.name: f.value for f in logged.fields}
    assert logged.title == "Timeout" and fields["Case"] == "#1"
    assert fields["Result"] == "posted in the channel; timed out for 10 minutes"
    assert logged.description == "3 messages over the line in one batch; the latest: insult 0.92 (recent offenses: 3)"
    [reply] = server.bot_messages(server.general)
    assert reply.content == "alice, that is 3 messages over the line in a short time. Please cool it down."
    await server.env.advance_time(11 * 60)  # the timeout is over
    await server.alice.send(server.general, "you idiot")
    await server.after_the_wait()
    assert [m.embeds[0].title for m in server.modlog.history()] == ["Timeout", "Timeout"]


async def test_without_moderate_members_the_timeout_is_skipped_and_logged(server: Server) -> None:
    server.bot_role_without("moderate_members")
    await server.env.settle()
    for text in ("idiot", "loser", "fine"):
        await server.alice.send(server.general, text)
    assert not [r for r in server.env.http_requests if r.method == "PATCH" and "/members/" in r.path]
    timeout = [m.embeds[0] for m in server.modlog.history() if m.embeds[0].title == "Timeout"]
    assert {f.name: f.value for f in timeout[0].fields}["Result"] == (
        "posted in the channel; not timed out: the bot lacks the Moderate Members permission"
    )
    assert len(server.bot_messages(server.general)) == 1


async def test_an_immune_member_is_never_actioned(server: Server) -> None:
    made = await server.mod.slash(server.general, "mod immune", member=server.alice)
    assert made.ephemeral and made.response.content.startswith("alice is now immune")
    for text in ("idiot", "loser", "trash"):
        await server.alice.send(server.general, text)
    assert len(server.analyses()) == 1
    assert server.bot_messages(server.general) == [] and server.modlog.history() == []
    back = await server.mod.slash(server.general, "mod immune", member=server.alice)
    assert back.response.content.startswith("alice is no longer immune")


async def test_off_topic_drift_gets_a_gentle_redirect(server: Server) -> None:
    for text in ("crypto?", "crypto!", "crypto."):
        await server.alice.send(server.general, text)
    [nudge] = server.bot_messages(server.general)
    assert nudge.content.startswith("Friendly nudge, alice") and "#general" in nudge.content
    assert server.modlog.last_message.embeds[0].title == "Off-topic redirect"


async def test_threads_follow_their_parent_channel(server: Server) -> None:
    await server.bot.get_channel(server.general.id).create_thread(name="side", type=discord.ChannelType.public_thread)
    await server.env.settle()
    [thread] = server.general.threads
    await server.alice.send(thread, "you idiot")
    await server.after_the_wait()
    assert server.analyses() == [["you idiot"]]
    assert server.bot_messages(thread)[0].content.startswith("alice, please keep it friendly")


async def test_a_member_reads_their_own_standing_in_plain_words_and_a_moderator_the_monitors_terms(server: Server) -> None:
    await server.alice.send(server.general, "you idiot")
    await server.after_the_wait()
    mine = await server.alice.slash(server.general, "bcs status")
    assert mine.ephemeral
    assert mine.response.content.splitlines() == [
        "**Your standing with the behaviour monitor**",
        "Recent warnings: 1. They are forgotten after 60 minutes without another one.",
        "At 2 in a row you are timed out for a while.",
        "How heated your recent messages read: heated (this fades on its own).",
    ]
    assert "Coherence" not in mine.response.content and "toxicity" not in mine.response.content
    calm = await server.mod.slash(server.general, "bcs status")
    assert "Recent warnings: none. All good." in calm.response.content
    with pytest.raises(SetupError, match="not visible to this user"):
        await server.alice.slash(server.general, "mod status", member=server.mod)
    theirs = await server.mod.slash(server.general, "mod status", member=server.alice)
    assert theirs.response.content.startswith("**Monitor status of alice**")
    assert "Recent offenses: 1" in theirs.response.content and "Warned: yes" in theirs.response.content


async def test_members_are_offered_no_moderator_command(server: Server) -> None:
    """Discord lists a command to a member only if they hold its top-level default permissions."""
    simcord_bot = server.bot
    groups = {command.name: command for command in simcord_bot.tree.get_commands()}
    mod = groups["mod"]
    assert mod.default_permissions == discord.Permissions(manage_guild=True) and mod.guild_only
    assert {c.name for c in mod.walk_commands()} >= {"status", "immune", "notes"}
    bcs = groups["bcs"]
    assert bcs.default_permissions is None and [c.name for c in bcs.walk_commands()] == ["status"]
    for command in simcord_bot.tree.walk_commands():
        if command.root_parent is None and command.name not in ("mod", "memory-admin"):
            assert command.default_permissions is None or not command.default_permissions.manage_guild, command.name


async def test_notes_and_immune_are_for_moderators_only(server: Server, database_url) -> None:
    await server.alice.send(server.general, "practising guitar tonight")
    await server.after_the_wait()
    for command in ("mod notes", "mod immune"):
        with pytest.raises(SetupError, match="not visible to this user"):
            await server.alice.slash(server.general, command, member=server.alice)
    assert not server.bot.services.monitor_state.is_immune(server.alice.id)
    notes = await server.mod.slash(server.general, "mod notes", member=server.alice)
    assert notes.ephemeral
    observation_line = r"\[\d{4}-\d\d-\d\d \d\d:\d\d\] Is learning to play the guitar\."
    assert re.fullmatch(r"\*\*Notes about alice\*\*\n" + observation_line, notes.response.content)
    assert query(database_url, "SELECT Memory, Source FROM UserMemory") == [("Is learning to play the guitar.", "passive")]


async def test_waiting_messages_are_analysed_acted_on_and_saved_at_shutdown(server: Server, database_url) -> None:
    await server.alice.send(server.general, "you idiot")
    assert server.analyses() == []
    await server.bot.close()
    assert server.analyses() == [["you idiot"]]
    assert len(server.bot_messages(server.general)) == 1
    assert query(database_url, "SELECT OffenseCount, Warned FROM UserState WHERE UserId = ?", server.alice.id) == [(1, 1)]
