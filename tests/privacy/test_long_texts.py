"""An oversized text costs the screen in proportion to its length.

Chat lines are short, but a logged model response, an LLM server's error body, a pasted profile migration or an
extraction input can run to tens of thousands of characters, and the screen runs on the event loop. A reader that
looked at the whole text again for each word or line of it made 24,000 characters of "hello world " take seconds.
Each shape here is screened at 4,000 and at 64,000 characters (sixteen times as long) and the longer may cost at
most :data:`MAX_GROWTH` times the shorter: a ratio of the fastest of a few timings, so a loaded machine slows both
alike. A reader that grows with the square of the length makes it hundreds.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from utils.privacy.conversation import ConversationScreen
from utils.privacy.memoised_lines import forget_memoised_lines
from utils.privacy.screen import screen, screen_profile

SHORT, LONG = 4_000, 64_000
MAX_GROWTH = 100
"""Sixteen times the text: linear is ~13–20 (a few readers grow with a logarithm, a short text's fixed costs weigh less
in a long one), up to ~65 on a machine busy with other work (load above 5), where a 4,000-character text's
millisecond is easily disturbed — and the cheaper the short side gets, the more a disturbance weighs; a reader
reading the whole text again for each of its words or lines made it 316 (one word pair repeated, as a memory), and
one that grows with the square of the length makes it ~256."""
MAX_SHAPE_RATIO = 60
"""A shape may cost at most this many times as much as a line of chat of the same length: numbers, the dearest shape,
cost ~16 times as much at 4,000 characters; one cluster of letters and symbols with no space ("+1+1+1…", "$$$…") cost
several hundred times as much while a reader walked the whole cluster again for each symbol in it — a cost the
growth test cannot see, since the walk was bounded by the cluster's letters and grew no faster than the text."""
ATTEMPTS = 3
"""A ratio above the bound is measured again, up to this many times in all: a machine's burst of other work passes,
a reader that grows with the square of the length stays above it every time."""

_CHAT = (
    "my brother got mad when I beat him again, then my friend Jake said the boss was easy and my mom laughed. "
    "we queued ranked until two, lost three in a row, then won five; the new patch broke my build again lol. "
)
_CONFIG = (
    "# server settings copied from the wiki\n"
    "max_players = 24\n"
    "tick_rate = 64\n"
    "map_pool: de_dust2, de_mirage, de_inferno\n"
    "motd = welcome back, read the rules\n"
    "spawn_protection -> 3\n"
    "log_level: info\n"
)
SHAPES: dict[str, str] = {
    "one word pair repeated": "hello world ",
    "one long line of chat": _CHAT,
    "many short lines": "gg\nok see you at 8\nlol\nwho is on tonight?\nbrb\nmy sister says hi\n",
    "numbers": "12 345 6789 2026-12-05 19:30 3.14 1,024 +44 42 007 1999 ",
    "a pasted config": _CONFIG,
    "spam with no spaces": "+1hype!$$",  # one cluster of letters and symbols, however long
}


def _text(shape: str, length: int) -> str:
    unit = SHAPES[shape]
    return (unit * (length // len(unit) + 1))[:length]


def _fastest(action: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        forget_memoised_lines()  # each timing reads the text afresh: the screen memoises a chat message's reading
        # (the half a conversation takes first is one), its words' keyword forms and its list markers
        started = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - started)
    return best


def _growth(read: Callable[[str], object], shape: str) -> float:
    short, long = _text(shape, SHORT), _text(shape, LONG)
    read(short)  # rule tables built on first use are not the text's cost
    return _fastest(lambda: read(long), 2) / _fastest(lambda: read(short), 6)


def _taken_after_one(text: str) -> None:
    """A message read by the conversation screen after the member's one before it (a window to read it with)."""
    conversation = ConversationScreen(clock=lambda: 0.0)
    conversation.take(1, 1, text[len(text) // 2 :])
    conversation.take(1, 1, text)


READERS: dict[str, Callable[[str], object]] = {
    "memory": lambda text: screen(text, "memory"),
    "log": lambda text: screen(text, "log"),
    "input": lambda text: screen(text, "input"),
    "profile": screen_profile,
    "conversation": _taken_after_one,
}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("reader", READERS)
def test_sixteen_times_the_text_costs_about_sixteen_times_as_much(reader: str, shape: str) -> None:
    growth = _growth(READERS[reader], shape)
    for _ in range(ATTEMPTS - 1):
        if growth <= MAX_GROWTH:
            break
        growth = _growth(READERS[reader], shape)
    print(f"{reader}, {shape}: {growth:.1f}×")
    assert growth <= MAX_GROWTH, f"{reader}, {shape}: {LONG:,} characters cost {growth:.0f}× {SHORT:,}"


@pytest.mark.parametrize("shape", [shape for shape in SHAPES if shape != "one long line of chat"])
@pytest.mark.parametrize("reader", READERS)
def test_no_shape_costs_far_more_than_chat_of_its_length(reader: str, shape: str) -> None:
    read, chat, text = READERS[reader], _text("one long line of chat", SHORT), _text(shape, SHORT)
    read(chat)  # rule tables built on first use are not the text's cost
    ratio = _fastest(lambda: read(text), 3) / _fastest(lambda: read(chat), 3)
    for _ in range(ATTEMPTS - 1):
        if ratio <= MAX_SHAPE_RATIO:
            break
        ratio = _fastest(lambda: read(text), 3) / _fastest(lambda: read(chat), 3)
    print(f"{reader}, {shape}: {ratio:.1f}× chat")
    assert ratio <= MAX_SHAPE_RATIO, f"{reader}, {shape}: {ratio:.0f}× a line of chat of {SHORT:,} characters"
