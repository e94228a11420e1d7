"""Turns waiting for extraction, per member: one worker per member takes every turn queued meanwhile.

A burst of messages costs one extraction call and each turn is extracted exactly
once. Turns from different servers are handed over separately, so each memory
records where it was learned. A member's deleted message leaves the queue before
anything is learned from it; an edited one takes its new text. Each turn keeps the
member's message as screened, so what was screened out of it (`Seen`) is screened out
of what the model returns for the same extraction too.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from itertools import groupby

from utils.background import BackgroundTasks
from utils.config import Settings
from utils.memory.extraction import ExtractionTurn
from utils.privacy.screen import Screened, Seen

logger = logging.getLogger(__name__)

Extract = Callable[[int, str, int | None, Sequence[ExtractionTurn], Seen], Awaitable[None]]
"""``extract(user_id, member name, guild id, turns, seen)``: the work the queue feeds; ``seen`` holds the values
screened out of those turns' messages."""


@dataclass(frozen=True)
class _QueuedTurn:
    guild_id: int | None
    turn: ExtractionTurn
    message_id: int | None = None
    """The Discord message the turn came from: a delete or an edit of it reaches the queue too."""
    said: Screened | None = None
    """The member's message as screened: its secrets are screened out of what the model returns too."""


@dataclass
class _MemberQueue:
    name: str
    turns: list[_QueuedTurn] = field(default_factory=list)
    running: bool = False
    drops: int = 0
    """Moves with every drop: turns the worker already took (other servers' groups) are dropped with the queue."""


class TurnQueues:
    def __init__(self, settings: Settings, tasks: BackgroundTasks, extract: Extract) -> None:
        self._settings = settings
        self._tasks = tasks
        self._extract = extract
        self._queues: dict[int, _MemberQueue] = {}
        self._extracting: dict[int, list[Seen]] = {}
        """The values screened out of the turns an extraction is running for, by member: a value a later message
        shows was a secret is added to them, so the answer (stored or logged) still to come is screened with it."""

    def add(
        self,
        user_id: int,
        name: str,
        guild_id: int | None,
        turn: ExtractionTurn,
        message_id: int | None,
        said: Screened | None = None,
    ) -> None:
        """Queue one turn (``name`` and ``turn`` already screened, ``said`` the member's message as screened);
        a worker starts for the member unless one is running."""
        queue = self._queues.get(user_id)
        if queue is None:
            queue = self._queues[user_id] = _MemberQueue(name)
        queue.name = name
        queue.turns.append(_QueuedTurn(guild_id, turn, message_id, said))
        if not queue.running:
            queue.running = True
            self._tasks.spawn(self._worker(user_id), name=f"extract-memories-{user_id}")

    def drop(self, user_id: int) -> int:
        """Every turn of the member still waiting goes (an erasure or a pause); returns how many."""
        queue = self._queues.get(user_id)
        if queue is None:
            return 0
        dropped = len(queue.turns)
        queue.turns.clear()
        queue.drops += 1
        return dropped

    def deleted(self, message_ids: Collection[int]) -> int:
        """Turns from these messages are dropped; returns how many."""
        gone, dropped = set(message_ids), 0
        for queue in self._queues.values():
            kept = [queued for queued in queue.turns if queued.message_id is None or queued.message_id not in gone]
            dropped += len(queue.turns) - len(kept)
            queue.turns[:] = kept
        return dropped

    def scrub(self, user_id: int, found: Screened) -> int:
        """A later message showed that values in the member's earlier ones were secrets (``found``: those values):
        the turns still waiting lose them, and what the model returns for them is screened with them too.

        Returns how many turns changed."""
        if not found.values:
            return 0
        for running in self._extracting.get(user_id, ()):
            running.add(found)
        queue = self._queues.get(user_id)
        if queue is None:
            return 0
        seen, changed = Seen([found]), 0
        for index, queued in enumerate(queue.turns):
            turn = queued.turn
            scrubbed = replace(turn, user_text=seen.scrub(turn.user_text), bot_reply=seen.scrub(turn.bot_reply))
            said = queued.said or Screened(turn.user_text, False, ())
            said = replace(said, text=scrubbed.user_text, values=(*said.values, *found.values))
            changed += scrubbed != turn
            queue.turns[index] = replace(queued, turn=scrubbed, said=said)
        return changed

    def edited(self, message_id: int, said: Screened) -> bool:
        """A turn from this message takes the new text (``said``, already screened) and loses the bot's answer
        to the old one."""
        for queue in self._queues.values():
            for index, queued in enumerate(queue.turns):
                if queued.message_id == message_id:
                    turn = ExtractionTurn(said.text, "", queued.turn.channel_id)
                    queue.turns[index] = replace(queued, turn=turn, said=said)
                    return True
        return False

    async def _worker(self, user_id: int) -> None:
        queue = self._queues[user_id]
        try:
            if self._settings.memory_extraction_delay_seconds:
                await asyncio.sleep(self._settings.memory_extraction_delay_seconds)
            while queue.turns:
                pending, queue.turns, drops = queue.turns, [], queue.drops
                for guild_id, grouped in groupby(pending, key=lambda q: q.guild_id):
                    if queue.drops != drops:
                        break  # erased or paused while an earlier group was extracted
                    group = list(grouped)
                    seen = Seen(q.said for q in group if q.said is not None)
                    running = self._extracting.setdefault(user_id, [])
                    running.append(seen)
                    try:
                        await self._extract(user_id, queue.name, guild_id, [q.turn for q in group], seen)
                    except Exception:
                        logger.exception("Memory extraction for %s failed; those turns are skipped.", user_id)
                    finally:
                        running.remove(seen)
                        if not running:
                            self._extracting.pop(user_id, None)
        finally:
            queue.running = False
            if not queue.turns:
                self._queues.pop(user_id, None)
