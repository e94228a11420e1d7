"""Which way works for which model: found by the first calls (or the doctor), kept for the process and the database.

A model starts at the first way of :data:`ORDER` it has not been seen to refuse; a
refusal moves it to the next one, a success confirms the way. Both are written to
`LlmToolWay` through ``persist`` (fire and forget, off the caller's path), and
:meth:`WayBook.load` reads them back at start, so a restart does not probe again.
``forced`` (LLM_TOOL_MODE other than ``auto``) pins every model to one way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field

from utils.llm.ways import LABELS, ORDER, WHY_NOT, Way
from utils.storage.records import ToolWayRecord

logger = logging.getLogger(__name__)

Persist = Callable[[ToolWayRecord], Awaitable[None]]


@dataclass
class ModelWays:
    """What is known of one model: the way that worked last, and the ways it refused (with the server's reason)."""

    confirmed: Way | None = None
    refused: dict[Way, str] = field(default_factory=dict)


class WayBook:
    """See the module docstring. One per LLM client (so per endpoint)."""

    def __init__(self, endpoint: str, *, forced: Way | None = None, persist: Persist | None = None) -> None:
        self.endpoint = endpoint
        self.forced = forced
        self.persist = persist
        self._models: dict[str, ModelWays] = {}
        self._writes: set[asyncio.Task[None]] = set()

    def load(self, records: Iterable[ToolWayRecord]) -> None:
        """What earlier runs found, for this endpoint only (another server may answer otherwise)."""
        for record in records:
            if record.endpoint != self.endpoint:
                continue
            known = self._models.setdefault(record.model, ModelWays())
            known.confirmed = _way(record.way)
            refusals = (_refusal(item) for item in record.refused.split(","))
            known.refused = {way: why for way, why in refusals if way is not None}

    def way_for(self, model: str) -> Way:
        """The way to ask ``model`` first: the best one it has not refused.

        A better way not tried yet is tried before settling for a worse one that works
        (a server that answered a forced call in prose may still honour structured
        output); when every way was refused the last (the reply's text) is still tried:
        a model is never given up on for the life of the process.
        """
        if self.forced is not None:
            return self.forced
        known = self._models.get(model)
        if known is None:
            return ORDER[0]
        return next((w for w in ORDER if w not in known.refused), ORDER[-1])

    def fallback(self, model: str, failed: Way) -> Way | None:
        """The way to ask once more after ``failed`` gave nothing for a request: one known to work, else the next untried."""
        if self.forced is not None:
            return None
        known = self._models.get(model) or ModelWays()
        if known.confirmed is not None and known.confirmed is not failed and known.confirmed not in known.refused:
            return known.confirmed
        later = ORDER[ORDER.index(failed) + 1 :]
        return next((w for w in later if w not in known.refused), None)

    def works(self, model: str) -> bool:
        """Whether some way is not known to fail for ``model``."""
        known = self._models.get(model)
        return self.forced is not None or known is None or any(w not in known.refused for w in ORDER)

    def known(self, model: str) -> ModelWays | None:
        return self._models.get(model)

    def confirm(self, model: str, way: Way) -> None:
        known = self._models.setdefault(model, ModelWays())
        if known.confirmed is way and way not in known.refused:
            return
        if (
            known.confirmed is not None
            and ORDER.index(known.confirmed) < ORDER.index(way)
            and known.confirmed not in known.refused
        ):
            return  # a better way already works
        known.confirmed = way
        known.refused.pop(way, None)
        self._save(model, known)

    def refuse(self, model: str, way: Way, reason: str) -> None:
        """Remember that ``model`` refused ``way``; one INFO line says what is used from now on."""
        if self.forced is not None:
            return
        known = self._models.setdefault(model, ModelWays())
        if known.refused.get(way) == reason:
            return
        known.refused[way] = reason
        if known.confirmed is way:
            known.confirmed = None
        then = LABELS[self.way_for(model)] if self.works(model) else "nothing left to try"
        logger.info("LLM %s: no %s here (%s); next: %s.", model, WHY_NOT[way], reason, then)
        self._save(model, known)

    def describe(self, model: str) -> str:
        """One line for the doctor and the start-up summary: the way, and why not a better one."""
        if not self.works(model):
            return "no way works (every way was refused)"
        way = self.way_for(model)
        if self.forced is not None:
            return f"{LABELS[way]} (LLM_TOOL_MODE={way.value})"
        known = self._models.get(model)
        skipped = [w for w in ORDER[: ORDER.index(way)] if known is not None and w in known.refused]
        because = f" (this server {'; '.join(_why(w, known.refused[w]) for w in skipped)})" if known and skipped else ""
        confirmed = known is not None and known.confirmed is way
        return f"{LABELS[way]}{because}" + ("" if confirmed else ", not tried yet")

    def records(self) -> list[ToolWayRecord]:
        """Every model's row, as `LlmToolWay` keeps it."""
        return [self._record(model, known) for model, known in self._models.items()]

    def _record(self, model: str, known: ModelWays) -> ToolWayRecord:
        return ToolWayRecord(
            endpoint=self.endpoint,
            model=model,
            way=known.confirmed.value if known.confirmed is not None else None,
            refused=",".join(f"{w.value}:{_kind(known.refused[w])}" for w in ORDER if w in known.refused),
        )

    def summary(self, model: str, setting: str) -> str:
        """The start-up line: how ``model``'s tool arguments are asked, or that the first call will find out."""
        if self.forced is None and model not in self._models:
            found_now = "`python3 bot.py doctor` finds them now"
            return f"LLM tool arguments for {model} ({setting}): found at the first call ({found_now})."
        return f"LLM tool arguments for {model} ({setting}): {self.describe(model)}."

    def _save(self, model: str, known: ModelWays) -> None:
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
        except Exception as exc:  # noqa: BLE001 - the way is still known for this process
            logger.info("Could not remember the LLM way for %s in the database: %s", record.model, exc)

    async def settle(self) -> None:
        """Wait for the pending writes (shutdown, tests)."""
        if self._writes:
            await asyncio.gather(*list(self._writes), return_exceptions=True)


def _why(way: Way, reason: str) -> str:
    """ "refuses" when the server said no (an HTTP error), "ignores" when it answered without the arguments."""
    return f"{'refuses' if reason.startswith('HTTP') else 'ignores'} {WHY_NOT[way]}"


def _kind(reason: str) -> str:
    """How a refusal is kept in `LlmToolWay.Refused`: ``http`` (the server said no) or ``ignored``."""
    return "http" if reason.startswith("HTTP") else "ignored"


def _refusal(item: str) -> tuple[Way | None, str]:
    """One ``way:kind`` item of `LlmToolWay.Refused` back as a way and a reason :func:`_why` reads alike."""
    name, _, kind = item.strip().partition(":")
    return _way(name), ("HTTP error in an earlier run" if kind == "http" else "ignored in an earlier run")


def _way(value: str | None) -> Way | None:
    try:
        return Way(value) if value else None
    except ValueError:
        return None
