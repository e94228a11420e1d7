"""Breehavior Monitor: `python3 bot.py` runs the Discord bot, `python3 bot.py chat` the terminal chat,
`python3 bot.py doctor` checks that everything the bot needs works; `backup`, `restore` and `copy-db`
look after its database."""

from __future__ import annotations

import sys

MINIMUM_PYTHON = (3, 11)


def python_too_old(version: tuple[int, ...]) -> str | None:
    """One line for an interpreter older than the project supports (checked before anything else is imported)."""
    if tuple(version[:2]) >= MINIMUM_PYTHON:
        return None
    found = ".".join(str(part) for part in version[:3])
    return f"error: Breehavior Monitor needs Python 3.11 or newer; this is Python {found} ({sys.executable})."


_TOO_OLD = python_too_old(sys.version_info[:3]) if __name__ == "__main__" else None
if _TOO_OLD:  # no 3.8+ syntax up to here, nor anywhere in this file: Python 3.7 must parse it to print this line
    print(_TOO_OLD, file=sys.stderr)
    sys.exit(2)

if __name__ == "__main__":  # a fresh clone needs nothing else: this makes .venv and runs there (utils/bootstrap.py)
    from utils.bootstrap import ensure_environment

    ensure_environment("runtime")

import argparse  # noqa: E402 - after the version check, which must run on any Python
import asyncio  # noqa: E402
import contextlib  # noqa: E402
import logging  # noqa: E402
import signal  # noqa: E402
from logging.handlers import RotatingFileHandler  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TypedDict  # noqa: E402

import aiohttp  # noqa: E402
import discord  # noqa: E402
from discord.ext import commands  # noqa: E402

from scripts import database_commands  # noqa: E402
from scripts.terminal_chat import CHAT_EPILOG, Speaker, discord_id, run_terminal_chat, server_id  # noqa: E402
from utils.config import ConfigError, Settings, load_settings, unknown_keys_warnings  # noqa: E402
from utils.doctor import run_doctor, startup_summary  # noqa: E402
from utils.doctor.token_shape import token_problem  # noqa: E402
from utils.invite import invite_url, timeouts_enabled  # noqa: E402
from utils.paths import PROJECT_ROOT  # noqa: E402
from utils.runtime import Services, freeze_startup_heap  # noqa: E402
from utils.storage.engine import Database  # noqa: E402

logger = logging.getLogger("bcs")

EXTENSIONS = ("cogs.chat", "cogs.admin", "cogs.memory", "cogs.monitor")


class ShardOptions(TypedDict, total=False):
    shard_count: int
    shard_ids: list[int]


def shard_options(settings: Settings) -> ShardOptions:
    """The shards this process runs; none said means every shard Discord recommends."""
    options = ShardOptions()
    if settings.shard_count:
        options["shard_count"] = settings.shard_count
    if settings.shard_ids:
        options["shard_ids"] = settings.shard_ids
    return options


class BCSBot(commands.AutoShardedBot):
    """The Discord process: services first, cogs in `setup_hook`, a clean `close`.

    Sharded from the start: by default one process runs every shard Discord recommends (one
    for a small bot, as a plain client would); past Discord's 2,500 servers per shard, or
    when one event loop is not enough, SHARD_COUNT and SHARD_IDS split the shards over
    several processes that share the database. Direct messages always arrive on shard 0.
    """

    def __init__(self, settings: Settings, services: Services | None = None) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        intents.members = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            **shard_options(settings),
        )
        self.settings = settings
        self.services = services or Services(settings)
        self.failed_extensions: dict[str, str] = {}
        self._sync_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        """Runs once per process (unlike `on_ready`): storage, loops, cogs, one command sync."""
        if self.application_id is not None:
            url = invite_url(self.application_id, timeouts=timeouts_enabled(self.settings))
            logger.info("Invite the bot to a server with: %s", url)
        await self.services.start()
        for extension in EXTENSIONS:
            try:
                await self.load_extension(extension)
            except Exception as exc:
                self.failed_extensions[extension] = repr(exc)
                logger.exception("Could not load %s; the bot runs without it.", extension)
        if self.settings.sync_commands_on_start and self.settings.housekeeping:  # one process syncs for all shards
            self._sync_task = self.services.tasks.spawn(self._sync_once_ready(), name="sync-commands")

    async def is_owner(self, user: discord.abc.User) -> bool:
        """BOT_OWNER_IDS *and* the application owner (or team): discord.py alone drops the latter once ids are given."""
        return user.id in self.settings.bot_owner_ids or await super().is_owner(user)

    async def _sync_once_ready(self) -> None:
        await self.wait_until_ready()
        try:
            synced = await self.tree.sync()
            logger.info("Synced %d application commands.", len(synced))
        except discord.HTTPException as exc:
            logger.warning("Slash command sync failed: %s", exc)

    async def close(self) -> None:
        """Unload cogs (the monitor sends its waiting batches), then finish and flush services, then close HTTP.

        A sync still waiting for READY is cancelled first: closed before READY (a signal during
        login, a refused intent) it would otherwise hold the services' drain for its whole timeout.
        """
        if self._sync_task is not None:
            self._sync_task.cancel()
        for extension in list(self.extensions):
            try:
                await self.unload_extension(extension)
            except Exception:
                logger.exception("Error while unloading %s", extension)
        await self.services.close()
        await super().close()


QUIET_LOGGERS = ("httpx", "httpx2", "openai._base_client", "alembic")
"""Loggers that speak at INFO about their own workings: HTTP clients log every request (the openai SDK speaks through
httpx2), Alembic six to ten lines per start ("Context impl", each revision run). LOG_LEVEL=DEBUG lets them through."""


class _NoVoiceWarnings(logging.Filter):
    """discord.py warns at every start that PyNaCl and davey (voice) are missing; this bot never joins a voice channel."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().endswith("voice will NOT be supported")


LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
LOG_FILE_BYTES = 10_000_000
LOG_FILE_KEPT = 5
"""A log file is rotated at LOG_FILE_BYTES, keeping LOG_FILE_KEPT old ones: at most 60 MB, whatever the uptime."""


def configure_logging(level: str, log_file: str = "") -> None:
    """stderr always (journalctl and docker read it); also a rotating file when LOG_FILE names one (OSError: cannot)."""
    logging.basicConfig(level=level, stream=sys.stderr, format=LOG_FORMAT)
    if log_file.strip():
        path = PROJECT_ROOT / Path(log_file.strip()).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_FILE_BYTES, backupCount=LOG_FILE_KEPT, encoding="utf-8")
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
        logging.getLogger().addHandler(handler)
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(level)))
    numeric = logging.getLevelName(level)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(numeric if numeric <= logging.DEBUG else max(logging.WARNING, numeric))
    voice = logging.getLogger("discord.client")
    if not any(isinstance(existing, _NoVoiceWarnings) for existing in voice.filters):
        voice.addFilter(_NoVoiceWarnings())


async def run_discord(settings: Settings) -> int:
    problem = token_problem(settings.discord_token)
    if problem is not None:  # told from its shape: Discord would only say "rejected"
        print(f"error: {problem.what}; {problem.fix}.", file=sys.stderr)
        return 1
    summary = await startup_summary(settings)
    logger.log(logging.INFO if summary.endswith(": reachable.") else logging.WARNING, "%s", summary)
    bot = BCSBot(settings)
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []  # holds the close task so it is not garbage-collected mid-shutdown

    def request_stop(signame: str) -> None:
        if not closing:
            logger.info("%s received; shutting down cleanly.", signame)
            closing.append(loop.create_task(bot.close()))

    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl-C raises KeyboardInterrupt instead
            loop.add_signal_handler(sig, request_stop, sig.name)
    try:
        async with bot:
            await bot.login(settings.discord_token)
            freeze_startup_heap()
            await bot.connect()
    except (aiohttp.ClientConnectionError, OSError) as exc:
        print(f"error: cannot reach Discord ({exc}); check this machine's network and DNS.", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("error: DISCORD_TOKEN was rejected by Discord (check the token).", file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print("error: enable the Message Content intent for this bot in the Discord developer portal.", file=sys.stderr)
        return 1
    return 0


async def run_migrate(settings: Settings) -> int:
    """`python3 bot.py migrate`: the schema to head under the database lock, one line, exit 0 when it is there."""
    logging.getLogger("utils.storage").setLevel(logging.CRITICAL)  # its one failure line is printed below instead
    db = Database(settings.db_connection_string, reconnect_seconds=3600, migrate=True)
    try:
        if not await db.connect() or db.schema is None:
            print(f"error: cannot migrate the database: {db.last_error}", file=sys.stderr)
            return 1
        print(f"Database {db.schema.describe()}.")
        return 0
    finally:
        await db.close()


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py", description=__doc__)
    sub = parser.add_subparsers(dest="mode")
    sub.add_parser("run", help="run the Discord bot (the default)")
    chat = sub.add_parser(
        "chat",
        help="chat with the bot in this terminal, without Discord",
        description="Chat with the bot in this terminal: the same pipeline as on Discord, without Discord or a token.",
        epilog=CHAT_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    chat.add_argument("--user-id", type=discord_id, default=1, help="speaker's user id (default: 1)")
    chat.add_argument("--name", default="you", help="speaker's display name (default: you)")
    chat.add_argument("--channel", default="general", help="channel name (default: general)")
    chat.add_argument("--guild-id", type=server_id, default=1, help="server id, 0 for a direct message (default: 1)")
    sub.add_parser(
        "migrate",
        help="bring the database schema up to date (under a database lock, safe beside running bots) and exit",
    )
    backup = sub.add_parser("backup", help="copy the SQLite database consistently, even while the bot runs")
    backup.add_argument("file", nargs="?", help="where to write it (default: data/backups/bot-<UTC time>.db)")
    restore = sub.add_parser("restore", help="put a backup back in place of the SQLite database (stop the bot first)")
    restore.add_argument("file", help="the backup to restore")
    copy_db = sub.add_parser("copy-db", help="copy every table, ids kept, into another (empty) database and check counts")
    copy_db.add_argument("--to", required=True, metavar="URL", help="the target: sqlite:///FILE or a SQL Server URL")
    doctor = sub.add_parser("doctor", help="check settings, database, LLM and Discord login; exit 0 when all work")
    doctor.add_argument("--skip-discord", action="store_true", help="do not log in to Discord (e.g. no token yet)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.mode == "doctor":  # the doctor reports bad settings as its first check
        configure_logging("ERROR")
        try:
            return asyncio.run(run_doctor(skip_discord=args.skip_discord))
        except BrokenPipeError:  # `python3 bot.py doctor | head`: the reader left, nothing to report to
            sys.stdout = None  # no second error when Python flushes it at exit
            return 1
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        configure_logging(settings.log_level, settings.log_file)
    except OSError as exc:
        print(f"error: LOG_FILE={settings.log_file} cannot be written ({exc.strerror or exc}).", file=sys.stderr)
        return 2
    for line in unknown_keys_warnings():
        logger.warning("%s", line)
    if args.mode == "migrate":
        return asyncio.run(run_migrate(settings))
    if args.mode in ("backup", "restore", "copy-db"):
        database_commands.quiet_storage_logs(settings.log_level)
        if args.mode == "backup":
            return database_commands.run_backup(settings.db_connection_string, args.file)
        if args.mode == "restore":
            return database_commands.run_restore(settings.db_connection_string, args.file)
        return database_commands.run_copy_db(settings.db_connection_string, args.to)
    if args.mode == "chat":
        speaker = Speaker(args.user_id, args.name, args.channel, args.guild_id or None)
        return asyncio.run(run_terminal_chat(settings, speaker))
    if not settings.discord_token.strip():
        print(
            "error: DISCORD_TOKEN is not set: put your bot's token in .env next to bot.py (see .env.example and the "
            "README), or try the bot in this terminal with `python3 bot.py chat`.",
            file=sys.stderr,
        )
        return 1
    try:
        return asyncio.run(run_discord(settings))
    except KeyboardInterrupt:  # Windows has no signal handlers: Ctrl-C arrives here, after the bot has closed
        return 130


if __name__ == "__main__":
    sys.exit(main())
