"""A value given beside the thing it opens, with no word for the code (utils/privacy/_conversation_locked.py): a lock
(a padlock, a safe, a key box, an alarm panel) or a place (a locker, a gate, a storage unit, a wallet app) named in one
message and its code in the same or the next one, in either order; the same things with a number that opens nothing
(a price, a size, a year, a place's own number, hours) pass unchanged.

The phrasings are new ones, not rows of the ``locked_things`` layer table, so a rule fitted to the table's rows
alone fails here.
"""

from __future__ import annotations

import pytest

from utils.privacy._conversation_locked import LOCK, PLACE, given_beside, named_thing
from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Seen

MEMBER, OTHER, PLACE_ID = 7, 8, 100


def _copies(messages: list[str], asked: str | None = None) -> tuple[list[str], Seen]:
    window, texts, found = ConversationScreen(), [], Seen()
    if asked is not None:
        window.take(OTHER, PLACE_ID, asked)
    for message in messages:
        joint = window.take(MEMBER, PLACE_ID, message)
        texts.append(joint.said.text)
        found.add(joint.found)
    return texts, found


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("the lockbox by the back door", LOCK),
        ("Schlüsseltresor an der Hütte", LOCK),
        ("el candado de la taquilla", LOCK),
        ("ο συναγερμός του σπιτιού", LOCK),
        ("宿舍的密码锁", LOCK),
        ("the storage cage downstairs", PLACE),
        ("Garagentor bei Tante Inge", PLACE),
        ("szafka w szatni", PLACE),
        ("we played all night", None),
        ("Neuschwanstein ist ein Märchenschloss", None),
    ],
)
def test_a_message_names_a_lock_a_place_or_nothing(text: str, kind: str | None) -> None:
    assert named_thing(text) == kind


SECRETS = [
    (["the lockbox at the cabin", "8305"], None, "8305"),
    (["1 6 4 9", "hmm", "that's the back gate btw"], None, "1 6 4 9"),
    (["la boîte à clés du studio", "attends", "3172"], None, "3172"),
    (["2607"], "gun safe?", "2607"),
    (["5913, then turn the dial back"], "storage padlock?", "5913"),
    (["garage keypad at mum's: 7240"], None, "7240"),
    (["sjøbod-hengelåsen 3318 hvis du trenger båten"], None, "3318"),
    (["kluisje in de sporthal opent met 4052"], None, "4052"),
]


@pytest.mark.parametrize(("messages", "asked", "secret"), SECRETS)
def test_the_code_is_gone_from_every_copy(messages: list[str], asked: str | None, secret: str) -> None:
    texts, found = _copies(messages, asked)
    assert all(secret not in found.scrub(text) for text in texts)


LOOKALIKES = [
    (["the lockbox at the cabin", "cost me 35 quid"], None),
    (["our storage unit", "unit 1204, second floor"], None),
    (["my locker is 2210, next to yours"], None),
    (["der Tresor wiegt 120 kg"], None),
    (["the gate opens 0630 to 2100"], None),
    (["new padlock for the shed, a 50 mm one, 2019 model"], None),
    (["1999", "that's when we got the garage door"], None),
    (["1850"], "how much was the safe?"),
    (["2019"], "what year is your padlock from?"),
    (["custom lobby 4417 is open, join"], None),
]


@pytest.mark.parametrize(("messages", "asked"), LOOKALIKES)
def test_a_number_that_opens_nothing_passes(messages: list[str], asked: str | None) -> None:
    texts, found = _copies(messages, asked)
    assert texts == messages and not found


def test_a_line_with_a_secret_word_is_left_to_the_screen() -> None:
    assert given_beside("gate code: 4417") == []  # the screen reads the word "code" and what it names
    assert given_beside("gate keypad: 4417") == [("4417", "code")]
