"""A started process is on the roster before its first poll interval: an erasure made elsewhere counts it.

The coherence poll runs every ``coherence_poll_seconds``; a process that had to wait for the first one would be
invisible to an erasure's receipt for that long ("No other bot process holds a copy") while it already holds
profiles it loaded at start.
"""

from __future__ import annotations

from settings_factory import SettingsFactory
from shared_database import query

from utils.runtime import Services


async def test_a_started_process_has_its_bot_process_row(make_settings: SettingsFactory, database_url: str) -> None:
    settings = make_settings(coherence_poll_seconds=60)
    services = Services(settings)
    await services.start()
    try:
        assert len(query(database_url, "SELECT ProcessId FROM BotProcess")) == 1
    finally:
        await services.close()
    assert query(database_url, "SELECT ProcessId FROM BotProcess") == []
