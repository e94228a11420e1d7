"""Each server's own monitor settings, changed by slash command: effective at once in the running bot, and in a
second real bot process on the same database at its next poll (tests/support/member_process.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import discord
import pytest
import pytest_asyncio
import simcord
from fake_llm import FakeLLM, FakeLLMServer
from member_process import MemberProcess
from monitor_fakes import Analyst
from shared_database import query

from bot import BCSBot

WAIT = 30.0


@dataclass
class Server:
    env: simcord.Env
    bot: BCSBot
    fake: FakeLLM
    guild: simcord.GuildHandle
    general: simcord.ChannelHandle
    games: simcord.ChannelHandle
    modlog: simcord.ChannelHandle
    alice: simcord.MemberActor
    mod: simcord.MemberActor

    async def say(self, channel: simcord.ChannelHandle, text: str) -> None:
        await self.alice.send(channel, text)
        await self.env.advance_time(WAIT + 1)

    def analysed(self) -> int:
        return len(self.fake.tool_requests("report_analysis"))

    def warnings_in(self, channel: simcord.ChannelHandle) -> list[str]:
        return [m.content for m in channel.history() if m.author.id == self.bot.user.id]

    async def set(self, name: str, value: str) -> str:
        answer = await self.mod.slash(self.general, "mod settings set", name=name, value=value)
        assert answer.ephemeral
        return answer.response.content


@pytest.fixture
def bot_settings() -> dict[str, object]:
    return {"sentiment_batch_size": 5, "sentiment_batch_seconds": WAIT, "timeout_after_offenses": 0}


@pytest_asyncio.fixture
async def server(simcord_env: simcord.Env, simcord_bot: BCSBot, fake_llm: FakeLLM) -> Server:
    env = simcord_env
    await simcord_bot.tree.sync()
    fake_llm.tools["report_analysis"] = Analyst()
    guild = env.create_guild()
    general = guild.create_text_channel("general")
    games = guild.create_text_channel("games")
    modlog = guild.create_text_channel("mod-log")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    simcord_bot.settings.sentiment_channel_ids = [general.id]
    return Server(
        env,
        simcord_bot,
        fake_llm,
        guild,
        general,
        games,
        modlog,
        guild.add_member(env.create_user("alice")),
        guild.add_member(env.create_user("mod"), roles=[mods]),
    )


async def test_settings_changed_by_slash_command_change_the_running_monitor(server: Server, database_url) -> None:
    shown = await server.mod.slash(server.general, "mod settings show")
    lines = shown.response.content.splitlines()
    assert lines[0] == "**Monitor and chat settings of this server**"
    assert f"`channels` = <#{server.general.id}> (default)" in lines[2]
    assert lines[1].startswith("`mode` = act (default)")

    await server.say(server.games, "you idiot")
    assert server.analysed() == 0, "games is not watched by default"
    assert await server.set("channels", f"<#{server.games.id}>") == f"`channels` is now {server.games.id} here."
    await server.say(server.games, "you idiot")
    await server.say(server.general, "you idiot")
    assert server.analysed() == 1 and len(server.warnings_in(server.games)) == 1 and not server.warnings_in(server.general)

    assert await server.set("toxicity_threshold", "0.95") == "`toxicity_threshold` is now 0.95 here."
    await server.say(server.games, "what a loser")
    assert server.analysed() == 2 and len(server.warnings_in(server.games)) == 1, "0.92 is below this server's 0.95"

    assert await server.set("mod_log_channel", f"<#{server.modlog.id}>") == f"`mod_log_channel` is now {server.modlog.id} here."
    assert await server.set("toxicity_threshold", "default") == "`toxicity_threshold` is back to the default here."
    await server.say(server.games, "trash")
    assert len(server.warnings_in(server.games)) == 2 and server.modlog.last_message.embeds[0].title == "Warning"

    shown = await server.mod.slash(server.general, "mod settings show")
    assert f"`channels` = <#{server.games.id}> (set here)" in shown.response.content
    assert "`toxicity_threshold` = 0.7 (default)" in shown.response.content
    stored = query(database_url, "SELECT Name, Value, ChangedBy FROM GuildSetting ORDER BY ChangeSeq")
    mod = f"mod:{server.mod.id}"
    assert stored == [("sentiment_channel_ids", str(server.games.id), mod), ("mod_log_channel_id", str(server.modlog.id), mod),
                      ("toxicity_threshold", None, mod)]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "value", "refusal"),
    [
        ("toxicity_threshold", "1.5", "toxicity_threshold cannot be '1.5': Input should be less than or equal to 1."),
        ("toxicity_threshold", "high", "toxicity_threshold cannot be 'high': Input should be a valid number"),
        ("mode", "ban", "mode cannot be 'ban': Input should be 'act', 'propose' or 'observe'."),
        ("timeout_minutes", "0", "timeout_minutes cannot be '0': Input should be greater than 0."),
        ("timeout_after_offenses", "2.5", "timeout_after_offenses cannot be '2.5': Input should be a valid integer"),
        ("channels", "general", "channels cannot be 'general': Input should be a valid integer"),
        ("public_warnings", "maybe", "public_warnings cannot be 'maybe': Input should be a valid boolean"),
    ],
)
async def test_a_value_the_env_would_refuse_is_refused_and_nothing_changes(
    server: Server, database_url, name: str, value: str, refusal: str
) -> None:
    answer = await server.set(name, value)
    assert answer.startswith(refusal)
    assert query(database_url, "SELECT COUNT(*) FROM GuildSetting") == [(0,)]


async def test_chat_channels_set_by_a_moderator_decide_where_the_bot_chats_in_that_server_only(
    server: Server, database_url
) -> None:
    """`.env` blocks the lounge; the server lifts that block, then allows only #games; `default` gives `.env` back.
    Another server and direct messages keep `.env` throughout."""
    env, me = server.env, server.bot.user.mention
    lounge = server.guild.create_text_channel("lounge")
    elsewhere = env.create_guild("elsewhere")
    their_general = elsewhere.create_text_channel("general")
    bob = elsewhere.add_member(env.create_user("bob"))
    server.bot.settings.chat_blocked_channel_ids = [lounge.id]

    async def answered(member: simcord.MemberActor, channel: simcord.ChannelHandle | None) -> bool:
        before = len(server.fake.chat_requests())
        if channel is None:
            await member.send_dm("hello in private")
        else:
            await member.send(channel, f"{me} hello")
        return len(server.fake.chat_requests()) - before == 1

    assert not await answered(server.alice, lounge) and await answered(server.alice, server.games), ".env blocks the lounge"

    assert await server.set("chat_blocked_channels", "none") == "`chat_blocked_channels` is now none here."
    assert await answered(server.alice, lounge), "this server lifted .env's block"

    assert await server.set("chat_channels", f"<#{server.games.id}>") == f"`chat_channels` is now {server.games.id} here."
    assert not await answered(server.alice, lounge)
    assert await answered(server.alice, server.games)
    assert [m.author.id for m in server.games.history()][-1] == server.bot.user.id, "the bot replied in #games"
    assert await answered(bob, their_general), "another server keeps .env (every channel)"
    assert await answered(server.alice, None), "a direct message has no server: .env applies"

    shown = (await server.mod.slash(server.general, "mod settings show")).response.content
    assert f"`chat_channels` = <#{server.games.id}> (set here) — channels where the bot chats (none: everywhere)" in shown
    assert "`chat_blocked_channels` = none (set here)" in shown

    assert await server.set("chat_channels", "default") == "`chat_channels` is back to the default here."
    assert await server.set("chat_blocked_channels", "default") == "`chat_blocked_channels` is back to the default here."
    assert not await answered(server.alice, lounge), ".env's block is back"
    assert await answered(server.alice, server.general)
    shown = (await server.mod.slash(server.general, "mod settings show")).response.content
    assert "`chat_channels` = none (default)" in shown and f"`chat_blocked_channels` = <#{lounge.id}> (default)" in shown
    stored = query(database_url, "SELECT Name, Value FROM GuildSetting ORDER BY ChangeSeq")
    assert stored == [("chat_allowed_channel_ids", None), ("chat_blocked_channel_ids", None)]


def wait_for(ask, condition, timeout: float = 10.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        answer = ask()
        if condition(answer) or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)


@pytest.fixture
def second_process(tmp_path: Path, database_url: str, llm_server: FakeLLMServer, server: Server) -> Iterator[MemberProcess]:
    process = MemberProcess("second", database_url, llm_server.base_url, tmp_path, housekeeping=False, coherence_poll_seconds=0.2)
    process.wait_ready()
    yield process
    process.close()


@pytest.mark.slow
async def test_a_setting_changed_in_the_bot_changes_the_monitor_of_a_second_process(
    server: Server, second_process: MemberProcess
) -> None:
    def monitor() -> dict:
        return second_process.ask("monitor", guild=server.guild.id, channel=server.games.id, texts=["you idiot"])

    assert monitor() == {"watches": False, "actions": ["warn"], "mode": "act"}
    await server.set("channels", f"<#{server.games.id}>")
    await server.set("mode", "observe")
    seen = wait_for(monitor, lambda answer: answer["watches"] and answer["mode"] == "observe")
    assert seen["watches"] and seen["mode"] == "observe" and seen["actions"][0] == "warn"
    await server.set("toxicity_threshold", "0.95")
    assert wait_for(monitor, lambda answer: not answer["actions"])["actions"] == []
    other_server = second_process.ask("monitor", guild=server.guild.id + 1, channel=server.games.id, texts=["you idiot"])
    assert not other_server["watches"] and other_server["mode"] == "act", "another server keeps the defaults"
    assert other_server["actions"][0] == "warn", "and the default threshold"


@pytest.mark.slow
async def test_chat_channels_set_in_the_bot_reach_a_second_process_at_its_poll(
    server: Server, second_process: MemberProcess
) -> None:
    def chats(channel: simcord.ChannelHandle, guild: int | None = server.guild.id) -> bool:
        return second_process.ask("chat_access", guild=guild, channel=channel.id)["chats"]

    assert chats(server.general) and chats(server.games)
    await server.set("chat_channels", f"<#{server.games.id}>")
    assert wait_for(lambda: {"chats": chats(server.general)}, lambda answer: not answer["chats"])["chats"] is False
    assert chats(server.games), "the allowed channel still chats"
    assert chats(server.general, guild=server.guild.id + 1), "another server keeps .env"
    await server.set("chat_channels", "default")
    assert wait_for(lambda: {"chats": chats(server.general)}, lambda answer: answer["chats"])["chats"] is True
