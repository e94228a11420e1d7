"""`/memory` as members and moderators use it: the real bot in simcord's in-memory Discord."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import discord
import pytest
import pytest_asyncio
import simcord
from memory_seed import invalidate, seed_memory
from shared_database import query
from simcord.backend.errors import SetupError
from storage_calls import storage

from bot import BCSBot
from utils.storage.records import MemoryBatch, NewMemory


@dataclass
class Server:
    env: simcord.Env
    bot: BCSBot
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    mod: simcord.MemberActor
    guild_id: int = 0
    guild: simcord.GuildHandle | None = None

    async def seed(self, user_id: int, *texts: str, guild_id: int | None = None) -> list[int]:
        """Memories of ``user_id`` as if learned in ``guild_id`` (None: in direct messages)."""
        expires = datetime.now(UTC) + timedelta(days=3)
        services = self.bot.services
        return [
            await seed_memory(services, user_id, t, "tag", importance="high", expires_at=expires, guild_id=guild_id)
            for t in texts
        ]


@pytest_asyncio.fixture
async def server(simcord_env: simcord.Env, simcord_bot: BCSBot) -> Server:
    env = simcord_env
    await simcord_bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return Server(
        env,
        simcord_bot,
        channel,
        guild.add_member(env.create_user("alice")),
        guild.add_member(env.create_user("bob")),
        guild.add_member(env.create_user("mod"), roles=[mods]),
        guild.id,
        guild,
    )


async def test_show_is_ephemeral_and_lists_ids(server: Server) -> None:
    [memory_id] = await server.seed(server.alice.id, "Speedruns Hollow Knight.")
    result = await server.alice.slash(server.channel, "memory show")
    assert result.ephemeral
    [embed] = result.response.embeds
    assert f"#{memory_id} Speedruns Hollow Knight." in embed.description
    assert "from chat" in embed.description and "expires in 3 days" in embed.description


async def test_long_show_is_paginated(server: Server) -> None:
    await server.seed(server.alice.id, *[f"Owns plant number {i} called fern{i}." for i in range(23)])
    result = await server.alice.slash(server.channel, "memory show")
    assert result.response.embeds[0].footer.text.startswith("Page 1/3")
    turned = await server.alice.click(result.response, label="Next ▶")
    assert turned.response.embeds[0].footer.text.startswith("Page 2/3")


async def test_forget_one_and_refuse_someone_elses(server: Server, database_url) -> None:
    [mine] = await server.seed(server.alice.id, "Collects vinyl.")
    [bobs] = await server.seed(server.bob.id, "Bob collects coins.")
    refused = await server.alice.slash(server.channel, "memory forget", what=str(bobs))
    assert refused.ephemeral and "no memory" in refused.response.content.lower()
    done = await server.alice.slash(server.channel, "memory forget", what=str(mine))
    assert done.response.content.startswith(f"Forgot memory #{mine}. Gone: 1 memory")
    assert query(database_url, "SELECT Id FROM UserMemory") == [(bobs,)]


async def test_forget_all_needs_the_confirmation_button(server: Server, database_url) -> None:
    await server.seed(server.alice.id, "Plays the cello.", "Has twin sisters.")
    prompt = await server.alice.slash(server.channel, "memory forget", what="all")
    assert prompt.ephemeral and query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(2,)]
    clicked = await server.alice.click(prompt.response, label="Forget everything")
    assert "Forgot everything: 2 memories" in clicked.response.content
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]


async def test_cancel_keeps_everything(server: Server, database_url) -> None:
    await server.seed(server.alice.id, "Plays the cello.")
    prompt = await server.alice.slash(server.channel, "memory forget", what="all")
    clicked = await server.alice.click(prompt.response, label="Cancel")
    assert "nothing was forgotten" in clicked.response.content
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(1,)]


async def test_export_is_an_ephemeral_json_file_of_only_my_data(server: Server) -> None:
    [mine] = await server.seed(server.alice.id, "Bakes sourdough.")
    await server.seed(server.bob.id, "Bob brews beer.")
    result = await server.alice.slash(server.channel, "memory export")
    assert result.ephemeral
    [attachment] = result.response.attachments
    data = json.loads(await attachment.read())
    assert [m["id"] for m in data["memories"]] == [mine]
    assert "beer" not in json.dumps(data)


async def test_optout_and_optin(server: Server, database_url) -> None:
    await server.seed(server.alice.id, "Bakes sourdough.")
    result = await server.alice.slash(server.channel, "memory optout")
    assert result.ephemeral and "Opted out" in result.response.content
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]
    again = await server.alice.slash(server.channel, "memory optout")
    assert "already" in again.response.content
    back = await server.alice.slash(server.channel, "memory optin")
    assert "Welcome back" in back.response.content


async def test_admin_can_show_and_forget_a_member_and_others_are_refused(server: Server, database_url) -> None:
    [alices] = await server.seed(server.alice.id, "Is studying for the bar exam.", guild_id=server.guild_id)
    with pytest.raises(SetupError, match="not visible to this user"):
        await server.bob.slash(server.channel, "memory-admin show", member=server.alice)
    # A server admin may let others see the command; the bot's own check still refuses them.
    [admin] = [c for c in await server.bot.tree.fetch_commands() if c.name == "memory-admin"]
    assert server.guild is not None
    server.guild.set_command_permissions(admin, {server.bob: True})
    refused = await server.bob.slash(server.channel, "memory-admin show", member=server.alice)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    refused = await server.bob.slash(server.channel, "memory-admin forget", member=server.alice, what=str(alices))
    assert "Manage Server" in refused.response.content
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(1,)]

    shown = await server.mod.slash(server.channel, "memory-admin show", member=server.alice)
    assert "bar exam" in shown.response.embeds[0].description
    forgot = await server.mod.slash(server.channel, "memory-admin forget", member=server.alice, what=str(alices))
    assert forgot.response.content.startswith(f"Forgot memory #{alices}. Gone: 1 memory")
    assert query(database_url, "SELECT Actor FROM MemoryAudit WHERE Action = 'forgotten'") == [(f"admin:{server.mod.id}",)]


async def test_admin_can_forget_a_member_who_left(server: Server, database_url) -> None:
    ghost = server.env.create_user("ghost")
    await server.seed(ghost.id, "Used to run the book club.", guild_id=server.guild_id)
    prompt = await server.mod.slash(server.channel, "memory-admin forget", member=ghost, what="all")
    clicked = await server.mod.click(prompt.response, label="Forget everything")
    assert "Forgot everything learned in this server: 1 memory" in clicked.response.content
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(0,)]


async def test_a_manager_reaches_only_their_server_never_direct_messages(
    simcord_env: simcord.Env, server: Server, database_url
) -> None:
    """MEMORY_SCOPE=global (the default): a Manage-Server holder reads only what was learned in their server,
    only about its members; what a member said in DMs or another server stays out of reach."""
    [here] = await server.seed(server.alice.id, "Is learning the cello.", guild_id=server.guild_id)
    [in_dms] = await server.seed(server.alice.id, "Told me in DMs about a health issue.")
    [elsewhere] = await server.seed(server.alice.id, "Plays in another server's league.", guild_id=server.guild_id + 1)
    shown = await server.mod.slash(server.channel, "memory-admin show", member=server.alice)
    description = shown.response.embeds[0].description
    assert f"#{here} " in description and "DMs" not in description and "league" not in description
    for other in (in_dms, elsewhere):
        refused = await server.mod.slash(server.channel, "memory-admin forget", member=server.alice, what=str(other))
        assert refused.response.content.startswith(f"There is no memory #{other}")
    assert query(database_url, "SELECT COUNT(*) FROM UserMemory") == [(3,)]

    stranger = simcord_env.create_user("stranger")
    await server.seed(stranger.id, "Lives in Lyon.")
    peek = await server.mod.slash(server.channel, "memory-admin show", member=stranger)
    assert "not in this server" in peek.response.content and not peek.response.embeds


async def test_bad_forget_arguments_get_a_clear_answer(server: Server) -> None:
    garbage = await server.alice.slash(server.channel, "memory forget", what="the thing")
    assert garbage.ephemeral and "memory id" in garbage.response.content
    recent = await server.alice.slash(server.channel, "memory forget", what="recent")
    assert "how far back" in recent.response.content


async def _changes(server: Server, user_id: int, slot: str, values: list[str]) -> list[int]:
    """One slot's values learned a day apart, each replacing the one before; returns their ids."""
    services = server.bot.services
    ids: list[int] = []
    start = datetime.now(UTC) - timedelta(days=len(values))
    for step, text in enumerate(values):
        new = NewMemory(user_id, text, (slot,), "high", datetime.now(UTC) + timedelta(days=3), "chat", server.guild_id, slot)
        batch = MemoryBatch(user_id, inserts=[new], supersede_ids=ids[-1:])
        ids += await storage(services.db).apply_memory_batch(batch, now=start + timedelta(days=step))
    invalidate(services.memory, user_id)
    return ids


async def test_history_is_ephemeral_shows_what_each_fact_replaced_and_is_paged(server: Server) -> None:
    empty = await server.alice.slash(server.channel, "memory history")
    assert empty.ephemeral and "No fact of yours has changed yet" in empty.response.embeds[0].description
    lyon, paris = await _changes(server, server.alice.id, "home", ["Lives in Lyon.", "Lives in Paris."])
    await _changes(server, server.bob.id, "home", ["Lives in Oslo.", "Lives in Bergen."])
    result = await server.alice.slash(server.channel, "memory history")
    assert result.ephemeral
    [embed] = result.response.embeds
    assert f"now: #{paris} Lives in Paris." in embed.description
    assert f"before: #{lyon} Lives in Lyon. (" in embed.description and "→" in embed.description
    assert "Oslo" not in embed.description and "Bergen" not in embed.description, "only the member's own facts"
    assert embed.footer.text.startswith("Page 1/1")

    for n in range(40):
        await _changes(
            server, server.alice.id, f"plant_{n}", [f"Waters fern number {n} daily.", f"Waters fern number {n} weekly."]
        )
    paged = await server.alice.slash(server.channel, "memory history")
    footer = paged.response.embeds[0].footer.text
    assert footer.startswith("Page 1/") and not footer.startswith("Page 1/1 ")
    turned = await server.alice.click(paged.response, label="Next ▶")
    assert turned.response.embeds[0].footer.text.startswith("Page 2/")
