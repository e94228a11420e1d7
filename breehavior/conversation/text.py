"""Text hygiene for the chat: cleaning what members send, splitting what the bot answers."""

from __future__ import annotations

import re

from breehavior.text import valid_text

DISCORD_LIMIT = 2000
ATTACHMENT_THRESHOLD = 6000
"""Replies longer than this go out as a text file rather than a wall of messages."""

_INVISIBLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]")
_FENCE = re.compile(r"^\s*```(\S*)", re.MULTILINE)


def clean_input(text: str, max_chars: int) -> tuple[str, bool]:
    """Make the text valid (lone surrogates), drop NULs, control and invisible formatting characters;
    cut to ``max_chars``.

    Emoji, RTL scripts and ordinary whitespace are kept. Returns (text, was_cut).
    """
    cleaned = _INVISIBLE.sub("", valid_text(text)).strip()
    if len(cleaned) <= max_chars:
        return cleaned, False
    return cleaned[:max_chars].rstrip(), True


def split_reply(text: str, limit: int = DISCORD_LIMIT) -> list[str]:
    """Split into Discord-sized chunks at line or word boundaries, never breaking a code fence.

    A chunk that ends inside a ``` block closes it, and the next chunk reopens it with
    the same language tag, so every chunk renders on its own.
    """
    chunks: list[str] = []
    remaining = text.strip()
    open_lang: str | None = None
    while remaining:
        prefix = f"```{open_lang}\n" if open_lang is not None else ""
        room = limit - len(prefix) - 4
        if len(prefix) + len(remaining) <= limit:
            chunks.append(prefix + remaining)
            break
        cut = _cut_point(remaining, room)
        piece, remaining = remaining[:cut].rstrip(), remaining[cut:].removeprefix(" ").lstrip("\n")
        body = prefix + piece
        open_lang = _still_open(body)
        chunks.append(body + "\n```" if open_lang is not None else body)
    return [c for c in chunks if c.strip()]


def _cut_point(text: str, room: int) -> int:
    window = text[:room]
    for separator in ("\n\n", "\n", " "):
        index = window.rfind(separator)
        if index > room // 3:
            return index
    return room


def _still_open(chunk: str) -> str | None:
    """The language of a code fence left open at the end of ``chunk``, or None."""
    lang = None
    for match in _FENCE.finditer(chunk):
        lang = match.group(1) if lang is None else None
    return lang
