"""The operator's commands beside the bot: doctor, health check, database commands, replays, the terminal chat.

Each script also runs on its own (``python3 scripts/doctor.py``). `bot.py` uses the names below
to offer the database commands and the terminal chat as its own subcommands; nothing in
`utils` or `cogs` imports from here.
"""

from scripts import database_commands
from scripts.terminal_chat import CHAT_EPILOG, Speaker, discord_id, run_terminal_chat, server_id

__all__ = ["CHAT_EPILOG", "Speaker", "database_commands", "discord_id", "run_terminal_chat", "server_id"]
