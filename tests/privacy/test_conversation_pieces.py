"""A value given in pieces over messages (utils/privacy/_conversation_pieces.py), a value pointed at past chatter, and
another member's question answered with a value: each reading beside exchanges of the same shapes that must pass."""

from __future__ import annotations

import pytest

from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Seen

MEMBER, OTHER, PLACE = 7, 8, 100


def _said(messages: list[str], asked: str | None = None) -> tuple[list[str], Seen]:
    window, texts, found = ConversationScreen(), [], Seen()
    if asked is not None:
        window.take(OTHER, PLACE, asked)
    for message in messages:
        joint = window.take(MEMBER, PLACE, message)
        texts.append(joint.said.text)
        found.add(joint.found)
    return [found.scrub(text) for text in texts], found


@pytest.mark.parametrize(
    ("messages", "value"),
    [
        (["Türcode", "4", "4", "7", "1"], "4471"),
        (["pin for the bike lock", "20", "47"], "2047"),
        (["код от сейфа", "8", "0", "3", "6"], "8036"),
    ],
)
def test_a_code_sent_a_digit_at_a_time_is_taken_piece_by_piece(messages: list[str], value: str) -> None:
    copies, _found = _said(messages)
    assert value not in "".join(copies)


@pytest.mark.parametrize(
    "messages",
    [
        ["3", "2", "1", "go!"],
        ["how many pins do you have?", "2"],
        ["I lost my bank pin twice this month already", "3"],
        ["round", "1", "2"],
    ],
)
def test_a_countdown_or_a_count_after_a_question_passes(messages: list[str]) -> None:
    copies, found = _said(messages)
    assert copies == messages and not found


@pytest.mark.parametrize(
    ("messages", "pieces"),
    [
        (["router key off the sticker: 9fK2mQ7x", "Lp4R"], ["9fK2mQ7x", "Lp4R"]),
        (["notes:\nuser: kira\npass: Granite-Owl-\n5521"], ["Granite-Owl-", "5521"]),
        (["erste Hälfte: Nebelhorn", "der Rest ist _Gipfel82"], ["Nebelhorn", "_Gipfel82"]),
        (["starts with Juniper", "and the rest is Lake_404"], ["Juniper", "Lake_404"]),
        (["前半是 xiaoyu", "后半是 _2580mm"], ["xiaoyu", "_2580mm"]),
    ],
)
def test_a_value_wrapped_or_halved_is_taken_whole(messages: list[str], pieces: list[str]) -> None:
    copies, _found = _said(messages)
    assert not any(piece in copy for piece in pieces for copy in copies)


@pytest.mark.parametrize(
    ("messages", "kept"),
    [
        (["config:\nPASSWORD=Quartz_Fox_77\nPORT=5432"], "PORT=5432"),
        (["first half: 2-1", "the rest was dead boring"], "the rest was dead boring"),
        (["erste Hälfte: Spanien", "der Rest der Reise dann Portugal"], "der Rest der Reise dann Portugal"),
        (["start: 9am", "end: 5pm"], "end: 5pm"),
        (["my pin is 5521", "thanks"], "thanks"),
    ],
)
def test_lines_after_a_value_and_a_match_s_halves_are_kept(messages: list[str], kept: str) -> None:
    copies, _found = _said(messages)
    assert kept in copies[-1]


def test_a_value_pointed_at_past_chatter_is_taken_and_the_chatter_kept() -> None:
    copies, _found = _said(["Ginster_Weg8", "moment", "das oben war mein Netflix-Passwort"])
    assert "Ginster_Weg8" not in " ".join(copies) and copies[1] == "moment"


def test_a_secret_word_after_chatter_that_points_nowhere_takes_nothing() -> None:
    messages = ["19:30", "ok", "never tell anyone your password"]
    copies, found = _said(messages)
    assert copies == messages and not found


@pytest.mark.parametrize(
    ("asked", "answer", "value"),
    [
        ("wifi pw?", "Corgi_Biscuit71", "Corgi_Biscuit71"),
        ("qual è il codice del cancello?", "2 7 4 9", "2 7 4 9"),
        ("какой пароль от вайфая?", "Pelmeni_Sever3", "Pelmeni_Sever3"),
    ],
)
def test_an_answer_to_another_member_s_question_is_taken(asked: str, answer: str, value: str) -> None:
    copies, _found = _said([answer], asked=asked)
    assert value not in copies[0]


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("what's the lobby code?", "XK4P9"),
        ("which room?", "4512"),
        ("is there a code for the discount?", "SUMMER20 at checkout"),
        ("kód chyby CE-108255-1 na PS5, někdo ví?", "a 4-es busz 17:42-kor indul a Deák térről"),
    ],
)
def test_a_public_code_a_room_or_a_long_reply_after_another_s_question_passes(asked: str, answer: str) -> None:
    copies, found = _said([answer], asked=asked)
    assert copies == [answer] and not found


def test_a_question_is_only_answered_by_the_next_message_of_someone_else() -> None:
    window = ConversationScreen()
    window.take(OTHER, PLACE, "wifi pw?")
    window.take(9, PLACE, "no idea, ask the host")
    assert window.take(MEMBER, PLACE, "Corgi_Biscuit71").said.text == "Corgi_Biscuit71"
    window.take(OTHER, PLACE, "wifi pw?")
    assert window.take(MEMBER, 200, "Corgi_Biscuit71").said.text == "Corgi_Biscuit71"  # another channel
    window.take(OTHER, PLACE, "wifi pw?")
    window.forget(OTHER)
    assert window.take(MEMBER, PLACE, "Corgi_Biscuit71").said.text == "Corgi_Biscuit71"


@pytest.mark.parametrize(
    ("messages", "pieces"),
    [
        (["the gate code is four one", "seven three"], ["four one", "seven three"]),
        (["код от шкафчика два девять", "ноль шесть"], ["два девять", "ноль шесть"]),
        (["ok", "PIN vom Tablet: drei acht\nnull zwei"], ["drei acht", "null zwei"]),
    ],
)
def test_a_code_said_as_digit_words_over_two_messages_or_lines_is_taken_in_both(messages: list[str], pieces: list[str]) -> None:
    copies, _found = _said(messages)
    assert not any(piece in copy for piece in pieces for copy in copies), copies


@pytest.mark.parametrize(
    ("messages", "pieces"),
    [
        (["the router password starts with Willow", "and ends with _Creek55"], ["Willow", "Creek55"]),
        (["保险箱密码前三位 519", "后三位 284"], ["519", "284"]),
    ],
)
def test_halves_after_the_secret_they_start_are_taken(messages: list[str], pieces: list[str]) -> None:
    copies, _found = _said(messages)
    assert not any(piece in copy for piece in pieces for copy in copies), copies


def test_a_slip_corrected_later_goes_with_the_right_value() -> None:
    copies, _found = _said(["guest wifi is Pelican-Cove-38", "oops", "Pelican-Cove-83"])
    assert not any("Pelican-Cove" in copy for copy in copies), copies


def test_another_members_question_stays_open_through_a_line_of_chatter() -> None:
    window = ConversationScreen()
    window.take(OTHER, PLACE, "whats the code for the shed? need the mower")
    window.take(9, PLACE, "lol")
    assert window.take(MEMBER, PLACE, "7720").said.text != "7720"
    window.take(OTHER, PLACE, "how much was the mower?")
    window.take(9, PLACE, "lol")
    assert window.take(MEMBER, PLACE, "3150").said.text == "3150"  # a question naming nothing opened


@pytest.mark.parametrize(
    ("messages", "asked"),
    [
        (["we lost four one", "then five one"], None),
        (["final score four one", "rematch later"], None),
        (["集合は9時", "ごめん間違えた 9時半"], None),
        (["vilken tid börjar filmen", "19.45"], None),
        (["RT5KQ"], "c'est quoi le code du lobby ?"),
        (["the match starts with a kickoff", "and ends with penalties"], None),
        (["first half 2-0", "second half 1-1"], None),
    ],
)
def test_scores_times_and_lobby_codes_in_the_same_shapes_pass(messages: list[str], asked: str | None) -> None:
    copies, found = _said(messages, asked=asked)
    assert copies == messages and not found
