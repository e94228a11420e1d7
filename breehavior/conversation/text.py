"""Text hygiene for the chat: cleaning what members send, splitting what the bot answers."""

from __future__ import annotations

import re
from collections.abc import Iterable

from breehavior.prompts import load_prompt
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


def shorten(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut at a word when one is near, marked with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit * 0.8 else cut).rstrip() + "…"


ROLE_LABELS = ("User", "Assistant", "Bot", "System", "Human", "AI", "Model", "Member")
_BLOCK_LINE = re.compile(r'^\s*(?:Profile: "|- (?:Recent|Relevant): ")', re.MULTILINE)


def trim_reply(text: str, speakers: Iterable[str] = ()) -> str:
    """The model's reply up to where it stops being the bot's answer; may be empty.

    Small models go on writing the dialogue ("\nAlice: ...", "User: ...") or copy the
    memory block (its heading, its ``Profile: "..."`` lines). The reply is cut where
    that starts; a leading "Bot:"/"Assistant:" label is taken off. Whoever sends the
    reply must not send an empty one.
    """
    names = sorted({n.strip() for n in (*speakers, *ROLE_LABELS) if n and n.strip()}, key=len, reverse=True)
    label = "|".join(re.escape(n) for n in names)
    reply = re.sub(r"^\s*(?:bot|assistant|ai|model)\s*:\s*", "", text, flags=re.IGNORECASE)
    speaker = re.compile(rf"\n[ \t>*_]*(?:{label})[*_]*[ \t]*:", re.IGNORECASE)
    starts = [m.start() for pattern in (speaker, _BLOCK_LINE) for m in pattern.finditer(reply)]
    starts += [m.start() for heading in _block_headings() for m in re.finditer(re.escape(heading), reply)]
    outside_code = [at for at in starts if reply.count("```", 0, at) % 2 == 0]
    return reply[: min(outside_code, default=len(reply))].strip()


def _block_headings() -> tuple[str, ...]:
    """Fixed lines of prompts/memory_block.txt (the part before any {placeholder}), long enough to be unmistakable."""
    lines = (line.split("{")[0].strip() for line in load_prompt("memory_block").splitlines())
    return tuple(line for line in lines if len(line) >= 20)


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
