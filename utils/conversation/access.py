"""Who may chat with the bot where: the CHAT_* allow and block lists, as plain ids."""

from __future__ import annotations

from collections.abc import Iterable

from utils.config import Settings


def may_chat(settings: Settings, *, author_id: int, channel_id: int | None, role_ids: Iterable[int] = ()) -> bool:
    """True when the configuration lets ``author_id`` chat in ``channel_id``.

    ``channel_id`` is None for a direct message (only the user block list applies
    there); a thread passes its parent channel, so it follows the parent's setting.
    """
    if author_id in settings.chat_blocked_user_ids:
        return False
    if channel_id is None:
        return True
    if channel_id in settings.chat_blocked_channel_ids:
        return False
    if settings.chat_allowed_channel_ids and channel_id not in settings.chat_allowed_channel_ids:
        return False
    roles = set(role_ids)
    if roles & set(settings.chat_blocked_role_ids):
        return False
    return not settings.chat_allowed_role_ids or bool(roles & set(settings.chat_allowed_role_ids))
