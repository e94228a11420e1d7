"""`python bot.py chat`: the same conversation pipeline in a terminal, without Discord.

One member message per stdin line, the bot's reply on stdout, logs on stderr.
`/as <user-id> <name>` switches the speaker, `/channel <name>` the channel. At end
of input, or on SIGINT/SIGTERM, it answers the message in progress, waits for
background work (memory extraction), flushes state and exits 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import threading
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

from breehavior.config import Settings
from breehavior.conversation.messages import IncomingMessage
from breehavior.memory.commands import run_memory_command
from breehavior.runtime import Services, freeze_startup_heap

logger = logging.getLogger(__name__)

MEMORY_COMMAND_WAIT_SECONDS = 30.0
"""A `/memory` command first lets running extractions land, so `show` reflects what was just said."""
HELP = (
    "Commands: /as <user-id> <name>, /channel <name>, /memory show|forget <id>|forget all|forget recent <minutes>|"
    "export|optout|optin|pause [minutes]|resume, /help. Anything else is a message to the bot."
)


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

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def handle_line(self, line: str) -> None:
        line = line.rstrip("\r\n")
        if not line.strip():
            return
        if line.startswith("/as "):
            self._switch_speaker(line)
            return
        if line.startswith("/channel "):
            self.speaker.channel = line.split(maxsplit=1)[1].strip().lstrip("#") or self.speaker.channel
            self.say(f"(now in #{self.speaker.channel})")
            return
        if line.strip() == "/memory" or line.startswith("/memory "):
            await self.services.tasks.drain(MEMORY_COMMAND_WAIT_SECONDS)
            self.say(await run_memory_command(self.services.memory_control, self.speaker.user_id, line[len("/memory") :]))
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
        if len(parts) < 2 or not parts[1].isdigit():
            self.say("usage: /as <user-id> <name>")
            return
        self.speaker.user_id = int(parts[1])
        self.speaker.name = parts[2].strip() if len(parts) > 2 else f"user{parts[1]}"
        self.say(f"(now speaking as {self.speaker.name})")


async def run_terminal_chat(settings: Settings, speaker: Speaker, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    services = Services(settings, chat_cooldown_seconds=0)
    await services.start()
    freeze_startup_heap()
    chat = TerminalChat(services, speaker, stdout)
    lines = _read_lines(stdin)
    stopped = asyncio.Event()
    try:
        with _stop_on_signals(lines, stopped):
            while not stopped.is_set() and (line := await lines.get()) is not None:
                await chat.handle_line(line)
    finally:
        await services.close()
    return 0


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
