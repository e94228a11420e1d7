"""A server's chat channels changed in one process reach another on the same database at its next poll, and only
then: the chat's channel check reads the RAM map each process keeps, never the database."""

from __future__ import annotations

from settings_factory import SettingsFactory

from utils.conversation.access import may_chat
from utils.runtime import Services

GUILD, OTHER_GUILD = 7, 8
GENERAL, GAMES, MEMES = 100, 101, 102


def chats(services: Services, guild: int | None, channel: int | None) -> bool:
    """The cog's question: may member 42 chat here, under this server's settings in this process's RAM."""
    return may_chat(services.guild_settings.for_guild(guild), author_id=42, channel_id=channel)


async def test_a_second_process_follows_the_chat_channels_at_its_next_poll(
    services: Services, make_settings: SettingsFactory
) -> None:
    second = Services(make_settings(chat_blocked_channel_ids=[MEMES]))
    await second.start()
    try:
        assert chats(second, GUILD, GENERAL) and chats(second, GUILD, GAMES) and not chats(second, GUILD, MEMES)

        await services.guild_settings.set(GUILD, "chat_channels", f"<#{GAMES}>", "mod:1")
        await services.guild_settings.set(GUILD, "chat_blocked_channels", "none", "mod:1")
        assert not chats(services, GUILD, GENERAL) and chats(services, GUILD, GAMES), "the process that set it: at once"
        assert chats(second, GUILD, GENERAL), "the other process: not before its poll"

        assert await second.guild_settings.poll() == 2
        assert not chats(second, GUILD, GENERAL) and chats(second, GUILD, GAMES)
        assert chats(second, OTHER_GUILD, GENERAL) and not chats(second, OTHER_GUILD, MEMES), "another server keeps .env"
        assert chats(second, None, None), "a direct message has no server: .env applies"
        assert second.guild_settings.own_values(GUILD) == {"chat_channels": str(GAMES), "chat_blocked_channels": ""}

        await services.guild_settings.set(GUILD, "chat_blocked_channels", f"<#{GAMES}>", "mod:1")
        assert await second.guild_settings.poll() == 1
        assert not chats(second, GUILD, GAMES), "a blocked channel stays blocked even when allowed"

        await services.guild_settings.set(GUILD, "chat_channels", "default", "mod:1")
        await services.guild_settings.set(GUILD, "chat_blocked_channels", "default", "mod:1")
        assert await second.guild_settings.poll() == 2
        assert second.guild_settings.own_values(GUILD) == {}
        assert chats(second, GUILD, GENERAL) and chats(second, GUILD, GAMES) and not chats(second, GUILD, MEMES)
        assert await second.guild_settings.poll() == 0, "nothing changed since"
    finally:
        await second.close()
