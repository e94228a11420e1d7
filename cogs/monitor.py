"""MonitorCog: Discord glue for the behaviour monitor (`utils.monitor`).

Turns member messages in watched channels (and their edits and deletions) into
`ObservedMessage` calls on `MonitorService`, carries out the actions the monitor
decides (a warning reply, a timeout when the bot may give one, a gentle redirect),
logs every action and mirrors it as an embed in the mod-log channel, and offers
`/bcs status` to members and the moderator commands under `/mod`. The decisions live in `utils.monitor`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.admin import refused
from cogs.monitor_proposals import ProposalButton, proposal_view
from utils.guild_settings import DEFAULT, SERVER_SETTINGS, SettingRefused, settings_text
from utils.monitor import (
    ACTED,
    OBSERVE_RESULT,
    OBSERVED,
    PROPOSED,
    REFUSAL,
    TITLES,
    Action,
    ActionKind,
    BatchOutcome,
    MemberDecision,
    ObservedMessage,
    case_line,
    cases_text,
    decision_from_case,
    extras,
    immunity_text,
    member_status,
    message_link,
    mod_log_fields,
    moderator,
    one_decision_per_member,
    own_status_text,
    prepare_content,
    proposal_expiry,
    proposal_outcome,
    reason_text,
    reset_text,
    setting_text,
    status_text,
    timed_out_text,
    unwarn_text,
    user_notes_text,
)
from utils.storage import ModerationCaseRecord

if TYPE_CHECKING:
    from bot import BCSBot

logger = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
WATCHED_TYPES = (discord.MessageType.default, discord.MessageType.reply)
COLOURS = {
    ActionKind.WARN: discord.Colour.orange(),
    ActionKind.TIMEOUT: discord.Colour.red(),
    ActionKind.REDIRECT: discord.Colour.blue(),
}
OBSERVED_COLOUR = discord.Colour.light_grey()


def _extras(message: discord.Message) -> tuple[str, ...]:
    return extras(((a.content_type, a.filename) for a in message.attachments), (s.name for s in message.stickers))


class MonitorCog(commands.Cog):
    bcs = app_commands.Group(name="bcs", description="Your standing with the behaviour monitor", guild_only=True)
    mod = app_commands.Group(
        name="mod",
        description="Moderation: members' warnings, cases and this server's settings (Manage Server)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )
    """Discord applies ``default_permissions`` to top-level commands only, so every moderator command lives here:
    members never see them listed; `refused` still decides, as a server can grant the group to anyone."""
    server_settings = app_commands.Group(name="settings", description="This server's monitor and chat settings", parent=mod)

    def __init__(self, bot: BCSBot) -> None:
        self.bot = bot
        self.settings = bot.settings
        self.monitor = bot.services.monitor
        self.monitor_state = bot.services.monitor_state
        self.cases = bot.services.cases
        self.guild_settings = bot.services.guild_settings

    async def cog_load(self) -> None:
        self.monitor.set_handler(self.carry_out)
        # Proposal buttons are answered by their custom_id alone, so they work after a restart and in any process.
        self.bot.add_dynamic_items(ProposalButton)

    async def cog_unload(self) -> None:
        """Waiting batches are analysed now; shutdown waits for them before flushing state."""
        self.bot.remove_dynamic_items(ProposalButton)
        self.monitor.flush_pending()

    # ------------------------------------------------------------------ watching
    def _watched_channel_id(self, channel: discord.abc.Messageable) -> int:
        if isinstance(channel, discord.Thread) and channel.parent_id:
            return channel.parent_id
        return getattr(channel, "id", 0)

    def _observed(self, message: discord.Message) -> ObservedMessage | None:
        content = prepare_content(message.clean_content, _extras(message), max_chars=self.settings.sentiment_max_message_chars)
        if content is None:
            return None
        channel = message.channel
        topic = getattr(channel, "topic", None) or getattr(getattr(channel, "parent", None), "topic", None) or ""
        return ObservedMessage(
            message_id=message.id,
            channel_id=channel.id,
            channel_name=getattr(channel, "name", None) or str(channel.id),
            author_id=message.author.id,
            author_name=message.author.display_name,
            content=content,
            created_at=message.created_at,
            guild_id=message.guild.id if message.guild else None,
            channel_topic=topic,
            parent_id=channel.parent_id if isinstance(channel, discord.Thread) else None,
        )

    def _watches(self, message: discord.Message) -> bool:
        return (
            message.guild is not None
            and not message.author.bot
            and message.webhook_id is None
            and message.type in WATCHED_TYPES
            and self.monitor.watches(self._watched_channel_id(message.channel), message.guild.id)
        )

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if not self._watches(message):
            return
        observed = self._observed(message)
        if observed is None:
            logger.debug("Message %s has no text to analyse (attachments or stickers only).", message.id)
            return
        self.monitor.observe(observed)

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """Only a message still waiting in its batch is affected; analysed ones keep their verdict."""
        if "content" not in payload.data or not self.monitor.buffer.is_open(payload.channel_id):
            return
        message = payload.message
        content = prepare_content(message.clean_content, _extras(message), max_chars=self.settings.sentiment_max_message_chars)
        self.monitor.edited(payload.channel_id, payload.message_id, content)

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.monitor.deleted(payload.channel_id, {payload.message_id})

    @commands.Cog.listener()
    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        self.monitor.deleted(payload.channel_id, set(payload.message_ids))

    # ------------------------------------------------------------------ acting
    async def carry_out(self, outcome: BatchOutcome) -> None:
        """Do what the monitor decided: one decision (and one case) per member, then the redirects; a failed action
        is logged and the rest go on."""
        decisions, others = one_decision_per_member(outcome.actions)
        for decision in decisions:
            await self._act_on(decision)
        for action in others:
            title, colour = TITLES[action.kind], COLOURS[action.kind]
            if self.guild_settings.for_guild(action.message.guild_id).monitor_mode == "observe":
                title, colour, result = f"Observed: {title}", OBSERVED_COLOUR, OBSERVE_RESULT
            else:  # a nudge is no sanction: proposing it would only add work for the moderators
                result = await self._post(action)
            self._log_action(action.kind, action.message, action.reason, result)
            await self._mod_log(title, colour, action.message, action.reason, result)

    async def _act_on(self, decision: MemberDecision) -> None:
        """As the server's mode says: act now, propose it to the moderators, or only observe it."""
        m = decision.message
        title, colour = TITLES[decision.kind], COLOURS[decision.kind]
        mode = self.guild_settings.for_guild(m.guild_id).monitor_mode
        if mode == "observe":
            case = await self.cases.open(decision, OBSERVED)
            self._log_action(decision.kind, m, decision.reason, "observed only")
            await self._mod_log(f"Observed: {title}", OBSERVED_COLOUR, m, decision.reason, OBSERVE_RESULT, case)
            return
        if mode == "propose":
            expires = proposal_expiry()
            case = await self.cases.open(decision, PROPOSED, expires_at=expires)
            if case is None:
                self._log_action(decision.kind, m, decision.reason, "not proposed: the case could not be stored")
                return
            waiting = f"waiting for a moderator until <t:{int(expires.timestamp())}:t>"
            self._log_action(decision.kind, m, decision.reason, f"proposed as case #{case.number}")
            posted = await self._mod_log(f"Proposed: {title}", colour, m, decision.reason, waiting, case, proposal_view(case.id))
            if posted is None:
                logger.warning("Case #%s was proposed but no moderator can see it: set mod_log_channel.", case.number)
            return
        result = await self._carry(decision)
        case = await self.cases.open(decision, ACTED)
        self._log_action(decision.kind, m, decision.reason, result)
        await self._mod_log(title, colour, m, decision.reason, result, case)

    async def decide_proposal(self, interaction: discord.Interaction, case_id: int, *, confirm: bool) -> None:
        """A moderator's click on a proposal's button, in whichever process Discord sends it to: acts once."""
        if await refused(self.bot, interaction, REFUSAL):
            return
        change = await self.cases.decide(case_id, confirm=confirm, moderator_id=interaction.user.id)
        case = change.case
        if case is None:
            await interaction.response.send_message("That case no longer exists.", ephemeral=True)
            return
        if not change.changed:
            await interaction.response.send_message(
                f"Case #{case.number} was already answered: {case_line(case)}", ephemeral=True, allowed_mentions=NO_PINGS
            )
            return
        if confirm:
            _guild, member = await self._member(case.guild_id, case.user_id)
            name = member.display_name if member is not None else "there"
            public = self.guild_settings.for_guild(case.guild_id).sentiment_public_warnings
            outcome = proposal_outcome(interaction.user.mention, await self._carry(decision_from_case(case, name, public=public)))
        else:
            outcome = proposal_outcome(interaction.user.mention, None)
        logger.info("%s %s case #%s of %s.", interaction.user.id, case.state, case.number, case.user_id)
        embed = interaction.message.embeds[0] if interaction.message and interaction.message.embeds else None
        if embed is None:
            await interaction.response.send_message(f"Case #{case.number} {outcome}.", ephemeral=True, allowed_mentions=NO_PINGS)
            return
        embed.title = (embed.title or "").replace("Proposed", "Confirmed" if confirm else "Dismissed", 1)
        for index, embed_field in enumerate(embed.fields):
            if embed_field.name == "Result":
                embed.set_field_at(index, name="Result", value=outcome, inline=False)
        await interaction.response.edit_message(embed=embed, view=None, allowed_mentions=NO_PINGS)

    async def _carry(self, decision: MemberDecision) -> str:
        """The warning reply, and the timeout when one was earned; what happened, in words."""
        results = [await self._post(decision.warning)]
        if decision.timeout is not None:
            results.append(await self._timeout(decision.timeout))
        return "; ".join(results)

    def _log_action(self, kind: ActionKind, message: ObservedMessage, reason: str, result: str) -> None:
        logger.info(
            "Monitor %s for %s (%s) in #%s: %s; %s",
            kind,
            message.author_name,
            message.author_id,
            message.channel_name,
            reason,
            result,
        )

    async def _post(self, action: Action) -> str:
        if not action.public:
            return "not posted in the channel (SENTIMENT_PUBLIC_WARNINGS is off)"
        channel = self.bot.get_partial_messageable(action.message.channel_id, guild_id=action.message.guild_id)
        reference = channel.get_partial_message(action.message.message_id).to_reference(fail_if_not_exists=False)
        try:
            await channel.send(action.text, reference=reference, allowed_mentions=NO_PINGS)
        except discord.HTTPException as exc:
            return f"could not post it: {exc.text or exc.status}"
        return "posted in the channel"

    async def _member(self, guild_id: int | None, user_id: int) -> tuple[discord.Guild | None, discord.Member | None]:
        guild = self.bot.get_guild(guild_id or 0)
        if guild is None:
            return None, None
        try:
            return guild, guild.get_member(user_id) or await guild.fetch_member(user_id)
        except discord.HTTPException:
            return guild, None

    async def _timeout(self, action: Action) -> str:
        guild, member = await self._member(action.message.guild_id, action.message.author_id)
        if guild is None or action.duration is None:
            return "not timed out: the server is not available"
        if not guild.me.guild_permissions.moderate_members:
            return "not timed out: the bot lacks the Moderate Members permission"
        if member is None:
            return "not timed out: the member is no longer in the server"
        if member.id == guild.owner_id or member.guild_permissions.administrator or member.top_role >= guild.me.top_role:
            return "not timed out: the member ranks too high for the bot"
        try:
            await member.timeout(action.duration, reason=f"Behaviour monitor: {action.reason}")
        except discord.HTTPException as exc:
            return f"not timed out: {exc.text or exc.status}"
        return timed_out_text(action.duration)

    async def _mod_log(
        self,
        title: str,
        colour: discord.Colour,
        m: ObservedMessage,
        reason: str,
        result: str,
        case: ModerationCaseRecord | None = None,
        view: discord.ui.View | None = None,
    ) -> discord.Message | None:
        channel_id = self.guild_settings.for_guild(m.guild_id).mod_log_channel_id
        channel = self.bot.get_channel(channel_id) if channel_id else None
        if not isinstance(channel, discord.abc.Messageable):
            if channel_id:
                logger.warning("MOD_LOG_CHANNEL_ID %s is not a channel the bot can see.", channel_id)
            return None
        embed = discord.Embed(title=title, description=reason, colour=colour)
        for name, value, inline in mod_log_fields(m, result, case):
            embed.add_field(name=name, value=value, inline=inline)
        if link := message_link(m):
            embed.url = link
        embed.timestamp = m.created_at
        try:
            if view is not None:
                return await channel.send(embed=embed, view=view, allowed_mentions=NO_PINGS)
            return await channel.send(embed=embed, allowed_mentions=NO_PINGS)
        except discord.HTTPException as exc:
            logger.warning("Could not write to the mod log %s: %s", channel_id, exc)
            return None

    # ------------------------------------------------------------------ /bcs (members)
    @bcs.command(name="status", description="Your standing with the behaviour monitor: recent warnings and how it fades.")
    async def status(self, interaction: discord.Interaction) -> None:
        policy = self.monitor.policy_for(interaction.guild_id)
        state = member_status(self.monitor_state, policy, interaction.user.id, interaction.created_at)
        await interaction.response.send_message(own_status_text(state, policy), ephemeral=True, allowed_mentions=NO_PINGS)

    # ------------------------------------------------------------------ /mod (Manage Server)
    @mod.command(name="status", description="A member's offenses, recent toxicity and warnings, in the monitor's terms.")
    @app_commands.describe(member="Whose status to show.")
    async def mod_status(self, interaction: discord.Interaction, member: discord.Member) -> None:
        if await refused(self.bot, interaction, REFUSAL):
            return
        policy = self.monitor.policy_for(interaction.guild_id)
        state = member_status(self.monitor_state, policy, member.id, interaction.created_at)
        await interaction.response.send_message(
            status_text(member.display_name, state, policy), ephemeral=True, allowed_mentions=NO_PINGS
        )

    @mod.command(name="immune", description="Toggle whether the monitor may action a member.")
    @app_commands.describe(member="The member to make immune, or no longer immune.")
    async def immune(self, interaction: discord.Interaction, member: discord.Member) -> None:
        if await refused(self.bot, interaction, REFUSAL):
            return
        now_immune = self.monitor_state.toggle_immune(member.id)
        logger.info("%s set immunity of %s (%s) to %s.", interaction.user.id, member.display_name, member.id, now_immune)
        await interaction.response.send_message(
            immunity_text(member.display_name, now_immune), ephemeral=True, allowed_mentions=NO_PINGS
        )

    @mod.command(name="notes", description="What the monitor has noted about a member.")
    @app_commands.describe(member="Whose notes to show.")
    async def notes(self, interaction: discord.Interaction, member: discord.Member) -> None:
        if await refused(self.bot, interaction, REFUSAL):
            return
        await interaction.response.send_message(
            user_notes_text(member.display_name, self.monitor_state.get_user_notes(member.id)),
            ephemeral=True,
            allowed_mentions=NO_PINGS,
        )

    @mod.command(name="warnings", description="A member's warnings and timeouts here, with case numbers and reasons.")
    @app_commands.describe(member="Whose cases to list.")
    async def warnings(self, interaction: discord.Interaction, member: discord.Member) -> None:
        if await refused(self.bot, interaction, REFUSAL):
            return
        listed = await self.cases.member_cases(interaction.guild_id or 0, member.id)
        await interaction.response.send_message(
            cases_text(member.display_name, listed), ephemeral=True, allowed_mentions=NO_PINGS
        )

    @mod.command(name="unwarn", description="Undo one case: it stays listed as undone and no longer counts.")
    @app_commands.describe(case="The case number (from /mod warnings).")
    async def unwarn(self, interaction: discord.Interaction, case: app_commands.Range[int, 1]) -> None:
        if await refused(self.bot, interaction, REFUSAL):
            return
        change = await self.cases.unwarn(interaction.guild_id or 0, case, interaction.user.id)
        lifted = ""
        if change.case is not None and change.changed:
            lifted = await self._lift_timeout(change.case) if change.case.action == ActionKind.TIMEOUT else ""
            logger.info("%s undid case #%s of %s.", interaction.user.id, case, change.case.user_id)
        text = unwarn_text(case, change, lifted)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)

    async def _lift_timeout(self, case: ModerationCaseRecord) -> str:
        _guild, member = await self._member(case.guild_id, case.user_id)
        if member is None or member.timed_out_until is None:
            return ""
        try:
            await member.timeout(None, reason=f"Case #{case.number} undone")
        except discord.HTTPException as exc:
            return f" Their timeout could not be lifted: {exc.text or exc.status}."
        return " Their timeout is lifted."

    @mod.command(name="reset", description="Undo every case of a member here and start their offense count again.")
    @app_commands.describe(member="Whose offenses to reset.")
    async def reset(self, interaction: discord.Interaction, member: discord.Member) -> None:
        if await refused(self.bot, interaction, REFUSAL):
            return
        undone = await self.cases.reset(interaction.guild_id or 0, member.id, interaction.user.id)
        logger.info("%s reset the offenses of %s.", interaction.user.id, member.id)
        await interaction.response.send_message(
            reset_text(member.display_name, undone), ephemeral=True, allowed_mentions=NO_PINGS
        )

    @mod.command(name="reason", description="Give a case your own reason (replaces the monitor's).")
    @app_commands.describe(case="The case number (from /mod warnings).", text="Why, in your words.")
    async def reason(
        self, interaction: discord.Interaction, case: app_commands.Range[int, 1], text: app_commands.Range[str, 1, 500]
    ) -> None:
        if await refused(self.bot, interaction, REFUSAL):
            return
        changed = await self.cases.set_reason(interaction.guild_id or 0, case, text)
        answer = reason_text(case, changed)
        await interaction.response.send_message(answer, ephemeral=True, allowed_mentions=NO_PINGS)

    @server_settings.command(name="show", description="Monitor and chat settings here: this server's own and the defaults.")
    async def settings_show(self, interaction: discord.Interaction) -> None:
        if await refused(self.bot, interaction, REFUSAL):
            return
        await interaction.response.send_message(
            settings_text(self.guild_settings, interaction.guild_id or 0), ephemeral=True, allowed_mentions=NO_PINGS
        )

    @server_settings.command(name="set", description="Change one of the monitor's or chat's settings for this server.")
    @app_commands.describe(name="Which setting.", value=f"Its new value; '{DEFAULT}' gives it the default again.")
    @app_commands.choices(name=[app_commands.Choice(name=s.name, value=s.name) for s in SERVER_SETTINGS])
    async def settings_set(self, interaction: discord.Interaction, name: str, value: app_commands.Range[str, 1, 400]) -> None:
        if await refused(self.bot, interaction, REFUSAL):
            return
        guild_id = interaction.guild_id or 0
        try:
            await self.guild_settings.set(guild_id, name, value, moderator(interaction.user.id))
        except SettingRefused as exc:
            await interaction.response.send_message(str(exc), ephemeral=True, allowed_mentions=NO_PINGS)
            return
        logger.info("%s set %s of server %s to %r.", interaction.user.id, name, guild_id, value)
        answer = setting_text(name, self.guild_settings.own_values(guild_id).get(name))
        await interaction.response.send_message(answer, ephemeral=True, allowed_mentions=NO_PINGS)


async def setup(bot: BCSBot) -> None:
    await bot.add_cog(MonitorCog(bot))
