"""One real bot process for the multi-process tests and benchmark, driven by JSON lines on stdin.

``python -m tests.support.member_process '{"settings": {...}}'`` from the project root (or
``python tests/support/member_process.py '{...}'`` with the project on ``PYTHONPATH``, as the bench runs it) builds
a real `utils.runtime.Services` stack from `Settings` (every loop running, the coherence poll
at its default) and answers one JSON line on stdout per command line, in order:

- ``{"op": "converse", "user": 42, "text": "...", "drain": true}``: one message through
  `ChatService.respond`; with ``drain`` it waits for the background extraction too.
- ``{"op": "command", "user": 42, "text": "forget all"}``: a `/memory` command;
  the answer carries ``done_at`` (``time.monotonic()``, one clock for every process here).
- ``{"op": "state", "user": 42, "text": "..."}``: what the member's next prompt memory block
  holds, their queued turns, postponed writes, chat context lines and LlmLog buffer.
- ``{"op": "write", "user": 42, "texts": [...], "source": "chat"}``: one memory write
  through `MemoryStore.store` (``"writes": [...]`` of those runs them concurrently);
  answers the ids and texts live after each write, as that write's transaction read them.
- ``{"op": "postpone", "user": 42, "texts": [...]}``: a write postponed as when the
  database was away (planned when it lands); ``{"op": "flush"}`` lands them and the LlmLog.
- ``{"op": "wait_gone", "user": 42, "needle": "...", "timeout": 5}``: checks the member's
  block every few ms until ``needle`` is gone and answers when (``time.monotonic()``).
- ``{"op": "hold_polls"}`` / ``{"op": "release_polls"}``: this process stops acting on other
  processes' changes, as one that lags behind (a blocked loop, a long pause), and starts again.
- ``{"op": "monitor", "guild": 7, "channel": 500, "texts": [...]}``: whether the monitor watches that channel in that
  server, and what it decides about the texts as one batch (one message each, by ``user``), under that server's settings.
- ``{"op": "chat_access", "guild": 7, "channel": 500}``: whether the chat answers member ``user`` in that channel of
  that server (``guild`` null: a direct message), under that server's settings in this process's RAM.
- ``{"op": "decide", "case": 12, "confirm": true, "moderator": 9}``: a moderator's click on a proposal, as this
  process would handle it: whether this click decided the case.
- ``{"op": "load", ...}``, ``{"op": "time_polls", "count": 100}``, ``{"op": "stats"}``,
  ``{"op": "quit"}``: the benchmark's load, timed polls, counters, and a clean shutdown.

A command that fails answers ``{"error": ...}`` and the process goes on.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any

import psutil

from utils.config import Settings
from utils.conversation.access import may_chat
from utils.conversation.messages import IncomingMessage
from utils.members.commands import run_memory_command
from utils.memory.store import Write
from utils.monitor.messages import ObservedMessage
from utils.runtime import Services
from utils.storage.records import MemoryScope, NewMemory

Command = dict[str, Any]
BASE_SETTINGS: dict[str, Any] = {
    "discord_token": "",
    "llm_api_key": "test",
    "llm_model": "test-model",
    "llm_max_retries": 0,
    "llm_timeout_seconds": 20,
    "memory_extraction_delay_seconds": 0,
    "chat_cooldown_seconds": 0,
    "sync_commands_on_start": False,
    "shard_count": 1,
    "log_level": "WARNING",
}
GUILD_ID = 1
CHANNEL_ID = 100


def cpu_seconds() -> float:
    """CPU time of this process and its helpers (the LlmLog screen's process): the bot's whole cost."""
    total = 0.0
    for process in [psutil.Process(), *psutil.Process().children(recursive=True)]:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


def settings_from(overrides: dict[str, Any]) -> Settings:
    """The project's settings with its defaults (the coherence poll's too), as the parent asks."""
    return Settings(_env_file=None, **{**BASE_SETTINGS, **overrides})


def _new_memory(user_id: int, text: str, source: str) -> NewMemory:
    return NewMemory(user_id, text, ("t",), "medium", datetime.now(UTC) + timedelta(days=7), source, GUILD_ID)


class Member:
    """The commands, on one `Services` stack."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.writes = 0
        self._polls_released: asyncio.Event | None = None

    async def run(self, command: Command) -> dict[str, Any]:
        handler = getattr(self, f"op_{command['op']}")
        return await handler(command)

    async def op_ping(self, _command: Command) -> dict[str, Any]:
        return {"pid": os.getpid()}

    async def op_converse(self, command: Command) -> dict[str, Any]:
        message = IncomingMessage(
            command.get("user", 42),
            command.get("name", "Alice"),
            command.get("channel", CHANNEL_ID),
            "general",
            command["text"],
            guild_id=GUILD_ID,
        )
        reply = await self.services.chat.respond(message)
        if command.get("drain"):
            await self.services.tasks.drain(30)
        return {"reply": reply.text, "ok": reply.ok}

    async def op_monitor(self, command: Command) -> dict[str, Any]:
        guild, channel = command["guild"], command["channel"]
        batch = [
            ObservedMessage(
                message_id=1_000_000 + index,
                channel_id=channel,
                channel_name="general",
                author_id=command.get("user", 42),
                author_name="Alice",
                content=text,
                created_at=datetime.now(UTC),
                guild_id=guild,
            )
            for index, text in enumerate(command["texts"])
        ]
        outcome = await self.services.monitor.analyse(batch)
        return {
            "watches": self.services.monitor.watches(channel, guild),
            "actions": [action.kind.value for action in outcome.actions],
            "mode": self.services.guild_settings.for_guild(guild).monitor_mode,
        }

    async def op_chat_access(self, command: Command) -> dict[str, Any]:
        settings = self.services.guild_settings.for_guild(command.get("guild"))
        return {"chats": may_chat(settings, author_id=command.get("user", 42), channel_id=command.get("channel"))}

    async def op_decide(self, command: Command) -> dict[str, Any]:
        change = await self.services.cases.decide(command["case"], confirm=command["confirm"], moderator_id=command["moderator"])
        return {"changed": change.changed, "state": change.case.state if change.case else None}

    async def op_command(self, command: Command) -> dict[str, Any]:
        answer = await run_memory_command(self.services, command.get("user", 42), command["text"])
        return {"answer": answer, "done_at": time.monotonic()}

    async def _block(self, user_id: int, text: str) -> str:
        context = await self.services.memory.build_context(user_id=user_id, member_name="Alice", guild_id=GUILD_ID, text=text)
        return context.block

    async def op_state(self, command: Command) -> dict[str, Any]:
        user_id = command.get("user", 42)
        memory = self.services.memory
        queue = memory._turns._queues.get(user_id)
        return {
            "block": await self._block(user_id, command.get("text", "what do you know about me?")),
            "queued": len(queue.turns) if queue else 0,
            "extracting": bool(queue and queue.running),
            "postponed": memory.store.postponed(user_id),
            "context": [
                turn.text for history in self.services.chat._history.values() for turn in history if turn.member_id == user_id
            ],
            "log": [
                [record.kind, record.request_excerpt, record.response_excerpt]
                for record, _epoch in self.services.llm_log._pending
                if record.user_id == user_id
            ],
            "may_read": memory.preferences.may_read(user_id),
            "may_learn": memory.may_learn(user_id),
            "epoch": list(memory.store.epoch(user_id)),
        }

    async def _write_one(self, write: Command) -> dict[str, Any]:
        user_id, source = write["user"], write.get("source", "chat")
        memory = self.services.memory
        memories = [_new_memory(user_id, text, source) for text in write["texts"]]
        async with memory.store.lock(user_id):
            await memory.store.store(user_id, MemoryScope.GLOBAL, memories, actor="member")
            live = await memory.store.live_memories(user_id, MemoryScope.GLOBAL)
        self.writes += 1
        wanted = set(write["texts"])
        return {"user": user_id, "live": [[m.id, m.memory] for m in live if m.memory in wanted]}

    async def op_write(self, command: Command) -> dict[str, Any]:
        writes = command.get("writes") or [command]
        return {"results": await asyncio.gather(*(self._write_one(w) for w in writes))}

    async def op_postpone(self, command: Command) -> dict[str, Any]:
        user_id = command["user"]
        store = self.services.memory.store
        memories = [_new_memory(user_id, text, "chat") for text in command["texts"]]
        store._postpone(Write(user_id, MemoryScope.GLOBAL, memories, "member", store.epoch(user_id)))
        return {"postponed": store.postponed(user_id)}

    async def op_flush(self, _command: Command) -> dict[str, Any]:
        landed = await self.services.memory.flush_unsaved()
        logged = await self.services.llm_log.flush()
        return {"landed": landed, "logged": logged, "blanked": self.services.llm_log.blanked}

    async def op_drain(self, _command: Command) -> dict[str, Any]:
        return {"drained": await self.services.tasks.drain(30)}

    async def op_wait_gone(self, command: Command) -> dict[str, Any]:
        """Answers when the member's block no longer holds ``needle`` (checked every 2 ms, as a prompt would be built)."""
        user_id, needle = command.get("user", 42), command["needle"]
        deadline = time.monotonic() + command.get("timeout", 5.0)
        while needle in await self._block(user_id, needle) and time.monotonic() < deadline:  # noqa: ASYNC110 (a prompt, not an event)
            await asyncio.sleep(0.002)
        return {"gone": needle not in await self._block(user_id, needle), "seen_at": time.monotonic()}

    async def op_hold_polls(self, _command: Command) -> dict[str, Any]:
        """The periodic poll still runs, but waits before reading any change until ``release_polls``."""
        coherence = self.services.members.coherence
        if self._polls_released is None:
            self._polls_released = released = asyncio.Event()
            apply_changes = coherence._apply_changes

            async def held() -> int:
                await released.wait()
                return await apply_changes()

            coherence._apply_changes = held  # type: ignore[method-assign]
        return {"held": True}

    async def op_release_polls(self, _command: Command) -> dict[str, Any]:
        if self._polls_released is not None:
            self._polls_released.set()
            del self.services.members.coherence._apply_changes  # the class's own again
            self._polls_released = None
        return {"held": False}

    async def op_stats(self, _command: Command) -> dict[str, Any]:
        store = self.services.memory.store
        return {
            "coherence": asdict(self.services.members.coherence.stats),
            "replans": store.replans,
            "refused": dict(store.refused),
            "writes": self.writes,
            "cpu_seconds": cpu_seconds(),
            "monotonic": time.monotonic(),
        }

    async def op_load(self, command: Command) -> dict[str, Any]:
        """``members`` members talking without pause for ``seconds``: replies, failures and this process's CPU."""
        first, members, seconds = command.get("first_user", 1000), command["members"], command["seconds"]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        replies = failed = 0

        async def member(index: int) -> None:
            nonlocal replies, failed
            rng = random.Random(f"load:{first + index}")
            number = 0
            while loop.time() < deadline:
                number += 1
                text = f"I went to the {rng.choice(('gym', 'park', 'market', 'lake'))} again today (m{number})"
                message = IncomingMessage(first + index, f"Member{index}", CHANNEL_ID + index % 20, "general", text, GUILD_ID)
                reply = await self.services.chat.respond(message)
                if reply.ok and not reply.skipped:
                    replies += 1
                else:
                    failed += 1

        cpu_before, started = cpu_seconds(), loop.time()
        await asyncio.gather(*(member(i) for i in range(members)))
        elapsed, cpu = loop.time() - started, cpu_seconds() - cpu_before
        return {"replies": replies, "failed": failed, "seconds": elapsed, "cpu_seconds": cpu}

    async def op_time_polls(self, command: Command) -> dict[str, Any]:
        """``count`` coherence polls one after another, each timed (milliseconds), as the periodic task runs them."""
        timings = []
        for _ in range(command["count"]):
            started = time.perf_counter()
            await self.services.members.coherence.poll()
            timings.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.005)
        return {"ms": timings}


async def main(config: dict[str, Any]) -> int:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(process)d %(levelname)s %(name)s: %(message)s")
    services = Services(settings_from(config.get("settings", {})), chat_cooldown_seconds=0)
    await services.start()
    member = Member(services)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**24)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    print(json.dumps({"ready": True, "pid": os.getpid(), "loops": services.loop_names}), flush=True)
    try:
        while line := await reader.readline():
            command = json.loads(line)
            if command["op"] == "quit":
                break
            try:
                answer = await member.run(command)
            except Exception as exc:  # the parent sees it; the process goes on
                logging.getLogger(__name__).exception("command %s failed", command.get("op"))
                answer = {"error": f"{type(exc).__name__}: {exc}"}
            print(json.dumps(answer), flush=True)
    finally:
        await services.close()
    print(json.dumps({"closed": True}), flush=True)
    return 0


class MemberProcess:
    """The parent's side: start one member process, send it commands, read its answers (bounded waits)."""

    def __init__(self, name: str, db_url: str, llm_url: str, log_dir: Path, **settings: Any) -> None:
        self.name = name
        self.stderr_path = log_dir / f"{name}.stderr"
        config = {"settings": {"db_connection_string": db_url, "llm_base_url": llm_url, **settings}}
        root = Path(__file__).resolve().parents[2]
        keep = ("PATH", "HOME", "LANG", "SYSTEMROOT", "TMPDIR")
        env = {k: v for k, v in os.environ.items() if k in keep}
        env.update({"BREEHAVIOR_ENV_FILE": "", "PYTHONPATH": str(root), "PYTHONUNBUFFERED": "1"})
        self._stderr = self.stderr_path.open("w", encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.support.member_process", json.dumps(config)],
            cwd=log_dir,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=self._pump, args=(self.process.stdout,), name=f"{name}-stdout", daemon=True).start()

    def _pump(self, stdout: IO[str]) -> None:
        for line in stdout:
            self._lines.put(line)
        self._lines.put(None)

    def wait_ready(self, timeout: float = 60.0) -> dict[str, Any]:
        answer = self.read(timeout)
        assert answer.get("ready"), answer
        return answer

    def send(self, op: str, **fields: Any) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"op": op, **fields}) + "\n")
        self.process.stdin.flush()

    def read(self, timeout: float = 60.0) -> dict[str, Any]:
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"{self.name} did not answer in {timeout:g} s; {self.stderr_tail()}") from None
        if line is None:
            raise EOFError(f"{self.name} exited ({self.process.poll()}); {self.stderr_tail()}")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"{self.name}: {answer['error']}; {self.stderr_tail()}")
        return answer

    def ask(self, op: str, timeout: float = 60.0, **fields: Any) -> dict[str, Any]:
        self.send(op, **fields)
        return self.read(timeout)

    def stderr_tail(self, chars: int = 3000) -> str:
        self._stderr.flush()
        return "stderr: " + self.stderr_path.read_text(encoding="utf-8", errors="replace")[-chars:]

    def kill(self) -> None:
        """``kill -9``: no shutdown, no flush, a transaction cut wherever it was."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self._stderr.close()

    def close(self, timeout: float = 60.0) -> None:
        """A clean shutdown (loops stopped, work drained, buffers flushed); killed if it hangs."""
        if self.process.poll() is None:
            try:
                self.send("quit")
                self.process.wait(timeout)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait(10)
        self._stderr.close()


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(json.loads(sys.argv[1]) if len(sys.argv) > 1 else {})))
