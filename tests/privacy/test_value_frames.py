"""A value set to, a value changed to, a code issued to prove who one is, a password word that names a slogan, and a
Wi-Fi word that names a guest network (utils/privacy/value_frames.py). Written after the rule, in forms
``lookalike_fresh16`` and ``lookalike_fresh17`` lack."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("ルーターのパスワードを 3.0.1-Tanuki に変更した", "3.0.1-Tanuki"),
        ("パスワードをSakura#2025にした", "Sakura#2025"),
        ("비밀번호를 v1.2.3-Hodu로 바꿨어", "v1.2.3-Hodu"),
        ("my wifi password was Kettle99, now it's Harbor#Gull7", "Harbor#Gull7"),
        ("das Passwort war Dackel77, jetzt ist es Sommer!2025", "Sommer!2025"),
        ("my Steam Guard code is 7K2QF", "7K2QF"),
        ("o código de verificação que me chegou é 4XQ9T", "4XQ9T"),
        ("der Bestätigungscode ist 8MKD2P", "8MKD2P"),
        ("hasło do poczty to Kawa!Mleko5", "Kawa!Mleko5"),
        ("wifi: Ziggo8842kat", "Ziggo8842kat"),
        ("wifi password: Ziggo-Gast", "Ziggo-Gast"),
        ("wifi: Gast1234", "Gast1234"),
        ("WLAN-Schlüssel: Gäste-Netz", "Gäste-Netz"),
    ],
)
def test_a_value_in_these_frames_is_caught(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


@pytest.mark.parametrize(
    "line",
    [
        "パスワードを忘れたので再設定した",
        "비밀번호를 새로 바꿨어",
        "the password was wrong, now it's working",
        "Overwatch workshop code: 5KTNB, it's a 1v1 aim map",
        "el código del nivel es G7K4XQ, me llegó por Discord",
        "hasło kampanii brzmiało „Polska w budowie”",
        "heslo volební kampaně bylo „Dáme to”",
        "a párt jelszava: „Magyarország előre”",
        "wifi: Ziggo-Gast",
        "gast wifi Ziggo-Gast, geen wachtwoord",
        "WLAN heißt Hotel_Guest",
        "réseau : FreeWifi-Invités, sans mot de passe",
    ],
)
def test_an_ordinary_line_in_the_same_words_passes(line: str) -> None:
    assert screen(line, "message").text == line
