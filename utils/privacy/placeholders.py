"""Where the screen's placeholders stand in a text: what a rule finds inside one is not found again, overlapping finds
are replaced once, and a screened text is cut beside a placeholder, never inside one."""

from __future__ import annotations

import re

from utils.privacy.rule import Span

PLACEHOLDER = re.compile(r"\[redacted:([a-z-]+)\]")


def outside_placeholders(text: str, found: list[Span]) -> list[Span]:
    if "[redacted:" in text:
        kept = [m.span() for m in PLACEHOLDER.finditer(text)]
        found = [s for s in found if not any(s[0] < end and start < s[1] for start, end in kept)]
    return found


def merge_spans(found: list[Span]) -> list[tuple[int, int, list[str]]]:
    """Overlapping spans become one (a password that is also an API key is redacted once)."""
    merged: list[tuple[int, int, list[str]]] = []
    for start, end, kind in sorted(found, key=lambda s: (s[0], -s[1])):
        if merged and start < merged[-1][1]:
            last = merged[-1]
            merged[-1] = (last[0], max(last[1], end), [*last[2], kind])
        else:
            merged.append((start, end, [kind]))
    return merged


def cut_screened(text: str, limit: int) -> str:
    """``text`` (already screened) in at most ``limit`` characters, cut at a word and never inside a placeholder."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    opened = cut.rfind("[redacted:")
    if opened != -1 and "]" not in cut[opened:]:
        return cut[:opened].rstrip(" ,;:")
    space = cut.rfind(" ")
    return (cut[:space] if space > limit * 0.6 and not text[limit].isspace() else cut).rstrip(" ,;:")
