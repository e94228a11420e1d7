"""What every benchmark sets up: the loopback LLM (a process of its own, timed per request), settings, the database."""

from __future__ import annotations

import logging
import re
import shutil
from pathlib import Path
from typing import Any

from bench.loopback_llm import Body, LoopbackLLM
from utils.config import Settings
from utils.runtime import Services

__all__ = [
    "CHAT", "Body", "LoopbackLLM", "WarningCounter", "bench_settings", "copy_sqlite", "open_without_loops", "remove_sqlite",
    "start_llm", "tag", "tag_of",
]  # fmt: skip

_TAG = re.compile(r"\(m(\d+)\)\s*$")
REPLIES = (
    "Nice, how is that going so far?",
    "Ha, fair enough. What made you pick that?",
    "That sounds rough, hang in there!",
    "Oh cool, tell me more about it.",
    "Honestly same. Want some tips?",
)


def tag(number: int) -> str:
    """A message's number, appended to its text so the server can time that message's request."""
    return f"(m{number})"


CHAT = {"replies": list(REPLIES), "number": _TAG.pattern}
"""The loopback LLM's chat answers: ordinary length, the same for the same message (picked by its tag)."""


def tag_of(body: Body) -> int | None:
    """The number :func:`tag` appended to a request's last message (None: an untagged request, an extraction)."""
    last = body["messages"][-1].get("content")
    match = _TAG.search(last) if isinstance(last, str) else None
    return int(match.group(1)) if match else None


def start_llm(**scenario: Any) -> LoopbackLLM:
    """The loopback LLM in its own process, answering chat with :data:`CHAT` and the rest as ``scenario`` says."""
    return LoopbackLLM({"chat": CHAT, **scenario}).start()


def bench_settings(db_url: str, llm_url: str, **overrides: Any) -> Settings:
    """The project's settings with its defaults, pointed at the bench's database and loopback LLM."""
    values: dict[str, Any] = {
        "discord_token": "",
        "db_connection_string": db_url,
        "llm_base_url": llm_url,
        "llm_api_key": "bench",
        "llm_model": "bench-model",
        "llm_max_retries": 0,
        "llm_timeout_seconds": 30,
        "log_level": "WARNING",
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)


class WarningCounter(logging.Handler):
    """Counts what the bot logs at WARNING or above during a benchmark: "no error" means zero here too."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0
        self.first: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(("utils", "cogs")):
            self.count += 1
            self.first = self.first or record.getMessage()[:200]

    def __enter__(self) -> WarningCounter:
        logging.getLogger().addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger().removeHandler(self)


def copy_sqlite(source: Path, target: Path) -> None:
    """A scratch copy of a seeded file (its write-ahead log too), so a benchmark that writes leaves the cache as it was."""
    remove_sqlite(target)
    shutil.copyfile(source, target)
    wal = Path(f"{source}-wal")
    if wal.exists():
        shutil.copyfile(wal, Path(f"{target}-wal"))


def remove_sqlite(path: Path) -> None:
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        leftover.unlink(missing_ok=True)


async def open_without_loops(services: Services) -> None:
    """`Services.start()` minus its loops: connect, load member state and memory preferences.

    The memory-prune loop runs at start and would delete the seeded expired rows
    before they are measured; items 1 and 4 decide themselves when pruning happens.
    """
    if not await services.db.connect():
        raise RuntimeError(f"cannot connect to {services.db.url.render_as_string(hide_password=True)}")
    await services.load_state()
    if not services.memory.preferences.loaded:
        raise RuntimeError("cannot load memory preferences")
