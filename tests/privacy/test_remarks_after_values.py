"""A remark in brackets straight after a value, as scripts written without spaces put it; a time of day after a code word.

Chinese, Japanese and Korean writers close a value with a bracketed remark and no space ("密碼是 4781（給我妹）"):
the value is the characters before the bracket. A bracket inside a Latin value stays part of it ("abc(12)x9"), and
the same remark after a number that is no secret (a room, a floor, a score) changes nothing.
A time ("the code review is at 14:00") is no code, whichever reading sees its digits.
"""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

SECRETS = [
    ("密碼是 4781（給我妹，她會忘記）", "4781"),
    ("Switch 家長監護 app 設好了，密碼是 4781（給我妹）", "4781"),
    ("密码是 Q7x2mP（上次那个）", "Q7x2mP"),
    ("wifi 密码：58812047（楼下那台）", "58812047"),
    ("パスワードは Kx81pQ(妹用)です", "Kx81pQ"),
    ("暗証番号は 3904（銀行の）", "3904"),
    ("비밀번호는 7731(동생용)", "7731"),
    ("도어락 비번 2580（현관）", "2580"),
    ("PIN 9924（爸爸的卡）", "9924"),
    ("password: abc(12)x9", "abc(12)x9"),
    ("pass: hunter(2)", "hunter(2)"),
]

LOOKALIKES = [
    "房間號碼是 4781（三樓）",
    "我的分數是 4781（第三名）",
    "ランクは 2400（シーズン3）",
    "전화는 내일 (동생이 할게)",
    "call init(config) before connecting",
    "密碼要在設定（帳號）裡改",
    "the code review is at 14:00 (room 4)",
    "code freeze at 9:30am, deploy after",
    "réunion code à 14h30 (salle B)",
    "Code-Review um 16:45 (Raum 2)",
    "kod sprint 10:15-11:00",
    "the code review is at 10 30 45",
    "Code-Review um 16 45 00",
    "code freeze from 09 15 00 until noon",
    "revue de code à 14 30 00",
]

SECRETS_BESIDE_TIMES = [
    ("raid at 20:00, door code 4471", "4471"),
    ("pin 1:4:0:9 (don't tell)", "1:4:0:9"),
    ("Türcode ab 18:00 ist 5820", "5820"),
    ("code : 10 30 45", "10 30 45"),
    ("your code is 12 30 45", "12 30 45"),
    ("TAN 90 31 77", "90 31 77"),
    ("code 27 41 95 at 10:00", "27 41 95"),
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_the_value_before_a_remark_is_screened_out(text: str, value: str) -> None:
    for field in ("message", "memory", "log"):
        screened = screen(text, field)
        assert value not in screened.text, (field, screened.text)


@pytest.mark.parametrize("text", [text for text, _value in SECRETS[:9]])
def test_the_remark_itself_stays(text: str) -> None:
    remark = text[text.rindex("(" if "(" in text else "（") + 1 : -1] if text.endswith((")", "）")) else ""
    if remark:
        assert remark in screen(text, "message").text


@pytest.mark.parametrize(("text", "value"), SECRETS_BESIDE_TIMES)
def test_a_time_of_day_is_no_code_but_a_code_beside_one_is(text: str, value: str) -> None:
    screened = screen(text, "message")
    assert value not in screened.text
    for time in ("20:00", "18:00"):
        assert time in screened.text or time not in text


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_remark_after_no_secret_changes_nothing(text: str) -> None:
    assert screen(text, "message").text == text
