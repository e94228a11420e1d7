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
from layer_tables import PARTS, channel_table_at_floors, channel_table_rows, channel_verdict_can_fail
from test_split_fresh18 import right

from utils.privacy.conversation import ConversationScreen

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

RIGHT_AT_LEAST = {"tune": 129, "aside": 58}
"""Rows right per part (the aside part never tuned on). On arrival, before any rule for it: tune 117/132 (secrets 71/85:
one word a message 8/9, pieces 6/9, the word later 4/8, interleaved 8/8, asked 8/9, caret 6/8, a script of its own
9/9, a digit fixed 7/8, a line break 8/9, three messages 7/8), aside 58/64 (secrets 34/40), counted once. After the
rules (a label opening with its kind, a pro-drop copula, a code compound or a router named after a lone value, across
chatter too; an announcement typed a word a message; a value on the line after its kind; question words no values;
another member's question with no question mark; a secret renewed with characters added; a value after its
announcement and a remark): tune 129/132 (secrets 82/85: every kind right but pieces 7/9 and a digit fixed 7/8, where
"digicode 7B452" is a line the screen alone misses), aside 58/64 (secrets 34/40) as on arrival, counted a second and
last time."""
LOOKALIKE_RIGHT_AT_LEAST = {"tune": 47, "aside": 24}
"""Look-alikes passed unchanged per part: a rule may not alter more of them. On arrival 46/47 ("la partie c'est le
code" / "8HX2Q": "partie" read as a part) and 24/24; after the rules 47/47 and 24/24."""


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
    channel_verdict_can_fail(
        right, {"kind": "pieces", "turns": [{"by": "me", "text": "4471"}, {"by": "me", "text": "nice weather"}]}, "4471", "absent"
    )


def _found_after(messages: list[str]) -> list[str]:
    window, found = ConversationScreen(), []
    for index, text in enumerate(messages):
        found += [value for value, _kind in window.take(7, 100, text, message_id=index).found.values]
    return found


@pytest.mark.parametrize(
    ("messages", "value"),
    [
        (["8214", "hmm", "bank pin, keep it"], "8214"),  # a label opening with its kind, after chatter
        (["Ravioli_Sole9", "eh", "è la password del router"], "Ravioli_Sole9"),  # the copula of a pro-drop language
        (["3392", "wacht", "dat is de garagecode"], "3392"),  # a code compound named by what it opens
        (["Hoshi_Zora55", "↑ルーターのです"], "Hoshi_Zora55"),  # what it opens, inside a run without spaces
        (["Mimosa-Lac-31", "^ pour la box"], "Mimosa-Lac-31"),
        (["8214", "lol", "never tell anyone your password"], None),  # a sentence naming a kind further on
        (["19:30", "hmm", "es la hora del partido"], None),
        (["2-1", "ah", "è il risultato finale"], None),
    ],
)
def test_a_lone_value_is_named_by_a_label_after_chatter_or_a_copula(messages: list[str], value: str | None) -> None:
    """A label that opens with a kind of secret (or a code compound, or what it opens in a script without spaces)
    names the lone value before it, across a word or two of chatter; a sentence about secrets, a time, a score do not."""
    found = _found_after(messages)
    assert (value in found) if value is not None else not found


@pytest.mark.parametrize(
    ("messages", "value"),
    [
        (["pin", "kartu", "gw", "551920"], "551920"),  # an announcement typed a word a message
        (["bike", "lock", "code", "7264"], "7264"),
        (["код", "от", "сейфа", "4412"], "4412"),  # a word that goes on naming it is no value
        (["lobby", "code", "QX7M2P"], None),  # a lobby code is for everyone
        (["final", "score", "3", "1"], None),
        (["la partie c'est le code", "7QXM2"], None),  # "partie", a match: a game's code, no part of a value
    ],
)
def test_an_announcement_typed_a_word_a_message_is_read_as_one_line(messages: list[str], value: str | None) -> None:
    """A member's messages of a word or two read together announce what the next message gives; a public code, a
    score, and a match ("partie") named beside a code do not."""
    found = _found_after(messages)
    assert (value in found) if value is not None else not found


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("portkod\n5529\n#", "5529"),  # a line break where a new message would have been
        ("pin\n8830", "8830"),
        ("coords:\n-1240 64 388", None),  # a line naming no secret hands nothing over
        ("lobby code\nQX7M2P", None),
        ("Treffpunkt Bahnhof\n18:45", None),
        ("changed my steam pw\n```diff\n- old one (gone)\n```", None),  # a code block's fence is no value
    ],
)
def test_a_value_on_the_line_after_its_kind_is_read_as_a_next_message(text: str, value: str | None) -> None:
    found = _found_after([text])
    assert (value in found) if value is not None else not found


@pytest.mark.parametrize("question", ["mật khẩu wifi là gì vậy?", "la contraseña es cuál?", "password is what?"])
def test_a_question_word_after_a_kind_is_no_value(question: str) -> None:
    """ "what is the wifi password?" in the word order of Vietnamese or Spanish asks; it gives nothing."""
    assert not _found_after([question])
    assert ConversationScreen().take(8, 100, question).said.text == question


@pytest.mark.parametrize(
    ("turns", "value"),
    [
        ([(8, "whats the netflix pw"), (9, "pls"), (7, "Quokka_Tea5")], "Quokka_Tea5"),  # asked with no question mark
        ([(7, "7731"), (7, "lol"), (7, "^ alarm")], "7731"),  # what it opens, after chatter
        ([(7, "Mx7-heron"), (7, "brb"), (7, "netflix pw")], "Mx7-heron"),  # a label of a few words, its kind last
        ([(8, "what a game"), (7, "GG2024")], None),
        ([(8, "whats the score"), (7, "3-1")], None),
        ([(7, "2-1"), (7, "lol"), (7, "^ final")], None),
    ],
)
def test_a_question_or_a_label_in_fewer_marks_and_words(turns: list[tuple[int, str]], value: str | None) -> None:
    """A question typed without its question mark still asks for what it names; a label of a few words, or what a value
    opens, names the lone value a word of chatter ago; a game, a score, a final result do not."""
    window, found = ConversationScreen(), []
    for index, (user, text) in enumerate(turns):
        found += [v for v, _kind in window.take(user, 100, text, message_id=index).found.values]
    assert (value in found) if value is not None else not found


@pytest.mark.parametrize(
    ("messages", "value"),
    [
        (["gate code is 5829", "changed it, same but a 3 at the end", "58293"], "58293"),  # a secret renewed
        (["wifi pw: Kestrel-Moor", "new one just adds 24", "Kestrel-Moor24"], "Kestrel-Moor24"),
        (["my pin is 5829", "lol my score was 58291 today"], None),  # a score in a sentence, not a value sent alone
    ],
)
def test_a_value_sent_alone_that_renews_an_earlier_secret_is_that_secret(messages: list[str], value: str | None) -> None:
    found = _found_after(messages)
    assert (value in found) if value is not None else "58291" not in found


@pytest.mark.parametrize(
    ("messages", "value"),
    [
        (["the wifi pw at the cabin", "its kinda long sorry", "Fjord-Otter-8812"], "Fjord-Otter-8812"),
        (["lobby code", "hurry up", "QX7M2P"], None),  # a public code, remark or not
        (["the score", "crazy game tbh", "3-1"], None),
    ],
)
def test_a_value_after_its_announcement_and_a_remark_on_it(messages: list[str], value: str | None) -> None:
    found = _found_after(messages)
    assert (value in found) if value is not None else not found
