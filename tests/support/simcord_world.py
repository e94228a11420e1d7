"""The real `BCSBot` for simcord's in-memory Discord, shared by every test that drives the bot through simcord.

simcord's `simcord_env` fixture asks for a `simcord_bot`; this plugin (loaded by the root
conftest) builds it on the test's own settings (SQLite in tmp_path, the loopback LLM).
A module overrides `bot_settings` to change a setting for all its tests.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot import BCSBot


@pytest.fixture
def bot_settings() -> dict[str, object]:
    """Settings the module's bot differs in from the default test settings (none unless overridden)."""
    return {}


@pytest_asyncio.fixture
async def simcord_bot(make_settings, bot_settings: dict[str, object]) -> AsyncIterator[BCSBot]:
    bot = BCSBot(make_settings(**bot_settings))
    yield bot
    if not bot.is_closed():
        await bot.close()
