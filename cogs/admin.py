"""Owner tools: syncing slash commands on demand (`@bot sync`, or `@bot sync guild` for this server)."""

from __future__ import annotations

from discord.ext import commands

from breehavior.wording import plural


class AdminCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.command(name="sync")
    @commands.is_owner()
    async def sync(self, ctx: commands.Context[commands.Bot], where: str = "global") -> None:
        """Sync application commands globally, or to this server only (instant, for testing)."""
        if where == "guild" and ctx.guild is not None:
            self.bot.tree.copy_global_to(guild=ctx.guild)
            synced = await self.bot.tree.sync(guild=ctx.guild)
        else:
            synced = await self.bot.tree.sync()
        await ctx.reply(f"Synced {plural(len(synced), 'command')} ({where}).")

    @sync.error
    async def sync_error(self, ctx: commands.Context[commands.Bot], error: commands.CommandError) -> None:
        if isinstance(error, commands.NotOwner):
            await ctx.reply("Only the bot owner can do that.")
            return
        raise error


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AdminCog(bot))
