"""A secret handed over across a thread and the channel it was opened from, a forum post's title and its replies, or an
edit, measured on a layer table written before the rules for them (tests/privacy/layer_tables: ``threads_edits19``).

Each row is a stretch of a channel (``turns``): the member's messages (``by: "me"``) among other members' (``A``,
``B``, ``C``), each ``place``d in the channel (the default), in a ``thread`` opened from it, or in a forum ``post`` (a
thread of a forum channel); a ``title`` turn is the name a thread or post was opened under, by whoever opened it; an
``edits`` turn replaces the text of the message at that index. Kinds: ``thread`` (named or asked in the channel, given
in its thread, or the reverse), ``forum`` (a post's title names it, a reply gives it), ``edited_fix`` (a value fixed by
an edit), ``edited_reveal`` (a bare value edited to say what it is, or a later message edited to say what the earlier
one was) and ``edited_added`` (a message edited to add a value after its secret word). The ``lookalike`` rows share
those shapes (``shape``, ``reason``: scores and times fixed by edits, lobby codes for everyone, prices in trading
threads, forum help answers) and must pass unchanged.

A secret row is right when no copy of the member's messages — each as the conversation screen read it, an edited text
beside the text it replaced, every copy scrubbed with what the conversation found — holds a secret, alone or run
together. A look-alike is right when every line of every member passes unchanged and nothing is found. A third of each
kind is in the ``.aside.jsonl`` file, never tuned on: its figure is printed, its rows never.
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import PARTS, channel_table_at_floors, channel_table_rows, channel_verdict_can_fail

from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Seen

NAME = "threads_edits19"
KINDS = ("thread", "forum", "edited_fix", "edited_reveal", "edited_added")
_MEMBERS = {"me": 7, "A": 8, "B": 9, "C": 10}
_PLACES = {"channel": 100, "thread": 101, "post": 201}
"""The channel, a thread opened from it, and a post of a forum channel (200)."""
_PARENTS = {101: 100, 201: 200}
"""The channel each thread or post was opened from, as the pipeline passes it (``IncomingMessage.parent_id``)."""


def _gone(secret: str, copies: list[str]) -> bool:
    folded = secret.casefold()
    joined = ["".join(copies), " ".join(copies), "\n".join(copies)]
    return not any(folded in text.casefold() for text in [*copies, *joined])


def right(row: dict[str, Any]) -> bool:
    """The stretch said in order through one conversation screen — a thread or post with the channel it was opened from,
    its title read by `ConversationScreen.opened`, an edit read again in its conversation — as the pipeline reads it: a
    secret row is right when every copy of the member's messages (an edited one's old text and its new one),
    scrubbed with what was found, has none of its secrets; a look-alike when every line passes unchanged and nothing
    is found."""
    window, copies, found = ConversationScreen(), [], Seen()
    unchanged = True
    for index, turn in enumerate(row["turns"]):
        text, user = turn["text"], _MEMBERS[turn["by"]]
        place = _PLACES[turn.get("place", "channel")]
        if turn.get("title"):
            window.opened(user, place, text, parent=_PARENTS[place])  # the thread's name: no message of anyone's
            continue
        if "edits" in turn:
            joint = window.edited(turn["edits"], text)
            assert joint is not None  # the message edited is in the window
        else:
            joint = window.take(user, place, text, message_id=index, parent=_PARENTS.get(place))
        said_text, found_values = joint.said.text, joint.found.values
        found.add(joint.found)
        unchanged = unchanged and said_text == text and not found_values
        if turn["by"] == "me":
            copies.append(said_text)
    if row["kind"] == "lookalike":
        return unchanged
    scrubbed = [found.scrub(text) for text in copies]
    return all(_gone(secret, scrubbed) for secret in row["secrets"])


RIGHT_AT_LEAST = {"tune": 65, "aside": 32}
"""Rows right per part (the aside part never tuned on). On arrival, before any rule for it (a thread another place, an
edit screened alone): tune 41/67 (secrets 11/36: thread 2/8, forum 4/6, edited fix 2/8, edited reveal 0/8, edited
added 3/6), aside 21/34 (secrets 5/18). After the rules (a thread or post continues the channel it was opened from, its
title read as its opener's line and as a question put to whoever answers; an edit read again in its conversation, the
words it adds to a bare value read as a message after it; a room or match code ("código de la sala") is public): tune
64/67 (secrets 34/36: thread 8/8, forum 5/6, edited fix 8/8, edited reveal 7/8, edited added 6/6), aside 32/34 (secrets
16/18), measured once. A lock or a code word named with the thing it opens, right after a lone value, then read
as a reveal (an edit saying so too): tune 65/67 (edited reveal 8/8)."""
LOOKALIKE_RIGHT_AT_LEAST = {"tune": 30, "aside": 16}
"""Look-alikes passed unchanged per part: a rule may not alter more of them. On arrival 30/31 (a price paid in a forum
reply) and 16/16; after the rules the same."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    channel_table_at_floors(NAME, part, right, RIGHT_AT_LEAST, LOOKALIKE_RIGHT_AT_LEAST)


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    rows = channel_table_rows(NAME, KINDS)
    for row in rows:
        turns = row["turns"]
        mine = [turn["text"] for turn in turns if turn["by"] == "me" and not turn.get("title")]
        assert 2 <= len(turns) <= 5 and mine and all(turn["by"] in _MEMBERS for turn in turns), row["id"]
        assert all(turn.get("place", "channel") in _PLACES for turn in turns), row["id"]
        assert all(turn.get("place") in {"thread", "post"} for turn in turns if turn.get("title")), row["id"]
        assert all(0 <= turn.get("edits", 0) < index for index, turn in enumerate(turns) if "edits" in turn), row["id"]
        assert all(turns[turn["edits"]]["by"] == turn["by"] for turn in turns if "edits" in turn), row["id"]
        assert all(any(s in m for m in mine) for s in row["secrets"]), row["id"]
        shape = row.get("shape", row["kind"])
        assert shape != "forum" or any(turn.get("title") for turn in turns), row["id"]
        assert shape != "thread" or {turn.get("place", "channel") for turn in turns} >= {"thread"}, row["id"]
        assert not shape.startswith("edited") or any("edits" in turn for turn in turns), row["id"]
    assert sum(row["kind"] == "lookalike" for row in rows) >= 0.40 * len(rows)
    assert len(rows) >= 90 and len({row["lang"].split("-")[0] for row in rows}) >= 15


def test_the_verdict_can_fail() -> None:
    """A value left in a copy fails a secret row; a look-alike whose line changes fails."""
    channel_verdict_can_fail(
        right,
        {"kind": "thread", "turns": [{"by": "me", "text": "the blue one"}, {"by": "A", "text": "ok", "place": "thread"}]},
        "blue",
        "green",
    )
