"""Which tool-call mode works for which model: found by the first calls (or the doctor), kept for the process and the database.

A model starts at the first mode of :data:`MODES` it has not been seen to refuse; a
refusal moves it to the next one, a success confirms the mode. Both are written to
`LlmToolWay` (its ``Way`` column is the mode) through ``persist`` (fire and forget, off
the caller's path), and :meth:`ModeBook.load` reads them back at start, so a restart does
not probe again. ``forced`` (LLM_TOOL_MODE other than ``auto``) pins every model to one mode.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field

from utils.llm.modes import LABELS, MODES, WHY_NOT, ToolMode, mode_named
from utils.storage.records import ToolWayRecord

logger = logging.getLogger(__name__)

Persist = Callable[[ToolWayRecord], Awaitable[None]]


@dataclass
class ModelModes:
    """What is known of one model: the mode that worked last, and the modes it refused (with the server's reason)."""

    confirmed: ToolMode | None = None
    refused: dict[ToolMode, str] = field(default_factory=dict)


class ModeBook:
    """See the module docstring. One per LLM client (so per endpoint)."""

    def __init__(self, endpoint: str, *, forced: ToolMode | None = None, persist: Persist | None = None) -> None:
        self.endpoint = endpoint
        self.forced = forced
        self.persist = persist
        self._models: dict[str, ModelModes] = {}
        self._writes: set[asyncio.Task[None]] = set()

    def load(self, records: Iterable[ToolWayRecord]) -> None:
        """What earlier runs found, for this endpoint only (another server may answer otherwise)."""
        for record in records:
            if record.endpoint != self.endpoint:
                continue
            known = self._models.setdefault(record.model, ModelModes())
            known.confirmed = mode_named(record.way)
            refusals = (_refusal(item) for item in record.refused.split(","))
            known.refused = {mode: why for mode, why in refusals if mode is not None}

    def mode_for(self, model: str) -> ToolMode:
        """The mode to ask ``model`` first: the best one it has not refused.

        A better mode not tried yet is tried before settling for a worse one that works
        (a server that answered a forced call in prose may still honour structured
        output); when every mode was refused the last (the reply's text) is still tried:
        a model is never given up on for the life of the process.
        """
        if self.forced is not None:
            return self.forced
        known = self._models.get(model)
        if known is None:
            return MODES[0]
        return next((w for w in MODES if w not in known.refused), MODES[-1])

    def fallback(self, model: str, failed: ToolMode) -> ToolMode | None:
        """The mode to ask once more after ``failed`` gave nothing for a request: one known to work, else the next untried."""
        if self.forced is not None:
            return None
        known = self._models.get(model) or ModelModes()
        if known.confirmed is not None and known.confirmed != failed and known.confirmed not in known.refused:
            return known.confirmed
        later = MODES[MODES.index(failed) + 1 :]
        return next((w for w in later if w not in known.refused), None)

    def works(self, model: str) -> bool:
        """Whether some mode is not known to fail for ``model``."""
        known = self._models.get(model)
        return self.forced is not None or known is None or any(w not in known.refused for w in MODES)

    def known(self, model: str) -> ModelModes | None:
        return self._models.get(model)

    def confirm(self, model: str, mode: ToolMode) -> None:
        known = self._models.setdefault(model, ModelModes())
        if known.confirmed == mode and mode not in known.refused:
            return
        if (
            known.confirmed is not None
            and MODES.index(known.confirmed) < MODES.index(mode)
            and known.confirmed not in known.refused
        ):
            return  # a better mode already works
        known.confirmed = mode
        known.refused.pop(mode, None)
        self._save(model, known)

    def refuse(self, model: str, mode: ToolMode, reason: str) -> None:
        """Remember that ``model`` refused ``mode``; one INFO line says what is used from now on."""
        if self.forced is not None:
            return
        known = self._models.setdefault(model, ModelModes())
        if known.refused.get(mode) == reason:
            return
        known.refused[mode] = reason
        if known.confirmed == mode:
            known.confirmed = None
        then = LABELS[self.mode_for(model)] if self.works(model) else "nothing left to try"
        logger.info("LLM %s: no %s here (%s); next: %s.", model, WHY_NOT[mode], reason, then)
        self._save(model, known)

    def describe(self, model: str) -> str:
        """One line for the doctor and the start-up summary: the mode, and why not a better one."""
        if not self.works(model):
            return "no way works (every way was refused)"
        mode = self.mode_for(model)
        if self.forced is not None:
            return f"{LABELS[mode]} (LLM_TOOL_MODE={mode})"
        known = self._models.get(model)
        skipped = [w for w in MODES[: MODES.index(mode)] if known is not None and w in known.refused]
        because = f" (this server {'; '.join(_why(w, known.refused[w]) for w in skipped)})" if known and skipped else ""
        confirmed = known is not None and known.confirmed == mode
        return f"{LABELS[mode]}{because}" + ("" if confirmed else ", not tried yet")

    def records(self) -> list[ToolWayRecord]:
        """Every model's row, as `LlmToolWay` keeps it."""
        return [self._record(model, known) for model, known in self._models.items()]

    def _record(self, model: str, known: ModelModes) -> ToolWayRecord:
        return ToolWayRecord(
            endpoint=self.endpoint,
            model=model,
            way=known.confirmed,
            refused=",".join(f"{w}:{_kind(known.refused[w])}" for w in MODES if w in known.refused),
        )

    def summary(self, model: str, setting: str) -> str:
        """The start-up line: how ``model``'s tool arguments are asked, or that the first call will find out."""
        if self.forced is None and model not in self._models:
            found_now = "`python3 bot.py doctor` finds them now"
            return f"LLM tool arguments for {model} ({setting}): found at the first call ({found_now})."
        return f"LLM tool arguments for {model} ({setting}): {self.describe(model)}."

    def _save(self, model: str, known: ModelModes) -> None:
        if self.persist is None:
            return
        record = self._record(model, known)
        try:
            task = asyncio.get_running_loop().create_task(self._write(record))
        except RuntimeError:
            return
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _write(self, record: ToolWayRecord) -> None:
        assert self.persist is not None
        try:
            await self.persist(record)
        except Exception as exc:  # noqa: BLE001 - the mode is still known for this process
            logger.info("Could not remember the LLM way for %s in the database: %s", record.model, exc)

    async def settle(self) -> None:
        """Wait for the pending writes (shutdown, tests)."""
        if self._writes:
            await asyncio.gather(*list(self._writes), return_exceptions=True)


def _why(mode: ToolMode, reason: str) -> str:
    """ "refuses" when the server said no (an HTTP error), "ignores" when it answered without the arguments."""
    return f"{'refuses' if reason.startswith('HTTP') else 'ignores'} {WHY_NOT[mode]}"


def _kind(reason: str) -> str:
    """How a refusal is kept in `LlmToolWay.Refused`: ``http`` (the server said no) or ``ignored``."""
    return "http" if reason.startswith("HTTP") else "ignored"


def _refusal(item: str) -> tuple[ToolMode | None, str]:
    """One ``mode:kind`` item of `LlmToolWay.Refused` back as a mode and a reason :func:`_why` reads alike."""
    name, _, kind = item.strip().partition(":")
    return mode_named(name), ("HTTP error in an earlier run" if kind == "http" else "ignored in an earlier run")
