"""The CHAT_* allow and block lists as plain rules (the Discord tests drive the same function through the cog)."""

from __future__ import annotations

import pytest

from utils.config import Settings
from utils.conversation.access import may_chat

GENERAL, MEMES, MODS, MEMBERS = 10, 11, 20, 21


def settings(**lists: list[int]) -> Settings:
    return Settings(_env_file=None, **lists)


@pytest.mark.parametrize(
    ("lists", "author", "channel", "roles", "expected"),
    [
        ({}, 1, GENERAL, [], True),
        ({"chat_blocked_user_ids": [1]}, 1, GENERAL, [], False),
        ({"chat_blocked_user_ids": [1]}, 1, None, [], False),
        ({"chat_blocked_channel_ids": [MEMES]}, 1, MEMES, [], False),
        ({"chat_allowed_channel_ids": [GENERAL]}, 1, MEMES, [], False),
        ({"chat_allowed_channel_ids": [GENERAL]}, 1, GENERAL, [], True),
        ({"chat_allowed_channel_ids": [GENERAL]}, 1, None, [], True),
        ({"chat_blocked_role_ids": [MODS]}, 1, GENERAL, [MEMBERS, MODS], False),
        ({"chat_allowed_role_ids": [MEMBERS]}, 1, GENERAL, [], False),
        ({"chat_allowed_role_ids": [MEMBERS]}, 1, GENERAL, [MEMBERS], True),
    ],
)
def test_allow_and_block_lists(lists: dict, author: int, channel: int | None, roles: list[int], expected: bool) -> None:
    assert may_chat(settings(**lists), author_id=author, channel_id=channel, role_ids=roles) is expected
