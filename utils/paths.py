"""Where the project's own folders are: the one definition of the project root.

The bot runs from its checkout (or the image's /app), never from site-packages, so every
path the bot reads or writes by default (`.env`, `data/`, `prompts/`, `migrations/`) hangs off
the folder that holds `bot.py`, whatever the current directory is.
"""

from __future__ import annotations

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The folder holding `bot.py`, `utils/`, `cogs/`, `prompts/` and `migrations/`."""

DATA_DIR = PROJECT_ROOT / "data"
PROMPTS_DIR = PROJECT_ROOT / "prompts"
MIGRATIONS_DIR = PROJECT_ROOT / "migrations"
