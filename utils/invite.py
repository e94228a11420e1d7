"""The bot's invite link: the OAuth2 URL a server owner opens to add it.

It asks for exactly what the bot uses, so an owner is not asked to trust it with
more: reading and answering in channels and threads, reactions (the cooldown's ⏳),
files (long replies, `/memory export`) and embeds (mod log), plus Moderate Members
only when the monitor may time members out.
"""

from __future__ import annotations

import discord

from utils.config import Settings

SCOPES = ("bot", "applications.commands")


def bot_permissions(*, timeouts: bool) -> discord.Permissions:
    """The permissions the bot uses; Moderate Members only when it may time members out."""
    permissions = discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        read_message_history=True,
        add_reactions=True,
        attach_files=True,
        embed_links=True,
    )
    permissions.moderate_members = timeouts
    return permissions


def timeouts_enabled(settings: Settings) -> bool:
    """The monitor times members out only when it watches channels and TIMEOUT_AFTER_OFFENSES is above 0."""
    return bool(settings.sentiment_channel_ids) and settings.timeout_after_offenses > 0


def invite_url(client_id: int, *, timeouts: bool) -> str:
    """The OAuth2 URL that adds the bot (client id = the application's id) with :func:`bot_permissions`."""
    return discord.utils.oauth_url(client_id, permissions=bot_permissions(timeouts=timeouts), scopes=SCOPES)
