"""Counts in user-facing text: "1 memory", "2 memories", never "1 memories"."""

from __future__ import annotations


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``count`` followed by the noun that agrees with it (English: only exactly 1 is singular)."""
    noun = singular if count == 1 else plural_form or f"{singular}s"
    return f"{count} {noun}"
