"""Ordinary lines the screen used to damage, beside their twins (tests/privacy/layer_tables/lookalike_fresh15.*.jsonl).

Documentation placeholders (`curl -u user:PASSWORD`), values masked as tools print them, a secret word followed by
"(none)", error messages that name a password, codes a game publishes for sharing, versions and hashes, recipes,
scores, addresses of public places, shop order lines, a relationship told with a detail of play, and words in
Cyrillic or Greek capitals whose letters all have Latin look-alikes: each must pass whole (a game's sharing code and
an order number stay in the message and leave a memory value-free). Their twins, in the same shapes, must stay
caught: a real value after the same words goes, a relative's health, faith or arrest is refused.

Written before the rules, from outside sources (each row's ``source``), in 27 languages; a third of each kind and
expectation is in ``aside`` (a seeded shuffle, ``28|lookalike_fresh15|<kind>|<expect>``) and never tuned on, counted
only.

On arrival: tune 150/193, aside 72/96. After a relative told with a detail of play (``bond_play_words``,
``bond_time_words`` in ``utils/privacy/data/others.json``) and stand-ins for a value (a mask's word or dots, a guide's
lower-case placeholder, "none" before a comma, a documented ``user:PASSWORD``, a code span's closing mark, a link after
the word): tune 172/193, aside 76/96. After a game's code for sharing (``utils/privacy/shared_codes.py``): tune 179,
aside 80. After a public place's address (``utils/privacy/public_places.py``) and "invalid" no longer a health word:
tune 183, aside 86. After published values, value frames and places known by their own name (round 16: a guide's
``admin:admin`` pair, an image digest, the Louvre and the Colosseum, "now it's" after "(none)", a Steam Guard code in
Spanish, a version-shaped password in Japanese): tune 191, aside 86.
"""

from __future__ import annotations

from typing import Any

import pytest
from layer_tables import PARTS, at_floors, load, right_by_expectation, split_is_honest

from utils.privacy.screen import screen

RIGHT_AT_LEAST = {"tune": 191, "aside": 86}
"""Rows right per part: the figures measured when the round of rules was done (on arrival: tune 150, aside 72)."""


def _right(row: dict[str, Any]) -> bool:
    return right_by_expectation(row)


@pytest.mark.parametrize("part", PARTS)
def test_look_alikes_pass_and_their_twins_are_caught(part: str) -> None:
    at_floors("lookalike_fresh15", part, _right, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_is_aside_in_every_kind_and_no_line_is_in_both() -> None:
    split_is_honest("lookalike_fresh15", languages=20, expects={"kept", "message", "redacted", "refused"})


def test_at_least_a_third_are_secrets_in_the_same_shapes() -> None:
    """A table met by screening less would fail its twins: a third of its rows must be caught."""
    rows = load("lookalike_fresh15", "tune") + load("lookalike_fresh15", "aside")
    assert len(rows) >= 180
    assert sum(row["expect"] in {"redacted", "refused"} for row in rows) * 3 >= len(rows)


def test_the_measure_can_fail() -> None:
    assert not _right({"text": "password: Kettle-Harbor-91", "expect": "kept"})
    assert not _right({"text": "went fishing today", "expect": "redacted", "value": "fishing"})
    assert not _right({"text": "my sister plays support", "expect": "refused"})
    assert not _right({"text": "my password is Kettle-Harbor-91", "expect": "message", "value": "Kettle-Harbor-91"})


@pytest.mark.parametrize(
    "line",
    [
        "my cousin and I have been duoing in Valorant since last season",
        "mijn broer en ik spelen elke vrijdag samen Rocket League",
        "meu irmão joga comigo desde o ano passado",
        "la mia ragazza gioca con me a Fortnite dal weekend scorso",
    ],
)
def test_a_relative_with_a_detail_of_play_passes(line: str) -> None:
    """Written after the rule: since when and what the relative plays with the member, in forms the table lacks."""
    assert not screen(line, "memory").refused


@pytest.mark.parametrize(
    "line",
    [
        "my cousin plays with me and got arrested",
        "meu irmão joga comigo desde o ano passado, ele tem depressão",
        "mijn broer en ik spelen samen, hij is ontslagen",
    ],
)
def test_a_relative_at_play_with_something_else_said_is_still_refused(line: str) -> None:
    assert screen(line, "memory").refused


@pytest.mark.parametrize(
    "line",
    [
        "the guide says `curl -u username:PASSWORD https://example.org`",
        "la doc: `mysql://utilisateur:motdepasse@localhost/base`",
        "README: `redis-cli -a <пароль>`",
        'Laravel logs `"password" => "[FILTERED]"`',
        "token: HIDDEN",
        "PIN: ••••",
        "DB_PASS=your_password_here",
        "密码：没有，随便进",
        "(using password: NO)",
    ],
)
def test_a_stand_in_for_a_value_passes(line: str) -> None:
    """Written after the rule: placeholders, masks and "none" in forms the table lacks."""
    assert screen(line, "message").text == line


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("`curl -u user:Kettle9Harbor https://example.org`", "Kettle9Harbor"),
        ("`curl -u me:Tr0mb0ne https://example.org`", "Tr0mb0ne"),
        ("password: Tulip(44)", "Tulip(44)"),
        ("密码是 Hase(2019)", "Hase(2019)"),
        ("密码：无9!x7Qz", "无9!x7Qz"),
        ("token: your_token_9f8Kq2", "your_token_9f8Kq2"),
        ('"password" => "Lilac&Stone88"', "Lilac&Stone88"),
        ("Passwort: versteckt", "versteckt"),  # a mask's word in lower case is a word a member may have chosen
        ("şifre: gizli", "gizli"),
        ("wifi password: hidden", "hidden"),
    ],
)
def test_a_value_in_the_same_shape_is_still_caught(line: str, value: str) -> None:
    assert value not in screen(line, "message").text
