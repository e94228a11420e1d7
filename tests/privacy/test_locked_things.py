"""A value given beside the thing it opens or protects — a padlock, a safe, a gate, a locker, an alarm, a key box, a
wallet app, a DVR — with no secret word, over a member's consecutive messages in either order, measured on a layer
table written before the rules for it (tests/privacy/layer_tables: ``locked_things``).

Kinds: ``named_first`` (the thing, then the bare value), ``value_first`` (the value, then what it opens),
``chatter_between`` (a message of chatter between them, in either order), ``asked_by_other`` (another member asks how
to open it; the member answers with the value) and ``one_line`` (both in one message: "cellar padlock: 9328"). The
``lookalike`` rows share those shapes (``shape``) with a number that opens nothing, each saying why it is kept
(``reason``): a price, a size, a weight, a model or firmware number, a year, opening hours, an amount sent, a game
lobby meant to be joined, and a locker's or a room's number given in public — which locker, not what opens it.

A secret row is right when no copy of the member's messages, once scrubbed with what the conversation found, holds the
value — each copy on its own and the copies run together. A look-alike is right when another member's question and
every message pass unchanged with nothing found. A third of each kind is in the ``.aside.jsonl`` file, never tuned on:
its figure is measured and printed (its rows never), with a floor at the figure measured when the rules were done.
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import EVERY, PARTS, a_third_of_each, at_floors, right_in_conversation, third_aside

NAME = "locked_things"
KINDS = ("named_first", "value_first", "chatter_between", "asked_by_other", "one_line")


def right(row: dict[str, Any]) -> bool:
    """The conversation verdict of the shared helpers, with this table's harmless kind."""
    return right_in_conversation(row, harmless_kind="lookalike")


RIGHT_AT_LEAST = {
    "tune": {EVERY: 151, "lookalike": 76},
    "aside": {EVERY: 73, "lookalike": 37},
}
"""Rows right per part and look-alikes passed (the aside part never tuned on). On arrival, before any rule for it: tune
103/154 (secrets 27/77: named first 15/29, value first 3/14, chatter between 2/12, asked by another 7/11, one line
0/11; look-alikes 76/77), aside 52/79 (secrets 15/40; look-alikes 37/39). After the readings of locks and places
(``utils/privacy/_conversation_locked.py``): tune 151/154 (secrets 75/77: value first 13/14, chatter between 11/12,
the rest whole; look-alikes 76/77), aside 73/79 (secrets 36/40: named first 15/15, value first 6/7, chatter between
6/6, asked by another 5/6, one line 4/6; look-alikes 37/39). The tune misses are a Vietnamese label whose lock comes
first with words after it ("ổ khóa xe đạp đó") and a code that reads as a year ("2081"); the look-alike missed on
arrival and after is a firmware version ("3.16.9") read as a password after "which firmware is the router on?". The
aside look-alike count was seen once mid-round, at 36/39, before the one-line reading left lines with a secret word to
the screen: counted, its rows never read."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right, RIGHT_AT_LEAST[part], label="kind", shown=lambda row: row["id"])


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    split = third_aside(NAME)
    rows = split.tune + split.aside
    assert len({row["id"] for row in rows}) == len(rows)
    for row in rows:
        assert {"id", "kind", "lang", "source", "messages", "secrets"} <= row.keys(), row["id"]
        assert row["kind"] in (*KINDS, "lookalike"), row["id"]
        assert bool(row["secrets"]) is (row["kind"] != "lookalike"), row["id"]
        assert 1 <= len(row["messages"]) <= 4, row["id"]
        assert all(any(s in m for m in row["messages"]) for s in row["secrets"]), row["id"]
        assert row["kind"] != "lookalike" or (row.get("reason") and row.get("shape") in KINDS), row["id"]
    a_third_of_each(split)
    assert sum(row["kind"] == "lookalike" for row in rows) >= 0.4 * len(rows)
    assert len(rows) >= 160 and len({row["lang"] for row in rows}) >= 20
