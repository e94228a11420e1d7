"""One member's message through the running services, as a test sends it: the reply, once its extraction is done."""

from __future__ import annotations

from utils.conversation.messages import IncomingMessage
from utils.runtime import Services


async def converse(
    services: Services,
    text: str,
    *,
    user_id: int = 42,
    name: str = "Alice",
    guild_id: int | None = 1,
    channel: str = "general",
    channel_id: int = 100,
) -> str:
    """One message through the real pipeline, then wait for its background extraction."""
    reply = await services.chat.respond(IncomingMessage(user_id, name, channel_id, channel, text, guild_id=guild_id))
    await services.tasks.drain(10)
    return reply.text
