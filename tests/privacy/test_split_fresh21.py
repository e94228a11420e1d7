"""A secret split over a member's consecutive messages in the turn-taking styles the earlier split tables lacked,
measured on a layer table written before the rules for it (tests/privacy/layer_tables: ``split_fresh21``).

Each row is a stretch of a channel (``turns``): the member's messages (``by: "me"``) among other members' (``A``,
``B``). Kinds: ``word_each`` (one word a message: "wifi" / "pass" / the value), ``pieces`` (the value read off a
sticker or a dial in two to four messages), ``word_later`` (the value, a message of chatter, then what it opens),
``interleaved`` (other members' messages between the announcement and the value), ``asked_bare`` (another member's
question answered by the value alone), ``caret`` (a value, then "^ that's for the router"), ``script_own`` (the
announcement in one language, the value in a script or digit form of its own: "٤٤٧١", "５８２０", a Latin password
after a Cyrillic line), ``digit_fix`` (a digit corrected in the next message), ``line_break`` (a value continued after a
line break in one message, or in a new message) and ``three_spread`` (the thing, its word and the value over three
messages, in any order). The ``lookalike`` rows share those shapes (scores, lobby codes, times, prices, game
coordinates said in pieces with harmless labels; ``shape``, ``reason``) and must pass unchanged.

Read as :func:`test_split_fresh18.right` reads a channel: a secret row is right when no copy of the member's messages,
scrubbed with what the conversation found, holds one of its secrets, alone or run together; a look-alike when every
line passes unchanged and nothing is found. A third of each kind is in the ``.aside.jsonl`` file, never tuned on: its
figure is printed, its rows never.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, channel_table_at_floors, channel_table_rows
from test_split_fresh18 import right

NAME = "split_fresh21"
KINDS = (
    "word_each",
    "pieces",
    "word_later",
    "interleaved",
    "asked_bare",
    "caret",
    "script_own",
    "digit_fix",
    "line_break",
    "three_spread",
)
_MEMBERS = {"me", "A", "B"}

RIGHT_AT_LEAST = {"tune": 117, "aside": 58}
"""Rows right per part (the aside part never tuned on). On arrival, before any rule for it: tune 117/132 (secrets 71/85:
one word a message 8/9, pieces 6/9, the word later 4/8, interleaved 8/8, asked 8/9, caret 6/8, a script of its own
9/9, a digit fixed 7/8, a line break 8/9, three messages 7/8), aside 58/64 (secrets 34/40), counted once."""
LOOKALIKE_RIGHT_AT_LEAST = {"tune": 46, "aside": 24}
"""Look-alikes passed unchanged per part: a rule may not alter more of them. On arrival 46/47 and 24/24."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    channel_table_at_floors(NAME, part, right, RIGHT_AT_LEAST, LOOKALIKE_RIGHT_AT_LEAST)


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    rows = channel_table_rows(NAME, KINDS)
    for row in rows:
        turns = row["turns"]
        mine = [turn["text"] for turn in turns if turn["by"] == "me"]
        assert 1 <= len(turns) <= 5 and mine and {turn["by"] for turn in turns} <= _MEMBERS, row["id"]
        assert all(any(s in m for m in mine) or s in "".join(mine) for s in row["secrets"]), row["id"]
    assert sum(row["kind"] == "lookalike" for row in rows) >= len(rows) / 3
    assert len(rows) >= 180 and len({row["lang"].split("-")[0] for row in rows}) >= 25


def test_the_verdict_can_fail() -> None:
    """A value left in a copy fails a secret row; a look-alike whose line changes fails."""
    leak = {"kind": "pieces", "turns": [{"by": "me", "text": "4471"}, {"by": "me", "text": "nice weather"}]}
    assert not right({**leak, "secrets": ["4471"]})
    assert right({**leak, "secrets": ["absent"]})
    changed = {"kind": "lookalike", "turns": [{"by": "me", "text": "my password is"}, {"by": "me", "text": "Zq8-marlin-55"}]}
    assert not right({**changed, "secrets": []})
