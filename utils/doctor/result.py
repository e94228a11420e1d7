"""One check's outcome, as the doctor prints it: a mark, a name, what it saw, and what to change."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Status(Enum):
    OK = "✓"
    FAILED = "✗"
    WARNING = "!"
    SKIPPED = "-"


@dataclass(frozen=True)
class CheckResult:
    """``fix`` names the setting and the value it saw; a WARNING or SKIPPED result never blocks."""

    name: str
    status: Status
    detail: str
    fix: str = ""

    @property
    def blocks(self) -> bool:
        return self.status is Status.FAILED

    def line(self) -> str:
        text = f"{self.status.value} {self.name}: {self.detail}"
        return f"{text} → {self.fix}" if self.fix else text


def ok(name: str, detail: str) -> CheckResult:
    return CheckResult(name, Status.OK, detail)


def failed(name: str, detail: str, fix: str) -> CheckResult:
    return CheckResult(name, Status.FAILED, detail, fix)


def warning(name: str, detail: str, fix: str = "") -> CheckResult:
    return CheckResult(name, Status.WARNING, detail, fix)


def skipped(name: str, detail: str) -> CheckResult:
    return CheckResult(name, Status.SKIPPED, detail)
