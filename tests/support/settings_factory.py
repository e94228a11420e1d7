"""The type of the ``make_settings`` fixture: a test builds its settings with overrides, never from the environment."""

from __future__ import annotations

from collections.abc import Callable

from utils.config import Settings

SettingsFactory = Callable[..., Settings]
"""``make_settings(**overrides)``: the test's own database and loopback LLM, these values on top."""
