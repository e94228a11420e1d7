"""Owner tools (`@bot sync`) and the one permission check of every manager command (/memory-admin, /bcs).

Managers are members with Manage Server in the server the command is used in, and
the bot owner; Discord also hides top-level manager commands from everyone else
(`app_commands.default_permissions(manage_guild=True)`), this check is what decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from utils.wording import plural

if TYPE_CHECKING:
    from bot import BCSBot

NOT_A_MANAGER = "You need the Manage Server permission (or to own the bot) for that."


async def is_manager(bot: commands.AutoShardedBot, interaction: discord.Interaction) -> bool:
    """Manage Server in this server, or the bot owner: the rule of every manager command."""
    permissions = getattr(interaction.user, "guild_permissions", None)
    if interaction.guild_id is not None and permissions is not None and permissions.manage_guild:
        return True
    return await bot.is_owner(interaction.user)


async def refused(bot: commands.AutoShardedBot, interaction: discord.Interaction, refusal: str = NOT_A_MANAGER) -> bool:
    """Answer ``refusal`` (ephemeral) and return True unless the user is a manager: ``if await refused(...): return``."""
    if await is_manager(bot, interaction):
        return False
    await interaction.response.send_message(refusal, ephemeral=True)
    return True


class AdminCog(commands.Cog):
    def __init__(self, bot: BCSBot) -> None:
        self.bot = bot

    @commands.command(name="sync")
    @commands.is_owner()
    async def sync(self, ctx: commands.Context[BCSBot], where: str = "global") -> None:
        """Sync application commands globally, or to this server only (instant, for testing)."""
        if where == "guild" and ctx.guild is not None:
            self.bot.tree.copy_global_to(guild=ctx.guild)
            synced = await self.bot.tree.sync(guild=ctx.guild)
        else:
            synced = await self.bot.tree.sync()
        await ctx.reply(f"Synced {plural(len(synced), 'command')} ({where}).")

    @sync.error
    async def sync_error(self, ctx: commands.Context[BCSBot], error: commands.CommandError) -> None:
        if isinstance(error, commands.NotOwner):
            await ctx.reply("Only the bot owner can do that.")
            return
        raise error


async def setup(bot: BCSBot) -> None:
    await bot.add_cog(AdminCog(bot))
