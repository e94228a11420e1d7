"""Secrets split over a member's consecutive messages in the kinds the earlier split tables lacked, measured on a
layer table written before the rules for them (tests/privacy/layer_tables: ``split_more``).

Kinds: ``named_later`` (a bare value, a message or two of chatter, then a message naming what it was),
``halves`` ("first half: Copper" / "rest is Falcon_219"), ``asked_back`` (the member's own question names the secret,
"do you need the wifi pw?", then the value), ``flagged`` (a value, then "^ that's my pin, don't share"),
``retracted`` (a value, then "delete that" or "wrong chat" naming nothing), ``asked_by_other`` (another member asks
"what's the code?" in the channel and the member answers), ``wrapped`` (a long value broken over a line break or
continued in the next message), ``digit_by_digit`` (a code's digits one message at a time or in pairs) and
``abbreviated`` (the secret named by an emoji or a chat abbreviation: 🔑, 📶, pwd, Kennw., пасс, ㅂㅂ). The
``ordinary`` rows share their shapes (a lap time then "that's my best", football halves, a countdown, a published
discount or a lobby code, a room number, "oops wrong chat" after chatter, кд as a cooldown) and must pass unchanged;
each says why it is kept (``reason``).

A secret row is right when no copy of the member's messages, once scrubbed with what the conversation found, holds a
secret — each copy on its own and the copies run together (digits sent one message at a time are a value only
together). A third of each kind is in the ``.aside.jsonl`` file, never tuned on: its figure is measured and printed
(its rows never), with a floor at the figure measured when the rules were done.
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import EVERY, PARTS, a_third_of_each, at_floors, right_in_conversation, third_aside

NAME = "split_more"
KINDS = (
    "named_later",
    "halves",
    "asked_back",
    "flagged",
    "retracted",
    "asked_by_other",
    "wrapped",
    "digit_by_digit",
    "abbreviated",
)


def right(row: dict[str, Any]) -> bool:
    """The conversation verdict of the shared helpers, with this table's harmless kind."""
    return right_in_conversation(row, harmless_kind="ordinary")


RIGHT_AT_LEAST = {"tune": 120, "aside": 60}
"""Rows right per part (the aside part never tuned on). On arrival, before any rule for it: tune 86/124 (secrets
43/79: named later 2/8, halves 0/9, asked back 9/9, flagged 9/9, retracted 7/10, asked by another 1/9, wrapped 6/8,
digit by digit 0/8, abbreviated 9/9), aside 44/63 (secrets 23/40). After the rules (a value given in pieces, a
value pointed at past chatter, retractions asked as a deletion, another member's question): tune 120/124 (secrets
77/79: named later 7/8, digit by digit 7/8, every other kind whole), aside 60/63 (secrets 39/40). The tune misses
are a French reveal ("le nombre plus haut c'est le code de ma carte") no reading names and a PIN's digits after
"clave del cajero", whose "clave" is a weak word (a key, a clue) the readings of a label leave out. The aside count was
seen once mid-round, at 53/63 (the pieces read, the rest not yet): counted, its rows never read."""
ORDINARY_RIGHT_AT_LEAST = {"tune": 43, "aside": 21}
"""Ordinary exchanges passed unchanged per part: a rule may not alter more of them. On arrival 43/45 and 21/23 (a
Switch friend code wrapped over two messages whose second group the screen reads alone as an identity number, a
recipe after "la recette continue :" read as a value announced); the same after the rules."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    floors = {EVERY: RIGHT_AT_LEAST[part], "ordinary": ORDINARY_RIGHT_AT_LEAST[part]}
    at_floors(NAME, part, right, floors, label="kind", shown=lambda row: row["id"])


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    split = third_aside(NAME)
    rows = split.tune + split.aside
    assert len({row["id"] for row in rows}) == len(rows)
    assert len({(row.get("asked"), tuple(row["messages"])) for row in rows}) == len(rows)
    for row in rows:
        assert {"id", "kind", "lang", "source", "messages", "secrets"} <= row.keys(), row["id"]
        assert row["kind"] in (*KINDS, "ordinary"), row["id"]
        assert bool(row["secrets"]) is (row["kind"] != "ordinary"), row["id"]
        assert 1 <= len(row["messages"]) <= 5 and len(row["messages"]) + ("asked" in row) >= 2, row["id"]
        assert all(any(s in m for m in row["messages"]) or s in "".join(row["messages"]) for s in row["secrets"]), row["id"]
        assert row["kind"] != "ordinary" or (row.get("reason") and row.get("shape") in KINDS), row["id"]
    a_third_of_each(split)
    assert sum(row["kind"] == "ordinary" for row in rows) >= 0.35 * len(rows)
    assert len(rows) >= 120 and len({row["lang"] for row in rows}) >= 15
