"""`python3 bot.py chat`: the same conversation pipeline in a terminal, without Discord.

One member message per stdin line, the bot's reply on stdout; the start-up summary,
the banner and logs on stderr (so stdout can be piped). `/as <user-id> <name>`
switches the speaker, `/channel <name>` the channel. At end of input, or on
SIGINT/SIGTERM, it answers the message in progress, says it is waiting for
background work (memory extraction, bounded by the LLM timeout), flushes state and
exits 0. Undecodable input bytes become U+FFFD; output never fails to encode.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import logging
import signal
import sys
import threading
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

from utils.config import Settings
from utils.conversation.messages import IncomingMessage
from utils.doctor import startup_summary
from utils.members.commands import help_rows, run_memory_command
from utils.runtime import Services, freeze_startup_heap
from utils.text import valid_text

logger = logging.getLogger(__name__)

MEMORY_COMMAND_WAIT_SECONDS = 30.0
"""A `/memory` command first lets running extractions land, so `show` reflects what was just said."""
MAX_DISCORD_ID = 2**63 - 1
"""Discord ids are 64-bit snowflakes; the database columns are BIGINT."""
TERMINAL_COMMANDS = (
    ("/as <user-id> <name>", "speak as another member (several people in one channel)"),
    ("/channel <name>", "move to another channel"),
    *help_rows(),
    ("/help", "this list"),
)
"""The terminal's own commands around the `/memory` ones, which come from the help table the cog uses too."""
_WIDTH = max(len(form) for form, _ in TERMINAL_COMMANDS)
COMMANDS = "\n".join(
    [
        *(f"  {form:<{_WIDTH}}  {does}" for form, does in TERMINAL_COMMANDS),
        'Anything else is a message to the bot ("you" in the /memory lines is the current speaker).',
    ]
)
HELP = "Commands:\n" + COMMANDS
CHAT_EPILOG = f"""\
commands inside the chat:
{COMMANDS}

The chat uses the same settings as the bot (.env): LLM_BASE_URL, LLM_MODEL, DB_CONNECTION_STRING
(empty: SQLite at data/bot.db). At end of input it waits for memory extraction at most
MEMORY_EXTRACTION_DELAY_SECONDS + LLM_TIMEOUT_SECONDS x (LLM_MAX_RETRIES + 1) + 5 s
(190 s with the defaults), cancels what is still running then, and exits.

example:
  printf "I play chess every evening\\nwhat do you know about me?\\n" | python3 bot.py chat --name Alice"""


def discord_id(text: str) -> int:
    """An id as Discord has them: a whole number from 1 to 2**63-1 (argparse type and /as parser)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= MAX_DISCORD_ID:
        raise argparse.ArgumentTypeError(f"{text} is out of range: ids go from 1 to {MAX_DISCORD_ID}")
    return value


def server_id(text: str) -> int:
    """`--guild-id`: a Discord id, or 0 for a direct message."""
    return 0 if text.strip() == "0" else discord_id(text)


def printable(text: str) -> str:
    """What the terminal shows or reads: valid text (a lone surrogate becomes U+FFFD, a split pair is rejoined)."""
    return valid_text(text)


@dataclass
class Speaker:
    user_id: int
    name: str
    channel: str
    guild_id: int | None

    @property
    def channel_id(self) -> int:
        return zlib.crc32(f"{self.guild_id}:{self.channel}".encode())


class TerminalChat:
    """Turns lines into pipeline calls; owns no logic of its own beyond parsing them."""

    def __init__(self, services: Services, speaker: Speaker, out: TextIO) -> None:
        self.services = services
        self.speaker = speaker
        self.out = out

    def notice(self, user_id: int, _channel_id: int | None, text: str) -> None:
        """What the bot tells a member after its reply (a forget they asked for in plain words, and what it took)."""
        self.say(f"(to {user_id}) {text}")

    def say(self, text: str) -> None:
        print(printable(text), file=self.out, flush=True)

    async def handle_line(self, line: str) -> None:
        line = printable(line.rstrip("\r\n"))
        if not line.strip():
            return
        command = line.split(maxsplit=1)[0]
        if command == "/as":
            self._switch_speaker(line)
            return
        if command == "/channel":
            self._switch_channel(line)
            return
        if line.strip() == "/memory" or line.startswith("/memory "):
            await self.services.tasks.drain(MEMORY_COMMAND_WAIT_SECONDS)
            self.say(await run_memory_command(self.services, self.speaker.user_id, line[len("/memory") :]))
            return
        if line.strip() == "/help":
            self.say(HELP)
            return
        reply = await self.services.chat.respond(
            IncomingMessage(
                author_id=self.speaker.user_id,
                author_name=self.speaker.name,
                channel_id=self.speaker.channel_id,
                channel_name=self.speaker.channel,
                guild_id=self.speaker.guild_id,
                content=line,
            )
        )
        if not reply.skipped:
            self.say(reply.text)

    def _switch_speaker(self, line: str) -> None:
        parts = line.split(maxsplit=2)
        if len(parts) < 2:
            self.say("usage: /as <user-id> <name>")
            return
        try:
            user_id = discord_id(parts[1])
        except argparse.ArgumentTypeError as exc:
            self.say(f"usage: /as <user-id> <name> ({exc})")
            return
        self.speaker.user_id = user_id
        self.speaker.name = parts[2].strip() if len(parts) > 2 else f"user{user_id}"
        self.say(f"(now speaking as {self.speaker.name})")

    def _switch_channel(self, line: str) -> None:
        parts = line.split(maxsplit=1)
        name = parts[1].strip().lstrip("#").strip() if len(parts) > 1 else ""
        if not name:
            self.say(f"usage: /channel <name> (you are in #{self.speaker.channel})")
            return
        self.speaker.channel = name
        self.say(f"(now in #{self.speaker.channel})")


def banner(speaker: Speaker) -> str:
    where = f"#{speaker.channel} of server {speaker.guild_id}" if speaker.guild_id else "a direct message"
    return f"Chatting as {speaker.name} (user id {speaker.user_id}) in {where}. Type /help for commands; Ctrl-D ends."


def end_of_input_wait(settings: Settings) -> float:
    """How long the last extraction may take: its delay, then one LLM call with its retries."""
    llm = settings.llm_timeout_seconds * (settings.llm_max_retries + 1)
    return settings.memory_extraction_delay_seconds + llm + 5.0


async def finish_background_work(services: Services, settings: Settings, err: TextIO) -> None:
    """At end of input: say what it waits for and for how long at most, instead of a silent pause."""
    if not len(services.tasks):
        return
    limit = end_of_input_wait(settings)
    print(f"(waiting up to {limit:.0f} s for memory extraction to finish…)", file=err, flush=True)
    if not await services.tasks.drain(limit):
        print("(memory extraction did not finish in time; it is cancelled)", file=err, flush=True)
        await services.tasks.cancel_all()


async def run_terminal_chat(
    settings: Settings,
    speaker: Speaker,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    stderr: TextIO | None = None,
) -> int:
    err = sys.stderr if stderr is None else stderr
    for stream in (stdin, stdout, err):
        _tolerate_bad_bytes(stream)
    print(printable(await startup_summary(settings)), file=err, flush=True)
    services = Services(settings, chat_cooldown_seconds=0)
    await services.start()
    freeze_startup_heap()
    chat = TerminalChat(services, speaker, stdout)
    services.chat.on_notice(chat.notice)
    print(printable(banner(speaker)), file=err, flush=True)
    lines = _read_lines(stdin)
    stopped = asyncio.Event()
    try:
        with _stop_on_signals(lines, stopped):
            while not stopped.is_set() and (line := await lines.get()) is not None:
                await chat.handle_line(line)
        await finish_background_work(services, settings, err)
    finally:
        await services.close()
    return 0


def _tolerate_bad_bytes(stream: TextIO) -> None:
    """A Latin-1 byte on stdin, or a character the terminal cannot show, must not end the chat."""
    if isinstance(stream, io.TextIOWrapper):
        with contextlib.suppress(ValueError, io.UnsupportedOperation):
            stream.reconfigure(errors="replace")


def _read_lines(stdin: TextIO) -> asyncio.Queue[str | None]:
    """Lines from a daemon thread (None at the end): a read blocked on an open stdin must not keep a stopping process alive."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def pump() -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: the chat has already ended
            for line in iter(stdin.readline, ""):
                loop.call_soon_threadsafe(lines.put_nowait, line)
            loop.call_soon_threadsafe(lines.put_nowait, None)

    threading.Thread(target=pump, name="stdin-reader", daemon=True).start()
    return lines


@contextlib.contextmanager
def _stop_on_signals(lines: asyncio.Queue[str | None], stopped: asyncio.Event) -> Iterator[None]:
    """SIGINT/SIGTERM end the chat like the end of input does, so nothing accepted is lost."""
    loop = asyncio.get_running_loop()

    def stop(name: str) -> None:
        logger.info("%s received; finishing up.", name)
        stopped.set()
        lines.put_nowait(None)

    installed = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows, or not the main thread
            loop.add_signal_handler(sig, stop, sig.name)
            installed.append(sig)
    try:
        yield
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)
