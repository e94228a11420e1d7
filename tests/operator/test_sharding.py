"""Shards and the housekeeping role: settings that say it clearly, and a default that is one process as before."""

from __future__ import annotations

import pytest
import simcord
from settings_factory import SettingsFactory

from bot import BCSBot
from utils.config import ConfigError, load_settings
from utils.runtime import Services

HOUSEKEEPING_LOOPS = {"memory-prune", "memory-embed"}


@pytest.mark.parametrize(
    ("env", "count", "ids"),
    [
        ({}, 0, []),
        ({"SHARD_COUNT": "1"}, 1, []),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,1"}, 4, [0, 1]),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3, 2"}, 4, [2, 3]),
        ({"SHARD_COUNT": "16", "SHARD_IDS": "15"}, 16, [15]),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "4;5;6;7"}, 8, [4, 5, 6, 7]),
    ],
)
def test_shard_settings_that_make_sense(env: dict[str, str], count: int, ids: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    settings = load_settings(_env_file=None)
    assert (settings.shard_count, settings.shard_ids) == (count, ids)


@pytest.mark.parametrize(
    ("env", "named", "says"),
    [
        ({"SHARD_IDS": "0"}, "SHARD_IDS", "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS", "from 0 to 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "1,1"}, "SHARD_IDS", "distinct"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "-1"}, "SHARD_IDS", "from 0 to 3"),
        ({"SHARD_COUNT": "-2"}, "SHARD_COUNT", "greater than or equal to 0"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT", "valid integer"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "one"}, "SHARD_IDS", "valid integer"),
        ({"HOUSEKEEPING": "maybe"}, "HOUSEKEEPING", "valid boolean"),
        ({"DB_MIGRATE_ON_START": "sometimes"}, "DB_MIGRATE_ON_START", "valid boolean"),
    ],
)
def test_shard_settings_that_do_not_are_named_in_one_line(
    env: dict[str, str], named: str, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(ConfigError) as raised:
        load_settings(_env_file=None)
    message = str(raised.value)
    assert message.startswith(f"invalid setting {named}:") and says in message and "\n" not in message


def test_the_bot_runs_the_shards_it_is_given(make_settings: SettingsFactory) -> None:
    default = BCSBot(make_settings(shard_count=0))
    assert default.shard_count is None and default.shard_ids is None  # Discord's recommendation, every shard here
    cluster = BCSBot(make_settings(shard_count=6, shard_ids=[2, 3]))
    assert (cluster.shard_count, cluster.shard_ids) == (6, [2, 3])


async def test_only_the_housekeeping_process_prunes_and_embeds(make_settings: SettingsFactory) -> None:
    keeper = Services(make_settings())
    other = Services(make_settings(housekeeping=False))
    assert set(keeper.loop_names) >= HOUSEKEEPING_LOOPS
    assert not HOUSEKEEPING_LOOPS & set(other.loop_names)
    assert {"state-flush", "llm-log-flush"} <= set(other.loop_names)
    await keeper.close()
    await other.close()


async def test_only_the_housekeeping_process_syncs_commands(make_settings: SettingsFactory) -> None:
    for housekeeping, syncs in ((True, 1), (False, 0)):
        bot = BCSBot(make_settings(sync_commands_on_start=True, housekeeping=housekeeping))
        try:
            async with simcord.run(bot) as env:
                await env.settle()
                puts = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
                assert len(puts) == syncs, housekeeping
        finally:
            if not bot.is_closed():
                await bot.close()


async def test_a_cluster_of_two_shards_answers_in_its_servers(make_settings: SettingsFactory) -> None:
    bot = BCSBot(make_settings(shard_count=2, shard_ids=[0, 1]))
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild("BCS")
            channel = guild.create_text_channel("general")
            alice = guild.add_member(env.create_user("alice"))
            await alice.send(channel, f"<@{env.backend.bot_user.id}> hello")
            await env.settle()
            assert sorted(bot.shards) == [0, 1]
            replies = [m for m in channel.history() if m.author.id == bot.user.id]
            assert len(replies) == 1 and guild.id in {g.id for g in bot.guilds}
    finally:
        if not bot.is_closed():
            await bot.close()
