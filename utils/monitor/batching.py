"""Per-channel batches: one LLM call covers up to N messages or a few seconds of a channel.

The buffer only keeps order and counts; *when* a batch is due is the caller's business:
the live monitor arms one timer per channel with a pending batch (so a quiet channel
has no timer and costs nothing), and the replay script calls :meth:`BatchBuffer.take_due`
with the transcript's own timestamps. Both therefore cut a channel into the same batches.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from utils.monitor.messages import ObservedMessage
from utils.privacy.screen import Seen


@dataclass(slots=True)
class Batch:
    channel_id: int
    opened_at: float
    messages: list[ObservedMessage] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.messages)


class BatchBuffer:
    def __init__(self, size: int, seconds: float) -> None:
        self.size = size
        self.seconds = seconds
        self._open: dict[int, Batch] = {}

    def add(self, message: ObservedMessage, now: float) -> Batch | None:
        """Queue ``message``; returns its channel's batch when this message filled it."""
        batch = self._open.get(message.channel_id)
        if batch is None:
            batch = self._open[message.channel_id] = Batch(message.channel_id, now)
        batch.messages.append(message)
        if len(batch) >= self.size:
            return self._open.pop(message.channel_id)
        return None

    def is_open(self, channel_id: int) -> bool:
        return channel_id in self._open

    def take(self, channel_id: int) -> Batch | None:
        """The channel's pending batch (its timer fired), or ``None`` if it emptied meanwhile."""
        batch = self._open.pop(channel_id, None)
        return batch if batch and batch.messages else None

    def take_due(self, now: float) -> list[Batch]:
        """Every batch whose wait ran out by ``now``, oldest first."""
        due = sorted((b for b in self._open.values() if b.opened_at + self.seconds <= now), key=lambda b: b.opened_at)
        for batch in due:
            del self._open[batch.channel_id]
        return due

    def take_all(self) -> list[Batch]:
        batches = sorted(self._open.values(), key=lambda b: b.opened_at)
        self._open.clear()
        return batches

    def replace(self, channel_id: int, message_id: int, content: str | None) -> bool:
        """An edit of a message still waiting: analyse the new text (``None``: nothing left to score)."""
        batch = self._open.get(channel_id)
        if batch is None:
            return False
        for i, message in enumerate(batch.messages):
            if message.message_id == message_id:
                if content is None:
                    del batch.messages[i]
                else:
                    batch.messages[i] = replace(message, content=content)
                self._close_if_empty(channel_id)
                return True
        return False

    def discard(self, channel_id: int, message_ids: set[int]) -> int:
        """Drop deleted messages from the channel's pending batch; returns how many were there."""
        batch = self._open.get(channel_id)
        if batch is None:
            return 0
        before = len(batch)
        batch.messages = [m for m in batch.messages if m.message_id not in message_ids]
        dropped = before - len(batch)
        self._close_if_empty(channel_id)
        return dropped

    def scrub(self, author_id: int, seen: Seen) -> int:
        """A member's later message showed values in their waiting ones were secrets: those leave them; returns
        how many messages changed."""
        changed = 0
        for batch in self._open.values():
            for i, message in enumerate(batch.messages):
                if message.author_id == author_id and (scrubbed := seen.scrub(message.content)) != message.content:
                    batch.messages[i] = replace(message, content=scrubbed)
                    changed += 1
        return changed

    def drop_author(self, author_id: int) -> int:
        """Every waiting message of a member leaves its batch (an erasure); returns how many."""
        dropped = 0
        for channel_id, batch in list(self._open.items()):
            before = len(batch)
            batch.messages = [m for m in batch.messages if m.author_id != author_id]
            dropped += before - len(batch)
            self._close_if_empty(channel_id)
        return dropped

    def _close_if_empty(self, channel_id: int) -> None:
        batch = self._open.get(channel_id)
        if batch is not None and not batch.messages:
            del self._open[channel_id]
