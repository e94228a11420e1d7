"""What `/mod settings set` accepts for a server's chat channels, as it will be stored, and what it refuses."""

from __future__ import annotations

import pytest

from utils.guild_settings import BY_NAME, SettingRefused, checked_value


@pytest.mark.parametrize(
    ("name", "raw", "stored"),
    [
        ("chat_channels", "<#123>", "123"),
        ("chat_channels", "<#123>, <#456>", "123,456"),
        ("chat_channels", "123,456", "123,456"),
        ("chat_channels", " 123 ; <#456> ", "123,456"),
        ("chat_channels", "none", ""),
        ("chat_channels", "None", ""),
        ("chat_channels", "default", None),
        ("chat_channels", " DEFAULT ", None),
        ("chat_blocked_channels", "<#789>", "789"),
        ("chat_blocked_channels", "7,8,9", "7,8,9"),
        ("chat_blocked_channels", "none", ""),
        ("chat_blocked_channels", "default", None),
        ("channels", "none", ""),
    ],
)
def test_accepted_values_and_what_is_stored(name: str, raw: str, stored: str | None) -> None:
    assert checked_value(name, raw) == stored


@pytest.mark.parametrize(
    ("name", "raw", "refusal"),
    [
        ("chat_channels", "general", "chat_channels cannot be 'general': Input should be a valid integer"),
        ("chat_channels", "#general", "chat_channels cannot be '#general': Input should be a valid integer"),
        ("chat_channels", "<#12x>", "chat_channels cannot be '<#12x>': Input should be a valid integer"),
        ("chat_channels", "123 456", "chat_channels cannot be '123 456': Input should be a valid integer"),
        ("chat_blocked_channels", "<@123>", "chat_blocked_channels cannot be '<@123>': Input should be a valid integer"),
        ("chat_blocked_channels", "nothing", "chat_blocked_channels cannot be 'nothing': Input should be a valid integer"),
        ("chat_cooldown_seconds", "5", "There is no setting 'chat_cooldown_seconds'"),
    ],
)
def test_refused_values_say_why(name: str, raw: str, refusal: str) -> None:
    with pytest.raises(SettingRefused) as refused:
        checked_value(name, raw)
    assert str(refused.value).startswith(refusal)


def test_the_chat_settings_override_the_env_lists() -> None:
    assert BY_NAME["chat_channels"].field == "chat_allowed_channel_ids"
    assert BY_NAME["chat_blocked_channels"].field == "chat_blocked_channel_ids"
