"""Secrets in the long tail of wordings, measured on a layer table written before the scored reading of secret lines
(tests/privacy/layer_tables ``secret_lines_fresh15``).

Kinds: ``worded`` (the secret's own word in 36 languages' UI strings and their slang — nenosiri, kata laluan, mật khẩu,
heslíčko, salis, cyfrinair — with possessives and clauses before the value), ``keyless`` (no secret word: the value
named by what it opens or where it is typed, a door's keypad, a lock's turns, a laptop's unlock), ``spelled`` (number
words, letter names and national spelling alphabets), ``config`` (credentials in wpa_supplicant, .netrc, .pgpass,
rclone, hostapd, NetworkManager, Spring, wp-config and .env files, and on the command lines of sshpass, cmdkey, net
user, mysql, mount.cifs, Cisco IOS, MikroTik, docker and x11vnc), ``identity`` (python-stdnum national numbers of
Estonia, Lithuania, Chile, Romania, Bulgaria, Turkey and Thailand, named in their own language or not at all);
``lookalike`` (the same words, number words, config syntax and long ids in ordinary use) must pass unchanged.

The scored reading it was written for (a linear model over the line's n-grams and token shapes, in the manner of the
kept-line classifier) was measured and left out: it moved no aside row of this table and no row of the freshest held
wave, two held secrets of older waves, and cost ~600 µs on a 4,000-character message. The table stays as a measure of
the rules on wordings written apart from them.

A secret row is right when every one of its ``pieces`` is gone from the message (case-blind, and no three of a piece's
words left in a row) and the line is refused as a memory or kept without them. The aside third is counted, never read
row by row.
"""

from __future__ import annotations

from collections import Counter

import pytest
from layer_tables import PARTS, load, pieces_at_floors

NAME = "secret_lines_fresh15"
KINDS = ("worded", "keyless", "spelled", "config", "identity", "lookalike")


RIGHT_AT_LEAST = {
    "tune": {"worded": 18, "keyless": 8, "spelled": 13, "config": 13, "identity": 7, "lookalike": 41},
    "aside": {"worded": 10, "keyless": 2, "spelled": 6, "config": 7, "identity": 3, "lookalike": 21},
}
"""Rows right per kind and part (the aside part never tuned on). On arrival, before the scored reading of secret lines
was written: tune 94/117 (worded 18/24, keyless 2/16, spelled 13/15, config 13/14, identity 7/7, look-alikes 41/41),
aside 48/58 (9/12, 2/8, 6/7, 7/7, 3/3, 21/21)."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    pieces_at_floors(NAME, part, KINDS, RIGHT_AT_LEAST[part])


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    tune, aside = load(NAME, "tune"), load(NAME, "aside")
    rows = tune + aside
    assert len({row["id"] for row in rows}) == len(rows)
    assert len({row["text"] for row in rows}) == len(rows)
    for row in rows:
        assert {"id", "kind", "lang", "text", "pieces", "source"} <= row.keys(), row["id"]
        assert row["kind"] in KINDS, row["id"]
        assert all(piece in row["text"] for piece in row["pieces"]), row["id"]
        assert bool(row["pieces"]) is (row["kind"] != "lookalike"), row["id"]
    for kind, count in Counter(row["kind"] for row in rows).items():
        assert sum(row["kind"] == kind for row in aside) == round(count / 3), kind
    assert len(rows) >= 150
    assert len({row["lang"].split("-")[0] for row in rows}) >= 20
    assert sum(row["kind"] == "lookalike" for row in rows) >= len(rows) / 3
