"""Secrets handed over across a channel's messages in the shapes the earlier split tables lacked, measured on a layer
table written before the rules for them (tests/privacy/layer_tables: ``split_fresh18``).

Each row is a stretch of a channel (``turns``): the member's messages (``by: "me"``) among other members' (``A``,
``B``, ``C``), some in a thread opened from it (``thread``), and edits (``edits``: the index of the message edited).
Kinds: ``value_first`` (the value, then what it opens), ``corrected`` ("wait no" / the right value), ``halves`` (a
value in two messages), ``answered_other`` (another member's question, chatter, then the answer), ``after_emoji`` (a
name, an emoji-only or custom-emoji message, the value), ``separated`` (a name, one to three other members' messages,
the value), ``thread`` (named or asked in the channel, given in its thread), ``edited`` (a value fixed by an edit, or
a bare value edited to say what it is), ``after_dm`` ("dm'd you the wifi" / the value in the channel anyway) and
``spelled`` (a code as number words over two messages or lines). The ``lookalike`` rows share those shapes (scores,
times, prices, counts, lobby codes meant for everyone; ``shape``, ``reason``) and must pass unchanged.

A secret row is right when no copy of the member's messages — each as the conversation screen read it (a thread with
the channel it was opened from, an edit read again in its conversation), every copy scrubbed with what the
conversation found — holds a secret, alone or run
together. A look-alike is right when every line of every member passes unchanged and nothing is found. A third of each
kind is in the ``.aside.jsonl`` file, never tuned on: its figure is printed, its rows never.
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import PARTS, channel_table_at_floors, channel_table_rows, channel_verdict_can_fail

from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Seen

NAME = "split_fresh18"
KINDS = (
    "value_first",
    "corrected",
    "halves",
    "answered_other",
    "after_emoji",
    "separated",
    "thread",
    "edited",
    "after_dm",
    "spelled",
)
_MEMBERS = {"me": 7, "A": 8, "B": 9, "C": 10}
_CHANNEL, _THREAD = 100, 101


def _gone(secret: str, copies: list[str]) -> bool:
    folded = secret.casefold()
    joined = ["".join(copies), " ".join(copies), "\n".join(copies)]
    return not any(folded in text.casefold() for text in [*copies, *joined])


def right(row: dict[str, Any]) -> bool:
    """The channel said in order through one conversation screen, as the pipeline reads it: a secret row is right when
    every copy of the member's messages, scrubbed with what was found, has none of its secrets; a look-alike when every
    line passes unchanged and nothing is found."""
    window, copies, found = ConversationScreen(), [], Seen()
    unchanged = True
    for index, turn in enumerate(row["turns"]):
        text, user = turn["text"], _MEMBERS[turn["by"]]
        if "edits" in turn:
            joint = window.edited(turn["edits"], text)  # read again in its conversation
            assert joint is not None  # the message edited is in the window
        elif turn.get("thread"):
            joint = window.take(user, _THREAD, text, message_id=index, parent=_CHANNEL)
        else:
            joint = window.take(user, _CHANNEL, text, message_id=index)
        said_text, found_values = joint.said.text, joint.found.values
        found.add(joint.found)
        unchanged = unchanged and said_text == text and not found_values
        if turn["by"] == "me":
            copies.append(said_text)
    if row["kind"] == "lookalike":
        return unchanged
    scrubbed = [found.scrub(text) for text in copies]
    return all(_gone(secret, scrubbed) for secret in row["secrets"])


RIGHT_AT_LEAST = {"tune": 102, "aside": 50}
"""Rows right per part (the aside part never tuned on). On arrival, before any rule for it: tune 75/105 (secrets
33/60: value first 6/6, corrected 5/6, halves 2/6, answered by another's question 1/6, after an emoji 6/6, separated
6/6, thread 1/6, edited 0/6, after a DM 6/6, spelled 0/6), aside 38/52 (secrets 16/30). After the rules (a code in
number words over two messages or lines, halves after the secret they start, another member's question kept open
through a line or two of chatter or followed by a comment, a slip corrected later; a time, a lobby code named after
its word and a sentence of a script without spaces are no values): tune 91/105 (secrets 46/60: corrected 6/6, halves
5/6, answered 4/6, spelled 6/6; thread 1/6 and edited 0/6 unchanged: a thread is another place, and an edit is read
alone), aside 44/52 (secrets 22/30). The aside count was seen once mid-round, at 40/52 (the helper prints it). Round
19, the stretch read as the pipeline now passes it (a thread with the channel it was opened from, an edit read again in
its conversation; a room or match code is public): tune 102/105 (thread 6/6, edited 6/6, look-alikes 45/45: "¿código
de la sala para la partida?" / "KQ7M2" in the thread, now one conversation with the channel, kept as a room code),
aside 50/52 (secrets 28/30), measured once."""
LOOKALIKE_RIGHT_AT_LEAST = {"tune": 45, "aside": 22}
"""Look-alikes passed unchanged per part: a rule may not alter more of them. On arrival 42/45 and 22/22 (a lobby code
asked for as "le code du lobby", a time "18.30" after a question with no question word the readings knew, "集合は8時"
taken back by "ごめん間違えた 8時半"); after the rules 45/45 and 22/22."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    channel_table_at_floors(NAME, part, right, RIGHT_AT_LEAST, LOOKALIKE_RIGHT_AT_LEAST)


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    rows = channel_table_rows(NAME, KINDS)
    for row in rows:
        turns = row["turns"]
        mine = [turn["text"] for turn in turns if turn["by"] == "me"]
        assert 2 <= len(turns) <= 5 and mine and all(turn["by"] in _MEMBERS for turn in turns), row["id"]
        assert all(0 <= turn.get("edits", 0) < index for index, turn in enumerate(turns) if "edits" in turn), row["id"]
        assert all(turns[turn["edits"]]["by"] == turn["by"] for turn in turns if "edits" in turn), row["id"]
        assert all(any(s in m for m in mine) or s in "".join(mine) for s in row["secrets"]), row["id"]
    assert sum(row["kind"] == "lookalike" for row in rows) >= 0.40 * len(rows)
    assert len(rows) >= 150 and len({row["lang"].split("-")[0] for row in rows}) >= 20


def test_the_verdict_can_fail() -> None:
    """A value left in a copy fails a secret row; a look-alike whose line changes fails."""
    channel_verdict_can_fail(
        right, {"kind": "separated", "turns": [{"by": "me", "text": "the blue one"}, {"by": "A", "text": "ok"}]}, "blue", "green"
    )
