"""Values written so a format does not see them: digits spelled out in many languages or scripts, a value typed one
character at a time, and a login handed over as "name / password" after a colon or an arrow.

Cases follow how members write in chat (family group chats, support chats, game forums); the look-alikes
beside them share the words and shapes and must pass unchanged.
"""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

# (message, the value that must go)
HIDDEN = [
    ("PIN: seven three nine one", "seven three nine one"),
    ("mein PIN ist vier null acht acht", "vier null acht acht"),
    ("código del portal: nueve uno cero cinco", "nueve uno cero cinco"),
    ("il pin è tre otto zero sette", "tre otto zero sette"),
    ("kod do garażu: pięć dwa dziewięć jeden", "pięć dwa dziewięć jeden"),
    ("пароль от сейфа: шесть один девять ноль", "шесть один девять ноль"),
    ("PIN-koodi: kolme nolla viisi kahdeksan", "kolme nolla viisi kahdeksan"),
    ("şifrem: dört sekiz iki yedi", "dört sekiz iki yedi"),
    ("το pin μου: τρία εννέα δύο μηδέν", "τρία εννέα δύο μηδέν"),
    ("银行卡密码：九五一七零三", "九五一七零三"),
    ("暗証番号は四七〇二です", "四七〇二"),
    ("รหัสผ่าน หนึ่งเจ็ดสามแปด", "หนึ่งเจ็ดสามแปด"),
    ("pin ▪️4▪️1▪️7▪️7", "4▪️1▪️7▪️7"),
    ("wifi password: m a n g o 7 7 2", "m a n g o 7 7 2"),
    ("mot de passe : t-u-l-i-p-e-9", "t-u-l-i-p-e-9"),
    ("login for the nas: backup.svc / Harbor-Crane-508", "Harbor-Crane-508"),
    ("pakai ini → rina_k / Kopi!Susu88", "Kopi!Susu88"),
    ("voilà ce qu'il te faut : j.dupont | Tilleul#2019", "Tilleul#2019"),
]

PASS = [
    "one two three four, let's go team",
    "uno dos tres cuatro y empezamos la ronda",
    "the code review has two three small notes",
    "best of five: two one for us so far",
    "AC/DC / Led Zeppelin are my go-to",
    "resolution: 1080p / 60fps on the laptop",
    "score: 12 / 15 on the quiz",
    "my setup: Ryzen7 / RTX4070 / 32GB",
    "route: Berlin / München-Ost",
    "wifi is a b c tier at best",
    "三四个人一起玩",
    "pin the message please",
]


@pytest.mark.parametrize(("message", "value"), HIDDEN)
def test_a_value_written_past_the_formats_is_screened(message: str, value: str) -> None:
    said = screen(message, "message")
    assert value not in said.text, said.text
    assert screen(message, "memory").refused


@pytest.mark.parametrize("message", PASS)
def test_its_look_alikes_pass_unchanged(message: str) -> None:
    said = screen(message, "message")
    assert said.text == message
    assert not said.kinds
