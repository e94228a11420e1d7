"""A later message saying an earlier one was a secret, in the ways members say it, measured on a layer table written
before the rules for it (tests/privacy/layer_tables: ``reveal_fresh20``).

Each row is a stretch of a channel (``turns``): a member's bare value, then — at once or after another member's
question — their own word that it was a secret. Kinds: ``said`` ("das war übrigens mein PIN", "c'est le code de la
boîte à clés"), ``taken_back`` ("oops that's my real pw", "ignore that, it's my bank code", "don't save that, it's the
door code"), ``short`` (abbreviations, the caret and the pointing-up emoji for the message above, other scripts'
shorthand) and ``apart`` (the reveal answering another member's "what's that?"). The ``lookalike`` rows share those
shapes with nothing secret ("that was my favourite number", "that's the code of conduct", "that was my ping") and must
pass unchanged.

Read as :func:`test_split_fresh18.right` reads a channel: a secret row is right when no copy of the member's messages,
scrubbed with what the conversation found, holds its value; a look-alike when every line passes unchanged and nothing
is found. A third of each kind is in the ``.aside.jsonl`` file, never tuned on: its figure is printed, its rows never.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, channel_table_at_floors, channel_table_rows, channel_verdict_can_fail
from test_split_fresh18 import right

from utils.privacy.conversation import ConversationScreen

NAME = "reveal_fresh20"
KINDS = ("said", "taken_back", "short", "apart")
_MEMBERS = {"me", "A", "B"}

RIGHT_AT_LEAST = {"tune": 102, "aside": 49}
"""Rows right per part (the aside part never tuned on). On arrival, before any rule for it: tune 92/105 (secrets 55/68:
said 14/17, taken back 15/17, short 13/17, apart 13/17), aside 48/51 (secrets 29/32). After the rules (a lock, or a
word for a code with the thing it opens, named right after a lone value: "c'est le code de la boîte à clés", "era il
codice del cancello", "자전거 자물쇠 번호"; "ngl", "tbh" read as fillers before "thats my acc pass"; a letter of laughter
glued to another script's word ("↑パスワードw") gives no value of its own; "ignorați", "ignorate" take a value back):
tune 102/105 (secrets 65/68: said 17/17, taken back 17/17, short 15/17, apart 16/17; left: an emoji-only "🔑🏠 ^^", the
Vietnamese "↑ mk thẻ đó =))" and "yeah lmao" answering another member's "is that your pin?"), aside 49/51 (secrets
30/32), measured once."""
LOOKALIKE_RIGHT_AT_LEAST = {"tune": 37, "aside": 19}
"""Look-alikes passed unchanged per part: a rule may not alter more of them. On arrival 37/37 and 19/19; after the
rules the same."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    channel_table_at_floors(NAME, part, right, RIGHT_AT_LEAST, LOOKALIKE_RIGHT_AT_LEAST)


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    rows = channel_table_rows(NAME, KINDS)
    for row in rows:
        turns = row["turns"]
        mine = [turn["text"] for turn in turns if turn["by"] == "me"]
        assert 2 <= len(turns) <= 4 and len(mine) >= 2 and {turn["by"] for turn in turns} <= _MEMBERS, row["id"]
        assert turns[0]["by"] == "me" and turns[-1]["by"] == "me", row["id"]  # the value first, its owner's word last
        assert all(secret in turns[0]["text"] for secret in row["secrets"]), row["id"]
    assert sum(row["kind"] == "lookalike" for row in rows) >= len(rows) / 3
    assert len(rows) >= 150 and len({row["lang"].split("-")[0] for row in rows}) >= 25


def test_the_verdict_can_fail() -> None:
    """A value no later message calls a secret stays in its copy; a look-alike whose line changes fails."""
    channel_verdict_can_fail(
        right,
        {"kind": "said", "turns": [{"by": "me", "text": "Zq8-marlin-55"}, {"by": "me", "text": "nice weather"}]},
        "Zq8-marlin-55",
        "absent",
    )


@pytest.mark.parametrize(
    ("value", "later", "gone"),
    [
        ("2580", "c'est le code de la boîte à clés, pour ce soir", True),
        ("5847", "자전거 자물쇠 번호", True),
        ("5590", "det var koden til hoveddøren", True),
        ("4.2", "that's the code of conduct section, read it", False),
        ("12", "locker number, by the pool", False),
        ("2004", "the year the padlock was made", False),
        ("3500", "that's what the bike lock cost", False),
    ],
)
def test_a_lock_or_a_code_of_what_it_opens_named_after_a_lone_value_reveals_it(value: str, later: str, gone: bool) -> None:
    """A code word with the thing it opens, or a lock with a number word, names what was just sent; a place or a code
    word alone, a year, a price does not."""
    window = ConversationScreen()
    window.take(7, 100, value, message_id=1)
    found = window.take(7, 100, later, message_id=2).found
    assert (value in [found_value for found_value, _kind in found.values]) is gone
