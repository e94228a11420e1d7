"""ChatCog: Discord glue for the conversation pipeline.

Decides whether a message is addressed to the bot (mention, reply to the bot, DM),
applies the allow/block configuration (the server's own channels when a moderator set them), turns the discord message into an
`IncomingMessage`, shows typing while the pipeline answers, and sends the reply in
Discord-sized pieces with every mention disabled. The logic lives in `ChatService`.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from utils.conversation.access import may_chat
from utils.conversation.messages import IncomingMessage, Turn
from utils.conversation.text import ATTACHMENT_THRESHOLD, split_reply

if TYPE_CHECKING:
    from bot import BCSBot

logger = logging.getLogger(__name__)

REPLY_CHAIN_DEPTH = 10
NO_PINGS = discord.AllowedMentions.none()
COOLDOWN_REACTION = "⏳"
MEMBER_MESSAGE_TYPES = (discord.MessageType.default, discord.MessageType.reply)
"""What members write; system messages (a pin, a new thread) point at messages too but say nothing to the bot."""


class ChatCog(commands.Cog):
    def __init__(self, bot: BCSBot) -> None:
        self.bot = bot
        self.settings = bot.settings
        self.chat = bot.services.chat
        self.guild_settings = bot.services.guild_settings
        """Each server's own chat channels (`/mod settings`); `.env` in DMs and servers that changed nothing."""
        self._stop_notices: Callable[[], None] | None = None

    async def cog_load(self) -> None:
        self._stop_notices = self.chat.on_notice(self._notice)

    async def cog_unload(self) -> None:
        if self._stop_notices is not None:
            self._stop_notices()

    @property
    def _me(self) -> discord.ClientUser:
        """The bot's own account. discord.py sets it at login, before any event reaches a listener."""
        if self.bot.user is None:
            raise RuntimeError("ChatCog received an event before the bot logged in")
        return self.bot.user

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or self.bot.user is None or message.type not in MEMBER_MESSAGE_TYPES:
            return
        if not await self._addressed_to_me(message) or not self._allowed(message):
            return
        if (await self.bot.get_context(message)).valid:
            return
        if self.chat.on_cooldown(message.author.id):
            await self._react(message, COOLDOWN_REACTION)
            return
        incoming = await self._to_incoming(message)
        async with message.channel.typing():
            reply = await self.chat.respond(incoming)
        if reply.skipped:
            await self._react(message, COOLDOWN_REACTION)
            return
        if reply.withdrawn:
            return  # the message is gone: an answer to it would have nothing to reply to, and may repeat it
        await self._send(message, reply.text)

    async def _addressed_to_me(self, message: discord.Message) -> bool:
        me = self._me
        if message.guild is None:
            return True
        if me in message.mentions:
            return True
        replied = await self._referenced(message)
        return replied is not None and replied.author.id == me.id

    def _allowed(self, message: discord.Message) -> bool:
        channel = message.channel
        if message.guild is None:
            channel_id = None
        elif isinstance(channel, discord.Thread) and channel.parent_id:
            channel_id = channel.parent_id
        else:
            channel_id = channel.id
        roles = [role.id for role in getattr(message.author, "roles", [])]
        settings = self.guild_settings.for_guild(message.guild.id if message.guild else None)  # RAM only: no query
        return may_chat(settings, author_id=message.author.id, channel_id=channel_id, role_ids=roles)

    async def _referenced(self, message: discord.Message) -> discord.Message | None:
        reference = message.reference
        if reference is None or reference.message_id is None or reference.type is not discord.MessageReferenceType.reply:
            return None  # a forward of the bot's message is not a reply to it
        if isinstance(reference.resolved, discord.Message):
            return reference.resolved
        if reference.cached_message is not None:
            return reference.cached_message
        try:
            return await message.channel.fetch_message(reference.message_id)
        except discord.HTTPException:
            return None

    async def _reply_chain(self, message: discord.Message) -> tuple[Turn, ...] | None:
        """The messages above a reply to the bot, oldest first: that chain is the conversation."""
        parent = await self._referenced(message)
        if parent is None or parent.author.id != self._me.id:
            return None
        chain: list[Turn] = []
        current: discord.Message | None = parent
        while current is not None and len(chain) < REPLY_CHAIN_DEPTH:
            from_bot = current.author.id == self._me.id
            chain.append(Turn(current.author.display_name, self._plain_text(current), from_bot=from_bot))
            current = await self._referenced(current)
        return tuple(reversed(chain))

    def _plain_text(self, message: discord.Message) -> str:
        """The message with mentions as readable names and the bot's own mention removed."""
        me = message.guild.me if message.guild else self._me
        text = message.clean_content
        for name in {me.display_name, self._me.name}:
            text = re.sub(rf"@{re.escape(name)}\b", "", text)
        return text.strip()

    async def _to_incoming(self, message: discord.Message) -> IncomingMessage:
        """A thread (or a forum post) passes the channel it was opened from and who opened it under its name: the
        privacy screen reads it as one conversation with that channel, its title as its opener's first line."""
        channel = message.channel
        thread = channel if isinstance(channel, discord.Thread) else None
        images = tuple(a.url for a in message.attachments if (a.content_type or "").startswith("image/"))
        others = tuple(a.filename for a in message.attachments if not (a.content_type or "").startswith("image/"))
        others += tuple(f"sticker {s.name}" for s in message.stickers)
        return IncomingMessage(
            author_id=message.author.id,
            author_name=message.author.display_name,
            channel_id=channel.id,
            channel_name=getattr(channel, "name", None) or "direct-message",
            guild_id=message.guild.id if message.guild else None,
            content=self._plain_text(message),
            image_urls=images,
            other_attachments=others,
            reply_chain=await self._reply_chain(message),
            message_id=message.id,
            parent_id=thread.parent_id if thread is not None else None,
            opened_by=thread.owner_id if thread is not None else None,
        )

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.chat.messages_deleted(payload.channel_id, {payload.message_id})

    @commands.Cog.listener()
    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        self.chat.messages_deleted(payload.channel_id, set(payload.message_ids))

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """Only a change of text matters (Discord also sends updates for embeds and pins)."""
        if "content" in payload.data and payload.message.author.id != self._me.id:
            self.chat.message_edited(payload.channel_id, payload.message_id, self._plain_text(payload.message))

    async def _send(self, message: discord.Message, text: str) -> None:
        try:
            if len(text) > ATTACHMENT_THRESHOLD:
                file = discord.File(io.BytesIO(text.encode("utf-8")), filename="reply.txt")
                await message.reply("That got long, so here it is as a file 📄", file=file, allowed_mentions=NO_PINGS)
                return
            chunks = split_reply(text)
            await message.reply(chunks[0], allowed_mentions=NO_PINGS)
            for chunk in chunks[1:]:
                await message.channel.send(chunk, allowed_mentions=NO_PINGS)
        except discord.HTTPException as exc:
            logger.warning("Could not send a reply in %s: %s", message.channel.id, exc)

    def _notice(self, user_id: int, channel_id: int | None, text: str) -> None:
        """Called from background learning: the post is its own task, so learning never waits on Discord."""
        self.bot.services.tasks.spawn(self._post_notice(user_id, channel_id, text), name="member-notice")

    async def _post_notice(self, user_id: int, channel_id: int | None, text: str) -> None:
        """In the channel where the member spoke, addressed to them but pinging no one; else in their DMs."""
        channel = self.bot.get_channel(channel_id) if channel_id is not None else None
        try:
            if isinstance(channel, discord.abc.Messageable) and not isinstance(channel, discord.DMChannel):
                await channel.send(f"<@{user_id}> {text}", allowed_mentions=NO_PINGS)
                return
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text, allowed_mentions=NO_PINGS)
        except discord.HTTPException as exc:
            logger.warning("Could not tell member %s what was forgotten: %s", user_id, exc)

    @staticmethod
    async def _react(message: discord.Message, emoji: str) -> None:
        with contextlib.suppress(discord.HTTPException):
            await message.add_reaction(emoji)


async def setup(bot: BCSBot) -> None:
    await bot.add_cog(ChatCog(bot))
