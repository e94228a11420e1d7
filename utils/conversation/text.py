"""Text hygiene for the chat: cleaning what members send, splitting what the bot answers."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from functools import cache

from utils.llm import first_answer
from utils.prompts import load_prompt
from utils.text import valid_text

DISCORD_LIMIT = 2000
ATTACHMENT_THRESHOLD = 6000
"""Replies longer than this go out as a text file rather than a wall of messages."""

_INVISIBLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]")
# Pictographs (and the modifiers, variation selector and tags that end one) a zero-width joiner may join:
# a U+200D between two of them is part of one emoji ("👩\u200d💻" is a technologist, not a woman and a laptop).
_PICTO = (
    "\u00a9\u00ae\u203c\u2049\u2122\u2139\u2190-\u21ff\u2300-\u23ff\u2460-\u27bf\u2900-\u297f\u2b00-\u2bff"
    "\u3030\u303d\u3297\u3299\ufe0f\U0001f000-\U0001faff\U000e0020-\U000e007f"
)
_PICTO_CHAR = re.compile(f"[{_PICTO}]")
_JOINING = (
    "\u0600-\u06ff\u0700-\u074f\u0750-\u077f\u0780-\u07bf\u08a0-\u08ff\u0900-\u0dff\u0f00-\u0fff"
    "\u1000-\u109f\u1780-\u17ff\u1800-\u18af\ua8e0-\ua8ff\ufb50-\ufdff\ufe70-\ufeff"
)
"""Scripts whose spelling puts a zero-width non-joiner or joiner between two letters: Arabic and Persian
("می\u200cخواهم"), Syriac, Thaana, the Indic scripts from Devanagari to Sinhala ("क्\u200dष"), Tibetan,
Myanmar, Khmer, Mongolian."""
_JOINING_CHAR = re.compile(f"[{_JOINING}]")
_JOINERS = re.compile("[\u200c\u200d]+")
MAX_REOPEN_TAG = 100
"""A fence's language tag longer than this (no real one is) is not repeated when the fence is reopened:
it would leave no room for the code, or none at all."""


def clean_input(text: str, max_chars: int) -> tuple[str, bool]:
    """Make the text valid (lone surrogates), drop NULs, control and invisible formatting characters;
    cut to ``max_chars``.

    Emoji, RTL scripts and ordinary whitespace are kept. Returns (text, was_cut).
    """
    cleaned = _drop_stray_joiners(_INVISIBLE.sub("", valid_text(text))).strip()
    if len(cleaned) <= max_chars:
        return cleaned, False
    return cleaned[: _grapheme_start(cleaned, max_chars)].rstrip(), True


def _drop_stray_joiners(text: str) -> str:
    """Zero-width (non-)joiners go, except where they are spelling: one between two letters of a
    script that uses them, or joiners between two pictographs (an emoji sequence such as 👩\u200d💻).

    Elsewhere ("pass\u200dword") they only hide a word from whoever reads it.
    """

    def keep_or_drop(run: re.Match[str]) -> str:
        start, end = run.span()
        before, after = text[start - 1 : start], text[end : end + 1]
        if len(run.group()) == 1 and _JOINING_CHAR.fullmatch(before) and _JOINING_CHAR.fullmatch(after):
            return run.group()
        if "\u200c" not in run.group() and _PICTO_CHAR.fullmatch(before) and _PICTO_CHAR.fullmatch(after):
            return run.group()
        return ""

    return _JOINERS.sub(keep_or_drop, text)


ROLE_LABELS = ("User", "Assistant", "Bot", "System", "Human", "AI", "Model", "Member")
_BLOCK_LINE = re.compile(r'^\s*(?:Profile: "|- (?:Recent|Relevant): ")', re.MULTILINE)
_BOT_ROLES = frozenset({"bot", "assistant", "ai", "model"})
_SAID = re.compile(r"[ \t]*(?:said|says|wrote|writes|replied|replies|answered|answers)?[ \t]*:", re.IGNORECASE)
_DECORATION = "*_~ \t>"
LEADING_LABELS_MAX = 3
"""How many labels in a row are taken off the start ("Bot: Jordan: hi" has two)."""


def trim_reply(text: str, speakers: Iterable[str] = (), *, memory_asked_for: bool = False) -> str:
    """The model's reply up to where it stops being the bot's answer; may be empty.

    Small models go on writing the dialogue ("\nAlice: ...", "User: ...") or copy the
    memory block (its heading, its ``Profile: "..."`` lines); they open the reply with
    the member's label or their own ("Jordan: ...", "**Jordan:**", "Jordan said:",
    "Breehavior Monitor: ...") and write the chat template's markers (``[INST] <<SYS>>``,
    ``<|im_end|>``, ``<start_of_turn>model``). The markers go first (the answer is the
    model's own turn), then leading labels, then the reply is cut where another speaker
    or the memory block starts. When the model wrote the member's line again before
    its own ("Jordan: hi\nBot: hey!"), the answer is what follows the bot's label.
    Whoever sends the reply must not send an empty one.

    ``memory_asked_for``: the member asked what the bot knows about them, so lines quoting
    the memory block in its own format (``Profile: "..."``, ``- Recent: "..."``) are the answer
    and stay; the block's headings and other speakers' lines are still cut.
    """
    names = {n.strip().casefold() for n in (*speakers, *ROLE_LABELS, *bot_names()) if n and n.strip()}
    reply, opened_as = _without_leading_labels(first_answer(text), names)
    if opened_as and opened_as not in _BOT_ROLES | set(bot_names()):
        own_line = _bot_line(reply)
        if own_line is not None:
            reply = _without_leading_labels(reply[own_line:], names)[0]
    starts = [m.start() for m in _LINE_START.finditer(reply) if _opens_with_a_speaker(reply, m, names)]
    if not memory_asked_for:
        starts += [m.start() for m in _BLOCK_LINE.finditer(reply)]
    starts += [m.start() for m in _block_headings().finditer(reply)]
    outside_code = [at for at in starts if reply.count("```", 0, at) % 2 == 0]
    return reply[: min(outside_code, default=len(reply))].strip()


@cache
def bot_names() -> tuple[str, ...]:
    """The names the chat prompt gives the bot ("You are Breehavior Monitor, ..."), case-folded, and their first word."""
    found = re.match(r"\s*You are ([^,.\n]{2,60}?)[,.]", load_prompt("chat_personality"))
    if found is None:
        return ()
    name = found.group(1).strip().casefold()
    return (name, name.split()[0])


def _label_at(text: str, names: AbstractSet[str]) -> tuple[str, int] | None:
    """The speaker label opening ``text`` ("Jordan:", "**Jordan:**", "Jordan said:") and where it ends."""
    start = len(text) - len(text.lstrip(_DECORATION))
    head = text[start : start + SPEAKER_LABEL_MAX + 12]
    for colon in (i for i, ch in enumerate(head) if ch == ":"):
        said = _SAID.search(head, 0, colon + 1)
        before = head[: said.start()] if said and said.end() == colon + 1 else head[:colon]
        label = before.strip(_DECORATION).removeprefix("@").casefold()
        if label in names:
            return label, start + colon + 1 + len(head[colon + 1 :]) - len(head[colon + 1 :].lstrip(_DECORATION))
        if len(before) > SPEAKER_LABEL_MAX:
            break
    return None


def _without_leading_labels(text: str, names: set[str]) -> tuple[str, str]:
    """``text`` without the labels that open it, and the first label found ("" when none)."""
    first = ""
    for _ in range(LEADING_LABELS_MAX):
        found = _label_at(text, names)
        if found is None:
            break
        first = first or found[0]
        text = text[found[1] :]
    return text, first


def _bot_line(reply: str) -> int | None:
    """Where a line opening with the bot's own label starts, or None."""
    own = _BOT_ROLES | set(bot_names())
    for line in _LINE_START.finditer(reply):
        found = _label_at(reply[line.start() + 1 :], own)
        if found is not None:
            return line.start() + 1
    return None


_LINE_START = re.compile(r"\n[ \t>*_]*")
SPEAKER_LABEL_MAX = 100
"""Longest speaker label looked for at a line start (Discord display names are at most 32 characters)."""


def _opens_with_a_speaker(reply: str, line: re.Match[str], names: set[str]) -> bool:
    """Whether the line starting at ``line`` reads "<speaker>: ...", the speaker possibly in ``**``/``__``.

    Matched by set look-up rather than one regex of every name: that regex differed per channel and
    was compiled for each reply (3.6 % of the bot's CPU in the pipeline bench).
    """
    end = reply.find("\n", line.end())
    head = reply[line.start() + 1 : line.end() + SPEAKER_LABEL_MAX if end < 0 else min(end, line.end() + SPEAKER_LABEL_MAX)]
    decoration = line.end() - line.start() - 1
    colon = head.find(":", decoration)
    while colon >= 0:
        for skip in range(decoration + 1):  # a name may itself begin with "_" or "*"
            label = head[skip:colon].rstrip(" \t")
            while True:
                if label.casefold() in names:
                    return True
                if not label or label[-1] not in "*_":
                    break
                label = label[:-1]
        colon = head.find(":", colon + 1)
    return False


@cache
def _block_headings() -> re.Pattern[str]:
    """Fixed lines of prompts/memory_block.txt (the part before any {placeholder}), long enough to be unmistakable."""
    lines = (line.split("{")[0].strip() for line in load_prompt("memory_block").splitlines())
    return re.compile("|".join(re.escape(line) for line in lines if len(line) >= 20) or "(?!)")


def split_reply(text: str, limit: int = DISCORD_LIMIT) -> list[str]:
    """Split into Discord-sized chunks at line or word boundaries, never breaking a code fence
    or a visible character (a flag, a ZWJ family, an accented letter, a conjunct).

    A chunk that ends inside a ``` block closes it, and the next chunk reopens it with
    the same language tag, so every chunk renders on its own.
    """
    chunks: list[str] = []
    remaining = text.strip()
    open_lang: str | None = None
    while remaining:
        prefix = f"```{open_lang}\n" if open_lang is not None else ""
        room = limit - len(prefix) - 4  # >= limit - MAX_REOPEN_TAG - 8: every turn takes a bite
        if len(prefix) + len(remaining) <= limit:
            chunks.append(prefix + remaining)
            break
        cut = _cut_point(remaining, room)
        piece, remaining = remaining[:cut].rstrip(), remaining[cut:].removeprefix(" ").lstrip("\n")
        body = prefix + piece
        open_lang = _still_open(body)
        if open_lang is not None and len(open_lang) > MAX_REOPEN_TAG:
            open_lang = ""
        chunks.append(body + "\n```" if open_lang is not None else body)
    return [c for c in chunks if c.strip()]


def _cut_point(text: str, room: int) -> int:
    """Where to end the next chunk (0 < cut <= room): a blank line, a line end or a space in the last
    two thirds of the window, else the last grapheme boundary, else (one "character" longer than a
    message, as combining-mark spam) ``room`` itself."""
    window = text[:room]
    for separator in ("\n\n", "\n", " "):
        index = window.rfind(separator)
        while index > room // 3 and not (_is_boundary(text, index) and _is_boundary(text, index + len(separator))):
            index = window.rfind(separator, 0, index)
        if index > room // 3:
            return index
    return _grapheme_start(text, room) or room


def _still_open(chunk: str) -> str | None:
    """The info string (language) of a code fence left open at the end of ``chunk``, or None.

    As in CommonMark, a fence is a line that starts with ```: it opens when the rest of the
    line holds no backtick (so "```npm ci``` first" is inline code, not a fence) and closes
    an open block when nothing but spaces follows.
    """
    lang: str | None = None
    for line in chunk.split("\n"):
        stripped = line.strip()
        if not stripped.startswith("```"):
            continue
        rest = stripped[3:].strip()
        if lang is None and "`" not in rest:
            lang = rest
        elif lang is not None and not rest:
            lang = None
    return lang


# ----------------------------------------------------------------------------- grapheme boundaries
# A hand-written approximation of UAX #29 extended grapheme clusters, checked against the regex
# package's \X in tests/unit/test_split_reply.py. It errs on the side of keeping code points together.
_PREPEND = frozenset("\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd")


def _extends(char: str) -> bool:
    """Whether ``char`` belongs to the character before it (marks, joiner, selectors, skin tones, tags)."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Me", "Mc")
        or code == 0x200D
        or 0xFE00 <= code <= 0xFE0F
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
        or 0xE0100 <= code <= 0xE01EF
        or 0x1160 <= code <= 0x11FF  # Hangul medial vowels and final consonants
        or 0xD7B0 <= code <= 0xD7FF
    )


def _is_regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def _is_boundary(text: str, at: int) -> bool:
    """Whether a cut before ``text[at]`` leaves every visible character whole."""
    if at <= 0 or at >= len(text):
        return True
    before, after = text[at - 1], text[at]
    if before == "\r" and after == "\n":
        return False
    if before in "\r\n" or after in "\r\n":
        return True
    if _extends(after) or before == "\u200d" or before in _PREPEND:
        return False
    if unicodedata.combining(before) == 9 and unicodedata.category(after) == "Lo":
        return False  # a virama joins two consonants into one conjunct (क्ष)
    if 0x1100 <= ord(before) <= 0x115F and (0x1100 <= ord(after) <= 0x115F or 0xAC00 <= ord(after) <= 0xD7A3):
        return False  # a Hangul leading consonant joins what follows
    if _is_regional(before) and _is_regional(after):
        run = 0
        while run < at and _is_regional(text[at - 1 - run]):
            run += 1
        return run % 2 == 0  # flags are pairs of regional indicators
    return True


def _grapheme_start(text: str, at: int) -> int:
    """The last grapheme boundary at or before ``at``; 0 when the first character reaches past it."""
    while at > 0 and not _is_boundary(text, at):
        at -= 1
    return at
