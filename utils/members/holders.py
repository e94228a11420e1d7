"""The copies of a member a running process holds in RAM, as one contract: forget and export.

The database's holders are `utils.storage.member_data`'s; these are the others — the channel
context the chat keeps, LlmLog rows not written yet, the monitor's state, learning waiting in
queues. Each registers once (`utils.runtime.Services` does it); every erasure, here or seen from
another process, runs them all after the database's, and the receipt counts what each dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from utils.members.erasure import Erasure


@dataclass(frozen=True)
class HeldCopy:
    """One kind of copy kept in RAM: how it drops what an erasure takes back, and what it adds to an export."""

    name: str
    """What the receipt calls what it drops ("chat context", "log excerpts")."""
    forget: Callable[[Erasure], int]
    export: Callable[[int], dict[str, Any]] | None = None

    @classmethod
    def alongside(cls, name: str, drop: Callable[[int], object]) -> HeldCopy:
        """The same lines another copy counts as ``name``, held again for another job (the conversation screen's
        window of a member's last messages): ``drop(user_id)`` drops them, and the receipt does not count them twice."""

        def forget(erasure: Erasure) -> int:
            drop(erasure.user_id)
            return 0

        return cls(name, forget)


@dataclass
class HeldCopies:
    copies: list[HeldCopy] = field(default_factory=list)

    def register(self, copy: HeldCopy) -> None:
        self.copies.append(copy)

    def forget(self, erasure: Erasure) -> dict[str, int]:
        """Every copy drops what ``erasure`` takes back; what each dropped, by name."""
        dropped: dict[str, int] = {}
        for copy in self.copies:
            dropped[copy.name] = dropped.get(copy.name, 0) + copy.forget(erasure)
        return dropped

    def export(self, user_id: int) -> dict[str, Any]:
        exported: dict[str, Any] = {}
        for copy in self.copies:
            if copy.export is not None:
                exported.update(copy.export(user_id))
        return exported
