"""Counts in user-facing text: "1 memory", "2 memories", never "1 memories"."""

from __future__ import annotations


def plural(count: float, singular: str, plural_form: str | None = None) -> str:
    """``count`` followed by the noun that agrees with it (English: only exactly 1 is singular, "1.5 minutes").
    A float is written as briefly as it reads: 60.0 as "60", 0.25 as "0.25"."""
    noun = singular if count == 1 else plural_form or f"{singular}s"
    shown = f"{count:g}" if isinstance(count, float) else str(count)
    return f"{shown} {noun}"
