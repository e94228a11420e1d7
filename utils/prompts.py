"""Prompts live in prompts/*.txt; each is read once and kept."""

from __future__ import annotations

from functools import cache

from utils.paths import PROMPTS_DIR


@cache
def load_prompt(name: str) -> str:
    """The text of ``prompts/<name>.txt``, stripped of trailing whitespace."""
    return (PROMPTS_DIR / f"{name}.txt").read_text(encoding="utf-8").rstrip()


def preload_prompts() -> None:
    """Read every prompt now, at start-up, so no message ever waits on a file read."""
    for path in PROMPTS_DIR.glob("*.txt"):
        load_prompt(path.stem)
