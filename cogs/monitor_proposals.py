"""The Confirm and Dismiss buttons on a proposal in the mod log (`MonitorCog` posts them and decides the case).

They are answered by their custom_id alone, so they work after a restart and in any process.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands


@runtime_checkable
class DecidesProposals(Protocol):
    """What a button needs of the monitor's cog: deciding the case. A protocol, not the cog's class, so this module
    and ``cogs.monitor`` (which posts the buttons) do not import each other."""

    async def decide_proposal(self, interaction: discord.Interaction, case_id: int, *, confirm: bool) -> None: ...


class ProposalButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"bcs:case:(?P<verb>confirm|dismiss):(?P<case>\d+)"
):
    """Confirm or Dismiss on a proposal in the mod log; the custom_id carries the case id, nothing else is needed."""

    def __init__(self, verb: str, case_id: int) -> None:
        confirm = verb == "confirm"
        super().__init__(
            discord.ui.Button(
                label="Confirm" if confirm else "Dismiss",
                style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
                custom_id=f"bcs:case:{verb}:{case_id}",
            )
        )
        self.verb = verb
        self.case_id = case_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ProposalButton:
        return cls(match["verb"], int(match["case"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        cog = client.get_cog("MonitorCog") if isinstance(client, commands.Bot | commands.AutoShardedBot) else None
        if not isinstance(cog, DecidesProposals):
            await interaction.response.send_message("The monitor is not running here.", ephemeral=True)
            return
        await cog.decide_proposal(interaction, self.case_id, confirm=self.verb == "confirm")


def proposal_view(case_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ProposalButton("confirm", case_id))
    view.add_item(ProposalButton("dismiss", case_id))
    return view
