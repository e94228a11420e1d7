"""Moderating with cases, as moderators and members see it: the real `BCSBot` in simcord's in-memory Discord.

Every warning and timeout is a case numbered per server; moderators list a member's cases, undo one,
reset a member and give a case their own reason; `forget all` blanks the member's words in their cases
and keeps the cases.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import discord
import pytest
import pytest_asyncio
import simcord
from fake_llm import FakeLLM
from monitor_fakes import Analyst
from shared_database import query
from simcord.backend.errors import SetupError

from bot import BCSBot

WAIT = 30.0


@dataclass
class Server:
    env: simcord.Env
    bot: BCSBot
    guild: simcord.GuildHandle
    general: simcord.ChannelHandle
    modlog: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    mod: simcord.MemberActor

    async def say(self, member: simcord.MemberActor, *texts: str) -> None:
        """Each text in its own batch (the batch goes after the wait)."""
        for text in texts:
            await member.send(self.general, text)
            await self.env.advance_time(WAIT + 1)

    def offenses(self, member: simcord.MemberActor) -> int:
        return self.bot.services.monitor_state.get_user(member.id).offense_count


@pytest.fixture
def bot_settings() -> dict[str, object]:
    return {"sentiment_batch_size": 5, "sentiment_batch_seconds": WAIT, "timeout_after_offenses": 3}


@pytest_asyncio.fixture
async def server(simcord_env: simcord.Env, simcord_bot: BCSBot, fake_llm: FakeLLM) -> Server:
    env = simcord_env
    await simcord_bot.tree.sync()
    fake_llm.tools["report_analysis"] = Analyst()
    guild = env.create_guild()
    general = guild.create_text_channel("general")
    modlog = guild.create_text_channel("mod-log")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    simcord_bot.settings.sentiment_channel_ids = [general.id]
    simcord_bot.settings.mod_log_channel_id = modlog.id
    return Server(
        env,
        simcord_bot,
        guild,
        general,
        modlog,
        guild.add_member(env.create_user("alice")),
        guild.add_member(env.create_user("bob")),
        guild.add_member(env.create_user("mod"), roles=[mods]),
    )


CASE_LINE = re.compile(r"`#(\d+)` (warning|timeout [\d.]+ min) · (\w+) · \d{4}-\d\d-\d\d \d\d:\d\d UTC · (.+?) — (.+)")


def cases_listed(content: str) -> list[tuple[str, ...]]:
    return [m.groups() for m in map(CASE_LINE.fullmatch, content.splitlines()[1:]) if m]


async def test_a_moderator_lists_unwarns_resets_and_gives_reasons(server: Server, database_url) -> None:
    await server.say(server.alice, "you idiot", "what a loser")
    await server.say(server.bob, "trash talk, trash player")
    await server.say(server.alice, "idiot again")
    assert server.offenses(server.alice) == 3 and server.offenses(server.bob) == 1

    listed = await server.mod.slash(server.general, "mod warnings", member=server.alice)
    assert listed.ephemeral
    assert listed.response.content.splitlines()[0] == "**Cases of alice** (3 standing of 3 listed cases, newest first)"
    assert cases_listed(listed.response.content) == [
        ("4", "timeout 10 min", "insult", "done by the monitor", "insult 0.92 (recent offenses: 3)"),
        ("2", "warning", "insult", "done by the monitor", "insult 0.92 (recent offenses: 2)"),
        ("1", "warning", "insult", "done by the monitor", "insult 0.92 (recent offenses: 1)"),
    ]

    undone = await server.mod.slash(server.general, "mod unwarn", case=2)
    assert undone.response.content.startswith(f"Case #2 undone: <@{server.alice.id}>'s recent offenses are down by 1 (now 2).")
    assert "timeout" not in undone.response.content
    assert server.offenses(server.alice) == 2
    again = await server.mod.slash(server.general, "mod unwarn", case=2)
    assert again.response.content == "Case #2 was already undone or dismissed; nothing changed."
    missing = await server.mod.slash(server.general, "mod unwarn", case=99)
    assert missing.response.content == "There is no case #99 here."
    assert server.offenses(server.alice) == 2

    lifted = await server.mod.slash(server.general, "mod unwarn", case=4)
    assert lifted.response.content.endswith("Their timeout is lifted.")
    unmute = [r for r in server.env.http_requests if r.method == "PATCH" and r.path.endswith(f"/members/{server.alice.id}")]
    assert [r.json["communication_disabled_until"] is None for r in unmute] == [False, True]

    reset = await server.mod.slash(server.general, "mod reset", member=server.bob)
    assert reset.response.content == "bob's offenses are reset: 1 case undone, recent offenses 0."
    assert server.offenses(server.bob) == 0

    reasoned = await server.mod.slash(server.general, "mod reason", case=1, text="Name-calling after a lost match")
    assert reasoned.response.content == "Case #1's reason is now: Name-calling after a lost match"

    listed = await server.mod.slash(server.general, "mod warnings", member=server.alice)
    mod = f"<@{server.mod.id}>"
    assert [(n, state, why) for n, _a, _c, state, why in cases_listed(listed.response.content)] == [
        ("4", f"done by the monitor; undone by {mod}", "insult 0.92 (recent offenses: 3)"),
        ("2", f"done by the monitor; undone by {mod}", "insult 0.92 (recent offenses: 2)"),
        ("1", "done by the monitor", "Name-calling after a lost match"),
    ]
    bobs = await server.mod.slash(server.general, "mod warnings", member=server.bob)
    assert bobs.response.content.startswith("**Cases of bob** (0 standing of 1 listed case")
    stored = query(database_url, "SELECT CaseNumber, UserId, Excerpt FROM ModerationCase ORDER BY CaseNumber")
    assert stored == [
        (1, server.alice.id, "you idiot"),
        (2, server.alice.id, "what a loser"),
        (3, server.bob.id, "trash talk, trash player"),
        (4, server.alice.id, "idiot again"),
    ]


async def test_a_member_sees_none_of_it_and_a_case_of_another_server_is_not_found(server: Server) -> None:
    with pytest.raises(SetupError, match="not visible to this user"):
        await server.alice.slash(server.general, "mod warnings", member=server.bob)
    await server.say(server.alice, "you idiot")
    other = server.env.create_guild()
    mods = other.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    elsewhere = other.create_text_channel("general")
    their_mod = other.add_member(server.env.create_user("theirmod"), roles=[mods])
    answer = await their_mod.slash(elsewhere, "mod unwarn", case=1)
    assert answer.response.content == "There is no case #1 here."
    assert server.offenses(server.alice) == 1


async def test_forget_all_blanks_the_members_words_in_their_cases_and_keeps_the_cases(server: Server, database_url) -> None:
    await server.say(server.alice, "you idiot, my code is 4929 1234 5678 9012", "loser")
    await server.say(server.bob, "trash")
    [(excerpt,)] = query(database_url, "SELECT Excerpt FROM ModerationCase WHERE CaseNumber = 1")
    assert "4929" not in excerpt and excerpt.startswith("you idiot")
    exported = await server.alice.slash(server.general, "memory export")
    data = json.loads(await exported.response.attachments[0].read())
    assert [(c["case"], c["action"], c["excerpt"][:9]) for c in data["moderation_cases"]] == [
        (1, "warn", "you idiot"),
        (2, "warn", "loser"),
    ]

    prompt = await server.alice.slash(server.general, "memory forget", what="all")
    clicked = await server.alice.click(prompt.response, label="Forget everything")
    assert "2 moderation case excerpts" in clicked.response.content
    rows = query(database_url, "SELECT CaseNumber, UserId, Category, State, Excerpt FROM ModerationCase ORDER BY CaseNumber")
    assert rows == [
        (1, server.alice.id, "insult", "acted", None),
        (2, server.alice.id, "insult", "acted", None),
        (3, server.bob.id, "insult", "acted", "trash"),
    ]
    listed = await server.mod.slash(server.general, "mod warnings", member=server.alice)
    assert len(cases_listed(listed.response.content)) == 2
