"""The invite link asks for exactly the permissions the bot uses, and Moderate Members only when it may time out."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import discord
import pytest
from settings_factory import SettingsFactory

from utils.invite import bot_permissions, invite_url, timeouts_enabled

USED = {
    # Discord's name in the portal -> bit (from Discord's permission table, not from discord.py)
    "View Channels": 1 << 10,
    "Send Messages": 1 << 11,
    "Send Messages in Threads": 1 << 38,
    "Read Message History": 1 << 16,
    "Add Reactions": 1 << 6,
    "Attach Files": 1 << 15,
    "Embed Links": 1 << 14,
}
MODERATE_MEMBERS = 1 << 40
NEVER = {
    "Administrator": 1 << 3,
    "Manage Server": 1 << 5,
    "Manage Messages": 1 << 13,
    "Mention @everyone": 1 << 17,
    "Manage Roles": 1 << 28,
    "Kick Members": 1 << 1,
    "Ban Members": 1 << 2,
    "Use External Emojis": 1 << 18,
}


def query_of(url: str) -> dict[str, list[str]]:
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "discord.com", "/oauth2/authorize")
    return parse_qs(parts.query)


@pytest.mark.parametrize("timeouts", [False, True])
def test_the_invite_asks_for_exactly_the_permissions_used(timeouts: bool) -> None:
    query = query_of(invite_url(123456789012345678, timeouts=timeouts))
    assert query["client_id"] == ["123456789012345678"]
    assert query["scope"] == ["bot applications.commands"]
    expected = sum(USED.values()) + (MODERATE_MEMBERS if timeouts else 0)
    assert int(query["permissions"][0]) == expected
    for name, bit in NEVER.items():
        assert not int(query["permissions"][0]) & bit, name


def test_the_permission_values_are_the_portal_ones() -> None:
    assert bot_permissions(timeouts=False).value == 274878024768
    assert bot_permissions(timeouts=True).value == 1374389652544
    assert bot_permissions(timeouts=True).moderate_members and not bot_permissions(timeouts=False).moderate_members
    assert not bot_permissions(timeouts=True).administrator
    assert bot_permissions(timeouts=False) == discord.Permissions(sum(USED.values()))


@pytest.mark.parametrize(
    ("channels", "after", "expected"),
    [([], 3, False), ([1], 3, True), ([1, 2], 1, True), ([1], 0, False), ([], 0, False)],
)
def test_timeouts_are_on_only_when_the_monitor_watches_and_may_time_out(
    make_settings: SettingsFactory, channels: list[int], after: int, expected: bool
) -> None:
    settings = make_settings(sentiment_channel_ids=channels, timeout_after_offenses=after)
    assert timeouts_enabled(settings) is expected
