"""Values the member names as theirs by what they are, whatever their shape, measured on three layer tables written
before the rules for them (tests/privacy/layer_tables):

``named_identity``: a phone number of seven digits (regions whose numbers are that short, libphonenumber's example
numbers of regions no earlier table used) after a phone word or the member's own "my number", in 29 languages; a tax,
social-security or licence number after its document's word (python-stdnum's documentation examples of kinds no
earlier table used, licence layouts of seven digits). Look-alikes: orders, tickets, builds, phone-like scores, a
game's UID, a world seed, counts.

``config_named``: a configuration value after a key whose name says secret, whatever the value's shape (words with
dots, a plain word) and whatever the format: a device console's ``Backlog`` commands, ``.netrc``, ``msmtprc``,
``rsyncd.secrets``, ``chap-secrets``, ``davfs2/secrets``, Deluge's auth file, Dovecot's passwd-file, Asterisk,
wpa_supplicant, hostapd, game servers' files, keys in 12 languages. Look-alikes: ports, player counts, world seeds,
policies about passwords, ``PasswordAuthentication no``, settings in other languages.

``seed_containers``: a BIP-39 phrase in a code container (C, Rust, Go, PHP, Lua, Java, JavaScript, bash, SQL, YAML)
or joined by a word ("then", "luego", "puis", "und dann", "然后") or a symbol; five or six words joined so with the
rest promised. Look-alikes: word lists in code and chains of plans.

``address_lots``: a street with its number, then a lot or a unit, then the town and its postcode after commas, as the
Freely Associated States and the Pacific territories write them (US ZIP codes) and a few other places; look-alikes:
a game's road and lot, an auction lot, levels and scores between commas.

A third of each kind is in ``.aside.jsonl``, never tuned on: counted and printed, with a floor at the figure measured
when the rules were done (:data:`RIGHT_AT_LEAST`).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from layer_tables import PARTS, at_floors, third_aside

from utils.privacy.screen import screen

TABLES = ["named_identity", "config_named", "seed_containers", "address_lots"]
RIGHT_AT_LEAST = {
    ("named_identity", "tune"): 59,
    ("named_identity", "aside"): 30,
    ("config_named", "tune"): 40,
    ("config_named", "aside"): 19,
    ("seed_containers", "tune"): 34,
    ("seed_containers", "aside"): 16,
    ("address_lots", "tune"): 14,
    ("address_lots", "aside"): 8,
}
"""Rows right per table and part, measured when the rules were done. Before them: ``named_identity`` tune 38/60,
aside 21/30; ``config_named`` 30/44, 17/22; ``seed_containers`` 22/34, 11/17; ``address_lots`` 7/17, 5/9. The
look-alikes wrong after were wrong before: ``named_identity`` tune, an order after "numaram" (a Turkish phone word)
and a friend code grouped as a phone number (``contact.py``); ``config_named`` tune, three lines ``passwords.py``
reads; ``address_lots`` tune, a game's street and lot before a score; one aside look-alike of ``config_named`` and
one of ``seed_containers``."""

_WORD = re.compile(r"[^\W_]+")


def _three_in_a_row(value: str, text: str) -> bool:
    """Whether three of the value's words (with what joins them: "absent then myself") stand in a row in ``text``, as
    the end-to-end test reads a trace (a phrase cut short is still a phrase)."""
    wanted = [word.casefold() for word in _WORD.findall(value)]
    seen = [word.casefold() for word in _WORD.findall(text)]
    triples = {tuple(wanted[i : i + 3]) for i in range(len(wanted) - 2)}
    return any(tuple(seen[i : i + 3]) in triples for i in range(len(seen) - 2))


def _gone(value: str, text: str, *, phrase: bool) -> bool:
    return not _three_in_a_row(value, text) if phrase else value not in text


def _right(row: dict[str, Any]) -> bool:
    text = row["text"]
    message, memory = screen(text, "message"), screen(text, "memory")
    if row["kind"] == "lookalike" and row["id"].startswith(("namedid", "addresslots")):
        return message.text == text  # a memory drops a long number on purpose (an order's, a friend code)
    if row["kind"] == "lookalike":
        return message.text == text and not memory.refused and memory.text == " ".join(text.split())
    phrase = row["kind"] == "seed"
    return _gone(row["value"], message.text, phrase=phrase) and (
        memory.refused or _gone(row["value"], memory.text, phrase=phrase)
    )


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("table", TABLES)
def test_named_values(table: str, part: str) -> None:
    at_floors(table, part, _right, RIGHT_AT_LEAST[(table, part)], label="kind")


@pytest.mark.parametrize("table", TABLES)
def test_a_third_is_aside_and_no_line_is_in_both(table: str) -> None:
    split = third_aside(table)
    every = split.tune + split.aside
    assert {row["kind"] for row in split.aside} == {row["kind"] for row in split.tune}
    assert len({row["lang"] for row in every}) >= 12
    assert all(row["value"] in row["text"] or row["kind"] == "seed" for row in every)


def test_the_measure_can_fail() -> None:
    assert not _right({"id": "x", "kind": "lookalike", "text": "my password is Kettle-Harbor-91", "value": ""})
    assert not _right({"id": "namedid-x", "kind": "lookalike", "text": "my password is Kettle-Harbor-91", "value": ""})
    assert not _right({"id": "x", "kind": "phone", "text": "gg, the healer carried us 4417", "value": "4417"})
    assert not _right({"id": "x", "kind": "seed", "text": "abandon then ability then able", "value": "abandon then ability"})
