"""DISCORD_TOKEN told from its shape, offline: a bot token, or which other value of the developer portal was pasted.

Every case here gets "cannot log in" from Discord; the doctor names what was pasted instead, and
builds the invite link from the token's first part without asking Discord.
"""

from __future__ import annotations

import base64

import pytest
from settings_factory import SettingsFactory
from test_doctor import closed_port

import bot
from utils.doctor.checks import check_discord
from utils.doctor.result import Status
from utils.doctor.token_shape import application_id, token_problem


def bot_token(app_id: str, middle: str = "GhRq2w", last: str = "Xk9mP2vL7qR4tY8wZ1bN5cD3fG6hJ0kM-sA_eU") -> str:
    first = base64.urlsafe_b64encode(app_id.encode()).decode().rstrip("=")
    return f"{first}.{middle}.{last}"


TOKENS = [
    bot_token("1234567890123456789"),  # 19 digits, today's ids
    bot_token("80351110224678912"),  # 17 digits, a 2015 application
    bot_token("12345678901234567890"),  # 20 digits
    bot_token("1187364522981642350", "G8xYzQ", "a" * 27),
    bot_token("987654321098765432", "Gk_-9a", "tT-_" * 10),
]

# (what was pasted, a word of the line it gets; None: shaped like a bot token)
PASTED = [
    *[(token, None) for token in TOKENS],
    (f"Bot {TOKENS[0]}", "starts with 'Bot '"),
    (f"bot {TOKENS[0]}", "starts with 'Bot '"),
    (f'"{TOKENS[0]}"', "wrapped in quotes"),
    (f"'{TOKENS[1]}'", "wrapped in quotes"),
    ("1234567890123456789", "application or user id (19 digits)"),
    ("80351110224678912", "application or user id (17 digits)"),
    ("12345678901234567890", "application or user id (20 digits)"),
    ("dKs8Wq3nB5vX7zR1mT9pL2yH4cF6gJ0a", "OAuth2 client secret"),
    ("aB3_dE5-gH7iJ9kL1mN3oP5qR7sT9uV1", "OAuth2 client secret"),
    (f"{TOKENS[0][:30]} {TOKENS[0][30:]}", "spaces or line breaks"),
    ("MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhRq2w", "three parts joined by dots"),
    ("MTIzNDU2Nzg5MDEyMzQ1Njc4OQ..Xk9mP2vL7qR4tY8wZ1bN5cD3fG6hJ0kM", "three parts joined by dots"),
    ("sk-proj-abcdefghijklmnopqrstuvwxyz0123456789", "three parts joined by dots"),
    ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ", "does not decode to an application id"),
    (bot_token("123456789"), "does not decode to an application id"),  # too short for a Discord id
    ("MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.Gh$q2w.Xk9mP2vL7qR4tY8wZ1bN5cD3fG6hJ0kM", "does not decode to an application id"),
]


@pytest.mark.parametrize(("pasted", "said"), PASTED)
def test_the_shape_of_a_pasted_token_says_what_it_is(pasted: str, said: str | None) -> None:
    problem = token_problem(pasted)
    if said is None:
        assert problem is None
        assert application_id(pasted) is not None
        return
    assert problem is not None and said in problem.what and "DISCORD_TOKEN" in problem.what
    assert problem.fix and "\n" not in problem.what + problem.fix


@pytest.mark.parametrize("token", TOKENS)
def test_the_application_id_is_the_first_part_decoded(token: str) -> None:
    first = token.split(".")[0]
    assert application_id(token) == int(base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)))


@pytest.mark.parametrize(("pasted", "said"), [(p, s) for p, s in PASTED if s is not None])
async def test_the_doctor_names_the_pasted_value_without_asking_discord(
    make_settings: SettingsFactory, pasted: str, said: str
) -> None:
    api = f"http://127.0.0.1:{closed_port()}/api/v10"  # nothing answers: the line must come from the shape alone
    [result] = await check_discord(make_settings(discord_token=pasted), api=api)
    assert result.status is Status.FAILED and said in result.detail
    assert "cannot reach" not in result.detail and pasted.strip() not in result.line(), "never the whole value"


@pytest.mark.parametrize("skip", [True, False], ids=["--skip-discord", "discord-unreachable"])
@pytest.mark.parametrize(("timeouts", "permissions"), [(False, "274878024768"), (True, "1374389652544")])
async def test_the_invite_link_is_built_from_the_token_offline(
    make_settings: SettingsFactory, skip: bool, timeouts: bool, permissions: str
) -> None:
    token = bot_token("1187364522981642350")
    api = f"http://127.0.0.1:{closed_port()}/api/v10"
    settings = make_settings(discord_token=token, sentiment_channel_ids=[5] if timeouts else [])
    results = await check_discord(settings, skip=skip, api=api)
    [invite] = [r for r in results if r.name == "Discord invite"]
    assert invite.status is Status.OK and "client_id=1187364522981642350" in invite.detail
    assert f"permissions={permissions}" in invite.detail and "scope=bot+applications.commands" in invite.detail
    assert results[0].status is (Status.SKIPPED if skip else Status.FAILED)


@pytest.mark.parametrize(("pasted", "said"), [(p, s) for p, s in PASTED if s is not None])
async def test_the_bot_refuses_a_misshapen_token_in_one_line_before_connecting(
    make_settings: SettingsFactory, capsys: pytest.CaptureFixture[str], pasted: str, said: str
) -> None:
    assert await bot.run_discord(make_settings(discord_token=pasted)) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("error: DISCORD_TOKEN") and said in line and pasted.strip() not in line
