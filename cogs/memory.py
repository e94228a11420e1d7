"""MemoryCog: `/memory` slash commands — members see, forget, export, pause or switch off what the bot remembers.

Thin glue: every action is `utils.members.commands` (the terminal chat runs the same
code through `run_memory_command`), and the descriptions come from its help table;
this cog adds what only Discord has — embeds with pages, a confirmation button for
`forget all`, a JSON file for `export`, and the admin subcommands (Manage Server or
the bot owner). Every answer is ephemeral.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from cogs.admin import is_manager
from utils.members import (
    HISTORY_HEADER,
    STORAGE_DOWN,
    ForgetAll,
    MemberDesk,
    MemberOverview,
    MemoryAction,
    OptIn,
    OptOut,
    Pause,
    Resume,
    admin_scope,
    description,
    export_json,
    history_pages,
    member_actor,
    memory_line,
    pages,
    profile_text,
    run_memory_action,
    slash_forget,
    status_line,
)
from utils.storage import DatabaseError, MemoryScope

if TYPE_CHECKING:
    from bot import BCSBot

logger = logging.getLogger(__name__)

T = TypeVar("T")

CONFIRM_SECONDS = 60
DEFER_AFTER_SECONDS = 2.0
"""Discord wants an answer within 3 s; slower storage gets a "thinking…" first."""
EMBED_COLOUR = discord.Colour.blurple()
NOT_ADMIN = "Only members with Manage Server (or the bot owner) can look at or erase someone else's memory."
NOT_HERE = "That member is not in this server: you can erase what was learned here, not read it."


def overview_embed(overview: MemberOverview, title: str, page: int) -> discord.Embed:
    chunks = pages(overview.memories)
    lines = [memory_line(m) for m in chunks[page]] or ["No memories."]
    embed = discord.Embed(title=title, colour=EMBED_COLOUR, description="\n".join(lines))
    embed.add_field(name="Profile (forget one: /memory forget fact <n>)", value=profile_text(overview)[:1024], inline=False)
    embed.add_field(name="Status", value=status_line(overview), inline=False)
    embed.set_footer(text=f"Page {page + 1}/{len(chunks)} · /memory forget <id> removes one, /memory forget all everything")
    return embed


def _member_of(user: discord.abc.User, guild_id: int) -> bool:
    """Whether the user Discord resolved for this command is a member of the server it was used in."""
    return isinstance(user, discord.Member) and user.guild.id == guild_id


class _Pages(discord.ui.View):
    """Previous/next buttons over ``count`` pages; each kind of list says what one page shows."""

    def __init__(self, count: int) -> None:
        super().__init__(timeout=300)
        self.page, self.count = 0, count
        self._sync_buttons()

    def embed(self) -> discord.Embed:
        raise NotImplementedError

    def _sync_buttons(self) -> None:
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page >= self.count - 1

    async def _show(self, interaction: discord.Interaction) -> None:
        self._sync_buttons()
        await interaction.response.edit_message(embed=self.embed(), view=self)

    @discord.ui.button(label="◀ Previous", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, _button: discord.ui.Button[_Pages]) -> None:
        self.page = max(0, self.page - 1)
        await self._show(interaction)

    @discord.ui.button(label="Next ▶", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, _button: discord.ui.Button[_Pages]) -> None:
        self.page = min(self.count - 1, self.page + 1)
        await self._show(interaction)


class OverviewPages(_Pages):
    """Previous/next buttons over a long `/memory show`."""

    def __init__(self, overview: MemberOverview, title: str) -> None:
        self.overview, self.title = overview, title
        super().__init__(len(pages(overview.memories)))

    def embed(self) -> discord.Embed:
        return overview_embed(self.overview, self.title, self.page)


def history_embed(chunks: list[str], page: int) -> discord.Embed:
    embed = discord.Embed(title="What changed", colour=EMBED_COLOUR, description=chunks[page])
    embed.set_footer(text=f"Page {page + 1}/{len(chunks)} · {HISTORY_HEADER}"[:2048])
    return embed


class HistoryPages(_Pages):
    """Previous/next buttons over a long `/memory history`."""

    def __init__(self, chunks: list[str]) -> None:
        self.chunks = chunks
        super().__init__(len(chunks))

    def embed(self) -> discord.Embed:
        return history_embed(self.chunks, self.page)


class ConfirmForgetAll(discord.ui.View):
    """Erasing everything is final, so it takes a second, deliberate click."""

    def __init__(self, desk: MemberDesk, user_id: int, actor: str, requester_id: int, scope: MemoryScope) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.desk, self.user_id, self.actor, self.requester_id, self.scope = desk, user_id, actor, requester_id, scope

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.requester_id

    @discord.ui.button(label="Forget everything", style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction, _button: discord.ui.Button[ConfirmForgetAll]) -> None:
        self.stop()
        text = await run_memory_action(self.desk, self.user_id, ForgetAll(), actor=self.actor, scope=self.scope)
        await interaction.response.edit_message(content=text, view=None)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction, _button: discord.ui.Button[ConfirmForgetAll]) -> None:
        self.stop()
        await interaction.response.edit_message(content="Cancelled; nothing was forgotten.", view=None)


class MemoryCog(commands.Cog):
    memory = app_commands.Group(name="memory", description="See and control what the bot remembers about you")
    admin = app_commands.Group(
        name="memory-admin",
        description="Moderators: see or erase a member's memory (what was learned in this server)",
        default_permissions=discord.Permissions(manage_guild=True),
    )
    """Top level, so Discord hides it from members without Manage Server; `is_manager` still decides."""

    def __init__(self, bot: BCSBot) -> None:
        self.bot = bot
        self.desk: MemberDesk = bot.services

    # ------------------------------------------------------------------ member commands
    @memory.command(name="show", description=description("show"))
    async def show(self, interaction: discord.Interaction) -> None:
        await self._send_overview(interaction, interaction.user, "What I remember about you", MemoryScope.GLOBAL)

    @memory.command(name="history", description=description("history"))
    async def history(self, interaction: discord.Interaction) -> None:
        try:
            histories = await self._in_time(interaction, self.desk.members.history(interaction.user.id))
        except DatabaseError:
            await self._say(interaction, content=STORAGE_DOWN)
            return
        chunks = history_pages(histories)
        if len(chunks) > 1:
            await self._say(interaction, embed=history_embed(chunks, 0), view=HistoryPages(chunks))
        else:
            await self._say(interaction, embed=history_embed(chunks, 0))

    @memory.command(
        name="forget", description="Forget one memory (#id), a profile fact (P1), everything ('all') or recent learning"
    )
    @app_commands.describe(
        what="a memory id or a profile fact (P1) from /memory show, 'all', or 'recent'",
        minutes="with 'recent': how many minutes back",
    )
    async def forget(
        self, interaction: discord.Interaction, what: str, minutes: app_commands.Range[int, 1, 43200] | None = None
    ) -> None:
        await self._forget(interaction, interaction.user.id, what, minutes, actor="member", scope=MemoryScope.GLOBAL)

    @forget.autocomplete("what")
    async def forget_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        choices = [app_commands.Choice(name="all — everything, after a confirmation", value="all")]
        choices.append(app_commands.Choice(name="recent — what I learned in the last N minutes", value="recent"))
        try:
            overview = await self.desk.members.overview(interaction.user.id)
        except DatabaseError:
            return choices
        for number, fact in enumerate(overview.facts, start=1):
            choices.append(app_commands.Choice(name=f"P{number} {fact} (profile)"[:100], value=f"p{number}"))
        for m in overview.memories:
            choices.append(app_commands.Choice(name=f"#{m.id} {m.memory}"[:100], value=str(m.id)))
        needle = current.casefold().lstrip("#")
        return [c for c in choices if needle in c.name.casefold()][:25]

    @memory.command(name="export", description=description("export"))
    async def export(self, interaction: discord.Interaction) -> None:
        try:
            data = await self._in_time(interaction, self.desk.members.export(interaction.user.id, actor="member"))
        except DatabaseError:
            await self._say(interaction, content=STORAGE_DOWN)
            return
        file = discord.File(io.BytesIO(export_json(data).encode("utf-8")), filename=f"memory-{interaction.user.id}.json")
        await self._say(interaction, content="Here is everything I keep about you.", file=file)

    @memory.command(name="optout", description=description("optout"))
    async def optout(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, interaction.user.id, OptOut())

    @memory.command(name="optin", description=description("optin"))
    async def optin(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, interaction.user.id, OptIn())

    @memory.command(name="pause", description=description("pause"))
    @app_commands.describe(minutes="how long to pause (default 60)")
    async def pause(self, interaction: discord.Interaction, minutes: app_commands.Range[int, 1, 10080] = 60) -> None:
        await self._run(interaction, interaction.user.id, Pause(minutes))

    @memory.command(name="resume", description=description("resume"))
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, interaction.user.id, Resume())

    # ------------------------------------------------------------------ admin commands
    @admin.command(name="show", description="What I remember about a member")
    async def admin_show(self, interaction: discord.Interaction, member: discord.User) -> None:
        if await self._refused(interaction):
            return
        if interaction.guild_id is not None and not _member_of(member, interaction.guild_id):
            await self._say(interaction, content=NOT_HERE)
            return
        title = f"What I remember about {member.display_name}"
        await self._send_overview(interaction, member, title, admin_scope(interaction.guild_id))

    @admin.command(name="forget", description="Erase one memory (#id), or everything ('all'), of a member")
    @app_commands.describe(what="a memory id, 'all', or 'recent'", minutes="with 'recent': how many minutes back")
    async def admin_forget(
        self,
        interaction: discord.Interaction,
        member: discord.User,
        what: str,
        minutes: app_commands.Range[int, 1, 43200] | None = None,
    ) -> None:
        if await self._refused(interaction):
            return
        actor = member_actor(member.id, interaction.user.id)
        await self._forget(interaction, member.id, what, minutes, actor=actor, scope=admin_scope(interaction.guild_id))

    # ------------------------------------------------------------------ helpers
    async def _refused(self, interaction: discord.Interaction) -> bool:
        if await is_manager(self.bot, interaction):
            return False
        await self._say(interaction, content=NOT_ADMIN)
        return True

    async def _send_overview(
        self, interaction: discord.Interaction, user: discord.abc.User, title: str, scope: MemoryScope
    ) -> None:
        try:
            overview = await self._in_time(interaction, self.desk.members.overview(user.id, scope=scope))
        except DatabaseError:
            await self._say(interaction, content=STORAGE_DOWN)
            return
        view = OverviewPages(overview, title)
        embed = overview_embed(overview, title, 0)
        if view.count > 1:
            await self._say(interaction, embed=embed, view=view)
        else:
            await self._say(interaction, embed=embed)

    async def _forget(
        self,
        interaction: discord.Interaction,
        user_id: int,
        what: str,
        minutes: int | None,
        *,
        actor: str,
        scope: MemoryScope,
    ) -> None:
        action = slash_forget(what, minutes)
        if isinstance(action, str):
            await self._say(interaction, content=action)
            return
        if isinstance(action, ForgetAll):
            view = ConfirmForgetAll(self.desk, user_id, actor, interaction.user.id, scope)
            where = "learned in this server" if scope.restricted else "and the profile"
            await self._say(interaction, content=f"This erases every memory {where}, for good. Sure?", view=view)
            return
        await self._run(interaction, user_id, action, actor=actor, scope=scope)

    async def _run(
        self,
        interaction: discord.Interaction,
        user_id: int,
        action: MemoryAction,
        *,
        actor: str = "member",
        scope: MemoryScope = MemoryScope.GLOBAL,
    ) -> None:
        text = await self._in_time(interaction, run_memory_action(self.desk, user_id, action, actor=actor, scope=scope))
        await self._say(interaction, content=text)

    @staticmethod
    async def _in_time(interaction: discord.Interaction, work: Awaitable[T]) -> T:
        """Await ``work``; if storage is slow, acknowledge the command first so Discord does not time it out."""
        task = asyncio.ensure_future(work)
        done, _pending = await asyncio.wait({task}, timeout=DEFER_AFTER_SECONDS)
        if not done:
            await interaction.response.defer(ephemeral=True, thinking=True)
        return await task

    @staticmethod
    async def _say(interaction: discord.Interaction, **message: Any) -> None:
        """Answer ephemerally, as the response or, after a defer, as its follow-up."""
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, **message)
        else:
            await interaction.response.send_message(ephemeral=True, **message)


async def setup(bot: BCSBot) -> None:
    await bot.add_cog(MemoryCog(bot))
